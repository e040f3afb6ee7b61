"""The ladder's run loop: claim a match, play it through an executor, record it.

Claiming and recording are each one transaction. A match is claimed as a ``running`` row
carrying this process's worker id; its result, the entrants' statistics and the rating update
are written together, and only if the row is still ours and still running. So a process killed
with SIGKILL loses at most the matches it was playing (a later run marks them abandoned), never
a recorded result, and never records one twice. Several processes can run on one file.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import socket
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.cluster.connect import ExecutorLost
from referee.errors import warn
from referee.games import chance
from referee.games.provenance import Origin, match_seed
from referee.ladder import paths, ratings, scheduler, standings, store
from referee.ladder.executor import Executor, MatchOutcome, MatchSpec
from referee.players.botspec import BotSpecError, parse_bot
from referee.safetext import NAME_LIMIT, for_terminal

STALE_SECONDS = 600.0
HEARTBEAT_SECONDS = 15.0
UNRUNNABLE_LIMIT = 3
"""An entrant whose bot cannot be run at all (its files gone, or changed since admission so that
they cannot travel to a worker) in this many recorded matches in a row of its current version
is disabled. Such a bot forfeits (see ``record``): its table-mates lose nothing, but every
forfeit is a seat a working bot did not get. One is no proof (a folder caught half-way through
a copy, a file replaced while it was packed), and the scheduler seldom draws an entrant that
faults, so three in a row separates a bot that is broken from one that had a bad moment
without leaving it in the schedule for long. A match it plays ends the count; a new version
(``update``, a new submission) starts its own. ``ladder enable`` keeps the count: enabled while
still broken, it is disabled again by its next forfeit."""


def _start_time(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            raw = stat.read()
        return raw[raw.rfind(b")") + 2 :].split()[19].decode()
    except (OSError, IndexError):
        return "?"


def worker_id() -> str:
    """host:pid:start-time — enough to tell, on this host, whether the worker still lives."""
    pid = os.getpid()
    return f"{socket.gethostname()}:{pid}:{_start_time(pid)}"


def worker_alive(worker: str) -> bool | None:
    """True/False for a worker on this host, None when it ran elsewhere (unknowable here)."""
    host, _, rest = worker.partition(":")
    pid_text, _, started = rest.partition(":")
    if host != socket.gethostname() or not pid_text.isdigit():
        return None
    return _start_time(int(pid_text)) == started


files_dir = paths.files_dir


def reap_stale(db: sqlite3.Connection) -> int:
    """Mark as abandoned the running matches of workers that died (must run in a transaction)."""
    reaped = 0
    cutoff = time.time() - STALE_SECONDS
    for row in db.execute("SELECT id, worker, heartbeat FROM matches WHERE status = 'running'"):
        beat, worker = row["heartbeat"], row["worker"]
        if not isinstance(beat, int | float) or not isinstance(worker, str):
            raise store.damaged(
                db, f"running match {row['id']}: worker {worker!r:.60}, heartbeat {beat!r:.60}"
            )
        alive = worker_alive(worker)
        if alive is False or (alive is None and beat < cutoff):
            db.execute(
                "UPDATE matches SET status = 'abandoned', finished = ? WHERE id = ?",
                (store.now_iso(), row["id"]),
            )
            reaped += 1
    return reaped


@dataclass
class Claim:
    spec: MatchSpec
    entrants: list[store.Entrant]


@dataclass(frozen=True)
class Forfeit:
    """An entrant named as the cause of a match it could not play: its seat's games were its
    faults, the others' match stood."""

    match_id: int
    name: str
    reason: str
    streak: int
    """Matches in a row, this one included, that its current version forfeited so."""
    disabled: bool
    """This forfeit took the entrant out of the schedule (``UNRUNNABLE_LIMIT``)."""


@dataclass(frozen=True)
class Recorded:
    forfeits: list[Forfeit]


