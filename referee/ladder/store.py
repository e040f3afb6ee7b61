"""The ladder's SQLite file: every entrant, match, result and rating change.

WAL mode and a busy timeout let several ``ladder run`` processes (two terminals, a cron job)
share one file; every change that belongs together — a match result and the rating update it
causes — is one ``BEGIN IMMEDIATE`` transaction, so a process killed at any moment leaves either
all of it or none of it.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import hashlib
import json
import os
import random
import sqlite3
import time
import urllib.parse
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.ladder import paths

SCHEMA_VERSION = 2
"""2: bot commands stored with absolute paths, replays relative to the ladder's files folder."""

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


MARK = "thousand-ladder"
"""The value of the ``format`` key in a ladder's ``meta`` table: what makes a file ours."""


def _read_only_uri(path: Path, flag: str) -> str:
    return f"file:{urllib.parse.quote(str(path.resolve()))}?{flag}"


def _open_read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot write, also on a read-only mount.

    ``mode=ro`` sees the write-ahead log of a live ladder, but needs the ``-shm`` file or the
    right to create it; on a read-only mount without one, ``immutable=1`` reads the database
    file alone — all of it, since a ladder closed cleanly leaves no log behind.
    """
    last: sqlite3.Error | None = None
    # immutable=1 takes no locks and ignores the log: only for a file nobody can write here.
    # On a writable ladder it could read a stale database while a run writes, and mixing it
    # with locking connections in one process upset SQLite ("disk I/O error").
    flags = ("mode=ro",) if writable(path) else ("mode=ro", "immutable=1")
    for flag in flags:
        db = sqlite3.connect(_read_only_uri(path, flag), uri=True, timeout=30.0)
        try:
            db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as error:
            db.close()
            last = error
            continue
        db.row_factory = sqlite3.Row
        return db
    raise LadderError(f"cannot read {path}: {last}")


def _open_for_reading(path: Path) -> sqlite3.Connection:
    """A connection for a command that only reads. Where the ladder can be written, an
    ordinary one kept from writing by ``query_only`` (it tidies SQLite's log files away when
    it closes, as a writer does); elsewhere a read-only one."""
    if not writable(path):
        return _open_read_only(path)
    db = sqlite3.connect(path, timeout=30.0, isolation_level=None)
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA busy_timeout = 30000")
    db.execute("PRAGMA query_only = ON")
    return db


def _recognise(path: Path) -> None:
    """Is ``path`` a ladder? Decided without changing a byte of it (nor creating files next
    to a rollback-journal database): a regular file, SQLite's header, and our ``meta`` table
    with our mark — read through a read-only connection. Ladders made before the mark existed
    are known by their meta keys and tables."""
    if not path.exists():
        raise LadderError(f"no ladder at {path} (create one with: thousand ladder init {path})")
    if not path.is_file():
        raise LadderError(f"{path} is not a ladder: it is not a regular file")
    # Never open() the file ourselves: closing any descriptor of it drops every POSIX lock
    # this process holds on it, also those of SQLite connections still open (a server's), and
    # SQLite then reports "disk I/O error". SQLite's own handles know to share one descriptor.
    if path.stat().st_size == 0:
        raise LadderError(f"{path} is not a ladder database (an empty file)")
    if not os.access(path, os.R_OK):
        raise LadderError(f"cannot read {path}: Permission denied")
    try:
        db = _open_read_only(path)
    except LadderError:
        raise LadderError(f"{path} is not a ladder database (SQLite cannot open it)") from None
    try:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        keys: dict[str, str] = {}
        if "meta" in tables:
            keys = {str(r[0]): str(r[1]) for r in db.execute("SELECT key, value FROM meta")}
    except sqlite3.Error as error:
        if "not a database" in str(error):
            raise LadderError(f"{path} is not a ladder database (not an SQLite database)") from None
        raise LadderError(f"{path} is not a ladder database: {error}") from None
    finally:
        db.close()
    ours = keys.get("format") == json.dumps(MARK)
    legacy = {"schema", "game", "players"} <= keys.keys() and {"entrants", "matches"} <= tables
    if not (ours or legacy):
        raise LadderError(f"{path} is not a ladder database (an SQLite file of another program)")


def writable(path: Path) -> bool:
    """Can this process write the ladder? The file and its folder (SQLite writes its log and
    shared-memory files next to the database). ``access`` answers for root too on a read-only
    mount, where permissions alone would not stop root."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def connect(path: Path, *, create: bool = False, write: bool = True) -> sqlite3.Connection:
    """Open a ladder. Nothing is changed in a file that is not one. ``write=False`` opens a
    connection that cannot write (standings, lists), which also works on a read-only mount."""
    if create:
        if path.exists() or path.is_symlink():
            raise LadderError(f"{path} already exists")
        if not path.parent.is_dir():
            raise LadderError(f"folder does not exist: {path.parent}")
        if not os.access(path.parent, os.W_OK):
            raise LadderError(f"cannot create a ladder in {path.parent}: the folder is read-only")
    else:
        _recognise(path)
        if not write:
            return _open_for_reading(path)
        if not writable(path):
            raise LadderError(
                f"the ladder {path} is read-only (its file, folder or mount): this command "
                "writes to it; standings, list and games still work"
            )
    try:
        db = sqlite3.connect(path, timeout=30.0, isolation_level=None)
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA busy_timeout = 30000")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
        if not create:
            upgrade(db, path)
    except sqlite3.DatabaseError as error:
        if is_disk_full(error):
            raise DiskFull(f"cannot write the ladder {path}: the disk is full") from None
        raise LadderError(f"{path} is not a ladder database: {error}") from None
    return db


