"""Contest server benchmark: requests per second and latency of the standings page and API on a
big ladder, while matches are played beside it.

The ladder: ``thousand ladder init`` (dice, classic, 3 players), then ENTRANTS entrants and
MATCHES finished matches written straight into its SQLite file in one transaction — the rows
``service.record`` writes for a match (the match, one result, one rating change and the entrant
counters per seat, one rating event), with ratings from the real ``ratings.update`` — so the
server reads a ladder exactly like one that played that long, without playing it. The entrants
are builtin random bots, so ``thousand ladder run DB --forever`` (started beside the server
unless ``--no-run``) records new matches all through the measurement, and the server's pages
and live watcher read a database that keeps changing.

The server is the real ``thousand ladder serve DB`` (one uvicorn process); ``--listener
uvicorn`` serves the same application (``referee.web.app.create_app``) from a process that lets
uvicorn open its own listening socket instead — the difference between the two is the socket
alone (ladder serve's is made with protocol 0, and asyncio then leaves Nagle's algorithm on for
its connections: see docs/benchmarks.md). CLIENTS threads,
each with its own keep-alive connection, request one path as fast as they can for SECONDS;
latency is measured per request from send to the last byte of the body. Paths are measured one
after another: ``/`` (the standings page, rendered by Jinja2) and ``/api/standings`` (the same
data as JSON). The client threads run on the same machine and take their share of its cores:
on a small machine the figures are a lower bound of what the server alone would do.

Usage:
    python bench/server.py                           # 100 entrants, 10,000 matches, 15 s a path
    python bench/server.py --entrants 100 --matches 10000 --seconds 15 --clients 4 [--no-run]
    python bench/server.py --listener uvicorn
    python bench/server.py --json
    python bench/server.py --analysis-effect [--rounds 3 --window 30] [--analysis-cpu 100]

``--analysis-effect`` measures something else: whether the server's background analysis of
finished games (issue 32, ``referee.ladder.analyses``) slows a running match. A card ladder of
three example card bots (processes) with one match recorded and not analysed, copied afresh
for each round, is served with ``ladder serve --run`` (the server plays its matches), with
the analyser on and off in turn, same seed, same bots: the analyser has card games to sample
all through the window (at the server's default 50 ms a decision, each takes it several
seconds of CPU), so it works as much as it is let: the server's default share of a core, or
``--analysis-cpu`` percent. Per round: the matches recorded in the
window a second, each bot decision's wall time as the replays record it (``wall_ms``: the
referee's send to the bot's answer), and the analyser's CPU seconds in the window (from
/proc), which shows it was working.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import platform
import random
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# bench/referee.py is named like the package: keep this folder off the import path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.games.chance import derive  # noqa: E402
from referee.ladder import paths, ratings, store  # noqa: E402

PATHS = ("/", "/api/standings")
UVICORN = (
    "import sys, uvicorn; from pathlib import Path; from referee.web.app import create_app; "
    "uvicorn.run(create_app(Path(sys.argv[1])), host='127.0.0.1', port=int(sys.argv[2]), "
    "log_level='warning', timeout_graceful_shutdown=5)"
)
GAMES_A_MATCH = 6
"""One duplicate group of a 3-player match."""


def thousand() -> list[str]:
    script = Path(sys.executable).with_name("thousand")
    return [str(script)] if script.exists() else [sys.executable, "-m", "referee.cli.main"]


def fill(db_path: Path, entrants: int, matches: int, seed: int) -> float:
    """Write ``entrants`` entrants and ``matches`` finished matches; returns the seconds taken."""
    started = time.perf_counter()
    rng = random.Random(seed)
    db = store.connect(db_path)
    start = ratings.Rating()
    now = time.time() - matches * 30.0
    with store.transaction(db):
        for index in range(entrants):
            db.execute(
                "INSERT INTO entrants (name, bot, digest, added, mu, sigma) VALUES (?,?,?,?,?,?)",
                (f"bot{index:03d}", "builtin:random", None, store.now_iso(), start.mu, start.sigma),
            )
        ids = [row[0] for row in db.execute("SELECT id FROM entrants ORDER BY id")]
        current = {i: start for i in ids}
        totals = {i: [0, 0, 0, 0, 0, 0] for i in ids}  # matches games wins place_sum faults fgames
        last: dict[int, str] = {}
        for match_id in range(1, matches + 1):
            seats = rng.sample(ids, 3)
            places = [[rng.randint(1, 3) for _ in range(GAMES_A_MATCH)] for _ in seats]
            means = [sum(p) / GAMES_A_MATCH for p in places]
            ranks = ratings.ranks_from_means(means)
            before = [current[i] for i in seats]
            after = ratings.update(before, ranks)
            finished = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(now + match_id * 30.0))
            faults = [1 if rng.random() < 0.02 else 0 for _ in seats]
            db.execute(
                "INSERT INTO matches (id, status, entrants, versions, seed, worker, claimed, "
                "heartbeat, finished, replays, summary) VALUES (?, 'done', ?, ?, ?, 'bench', ?, "
                "?, ?, '[]', ?)",
                (
                    match_id,
                    json.dumps(seats),
                    json.dumps([1, 1, 1]),
                    derive(seed, "match", match_id),
                    now + match_id * 30.0 - 20.0,
                    now + match_id * 30.0,
                    finished,
                    json.dumps({"ranks": ranks, "faults": {"timeout": 1} if any(faults) else {}}),
                ),
            )
            for seat, entrant_id in enumerate(seats):
                wins = sum(p == 1 for p in places[seat])
                place_sum = sum(places[seat])
                db.execute(
                    "INSERT INTO results VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        match_id,
                        entrant_id,
                        ranks[seat],
                        GAMES_A_MATCH,
                        wins,
                        place_sum,
                        rng.randint(0, 3000),
                        faults[seat],
                        faults[seat],
                    ),
                )
                db.execute(
                    "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        match_id,
                        entrant_id,
                        before[seat].mu,
                        before[seat].sigma,
                        after[seat].mu,
                        after[seat].sigma,
                    ),
                )
                current[entrant_id] = after[seat]
                counts = totals[entrant_id]
                for k, v in enumerate(
                    (1, GAMES_A_MATCH, wins, place_sum, faults[seat], faults[seat])
                ):
                    counts[k] += v
                last[entrant_id] = finished
            db.execute(
                "INSERT INTO rating_events (kind, match_id) VALUES ('match', ?)", (match_id,)
            )
        for entrant_id, counts in totals.items():
            db.execute(
                "UPDATE entrants SET mu = ?, sigma = ?, matches = ?, games = ?, wins = ?, "
                "place_sum = ?, faults = ?, fault_games = ?, last_played = ? WHERE id = ?",
                (
                    current[entrant_id].mu,
                    current[entrant_id].sigma,
                    *counts,
                    last.get(entrant_id),
                    entrant_id,
                ),
            )
    db.close()
    return time.perf_counter() - started


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_ready(url: str, process: subprocess.Popen[bytes], within: float = 60.0) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"bench/server.py: the server exited ({process.returncode})")
        with contextlib.suppress(httpx.TransportError):
            if httpx.get(url + "/api/standings", timeout=5).status_code == 200:
                return
        time.sleep(0.1)
    raise SystemExit("bench/server.py: the server did not answer in time")


def timed_gets(
    url: str, targets: Sequence[str], seconds: float, clients: int
) -> tuple[list[float], int, float]:
    """``clients`` threads GET ``url`` + each of ``targets`` in turn (each thread starting at
    its own place in them) for ``seconds``, on keep-alive connections: every good request's
    latency from send to the last byte, the failed ones' count, the wall time. Shared with
    bench/scale.py."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors = [0] * clients
    stop = time.perf_counter() + seconds

    def client(index: int) -> None:
        start = index % len(targets)
        turn = itertools.cycle([*targets[start:], *targets[:start]])
        with httpx.Client(timeout=60) as session:
            while time.perf_counter() < stop:
                began = time.perf_counter()
                try:
                    response = session.get(url + next(turn))
                    response.read()
                    ok = response.status_code == 200
                except httpx.HTTPError:
                    ok = False
                if ok:
                    latencies[index].append(time.perf_counter() - began)
                else:
                    errors[index] += 1

    began = time.perf_counter()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [t for mine in latencies for t in mine], sum(errors), time.perf_counter() - began


