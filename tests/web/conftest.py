"""Fixtures of the contest server's tests: a real ladder made by the real CLI, a real uvicorn
server in its own process on a free port of 127.0.0.1, and a real headless Chromium.

Nothing is mocked. The example ladder is built once a test run with ``thousand ladder
init/add/run`` (builtin bots, the example dice bot as a process, a bot that makes an illegal
move, and entrants named by hostile contestants — the names the referee's tests already use)
and shared by the xdist workers (tests/shared.py), read only: a test that changes a ladder
works on a copy (``ladder_copy``), and every server runs on a copy of its own. Servers are
started with ``thousand ladder serve`` and killed by their process group at the end.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser import Page, launch
from tests.inputs.conftest import HOSTILE_NAMES
from tests.ladder.conftest import (
    DICE_BOT,
    FAULTY,
    ROOT,
    SHORT_DICE,
    ok,
    py_bot,
    quick_ok,
    thousand,
)
from tests.shared import built_once
from tests.web.support_accounts import invite

PY = sys.executable
NAMES = ["alpha", "beta", "gamma", "faulty"]
"""The example ladder's plainly named entrants (gamma: the example dice bot as a process;
faulty: makes an illegal move in every game)."""
MATCHES = 12


SERVING = re.compile(r"serving (http://\S+)")
"""The server's line naming the address it listens on: the port it got for ``--port 0``."""


def served_url(log: Path) -> str | None:
    """The address a server started with ``--port 0`` says it got, once it has said it.

    Port 0, not a port found free and then given: between the two another test's server (under
    pytest-xdist, in another worker) can take it."""
    found = SERVING.search(log.read_text(encoding="utf-8", errors="replace"))
    return found.group(1) if found else None


@dataclass
class Server:
    """A running server: ``url`` (no trailing slash), its process and what it printed."""

    url: str
    db: Path
    process: subprocess.Popen[bytes]
    log: Path
    client: httpx.Client = field(init=False)

    def __post_init__(self) -> None:
        self.client = httpx.Client(base_url=self.url, timeout=30.0)

    def get(self, path: str) -> httpx.Response:
        return self.client.get(path)

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def close(self) -> None:
        self.client.close()
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def start_server(db: Path, *extra: str, within: float = 90.0) -> Server:
    """A server on ``db``, waited for until it answers (``extra``: options of ``ladder serve``)."""
    argv = [*thousand(), "ladder", "serve", str(db), "--port", "0", *extra]
    log = db.parent / f"server-{time.monotonic_ns()}.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            start_new_session=True,
        )
    server: Server | None = None
    deadline = time.monotonic() + within
    while True:
        if process.poll() is not None:
            text = log.read_text(encoding="utf-8", errors="replace")
            if server is not None:
                server.close()
            raise AssertionError(f"the server exited ({process.returncode}):\n{text}")
        url = served_url(log) if server is None else server.url
        if server is None and url is not None:
            server = Server(url, db, process, log)
        try:
            if server is not None and server.get("/api/standings").status_code == 200:
                return server
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            if server is None:
                server = Server("http://127.0.0.1:0", db, process, log)
            server.close()
            raise AssertionError(f"the server did not answer in {within} s:\n{server.output()}")
        time.sleep(0.05)


@pytest.fixture
def serve() -> Iterator[Callable[..., Server]]:
    """``serve(db, *options)`` starts a server that is killed when the test ends."""
    started: list[Server] = []

    def start(db: Path, *extra: str) -> Server:
        server = start_server(db, *extra)
        started.append(server)
        return server

    try:
        yield start
    finally:
        for server in started:
            server.close()


# ------------------------------------------------------------------------------- ladders