def claim(db: sqlite3.Connection, db_path: Path, worker: str, *, uniform: bool = False) -> Claim:
    with store.transaction(db):
        reap_stale(db)
        meta = store.read_meta(db)
        field = store.entrants(db, enabled_only=True)
        next_id = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM matches").fetchone()[0]
        master = int(meta.get("seed", 0))
        rng = chance.generator(master, "schedule", next_id)
        try:
            chosen = scheduler.choose(field, int(meta["players"]), rng, uniform=uniform)
        except ValueError as error:
            raise store.LadderError(str(error)) from None
        origin = Origin(store.ladder_id_of(meta), "match", next_id)
        seed = match_seed(master, origin)  # hex: a 256-bit seed fits no INTEGER
        now = time.time()
        db.execute(
            "INSERT INTO matches (id, status, entrants, versions, seed, worker, claimed, "
            "heartbeat) VALUES (?, 'running', ?, ?, ?, ?, ?, ?)",
            (
                next_id,
                json.dumps([e.id for e in chosen]),
                json.dumps([e.version for e in chosen]),
                seed,
                worker,
                now,
                now,
            ),
        )
    # Absolute: the executor may run anywhere; the database stores it relative (see record).
    replays = paths.files_dir(store.location(db)) / "replays" / f"match-{next_id:06d}"
    spec = MatchSpec(
        match_id=next_id,
        game=meta["game"],
        rules=meta["rules"],
        rules_label=meta.get("rules_label", "classic"),
        bots=[e.bot for e in chosen],
        names=[e.name for e in chosen],
        seed=int(seed, 16),
        time=meta["time"],
        replays=str(replays),
        options={
            "sandbox": meta.get("sandbox"),
            "compress": bool(meta.get("compress")),
            # What admission fingerprinted: an executor that ships bots checks it.
            "digests": [e.digest for e in chosen],
        },
        origin=origin,
    )
    return Claim(spec, chosen)


def record(
    db: sqlite3.Connection, worker: str, claim_: Claim, outcome: MatchOutcome
) -> Recorded | None:
    """Write a finished match, its entrants' statistics and the rating update, all or nothing.
    Returns None when the match is no longer ours (it was reaped as stale meanwhile).

    An entrant whose bot could not be run (``outcome.unrunnable``) forfeited: it faulted in
    every game and is ranked last, and the match counts for its table-mates as played — a
    forfeit is the absentee's loss, never theirs, and their order among themselves was decided
    by the same duplicate games as ever. It is named as the cause in the match's summary, and
    disabled in the same transaction once it has forfeited ``UNRUNNABLE_LIMIT`` in a row."""
    match_id = claim_.spec.match_id
    here = store.location(db)
    with store.transaction(db):
        row = db.execute(
            "SELECT status, worker, versions FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        if row is None or row["status"] != "running" or row["worker"] != worker:
            return None
        versions = json.loads(row["versions"])
        ids = [e.id for e in claim_.entrants]
        current = {
            r["id"]: r
            for r in db.execute(
                f"SELECT id, mu, sigma FROM entrants WHERE id IN ({','.join('?' * len(ids))})",
                ids,
            )
        }
        before = [ratings.Rating(current[i]["mu"], current[i]["sigma"]) for i in ids]
        ranks = ratings.ranks_from_means([o.mean_place for o in outcome.entrants])
        after = ratings.update(before, ranks)
        finished = store.now_iso()
        for index, entrant_id in enumerate(ids):
            result = outcome.entrants[index]
            db.execute(
                "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match_id,
                    entrant_id,
                    versions[index],
                    ranks[index],
                    result.games,
                    result.wins,
                    result.place_sum,
                    result.score_sum,
                    result.faults,
                    result.fault_games,
                ),
            )
            db.execute(
                "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?)",
                (
                    match_id,
                    entrant_id,
                    before[index].mu,
                    before[index].sigma,
                    after[index].mu,
                    after[index].sigma,
                ),
            )
            db.execute(
                "UPDATE entrants SET mu = ?, sigma = ?, matches = matches + 1, "
                "games = games + ?, wins = wins + ?, place_sum = place_sum + ?, "
                "faults = faults + ?, fault_games = fault_games + ?, last_played = ? "
                "WHERE id = ?",
                (
                    after[index].mu,
                    after[index].sigma,
                    result.games,
                    result.wins,
                    result.place_sum,
                    result.faults,
                    result.fault_games,
                    finished,
                    entrant_id,
                ),
            )
        db.execute("INSERT INTO rating_events (kind, match_id) VALUES ('match', ?)", (match_id,))
        summary: dict[str, Any] = {"ranks": ranks, "faults": outcome.fault_kinds}
        if outcome.unrunnable:
            summary["unrunnable"] = {str(ids[s]): why for s, why in outcome.unrunnable.items()}
        db.execute(
            "UPDATE matches SET status = 'done', finished = ?, replays = ?, summary = ? "
            "WHERE id = ?",
            (
                finished,
                json.dumps([paths.stored_replay(r, here) for r in outcome.replays]),
                json.dumps(summary),
                match_id,
            ),
        )
        forfeits = [
            _forfeit(db, match_id, claim_.entrants[seat], versions[seat], reason)
            for seat, reason in sorted(outcome.unrunnable.items())
        ]
    return Recorded(forfeits)


