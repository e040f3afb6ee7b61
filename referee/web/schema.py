"""The server's own tables in the ladder's SQLite file, beside the ladder's: accounts,
sessions, submissions. Made on first use (``thousand ladder serve``, ``invite``); the ladder's
own tables are never changed, so ``ladder run`` and older versions read the file as before.

Their version is a row of the ladder's ``meta`` table, ``server_schema``, not ``PRAGMA
user_version``: that one number is the ladder's (``store.LADDER``), and the two move on their
own, since a ladder that never served has none of these tables (see
``referee.ladder.migrations``). Raised past ``SERVER.current`` by a newer thousand, the file
is refused like a ladder of a newer version.
"""

from __future__ import annotations

import json
import sqlite3

from referee.ladder import migrations, store
from referee.safetext import shorten
from referee.web import accounts, sessions, submissions

VERSION_KEY = "server_schema"


def _version(db: sqlite3.Connection) -> int:
    row = db.execute("SELECT value FROM meta WHERE key = ?", (VERSION_KEY,)).fetchone()
    if row is None:
        return 0
    try:
        version = json.loads(row[0])
    except (ValueError, TypeError):  # read_meta has refused it already as it opened the file
        version = row[0]
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        shown = shorten(repr(version), 60)
        raise store.damaged(db, f"its setting {VERSION_KEY} is {shown}, not a version")
    return version


def _stamp(db: sqlite3.Connection, version: int) -> None:
    db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (VERSION_KEY, json.dumps(version)))


SERVER = migrations.Plan(
    "server",
    (
        migrations.Migration(
            1,
            "The tables of before the version was kept: a ladder served then gets the number "
            "alone, one served for the first time the tables.",
            migrations.script(accounts.SCHEMA + sessions.SCHEMA + submissions.SCHEMA),
        ),
    ),
    read=_version,
    write=_stamp,
)


def ensure(db: sqlite3.Connection, plan: migrations.Plan = SERVER) -> None:
    """The server's tables at ``plan``'s version (the server's own unless a test hands it
    another list), each step whole or not at all; a newer thousand's are refused."""
    store.migrate(db, plan)
