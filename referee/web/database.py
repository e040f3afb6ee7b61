"""Connections of the server's threads to its ladder, after ``store.connect`` has checked once,
at start-up, that the file is a ladder.

Why not ``store.connect`` for every request: it recognises the file by reading its header with
an ordinary ``open``/``close``, and POSIX drops *every* lock a process holds on a file when any
descriptor of it is closed. In a server, where other threads hold live SQLite connections on
the same file, that pulled SQLite's locks from under them ("disk I/O error"). Here only SQLite
itself touches the file.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path


def connect(path: Path) -> sqlite3.Connection:
    """A writing connection with the ladder's own settings (``store.connect``'s)."""
    db = sqlite3.connect(path, timeout=30.0, isolation_level=None, check_same_thread=False)
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA busy_timeout = 30000")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    return db


@contextlib.contextmanager
def connection(path: Path) -> Iterator[sqlite3.Connection]:
    db = connect(path)
    try:
        yield db
    finally:
        db.close()


def reader(path: Path) -> sqlite3.Connection:
    """A connection that cannot write (pages, the read-only API)."""
    db = connect(path)
    db.execute("PRAGMA query_only = ON")
    return db
