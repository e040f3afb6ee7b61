"""Live updates: the server-sent event stream over a real server, and real pages in a real
Chromium that follow a real ``ladder run`` — a match shown running, then finished, without a
reload — while nothing of the running match's games is served."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from referee.safetext import NAME_LIMIT, for_terminal
from tests.bot_access import open_to_bots
from tests.browser import Page
from tests.inputs.conftest import HOSTILE_NAMES
from tests.ladder.conftest import ROOT, SHORT_DICE, py_bot, quick_ok, thousand
from tests.web.conftest import FORGED, Contestants, Server, assert_clean_page, wait_for


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


def test_stream_carries_hostile_names_as_inert_text(contestants: Contestants) -> None:
    """A name holding a newline and an event of its own (``FORGED``) cannot end the event
    early or forge one; control characters and bidi overrides arrive as their visible escapes;
    links encode the name as one path segment."""
    (event,) = first_events(contestants.server)
    labels = {row["label"] for row in event["standings"]}
    assert for_terminal(FORGED, NAME_LIMIT) in labels
    for name in [*HOSTILE_NAMES, FORGED]:
        assert for_terminal(name, NAME_LIMIT) in labels
    for row in event["standings"]:
        assert not any(c in row["label"] for c in "\x1b\x07\u202e\n"), row
        assert row["href"].startswith("/entrants/") and "/" not in row["href"][10:], row


# ------------------------------------------------------------------------- following a run

GATED = Path(__file__).resolve().parent / "bots" / "gated.py"


def make_gated_ladder(folder: Path) -> tuple[Path, Path]:
    """Three entrants, one of them (``gated``) a bot that holds the match at its second game
    until the test creates the gate file: the match is seen running for as long as the test
    needs, with one game's replay finished and the next one's being written. Returns the
    ladder and the gate (in a folder opened to the bots, which run as the sandbox user). The
    bank is long enough that the bot's wait, which its CPU clock does not charge, is never cut
    short by the referee's wall-clock backstop (three times the time left)."""
    db = folder / "ladder.db"
    rules = folder / "short.toml"
    rules.write_text(SHORT_DICE, encoding="utf-8")
    init = "init --game dice --players 3 --seed 11 --sandbox rlimits --allow-weak-sandbox"
    quick_ok(*init.split()[:1], db, *init.split()[1:], "--rules", rules, "--time-bank", 120)
    gates = folder / "gates"
    gates.mkdir()
    gate = open_to_bots(gates) / "open"
    quick_ok("add", db, "quick", "builtin:random", "--no-check")
    quick_ok("add", db, "<b>bold</b>", "builtin:random", "--no-check")
    quick_ok("add", db, "gated", py_bot(GATED, gate), "--no-check")
    return db, gate


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


def watch(tab: Page, url: str) -> None:
    """Open ``url`` in ``tab``, wait for its first live update, and mark the page: a mark
    still there later shows the page was updated in place, not reloaded."""
    tab.open(url)
    wait_for(tab, "document.documentElement.dataset.updates", 10, f"the first live update of {url}")
    tab.js("window.stayed = true")