def hammer(url: str, seconds: float, clients: int) -> dict[str, Any]:
    """``clients`` threads GET ``url`` for ``seconds``; every latency kept."""
    times, errors, elapsed = timed_gets(url, [""], seconds, clients)
    every = sorted(times)
    if not every:
        raise SystemExit(f"bench/server.py: no request to {url} succeeded")

    def quantile(q: float) -> float:
        return every[min(len(every) - 1, int(q * len(every)))] * 1000.0

    return {
        "requests": len(every),
        "errors": errors,
        "seconds": round(elapsed, 2),
        "per_second": round(len(every) / elapsed, 1),
        "p50_ms": round(quantile(0.50), 2),
        "p99_ms": round(quantile(0.99), 2),
        "max_ms": round(every[-1] * 1000.0, 2),
        "mean_ms": round(statistics.fmean(every) * 1000.0, 2),
    }


def done_matches(db_path: Path) -> int:
    db = store.connect(db_path, write=False)
    try:
        return int(db.execute("SELECT COUNT(*) FROM matches WHERE status = 'done'").fetchone()[0])
    finally:
        db.close()


def stop(process: subprocess.Popen[bytes], how: int) -> None:
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, how)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


# ------------------------------------------------------------ the analysis beside a match


def card_ladder(folder: Path, seed: int) -> Path:
    """Three example card bots, one match recorded: the analyser's backlog from the start."""
    db = folder / "cards.db"
    bot = f"{sys.executable} {ROOT / 'bots' / 'card_bot.py'}"
    init = ["init", str(db), "--game", "cards", "--seed", str(seed), "--sandbox", "rlimits"]
    steps = [
        [*init, "--allow-weak-sandbox"],
        *(["add", str(db), name, bot, "--no-check"] for name in ("north", "east", "west")),
        ["run", str(db), "--matches", "1"],
    ]
    for step in steps:
        subprocess.run(
            [*thousand(), "ladder", *step],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    return db


def analyser_pid(server: subprocess.Popen[bytes]) -> int | None:
    """The server's analyser (a spawned child), or None."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = next(line for line in status.splitlines() if line.startswith("PPid:"))
        if int(parent.split()[1]) == server.pid and b"multiprocessing.spawn" in cmdline:
            return int(entry.name)
    return None


def cpu_seconds(pid: int | None) -> float:
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def window_matches(db_path: Path, since: float) -> tuple[int, list[float]]:
    """The matches claimed at or after ``since`` and recorded, and every bot decision's wall
    milliseconds in their replays."""
    db = store.connect(db_path, write=False)
    try:
        rows = db.execute(
            "SELECT replays FROM matches WHERE status = 'done' AND claimed >= ?", (since,)
        ).fetchall()
        here = store.location(db)
    finally:
        db.close()
    walls: list[float] = []
    for (replays,) in rows:
        for stored in json.loads(replays or "[]"):
            with open(paths.replay_file(stored, here), encoding="utf-8") as replay:
                for line in replay:
                    step = json.loads(line)
                    if step.get("kind") == "move" and isinstance(step.get("wall_ms"), float):
                        walls.append(step["wall_ms"])
    return len(rows), walls


def effect_round(
    base: Path, folder: Path, analysis: bool, window: float, cpu: int | None
) -> dict[str, Any]:
    """One round: a fresh copy of ``base`` served with --run, measured for ``window`` s."""
    db = folder / f"round-{time.monotonic_ns()}.db"
    with (
        contextlib.closing(sqlite3.connect(base)) as a,
        contextlib.closing(sqlite3.connect(db)) as b,
    ):
        a.backup(b)
    shutil.copytree(base.with_name(base.name + ".files"), db.with_name(db.name + ".files"))
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [*thousand(), "ladder", "serve", str(db), "--port", str(port), "--run"]
    command += ["--allow-weak-sandbox", *([] if analysis else ["--no-analysis"])]
    command += ["--analysis-cpu", str(cpu)] if analysis and cpu is not None else []
    server = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        wait_ready(url, server)
        time.sleep(WARM_UP)
        worker = analyser_pid(server)
        if analysis and worker is None:
            raise SystemExit("bench/server.py: the server started no analyser")
        began, cpu_before = time.time(), cpu_seconds(worker)
        time.sleep(window)
        ended, cpu_after = time.time(), cpu_seconds(worker)
        matches, walls = window_matches(db, began)
    finally:
        stop(server, signal.SIGTERM)
    walls.sort()
    if not walls:
        raise SystemExit("bench/server.py: no match recorded in the window; give a longer one")

    def quantile(q: float) -> float:
        return walls[min(len(walls) - 1, int(q * len(walls)))]

    return {
        "analysis": analysis,
        "matches": matches,
        "matches_per_second": round(matches / (ended - began), 3),
        "decisions": len(walls),
        "decision_p50_ms": round(quantile(0.5), 3),
        "decision_p99_ms": round(quantile(0.99), 3),
        "decision_mean_ms": round(statistics.fmean(walls), 3),
        "analyser_cpu_seconds": round(cpu_after - cpu_before, 1),
    }


WARM_UP = 5.0
"""Seconds between the server answering and the window: the match loop's and the analyser's
start-up (the analyser reads bots/card_expert.py) are not measured."""


def analysis_effect(rounds: int, window: float, seed: int, cpu: int | None, as_json: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="thousand-bench-analysis-") as folder:
        base = card_ladder(Path(folder), seed)
        results = []
        for index in range(rounds):
            for analysis in (False, True) if index % 2 == 0 else (True, False):
                result = effect_round(base, Path(folder), analysis, window, cpu)
                results.append(result)
                if not as_json:
                    print(
                        f"round {index + 1} analysis {'on ' if analysis else 'off'}: "
                        f"{result['matches_per_second']:.3f} matches/s "
                        f"({result['matches']} in {window:.0f} s), decisions p50 "
                        f"{result['decision_p50_ms']:.2f} ms p99 {result['decision_p99_ms']:.2f} "
                        f"ms mean {result['decision_mean_ms']:.2f} ms ({result['decisions']}), "
                        f"analyser CPU {result['analyser_cpu_seconds']:.1f} s",
                        flush=True,
                    )
        summary = {}
        for analysis in (False, True):
            mine = [r for r in results if r["analysis"] is analysis]
            summary["on" if analysis else "off"] = {
                key: [
                    min(r[key] for r in mine),
                    statistics.median(r[key] for r in mine),
                    max(r[key] for r in mine),
                ]
                for key in (
                    "matches_per_second",
                    "decision_p50_ms",
                    "decision_p99_ms",
                    "decision_mean_ms",
                    "analyser_cpu_seconds",
                )
            }
        report = {
            "rounds": rounds,
            "window_seconds": window,
            "analysis_cpu": cpu,
            "results": results,
            "min_median_max": summary,
            "load_average": os.getloadavg(),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}",
        }
        if as_json:
            print(json.dumps(report, indent=2))
            return
        for side, figures in summary.items():
            shown = ", ".join(f"{k} {v[1]} ({v[0]}–{v[2]})" for k, v in figures.items())
            print(f"analysis {side}: median (min–max) {shown}")
        print(f"load average after: {os.getloadavg()}; {report['machine']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=100)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=15.0, help="Measured time a path.")
    parser.add_argument("--clients", type=int, default=4, help="Client threads.")
    parser.add_argument("--no-run", action="store_true", help="No `ladder run` beside it.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--listener",
        choices=["serve", "uvicorn"],
        default="serve",
        help="thousand ladder serve (default), or the same app on uvicorn's own socket.",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--analysis-effect",
        action="store_true",
        help="Measure a running match with the background analysis on and off instead.",
    )
    parser.add_argument("--rounds", type=int, default=3, help="With --analysis-effect.")
    parser.add_argument("--window", type=float, default=30.0, help="With --analysis-effect.")
    parser.add_argument(
        "--analysis-cpu",
        type=int,
        default=None,
        help="With --analysis-effect: ladder serve --analysis-cpu (its default if not given).",
    )
    args = parser.parse_args()
    if args.analysis_effect:
        if args.rounds < 1 or args.window <= 0:
            parser.error("need at least one round and a window > 0")
        analysis_effect(args.rounds, args.window, args.seed, args.analysis_cpu, args.json)
        return
    if args.entrants < 3 or args.matches < 0 or args.seconds <= 0 or args.clients < 1:
        parser.error("need at least 3 entrants, matches >= 0, seconds > 0 and clients >= 1")

    with tempfile.TemporaryDirectory(prefix="thousand-bench-server-") as folder:
        db = Path(folder) / "contest.db"
        subprocess.run(
            [
                *thousand(),
                "ladder",
                "init",
                str(db),
                "--game",
                "dice",
                "--players",
                "3",
                "--sandbox",
                "rlimits",
                "--allow-weak-sandbox",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        filled = fill(db, args.entrants, args.matches, args.seed)
        if not args.json:
            print(
                f"ladder: {args.entrants} entrants, {args.matches} matches written in "
                f"{filled:.1f} s ({db.stat().st_size / 1e6:.1f} MB)",
                flush=True,
            )
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        log = open(Path(folder) / "server.log", "wb")  # noqa: SIM115 - closed below
        command = (
            [*thousand(), "ladder", "serve", str(db), "--port", str(port)]
            if args.listener == "serve"
            else [sys.executable, "-c", UVICORN, str(db), str(port)]
        )
        server = subprocess.Popen(
            command,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        runner: subprocess.Popen[bytes] | None = None
        try:
            wait_ready(url, server)
            if not args.no_run:
                runner = subprocess.Popen(
                    [*thousand(), "ladder", "run", str(db), "--forever"],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,
                )
                time.sleep(2.0)  # its start-up, so the measurement sees matches recorded
            results: dict[str, Any] = {}
            before = done_matches(db)
            for path in PATHS:
                hammer(url + path, min(2.0, args.seconds), args.clients)  # warm up
                results[path] = hammer(url + path, args.seconds, args.clients)
                if not args.json:
                    r = results[path]
                    print(
                        f"{path:16} {r['per_second']:8.1f} req/s  p50 {r['p50_ms']:6.1f} ms  "
                        f"p99 {r['p99_ms']:6.1f} ms  max {r['max_ms']:6.1f} ms  "
                        f"({r['requests']} requests, {r['errors']} errors)",
                        flush=True,
                    )
            played = done_matches(db) - before
        finally:
            if runner is not None:
                stop(runner, signal.SIGINT)
            stop(server, signal.SIGTERM)
            log.close()
        report = {
            "entrants": args.entrants,
            "matches": args.matches,
            "clients": args.clients,
            "listener": args.listener,
            "seconds_a_path": args.seconds,
            "matches_recorded_meanwhile": played if not args.no_run else None,
            "paths": results,
            "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}",
        }
        if args.json:
            print(json.dumps(report, indent=2))
        else:
            meanwhile = (
                f"{played} matches recorded by `ladder run` meanwhile"
                if not args.no_run
                else "no matches played meanwhile (--no-run)"
            )
            print(f"{meanwhile}; listener: {args.listener}; {report['machine']}")


if __name__ == "__main__":
    main()
