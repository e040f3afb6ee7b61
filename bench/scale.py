"""Scale benchmark: a contest of ENTRANTS entrants and MATCHES recorded matches (issue 30).

The ladder is made by the ladder's own store (``store.init``, ``store.connect``,
``store.transaction``: the file, its migrations and indexes, WAL, the lock retries) and filled
straight into its tables with the rows ``service.record`` writes for a match — the match, one
result and one rating change per seat, the entrants' counters, one rating event — by
``executemany`` in transactions of BATCH matches, without playing. The results are plausible, so
that pages and ``rerate`` have real work: every entrant has a hidden strength and a fault rate; a
match seats an entrant beside others of similar strength (as the scheduler pairs similar
ratings); each of its 6 games places the seats by strength plus noise, a seat that faults in a
game is placed last; the match's ranks are ``ratings.ranks_from_means`` of the mean places and
the ratings the real ``ratings.update``, applied in the order the matches are recorded (up to
CONCURRENCY matches in flight finish in a random order, as parallel workers do). Along the way
entrants submit new versions (some of them with a rating reset, a ``reset`` rating event), a few
matches are abandoned, and the last CONCURRENCY stay running. Replay paths are stored as a real
ladder stores them, with no files behind them. So ``thousand ladder rerate`` finds the stored
ratings identical.

Then, on that file (kept under /tmp with ``--db``, reused when it exists with ``--reuse``):
- the database's size per match (after a WAL checkpoint);
- each page's queries in process, with no cache: ``standings`` (the table behind ``/`` and
  ``/api/standings``) and ``queries.entrant_page`` for a sample of entrants (p50/p99);
- the real server (``thousand ladder serve``), CLIENTS keep-alive clients for SECONDS a path:
  ``/``, ``/api/standings``, and ``/entrants/NAME`` and ``/api/entrants/NAME`` cycling through
  the sample of entrants (latency from send to the last byte), p50/p99;
- a scheduler pick: ``service.claim`` (the transaction that reaps, reads the field, chooses and
  inserts the running match) and ``scheduler.choose`` alone, PICKS times each; the matches
  claimed are abandoned again;
- ``thousand ladder rerate DB``: its wall time over every recorded match;
- the final's schedule for ENTRANTS finalists (``referee.ladder.final_schedule``): FINAL_ROUNDS
  rounds planned one by one, the meetings rebuilt from them as every round's planning does, and
  how evenly the pairs met.

Usage:
    python bench/scale.py                                # 1,000 entrants, 1,000,000 matches
    python bench/scale.py --entrants 100 --matches 20000 --seconds 5
    python bench/scale.py --db /tmp/scale.db --reuse     # measure an existing file again
    python bench/scale.py --plans                        # also EXPLAIN QUERY PLAN of the reads
    python bench/scale.py --reuse --skip served --run    # --skip STEP: size, queries, served,
                                                         # pick, final, rerate; --run: a
                                                         # ladder run beside the server
    python bench/scale.py --json
"""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.util
import itertools
import json
import os
import platform
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import time
import urllib.parse
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
# bench/referee.py is named like the package: keep this folder off the import path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.games.chance import derive  # noqa: E402
from referee.ladder import ratings, scheduler, service, standings, store  # noqa: E402
from referee.players.sandbox import Sandbox  # noqa: E402
from referee.web import queries  # noqa: E402
from thousand.rules_io import load_rules  # noqa: E402

PLAYERS = 3
GAMES_A_MATCH = 6
"""One duplicate group of a 3-player match: every seating of one deal."""
BATCH = 50_000
"""Matches written in one transaction."""
CONCURRENCY = 4
"""Matches in flight at once: they are recorded in a random order among themselves."""
NEIGHBOURS = 40
"""A match's other seats are drawn from this many entrants either side of the first in
strength: the scheduler seats similar ratings together."""
NEW_VERSION = 0.0004
"""Chance, at each match, that one entrant submits a new version (≈ 400 in a million matches);
half of them reset its rating."""
ABANDONED = 0.001
"""Share of matches abandoned (a worker died): no result, no rating event."""
SAMPLE = 50
"""Entrants whose pages are measured, spread over the standings."""


