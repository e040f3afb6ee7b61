"""Helpers for the referee's end-to-end tests: real `thousand match` runs, replays, /proc scans.

Every test drives the installed command line with real bot processes (no pipe is mocked). Each
test gives its bots a unique marker word on their command line (faulty.py and the other helper
bots ignore extra words); whatever a bot forks keeps that word in its argv, and whatever it
execs is given it, so scanning /proc/*/cmdline for the marker after the match finds any process
the referee left behind.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.bot_access import open_to_bots
from tests.inprocess import invoke
from tests.processes import Proc, leftovers, processes_with
from tests.referee.cpu_burn import spawn as spawn  # the CPU meters' tests' fixture

ROOT = Path(__file__).resolve().parents[2]
BOTS = ROOT / "tests" / "bots"
FAULTY = BOTS / "faulty.py"
RECORDER = BOTS / "recorder.py"
NAPPER = BOTS / "napper.py"
RANDOM_BOT = ROOT / "bots" / "random_bot.py"
PY = sys.executable

FAST = ("--time-per-move", "0.3", "--time-bank", "0.5", "--startup-time", "2")
"""Short time controls: a hung bot costs under a second, and a good bot on a loaded machine
still has more than half a second for its first move."""

MIB = 1 << 20


def thousand() -> list[str]:
    """The installed console script (the real CLI); the module if it is not on PATH."""
    found = shutil.which("thousand")
    return [found] if found else [PY, "-m", "referee.cli.main"]


def bot(path: Path, *args: object) -> str:
    """A BOT argument of `thousand match`: one command line in one string."""
    return shlex.join([PY, str(path), *(str(a) for a in args)])


def faulty(mode: str, after: int, marker: str) -> str:
    return bot(FAULTY, mode, after, marker)


def random_bot(marker: str, seed: int = 1) -> str:
    return bot(RANDOM_BOT, seed, marker)


@dataclass
class MatchRun:
    argv: list[str]
    returncode: int
    stdout: str
    stderr: str
    elapsed: float
    replays: Path | None
    maxrss_kb: int | None = None

    @property
    def doc(self) -> dict[str, Any]:
        try:
            document: dict[str, Any] = json.loads(self.stdout)
        except ValueError:
            pytest.fail(f"stdout is not one JSON document:\n{self.stdout[:2000]}\n{self.stderr}")
        return document

    def explain(self) -> str:
        return f"$ {shlex.join(self.argv)}\nexit {self.returncode}\nstderr:\n{self.stderr[-3000:]}"


# Runs the command and reports the peak RSS of its process tree (the referee is the largest).
_RSS_WRAPPER = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:])\n"
    "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
    "sys.stderr.write(f'\\nMAXRSS_KB={peak}\\n')\n"
    "sys.exit(done.returncode)\n"
)


def run_match(
    bots: Sequence[str],
    *options: str,
    replays: Path | None = None,
    game: str = "dice",
    as_json: bool = True,
    timeout: float = 60.0,
    measure_rss: bool = False,
    env: dict[str, str] | None = None,
) -> MatchRun:
    argv = [*thousand(), "match", *bots, "--game", game, *options]
    if replays is not None:
        argv += ["--replays", str(replays)]
    if as_json:
        argv.append("--json")
    run_argv = [PY, "-c", _RSS_WRAPPER, *argv] if measure_rss else argv
    started = time.monotonic()
    done = subprocess.run(
        run_argv,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=ROOT,
        env=None if env is None else {**os.environ, **env},
    )
    elapsed = time.monotonic() - started
    stderr = done.stderr
    maxrss = None
    if measure_rss:
        head, _, tail = stderr.rpartition("\nMAXRSS_KB=")
        maxrss = int(tail.strip())
        stderr = head
    return MatchRun(argv, done.returncode, done.stdout, stderr, elapsed, replays, maxrss)


def play_match(
    bots: Sequence[str],
    *options: str,
    replays: Path | None = None,
    game: str = "dice",
    as_json: bool = True,
    env: dict[str, str] | None = None,
) -> MatchRun:
    """``run_match`` in this process (tests/inprocess.py): the same command, options and real
    bot processes, without the referee's interpreter start-up (~0.3 s of CPU a match). For
    claims about what the match reports (its document, table, replays, statistics), not about
    the referee's own process (signals, memory, tables in processes of their own)."""
    argv = ["match", *bots, "--game", game, *options]
    if replays is not None:
        argv += ["--replays", str(replays)]
    if as_json:
        argv.append("--json")
    started = time.monotonic()
    done = invoke(argv, env=env, cwd=ROOT)
    elapsed = time.monotonic() - started
    return MatchRun(
        ["thousand", *argv], done.returncode, done.stdout, done.stderr, elapsed, replays
    )


