"""Each finished game of a ladder (and of its final) analysed once, off the match path (issue 32).

The analyser is a loop of its own, run by the contest server in a separate process under the
lowest CPU priority (``referee.web.analysis_worker``): it never runs in the process that plays
or records matches, never holds the ladder's write lock while it computes, and a page never
waits for it. It reads finished matches and their replays, analyses each game with
``thousand analyse``'s own function (``referee.analysis.games.analyse_file``: dice valued
exactly by the solved table, cards by the expert's sampling within a per-decision budget), and
writes one row of the ``analyses`` table (migration 5) per game, in one short transaction.

Why a table in the ladder and not a file beside the replay: the finished games not yet
analysed are then one indexed query away (files would need a stat of every replay of every
match at each look), a result and its failure are recorded alike, and the pages already read
the ladder. The row is written only when the analysis is whole, with ``INSERT OR IGNORE``: a
process killed mid-analysis leaves no row and the game is analysed again at the next start; a
game with a row is never analysed again.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from pydantic import ValidationError

from referee.analysis.cards import Budget
from referee.analysis.games import analyse_file
from referee.analysis.report import GameAnalysis
from referee.ladder import paths, store
from thousand.errors import ThousandError

log = logging.getLogger("thousand.analysis")

Kind = Literal["ladder", "final"]
Writing = Callable[[], AbstractContextManager[object]]
TABLES: Final[dict[Kind, str]] = {"ladder": "matches", "final": "final_matches"}
"""Where each kind of match is recorded (the names are fixed here, never taken from input)."""
BATCH: Final = 200
"""Finished matches read at one look: a ladder of a million is walked a batch at a time."""
ERROR_LIMIT: Final = 300
NEWEST: Final = 20
"""The most recent finished matches, looked at in turn with the backlog: the games people open
are the new ones, and on a busy card ladder the backlog can take hours to clear."""


@dataclass(frozen=True)
class Settings:
    """How hard the server's analyser works: an organiser's bound (``ladder serve``)."""

    card_budget_ms: float = 50.0
    """CPU milliseconds sampled per card decision (dice games are exact whatever it is)."""
    idle_seconds: float = 2.0
    """How long the analyser sleeps when every finished game is analysed."""
    cpu_share: float = 0.1
    """The share of one core the analyser's process may use (1.0: as much as it is given;
    enforced by the process that runs it, ``referee.web.analysis_worker``)."""

    def budget(self) -> Budget:
        return Budget(cpu_ms=self.card_budget_ms)


def public_name(kind: Kind, match_id: int, game: int) -> str:
    """A game's file as the server names it to everyone: as its replay's download is named
    (``match-ID-game-N``, ``final-ID-game-N``)."""
    return f"{'match' if kind == 'ladder' else 'final'}-{match_id}-game-{game}.jsonl"


@dataclass(frozen=True)
class FinishedGame:
    """A game of a recorded match, by the numbers the server's addresses use."""

    kind: Kind
    match_id: int
    game: int
    """From 1, as every URL numbers a match's games."""
    replay: Path

    @property
    def public_name(self) -> str:
        """The name the analysis gives the game's file: the download's, never a server path."""
        return public_name(self.kind, self.match_id, self.game)


@dataclass(frozen=True)
class Stored:
    """What the ladder holds of one game's analysis."""

    status: Literal["done", "failed"]
    analysis: GameAnalysis | None
    error: str | None
    analysed: str
    worker: int
    cpu_seconds: float


# ------------------------------------------------------------------------------ reading