@functools.cache
def _server_module() -> ModuleType:
    """bench/server.py, for its server helpers (start, wait, stop, timed requests): loaded by
    path, once, since this folder is kept off the import path."""
    spec = importlib.util.spec_from_file_location("bench_server", HERE / "server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -------------------------------------------------------------------------- the contest


@dataclass
class Contestant:
    id: int
    strength: float
    fault_rate: float
    version: int = 1
    rating: ratings.Rating = field(default_factory=ratings.Rating)
    counts: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0, 0])
    """matches, games, wins, place_sum, faults, fault_games: the entrant's columns."""
    last_played: str | None = None


@dataclass
class Claimed:
    match_id: int
    seats: list[Contestant]
    versions: list[int]


def new_ladder(db_path: Path, seed: int) -> None:
    """An empty ladder, as ``thousand ladder init`` makes one (dice, classic, 3 players)."""
    rules = load_rules("dice", "classic")
    clock = {"startup": 10.0, "bank": 10.0, "per_move": 1.0, "clock": "cpu"}
    sandbox = Sandbox(mode="rlimits").model_dump(mode="json")
    meta = service.meta_for_init(
        "dice",
        rules.model_dump(mode="json"),
        "classic",
        PLAYERS,
        clock,
        seed,
        sandbox,
        compress=True,
    )
    store.init(db_path, {**meta, "weak_sandbox": True})


def _games(seats: list[Contestant], rng: random.Random) -> list[list[int]]:
    """Each seat's place in each game: strength plus noise, a fault placing the seat last."""
    places: list[list[int]] = [[] for _ in seats]
    draw = rng.random
    for _ in range(GAMES_A_MATCH):
        # Noise: the sum of three uniform draws (a bell, cheaper than a Gaussian).
        order = sorted(
            (draw() < s.fault_rate, -(s.strength + 1.5 * (draw() + draw() + draw())), i)
            for i, s in enumerate(seats)
        )
        for place, (_, _, seat) in enumerate(order, start=1):
            places[seat].append(place)
    return places


