"""Live updates: the server-sent event stream over a real server, and real pages in a real
Chromium that follow a real ``ladder run`` — a match shown running, then finished, without a
reload — while nothing of the running match's games is served."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from referee.safetext import NAME_LIMIT, for_terminal
from tests.browser import Page
from tests.inputs.conftest import HOSTILE_NAMES
from tests.ladder.conftest import NAPPER, ROOT, SHORT_DICE, py_bot, quick_ok, thousand
from tests.web.conftest import Server, assert_clean_page, wait_for


def first_events(server: Server, count: int = 1, within: float = 10.0) -> list[dict[str, Any]]:
    """The first ``count`` ``update`` events of a fresh stream, parsed, checking the framing:
    each event is one ``event:`` line and one ``data:`` line."""
    events: list[dict[str, Any]] = []
    with httpx.stream("GET", server.url + "/live/events", timeout=within) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        block: list[str] = []
        for line in response.iter_lines():
            if line:
                block.append(line)
                continue
            if block and block[0] == "event: update":
                assert len(block) == 2 and block[1].startswith("data: "), block
                events.append(json.loads(block[1][len("data: ") :]))
                if len(events) == count:
                    return events
            block = []
    raise AssertionError("the stream ended")


def test_stream_sends_the_state_at_once(example_server: Server) -> None:
    (event,) = first_events(example_server)
    table = example_server.get("/api/standings").json()
    assert event["matches_done"] == table["matches_done"]
    assert [row["label"] for row in event["standings"]] == [
        for_terminal(r["name"], NAME_LIMIT) for r in table["rows"]
    ]
    assert event["running"] == []
    assert [m["id"] for m in event["recent"]] == [
        m["id"] for m in example_server.get("/api/live").json()["recent"]
    ]


def test_stream_carries_hostile_names_as_inert_text(
    ladder_copy: Path, serve: Callable[..., Server]
) -> None:
    """A name holding a newline and an event of its own cannot end the event early or forge
    one; control characters and bidi overrides arrive as their visible escapes; links encode
    the name as one path segment."""
    forged = "evil\n\nevent: update\ndata: {}\n"
    with contextlib.closing(sqlite3.connect(ladder_copy)) as conn, conn:
        conn.execute("UPDATE entrants SET name = ? WHERE name = 'alpha'", (forged,))
    server = serve(ladder_copy)
    (event,) = first_events(server)
    labels = {row["label"] for row in event["standings"]}
    assert for_terminal(forged, NAME_LIMIT) in labels
    for name in [*HOSTILE_NAMES, forged]:
        assert for_terminal(name, NAME_LIMIT) in labels
    for row in event["standings"]:
        assert not any(c in row["label"] for c in "\x1b\x07\u202e\n"), row
        assert row["href"].startswith("/entrants/") and "/" not in row["href"][10:], row


# ------------------------------------------------------------------------- following a run


@pytest.fixture
def slow_ladder(tmp_path: Path) -> Path:
    """Three entrants, one of them a bot that naps 15 ms a move: a match lasts seconds, long
    enough to be seen running."""
    return make_slow_ladder(tmp_path, 0.015)


def make_slow_ladder(tmp_path: Path, nap: float) -> Path:
    db = tmp_path / "ladder.db"
    rules = tmp_path / "short.toml"
    rules.write_text(SHORT_DICE, encoding="utf-8")
    init = "init --game dice --players 3 --seed 11 --sandbox rlimits --allow-weak-sandbox"
    quick_ok(*init.split()[:1], db, *init.split()[1:], "--rules", rules)
    quick_ok("add", db, "quick", "builtin:random", "--no-check")
    quick_ok("add", db, "<b>bold</b>", "builtin:random", "--no-check")
    quick_ok("add", db, "napper", py_bot(NAPPER, nap), "--no-check")
    return db


@pytest.fixture
def run_match() -> Iterator[Callable[[Path], subprocess.Popen[bytes]]]:
    """``run_match(db)`` starts ``thousand ladder run DB --matches 1`` in a session of its own,
    killed (by that group) if it is still running when the test ends."""
    started: list[subprocess.Popen[bytes]] = []

    def start(db: Path) -> subprocess.Popen[bytes]:
        process = subprocess.Popen(
            [*thousand(), "ladder", "run", str(db), "--matches", "1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            start_new_session=True,
        )
        started.append(process)
        return process

    try:
        yield start
    finally:
        for process in started:
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def finish(process: subprocess.Popen[bytes]) -> None:
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0, err.decode(errors="replace")


def test_live_page_follows_a_match_from_start_to_end(
    page: Page,
    slow_ladder: Path,
    serve: Callable[..., Server],
    run_match: Callable[[Path], subprocess.Popen[bytes]],
) -> None:
    server = serve(slow_ladder)
    page.open(server.url + "/live")
    wait_for(page, "document.documentElement.dataset.updates", 10, "the first live update")
    page.js("window.stayed = true")
    assert page.js("document.querySelector('#running td.empty') !== null")

    process = run_match(slow_ladder)
    running = "document.querySelector('#running a[href=\"/games/1\"]') !== null"
    wait_for(page, running, 30, "match 1 shown running")
    entrants = page.js("document.querySelector('#running tbody tr td.name').textContent")
    assert "<b>bold</b>" in entrants and "napper" in entrants
    assert page.js("document.querySelectorAll('#running b').length") == 0

    # Meanwhile, nothing of its games: its replays are being written, none is served.
    replays = slow_ladder.with_name(slow_ladder.name + ".files") / "replays" / "match-000001"
    checked = False
    while process.poll() is None and not checked:
        if not list(replays.glob("*.jsonl*")):
            time.sleep(0.05)
            continue
        game = server.get("/api/games/1").json()
        if game["status"] == "running":
            assert game["games"] == []
            assert server.get("/games/1/replay/1").status_code == 404
            assert "<iframe" not in server.get("/games/1").text
            checked = server.get("/api/games/1").json()["status"] == "running"
    assert checked, "the match ended before its replays could be asked for"

    finish(process)
    finished = "document.querySelector('#recent a[href=\"/games/1\"]') !== null"
    wait_for(page, finished, 30, "match 1 shown finished")
    wait_for(
        page,
        "document.querySelector('#running td.empty') !== null",
        10,
        "no match running any more",
    )
    assert page.js("window.stayed") is True  # updated in place, not reloaded
    assert page.js("document.getElementById('matches-done').textContent") == "1"
    assert server.get("/games/1/replay/1").status_code == 200
    assert_clean_page(page, server)


def test_standings_page_follows_the_ladder(
    page: Page,
    slow_ladder: Path,
    serve: Callable[..., Server],
    run_match: Callable[[Path], subprocess.Popen[bytes]],
) -> None:
    server = serve(slow_ladder)
    page.open(server.url + "/")
    wait_for(page, "document.documentElement.dataset.updates", 10, "the first live update")
    page.js("window.stayed = true")
    games = "[...document.querySelectorAll('#standings tbody tr')].map(r => r.cells[5].textContent)"
    assert page.js(games) == ["0", "0", "0"]
    finish(run_match(slow_ladder))
    wait_for(
        page,
        "document.getElementById('matches-done').textContent === '1'",
        30,
        "the standings to show the match",
    )
    started = time.monotonic()
    while page.js(games) == ["0", "0", "0"] and time.monotonic() - started < 5:
        time.sleep(0.1)
    table = server.get("/api/standings").json()
    assert page.js(games) == [str(r["games"]) for r in table["rows"]]
    names = "[...document.querySelectorAll('#standings td.name a')].map(a => a.textContent)"
    assert page.js(names) == [r["name"] for r in table["rows"]]
    assert page.js("document.querySelectorAll('#standings b').length") == 0
    assert page.js("window.stayed") is True
    assert_clean_page(page, server)


def test_game_page_of_a_running_match_shows_its_games_when_it_ends(
    page: Page,
    tmp_path: Path,
    serve: Callable[..., Server],
    run_match: Callable[[Path], subprocess.Popen[bytes]],
) -> None:
    """Opened while its match is played (a bot napping 60 ms a move: several seconds), the
    page shows no game; when the match ends it reloads itself and shows the viewer."""
    slow_ladder = make_slow_ladder(tmp_path, 0.06)
    server = serve(slow_ladder)
    process = run_match(slow_ladder)
    deadline = time.monotonic() + 30
    while server.get("/api/live").json()["running"] == []:
        assert process.poll() is None and time.monotonic() < deadline, "no match ran"
        time.sleep(0.05)
    page.open(server.url + "/games/1")
    assert page.js("document.body.dataset.status") == "running"
    assert page.js("document.getElementById('viewer')") is None
    assert "still being played" in page.js("document.body.textContent")
    page.js("window.loaded = true")
    finish(process)
    frame = "document.getElementById('viewer')?.contentDocument"
    wait_for(page, f"{frame}?.documentElement?.dataset.ready", 30, "the game's replay viewer")
    assert page.js("document.body.dataset.status") == "done"
    assert page.js("window.loaded === undefined")  # a new page: the old one reloaded itself
    assert_clean_page(page, server)


def test_entrant_page_says_when_the_entrant_has_played(
    page: Page,
    slow_ladder: Path,
    serve: Callable[..., Server],
    run_match: Callable[[Path], subprocess.Popen[bytes]],
) -> None:
    """The chart, versions and matches of an entrant's page are drawn by the server: when the
    entrant has played since, the page says so in place (it is not reloaded under the reader's
    eyes), and loaded again it shows the match."""
    server = serve(slow_ladder)
    page.open(server.url + "/entrants/napper")
    assert page.js("document.body.dataset.matches") == "0"
    wait_for(page, "document.documentElement.dataset.updates", 10, "the first live update")
    assert page.js("document.getElementById('entrant-news').hidden") is True
    page.js("window.stayed = true")
    finish(run_match(slow_ladder))
    wait_for(page, "!document.getElementById('entrant-news').hidden", 30, "the news of a match")
    assert "1 more match played" in page.js("document.getElementById('entrant-news').textContent")
    assert page.js("window.stayed") is True  # told in place, not reloaded
    assert_clean_page(page, server)
    page.open(server.url + "/entrants/napper")
    assert page.js("document.body.dataset.matches") == "1"
    # The chart has come with it: the start and the match, one point each.
    assert page.js("document.querySelector('path.rating').dataset.points") == "2"
    assert_clean_page(page, server)
