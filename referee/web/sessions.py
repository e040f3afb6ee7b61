"""Browser sessions: a contestant logs in once with their token and then uses the pages.

The session cookie is HttpOnly (no script reads it), SameSite=Strict (no other site's page
sends it) and Secure when the organiser serves through TLS; it holds a random id whose hash
alone is stored. Every state-changing form carries the session's CSRF token as well, checked
in constant time: SameSite is a second fence, not the only one. The login form, which comes
before any session, is guarded the same way by a short-lived cookie of its own (double
submit), so nobody can log a visitor in to an account of theirs.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import secrets
import sqlite3
from typing import TYPE_CHECKING

from referee.ladder import store
from referee.web import accounts

if TYPE_CHECKING:  # the CLI's invite and revoke need the tables, not the web stack
    from fastapi import Request, Response

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id_hash TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    csrf TEXT NOT NULL,
    expires TEXT NOT NULL
);
"""

COOKIE = "thousand_session"
LOGIN_COOKIE = "thousand_login"
SESSION_DAYS = 14
MAX_COOKIE = 128


def _hash(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8", "replace")).hexdigest()


def _expiry(days: float) -> str:
    moment = datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=days)
    return moment.isoformat(timespec="seconds")


def start(db: sqlite3.Connection, account: accounts.Account) -> tuple[str, str]:
    """A new session for ``account``: its cookie value and its CSRF token."""
    session_id = secrets.token_urlsafe(32)
    csrf = secrets.token_urlsafe(32)
    with store.transaction(db):
        db.execute("DELETE FROM sessions WHERE expires < ?", (store.now_iso(),))
        db.execute(
            "INSERT INTO sessions VALUES (?, ?, ?, ?)",
            (_hash(session_id), account.id, csrf, _expiry(SESSION_DAYS)),
        )
    return session_id, csrf


def end(db: sqlite3.Connection, session_id: str) -> None:
    with store.transaction(db):
        db.execute("DELETE FROM sessions WHERE id_hash = ?", (_hash(session_id),))


def lookup(db: sqlite3.Connection, session_id: str) -> tuple[accounts.Account, str] | None:
    """The live account and CSRF token of a session cookie, or None (unknown, expired, or its
    account revoked)."""
    if not session_id or len(session_id) > MAX_COOKIE:
        return None
    row = db.execute(
        "SELECT account_id, csrf FROM sessions WHERE id_hash = ? AND expires >= ?",
        (_hash(session_id), store.now_iso()),
    ).fetchone()
    if row is None:
        return None
    account = accounts.by_id(db, row["account_id"])
    return None if account is None else (account, row["csrf"])


def same(given: str | None, expected: str) -> bool:
    """A CSRF token check: constant time, and an absent token never matches."""
    if not given or not expected or len(given) > MAX_COOKIE:
        return False
    return hmac.compare_digest(given.encode(), expected.encode())


def set_cookie(
    response: Response, name: str, value: str, *, secure: bool, max_age: int | None
) -> None:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        path="/",
        secure=secure,
        httponly=True,
        samesite="strict",
    )


def set_session_cookie(response: Response, session_id: str, *, secure: bool) -> None:
    set_cookie(response, COOKIE, session_id, secure=secure, max_age=SESSION_DAYS * 86400)


def clear(response: Response, name: str, *, secure: bool) -> None:
    response.delete_cookie(name, path="/", secure=secure, httponly=True, samesite="strict")


def current(request: Request, db: sqlite3.Connection) -> tuple[accounts.Account, str] | None:
    """The logged-in account of this browser request and its CSRF token, or None."""
    return lookup(db, request.cookies.get(COOKIE, ""))