def build_example_ladder(folder: Path) -> Path:
    """The example ladder: plain and hostile names, ``MATCHES`` matches played for real (the
    commands that only write the database run in this process, as tests/ladder's do)."""
    db = folder / "ladder.db"
    rules = folder / "short.toml"
    rules.write_text(SHORT_DICE, encoding="utf-8")
    init = "init --game dice --players 3 --seed 2026 --sandbox rlimits --allow-weak-sandbox"
    quick_ok(*init.split()[:1], db, *init.split()[1:], "--rules", rules)
    bots = {
        "alpha": "builtin:random",
        "beta": "builtin:random",
        "gamma": py_bot(DICE_BOT),
        "faulty": py_bot(FAULTY, "illegal", 2),
    }
    hostile = {f"hostile{i}": "builtin:random" for i in range(len(HOSTILE_NAMES))}
    for name, bot in {**bots, **hostile}.items():
        quick_ok("add", db, name, bot, "--no-check")
    ok("run", db, "--matches", MATCHES, "--concurrency", "2", timeout=180)
    # Names that `ladder add` refuses (control characters) are written directly, as a ladder
    # made before names were checked holds them.
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        for index, name in enumerate(HOSTILE_NAMES):
            conn.execute("UPDATE entrants SET name = ? WHERE name = ?", (name, f"hostile{index}"))
    return db


@pytest.fixture(scope="session")
def example_ladder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example ladder, played once a test run (about 8 s of CPU) and shared by the xdist
    workers: read only — copy it (``copy_ladder``) before changing it or serving it."""
    return built_once(tmp_path_factory, "web-ladder", build_example_ladder)


def copy_ladder(source: Path, folder: Path) -> Path:
    """An independent copy of a ladder and its files folder (replays), for a test that
    changes it."""
    db = folder / source.name
    with (
        contextlib.closing(sqlite3.connect(source)) as a,
        contextlib.closing(sqlite3.connect(db)) as b,
    ):
        a.backup(b)
    files = source.with_name(source.name + ".files")
    if files.is_dir():
        shutil.copytree(files, db.with_name(db.name + ".files"))
    return db


@pytest.fixture
def ladder_copy(example_ladder: Path, tmp_path: Path) -> Path:
    return copy_ladder(example_ladder, tmp_path)


@pytest.fixture(scope="session")
def example_server(
    example_ladder: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """One server a session on the example ladder for the tests that only read. It serves this
    worker's copy: a server may write to its database (and writes its log beside it), and the
    ladder itself is shared by the workers."""
    server = start_server(copy_ladder(example_ladder, tmp_path_factory.mktemp("web-served")))
    try:
        yield server
    finally:
        server.close()


OWNER = "owner"
"""The account that owns the example ladder's ``gamma`` on the contestants' copy (the example
dice bot as a process, which writes to stderr in its matches)."""
OWNED = "gamma"
FORGED = "evil\n\nevent: update\ndata: {}\n"
"""A name holding a newline and an event of its own: the contestants' copy gives it to
``alpha``, to try to end a live event early or forge one."""


@dataclass
class Contestants:
    """The session's server on the contestants' copy of the example ladder, and the token of
    the account ``OWNER`` that owns ``OWNED``."""

    server: Server
    token: str


def own(db: Path, account: str, entrant: str) -> None:
    """Give ``account`` the entrant ``entrant``: the link the server's admission writes when
    it admits an account's first bot (the example ladder's entrants were added by
    ``ladder add``, and their matches' logs are what /mine shows)."""
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.execute(
            "INSERT INTO account_entrants (account_id, entrant_id) VALUES ("
            "(SELECT id FROM accounts WHERE name = ?), (SELECT id FROM entrants WHERE name = ?))",
            (account, entrant),
        )


@pytest.fixture(scope="session")
def contestants(
    example_ladder: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Contestants]:
    """One server a session for the tests that read pages as a contestant or a stranger, on a
    copy of the example ladder where ``OWNER`` owns ``OWNED`` and ``alpha`` is named
    ``FORGED``: a server start (about a second of CPU) instead of one a test. The tests may log
    in and be refused, which changes nothing another of them reads."""
    db = copy_ladder(example_ladder, tmp_path_factory.mktemp("web-contestants"))
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("UPDATE entrants SET name = ? WHERE name = 'alpha'", (FORGED,))
    token = invite(db, OWNER)
    own(db, OWNER, OWNED)
    server = start_server(db)
    try:
        yield Contestants(server, token)
    finally:
        server.close()


# ------------------------------------------------------------------------------- browser

