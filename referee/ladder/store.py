"""The ladder's SQLite file: every entrant, match, result and rating change.

WAL mode and a busy timeout (``LOCK_WAIT``: 30 s, or ``THOUSAND_LADDER_LOCK_WAIT`` seconds) let
several ``ladder run`` processes (two terminals, a cron job) share one file; every change that
belongs together — a match result and the rating update it causes — is one ``BEGIN
IMMEDIATE`` transaction, so a process killed at any moment leaves either all of it or none of it.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import functools
import hashlib
import json
import math
import os
import random
import sqlite3
import time
import urllib.parse
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self, cast

from pydantic import ValidationError

from referee.environment import seconds
from referee.ladder import migrations, paths
from referee.players.sandbox import Sandbox
from referee.safetext import shorten
from thousand.errors import RulesError, ThousandError
from thousand.registry import GAME_NAMES, game_spec

SCHEMA_VERSION = 2
"""The ``schema`` setting in ``meta``, from before the tables had a version of their own. 2: bot
commands stored with absolute paths, replays relative to the ladder's files folder (``upgrade``
brings older ladders there). Frozen at 2, since thousand before ``LADDER`` rewrites the paths
of a ladder whose setting is lower; the tables' own version is ``LADDER``'s, in
``PRAGMA user_version``."""


LOCK_WAIT = seconds("THOUSAND_LADDER_LOCK_WAIT", 30.0, most=3600.0)
"""How long a command waits for a ladder another connection holds locked before it says
"database is locked": SQLite's busy timeout, in seconds. 30 s unless the environment variable
``THOUSAND_LADDER_LOCK_WAIT`` gives another (the tests of that message wait one second)."""

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


INDEXES_2 = """
CREATE INDEX IF NOT EXISTS results_entrant ON results (entrant_id, match_id);
CREATE INDEX IF NOT EXISTS ratings_entrant ON ratings (entrant_id, match_id);
CREATE INDEX IF NOT EXISTS rating_events_entrant ON rating_events (entrant_id);
"""
"""Migration 2: what the entrant's pages, its forfeit streak and its rating chart look up by
entrant (each primary key starts with the match)."""


CONTEST_3 = """
CREATE TABLE IF NOT EXISTS versions (
    entrant_id INTEGER NOT NULL REFERENCES entrants (id),
    version INTEGER NOT NULL,
    bot TEXT NOT NULL,
    digest TEXT,
    added TEXT NOT NULL,
    PRIMARY KEY (entrant_id, version)
);
INSERT OR IGNORE INTO versions (entrant_id, version, bot, digest, added)
    SELECT id, version, bot, digest, added FROM entrants;
CREATE TABLE IF NOT EXISTS final_marks (
    entrant_id INTEGER PRIMARY KEY REFERENCES entrants (id),
    version INTEGER NOT NULL,
    marked TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS final_entrants (
    entrant_id INTEGER PRIMARY KEY REFERENCES entrants (id),
    version INTEGER NOT NULL,
    bot TEXT NOT NULL,
    digest TEXT
);
CREATE TABLE IF NOT EXISTS final_matches (
    id INTEGER PRIMARY KEY,
    round INTEGER NOT NULL,
    entrants TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('planned', 'running', 'done')),
    worker TEXT,
    heartbeat REAL,
    finished TEXT,
    replays TEXT,
    summary TEXT
);
CREATE INDEX IF NOT EXISTS final_matches_status ON final_matches (status, id);
CREATE TABLE IF NOT EXISTS final_results (
    match_id INTEGER NOT NULL REFERENCES final_matches (id),
    entrant_id INTEGER NOT NULL REFERENCES entrants (id),
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    place_sum INTEGER NOT NULL,
    score_sum INTEGER NOT NULL,
    faults INTEGER NOT NULL,
    fault_games INTEGER NOT NULL,
    PRIMARY KEY (match_id, entrant_id)
);
"""
"""Migration 3, a contest's end (``referee.ladder.contest``, ``referee.ladder.final``): every
admitted version of every entrant (the final may play an older one its author marked, and
``entrants`` keeps only the latest), the marks, the final's field as it was taken at its start,
its matches (planned ahead, so that a final killed at any moment resumes the same schedule)
and their results."""


INDEXES_4 = """
CREATE INDEX IF NOT EXISTS results_by_entrant ON results (entrant_id, match_id, version, faults);
CREATE INDEX IF NOT EXISTS ratings_by_entrant
    ON ratings (entrant_id, match_id, mu_before, sigma_before, mu_after, sigma_after);
