"""A hosted contest from the first command to the replay of a game, as people would live it.

The organiser runs ``ladder init``, ``ladder invite`` twice and ``ladder serve --run``. One
contestant logs in with a real headless Chromium and uploads a Python bot through the page's
file input (no JavaScript of ours involved: a plain form); the other sends a C bot with a
build step over the API with httpx, as the rules page's ``curl`` line does. Both are built,
checked and admitted; the server's own match loop plays them; the standings page and API show
both; the entrant page draws the rating chart; a game page shows the replay viewer.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.web.templating import segment
from tests.browser import Page
from tests.web.conftest import assert_clean_page, wait_for
from tests.web.support_accounts import (
    PY_BOT,
    Server,
    c_bot_archive,
    invite,
    make_ladder,
    serving,
    submit,
    wait_finished,
)

MATCHES = 3
"""Matches each entrant must have played before the pages are looked at."""


@pytest.fixture(scope="module")
def contest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Server]]:
    db = make_ladder(tmp_path_factory.mktemp("e2e"))
    with serving(db, "--run") as server:
        yield db, server


def played(server: Server, names: set[str], within: float = 120.0) -> list[dict[str, Any]]:
    """The standings' rows once every one of ``names`` has played ``MATCHES`` matches."""
    deadline = time.monotonic() + within
    with server.client() as client:
        while time.monotonic() < deadline:
            rows: list[dict[str, Any]] = client.get("/api/standings").json()["rows"]
            if all(r["matches"] >= MATCHES for r in rows if r["name"] in names) and names <= {
                r["name"] for r in rows
            }:
                return rows
            time.sleep(0.3)
    raise AssertionError(f"not played within {within} s: {rows}\n{server.stderr()[-3000:]}")


def test_a_contest_from_invitation_to_replay(
    contest: tuple[Path, Server], browser: Page, tmp_path: Path
) -> None:
    db, server = contest
    py_token, c_token = invite(db, "snake"), invite(db, "gcc-bot")

    # The Python contestant, in the browser: log in, then the plain upload form.
    browser.open(server.url + "/login")
    browser.js(f"document.getElementById('token').value = {py_token!r}")
    browser.js("document.querySelector('form[action=\"/login\"]').submit()")
    wait_for(
        browser,
        "location.pathname === '/mine' && document.readyState === 'complete'",
        20,
        "the /mine page",
    )
    browser.open(server.url + "/submit")
    upload = tmp_path / "snake.py"
    upload.write_bytes(PY_BOT.read_bytes())
    root = browser.call("DOM.getDocument")["root"]["nodeId"]
    node = browser.call("DOM.querySelector", nodeId=root, selector="#file")["nodeId"]
    browser.call("DOM.setFileInputFiles", files=[str(upload)], nodeId=node)
    browser.js("document.querySelector('form[action=\"/submit\"]').submit()")
    wait_for(
        browser,
        "location.pathname === '/mine' && document.readyState === 'complete'",
        20,
        "back on /mine",
    )

    # The C contestant, over the API.
    answer = submit(server, c_token, c_bot_archive(), "cbot.tar.gz")
    assert answer.status_code == 202, answer.text
    built = wait_finished(server, c_token, answer.json()["id"])
    assert built["status"] == "accepted", built
    assert built["build"]["ok"] and "gcc -O2 -o bot bot.c" in built["build"]["log"]
    with server.client(py_token) as client:
        mine = client.get("/api/bots/mine").json()
    entry = wait_finished(server, py_token, mine["submissions"][0]["id"])
    assert entry["status"] == "accepted" and entry["filename"] == "snake.py", entry

    # The contestant's own page says so, in the browser.
    browser.open(server.url + "/mine")
    assert browser.js("document.querySelectorAll('[data-status=\"accepted\"]').length") == 1
    assert "version 1" in browser.js("document.getElementById('my-entrant').textContent")
    assert_clean_page(browser, server)

    # The server's own loop plays them; standings in the API and the page.
    rows = played(server, {"snake", "gcc-bot"})
    named = {r["name"]: r for r in rows}
    assert named["snake"]["faults"] == 0 and named["gcc-bot"]["faults"] == 0, rows
    browser.open(server.url + "/")
    shown = browser.js("document.body.textContent")
    assert "snake" in shown and "gcc-bot" in shown
    assert_clean_page(browser, server)

    # The entrant page draws the rating history.
    # The server's loop goes on playing: the page holds the history as it was between the two
    # looks at the API (a match may finish in between).
    with server.client() as client:
        api = f"/api/entrants/{segment('gcc-bot')}"
        page = client.get(api).json()
        before = len(page["history"])
        browser.open(server.url + f"/entrants/{segment('gcc-bot')}")
        points = browser.js("+document.querySelector('#rating-chart path.rating').dataset.points")
        after = len(client.get(api).json()["history"])
    assert before <= points <= after and before >= MATCHES + 1, (before, points, after)
    assert_clean_page(browser, server)

    # A bot's stderr in its matches: its owner reads it, nobody else sees it anywhere.
    secret = "cbot-private-stderr-line"
    with server.client(c_token) as client:
        own = client.get("/api/bots/mine").json()["matches"]
    assert own
    with server.client() as client:
        for m in own:
            seats = client.get(f"/api/games/{m['match']}").json()["seats"]
            assert "gcc-bot" in {seat["name"] for seat in seats}
    assert any(secret in log["text"] for m in own for log in m["logs"]), own
    with server.client(py_token) as client:
        assert secret not in client.get("/api/bots/mine").text
        for path in (f"/games/{own[0]['match']}", f"/api/games/{own[0]['match']}", "/live"):
            assert secret not in client.get(path).text, path

    # A game page shows the replay viewer of a finished match.
    match = page["recent"][0]["id"]
    browser.open(server.url + f"/games/{match}?game=1")
    frame = "document.getElementById('viewer').contentDocument"
    ready = f"(d => d && d.documentElement && d.documentElement.dataset.ready)({frame})"
    wait_for(browser, ready, 20, "the replay viewer")
    assert browser.js(f"{frame}.getElementById('table').children.length") > 0
    assert_clean_page(browser, server)


def test_the_match_loop_dies_with_its_server(contest: tuple[Path, Server]) -> None:
    """Runs after the contest above: a server killed outright (SIGKILL) takes its match loop
    (the ``ladder run`` child) with it."""
    db, server = contest
    loops = _loops(db)
    assert len(loops) == 1, loops
    os.killpg(server.process.pid, signal.SIGKILL)
    server.process.wait()
    deadline = time.monotonic() + 20  # the kernel's parent-death signal, then its exit
    while _loops(db) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _loops(db) == []


def _loops(db: Path) -> list[str]:
    """Live ``ladder run DB`` processes (zombies are gone already)."""
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            words = (proc / "cmdline").read_bytes().split(b"\0")
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if b"run" in words and str(db).encode() in words and state != "Z":
            found.append(proc.name)
    return found
