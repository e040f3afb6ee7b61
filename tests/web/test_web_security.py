"""The contest server's defences, each against a real ``ladder serve`` with httpx: nobody acts
without a valid token, a token acts on its own entrant only, forms without their CSRF token
are refused, cookies carry their flags, every response its security headers, uploads are
bounded and rate limited, a contestant's hostile name is escaped, tokens never reach the log,
and submissions stay closed where bots could read each other's files.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import markupsafe
import pytest

from referee.replay.export import viewer_policy
from tests.inputs.conftest import HOSTILE_NAMES
from tests.web.conftest import Contestants
from tests.web.support_accounts import (
    PY_BOT,
    Server,
    invite,
    make_ladder,
    serving,
    submit,
    tar_gz,
    wait_finished,
)

MAX_UPLOAD_MIB = 1
PER_HOUR = 2


@pytest.fixture(scope="module")
def contest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Server]]:
    db = make_ladder(tmp_path_factory.mktemp("security"))
    extra = ("--submissions-per-hour", str(PER_HOUR), "--max-upload-mib", str(MAX_UPLOAD_MIB))
    with serving(db, *extra) as server:
        yield db, server


def login(server: Server, token: str) -> tuple[httpx.Client, httpx.Response]:
    """A browser's session: the login form's cookie and hidden field, then the token."""
    browser = server.client()
    page = browser.get("/login")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf is not None, page.text
    done = browser.post("/login", data={"token": token, "csrf": csrf.group(1)})
    assert done.status_code == 303, done.text
    return browser, done


def page_csrf(browser: httpx.Client, path: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', browser.get(path).text)
    assert found is not None
    return found.group(1)


def test_nobody_acts_without_a_valid_token(contest: tuple[Path, Server]) -> None:
    db, server = contest
    invite(db, "holder")
    bot = {"file": ("bot.py", PY_BOT.read_bytes())}
    wrong = ["Basic abc", "Bearer", "bearer not-a-token", "Bearer " + "x" * 5000]
    for headers in [{}, *({"Authorization": value} for value in wrong)]:
        with httpx.Client(base_url=server.url, headers=headers) as client:
            for answer in (client.post("/api/bots", files=bot), client.get("/api/bots/mine")):
                assert answer.status_code == 401, (headers, answer.text)
                assert answer.headers["www-authenticate"] == "Bearer"
    with httpx.Client(base_url=server.url) as client:
        assert client.get("/mine").headers["location"] == "/login"
        assert client.get("/submit").headers["location"] == "/login"
        assert client.post("/submit", files=bot).headers["location"] == "/login"
        assert client.post("/api/admin/entrants/holder/disable").status_code == 401


def test_a_token_acts_on_its_own_entrant_only(contest: tuple[Path, Server]) -> None:
    db, server = contest
    alice, bob = invite(db, "alice"), invite(db, "bob")
    first = submit(server, alice, PY_BOT.read_bytes(), "alice_secret_bot.py")
    assert wait_finished(server, alice, first.json()["id"])["status"] == "accepted"
    second = submit(server, bob, PY_BOT.read_bytes(), "bob_bot.py")
    assert wait_finished(server, bob, second.json()["id"])["status"] == "accepted"
    with server.client(bob) as client:
        seen = client.get("/api/bots/mine")
        # No route names another's bot: organiser actions refuse a contestant's token.
        assert client.post("/api/admin/entrants/alice/disable").status_code == 403
    assert "alice" not in seen.text and "alice_secret_bot" not in seen.text
    assert [s["id"] for s in seen.json()["submissions"]] == [second.json()["id"]]
    with server.client(alice) as client:
        mine = client.get("/api/bots/mine").json()
    assert mine["entrant"]["name"] == "alice" and mine["entrant"]["version"] == 1
    assert mine["entrant"]["enabled"]
    organiser = invite(db, "referee", "--organiser")
    with server.client(organiser) as client:
        assert client.post("/api/admin/entrants/alice/disable").json()["enabled"] is False
        assert client.post("/api/bots", files={"file": ("b.py", b"#!x")}).status_code == 403
        assert client.post("/api/admin/rerate").json()["differing"] == []
    with server.client(bob) as client:
        assert client.post("/api/admin/rerate").status_code == 403
    with server.client(alice) as client:
        assert client.get("/api/bots/mine").json()["entrant"]["enabled"] is False


def test_forms_without_their_csrf_token_are_refused(contest: tuple[Path, Server]) -> None:
    db, server = contest
    token = invite(db, "formfiller")
    with server.client() as stranger:
        stranger.get("/login")
        for data in ({"token": token}, {"token": token, "csrf": "guess"}):
            refused = stranger.post("/login", data=data)
            assert refused.status_code == 403 and "thousand_session" not in refused.cookies
    browser, _ = login(server, token)
    with contextlib.closing(browser):
        bot = {"file": ("bot.py", PY_BOT.read_bytes())}
        assert browser.post("/submit", files=bot).status_code == 403
        assert browser.post("/submit", files=bot, data={"csrf": "wrong"}).status_code == 403
        assert browser.post("/logout", data={}).status_code == 403
        with server.client(token) as api:
            assert api.get("/api/bots/mine").json()["submissions"] == []
        assert browser.get("/mine").status_code == 200  # still logged in
        csrf = page_csrf(browser, "/submit")
        sent = browser.post("/submit", files=bot, data={"csrf": csrf})
        assert sent.status_code == 303 and sent.headers["location"] == "/mine"
        out = browser.post("/logout", data={"csrf": page_csrf(browser, "/mine")})
        assert out.status_code == 303
        assert browser.get("/mine").headers.get("location") == "/login"


def test_cookies_are_httponly_samesite_strict_and_secure_when_asked(
    contest: tuple[Path, Server],
) -> None:
    db, server = contest
    token = invite(db, "cookie")
    browser, done = login(server, token)
    browser.close()
    cookie = next(c for c in done.headers.get_list("set-cookie") if "thousand_session=" in c)
    flags = {part.strip().lower() for part in cookie.split(";")}
    assert {"httponly", "samesite=strict", "path=/"} <= flags and "secure" not in flags
    with serving(db, "--secure-cookies") as tls, tls.client() as browser:
        set_cookie = browser.get("/login").headers["set-cookie"].lower()
    assert "secure" in set_cookie and "httponly" in set_cookie and "samesite=strict" in set_cookie


def test_every_response_carries_the_security_headers(contest: tuple[Path, Server]) -> None:
    _, server = contest
    with server.client() as client:
        answers = [
            client.get("/login"),
            client.get("/api/bots/mine"),
            client.get("/no/such/page"),
            client.post("/api/bots", content=b"x" * ((MAX_UPLOAD_MIB + 1) << 20)),
            client.get("/"),
            client.get("/api/standings"),
        ]
    for answer in answers:
        policy = answer.headers["content-security-policy"]
        assert "default-src 'none'" in policy and "frame-ancestors 'self'" in policy
        scripts = re.search(r"script-src ([^;]*)", policy)
        assert scripts is not None and "unsafe-inline" not in scripts.group(1)
        assert "http" not in policy  # no other origin, for anything
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["x-frame-options"] == "SAMEORIGIN"
        assert answer.headers["referrer-policy"] == "same-origin"


def test_an_inline_script_is_allowed_only_by_its_hash() -> None:
    """The policy the server sends with a replay viewer page (referee/web/pages.py), built for
    a page of one inline script and a data block: the script is allowed by its hash alone
    (no 'self', no 'unsafe-inline'), and the data block, which never runs, by nothing."""
    script = "document.title = 'viewer';"
    page = f'<script type="application/octet-stream">{script}x</script><script>{script}</script>'
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"; script-src 'sha256-{digest}';" in viewer_policy(page)


def test_uploads_are_bounded_and_rate_limited(contest: tuple[Path, Server]) -> None:
    db, server = contest
    token = invite(db, "flooder")
    huge = b"#!/bin/sh\n" + bytes((MAX_UPLOAD_MIB << 20) + 10)
    too_big = submit(server, token, huge, "huge.sh")
    assert too_big.status_code == 413, too_big.text
    for _ in range(PER_HOUR):  # refused uploads count too: each was work for the server
        assert submit(server, token, b"plain text", "x.txt").status_code == 422
    limited = submit(server, token, PY_BOT.read_bytes(), "bot.py")
    assert limited.status_code == 429 and "an hour" in limited.json()["detail"]


def test_a_rate_limited_upload_says_when_to_try_again(contest: tuple[Path, Server]) -> None:
    """Issue 31: the 429 had no ``Retry-After`` and said "try again later". The header is
    the seconds until the oldest submission of the hour leaves the count, the detail says the
    same in words, over the API and on the submission page; a hostile file name stays out."""
    db, server = contest
    token = invite(db, "patient")
    for _ in range(PER_HOUR):
        assert submit(server, token, b"plain text", "x.txt").status_code == 422
    now = time.time()
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        rows = conn.execute(
            "SELECT s.id FROM submissions s JOIN accounts a ON a.id = s.account_id "
            "WHERE a.name = 'patient' ORDER BY s.id"
        ).fetchall()
        assert len(rows) == PER_HOUR
        # The oldest sent 50 minutes ago, the other a minute ago: the oldest leaves the
        # hour's count in ten minutes.
        for (row_id,), ago in zip(rows, (3000, 60), strict=False):
            conn.execute(
                "UPDATE submissions SET created_unix = ? WHERE id = ?", (now - ago, row_id)
            )
    limited = submit(server, token, PY_BOT.read_bytes(), "<script>alert(1)</script>.py")
    assert limited.status_code == 429, limited.text
    wait = int(limited.headers["retry-after"])
    assert 600 - 5 <= wait <= 600, wait
    detail = limited.json()["detail"]
    assert f"try again in {wait} s" in detail and "script" not in detail, detail
    browser, _ = login(server, token)
    with contextlib.closing(browser):
        bot = {"file": ("<b>bot</b>.py", PY_BOT.read_bytes())}
        page = browser.post("/submit", files=bot, data={"csrf": page_csrf(browser, "/submit")})
    assert page.status_code == 429
    assert 600 - 10 <= int(page.headers["retry-after"]) <= 600
    assert "try again in " in page.text and "<b>bot</b>" not in page.text


def test_hostile_names_are_escaped_in_the_contestant_pages(contest: tuple[Path, Server]) -> None:
    """Every hostile name of the referee's tests that is a valid name (the others cannot be
    invited), and a hostile archive path quoted in a refusal."""
    db, server = contest
    readable = [n for n in HOSTILE_NAMES if all(ord(c) >= 32 and c != "\u202e" for c in n)]
    assert "<script>alert(1)</script>" in readable
    for name in readable:
        browser, _ = login(server, invite(db, name))
        with contextlib.closing(browser):
            for path in ("/mine", "/submit"):
                text = browser.get(path).text
                assert str(markupsafe.escape(name)) in text, (name, path)
                if "<" in name:
                    assert name not in text, (name, path)
    browser, _ = login(server, invite(db, "archivist"))
    with contextlib.closing(browser):
        hostile = tar_gz({"bot.toml": b"", "../<img src=x onerror=alert(1)>": b"x"})
        csrf = page_csrf(browser, "/submit")
        refused = browser.post(
            "/submit", files={"file": ("a.tar.gz", hostile)}, data={"csrf": csrf}
        )
        assert refused.status_code == 422 and "<img" not in refused.text
        assert "&lt;img src=x onerror=alert(1)&gt;" in refused.text
        mine = browser.get("/mine").text
        assert "<img" not in mine and "&lt;img src=x onerror=alert(1)&gt;" in mine


def test_tokens_never_reach_the_log(contest: tuple[Path, Server]) -> None:
    """Runs last in this module: every token the tests above used is looked for."""
    db, server = contest
    token = invite(db, "logged")
    with server.client(token) as client:
        client.get("/api/bots/mine")
    browser, _ = login(server, token)
    browser.close()
    log = server.stderr()
    assert "POST /login" in log and "GET /api/bots/mine" in log  # the access log is on
    with sqlite3.connect(db) as conn:
        hashes = [r[0] for r in conn.execute("SELECT token_hash FROM accounts")]
    assert hashlib.sha256(token.encode()).hexdigest() in hashes
    assert token not in log
    assert not re.search(r"[A-Za-z0-9_-]{43}", log), "something token-shaped was logged"


def test_submissions_are_closed_when_bots_could_read_each_other(
    contestants: Contestants,
) -> None:
    """The session's contestants' server: a copy of the example ladder, whose sandbox is
    rlimits (allowed at ``init``), served without ``--allow-weak-sandbox``."""
    server = contestants.server
    with httpx.Client(base_url=server.url, timeout=60.0) as client:
        closed = client.post(
            "/api/bots",
            headers={"Authorization": f"Bearer {contestants.token}"},
            files={"file": ("bot.py", PY_BOT.read_bytes())},
        )
    assert closed.status_code == 503 and "allow-weak-sandbox" in closed.json()["detail"]
    assert "submissions are closed" in server.output()