DROP INDEX IF EXISTS results_entrant;
DROP INDEX IF EXISTS ratings_entrant;
"""
"""Migration 4: migration 2's indexes by entrant made covering. An entrant's few thousand rows
lie scattered over tables of millions (one row a seat of every match), so reading them through
an index that holds only the keys costs a page each; these hold what the entrant's page reads
of them (its versions and faulty matches, its rating chart), in the entrant's order. They begin
with migration 2's keys, which are dropped."""

ANALYSES_5 = """
CREATE TABLE IF NOT EXISTS analyses (
    kind TEXT NOT NULL CHECK (kind IN ('ladder', 'final')),
    match_id INTEGER NOT NULL,
    game INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('done', 'failed')),
    document TEXT,
    error TEXT,
    analysed TEXT NOT NULL,
    worker INTEGER NOT NULL,
    cpu_seconds REAL NOT NULL,
    PRIMARY KEY (kind, match_id, game)
);
"""
"""Migration 5: each finished game's analysis (issue 32), written once by the server's
background analyser (``referee.ladder.analyses``) and read by the game pages. A row is written
only when a game's analysis is whole, so a game without one is still to be analysed."""

LADDER = migrations.Plan(
    "ladder",
    (
        migrations.Migration(
            1,
            "The tables of before the version was kept (SCHEMA): a ladder made then gets the "
            "number alone, a new one the tables.",
            migrations.script(SCHEMA),
        ),
        migrations.Migration(
            2,
            "Indexes for a ladder of a million matches: an entrant's results (its page, its "
            "forfeit streak, /mine) and its rating history by entrant, newest match first, and "
            "the rating resets by entrant; without them each of those reads every row.",
            migrations.script(INDEXES_2),
        ),
        migrations.Migration(
            3,
            "A contest's end: every admitted version of each entrant (the current ones copied "
            "in), each contestant's mark of its final version, and the final's field, "
            "matches and results.",
            migrations.script(CONTEST_3),
        ),
        migrations.Migration(
            4,
            "Migration 2's indexes of results and ratings by entrant made covering: at a "
            "million matches an entrant's page read a scattered table page for each of its "
            "few thousand rows (bench/scale.py).",
            migrations.script(INDEXES_4),
        ),
        migrations.Migration(
            5,
            "Each finished game's analysis (issue 32): computed once, in the background, by "
            "the server's analyser, and kept so that a restart neither redoes nor loses one.",
            migrations.script(ANALYSES_5),
        ),
    ),
)
"""The ladder's tables, step by step: a new column is a new migration at the end (see
``referee.ladder.migrations``), and ``SCHEMA`` stays what migration 1 made."""


class LadderError(ThousandError, ValueError):
    """A mistake a person can make with a ladder; one line."""


class LadderTooNew(LadderError):
    """A file whose tables a newer thousand has moved on: this one does not know their
    columns, so it neither reads nor writes them (a reader would misread them, a writer could
    undo what the newer version keeps). Said in one line with the version found."""

    def __init__(self, path: Path, tables: str, found: int, known: int) -> None:
        super().__init__(
            f"the ladder {path} was made by a newer thousand: its {tables} tables are at "
            f"version {found}, and this thousand knows versions up to {known} (upgrade "
            "thousand to use it)"
        )


class LadderDamaged(LadderError):
    """The file holds what no command of ours writes: a table or column gone, a value of the
    wrong type, pages SQLite cannot make sense of. Someone edited it by hand, a copy stopped
    half-way, a disk went bad. Found where the data is read, so no command goes on with it,
    and said in one line naming the ladder and the damage."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(f"the ladder {path} is damaged: {what}")


class LadderUnavailable(LadderError):
    """SQLite cannot use a ladder just now, for a reason outside the file: an I/O error (a
    full disk refuses even the shared-memory file a reader needs), a lock held too long, a
    read-only mount, a log file it cannot open. Said in SQLite's own words: the ladder may be
    perfectly sound, so it is never called "not a ladder". ``code`` is SQLite's primary result
    code (a lock is waited out, see ``transaction``)."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


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


