"""Cluster benchmark: ladder matches per minute on a Dask cluster against the local executor,
and what the cluster path costs a match.

A real ``dask scheduler`` and 1 or 2 ``dask worker`` processes (one thread each: one table per
core) on 127.0.0.1. The ladder is the throughput field of bench/ladder.py made of the example
bots — bots/dice_bot.py twice and bots/random_bot.py twice (real processes) — in 3-player dice
matches (one duplicate group, 6 games a match), rules as given. Settings, each on a fresh
ladder with the same seed:

    local   concurrency 1 | dask, 1 worker, concurrency 1
    local   concurrency 2 | dask, 2 workers, concurrency 2

Placement (``--placement``): pinned (the default, as docs/cluster.md sets workers up) puts worker
i on core i and the local executor at concurrency K on the first K cores, so that one worker is
one core; free lets every process use every core (a lone worker's match then spreads its bots
over the idle core, and the 2-worker factor measures the machine, not the cluster).

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
CORES = sorted(os.sched_getaffinity(0))


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

    def spawn(
        self, argv: list[str], env: dict[str, str] | None = None, core: int | None = None
    ) -> None:
        def place() -> None:
            if core is not None:  # before exec: every thread and child of it inherits this
                os.sched_setaffinity(0, {core})

        with open(self.root / f"proc{len(self.procs)}.log", "wb") as log:
            self.procs.append(
                subprocess.Popen(
                    argv,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                    env={**os.environ, **(env or {})},
                    preexec_fn=place,
                )
            )

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def start_cluster(root: Path, workers: int, pinned: bool) -> tuple[Processes, str]:
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
            CORES[index % len(CORES)] if pinned else None,
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


def local_elapsed(matches: int, rules: str, bots: str, concurrency: int) -> float:
    with tempfile.TemporaryDirectory(prefix="cluster-bench-") as folder:
        return run(
            new_ladder(Path(folder), rules, bots),
            LocalExecutor(Sandbox(mode="rlimits")),
            matches,
            concurrency,
        )


def run_local(args: argparse.Namespace, concurrency: int, pinned: bool) -> float:
    """The local executor's run in a process of its own, placed on the first ``concurrency``
    cores when pinned: its match processes come from a fork server that keeps the placement
    it was started with, so one process cannot measure two placements."""
    command = [sys.executable, __file__, "--matches", str(args.matches), "--rules", args.rules]
    command += ["--bots", args.bots, "--local", str(concurrency)]
    cores = set(CORES[:concurrency]) if pinned else set(CORES)
    out = subprocess.run(
        command,
        check=True,
        capture_output=True,
        preexec_fn=lambda: os.sched_setaffinity(0, cores),
    ).stdout
    return float(out.split()[-1])


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
    parser.add_argument(
        "--placement",
        choices=["pinned", "free"],
        default="pinned",
        help="pinned (the default): worker i runs on core i, and the local executor at "
        "concurrency K on the first K cores, so that one worker or one table is one core, as "
        "docs/cluster.md sets workers up; free: every process may use every core, so one "
        "worker's match also spreads its bots over the idle core.",
    )
    parser.add_argument("--local", type=int, help=argparse.SUPPRESS)  # see run_local
    args = parser.parse_args()
    if args.local is not None:
        print(local_elapsed(args.matches, args.rules, args.bots, args.local))
        return
    pinned = args.placement == "pinned"
    sandbox = Sandbox(mode="rlimits")
    print(
        f"# {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"{args.matches} matches a setting, 3-player dice ({args.rules}), sandbox rlimits, "
        f"{args.bots} bots, {args.placement} placement"
    )
    rates: dict[str, float] = {}
    local_match: list[float] = []
    overheads: list[float] = []
    for workers in (1, 2):
        elapsed = run_local(args, workers, pinned)
        rates[f"local{workers}"] = args.matches / elapsed * 60
        if workers == 1:
            local_match.append(elapsed / args.matches)
        print(
            f"local, concurrency {workers}: {args.matches / elapsed * 60:6.1f} matches/min "
            f"({elapsed / args.matches:.2f} s a match)"
        )
        with tempfile.TemporaryDirectory(prefix="cluster-bench-") as folder:
            root = Path(folder)
            procs, address = start_cluster(root, workers, pinned)
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
