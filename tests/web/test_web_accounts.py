"""Accounts: ``ladder invite`` / ``revoke`` through the real CLI on a real ladder file, and what
a token opens on a real server.

A token is shown once and kept only as a hash (the database file is searched for it byte by
byte); a revoked token and its browser sessions stop working at once; every mistake is one
clear line. ``ladder serve``'s own mistakes (no ladder, a port in use) too. ``invite`` and
``revoke`` run as programs once each (the token printed, a running server's sessions ended);
the mistakes' wording is read in this process.
"""

from __future__ import annotations

import hashlib
import json
import socket
import sqlite3
from pathlib import Path

import pytest

from tests.inputs.conftest import HOSTILE_NAMES
from tests.web.support_accounts import (
    PY_BOT,
    invite,
    ladder,
    make_ladder,
    one_error_line,
    quick,
    serving,
    submit,
    wait_finished,
)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return make_ladder(tmp_path)


def test_a_token_is_shown_once_and_stored_only_as_its_hash(db: Path) -> None:
    token = invite(db, "alice")
    assert token not in (db.read_bytes() + _wal(db)).decode("latin-1")
    with sqlite3.connect(db) as conn:
        stored = conn.execute("SELECT token_hash FROM accounts WHERE name = 'alice'").fetchone()
    assert stored[0] == hashlib.sha256(token.encode()).hexdigest()
    again = ladder("invite", db, "bob", "--json")
    shown = json.loads(again.stdout)
    assert shown["name"] == "bob" and len(shown["token"]) >= 40 and shown["token"] != token


def _wal(db: Path) -> bytes:
    wal = db.with_name(db.name + "-wal")
    return wal.read_bytes() if wal.exists() else b""


def test_invite_and_revoke_mistakes_are_one_line(db: Path, tmp_path: Path) -> None:
    invite(db, "alice")
    assert "exists already" in one_error_line(quick("invite", db, "alice"))
    assert "must not be empty" in one_error_line(quick("invite", db, "  "))
    assert "control or invisible" in one_error_line(quick("invite", db, "\x1b[2Jx"))
    assert "at most 64" in one_error_line(quick("invite", db, "x" * 65))
    assert "no account named" in one_error_line(quick("revoke", db, "nobody"))
    assert "no account named" in one_error_line(quick("invite", db, "nobody", "--new-token"))
    assert "no ladder at" in one_error_line(quick("invite", tmp_path / "missing.db", "a"))
    assert "no ladder at" in one_error_line(quick("serve", tmp_path / "missing.db"))
    (tmp_path / "junk.db").write_text("not a ladder")
    assert "not a ladder" in one_error_line(quick("serve", tmp_path / "junk.db"))
    added = quick("add", db, "organisers-bot", "builtin:random", "--no-check")
    assert added.returncode == 0, added.stderr
    assert "entrant named" in one_error_line(quick("invite", db, "organisers-bot"))
    assert quick("revoke", db, "alice").returncode == 0
    assert "revoked already" in one_error_line(quick("revoke", db, "alice"))
    listed = json.loads(quick("accounts", db, "--json").stdout)
    assert [(a["name"], bool(a["revoked"])) for a in listed] == [("alice", True)]
    assert "alice" in quick("accounts", db).stdout


def test_hostile_names_that_are_readable_can_be_invited(db: Path) -> None:
    """The referee's hostile names without control characters are valid names (they are
    escaped where shown); the others are refused in words."""
    for name in HOSTILE_NAMES:
        done = quick("invite", db, name)
        if any(ord(c) < 32 or c == "\u202e" for c in name):
            assert "control or invisible" in one_error_line(done)
        else:
            assert done.returncode == 0, (name, done.stderr)


def test_a_port_in_use_is_one_line(db: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        line = one_error_line(ladder("serve", db, "--port", port, timeout=30))
    assert f"port {port}" in line and "in use" in line


def test_revoking_ends_the_token_and_its_sessions(db: Path) -> None:
    token = invite(db, "alice")
    with serving(db) as server:
        with server.client(token) as api:
            assert api.get("/api/bots/mine").status_code == 200
        with server.client() as browser:
            form = browser.get("/login")
            csrf = form.cookies["thousand_login"]
            done = browser.post("/login", data={"token": token, "csrf": csrf})
            assert done.status_code == 303 and done.headers["location"] == "/mine"
            assert browser.get("/mine").status_code == 200
            # In this process: the server, a process of its own, sees the revoke in the database.
            assert quick("revoke", db, "alice").returncode == 0
            assert browser.get("/mine").headers.get("location") == "/login"
        with server.client(token) as api:
            assert api.get("/api/bots/mine").status_code == 401
            answer = api.post("/api/bots", files={"file": ("bot.py", PY_BOT.read_bytes())})
            assert answer.status_code == 401
        fresh = invite(db, "alice", "--new-token")
        assert fresh != token
        with server.client(token) as api:
            assert api.get("/api/bots/mine").status_code == 401
        with server.client(fresh) as api:
            assert api.get("/api/bots/mine").json()["name"] == "alice"


def test_a_resubmission_is_a_new_version_with_the_rating_reset_if_asked(db: Path) -> None:
    token = invite(db, "alice")
    with serving(db, "--on-resubmit", "reset") as server:
        for version in (1, 2):
            # Each version a changed bot: the same files again are no new version (409).
            changed = PY_BOT.read_bytes() + f"\n# version {version}\n".encode()
            answer = submit(server, token, changed, "random_bot.py")
            assert answer.status_code == 202, answer.text
            entry = wait_finished(server, token, answer.json()["id"])
            assert entry["status"] == "accepted" and entry["version"] == version, entry
    with sqlite3.connect(db) as conn:
        kinds = [r[0] for r in conn.execute("SELECT kind FROM rating_events")]
        bot = conn.execute("SELECT bot, version FROM entrants WHERE name = 'alice'").fetchone()
    assert kinds == ["reset"]
    assert bot[1] == 2 and bot[0].endswith("/manifest.json") and "contest.db.files" in bot[0]
