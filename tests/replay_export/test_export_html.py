"""``thousand replay export --html``: the page, opened in a real headless Chromium.

The browser is driven over the DevTools protocol through a small websocket client written
here on the standard library (no extra test package). Every console message of level error,
every uncaught exception and every request that is not a ``file:`` or ``data:`` address fails
the test. What the page draws is checked against the engine's own views (``load_frames``):
the hands shown for the whole table and for one seat, the dice of a throw, and that a seat's
view shows no card of another seat's hand. Screenshots go to ``artefacts/`` (gitignored).

Needs Debian's ``chromium`` package (``apt-get install -y chromium``); skipped without it.
"""

from __future__ import annotations

import base64
import json
import os
import random
import shutil
import socket
import struct
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.replay.export import export_html
from referee.replay.frames import LoadedReplay, load_frames
from referee.replay.reader import ReplayError

ROOT = Path(__file__).resolve().parents[2]
ARTEFACTS = ROOT / "artefacts"


def chromium_path() -> str | None:
    for candidate in ("chromium", "chromium-browser"):
        found = shutil.which(candidate)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


# ------------------------------------------------------------------ a minimal websocket client


class WebSocket:
    """Just enough RFC 6455 for the DevTools protocol: text frames, client-side masking."""

    def __init__(self, url: str, timeout: float = 30.0) -> None:
        assert url.startswith("ws://")
        hostport, _, path = url[5:].partition("/")
        host, _, port = hostport.partition(":")
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("DevTools closed the connection during the handshake")
            response += chunk
        head, _, self.buffer = response.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"websocket handshake refused: {head[:200]!r}")

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(max(65536, n - len(self.buffer)))
            if not chunk:
                raise ConnectionError("DevTools closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def send(self, text: str) -> None:
        payload = text.encode()
        header = bytearray([0x81])
        n = len(payload)
        if n < 126:
            header.append(0x80 | n)
        elif n < 1 << 16:
            header.append(0x80 | 126)
            header += struct.pack("!H", n)
        else:
            header.append(0x80 | 127)
            header += struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(bytes(header) + mask + masked)

    def recv(self) -> str:
        message = b""
        while True:
            first, second = self._read(2)
            opcode, n = first & 0x0F, second & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._read(8))[0]
            mask = self._read(4) if second & 0x80 else b""
            payload = self._read(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 0x8:
                raise ConnectionError("DevTools closed the websocket")
            if opcode in (0x9, 0xA):
                continue  # ping / pong: Chromium sends none in practice
            message += payload
            if first & 0x80:
                return message.decode()

    def close(self) -> None:
        self.sock.close()


class Page:
    """One browser tab, over a flat DevTools session; records console errors and requests."""

    def __init__(self, ws: WebSocket, session: str) -> None:
        self.ws = ws
        self.session = session
        self.next_id = 1000
        self.errors: list[str] = []
        self.requests: list[str] = []

    def _event(self, message: dict[str, Any]) -> None:
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            args = " ".join(str(a.get("value", a.get("description"))) for a in params["args"])
            self.errors.append(f"console.{params['type']}: {args}")
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            self.errors.append(f"exception: {text}")
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.errors.append(f"log: {params['entry'].get('text')} {params['entry'].get('url')}")
        elif method == "Network.requestWillBeSent":
            self.requests.append(params["request"]["url"])

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        wanted = self.next_id
        self.ws.send(
            json.dumps(
                {"id": wanted, "method": method, "params": params, "sessionId": self.session}
            )
        )
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
            if message.get("sessionId") == self.session:
                self._event(message)

    def js(self, expression: str) -> Any:
        result = self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise AssertionError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url: str, timeout: float = 30.0) -> None:
        # Through a blank page, so the flag polled below cannot be the previous page's.
        self.call("Page.navigate", url="about:blank")
        self.call("Page.navigate", url=url)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = self.js(
                "(d => d ? [d.dataset.ready || '', d.dataset.errors || ''] : null)"
                "(document.documentElement)"
            )
            if state and (state[0] or state[1]):
                break
            time.sleep(0.05)
        else:
            raise AssertionError(f"the page never became ready: {url}")
        assert not self.js("document.documentElement.dataset.errors || ''"), self.js(
            "document.getElementById('errors').textContent"
        )

    def screenshot(self, path: Path) -> None:
        shot = self.call("Page.captureScreenshot", format="png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))

    def flush(self) -> None:
        """Let pending events (console messages after the last command) arrive."""
        self.js("new Promise(r => setTimeout(r, 100))")


@pytest.fixture(scope="module")
def browser() -> Iterator[Page]:
    binary = chromium_path()
    if binary is None:
        pytest.skip("chromium not installed (Debian: apt-get install -y chromium)")
    profile = Path(tempfile.mkdtemp(prefix="thousand-chromium-"))
    process = subprocess.Popen(
        [
            binary,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--hide-scrollbars",
            "--window-size=1500,1000",
            f"--user-data-dir={profile}",
            "--remote-debugging-port=0",
            "about:blank",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and len(port_file.read_text().splitlines()) >= 2):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"chromium did not start (exit code {process.poll()})")
            time.sleep(0.05)
        port, path = port_file.read_text().splitlines()[:2]
        ws = WebSocket(f"ws://127.0.0.1:{port}{path}")
        ws.send(json.dumps({"id": 1, "method": "Target.createTarget", "params": {"url": ""}}))
        target = _reply(ws, 1)["targetId"]
        ws.send(
            json.dumps(
                {
                    "id": 2,
                    "method": "Target.attachToTarget",
                    "params": {"targetId": target, "flatten": True},
                }
            )
        )
        page = Page(ws, _reply(ws, 2)["sessionId"])
        for domain in ("Runtime", "Log", "Page", "Network"):
            page.call(f"{domain}.enable")
        page.call(
            "Emulation.setDeviceMetricsOverride",
            width=1500,
            height=1000,
            deviceScaleFactor=1,
            mobile=False,
        )
        yield page
        ws.close()
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(profile, ignore_errors=True)


def _reply(ws: WebSocket, wanted: int) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv())
        if message.get("id") == wanted:
            result: dict[str, Any] = message["result"]
            return result


