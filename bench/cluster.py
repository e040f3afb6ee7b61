"""Cluster benchmark: ladder matches per minute on a Dask cluster against the local executor,
and what the cluster path costs a match.

A real ``dask scheduler`` and 1 or 2 ``dask worker`` processes (one thread each: one table per
core) on 127.0.0.1. The ladder is the throughput field of bench/ladder.py made of the example
bots — bots/dice_bot.py twice and bots/random_bot.py twice (real processes) — in 3-player dice
matches (one duplicate group, 6 games a match), rules as given. Settings, each on a fresh
ladder with the same seed:

    local   concurrency 1 | dask, 1 worker, concurrency 1
    local   concurrency 2 | dask, 2 workers, concurrency 2

Overhead a match: on the cluster path, the coordinator's time from bundling the bots to the
replays written here, minus the worker's time playing the games (``run_match``): bundling,
shipping, scheduling, unpacking and verifying the bundle, packing and returning the replays,
writing them. Reported against the mean local match time.

Usage:
    python bench/cluster.py                    # 16 matches a setting, classic rules
    python bench/cluster.py --matches 8 --rules simple
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# bench/referee.py is named like the package: keep this folder off the import path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.ladder import ratings, service, store  # noqa: E402
from referee.ladder.dask_executor import DaskExecutor  # noqa: E402
from referee.ladder.executor import LocalExecutor  # noqa: E402
from referee.players.sandbox import Sandbox  # noqa: E402
from thousand.rules_io import load_rules  # noqa: E402

DASK = [sys.executable, "-m", "dask"]
"""The dask command of this Python (its console script may not be on PATH)."""


def new_ladder(folder: Path, rules: str, bots_kind: str = "example") -> Path:
    path = folder / "ladder.db"
    loaded = load_rules("dice", rules)
    time_control = {"startup": 10.0, "bank": 10.0, "per_move": 1.0, "clock": "cpu"}
    meta = service.meta_for_init(
        "dice", loaded.model_dump(mode="json"), rules, 3, time_control, 2026, None
    )
    store.init(path, meta)
    db = store.connect(path)
    bots = {
        f"{name}{seed}": f"{sys.executable} {ROOT / 'bots' / f'{name}_bot.py'} {seed}"
        for name in ("dice", "random")
        for seed in (1, 2)
    }
    if bots_kind == "builtin":  # in-process players: a match keeps exactly one core busy
        bots = {f"random{seed}": "builtin:random" for seed in range(4)}
    start = ratings.Rating()
    with store.transaction(db):
        for name, bot in bots.items():
            db.execute(
                "INSERT INTO entrants (name, bot, digest, added, mu, sigma) VALUES (?,?,?,?,?,?)",
                (name, bot, None, store.now_iso(), start.mu, start.sigma),
            )
    db.close()
    return path


class Processes:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.procs: list[subprocess.Popen[bytes]] = []

    def spawn(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        with open(self.root / f"proc{len(self.procs)}.log", "wb") as log:
            self.procs.append(
                subprocess.Popen(
                    argv,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                    env={**os.environ, **(env or {})},
                )
            )

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def start_cluster(root: Path, workers: int) -> tuple[Processes, str]:
    procs = Processes(root)
    file = root / "scheduler.json"
    procs.spawn(
        [
            *DASK,
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-dashboard",
            "--scheduler-file",
            str(file),
        ]
    )
    while not file.exists() or not file.read_text().strip():
        time.sleep(0.05)
    time.sleep(0.05)
    address = str(json.loads(file.read_text())["address"])
    for index in range(workers):
        procs.spawn(
            [*DASK, "worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard"],
            {"THOUSAND_BUNDLE_CACHE": str(root / f"cache{index}")},
        )
    from distributed import Client

    with Client(address, timeout=30) as client:
        client.wait_for_workers(workers, timeout=60)
    return procs, address


def run(path: Path, executor: Any, matches: int, concurrency: int) -> float:
    async def go() -> int:
        if isinstance(executor, DaskExecutor):
            await executor.start()
        try:
            return await service.run(
                path, executor, service.Budget(matches=matches), concurrency, asyncio.Event()
            )
        finally:
            if isinstance(executor, DaskExecutor):
                await executor.close()

    started = time.perf_counter()
    done = asyncio.run(go())
    elapsed = time.perf_counter() - started
    assert done == matches, done
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=16)
    parser.add_argument("--rules", default="classic")
    parser.add_argument(
        "--bots",
        choices=["example", "builtin"],
        default="example",
        help="example: the example bots as processes (a match's three bots start side by side, "
        "so one match already uses more than one core); builtin: in-process random players, "
        "one core a match — what the executors' own scaling shows.",
    )
    args = parser.parse_args()
    sandbox = Sandbox(mode="rlimits")
    print(
        f"# {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"{args.matches} matches a setting, 3-player dice ({args.rules}), sandbox rlimits, "
        f"{args.bots} bots"
    )
    rates: dict[str, float] = {}
    local_match: list[float] = []
    overheads: list[float] = []
    for workers in (1, 2):
        with tempfile.TemporaryDirectory(prefix="cluster-bench-") as folder:
            elapsed = run(
                new_ladder(Path(folder), args.rules, args.bots),
                LocalExecutor(sandbox),
                args.matches,
                workers,
            )
        rates[f"local{workers}"] = args.matches / elapsed * 60
        if workers == 1:
            local_match.append(elapsed / args.matches)
        print(
            f"local, concurrency {workers}: {args.matches / elapsed * 60:6.1f} matches/min "
            f"({elapsed / args.matches:.2f} s a match)"
        )
        with tempfile.TemporaryDirectory(prefix="cluster-bench-") as folder:
            root = Path(folder)
            procs, address = start_cluster(root, workers)
            try:
                executor = DaskExecutor(address, sandbox)
                elapsed = run(
                    new_ladder(root, args.rules, args.bots), executor, args.matches, workers
                )
            finally:
                procs.close()
        rates[f"dask{workers}"] = args.matches / elapsed * 60
        cost = [total - played for total, played in executor.timings]
        if workers == 1:
            overheads.extend(cost)
        print(
            f"dask, {workers} worker{'s' if workers > 1 else ''}, concurrency {workers}: "
            f"{args.matches / elapsed * 60:6.1f} matches/min ({elapsed / args.matches:.2f} s a "
            f"match; cluster path {statistics.mean(cost) * 1000:.0f} ms a match, median "
            f"{statistics.median(cost) * 1000:.0f} ms)"
        )
    print(f"dask 2 workers / 1 worker: {rates['dask2'] / rates['dask1']:.2f}x")
    print(f"local concurrency 2 / 1:   {rates['local2'] / rates['local1']:.2f}x")
    mean_overhead = statistics.mean(overheads)
    print(
        f"cluster path a match (1 worker): {mean_overhead * 1000:.0f} ms = "
        f"{mean_overhead / local_match[0]:.1%} of a local match ({local_match[0]:.2f} s)"
    )


if __name__ == "__main__":
    main()