def _forfeit(
    db: sqlite3.Connection, match_id: int, entrant: store.Entrant, version: int, reason: str
) -> Forfeit:
    """Count the entrant's forfeits in a row (the match just written included) and disable it
    at ``UNRUNNABLE_LIMIT``; inside ``record``'s transaction."""
    # Ordered by the result's match, not the match's id: the same order, but SQLite then
    # walks the entrant's results (results_by_entrant) and not every done match, which took
    # 1.4 s at a million matches for a version with no earlier match (bench/scale.py).
    recent = db.execute(
        "SELECT m.summary FROM results r JOIN matches m ON m.id = r.match_id "
        "WHERE r.entrant_id = ? AND r.version = ? AND m.status = 'done' "
        "ORDER BY r.match_id DESC",
        (entrant.id, version),
    )
    streak = 0
    for row in recent:
        named = json.loads(row["summary"] or "{}").get("unrunnable") or {}
        if str(entrant.id) not in named:
            break
        streak += 1
    recent.close()
    disabled = False
    if streak >= UNRUNNABLE_LIMIT:
        # Not a newer version admitted meanwhile (it has a fresh count), nor one already off.
        changed = db.execute(
            "UPDATE entrants SET enabled = 0 WHERE id = ? AND version = ? AND enabled = 1",
            (entrant.id, version),
        )
        disabled = changed.rowcount > 0
    return Forfeit(match_id, entrant.name, reason, streak, disabled)


def abandon(db: sqlite3.Connection, worker: str, match_ids: list[int]) -> None:
    if not match_ids:
        return
    with store.transaction(db):
        for match_id in match_ids:
            db.execute(
                "UPDATE matches SET status = 'abandoned', finished = ? "
                "WHERE id = ? AND status = 'running' AND worker = ?",
                (store.now_iso(), match_id, worker),
            )


@dataclass
class Budget:
    """When to stop scheduling: after ``matches`` more, at ``until`` (unix time), when the
    ladder holds ``total`` finished matches, or never."""

    matches: int | None = None
    until: float | None = None
    total: int | None = None

    def open(self, claimed: int, done_in_ladder: int) -> bool:
        if self.matches is not None and claimed >= self.matches:
            return False
        if self.until is not None and time.time() >= self.until:
            return False
        return not (self.total is not None and done_in_ladder >= self.total)


def done_count(db: sqlite3.Connection) -> int:
    # Every match less the others, as the standings count them: a count of the done ones
    # walked a million index entries (~50 ms) under the write lock on every turn of ``run``.
    return standings.done_matches(db)


def running_count(db: sqlite3.Connection) -> int:
    return int(db.execute("SELECT COUNT(*) FROM matches WHERE status = 'running'").fetchone()[0])


Progress = Callable[[int, "store.Entrant | None"], None]


async def run(
    db_path: Path,
    executor: Executor,
    budget: Budget,
    concurrency: int,
    stop: asyncio.Event,
    on_recorded: Progress | None = None,
    *,
    uniform: bool = False,
    on_failure: Callable[[int, Exception], None] | None = None,
    on_forfeit: Callable[[Forfeit], None] | None = None,
) -> int:
    """Play matches until the budget closes or ``stop`` is set; returns how many were recorded.
    Cancelling the task abandons the matches in flight (their rows say so). Every forfeit
    (``record``) is told to ``on_forfeit``, by default as a warning line on stderr: the
    organiser has an entrant to look at."""
    tell = on_forfeit or warn_forfeit
    db = store.connect(db_path)
    worker = worker_id()
    running: dict[asyncio.Task[MatchOutcome], Claim] = {}
    claimed = recorded = 0
    last_beat = time.monotonic()
    try:
        while True:
            with store.transaction(db):
                # Reap first: a dead worker's running rows must not count towards --total.
                reap_stale(db)
                ladder_done = done_count(db) + running_count(db)
            while (
                not stop.is_set()
                and len(running) < concurrency
                and budget.open(claimed, ladder_done)
            ):
                claim_ = claim(db, db_path, worker, uniform=uniform)
                claimed += 1
                ladder_done += 1
                task = asyncio.ensure_future(executor.run(claim_.spec))
                running[task] = claim_
            if not running:
                return recorded
            finished, _ = await asyncio.wait(
                running, timeout=HEARTBEAT_SECONDS, return_when=asyncio.FIRST_COMPLETED
            )
            for task in finished:
                claim_ = running.pop(task)
                try:
                    outcome = task.result()
                except Exception as error:
                    if isinstance(error, ExecutorLost):
                        running[task] = claim_  # abandoned with the others, below
                        raise
                    if store.is_disk_full(error):
                        # Every match would fail the same way: stop (the ones in flight are
                        # abandoned below) rather than claim and abandon match after match.
                        running[task] = claim_  # abandoned with the others, below
                        raise store.DiskFull(
                            f"the disk is full (writing match {claim_.spec.match_id}: "
                            f"{getattr(error, 'strerror', None) or error})"
                        ) from None
                    abandon(db, worker, [claim_.spec.match_id])
                    if on_failure is not None:
                        on_failure(claim_.spec.match_id, error)
                    continue
                try:
                    done = record(db, worker, claim_, outcome)
                except store.DiskFull:
                    running[task] = claim_  # not recorded: abandoned with the others, below
                    raise
                if done is not None:
                    for forfeit in done.forfeits:
                        tell(forfeit)
                    recorded += 1
                    if on_recorded is not None:
                        on_recorded(recorded, leader(db))
            if time.monotonic() - last_beat >= HEARTBEAT_SECONDS and running:
                heartbeat(db, [c.spec.match_id for c in running.values()])
                last_beat = time.monotonic()
    except BaseException as error:
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        if isinstance(error, store.DiskFull):
            # Their replays are cut short and belong to matches never recorded: free the space
            # (so that the abandoning below can be written) rather than keep half-files.
            for lost in running.values():
                shutil.rmtree(lost.spec.replays, ignore_errors=True)
        _abandon_if_possible(db, worker, [c.spec.match_id for c in running.values()])
        raise
    finally:
        db.close()