def stored(db: sqlite3.Connection, kind: Kind, match_id: int, game: int) -> Stored | None:
    """The analysis of game ``game`` of a match, or None while it is pending. A document the
    table holds but this thousand cannot read is a failure, not a crash of the page."""
    row = db.execute(
        "SELECT status, document, error, analysed, worker, cpu_seconds FROM analyses "
        "WHERE kind = ? AND match_id = ? AND game = ?",
        (kind, match_id, game),
    ).fetchone()
    if row is None:
        return None
    status, document, error, analysed, worker, cpu = tuple(row)
    analysis = None
    if status == "done":
        try:
            analysis = GameAnalysis.model_validate_json(document or "")
        except ValidationError:
            status, error = "failed", "the stored analysis cannot be read by this thousand"
    return Stored(status, analysis, error, str(analysed), int(worker), float(cpu))


def stored_replays(text: str | None) -> list[str]:
    """A recorded match's ``replays`` column as its list of stored paths (none if damaged)."""
    try:
        found = json.loads(text) if text else []
    except ValueError:
        return []
    if not isinstance(found, list):
        return []
    return [item for item in found if isinstance(item, str)]


def _replays(db: sqlite3.Connection, text: str | None) -> list[Path]:
    here = store.location(db)
    return [paths.replay_file(item, here) for item in stored_replays(text)]


class Finder:
    """The finished games still to analyse, found a batch of matches at a time.

    Matches finish out of order (several played at once; the final plans its matches ahead),
    so the finder keeps a floor: every match at or below it is recorded and has a row for
    each of its games. The floor never passes a match still to finish, and each look reads
    only the matches above it: at a restart the floor starts at 0 and the first looks walk the
    ladder once."""

    def __init__(self) -> None:
        self.floors: dict[Kind, int] = {"ladder": 0, "final": 0}
        self.fresh = False  # whether the last look began with the newest matches

    def next_games(self, db: sqlite3.Connection) -> list[FinishedGame]:
        """The games to analyse next, from the newest finished matches (newest match first)
        and from the backlog (oldest first) in turn: people open the games just played, and
        on a ladder that records matches faster than they are analysed the backlog must
        still move (each side comes first at every other look; an empty one yields)."""
        self.fresh = not self.fresh
        looks = (self._newest, self._look) if self.fresh else (self._look, self._newest)
        for look in looks:
            for kind in TABLES:
                games = look(db, kind)
                if games:
                    return games
        return []

    def _newest(self, db: sqlite3.Connection, kind: Kind) -> list[FinishedGame]:
        rows = db.execute(
            f"SELECT id, replays FROM {TABLES[kind]} WHERE status = 'done' "
            "ORDER BY id DESC LIMIT ?",
            (NEWEST,),
        ).fetchall()
        if not rows:
            return []
        done = _analysed(db, kind, int(rows[-1][0]), int(rows[0][0]))
        return [
            FinishedGame(kind, int(row[0]), index, path)
            for row in rows
            for index, path in enumerate(_replays(db, row[1]), start=1)
            if (int(row[0]), index) not in done
        ]

    def _look(self, db: sqlite3.Connection, kind: Kind) -> list[FinishedGame]:
        table = TABLES[kind]
        floor = self.floors[kind]
        # The unfinished first: a match that ends between the two reads stays above the new
        # floor and is found at the next look.
        unfinished = db.execute(
            f"SELECT MIN(id) FROM {table} WHERE id > ? AND status IN ('running', 'planned')",
            (floor,),
        ).fetchone()[0]
        below = None if unfinished is None else int(unfinished) - 1
        cursor = floor
        while True:
            rows = db.execute(
                f"SELECT id, replays FROM {table} WHERE id > ? AND status = 'done' "
                "ORDER BY id LIMIT ?",
                (cursor, BATCH),
            ).fetchall()
            if not rows:
                break
            done = _analysed(db, kind, int(rows[0][0]), int(rows[-1][0]))
            games = [
                FinishedGame(kind, int(row[0]), index, path)
                for row in rows
                for index, path in enumerate(_replays(db, row[1]), start=1)
                if (int(row[0]), index) not in done
            ]
            if games:
                return games
            cursor = int(rows[-1][0])
            self.floors[kind] = max(floor, cursor if below is None else min(cursor, below))
        if below is None:
            top = db.execute(f"SELECT COALESCE(MAX(id), 0) FROM {table}").fetchone()[0]
            self.floors[kind] = max(floor, int(top))
        return []