class DiskFull(LadderError):
    """The disk (or a quota) is full: the write that needed the space did not happen."""


FULL_MESSAGE = "the disk is full (writing to the ladder database)"


def is_disk_full(error: BaseException) -> bool:
    """A write refused for want of space (a full disk, a quota), from SQLite or the OS."""
    if isinstance(error, DiskFull):
        return True
    if isinstance(error, sqlite3.Error):
        return _code(error) == sqlite3.SQLITE_FULL or "database or disk is full" in str(error)
    return isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT)


# ------------------------------------------------------------------ SQLite's errors, named

_DAMAGE_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
_LOCK_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
_UNAVAILABLE_CODES = _LOCK_CODES | {
    sqlite3.SQLITE_IOERR,
    sqlite3.SQLITE_READONLY,
    sqlite3.SQLITE_CANTOPEN,
    sqlite3.SQLITE_PERM,
    sqlite3.SQLITE_NOMEM,
    sqlite3.SQLITE_PROTOCOL,
    sqlite3.SQLITE_NOLFS,
}


def _code(error: sqlite3.Error) -> int | None:
    """SQLite's primary result code (the extended code's low byte)."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _no_room(folder: Path) -> bool:
    try:
        return os.statvfs(folder).f_bavail == 0
    except OSError:
        return False


def _raise_for(error: sqlite3.Error, path: Path) -> None:
    """Raise the ``LadderError`` that ``error`` means for the ladder at ``path`` when a person
    or a disk caused it: damage, a full disk, a file SQLite cannot use now. Returns for every
    other error (a constraint a command handles, a mistake in a query: a bug), which the
    caller re-raises as it is."""
    code = _code(error)
    if code == sqlite3.SQLITE_FULL:
        raise DiskFull(f"cannot write the ladder {path}: the disk is full") from None
    if code in _DAMAGE_CODES:
        raise LadderDamaged(path, f"SQLite says: {error}") from None
    if code is None or code not in _UNAVAILABLE_CODES:
        return
    why = ""
    if code == sqlite3.SQLITE_IOERR and _no_room(path.parent):
        why = " (its disk is full: SQLite needs a little room beside a ladder even to read it)"
    elif code in _LOCK_CODES:
        why = " (another program holds it locked)"
    raise LadderUnavailable(
        f"cannot use the ladder {path}: SQLite says: {error}{why}", code
    ) from None


class _Cursor(sqlite3.Cursor):
    """A cursor of a ``_Connection``: the same translation for the rows read after the query
    started (a damaged page is met when it is reached)."""

    def _failed(self, error: sqlite3.Error) -> None:
        _raise_for(error, cast(_Connection, self.connection).ladder)

    def execute(self, sql: str, parameters: Any = (), /) -> Self:
        try:
            return super().execute(sql, parameters)
        except sqlite3.Error as error:
            self._failed(error)
            raise

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Self:
        try:
            return super().executemany(sql, parameters)
        except sqlite3.Error as error:
            self._failed(error)
            raise

    def executescript(self, sql_script: str, /) -> Self:
        try:
            super().executescript(sql_script)
            return self
        except sqlite3.Error as error:
            self._failed(error)
            raise

    def __next__(self) -> Any:
        try:
            return super().__next__()
        except sqlite3.Error as error:
            self._failed(error)
            raise

    def fetchone(self) -> Any:
        try:
            return super().fetchone()
        except sqlite3.Error as error:
            self._failed(error)
            raise

    def fetchmany(self, size: int | None = 1) -> list[Any]:
        try:
            return super().fetchmany(size)
        except sqlite3.Error as error:
            self._failed(error)
            raise

    def fetchall(self) -> list[Any]:
        try:
            return super().fetchall()
        except sqlite3.Error as error:
            self._failed(error)
            raise


class _Connection(sqlite3.Connection):
    """A connection to the ladder at ``ladder`` whose every query turns the SQLite errors a
    person or a disk causes into ``LadderError``s naming the ladder (``_raise_for``): the
    store's readers, the commands and the run loop above them all read through it, and none
    needs a try/except of its own. Other SQLite errors pass through unchanged."""

    ladder: Path

    def execute(self, sql: str, parameters: Any = (), /) -> _Cursor:
        return self.cursor(_Cursor).execute(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> _Cursor:
        return self.cursor(_Cursor).executemany(sql, parameters)

    def executescript(self, sql_script: str, /) -> _Cursor:
        return self.cursor(_Cursor).executescript(sql_script)


def _sqlite(path: Path, target: str | Path, *, uri: bool = False) -> _Connection:
    """A ``_Connection`` to the ladder at ``path`` (``target``: the path, or a URI for it)."""
    try:
        db = sqlite3.connect(
            target, timeout=LOCK_WAIT, isolation_level=None, uri=uri, factory=_Connection
        )
    except sqlite3.Error as error:
        _raise_for(error, path)
        raise
    db.ladder = path
    db.row_factory = sqlite3.Row
    return db


def _ladder_path(db: sqlite3.Connection) -> Path:
    """The ladder a connection reads, as its command named it (or as SQLite knows it)."""
    return db.ladder if isinstance(db, _Connection) else location(db)


def damaged(db: sqlite3.Connection, what: str) -> LadderDamaged:
    """The error for damage ``what`` found in the ladder behind ``db`` (raise it)."""
    return LadderDamaged(_ladder_path(db), what)


def _shown(value: Any) -> str:
    """A stored value quoted in a message about damage (bounded: it may be anything)."""
    return shorten(repr(value), 60)


# ---------------------------------------------------------------------- opening a ladder

MARK = "thousand-ladder"
"""The value of the ``format`` key in a ladder's ``meta`` table: what makes a file ours."""