def warn_forfeit(forfeit: Forfeit) -> None:
    """One line per forfeit, naming the entrant and why (its text is the bot author's: made
    safe for a terminal)."""
    name = for_terminal(forfeit.name, NAME_LIMIT)
    head = f"match {forfeit.match_id}: entrant {name!r} could not be run"
    why = for_terminal(forfeit.reason, 400)
    if forfeit.disabled:
        tail = (
            f"disabled after {forfeit.streak} forfeited matches in a row; fix its bot, then "
            "thousand ladder update DB NAME BOT (or: thousand ladder enable DB NAME)"
        )
    else:
        tail = f"it forfeits the match ({forfeit.streak} in a row; disabled at {UNRUNNABLE_LIMIT})"
    warn(f"{head} ({why}): {tail}")


def _abandon_if_possible(db: sqlite3.Connection, worker: str, match_ids: list[int]) -> None:
    """Abandon on the way out of a failed run. On a full disk the write-ahead log may hold the
    last free pages (it grows with every match recorded until it is checkpointed): it is
    checkpointed into the database and truncated, and the abandoning tried once more. If even
    that cannot be written, the rows stay ``running`` under this worker, and the next run,
    finding the worker dead, marks them abandoned: the error that stopped the run is the one
    to report."""
    for attempt in range(2):
        try:
            abandon(db, worker, match_ids)
            return
        except (store.LadderError, sqlite3.Error) as error:
            if attempt or not store.is_disk_full(error):
                return
            with contextlib.suppress(store.LadderError, sqlite3.Error):
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def unavailable(db: sqlite3.Connection) -> list[tuple[store.Entrant, str]]:
    """The enabled entrants whose bot cannot be started now (program, script or manifest
    gone), with the reason. A run refuses to start with any: their games would be recorded as
    the bots' faults when the fault is the organiser's (or a run from the wrong folder)."""
    missing = []
    for entrant in store.entrants(db, enabled_only=True):
        try:
            parse_bot(entrant.bot)
        except BotSpecError as error:
            missing.append((entrant, str(error)))
    return missing


def heartbeat(db: sqlite3.Connection, match_ids: list[int]) -> None:
    with store.transaction(db):
        db.executemany(
            "UPDATE matches SET heartbeat = ? WHERE id = ?",
            [(time.time(), match_id) for match_id in match_ids],
        )


def leader(db: sqlite3.Connection) -> store.Entrant | None:
    field = store.entrants(db)
    if not field:
        return None
    return max(field, key=lambda e: ratings.Rating(e.mu, e.sigma).conservative)


def meta_for_init(
    game: str,
    rules: dict[str, Any],
    rules_label: str,
    players: int,
    time_control: dict[str, Any],
    seed: int,
    sandbox: dict[str, Any] | None,
    *,
    compress: bool = False,
    check_games: int = store.CHECK_GAMES,
) -> dict[str, Any]:
    return {
        "game": game,
        "rules": rules,
        "rules_label": rules_label,
        "players": players,
        "time": time_control,
        "seed": seed,
        "sandbox": sandbox,
        "compress": compress,
        "check_games": check_games,
    }
