"""Helpers for `thousand match` end-to-end tests: the real command line, real bot processes,
real files (a small tmpfs for a full disk).

The command runs as ``python -m referee.cli.main`` from the test's own folder, so it is the package
Python imports (the working tree, or whatever PYTHONPATH names: the same tests can be pointed at
another checkout). Bots carry a unique marker word on their command line so that a scan of /proc
afterwards finds any process a match left behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import subprocess
import sys
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.inprocess import invoke as in_process
from tests.processes import leftovers, processes_with

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
RANDOM_BOT = ROOT / "bots" / "random_bot.py"
FAULTY = ROOT / "tests" / "bots" / "faulty.py"

FAST = ("--time-per-move", "0.5", "--time-bank", "1", "--startup-time", "5")
"""Short clocks: a faulty bot costs little, a good bot on a loaded machine still has time."""


def thousand() -> list[str]:
    return [PY, "-m", "referee.cli.main"]


def bot(path: Path, *args: object) -> str:
    """A BOT argument: one command line in one string."""
    return shlex.join([PY, str(path), *(str(a) for a in args)])


def random_bot(marker: str, seed: int = 1) -> str:
    return bot(RANDOM_BOT, seed, marker)


def faulty(mode: str, after: int, marker: str) -> str:
    return bot(FAULTY, mode, after, marker)


@dataclass
class Run:
    argv: list[str]
    returncode: int
    stdout: str
    stderr: str

    @property
    def doc(self) -> dict[str, Any]:
        try:
            document: dict[str, Any] = json.loads(self.stdout)
        except ValueError:
            pytest.fail(f"stdout is not one JSON document:\n{self.explain()}")
        return document

    def explain(self) -> str:
        return (
            f"$ {shlex.join(self.argv)}\nexit {self.returncode}\n"
            f"stdout:\n{self.stdout[-3000:]}\nstderr:\n{self.stderr[-3000:]}"
        )

    @property
    def error_lines(self) -> list[str]:
        return [line for line in self.stderr.splitlines() if line.startswith("thousand: error:")]


def run(
    args: Sequence[str],
    cwd: Path,
    *,
    timeout: float = 120.0,
    env: dict[str, str] | None = None,
) -> Run:
    argv = [*thousand(), *args]
    done = subprocess.run(
        argv,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=cwd,
        env={**os.environ, **(env or {})},
    )
    return Run(argv, done.returncode, done.stdout, done.stderr)


def invoke(
    args: Sequence[str], *, env: dict[str, str] | None = None, cwd: Path | None = None
) -> Run:
    """``thousand ARGS`` in this process (click's runner on the real main), from ``cwd`` if
    given: for what a command says and its exit code, where a process adds only a second of
    start-up. A match run so still starts its real bot processes. stderr is kept apart; an
    exception that escapes shows as a traceback, as it would from the program."""
    return Run(["thousand", *args], *in_process(args, env=env, cwd=cwd))


def short_dice(folder: Path, rounds: int = 6) -> str:
    """A ``--rules`` file: classic dice cut off after ``rounds`` rounds. For claims that do not
    depend on how long a game is (a random bot's full game is hundreds of moves; builtin:first
    never banks, so its games last until the cap)."""
    return str(write_json(folder / f"dice-{rounds}-rounds.json", {"max_rounds": rounds}))


def start(args: Sequence[str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*thousand(), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
    )


def match_folders(parent: Path) -> list[Path]:
    return sorted(p for p in parent.iterdir() if p.is_dir() and p.name.startswith("match-"))


@pytest.fixture
def marker() -> Iterator[str]:
    """A word unique to this test on its bots' command lines; whatever still carries it after
    the test is killed by pid (the test itself asserts that nothing was left)."""
    word = f"mark-{uuid.uuid4().hex}"
    yield word
    for proc in processes_with(word):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(proc.pid, 9)


def assert_no_leftovers(marker: str) -> None:
    left = leftovers(marker)
    assert not left, "processes left behind:\n" + "\n".join(str(p) for p in left)


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data))
    return path
