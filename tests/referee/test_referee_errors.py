"""Mistakes a person can make on the `thousand match` command line: each one must end in one
clear line on stderr ("thousand: error: ..." or click's "Error: ..."), a non-zero exit, no
traceback, and no match played (nothing on stdout).

The commands fail before any bot starts, so they are all run at once (a module fixture runs
them in parallel) and each case checks its own result.
"""

from __future__ import annotations

import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import PY, RANDOM_BOT, ROOT, thousand

RANDOM = f"{PY} {RANDOM_BOT}"


@dataclass(frozen=True)
class Case:
    name: str
    args: tuple[str, ...]
    expect: str  # a piece of the error line
    click: bool = False  # a usage error reported by click (exit 2), not by the referee (exit 1)


def make_files(folder: Path) -> None:
    not_executable = folder / "bot.py"
    not_executable.write_text("print('hello')\n")
    not_executable.chmod(0o644)
    (folder / "broken.json").write_text('{"max_rounds": 3,')
    (folder / "zero.json").write_text('{"max_rounds": 0}')
    (folder / "cards.json").write_text('{"game": "cards"}')
    (folder / "nocommand.json").write_text('{"name": "x"}')
    (folder / "a-file").write_text("")


def cases(folder: Path) -> list[Case]:
    """The mistakes; the files they name are made by ``make_files(folder)``."""
    not_executable = folder / "bot.py"
    dice = ("--game", "dice")
    two = (RANDOM, "builtin:random")
    return [
        Case(
            "missing-program", ("tests/bots/no_such_bot.py", "builtin:random", *dice), "not found"
        ),
        Case("not-executable", (str(not_executable), "builtin:random", *dice), "not executable"),
        Case("unknown-builtin", ("builtin:nope", "builtin:random", *dice), "unknown built-in"),
        Case("manifest-field", (str(folder / "nocommand.json"), *two[1:], *dice), "command"),
        Case("rules-missing", (*two, *dice, "--rules", str(folder / "none.json")), "not found"),
        Case("rules-bad-json", (*two, *dice, "--rules", str(folder / "broken.json")), "JSON"),
        Case("rules-bad-value", (*two, *dice, "--rules", str(folder / "zero.json")), "max_rounds"),
        Case("rules-other-game", (*two, *dice, "--rules", str(folder / "cards.json")), "cards"),
        Case("cards-two-bots", (*two, "--game", "cards"), "3 players, not 2"),
        Case("sprt-three-bots", (*two, "builtin:first", *dice, "--sprt", "0,5"), "two bots"),
        Case("sprt-words", (*two, *dice, "--sprt", "a,b"), "numbers"),
        Case("sprt-order", (*two, *dice, "--sprt", "10,5"), "ELO0 < ELO1"),
        Case("replays-under-file", (*two, *dice, "--replays", f"{folder}/a-file/x"), "folder"),
        Case("missing-script", (f"{PY} tests/bots/no_such_bot.py", *two[1:], *dice), "no_such"),
        Case("move-nan", (*two, *dice, "--time-per-move", "nan"), "time-per-move", True),
        Case("move-inf", (*two, *dice, "--time-per-move", "inf"), "time-per-move", True),
        Case("bank-nan", (*two, *dice, "--time-bank", "nan"), "time-bank", click=True),
        Case("startup-inf", (*two, *dice, "--startup-time", "inf"), "startup-time", True),
        Case("sprt-nan", (*two, *dice, "--sprt", "nan,5"), "finite"),
        Case("games-zero", (*two, *dice, "--games", "0"), "--games", click=True),
        Case("clock-foo", (*two, *dice, "--clock", "foo"), "--clock", click=True),
        Case("move-negative", (*two, *dice, "--time-per-move", "-1"), "time-per-move", True),
        Case("bank-negative", (*two, *dice, "--time-bank", "-1"), "time-bank", click=True),
    ]


@dataclass
class Outcome:
    returncode: int
    stdout: str
    stderr: str


def _run(args: tuple[str, ...]) -> Outcome:
    env = {**os.environ, "COLUMNS": "200"}
    games = () if "--games" in args else ("--games", "1")
    done = subprocess.run(
        [*thousand(), "match", *args, *games],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )
    return Outcome(done.returncode, done.stdout, done.stderr)


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Case, Outcome]]:
    folder = tmp_path_factory.mktemp("mistakes")
    make_files(folder)
    all_cases = cases(folder)
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(_run, [c.args for c in all_cases]))
    return {c.name: (c, r) for c, r in zip(all_cases, results, strict=True)}


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith(("thousand: error:", "Error:"))]


@pytest.mark.parametrize("name", [c.name for c in cases(Path("FOLDER"))])
def test_mistake_gives_one_clear_line(name: str, outcomes: dict[str, tuple[Case, Outcome]]) -> None:
    case, outcome = outcomes[name]
    shown = f"exit {outcome.returncode}\nstdout: {outcome.stdout[:500]}\nstderr: {outcome.stderr}"
    assert outcome.returncode == (2 if case.click else 1), shown
    assert "Traceback" not in outcome.stderr, shown
    assert outcome.stdout == "", shown
    (line,) = error_lines(outcome.stderr)
    assert case.expect in line, shown
    if not case.click:
        # The referee's own errors are exactly one line.
        assert outcome.stderr.strip() == line, shown