def location(db: sqlite3.Connection) -> Path:
    """The absolute path of the database file behind a connection."""
    for row in db.execute("PRAGMA database_list"):
        if row[1] == "main":
            return Path(row[2])
    raise LadderError("the ladder connection has no database file")


def is_disk_full(error: BaseException) -> bool:
    """A write refused for want of space (a full disk, a quota), from SQLite or the OS."""
    if isinstance(error, sqlite3.Error):
        return getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or (
            "database or disk is full" in str(error)
        )
    return isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT)


class DiskFull(LadderError):
    """The disk (or a quota) is full: the write that needed the space did not happen."""


FULL_MESSAGE = "the disk is full (writing to the ladder database)"


def ladder_id(db: sqlite3.Connection) -> str:
    """This ladder's own id: what keeps another ladder at the same path (the file deleted and
    made anew) from being mistaken for this one, e.g. by its exported game pages."""
    return ladder_id_of(read_meta(db))


def ladder_id_of(meta: dict[str, Any]) -> str:
    stored = meta.get("ladder_id")
    if isinstance(stored, str) and stored:
        return stored
    # A ladder from before ids, read where it cannot be written: the id its first write will
    # store, derived from its creation (see ``upgrade``).
    seen = json.dumps([meta.get("created"), meta.get("game"), meta.get("rules")], sort_keys=True)
    return "legacy-" + hashlib.sha256(seen.encode()).hexdigest()[:24]


def upgrade(db: sqlite3.Connection, path: Path) -> None:
    """Bring a ladder made by an older version up to date on its first write: our mark, an id,
    and (schema 1 → 2) the paths it stored relative to wherever ``ladder run`` was started —
    bots made absolute and replays made relative to the files folder, both guessed relative to
    the database's folder (where the old documentation ran every command)."""
    meta = read_meta(db)
    if meta.get("format") == MARK and int(meta.get("schema", 0)) >= SCHEMA_VERSION:
        return
    absolute = Path(os.path.abspath(path))
    with transaction(db):
        meta = read_meta(db)
        db.execute("INSERT OR REPLACE INTO meta VALUES ('format', ?)", (json.dumps(MARK),))
        if "ladder_id" not in meta:
            db.execute(
                "INSERT INTO meta VALUES ('ladder_id', ?)", (json.dumps(ladder_id_of(meta)),)
            )
        if int(meta.get("schema", 0)) < 2:
            for row in db.execute("SELECT id, bot FROM entrants").fetchall():
                db.execute(
                    "UPDATE entrants SET bot = ? WHERE id = ?",
                    (paths.absolute_bot(row["bot"], absolute.parent), row["id"]),
                )
            query = "SELECT id, replays FROM matches WHERE replays IS NOT NULL"
            for row in db.execute(query).fetchall():
                moved = [paths.migrated_replay(r, absolute) for r in json.loads(row["replays"])]
                db.execute(
                    "UPDATE matches SET replays = ? WHERE id = ?", (json.dumps(moved), row["id"])
                )
        db.execute(
            "INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (json.dumps(SCHEMA_VERSION),)
        )


@contextlib.contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` with retries: the write lock is taken up front, so two processes
    never both read a state and then both act on it."""
    for attempt in range(60):
        try:
            db.execute("BEGIN IMMEDIATE")
            break
        except sqlite3.OperationalError as error:
            if is_disk_full(error):
                raise DiskFull(FULL_MESSAGE) from None
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            time.sleep(0.05 + random.random() * 0.1 * (attempt + 1))
    else:
        raise LadderError("the ladder database stayed locked for too long")
    try:
        yield db
        db.execute("COMMIT")
    except BaseException as error:
        # SQLite has already rolled back after some errors (a full disk): only roll back what
        # is still open, so the error that matters is the one raised.
        if db.in_transaction:
            db.execute("ROLLBACK")
        if is_disk_full(error):
            raise DiskFull(FULL_MESSAGE) from None
        raise


def init(path: Path, meta: dict[str, Any]) -> None:
    """A new ladder, private to its owner: the database (its master seed decides every deal)
    and the files folder (replays, logs, submissions) are closed to every other user, the
    sandbox user that bots run as included; SQLite gives its journal files the database's
    mode."""
    db = connect(path, create=True)
    os.chmod(path, 0o600)
    with contextlib.suppress(FileExistsError):
        paths.files_dir(path).mkdir(mode=0o700)
    mine = {
        "format": MARK,
        "ladder_id": uuid.uuid4().hex,
        "schema": SCHEMA_VERSION,
        "created": now_iso(),
    }
    try:
        db.executescript(SCHEMA)
        with transaction(db):
            for key, value in {**meta, **mine}.items():
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