def test_the_pages_follow_a_match_from_start_to_end(
    tmp_path: Path,
    tabs: Callable[[], Page],
    serve: Callable[..., Server],
    run_match: Callable[[Path], subprocess.Popen[bytes]],
) -> None:
    """One real ``ladder run`` of one match, held at its second game by the gated bot, and
    four pages watching it in four tabs of one browser: the live page shows it running, then
    finished, without a reload; the standings page follows the ladder; the game page opened
    while the match is played shows no game, and reloads itself to show the viewer when it
    ends; the entrant's page says in place that the entrant has played. Meanwhile nothing of
    the running match's games is served — not its finished first game, not the one being
    written, not a guessed game number."""
    ladder, gate = make_gated_ladder(tmp_path)
    server = serve(ladder)
    live, standings, entrant, game = tabs(), tabs(), tabs(), tabs()

    watch(live, server.url + "/live")
    assert live.js("document.querySelector('#running td.empty') !== null")
    watch(standings, server.url + "/")
    games = "[...document.querySelectorAll('#standings tbody tr')].map(r => r.cells[5].textContent)"
    assert standings.js(games) == ["0", "0", "0"]
    watch(entrant, server.url + "/entrants/gated")
    assert entrant.js("document.body.dataset.matches") == "0"
    assert entrant.js("document.getElementById('entrant-news').hidden") is True

    process = run_match(ladder)
    replays = ladder.with_name(ladder.name + ".files") / "replays" / "match-000001"
    finished = replays / "game-00000.jsonl"
    deadline = time.monotonic() + 60
    while not (finished.is_file() and list(replays.glob("game-00001.jsonl*"))):
        assert process.poll() is None, process.communicate()[1].decode(errors="replace")
        assert time.monotonic() < deadline, "the match's second game did not start in a minute"
        time.sleep(0.05)

    # Held at its second game: shown running, with its entrants' names as text.
    running = "document.querySelector('#running a[href=\"/games/1\"]') !== null"
    wait_for(live, running, 30, "match 1 shown running")
    entrants = live.js("document.querySelector('#running tbody tr td.name').textContent")
    assert "<b>bold</b>" in entrants and "gated" in entrants
    assert live.js("document.querySelectorAll('#running b').length") == 0

    # Nothing of its games, though one is finished on disk and one is being written.
    page = server.get("/games/1").text
    assert "still being played" in page and "<iframe" not in page
    assert "/replay/" not in page
    api = server.get("/api/games/1").json()
    assert api["status"] == "running" and api["games"] == []
    for index in (0, 1, 2):
        assert server.get(f"/games/1/replay/{index}").status_code == 404
    listed = server.get("/api/live").json()
    assert [m["id"] for m in listed["running"]] == [1]
    assert finished.name not in json.dumps(listed) + page

    game.open(server.url + "/games/1")
    assert game.js("document.body.dataset.status") == "running"
    assert game.js("document.getElementById('viewer')") is None
    assert "still being played" in game.js("document.body.textContent")
    game.js("window.loaded = true")

    gate.touch()
    finish(process)

    # The live page: shown finished, in place.
    finished_shown = "document.querySelector('#recent a[href=\"/games/1\"]') !== null"
    wait_for(live, finished_shown, 30, "match 1 shown finished")
    wait_for(
        live,
        "document.querySelector('#running td.empty') !== null",
        10,
        "no match running any more",
    )
    assert live.js("window.stayed") is True  # updated in place, not reloaded
    assert live.js("document.getElementById('matches-done').textContent") == "1"
    assert server.get("/games/1/replay/1").status_code == 200
    assert_clean_page(live, server)

    # The standings page: the match's games, in place.
    wait_for(
        standings,
        "document.getElementById('matches-done').textContent === '1'",
        30,
        "the standings to show the match",
    )
    started = time.monotonic()
    while standings.js(games) == ["0", "0", "0"] and time.monotonic() - started < 5:
        time.sleep(0.1)
    table = server.get("/api/standings").json()
    assert standings.js(games) == [str(r["games"]) for r in table["rows"]]
    names = "[...document.querySelectorAll('#standings td.name a')].map(a => a.textContent)"
    assert standings.js(names) == [r["name"] for r in table["rows"]]
    assert standings.js("document.querySelectorAll('#standings b').length") == 0
    assert standings.js("window.stayed") is True
    assert_clean_page(standings, server)

    # The game page reloaded itself and shows the viewer.
    frame = "document.getElementById('viewer')?.contentDocument"
    wait_for(game, f"{frame}?.documentElement?.dataset.ready", 30, "the game's replay viewer")
    assert game.js("document.body.dataset.status") == "done"
    assert game.js("window.loaded === undefined")  # a new page: the old one reloaded itself
    assert_clean_page(game, server)

    # The entrant's page says so in place (it is not reloaded under the reader's eyes), and
    # loaded again it shows the match, and the chart the start and the match, a point each.
    wait_for(entrant, "!document.getElementById('entrant-news').hidden", 30, "the news")
    news = entrant.js("document.getElementById('entrant-news').textContent")
    assert "1 more match played" in news
    assert entrant.js("window.stayed") is True  # told in place, not reloaded
    assert_clean_page(entrant, server)
    entrant.open(server.url + "/entrants/gated")
    assert entrant.js("document.body.dataset.matches") == "1"
    assert entrant.js("document.querySelector('path.rating').dataset.points") == "2"
    assert_clean_page(entrant, server)