def fill(
    db_path: Path,
    entrants: int,
    matches: int,
    seed: int,
    *,
    new_version: float = NEW_VERSION,
    abandon: float = ABANDONED,
) -> dict[str, float]:
    """Write ``entrants`` entrants and ``matches`` matches; returns what it took. The chances
    of a new version and of an abandoned match at each match are the contest's unless told
    (a small contest in a test needs more of them to see any)."""
    started = time.perf_counter()
    rng = random.Random(seed)
    db = store.connect(db_path)
    start = ratings.Rating()
    epoch = time.time() - matches * 20.0
    field_ = [
        Contestant(
            id=index + 1,
            strength=rng.gauss(0.0, 1.0),
            fault_rate=0.3 if rng.random() < 0.01 else (0.01 if rng.random() < 0.1 else 0.0),
        )
        for index in range(entrants)
    ]
    by_strength = sorted(field_, key=lambda c: c.strength)
    position = {c.id: i for i, c in enumerate(by_strength)}
    with store.transaction(db):
        db.executemany(
            "INSERT INTO entrants (id, name, bot, digest, added, mu, sigma) "
            "VALUES (?, ?, 'builtin:random', ?, ?, ?, ?)",
            [
                (
                    c.id,
                    f"bot{c.id:04d}",
                    f"sha256:{c.id:064x}",
                    _iso(epoch - 3600.0 + c.id),
                    start.mu,
                    start.sigma,
                )
                for c in field_
            ],
        )
        for c in field_:
            store.record_version(db, c.id, 1, "builtin:random", f"sha256:{c.id:064x}")

    def seats_for(match_id: int) -> list[Contestant]:
        anchor = rng.choice(field_)
        here = position[anchor.id]
        low, high = max(0, here - NEIGHBOURS), min(entrants, here + NEIGHBOURS + 1)
        picked: set[int] = set()
        while len(picked) < PLAYERS - 1:
            other = rng.randrange(low, high)
            if other != here:
                picked.add(other)
        chosen = [anchor, *(by_strength[i] for i in sorted(picked))]
        rng.shuffle(chosen)
        return chosen

    worker = f"{socket.gethostname()}:1:bench"
    in_flight: list[Claimed] = []
    rows: dict[str, list[tuple[Any, ...]]] = {
        "matches": [],
        "results": [],
        "ratings": [],
        "events": [],
        "versions": [],
    }
    recorded = resets = new_versions = abandoned = 0

    def flush() -> None:
        with store.transaction(db):
            db.executemany(
                "INSERT INTO matches (id, status, entrants, versions, seed, worker, claimed, "
                "heartbeat, finished, replays, summary) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                rows["matches"],
            )
            db.executemany(
                "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows["results"]
            )
            db.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?)", rows["ratings"])
            # In the order they happened: the sequence numbers are the rating history's.
            db.executemany(
                "INSERT INTO rating_events (kind, match_id, entrant_id) VALUES (?, ?, ?)",
                rows["events"],
            )
            for entrant_id, version in rows["versions"]:
                digest = f"sha256:{entrant_id:032x}{version:032x}"
                store.record_version(db, entrant_id, version, "builtin:random", digest)
        for rows_ in rows.values():
            rows_.clear()

    def record(claimed: Claimed) -> None:
        nonlocal recorded
        seats = claimed.seats
        places = _games(seats, rng)
        means = [sum(p) / GAMES_A_MATCH for p in places]
        ranks = ratings.ranks_from_means(means)
        before = [s.rating for s in seats]
        after = ratings.update(before, ranks)
        finished = _iso(epoch + claimed.match_id * 20.0 + rng.uniform(5.0, 15.0))
        fault_kinds: dict[str, int] = {}
        for index, seat in enumerate(seats):
            mine = places[index]
            faults = sum(1 for p in mine if p == PLAYERS and rng.random() < seat.fault_rate * 3)
            if faults:
                fault_kinds["timeout"] = fault_kinds.get("timeout", 0) + faults
            wins = sum(1 for p in mine if p == 1)
            place_sum = sum(mine)
            rows["results"].append(
                (
                    claimed.match_id,
                    seat.id,
                    claimed.versions[index],
                    ranks[index],
                    GAMES_A_MATCH,
                    wins,
                    place_sum,
                    rng.randint(0, 3000),
                    faults,
                    faults,
                )
            )
            rows["ratings"].append(
                (
                    claimed.match_id,
                    seat.id,
                    before[index].mu,
                    before[index].sigma,
                    after[index].mu,
                    after[index].sigma,
                )
            )
            seat.rating = after[index]
            for k, v in enumerate((1, GAMES_A_MATCH, wins, place_sum, faults, faults)):
                seat.counts[k] += v
            seat.last_played = finished
        folder = f"replays/match-{claimed.match_id:06d}/game-"
        replays = [f"{folder}{g:05d}.jsonl.gz" for g in range(GAMES_A_MATCH)]
        rows["matches"].append(
            (
                *_match_row(claimed, worker, epoch, seed, "done", finished),
                json.dumps(replays),
                json.dumps({"ranks": ranks, "faults": fault_kinds}),
            )
        )
        rows["events"].append(("match", claimed.match_id, None))
        recorded += 1

    for match_id in range(1, matches + 1):
        if rng.random() < new_version:
            who = rng.choice(field_)
            who.version += 1
            new_versions += 1
            rows["versions"].append((who.id, who.version))
            if rng.random() < 0.5:
                who.rating = ratings.Rating()
                rows["events"].append(("reset", None, who.id))
                resets += 1
        seats = seats_for(match_id)
        claimed = Claimed(match_id, seats, [s.version for s in seats])
        if rng.random() < abandon:
            finished = _iso(epoch + match_id * 20.0 + 60.0)
            rows["matches"].append(
                (*_match_row(claimed, worker, epoch, seed, "abandoned", finished), None, None)
            )
            abandoned += 1
            continue
        in_flight.append(claimed)
        if len(in_flight) > CONCURRENCY:
            record(in_flight.pop(rng.randrange(len(in_flight))))
        if len(rows["matches"]) >= BATCH:
            flush()
    # The last ones are still being played.
    for claimed in in_flight:
        rows["matches"].append(
            (*_match_row(claimed, worker, epoch, seed, "running", None), None, None)
        )
    flush()
    with store.transaction(db):
        db.executemany(
            "UPDATE entrants SET mu = ?, sigma = ?, version = ?, matches = ?, games = ?, "
            "wins = ?, place_sum = ?, faults = ?, fault_games = ?, last_played = ?, "
            "digest = (SELECT digest FROM versions WHERE entrant_id = ? AND version = ?) "
            "WHERE id = ?",
            [
                (
                    c.rating.mu,
                    c.rating.sigma,
                    c.version,
                    *c.counts,
                    c.last_played,
                    c.id,
                    c.version,
                    c.id,
                )
                for c in field_
            ],
        )
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return {
        "seconds": round(time.perf_counter() - started, 1),
        "recorded": recorded,
        "abandoned": abandoned,
        "running": len(in_flight),
        "new_versions": new_versions,
        "resets": resets,
    }


