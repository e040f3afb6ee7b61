"""`thousand play --web`: headless Chromium plays a whole dice game by clicking the page, and a
card deal is played over the seat's own HTTP API; the replays verify, the page loads nothing
from elsewhere, the server answers nobody without the secret, and no state the seat sends
holds a card the seat did not know."""

from __future__ import annotations

import http.client
import json
import random
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.play.conftest import CARD_BOT, PLAY, ROOT, known_at, play_env, verify
from tests.replay_export.test_export_html import ARTEFACTS, Page, browser  # noqa: F401 - the fixture

URL = re.compile(r"open (http://127\.0\.0\.1:\d+/s/[A-Za-z0-9_-]+/)")
CARD = re.compile(r"\b([9TJQKA][SCDH])\b")
SHOWN = re.compile(r"(10|[9JQKA])([♠♣♦♥])")
SUITS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}


class Seat:
    """A running `thousand play --web` and its address."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        self.process = subprocess.Popen(
            [*PLAY, "--web", *args],
            cwd=cwd,
            env=play_env(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.process.stderr is not None
        line = self.process.stderr.readline()
        found = URL.search(line)
        assert found, line + self.process.stderr.read()
        self.url = found.group(1)

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, Any, Any]:
        request = urllib.request.Request(self.url + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=10) as reply:
                return reply.status, reply.headers, reply.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def post(self, data: bytes, url: str | None = None) -> int:
        request = urllib.request.Request(
            url or self.url + "act",
            data=data,
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as reply:
                return int(reply.status)
        except urllib.error.HTTPError as error:
            return int(error.code)

    def finish(self) -> str:
        out, err = self.process.communicate(timeout=60)
        assert self.process.returncode == 0, err
        return out

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


@pytest.fixture
def seats() -> Iterator[list[Seat]]:
    started: list[Seat] = []
    yield started
    for seat in started:
        seat.kill()


def test_chromium_plays_a_whole_dice_game(
    browser: Page,  # noqa: F811 - the imported fixture
    tmp_path: Path,
    short_dice: Path,
    replay_of: Any,
    seats: list[Seat],
) -> None:
    # The dice bot under a name that would be markup, were it ever put in the page as such.
    bot = tmp_path / "hostile_dice_bot.py"
    hostile = "<img src=x onerror=document.title=1><script>document.title=2</script>"
    bot.write_text(
        (ROOT / "bots" / "dice_bot.py")
        .read_text()
        .replace('"name": "dice-example"', '"name": ' + json.dumps(hostile))
    )
    seat = Seat(
        [
            "--game",
            "dice",
            "--rules",
            str(short_dice),
            "--seed",
            "4",
            "--pace",
            "0",
            "--replays",
            str(tmp_path / "out"),
            f"{sys.executable} {bot}",
        ],
        tmp_path,
    )
    seats.append(seat)
    browser.requests.clear()
    browser.open(seat.url)
    rng = random.Random(2)
    clicks = dice_clicks = 0
    last = ""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        turn, over = browser.js(
            "(d => [d.turn || '', d.over || ''])(document.documentElement.dataset)"
        )
        if over:
            break
        if turn and turn != last:
            if clicks == 2:
                browser.screenshot(ARTEFACTS / "play-web-dice.png")
            k = rng.randrange(100)
            # A keep is clicked on one of its dice, anything else on its button.
            clicked = browser.js(
                f"""(() => {{
                  const b = document.querySelectorAll('#choices button.choice');
                  const pick = b[{k} % b.length];
                  const die = pick.querySelector('.die');
                  (die || pick).click();
                  return die ? 'die' : pick.dataset.type;
                }})()"""
            )
            dice_clicks += clicked == "die"
            clicks += 1
            last = turn
        time.sleep(0.05)
    else:
        pytest.fail("the game did not end within a minute")
    result = browser.js("document.getElementById('result').textContent")
    assert "(you)" in result and hostile[:60] in result  # the name (cut to NAME_LIMIT), as text
    assert browser.js("document.querySelectorAll('img, #table script, #result script').length") == 0
    assert browser.js("document.title").startswith("Тысяча")
    out = seat.finish()
    assert "Game over." in out
    assert clicks >= 3 and dice_clicks >= 1
    browser.flush()
    assert browser.errors == []
    assert all(url.startswith(seat.url) or url.startswith("data:") for url in browser.requests), [
        u for u in browser.requests if not u.startswith(seat.url)
    ]
    replay, loaded = replay_of(tmp_path / "out")
    verify(replay)
    assert loaded.result is not None and not loaded.result["faults"]


def test_the_seat_answers_only_its_secret_and_its_turn(
    tmp_path: Path, one_deal: Path, seats: list[Seat]
) -> None:
    seat = Seat(
        [
            "--game",
            "cards",
            "--rules",
            str(one_deal),
            "--seed",
            "1",  # a deal that asks the person (an automatic redeal may end one that does not)
            "--pace",
            "0",
            "--replays",
            str(tmp_path / "out"),
            "builtin:random",
            "builtin:random",
        ],
        tmp_path,
    )
    seats.append(seat)
    status, headers, body = seat.get("")
    assert status == 200 and b'<script src="seat.js"' in body
    csp = headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "script-src 'self'" in csp and "unsafe" not in csp
    assert headers["Referrer-Policy"] == "no-referrer"
    wrong = seat.url.rstrip("/")[:-4] + "AAAA/"
    assert urllib.request.urlopen is not None
    for path in ("", "state", "seat.js"):
        try:
            urllib.request.urlopen(wrong + path, timeout=10)
            raise AssertionError("served without the secret")
        except urllib.error.HTTPError as error:
            assert error.code == 404
    # A page on another name for this address (DNS rebinding) is not served either.
    assert seat.get("state", {"Host": "evil.example:80"})[0] == 404
    assert seat.post(b"{") == 400
    assert seat.post(b'{"turn": "1", "choice": 1}') == 400
    assert seat.post(b"x" * 5000) == 413
    # Sent in chunks, with no length announced: cut at the same bound.
    host, port = seat.url.split("/")[2].split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    path = "/" + seat.url.split("/", 3)[3] + "act"
    connection.request("POST", path, body=iter([b"x" * 4000] * 3), encode_chunked=True)
    assert connection.getresponse().status == 413
    connection.close()
    assert seat.post(json.dumps({"turn": 999, "choice": 1}).encode()) == 409
    state = json.loads(seat.get("state")[2])
    deadline = time.monotonic() + 60  # a card deal always asks every seat to bid
    while not state["turn"]:
        assert time.monotonic() < deadline, f"no turn of the person's in 60 s: {state}"
        time.sleep(0.05)
        state = json.loads(seat.get("state")[2])
    assert seat.post(json.dumps({"turn": state["turn"], "choice": 10_000}).encode()) == 409
    seat.kill()


def test_a_card_deal_over_http_shows_only_the_seats_own_cards(
    tmp_path: Path, one_deal: Path, replay_of: Any, seats: list[Seat]
) -> None:
    seat = Seat(
        [
            "--game",
            "cards",
            "--rules",
            str(one_deal),
            "--seat",
            "2",
            "--seed",
            "9",
            "--pace",
            "0",
            "--replays",
            str(tmp_path / "out"),
            CARD_BOT,
            "builtin:random",
        ],
        tmp_path,
    )
    seats.append(seat)
    rng = random.Random(4)
    states: list[dict[str, Any]] = []
    since = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = json.loads(seat.get(f"state?since={since}")[2])
        states.append(state)
        since += len(state["steps"])
        if state["result"] is not None and not state["choices"]:
            seat.get(f"state?since={since}")
            break
        if state["turn"]:
            choice = rng.randrange(len(state["choices"])) + 1
            assert seat.post(json.dumps({"turn": state["turn"], "choice": choice}).encode()) == 200
        time.sleep(0.02)
    seat.finish()
    replay, loaded = replay_of(tmp_path / "out")
    verify(replay)
    steps = [step for state in states for step in state["steps"]]
    assert [s["i"] for s in steps] == list(range(1, len(loaded.frames)))
    for step in steps:
        text = json.dumps(step, ensure_ascii=False)
        cards = set(CARD.findall(text)) | {
            ("T" if r == "10" else r) + SUITS[s] for r, s in SHOWN.findall(text)
        }
        extra = cards - known_at(loaded, 2, step["i"])
        assert not extra, f"step {step['i']} shows {sorted(extra)}"
        assert step["view"] == json.loads(json.dumps(loaded.frames[step["i"]].view(2)))
    for state in states:
        hand = set()
        for step in state["steps"][-1:]:
            hand = set(step["view"].get("hand") or [])
        for choice in state["choices"]:
            card = choice["action"].get("card")
            assert card is None or not hand or card in hand


def test_ctrl_c_stops_the_browser_seat_and_its_bots(tmp_path: Path) -> None:
    import pexpect

    bot = tmp_path / "ctrl-c-web-dice-bot.py"
    bot.write_text((ROOT / "bots" / "dice_bot.py").read_text())
    child = pexpect.spawn(
        PLAY[0],
        [
            *PLAY[1:],
            "--web",
            "--game",
            "dice",
            "--replays",
            str(tmp_path / "out"),
            f"{sys.executable} {bot}",
        ],
        env=play_env(),
        encoding="utf-8",
        timeout=30,
    )
    child.delaybeforesend = None
    child.expect(URL)
    url = child.match.group(1)
    with urllib.request.urlopen(url + "state", timeout=10) as reply:
        assert reply.status == 200
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert child.before.strip().splitlines()[-1].startswith("thousand: play stopped")
    assert pexpect.run(f"pgrep -f {bot}", encoding="utf-8").strip() == ""
    try:
        urllib.request.urlopen(url + "state", timeout=5)
        raise AssertionError("the seat's server outlived the command")
    except urllib.error.URLError:
        pass


CHOOSING_SEED = 1
"""A seed whose game gives the person a choice: with a fresh one, the person's throws can all
be bolts (no choice to make) until the random bot wins, and the test waited for a turn that
never came (it hung a CI run, 2026-12-03)."""


def test_the_browser_clock_starts_when_the_choice_is_drawn(
    tmp_path: Path, short_dice: Path, replay_of: Any, seats: list[Seat]
) -> None:
    seat = Seat(
        [
            "--game",
            "dice",
            "--rules",
            str(short_dice),
            "--time-bank",
            "1",
            "--pace",
            "0",
            "--seed",
            str(CHOOSING_SEED),
            "--replays",
            str(tmp_path / "out"),
            "builtin:random",
        ],
        tmp_path,
    )
    seats.append(seat)
    state = json.loads(seat.get("state")[2])
    deadline = time.monotonic() + 60
    while not state["turn"]:
        assert state["result"] is None, f"the game ended before the person chose: {state}"
        assert time.monotonic() < deadline, f"no turn of the person's in 60 s: {state}"
        time.sleep(0.05)
        state = json.loads(seat.get("state")[2])
    assert state["left"] == 1.0  # not running until the page has drawn the choice
    time.sleep(0.5)  # half the clock, well inside the 2 s the page has to draw the turn
    again = json.loads(seat.get("state")[2])
    assert again["turn"] == state["turn"] and again["left"] == 1.0  # still not running
    seat.get(f"state?since=0&shown={state['turn']}")  # the page drew it: the clock runs
    while state["result"] is None:
        assert time.monotonic() < deadline, f"the game did not end in 60 s: {state}"
        time.sleep(0.1)
        state = json.loads(seat.get("state")[2])
    seat.get(f"state?since={state['total']}")
    seat.finish()
    _, loaded = replay_of(tmp_path / "out")
    assert [f["kind"] for f in loaded.result["faults"]] == ["timeout"]
    assert loaded.result["ranking"][-1] == 0
