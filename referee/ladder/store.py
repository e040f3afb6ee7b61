"""The ladder's SQLite file: every entrant, match, result and rating change.

WAL mode and a busy timeout let several ``ladder run`` processes (two terminals, a cron job)
share one file; every change that belongs together — a match result and the rating update it
causes — is one ``BEGIN IMMEDIATE`` transaction, so a process killed at any moment leaves either
all of it or none of it.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import random
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entrants (
    id INTEGER PRIMARY KEY,
    name TEXT UNIQUE NOT NULL,
    bot TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    digest TEXT,
    enabled INTEGER NOT NULL DEFAULT 1,
    added TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL DEFAULT 0,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    place_sum INTEGER NOT NULL DEFAULT 0,
    faults INTEGER NOT NULL DEFAULT 0,
    fault_games INTEGER NOT NULL DEFAULT 0,
    last_played TEXT
);
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    status TEXT NOT NULL CHECK (status IN ('running', 'done', 'abandoned')),
    entrants TEXT NOT NULL,
    versions TEXT NOT NULL,
    seed INTEGER NOT NULL,
    worker TEXT NOT NULL,
    claimed REAL NOT NULL,
    heartbeat REAL NOT NULL,
    finished TEXT,
    replays TEXT,
    summary TEXT
);
CREATE INDEX IF NOT EXISTS matches_status ON matches (status);
CREATE TABLE IF NOT EXISTS results (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    entrant_id INTEGER NOT NULL REFERENCES entrants (id),
    version INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    place_sum INTEGER NOT NULL,
    score_sum INTEGER NOT NULL,
    faults INTEGER NOT NULL,
    fault_games INTEGER NOT NULL,
    PRIMARY KEY (match_id, entrant_id)
);
CREATE TABLE IF NOT EXISTS rating_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('match', 'reset')),
    match_id INTEGER UNIQUE REFERENCES matches (id),
    entrant_id INTEGER REFERENCES entrants (id)
);
CREATE TABLE IF NOT EXISTS ratings (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    entrant_id INTEGER NOT NULL REFERENCES entrants (id),
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL,
    sigma_after REAL NOT NULL,
    PRIMARY KEY (match_id, entrant_id)
);
"""


class LadderError(ValueError):
    """A mistake a person can make with a ladder; one line."""


def now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Entrant:
    id: int
    name: str
    bot: str
    version: int
    digest: str | None
    enabled: bool
    added: str
    mu: float
    sigma: float
    matches: int
    games: int
    wins: int
    place_sum: int
    faults: int
    fault_games: int
    last_played: str | None

    @property
    def fault_rate(self) -> float:
        return self.fault_games / self.games if self.games else 0.0


def connect(path: Path, *, create: bool = False) -> sqlite3.Connection:
    if not create and not path.is_file():
        raise LadderError(f"no ladder at {path} (create one with: thousand ladder init {path})")
    if create and path.exists():
        raise LadderError(f"{path} already exists")
    if create and not path.parent.is_dir():
        raise LadderError(f"folder does not exist: {path.parent}")
    try:
        db = sqlite3.connect(path, timeout=30.0, isolation_level=None)
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA busy_timeout = 30000")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
        if not create:
            db.execute("SELECT value FROM meta WHERE key = 'game'").fetchone()
    except sqlite3.DatabaseError as error:
        raise LadderError(f"{path} is not a ladder database: {error}") from None
    return db


@contextlib.contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` with retries: the write lock is taken up front, so two processes
    never both read a state and then both act on it."""
    for attempt in range(60):
        try:
            db.execute("BEGIN IMMEDIATE")
            break
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            time.sleep(0.05 + random.random() * 0.1 * (attempt + 1))
    else:
        raise LadderError("the ladder database stayed locked for too long")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    else:
        db.execute("COMMIT")


def init(path: Path, meta: dict[str, Any]) -> None:
    db = connect(path, create=True)
    try:
        db.executescript(SCHEMA)
        with transaction(db):
            for key, value in {**meta, "schema": SCHEMA_VERSION, "created": now_iso()}.items():
                db.execute("INSERT INTO meta VALUES (?, ?)", (key, json.dumps(value)))
    finally:
        db.close()


def read_meta(db: sqlite3.Connection) -> dict[str, Any]:
    return {row["key"]: json.loads(row["value"]) for row in db.execute("SELECT * FROM meta")}


def _entrant(row: sqlite3.Row) -> Entrant:
    data = dict(row)
    data["enabled"] = bool(data["enabled"])
    return Entrant(**data)


def entrants(db: sqlite3.Connection, *, enabled_only: bool = False) -> list[Entrant]:
    query = "SELECT * FROM entrants" + (" WHERE enabled = 1" if enabled_only else "")
    return [_entrant(row) for row in db.execute(query + " ORDER BY id")]


def entrant_by_name(db: sqlite3.Connection, name: str) -> Entrant:
    row = db.execute("SELECT * FROM entrants WHERE name = ?", (name,)).fetchone()
    if row is None:
        known = ", ".join(e.name for e in entrants(db)) or "none yet"
        raise LadderError(f"no entrant named {name!r} (entrants: {known})")
    return _entrant(row)