def _match_row(
    claimed: Claimed, worker: str, epoch: float, seed: int, status: str, finished: str | None
) -> tuple[Any, ...]:
    claimed_at = epoch + claimed.match_id * 20.0
    return (
        claimed.match_id,
        status,
        json.dumps([s.id for s in claimed.seats]),
        json.dumps(claimed.versions),
        derive(seed, "match", claimed.match_id),
        worker,
        claimed_at,
        claimed_at + 10.0,
        finished,
    )


def _iso(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(seconds))


# ------------------------------------------------------------------------------ measuring


def quantiles(samples: list[float]) -> dict[str, float]:
    """p50, p99 and the largest, in milliseconds, of samples in seconds."""
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000.0, 2)

    return {
        "n": len(ordered),
        "p50_ms": at(0.50),
        "p99_ms": at(0.99),
        "max_ms": round(ordered[-1] * 1000.0, 2),
        "mean_ms": round(statistics.fmean(ordered) * 1000.0, 2),
    }


def timed(action: Callable[[], object], times: int) -> dict[str, float]:
    samples = []
    for _ in range(times):
        began = time.perf_counter()
        action()
        samples.append(time.perf_counter() - began)
    return quantiles(samples)


def sample_names(db_path: Path) -> list[str]:
    """SAMPLE entrants spread over the standings, top to bottom."""
    db = store.connect(db_path, write=False)
    try:
        rows = standings.standings(db).rows
    finally:
        db.close()
    step = max(1, len(rows) // SAMPLE)
    return [r.name for r in rows[::step]][:SAMPLE]


def in_process(db_path: Path, names: list[str], rounds: int) -> dict[str, Any]:
    """The pages' reads without the server and without its cache: what a request costs the
    first time after the ladder changed (``ladder run`` records a match)."""
    found: dict[str, Any] = {}
    with queries.reading(db_path) as db:
        found["standings"] = timed(lambda: standings.standings(db), rounds)
        cycle = itertools.cycle(names)
        # The standings are cached for the ladder's state, as in the server: the entrant
        # page's own reads are what is timed.
        queries.standings_page(db)
        found["entrant_page"] = timed(
            lambda: queries.entrant_page(db, next(cycle)), max(rounds, len(names) * 2)
        )
    return found


def served(
    db_path: Path, names: list[str], seconds: float, clients: int, run: bool
) -> dict[str, Any]:
    """The real server: every path for ``seconds`` by ``clients`` keep-alive clients."""
    bench_server = _server_module()
    port = bench_server.free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(db_path.with_suffix(".serve.log"), "wb")  # noqa: SIM115 - closed below
    server = subprocess.Popen(
        [*bench_server.thousand(), "ladder", "serve", str(db_path), "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    runner: subprocess.Popen[bytes] | None = None
    quoted = [urllib.parse.quote(n, safe="") for n in names]
    paths = {
        "/": ["/"],
        "/api/standings": ["/api/standings"],
        "/entrants/NAME": [f"/entrants/{n}" for n in quoted],
        "/api/entrants/NAME": [f"/api/entrants/{n}" for n in quoted],
    }
    results: dict[str, Any] = {}
    try:
        bench_server.wait_ready(url, server, within=300.0)
        if run:
            runner = subprocess.Popen(
                [*bench_server.thousand(), "ladder", "run", str(db_path), "--forever"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
            time.sleep(3.0)
        for label, targets in paths.items():
            hammer(url, targets, min(2.0, seconds), clients)  # warm up
            results[label] = hammer(url, targets, seconds, clients)
    finally:
        if runner is not None:
            bench_server.stop(runner, signal.SIGINT)
        bench_server.stop(server, signal.SIGTERM)
        log.close()
    return results


def hammer(url: str, targets: list[str], seconds: float, clients: int) -> dict[str, Any]:
    """``clients`` threads GET the ``targets`` in turn for ``seconds``; every latency kept
    (bench/server.py's ``timed_gets``)."""
    every, errors, elapsed = _server_module().timed_gets(url, targets, seconds, clients)
    if not every:
        raise SystemExit(f"bench/scale.py: no request to {url}{targets[0]} succeeded")
    return {
        **quantiles(every),
        "errors": errors,
        "per_second": round(len(every) / elapsed, 1),
    }


def picks(db_path: Path, times: int) -> dict[str, Any]:
    """``service.claim`` (the whole transaction: reaping, reading the field, choosing, the
    insert and its commit), ``scheduler.choose`` alone, and the reading of the field alone.
    Each claimed match is abandoned again before the next claim, untimed: a ladder has as many
    running as it has workers, and ``reap_stale`` looks at each."""
    db = store.connect(db_path)
    worker = service.worker_id()
    claim_samples: list[float] = []
    try:
        for _ in range(times):
            began = time.perf_counter()
            claimed = service.claim(db, db_path, worker).spec.match_id
            claim_samples.append(time.perf_counter() - began)
            service.abandon(db, worker, [claimed])
        field_ = store.entrants(db, enabled_only=True)
        rng = random.Random(1)
        choose_times = timed(lambda: scheduler.choose(field_, PLAYERS, rng), times)
        read_times = timed(lambda: store.entrants(db, enabled_only=True), times)
    finally:
        db.close()
    return {"claim": quantiles(claim_samples), "choose": choose_times, "read_field": read_times}


def rerate(db_path: Path) -> dict[str, Any]:
    """``thousand ladder rerate DB``, timed from outside (the process's start included)."""
    command = [*_server_module().thousand(), "ladder", "rerate", str(db_path)]
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    return {
        "seconds": round(time.perf_counter() - began, 1),
        "exit": done.returncode,
        "said": (done.stdout or done.stderr).strip()[:300],
    }


def final_planning(entrants: int, rounds: int) -> dict[str, Any]:
    """The final's schedule for ``entrants`` finalists (``referee.ladder.final_schedule``, as
    ``final._plan_round`` calls it): each of ``rounds`` rounds planned from the meetings so
    far, timed one by one, and the rebuilding of those meetings from the tables planned, which
    ``_plan_round`` does before every round (a resumed final included). Then whether the
    schedule keeps its promises: the same number of tables for everyone, and how evenly the
    pairs met."""
    try:
        schedule: ModuleType = importlib.import_module("referee.ladder.final_schedule")
    except ImportError:
        return {"available": False, "why": "no referee.ladder.final_schedule"}
    field_ = list(range(1, entrants + 1))
    rng = random.Random(1)
    met: Counter[tuple[int, int]] = Counter()
    planned: list[list[int]] = []
    round_samples: list[float] = []
    for _ in range(rounds):
        began = time.perf_counter()
        planned += schedule.plan_round(field_, PLAYERS, rng, met)
        round_samples.append(time.perf_counter() - began)
    began = time.perf_counter()
    rebuilt = schedule.meetings(planned)
    rebuild = time.perf_counter() - began
    seats = Counter(e for table in planned for e in table)
    pairs = len(field_) * (len(field_) - 1) // 2
    counts = list(rebuilt.values()) + [0] * (pairs - len(rebuilt))
    return {
        "available": True,
        "finalists": entrants,
        "rounds": rounds,
        "tables": len(planned),
        "round": quantiles(round_samples),
        "meetings_rebuilt_ms": round(rebuild * 1000.0, 1),
        "tables_each": sorted(set(seats.values())),
        "pair_meetings": {
            "min": min(counts),
            "max": max(counts),
            "mean": round(statistics.fmean(counts), 3),
        },
    }


def size(db_path: Path, matches: int) -> dict[str, Any]:
    db = sqlite3.connect(db_path)
    try:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        tables = (
            {
                str(name): int(pages) * 4096
                for name, pages in db.execute(
                    "SELECT name, SUM(pgsize) / 4096 FROM dbstat GROUP BY name"
                )
            }
            if _has_dbstat(db)
            else {}
        )
    finally:
        db.close()
    total = db_path.stat().st_size
    return {
        "bytes": total,
        "bytes_a_match": round(total / max(1, matches)),
        "by_table_and_index": dict(sorted(tables.items(), key=lambda kv: -kv[1])),
    }


def _has_dbstat(db: sqlite3.Connection) -> bool:
    try:
        db.execute("SELECT 1 FROM dbstat LIMIT 1").fetchall()
    except sqlite3.Error:
        return False
    return True


def plans(db_path: Path, name: str) -> dict[str, list[str]]:
    """SQLite's plan of every read the standings and an entrant's page make, traced from the
    real functions (so the list follows the code)."""
    statements: list[str] = []
    with queries.reading(db_path) as db:
        db.set_trace_callback(statements.append)
        try:
            standings.standings(db)
            queries.entrant_page(db, name)
        finally:
            db.set_trace_callback(None)
        return {
            statement: [str(row[3]) for row in db.execute("EXPLAIN QUERY PLAN " + statement)]
            for statement in dict.fromkeys(statements)
            if statement.lstrip().upper().startswith(("SELECT", "WITH"))
        }


def machine() -> str:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"SQLite {sqlite3.sqlite_version}, load average {load}"
    )


STEPS = ("size", "queries", "served", "pick", "final", "rerate")
"""What is measured, in this order; ``--skip STEP`` leaves one out."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--matches", type=int, default=1_000_000)
    parser.add_argument("--db", type=Path, default=Path("/tmp/thousand-scale/contest.db"))
    parser.add_argument("--reuse", action="store_true", help="Measure the file --db names.")
    parser.add_argument("--seconds", type=float, default=10.0, help="Measured time a path.")
    parser.add_argument("--clients", type=int, default=2, help="Client threads.")
    parser.add_argument("--rounds", type=int, default=100, help="In-process calls a query.")
    parser.add_argument("--picks", type=int, default=200, help="Scheduler picks timed.")
    parser.add_argument("--run", action="store_true", help="`ladder run` beside the server.")
    parser.add_argument(
        "--final-rounds", type=int, default=20, help="Rounds of the final's schedule planned."
    )
    parser.add_argument(
        "--skip", action="append", default=[], choices=STEPS, help="A step not to run."
    )
    parser.add_argument("--plans", action="store_true", help="EXPLAIN QUERY PLAN too.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.entrants < PLAYERS or args.matches < 0 or args.seconds <= 0 or args.clients < 1:
        parser.error("need at least 3 entrants, matches >= 0, seconds > 0 and clients >= 1")

    def say(text: str) -> None:
        if not args.json:
            print(text, flush=True)

    report: dict[str, Any] = {"entrants": args.entrants, "machine": machine()}
    db_path: Path = args.db
    if args.reuse:
        if not db_path.exists():
            parser.error(f"--reuse: no ladder at {db_path}")
        probe = store.connect(db_path, write=False)
        try:
            report["matches"] = int(probe.execute("SELECT COUNT(*) FROM matches").fetchone()[0])
        finally:
            probe.close()
    else:
        db_path.parent.mkdir(parents=True, exist_ok=True)
        for old in (db_path, *(db_path.with_name(db_path.name + e) for e in ("-wal", "-shm"))):
            old.unlink(missing_ok=True)
        new_ladder(db_path, args.seed)
        report["fill"] = fill(db_path, args.entrants, args.matches, args.seed)
        report["matches"] = args.matches
        say(f"filled {db_path}: {report['fill']}")
    steps = [s for s in STEPS if s not in args.skip]
    if "size" in steps:
        report["size"] = size(db_path, report["matches"])
        say(f"size: {report['size']}")
    names = sample_names(db_path)
    if args.plans:
        report["plans"] = plans(db_path, names[0])
        for statement, steps in report["plans"].items():
            say(f"plan: {statement}\n      {steps}")
    if "queries" in steps:
        report["queries"] = in_process(db_path, names, args.rounds)
        say(f"in process, no cache: {report['queries']}")
    if "served" in steps:
        report["served"] = served(db_path, names, args.seconds, args.clients, args.run)
        for label, figures in report["served"].items():
            say(f"served {label:20} {figures}")
    if "pick" in steps:
        report["pick"] = picks(db_path, args.picks)
        say(f"pick: {report['pick']}")
    if "final" in steps:
        report["final"] = final_planning(args.entrants, args.final_rounds)
        say(f"final: {report['final']}")
    if "rerate" in steps:
        report["rerate"] = rerate(db_path)
        say(f"rerate: {report['rerate']}")
    report["machine_after"] = machine()
    if args.json:
        print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