WATCH_CSP = (
    "document.addEventListener('securitypolicyviolation', e => "
    "(window.__csp = window.__csp || []).push(e.violatedDirective + ' ' + e.blockedURI));"
)
"""Installed in every page and frame before its own scripts: a CSP violation is recorded
there as well as reported on the console."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Page]:
    with launch() as page:
        page.call("Page.addScriptToEvaluateOnNewDocument", source=WATCH_CSP)
        yield page


@pytest.fixture
def page(browser: Page, serve: Callable[..., Server]) -> Iterator[Page]:
    """The module's browser tab for one test: what it recorded before is forgotten, and it
    leaves the test's pages (closing their event streams) before the test's servers stop —
    it depends on ``serve`` so that it is torn down first."""
    browser.errors.clear()
    browser.requests.clear()
    yield browser
    browser.call("Page.navigate", url="about:blank")
    browser.flush()


def routed_call(page: Page, peers: dict[str, Page], method: str, **params: Any) -> dict[str, Any]:
    """``page.call``, handing every event that arrives meanwhile to the tab it belongs to
    (``Page.call`` keeps its own tab's and drops the others')."""
    page.next_id += 1
    wanted = page.next_id
    page.ws.send(
        json.dumps({"id": wanted, "method": method, "params": params, "sessionId": page.session})
    )
    while True:
        message = json.loads(page.ws.recv())
        session = message.get("sessionId")
        if message.get("id") == wanted and session == page.session:
            if "error" in message:
                raise RuntimeError(f"{method}: {message['error']}")
            result: dict[str, Any] = message.get("result", {})
            return result
        peer = peers.get(session) if session is not None else None
        if peer is not None and "method" in message:
            peer._event(message)


class Tab(Page):
    """Another tab of the module's browser, on the same DevTools connection, in a window of its
    own (a second tab of one window is hidden: Chromium would not draw it). Whichever tab waits
    for an answer, every event that arrives meanwhile reaches the tab it belongs to, so each
    one's console errors and requests are its own. While tabs are open, the module's first
    tab (``page``), whose waits drop other tabs' events, is not driven."""

    def __init__(self, opener: Page, peers: dict[str, Page], first_id: int) -> None:
        target = routed_call(opener, peers, "Target.createTarget", url="", newWindow=True)
        self.target: str = target["targetId"]
        session = routed_call(
            opener, peers, "Target.attachToTarget", targetId=self.target, flatten=True
        )
        super().__init__(opener.ws, session["sessionId"])
        self.next_id = first_id
        self.peers = peers
        peers[self.session] = self
        for domain in ("Runtime", "Log", "Page", "Network"):
            self.call(f"{domain}.enable")
        self.call("Page.addScriptToEvaluateOnNewDocument", source=WATCH_CSP)
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=1500,
            height=1000,
            deviceScaleFactor=1,
            mobile=False,
        )

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        return routed_call(self, self.peers, method, **params)

    def close(self) -> None:
        """Leave the page (closing its event stream) and close the tab's window."""
        self.call("Page.navigate", url="about:blank")
        self.call("Target.closeTarget", targetId=self.target)
        del self.peers[self.session]


@pytest.fixture
def tabs(browser: Page, serve: Callable[..., Server]) -> Iterator[Callable[[], Tab]]:
    """``tabs()`` opens another tab of the module's browser, for a test that watches several
    pages at once (one match followed by all of them, instead of one match a page). The tabs
    are closed before the test's servers stop: the fixture depends on ``serve``."""
    peers: dict[str, Page] = {browser.session: browser}
    opened: list[Tab] = []

    def open_tab() -> Tab:
        tab = Tab(browser, peers, first_id=100_000 * (len(opened) + 1))
        opened.append(tab)
        return tab

    try:
        yield open_tab
    finally:
        for tab in reversed(opened):
            tab.close()


def wait_for(page: Page, expression: str, within: float, what: str) -> Any:
    """Poll a page until ``expression`` is truthy (the page's own events are read meanwhile)."""
    deadline = time.monotonic() + within
    while True:
        value = page.js(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {within} s waiting for {what}")
        time.sleep(0.1)


def assert_clean_page(page: Page, server: Server) -> None:
    """No console error, no uncaught exception, no CSP violation, nothing fetched from
    anywhere but the server."""
    page.flush()
    assert page.errors == [], page.errors
    assert page.js("window.__csp || []") == []
    foreign = [
        url for url in page.requests if not url.startswith((server.url + "/", "about:", "data:"))
    ]
    assert foreign == [], foreign
    page.errors.clear()
    page.requests.clear()