def _read_only_uri(path: Path, flag: str) -> str:
    return f"file:{urllib.parse.quote(str(path.resolve()))}?{flag}"


def _open_read_only(path: Path) -> _Connection:
    """A connection that cannot write, also on a read-only mount.

    ``mode=ro`` sees the write-ahead log of a live ladder, but needs the ``-shm`` file or the
    right to create it; on a read-only mount without one, ``immutable=1`` reads the database
    file alone — all of it, since a ladder closed cleanly leaves no log behind. A file SQLite
    cannot read is said as SQLite says it: not an SQLite database, damaged, or not usable now
    (a full disk, a lock), which is no reason to call a sound ladder "not a ladder".
    """
    failures: list[sqlite3.Error] = []
    # immutable=1 takes no locks and ignores the log: only for a file nobody can write here.
    # On a writable ladder it could read a stale database while a run writes, and mixing it
    # with locking connections in one process upset SQLite ("disk I/O error").
    flags = ("mode=ro",) if writable(path) else ("mode=ro", "immutable=1")
    for flag in flags:
        db = _sqlite(path, _read_only_uri(path, flag), uri=True)
        try:
            # The plain method: the first error is judged below, not translated yet.
            sqlite3.Connection.execute(db, "SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as error:
            db.close()
            failures.append(error)
            continue
        return db
    # The ordinary read's failure, unless the fallback's tells more (the file itself is bad).
    failure = next((f for f in failures if _code(f) in _DAMAGE_CODES), failures[0])
    if _code(failure) == sqlite3.SQLITE_NOTADB:
        raise LadderError(f"{path} is not a ladder database (not an SQLite database)")
    _raise_for(failure, path)
    raise LadderError(f"cannot read the ladder {path}: SQLite says: {failure}")


def _open_for_reading(path: Path) -> _Connection:
    """A connection for a command that only reads. Where the ladder can be written, an
    ordinary one kept from writing by ``query_only`` (it tidies SQLite's log files away when
    it closes, as a writer does); elsewhere a read-only one."""
    if not writable(path):
        return _open_read_only(path)
    db = _sqlite(path, path)
    db.execute(f"PRAGMA busy_timeout = {round(LOCK_WAIT * 1000)}")
    db.execute("PRAGMA query_only = ON")
    return db


@functools.cache
def _columns(plan: migrations.Plan, version: int) -> dict[str, tuple[str, ...]]:
    """Every table of a file at ``version`` and its columns, as SQLite reads the schema
    itself (made once per version)."""
    return plan.layout(version)


def _schema_problem(
    db: sqlite3.Connection, tables: set[str], layout: dict[str, tuple[str, ...]]
) -> str | None:
    """A table or column of ``layout`` the file lacks (dropped by hand), or None."""
    for table, columns in layout.items():
        if table not in tables:
            return f"its {table} table is missing"
        have = {str(c[1]) for c in db.execute(f"PRAGMA table_info({table})")}
        missing = [c for c in columns if c not in have]
        if missing:
            return f"its {table} table has no column {', '.join(missing)}"
    return None


def _recognise(path: Path, plan: migrations.Plan) -> None:
    """Is ``path`` a ladder, and a whole one? Decided without changing a byte of it (nor
    creating files next to a rollback-journal database): a regular file, SQLite's header, and
    our ``meta`` table with our mark — read through a read-only connection — then its version
    (a newer thousand's is refused) and every table and column of that version. Ladders made
    before the mark existed are known by their meta keys and tables. The version is asked only
    of a file that is ours: other programs keep their own numbers in ``user_version``."""
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
    db = _open_read_only(path)
    try:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        keys: dict[str, str] = {}
        if "meta" in tables:
            keys = {str(r[0]): str(r[1]) for r in db.execute("SELECT key, value FROM meta")}
        ours = keys.get("format") == json.dumps(MARK)
        legacy = {"schema", "game", "players"} <= keys.keys() and {"entrants", "matches"} <= tables
        if not (ours or legacy):
            if set(_columns(plan, plan.current)) - {"meta"} <= tables:  # a ladder's tables
                what = (
                    "its meta table is missing" if "meta" not in tables else "its settings are gone"
                )
                raise LadderDamaged(path, what)
            raise LadderError(
                f"{path} is not a ladder database (an SQLite file of another program)"
            )
        found = plan.read(db)
        if found > plan.current:
            raise LadderTooNew(path, plan.name, found, plan.current)
        problem = _schema_problem(db, tables, _columns(plan, found))
    finally:
        db.close()
    if problem is not None:
        raise LadderDamaged(path, problem)


def _check_contents(db: sqlite3.Connection) -> None:
    """What every command relies on, read once as it opens the ladder: the settings and the
    entrants (a few rows). Matches and results are checked where they are read."""
    read_meta(db)
    entrants(db)


def writable(path: Path) -> bool:
    """Can this process write the ladder? The file and its folder (SQLite writes its log and
    shared-memory files next to the database). ``access`` answers for root too on a read-only
    mount, where permissions alone would not stop root."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def connect(
    path: Path, *, create: bool = False, write: bool = True, plan: migrations.Plan = LADDER
) -> sqlite3.Connection:
    """Open a ladder. Nothing is changed in a file that is not one, nor in a damaged one, nor
    in one a newer thousand made. ``write=False`` opens a connection that cannot write
    (standings, lists), which also works on a read-only mount; it reads a file of an older
    version as it is. A writing connection first brings the tables to ``plan``'s version (the
    ladder's own, unless a test hands it another list)."""
    if create:
        if path.exists() or path.is_symlink():
            raise LadderError(f"{path} already exists")
        if not path.parent.is_dir():
            raise LadderError(f"folder does not exist: {path.parent}")
        if not os.access(path.parent, os.W_OK):
            raise LadderError(f"cannot create a ladder in {path.parent}: the folder is read-only")
    else:
        _recognise(path, plan)
        if not write:
            reader = _open_for_reading(path)
            try:
                _check_contents(reader)
            except BaseException:
                reader.close()
                raise
            return reader
        if not writable(path):
            raise LadderError(
                f"the ladder {path} is read-only (its file, folder or mount): this command "
                "writes to it; standings, list and games still work"
            )
    db = _sqlite(path, path)
    try:
        db.execute(f"PRAGMA busy_timeout = {round(LOCK_WAIT * 1000)}")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
        if not create:
            if max(plan.read(db), 1) < plan.current:
                # An older layout: brought up to date before anything reads it.
                migrate(db, plan)
                _check_contents(db)
            else:
                # Today's layout: checked first, so no version is stamped on a damaged file.
                _check_contents(db)
                migrate(db, plan)
            upgrade(db, path)
    except sqlite3.DatabaseError as error:
        db.close()
        raise LadderError(f"{path} is not a ladder database: {error}") from None
    except BaseException:
        db.close()
        raise
    return db


def migrate(db: sqlite3.Connection, plan: migrations.Plan = LADDER) -> None:
    """``plan``'s steps the file has not had (the ladder's, or the server's tables), each whole
    or not at all; a newer version, found now or written meanwhile by another process, is
    refused in one line."""
    path = _ladder_path(db)
    found = plan.read(db)
    if found <= plan.current:
        try:
            found = migrations.migrate(db, plan, transaction)
        except sqlite3.Error as error:
            raise LadderError(
                f"cannot bring the {plan.name} tables of {path} up to date: SQLite says: "
                f"{error} (they are left whole, at version {plan.read(db)})"
            ) from None
    if found > plan.current:
        raise LadderTooNew(path, plan.name, found, plan.current)


def location(db: sqlite3.Connection) -> Path:
    """The absolute path of the database file behind a connection."""
    for row in db.execute("PRAGMA database_list"):
        if row[1] == "main":
            return Path(row[2])
    raise LadderError("the ladder connection has no database file")


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


def _locked(error: Exception) -> bool:
    if isinstance(error, LadderUnavailable):
        return error.code in _LOCK_CODES
    return "locked" in str(error) or "busy" in str(error)


@contextlib.contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` with retries: the write lock is taken up front, so two processes
    never both read a state and then both act on it."""
    for attempt in range(60):
        try:
            db.execute("BEGIN IMMEDIATE")
            break
        except (sqlite3.OperationalError, LadderUnavailable) as error:
            if is_disk_full(error):
                raise DiskFull(FULL_MESSAGE) from None
            if not _locked(error):
                raise
            time.sleep(0.05 + random.random() * 0.1 * (attempt + 1))
    else:
        raise LadderError(f"the ladder {_ladder_path(db)} stayed locked for too long")
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
        migrate(db)
        with transaction(db):
            for key, value in {**meta, **mine}.items():
                db.execute("INSERT INTO meta VALUES (?, ?)", (key, json.dumps(value)))
    finally:
        db.close()


# ------------------------------------------------------------------------ reading a ladder


def read_meta(db: sqlite3.Connection) -> dict[str, Any]:
    """The ladder's settings, each checked: every reader above may trust their types."""
    meta: dict[str, Any] = {}
    for key, value in db.execute("SELECT key, value FROM meta"):
        try:
            meta[str(key)] = json.loads(value)
        except (ValueError, TypeError):
            raise damaged(db, f"its setting {key} is not JSON: {_shown(value)}") from None
    problem = _meta_problem(meta)
    if problem is not None:
        raise damaged(db, problem)
    return meta


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


CHECK_GAMES = 4
"""Games of a ladder's own rules its conformance check plays at most (it stops sooner once
two games show nothing new), unless the ladder says otherwise (``ladder init --check-games``,
the setting ``check_games``: fewer for long card games, more to be surer)."""
MAX_CHECK_GAMES = 100

_META_TEXT = (
    *("rules_label", "format", "ladder_id", "created", "sandbox_effective", "executor"),
    *("deadline", "phase", "revealed"),
)
_META_FLAGS = ("compress", "weak_sandbox")


def _meta_problem(meta: dict[str, Any]) -> str | None:
    """What is wrong with a ladder's settings (as ``init`` and ``run`` write them), or None:
    each key that a command reads, of the type it reads it as."""
    for key in ("game", "rules", "players", "time"):
        if key not in meta:
            return f"its settings have no {key}"
    game = meta["game"]
    if game not in GAME_NAMES:
        return f"its setting game is {_shown(game)}, not one of {', '.join(GAME_NAMES)}"
    spec = game_spec(game)
    try:
        rules = spec.rules_model.model_validate(meta["rules"])
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "rules"
        return f"its setting rules is not {game} rules ({where}: {first['msg']})"
    players = meta["players"]
    if not _whole(players):
        return f"its setting players is {_shown(players)}, not a whole number"
    try:
        spec.check_players(rules, players)
    except RulesError as error:
        return f"its setting players: {error}"
    clock = meta["time"]
    if not isinstance(clock, dict):
        return f"its setting time is {_shown(clock)}, not a time control"
    for key in ("startup", "bank", "per_move"):
        if not (_number(clock.get(key)) and clock[key] >= 0):
            return f"its time control's {key} is {_shown(clock.get(key))}, not seconds"
    if clock.get("clock", "wall") not in ("wall", "cpu"):
        return f"its time control's clock is {_shown(clock.get('clock'))}, not wall or cpu"
    for key, test, what in (
        *((k, _whole, "a whole number") for k in ("seed", "schema")),
        *((k, lambda v: isinstance(v, str), "text") for k in _META_TEXT),
        *((k, lambda v: isinstance(v, bool), "true or false") for k in _META_FLAGS),
    ):
        if key in meta and not test(meta[key]):
            return f"its setting {key} is {_shown(meta[key])}, not {what}"
    check_games = meta.get("check_games", CHECK_GAMES)
    if not (_whole(check_games) and 1 <= check_games <= MAX_CHECK_GAMES):
        return (
            f"its setting check_games is {_shown(check_games)}, "
            f"not a whole number from 1 to {MAX_CHECK_GAMES}"
        )
    if meta.get("sandbox") is not None:
        try:
            Sandbox.model_validate(meta["sandbox"])
        except ValidationError as error:
            return f"its setting sandbox is not a sandbox ({error.errors()[0]['msg']})"
    return None


_ENTRANT_COLUMNS: dict[str, tuple[tuple[type, ...], str]] = {
    "id": ((int,), "a whole number"),
    "name": ((str,), "text"),
    "bot": ((str,), "text"),
    "version": ((int,), "a whole number"),
    "digest": ((str, type(None)), "text"),
    "enabled": ((int,), "0 or 1"),
    "added": ((str,), "text"),
    "mu": ((int, float), "a number"),
    "sigma": ((int, float), "a number"),
    "matches": ((int,), "a whole number"),
    "games": ((int,), "a whole number"),
    "wins": ((int,), "a whole number"),
    "place_sum": ((int,), "a whole number"),
    "faults": ((int,), "a whole number"),
    "fault_games": ((int,), "a whole number"),
    "last_played": ((str, type(None)), "text"),
}
"""Each column of ``entrants`` and what SQLite must hand back for it. SQLite stores whatever
it is given (text in a REAL column stays text), so the types are checked as rows are read."""


_ENTRANT_SELECT = "SELECT " + ", ".join(_ENTRANT_COLUMNS) + " FROM entrants"
_ENTRANT_NAMES = tuple(_ENTRANT_COLUMNS)
_ENTRANT_CHECKS = tuple(_ENTRANT_COLUMNS.values())


def _entrant(db: sqlite3.Connection, row: tuple[Any, ...]) -> Entrant:
    """An entrant from a row of ``_ENTRANT_SELECT`` (its columns by position: a scheduler's
    pick reads every enabled entrant, a thousand of them in a big contest), each checked."""
    for value, column, (kinds, what) in zip(row, _ENTRANT_NAMES, _ENTRANT_CHECKS, strict=True):
        if not isinstance(value, kinds) or (isinstance(value, float) and not math.isfinite(value)):
            name, number = row[1], row[0]
            who = repr(name) if isinstance(name, str) else f"#{number}"
            raise damaged(db, f"entrant {who}: {column} is {_shown(value)}, not {what}")
    (number, name, bot, version, digest, enabled, added, mu, sigma, *counts, last) = row
    matches, games, wins, place_sum, faults, fault_games = counts
    return Entrant(
        number, name, bot, version, digest, bool(enabled), added, mu, sigma,
        matches, games, wins, place_sum, faults, fault_games, last,
    )  # fmt: skip


def _rows(db: sqlite3.Connection, query: str, *args: Any) -> list[tuple[Any, ...]]:
    cursor = db.execute(query, args)
    cursor.row_factory = None  # plain tuples: a Row per entrant costs a third of the read
    return cursor.fetchall()


def entrants(db: sqlite3.Connection, *, enabled_only: bool = False) -> list[Entrant]:
    query = _ENTRANT_SELECT + (" WHERE enabled = 1" if enabled_only else "")
    return [_entrant(db, row) for row in _rows(db, query + " ORDER BY id")]


def record_version(
    db: sqlite3.Connection, entrant_id: int, version: int, bot: str, digest: str | None
) -> None:
    """Keep an admitted version's command: ``entrants`` holds only the latest, and a final may
    play an older one that its author marked as final. Inside the admitting transaction."""
    db.execute(
        "INSERT OR REPLACE INTO versions (entrant_id, version, bot, digest, added) "
        "VALUES (?, ?, ?, ?, ?)",
        (entrant_id, version, bot, digest, now_iso()),
    )


def entrant_by_name(db: sqlite3.Connection, name: str) -> Entrant:
    rows = _rows(db, _ENTRANT_SELECT + " WHERE name = ?", name)
    if not rows:
        known = ", ".join(e.name for e in entrants(db)) or "none yet"
        raise LadderError(f"no entrant named {name!r} (entrants: {known})")
    return _entrant(db, rows[0])


@dataclass(frozen=True)
class Match:
    """A row of ``matches`` as its readers use it, checked."""

    id: int
    status: str
    entrants: list[int]
    finished: str | None
    replays: list[str]
    """As stored: relative to the ladder's files folder (``paths.replay_file`` finds them)."""
    ranks: list[int] | None


def _json_column(db: sqlite3.Connection, match_id: Any, column: str, text: Any) -> Any:
    try:
        return json.loads(text)
    except (ValueError, TypeError):
        raise damaged(db, f"match {match_id}: {column} is {_shown(text)}, not JSON") from None


def _match(db: sqlite3.Connection, row: sqlite3.Row) -> Match:
    match_id = row["id"]

    def wrong(column: str, value: Any, what: str) -> LadderDamaged:
        return damaged(db, f"match {match_id}: {column} is {_shown(value)}, not {what}")

    ids = _json_column(db, match_id, "entrants", row["entrants"])
    if not (isinstance(ids, list) and ids and all(_whole(i) for i in ids)):
        raise wrong("entrants", row["entrants"], "a list of entrant ids")
    replays = (
        [] if row["replays"] is None else _json_column(db, match_id, "replays", row["replays"])
    )
    if not (isinstance(replays, list) and all(isinstance(r, str) for r in replays)):
        raise wrong("replays", row["replays"], "a list of file names")
    summary = {} if not row["summary"] else _json_column(db, match_id, "summary", row["summary"])
    if not isinstance(summary, dict):
        raise wrong("summary", row["summary"], "an object")
    ranks = summary.get("ranks")
    if ranks is not None and not (isinstance(ranks, list) and all(_whole(r) for r in ranks)):
        raise wrong("summary", row["summary"], "an object with the ranks")
    if not isinstance(row["finished"], str | None):
        raise wrong("finished", row["finished"], "a time")
    return Match(int(match_id), str(row["status"]), ids, row["finished"], replays, ranks)


_MATCH_QUERY = "SELECT id, status, entrants, finished, replays, summary FROM matches"


def matches(db: sqlite3.Connection) -> Iterator[Match]:
    """Every match, newest first, read (and checked) as the caller goes."""
    for row in db.execute(_MATCH_QUERY + " ORDER BY id DESC"):
        yield _match(db, row)


def match(db: sqlite3.Connection, match_id: int) -> Match:
    row = db.execute(_MATCH_QUERY + " WHERE id = ?", (match_id,)).fetchone()
    if row is None:
        raise damaged(db, f"match {match_id} is recorded in its history but missing")
    return _match(db, row)


def ranks(db: sqlite3.Connection, match_id: int) -> dict[int, int]:
    """Each entrant's rank in a recorded match, by entrant id."""
    found: dict[int, int] = {}
    query = "SELECT entrant_id, rank FROM results WHERE match_id = ?"
    for entrant_id, rank in db.execute(query, (match_id,)):
        if not (_whole(entrant_id) and _whole(rank)):
            raise damaged(db, f"match {match_id}: a result's rank is {_shown(rank)}, not a place")
        found[entrant_id] = rank
    return found


@dataclass(frozen=True)
class RatingEvent:
    """One step of the rating history: a recorded match, or an entrant's rating reset."""

    seq: int
    kind: str
    match_id: int | None
    entrant_id: int | None


def rating_events(db: sqlite3.Connection) -> list[RatingEvent]:
    """The rating history in the order it happened."""
    events = []
    query = "SELECT seq, kind, match_id, entrant_id FROM rating_events ORDER BY seq"
    for seq, kind, match_id, entrant_id in db.execute(query):
        needed = match_id if kind == "match" else entrant_id
        if not _whole(needed):
            what = "match" if kind == "match" else "entrant"
            raise damaged(db, f"rating event {seq} names {what} {_shown(needed)}")
        events.append(RatingEvent(seq, kind, match_id, entrant_id))
    return events
