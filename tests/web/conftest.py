"""Fixtures of the contest server's tests: a real ladder made by the real CLI, a real uvicorn
server in its own process on a free port of 127.0.0.1, and a real headless Chromium.

Nothing is mocked. The example ladder is built once a session with ``thousand ladder
init/add/run`` (builtin bots, the example dice bot as a process, a bot that makes an illegal
move, and entrants named by hostile contestants — the names the referee's tests already use);
a test that changes a ladder works on a copy (``ladder_copy``). Servers are started with
``thousand ladder serve`` and killed by their process group at the end.
"""

from __future__ import annotations

import contextlib
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
    return build_example_ladder(tmp_path_factory.mktemp("web-ladder"))


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
def example_server(example_ladder: Path) -> Iterator[Server]:
    """One server on the example ladder for the tests that only read."""
    server = start_server(example_ladder)
    try:
        yield server
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
