"""``thousand ladder final``: the final evaluation of a contest, planned, played, resumed, ranked.

After the deadline the organiser re-runs the contest among each contestant's final version
with many more games than the ladder gave any pairing (CodinGame's and Kaggle's finals do the
same). The final:

* takes its field once (``finalists.take_field``) and keeps it;
* plans its rounds ahead into ``final_matches`` (``final_schedule``: every finalist the same
  number of games, pairs meeting about equally often), each table a duplicate match of the
  ladder's rules, clocks and sandbox, seeded ``derive(master, "final", M)`` and carrying that
  origin in its replays so that the reveal can prove every deal;
* records each match with its games' orders in one transaction, so a final killed at any
  moment (SIGKILL included) resumes by playing again only the matches not recorded, with the
  same seeds;
* under ``--until-settled`` plans one round at a time and stops when every pair of neighbours
  in the ranking is separated at the stated confidence, or the game budget is spent;
* freezes its standings (``final_standings``) and moves the contest to ``finished``.

Ordinary ladder matches may go on beside it (they do not count): the final is a ranking of
its own.
"""

from __future__ import annotations

import asyncio
import json
import math
import shutil
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from referee.games import chance
from referee.games.match_types import duplicate_seatings
from referee.games.provenance import Origin, match_seed
from referee.ladder import (
    contest,
    final_schedule,
    final_standings,
    finalists,
    paths,
    service,
    store,
)
from referee.ladder.executor import Executor, MatchOutcome, MatchSpec

DEFAULT_ROUNDS = 2
DEFAULT_CONFIDENCE = 0.95


class FinalSettings(BaseModel):
    """How the final is played, fixed when it begins (a resumed final keeps them)."""

    rounds: int | None = Field(default=DEFAULT_ROUNDS, ge=1)
    """Rounds to play; null under ``until_settled`` (rounds are added one at a time)."""
    groups: int = Field(default=1, ge=1)
    """Duplicate groups each table plays (``--games-per-table`` rounded up to whole groups)."""
    until_settled: bool = False
    confidence: float = Field(default=DEFAULT_CONFIDENCE, gt=0.5, lt=1.0)
    max_games: int | None = Field(default=None, ge=1)
    """The game budget of ``until_settled``: no round is begun once this many are played."""
    top: int | None = Field(default=None, ge=2)


SETTINGS_KEY = "final"


def settings_of(db: sqlite3.Connection) -> FinalSettings | None:
    row = db.execute("SELECT value FROM meta WHERE key = ?", (SETTINGS_KEY,)).fetchone()
    if row is None:
        return None
    try:
        return FinalSettings.model_validate_json(row[0])
    except ValueError:
        raise store.damaged(db, f"its setting {SETTINGS_KEY} is not a final's settings") from None


def groups_for(games_per_table: int, players: int) -> int:
    """Whole duplicate groups covering ``games_per_table`` games (a group is every seating)."""
    return max(1, math.ceil(games_per_table / len(duplicate_seatings(players))))


@dataclass(frozen=True)
class Begun:
    settings: FinalSettings
    field: list[finalists.Finalist]
    resumed: bool
    """True when the final had begun before (its settings and schedule kept)."""


def begin(db: sqlite3.Connection, wanted: FinalSettings) -> Begun:
    """Enter the final (from ``closed``), take the field and plan what can be planned; a final
    that began already is resumed with its own settings (``wanted`` is then ignored, and the
    caller says so if they differ)."""
    with store.transaction(db):
        held = settings_of(db)
        contest.begin_final(db)
        if held is None:
            db.execute(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)",
                (SETTINGS_KEY, wanted.model_dump_json()),
            )
        settings = held or wanted
        field = finalists.take_field(db, settings.top)
        players = int(store.read_meta(db)["players"])
        if len(field) < players:
            raise contest.ContestError(
                f"a final of {players}-player tables needs at least {players} finalists; "
                f"the ladder has {len(field)} enabled entrants"
            )
        if held is None:
            rounds = 1 if settings.until_settled else int(settings.rounds or DEFAULT_ROUNDS)
            for number in range(1, rounds + 1):
                _plan_round(db, field, players, number)
        _reclaim(db)
    return Begun(settings, field, resumed=held is not None)


