"""The server's own tables in the ladder's SQLite file, beside the ladder's: accounts,
sessions, submissions. Made with ``CREATE TABLE IF NOT EXISTS`` on first use; the ladder's
own tables are never changed, so ``ladder run`` and older versions read the file as before."""

from __future__ import annotations

import sqlite3

from referee.web import accounts, sessions, submissions


def ensure(db: sqlite3.Connection) -> None:
    db.executescript(accounts.SCHEMA + sessions.SCHEMA + submissions.SCHEMA)