def short_rules(folder: Path, game: str = "dice", length: int = 6) -> str:
    """A ``--rules`` file: the classic game cut off after ``length`` rounds (dice) or deals
    (cards), for claims that do not depend on how long a game is. A random bot's full dice game
    is hundreds of moves, and a bot that never banks (builtin:first, faulty.py's fallback-free
    modes playing the first legal action) plays until the cap."""
    field = "max_deals" if game == "cards" else "max_rounds"
    return str(write_json(folder / f"{game}-{length}.json", {field: length}))


def read_replay(path: Path | str) -> list[dict[str, Any]]:
    path = Path(path)
    if not path.is_absolute():
        path = ROOT / path
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rb") as handle:
        return [json.loads(line) for line in handle]


def read_replays(document: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [read_replay(g["replay"]) for g in document["games"]]


# ---------------------------------------------------------------------- processes left behind


def wait_for(marker: str, count: int, within: float = 60.0, *, word: str = "") -> list[Proc]:
    """Wait until at least ``count`` processes carry ``marker`` (and ``word``)."""
    deadline = time.monotonic() + within
    while True:
        found = [p for p in processes_with(marker) if word in p.cmdline]
        if len(found) >= count or time.monotonic() >= deadline:
            return found
        time.sleep(0.05)


def kill_by_pid(procs: Sequence[Proc]) -> None:
    for proc in procs:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(proc.pid, signal.SIGKILL)


@pytest.fixture
def marker() -> Iterator[str]:
    """A word unique to this test, put on its bots' command lines. After the test, anything
    still carrying it is killed by pid, so that one failing test does not leak into the next
    (the test itself asserts that nothing was left)."""
    word = f"mark-{uuid.uuid4().hex}"
    yield word
    kill_by_pid(processes_with(word))


def assert_no_leftovers(marker: str) -> None:
    left = leftovers(marker)
    assert not left, "processes left behind:\n" + "\n".join(
        f"  pid {p.pid} state {p.state}: {p.cmdline}" for p in left
    )


_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def plain(text: str) -> str:
    """Terminal output without colours and cursor movements, newlines as ``\\n``."""
    return _ANSI.sub("", text).replace("\r\n", "\n")


def verify_replays(folder: Path) -> None:
    """`thousand replay verify` must re-run every replay the referee wrote to the same scores
    (faults, fallback moves and all). In this process: the claim is the command's verdict."""
    done = invoke(["replay", "verify", "-q", str(folder)], cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def terminal_env() -> dict[str, str]:
    """The environment for a pexpect terminal: wide enough for the results table (rich trusts
    COLUMNS over the terminal's size, and pytest may have set it)."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    env.update(COLUMNS="200", LINES="40", TERM="xterm-256color")
    return env


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data))
    return path


@pytest.fixture
def tmp_path(tmp_path: Path) -> Path:
    """pytest's own, opened to the bots: these tests' bots write what they saw into it
    (tests/bot_access.py)."""
    return open_to_bots(tmp_path)