# ------------------------------------------------------------------ replays and pages


def _match(folder: Path, game: str, bots: int) -> Path:
    subprocess.run(
        [
            "thousand",
            "match",
            "--game",
            game,
            "--games",
            "1",
            "--seed",
            "5",
            "--replays",
            str(folder),
            *(["builtin:random"] * bots),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    (replay,) = sorted(folder.glob("match-*/*.jsonl*"))  # the match's own folder
    return replay


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, LoadedReplay]:
    folder = tmp_path_factory.mktemp("cards")
    replay = _match(folder, "cards", 3)
    out = folder / "cards.html"
    # Through the command line once, as the organisers will run it.
    done = subprocess.run(
        ["thousand", "replay", "export", str(replay), "--html", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"wrote {out}" in done.stdout
    return out, load_frames(replay)


@pytest.fixture(scope="module")
def dice(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, LoadedReplay]:
    folder = tmp_path_factory.mktemp("dice")
    replay = _match(folder, "dice", 2)
    out = export_html(replay, folder / "dice.html")
    return out, load_frames(replay)


HANDS_JS = """(() => {
  const out = {};
  for (const el of document.querySelectorAll('#table .seat')) {
    const hand = el.querySelector('.hand');
    out[el.dataset.seat] = {
      faces: hand ? [...hand.querySelectorAll('.card.face')].map(c => c.dataset.card) : [],
      backs: hand ? hand.querySelectorAll('.card.back').length : 0,
    };
  }
  return {
    seats: out,
    all_faces: [...document.querySelectorAll('.card.face')].map(c => c.dataset.card),
    step: document.documentElement.dataset.step,
    seat: document.documentElement.dataset.seat,
  };
})()"""


def _shown(page: Page, step: int, seat: int | None) -> dict[str, Any]:
    page.js(f"thousandViewer.setSeat({'null' if seat is None else seat})")
    page.js(f"thousandViewer.go({step})")
    shown: dict[str, Any] = page.js(HANDS_JS)
    assert shown["step"] == str(step)
    assert shown["seat"] == ("table" if seat is None else str(seat))
    return shown


def _public_cards(view: dict[str, Any]) -> set[str]:
    """Every card a seat's view names outside the hands (talon, trick, played, given...)."""
    cards = set(view.get("talon") or []) | set(view.get("played") or [])
    cards |= set(view.get("discards") or [])
    for key in ("trick", "last_trick", "given"):
        cards |= {t["card"] for t in view.get(key) or [] if t.get("card")}
    return cards


def _assert_no_errors(page: Page) -> None:
    page.flush()
    assert page.errors == [], page.errors
    outside = [u for u in page.requests if not u.startswith(("file:", "data:"))]
    assert outside == [], f"the page asked the network for {outside}"


# ------------------------------------------------------------------ tests


def test_cards_page_draws_the_engine_views(browser: Page, cards: tuple[Path, LoadedReplay]) -> None:
    out, loaded = cards
    frames = loaded.frames
    players = loaded.header.players
    browser.open(out.as_uri() + "#step=0&seat=table")
    assert browser.js("thousandViewer.steps") == len(frames)

    # Step 0: nothing dealt; after the deal every hand lies face up for the whole table.
    start = _shown(browser, 0, None)
    assert all(s["faces"] == [] for s in start["seats"].values())
    deal = next(f.index for f in frames if f.view(None).get("hands") and any(f.view(None)["hands"]))
    dealt = _shown(browser, deal, None)
    assert dealt != start

    rng = random.Random(5)
    picked = rng.sample(range(len(frames)), 14)
    sample = sorted({deal, deal + 1, deal + 5, len(frames) - 1, *picked})
    for step in sample:
        table = frames[step].view(None)
        shown = _shown(browser, step, None)
        for s in range(players):
            assert shown["seats"][str(s)]["faces"] == list(table["hands"][s]), (step, s)
        for seat in range(players):
            view = frames[step].view(seat)
            shown = _shown(browser, step, seat)
            assert shown["seats"][str(seat)]["faces"] == list(view["hand"]), (step, seat)
            known = set(view["hand"]) | _public_cards(view)
            assert set(shown["all_faces"]) <= known, (step, seat, set(shown["all_faces"]) - known)
            for other in range(players):
                if other == seat:
                    continue
                drawn = shown["seats"][str(other)]
                assert drawn["faces"] == [], (step, seat, other)
                assert drawn["backs"] == view["hand_sizes"][other], (step, seat, other)
                secret = set(table["hands"][other]) - _public_cards(view)
                assert not secret & set(shown["all_faces"]), (step, seat, other)

    # The controls: buttons step, the slider jumps, play moves on by itself, the address starts
    # the page at a step and a seat.
    assert len(frames) > 400, "a game of random bots runs to the deal cap: thousands of steps"
    middle = len(frames) // 2
    browser.js("thousandViewer.setSeat(null); thousandViewer.go(40)")
    browser.js("document.getElementById('b-next').click()")
    assert browser.js("thousandViewer.step") == 41
    browser.js("for (let i = 0; i < 2; i++) document.getElementById('b-prev').click()")
    assert browser.js("thousandViewer.step") == 39
    browser.js(
        f"const s = document.getElementById('slider'); s.value = '{middle}';"
        "s.dispatchEvent(new Event('input'))"
    )
    assert browser.js("thousandViewer.step") == middle
    browser.js("document.getElementById('speed').value = '60'")
    browser.js("document.getElementById('b-play').click()")
    time.sleep(0.6)
    browser.js("document.getElementById('b-play').click()")
    assert browser.js("thousandViewer.step") > middle + 5
    browser.js("document.getElementById('b-nextunit').click()")
    after = browser.js("thousandViewer.step")
    assert frames[after].view(None)["deal"] == frames[after - 1].view(None)["deal"] + 1

    # The seat selector itself: choosing seat 2 turns the other hands face down.
    browser.js(
        "const v = document.getElementById('seat'); v.value = '2';"
        "v.dispatchEvent(new Event('change'))"
    )
    chosen = browser.js(HANDS_JS)
    assert chosen["seat"] == "2"
    assert chosen["seats"]["0"]["faces"] == chosen["seats"]["1"]["faces"] == []
    assert chosen["seats"]["2"]["faces"] == list(frames[after].view(2)["hand"])

    browser.open(out.as_uri() + "#step=60&seat=1")
    assert browser.js("[thousandViewer.step, document.getElementById('seat').value]") == [60, "1"]
    _assert_no_errors(browser)
    trick_step = next(f.index for f in frames[60:] if len(f.view(None).get("trick") or []) == 2)
    browser.js(f"thousandViewer.setSeat(null); thousandViewer.go({trick_step})")
    browser.screenshot(ARTEFACTS / "replay-export-cards-table.png")
    browser.js("thousandViewer.setSeat(1)")
    browser.screenshot(ARTEFACTS / "replay-export-cards-seat1.png")
    _assert_no_errors(browser)


def test_dice_page_draws_the_throws(browser: Page, dice: tuple[Path, LoadedReplay]) -> None:
    out, loaded = dice
    frames = loaded.frames
    browser.open(out.as_uri())
    assert browser.js("thousandViewer.steps") == len(frames)
    drawn_js = """(() => ({
      thrown: [...document.querySelectorAll('#table .throw .die')].map(d => +d.dataset.die),
      aside: [...document.querySelectorAll('#table .aside .die')].map(d => +d.dataset.die),
      scores: [...document.querySelectorAll('#table .seat')].map(s =>
        [+s.dataset.seat, +s.querySelector('.score').textContent]),
    }))()"""
    for step in sorted({1, 2, 3, 10, len(frames) // 2, len(frames) - 1}):
        view = frames[step].view(None)
        browser.js(f"thousandViewer.go({step})")
        drawn = browser.js(drawn_js)
        assert drawn["thrown"] == list(view["throw"] or []), step
        assert drawn["aside"] == list(view["set_aside"]), step
        assert sorted(drawn["scores"]) == [[s, x] for s, x in enumerate(view["scores"])], step
    throw = next(f.index for f in frames if f.view(None)["throw"] and f.view(None)["set_aside"])
    browser.js(f"thousandViewer.go({throw})")
    browser.screenshot(ARTEFACTS / "replay-export-dice.png")
    _assert_no_errors(browser)


def test_page_is_self_contained(cards: tuple[Path, LoadedReplay]) -> None:
    out, _ = cards
    page = out.read_text(encoding="utf-8")
    lowered = page.lower()
    for needle in ('src="http', "src='http", 'href="http', "href='http", "@import", "url(http"):
        assert needle not in lowered, needle
    assert "<script src" not in lowered
    assert "default-src 'none'" in page  # the page itself forbids any request


def test_export_errors_are_one_line(tmp_path: Path, dice: tuple[Path, LoadedReplay]) -> None:
    with pytest.raises(ReplayError, match="no such replay file"):
        export_html(tmp_path / "missing.jsonl", tmp_path / "out.html")
    bogus = tmp_path / "bogus.jsonl"
    bogus.write_text("hello\n")
    with pytest.raises(ReplayError, match="not JSON"):
        export_html(bogus, tmp_path / "out.html")
    replay = next((dice[0].parent).glob("match-*/*.jsonl*"))
    with pytest.raises(OSError, match="does not exist"):
        export_html(replay, tmp_path / "no" / "such" / "out.html")
    with pytest.raises(OSError, match="is a folder"):
        export_html(replay, tmp_path)
    done = subprocess.run(
        ["thousand", "replay", "export", str(tmp_path / "missing.jsonl"), "--html", "x.html"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode != 0
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert not (tmp_path / "x.html").exists()


def test_incomplete_replay_is_drawn_and_flagged(
    browser: Page, dice: tuple[Path, LoadedReplay], tmp_path: Path
) -> None:
    """A referee killed mid-game leaves a .part file with a torn last line: the page shows
    the steps there are and says the game did not finish."""
    replay = next((dice[0].parent).glob("match-*/*.jsonl*"))
    lines = replay.read_bytes().splitlines(keepends=True)
    part = tmp_path / "game.jsonl.part"
    part.write_bytes(b"".join(lines[:40]) + lines[40][:25])
    out = export_html(part, tmp_path / "part.html")
    browser.open(out.as_uri() + "#step=999999")
    # The header and 39 whole steps: frames 0 (the empty table) to 39; the address asked for
    # a step past the end, the page stops at the last.
    assert browser.js("thousandViewer.step") == 39 == len(load_frames(part).frames) - 1
    banner = browser.js("document.getElementById('result').textContent")
    assert "incomplete" in banner
    _assert_no_errors(browser)
