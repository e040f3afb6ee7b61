"""Contestant accounts: who may submit a bot to a ladder, kept in the ladder's own SQLite file.

A token is the only credential. It is shown once, when the organiser invites the contestant,
and only its SHA-256 is stored: a copy of the database (a backup, a leaked file) lets nobody
act as anyone. A token carries 256 random bits, so a plain hash is as strong as a slow one.
Every check compares the presented token's hash with every live account's in constant time,
so that how long a refusal takes says nothing about how close a guess came.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
from dataclasses import dataclass

from referee.ladder import names, store
from thousand.errors import ThousandError

SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY,
    name TEXT UNIQUE NOT NULL,
    token_hash TEXT NOT NULL,
    organiser INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL,
    revoked TEXT
);
"""

TOKEN_BYTES = 32
MAX_TOKEN = 256
"""Longest Authorization value looked at: a longer one is refused unread."""


class AccountError(ThousandError, ValueError):
    """A mistake a person can make with accounts; one line."""


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    organiser: bool
    created: str
    revoked: str | None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a contestant's (it becomes their entrant's name), or None: the
    same rule as ``ladder add``'s."""
    return names.name_problem(name, "a contestant's name")


def invite(db: sqlite3.Connection, name: str, *, organiser: bool = False) -> str:
    """Make an account and return its token (the only time anyone sees it)."""
    problem = name_problem(name)
    if problem is not None:
        raise AccountError(problem)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with store.transaction(db):
        taken = db.execute("SELECT revoked FROM accounts WHERE name = ?", (name,)).fetchone()
        if taken is not None:
            state = "revoked" if taken["revoked"] else "active"
            raise AccountError(f"an account named {name!r} exists already ({state})")
        if not organiser:
            entrant = db.execute("SELECT 1 FROM entrants WHERE name = ?", (name,)).fetchone()
            if entrant is not None:
                raise AccountError(
                    f"an entrant named {name!r} exists already (added by the organiser): "
                    "a contestant's account would take it over; choose another name"
                )
        db.execute(
            "INSERT INTO accounts (name, token_hash, organiser, created) VALUES (?, ?, ?, ?)",
            (name, token_hash(token), int(organiser), store.now_iso()),
        )
    return token


def rekey(db: sqlite3.Connection, name: str) -> str:
    """A new token for an existing account (a lost or leaked one): the old token and every
    session end, a revoked account is live again, and its entrant stays its own."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with store.transaction(db):
        row = db.execute("SELECT id FROM accounts WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise AccountError(f"no account named {name!r} (invite it first)")
        db.execute(
            "UPDATE accounts SET token_hash = ?, revoked = NULL WHERE id = ?",
            (token_hash(token), row["id"]),
        )
        db.execute("DELETE FROM sessions WHERE account_id = ?", (row["id"],))
    return token


def revoke(db: sqlite3.Connection, name: str) -> None:
    """End an account: its token and its sessions stop working at once. Its entrant stays in
    the ladder (``ladder disable`` takes it out of the schedule)."""
    with store.transaction(db):
        row = db.execute("SELECT id, revoked FROM accounts WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise AccountError(f"no account named {name!r}")
        if row["revoked"]:
            raise AccountError(f"the account {name!r} was revoked already ({row['revoked']})")
        db.execute("UPDATE accounts SET revoked = ? WHERE id = ?", (store.now_iso(), row["id"]))
        db.execute("DELETE FROM sessions WHERE account_id = ?", (row["id"],))


def _account(row: sqlite3.Row) -> Account:
    return Account(
        id=row["id"],
        name=row["name"],
        organiser=bool(row["organiser"]),
        created=row["created"],
        revoked=row["revoked"],
    )


def by_token(db: sqlite3.Connection, token: str) -> Account | None:
    """The live account whose token this is, or None. Every live account's hash is compared,
    each in constant time, whichever matches."""
    if not token or len(token) > MAX_TOKEN:
        return None
    wanted = token_hash(token).encode()
    found: sqlite3.Row | None = None
    for row in db.execute("SELECT * FROM accounts WHERE revoked IS NULL"):
        if hmac.compare_digest(wanted, row["token_hash"].encode()):
            found = row
    return None if found is None else _account(found)


def by_id(db: sqlite3.Connection, account_id: int) -> Account | None:
    row = db.execute(
        "SELECT * FROM accounts WHERE id = ? AND revoked IS NULL", (account_id,)
    ).fetchone()
    return None if row is None else _account(row)


def listing(db: sqlite3.Connection) -> list[Account]:
    return [_account(r) for r in db.execute("SELECT * FROM accounts ORDER BY id")]