def _plan_round(
    db: sqlite3.Connection, field: list[finalists.Finalist], players: int, number: int
) -> None:
    master = int(store.read_meta(db)["seed"])
    rng = chance.generator(master, "final-schedule", number)
    planned = [json.loads(r[0]) for r in db.execute("SELECT entrants FROM final_matches")]
    met = final_schedule.meetings(planned)
    ids = [f.entrant_id for f in field]
    for table in final_schedule.plan_round(ids, players, rng, met):
        db.execute(
            "INSERT INTO final_matches (round, entrants, status) VALUES (?, ?, 'planned')",
            (number, json.dumps(table)),
        )


def _reclaim(db: sqlite3.Connection) -> int:
    """Matches left running by a final that died go back to the plan, their half-written
    replays removed: they are played again from the start, with the same seeds."""
    back = 0
    cutoff = time.time() - service.STALE_SECONDS
    here = store.location(db)
    rows = db.execute(
        "SELECT id, worker, heartbeat FROM final_matches WHERE status = 'running'"
    ).fetchall()
    for row in rows:
        alive = service.worker_alive(str(row["worker"]))
        if alive is False or (alive is None and float(row["heartbeat"] or 0) < cutoff):
            shutil.rmtree(_replays_of(here, int(row["id"])), ignore_errors=True)
            db.execute(
                "UPDATE final_matches SET status = 'planned', worker = NULL WHERE id = ?",
                (row["id"],),
            )
            back += 1
    return back


def _replays_of(ladder: Path, match_id: int) -> Path:
    return paths.files_dir(ladder) / "replays" / f"final-{match_id:06d}"


def _spec(db: sqlite3.Connection, meta: dict[str, Any], row: sqlite3.Row, groups: int) -> MatchSpec:
    by_id = {f.entrant_id: f for f in finalists.finalists(db)}
    seated = [by_id[int(e)] for e in json.loads(row["entrants"])]
    origin = Origin(store.ladder_id_of(meta), "final", int(row["id"]))
    return MatchSpec(
        match_id=int(row["id"]),
        game=meta["game"],
        rules=meta["rules"],
        rules_label=meta.get("rules_label", "classic"),
        bots=[f.bot for f in seated],
        names=[f.name for f in seated],
        seed=int(match_seed(int(meta["seed"]), origin), 16),
        time=meta["time"],
        replays=str(_replays_of(store.location(db), int(row["id"]))),
        options={
            "sandbox": meta.get("sandbox"),
            "compress": bool(meta.get("compress")),
            "digests": [f.digest for f in seated],
        },
        groups=groups,
        origin=origin,
    )


def _claim(db: sqlite3.Connection, worker: str, groups: int) -> tuple[MatchSpec, list[int]] | None:
    with store.transaction(db):
        row = db.execute(
            "SELECT id, entrants FROM final_matches WHERE status = 'planned' ORDER BY id LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        db.execute(
            "UPDATE final_matches SET status = 'running', worker = ?, heartbeat = ? WHERE id = ?",
            (worker, time.time(), row["id"]),
        )
        meta = store.read_meta(db)
        return _spec(db, meta, row, groups), [int(e) for e in json.loads(row["entrants"])]


def _record(
    db: sqlite3.Connection, worker: str, spec: MatchSpec, seated: list[int], outcome: MatchOutcome
) -> bool:
    here = store.location(db)
    with store.transaction(db):
        row = db.execute(
            "SELECT status, worker FROM final_matches WHERE id = ?", (spec.match_id,)
        ).fetchone()
        if row is None or row["status"] != "running" or row["worker"] != worker:
            return False
        for index, entrant_id in enumerate(seated):
            result = outcome.entrants[index]
            db.execute(
                "INSERT INTO final_results VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    spec.match_id,
                    entrant_id,
                    result.games,
                    result.wins,
                    result.place_sum,
                    result.score_sum,
                    result.faults,
                    result.fault_games,
                ),
            )
        summary = {
            "rankings": [[seated[i] for i in game] for game in outcome.rankings],
            "faults": outcome.fault_kinds,
            "unrunnable": {str(seated[s]): why for s, why in outcome.unrunnable.items()},
        }
        db.execute(
            "UPDATE final_matches SET status = 'done', finished = ?, replays = ?, summary = ? "
            "WHERE id = ?",
            (
                store.now_iso(),
                json.dumps([paths.stored_replay(r, here) for r in outcome.replays]),
                json.dumps(summary),
                spec.match_id,
            ),
        )
    return True


