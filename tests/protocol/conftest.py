"""Helpers for the protocol tests: the real `thousand` command line and real bot processes.

Nothing is mocked: every bot is a process the referee starts. The helper bot
(tests/protocol/bots/wire_bot.py) ignores the words after its options, so each test gives its
bots a unique marker word and checks afterwards, by scanning /proc, that none was left behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.bot_access import open_to_bots
from tests.processes import leftovers, processes_with

ROOT = Path(__file__).resolve().parents[2]
WIRE_BOT = Path(__file__).resolve().parent / "bots" / "wire_bot.py"
PY = sys.executable


def thousand() -> list[str]:
    found = shutil.which("thousand")
    return [found] if found else [PY, "-m", "referee.cli.main"]


def wire_bot(marker: str, *options: str) -> str:
    """A BOT argument: the helper bot with ``options``, then the marker word."""
    return shlex.join([PY, str(WIRE_BOT), *options, marker])


def run(*args: str, timeout: float = 120.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*thousand(), *args], capture_output=True, text=True, timeout=timeout, check=False, cwd=ROOT
    )


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_bytes().splitlines()]


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    """The published JSON Schemas, as `thousand protocol schema` prints them."""
    done = run("protocol", "schema")
    assert done.returncode == 0, done.stderr
    printed: dict[str, Any] = json.loads(done.stdout)
    return printed


@pytest.fixture
def marker() -> Iterator[str]:
    """A word unique to this test on its bots' command lines; leftovers are checked after."""
    word = f"mark-{uuid.uuid4().hex}"
    yield word
    left = leftovers(word)
    for proc in processes_with(word):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(proc.pid, signal.SIGKILL)
    assert not left, f"processes left behind: {[p.cmdline for p in left]}"


def match_json(
    bots: Sequence[str], *options: str, game: str = "dice", ok: bool = True
) -> dict[str, Any]:
    """The JSON report of a real match; ``ok``: it must also exit 0."""
    done = run("match", *bots, "--game", game, "--json", *options)
    assert done.returncode == 0 or not ok, done.stderr
    document: dict[str, Any] = json.loads(done.stdout)
    return document


@pytest.fixture
def tmp_path(tmp_path: Path) -> Path:
    """pytest's own, opened to the bots: these tests' bots write what they saw into it
    (tests/bot_access.py)."""
    return open_to_bots(tmp_path)