def _analysed(db: sqlite3.Connection, kind: Kind, low: int, high: int) -> set[tuple[int, int]]:
    rows = db.execute(
        "SELECT match_id, game FROM analyses WHERE kind = ? AND match_id BETWEEN ? AND ?",
        (kind, low, high),
    )
    return {(int(m), int(g)) for m, g in rows}


# ------------------------------------------------------------------------------ analysing


def analyse(game: FinishedGame, settings: Settings) -> tuple[GameAnalysis | None, str | None]:
    """One game's analysis, or the one line that says why it has none (a replay deleted or
    damaged by hand). Never raises for a bad file: the analyser goes on with the next game."""
    try:
        found = analyse_file(game.replay, None, settings.budget())
    except (ThousandError, ValueError, OSError) as error:
        text = str(error).splitlines()[0] if str(error) else type(error).__name__
        return None, text.replace(str(game.replay), game.public_name)[:ERROR_LIMIT]
    except Exception as error:
        # A bug, met on a file anyone's bot helped write: said in the server's log with its
        # traceback, and kept as this game's failure, so that the games after it are still
        # analysed (a crash would restart the analyser on this same game, forever).
        log.exception("analysing %s", game.public_name)
        return None, f"the analysis failed ({type(error).__name__}); the server's log says why"
    return found.model_copy(update={"file": game.public_name}), None


def record(
    db: sqlite3.Connection,
    game: FinishedGame,
    analysis: GameAnalysis | None,
    error: str | None,
    cpu_seconds: float,
    writing: Writing = contextlib.nullcontext,
) -> bool:
    """Keep one game's analysis (or its failure) in one short transaction: the computing is
    done before the write lock is taken, and ``writing`` surrounds the transaction (the
    server's analyser holds its pauses off while it holds the lock). False if the game had
    one already."""
    with writing(), store.transaction(db):
        cursor = db.execute(
            "INSERT OR IGNORE INTO analyses (kind, match_id, game, status, document, error, "
            "analysed, worker, cpu_seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game.kind,
                game.match_id,
                game.game,
                "done" if analysis is not None else "failed",
                analysis.model_dump_json() if analysis is not None else None,
                error,
                store.now_iso(),
                os.getpid(),
                cpu_seconds,
            ),
        )
        return cursor.rowcount == 1


def analyse_waiting(
    db: sqlite3.Connection,
    finder: Finder,
    settings: Settings,
    stop: Callable[[], bool],
    writing: Writing = contextlib.nullcontext,
) -> Iterator[FinishedGame]:
    """Analyse and record the games waiting now, one at a time, until none is left or ``stop``
    says so; yields each game recorded. The queue is read again after each game, so that a
    match recorded meanwhile comes before the backlog."""
    while not stop():
        games = finder.next_games(db)
        if not games:
            return
        game = games[0]
        began = time.process_time()
        analysis, error = analyse(game, settings)
        if record(db, game, analysis, error, time.process_time() - began, writing):
            yield game


def run_forever(
    db_path: Path,
    settings: Settings,
    stop: Callable[[], bool],
    writing: Writing = contextlib.nullcontext,
) -> None:
    """The analyser's loop: analyse whatever has finished, sleep, look again, until ``stop``."""
    db = store.connect(db_path)
    try:
        finder = Finder()
        while not stop():
            for game in analyse_waiting(db, finder, settings, stop, writing):
                log.info("analysed %s match %d game %d", game.kind, game.match_id, game.game)
            deadline = time.monotonic() + settings.idle_seconds
            while not stop() and time.monotonic() < deadline:
                time.sleep(min(0.2, settings.idle_seconds))
    finally:
        db.close()