def _games_played(db: sqlite3.Connection) -> int:
    return len(final_standings.rankings(db))


def _next_step(db: sqlite3.Connection, settings: FinalSettings) -> final_standings.Stopped | None:
    """With nothing left planned: why the final is over, or None after planning one more
    round (``until_settled`` only)."""
    meta = store.read_meta(db)
    if not settings.until_settled:
        return "rounds"
    table = final_standings.compute(db, settings.confidence, "final")
    if table.settled:
        return "settled"
    if settings.max_games is not None and _games_played(db) >= settings.max_games:
        return "budget"
    with store.transaction(db):
        number = int(db.execute("SELECT COALESCE(MAX(round), 0) FROM final_matches").fetchone()[0])
        _plan_round(db, finalists.finalists(db), int(meta["players"]), number + 1)
    return None


def conclude(
    db: sqlite3.Connection, settings: FinalSettings, stopped: final_standings.Stopped
) -> final_standings.FinalStandings:
    """Fit the final's games, freeze the standings and finish the contest, in one step."""
    table = final_standings.compute(
        db, settings.confidence, "finished", frozen=True, stopped=stopped
    )
    with store.transaction(db):
        final_standings.freeze(db, table)
        contest.finish(db)
    return table


Progress = Callable[[int, int], None]
"""Told (matches done, matches planned) after each recorded match."""


async def play(
    db_path: Path,
    executor: Executor,
    settings: FinalSettings,
    concurrency: int,
    stop: asyncio.Event,
    on_recorded: Progress | None = None,
    on_failure: Callable[[int, Exception], None] | None = None,
) -> final_standings.FinalStandings | None:
    """Play the planned matches (and, until settled, further rounds); the frozen standings
    at the end, or None when stopped first (``stop``) — a later call resumes."""
    db = store.connect(db_path)
    worker = service.worker_id()
    running: dict[asyncio.Task[MatchOutcome], tuple[MatchSpec, list[int]]] = {}
    last_beat = time.monotonic()
    try:
        while True:
            while not stop.is_set() and len(running) < concurrency:
                claimed = _claim(db, worker, settings.groups)
                if claimed is None:
                    break
                running[asyncio.ensure_future(executor.run(claimed[0]))] = claimed
            if not running:
                if stop.is_set():
                    return None
                stopped = _next_step(db, settings)
                if stopped is not None:
                    return conclude(db, settings, stopped)
                continue
            finished, _ = await asyncio.wait(
                running, timeout=service.HEARTBEAT_SECONDS, return_when=asyncio.FIRST_COMPLETED
            )
            for task in finished:
                spec, seated = running.pop(task)
                try:
                    outcome = task.result()
                except Exception as error:
                    _put_back(db, spec.match_id)
                    if on_failure is not None:
                        on_failure(spec.match_id, error)
                    stop.set()  # a final must not skip a table: stop, and let a resume retry
                    continue
                if _record(db, worker, spec, seated, outcome) and on_recorded is not None:
                    done, planned = _counts(db)
                    on_recorded(done, planned)
            if time.monotonic() - last_beat >= service.HEARTBEAT_SECONDS and running:
                with store.transaction(db):
                    for spec, _ in running.values():
                        db.execute(
                            "UPDATE final_matches SET heartbeat = ? WHERE id = ?",
                            (time.time(), spec.match_id),
                        )
                last_beat = time.monotonic()
    except BaseException:
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        for spec, _ in running.values():
            _put_back(db, spec.match_id)
        raise
    finally:
        db.close()


def _put_back(db: sqlite3.Connection, match_id: int) -> None:
    shutil.rmtree(_replays_of(store.location(db), match_id), ignore_errors=True)
    with store.transaction(db):
        db.execute(
            "UPDATE final_matches SET status = 'planned', worker = NULL WHERE id = ? "
            "AND status = 'running'",
            (match_id,),
        )


def _counts(db: sqlite3.Connection) -> tuple[int, int]:
    row = db.execute("SELECT SUM(status = 'done'), COUNT(*) FROM final_matches").fetchone()
    return int(row[0] or 0), int(row[1] or 0)
