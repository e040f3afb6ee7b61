"""Mistakes a person can make on the `thousand match` command line: each one must end in one
clear line on stderr ("thousand: error: ..." or click's "Error: ..."), a non-zero exit, no
traceback, and no match played (nothing on stdout).

The commands fail before any bot starts, and the claim is what the command says: each runs in
this process (tests/inprocess.py; a process would add only its interpreter's start-up, ~0.3 s
each), all of them once in a module fixture, and each case checks its own result. The real
program's one error line and exit code are tested end to end in tests/match_cli
(test_four_bots_at_classic_cards_are_pointed_to_the_four_preset, exit 1, and
test_usage_error_of_the_real_command, exit 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import PY, RANDOM_BOT, ROOT

from tests.inprocess import invoke

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
    """``thousand match ARGS`` in this process, from the checkout (cases name files in it)."""
    games = () if "--games" in args else ("--games", "1")
    done = invoke(["match", *args, *games], env={"COLUMNS": "200"}, cwd=ROOT)
    return Outcome(done.returncode, done.stdout, done.stderr)


@pytest.fixture(scope="module")
def mistakes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Case]:
    """The cases by name, with the files they name made once for the module."""
    folder = tmp_path_factory.mktemp("mistakes")
    make_files(folder)
    return {c.name: c for c in cases(folder)}


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith(("thousand: error:", "Error:"))]


@pytest.mark.parametrize("name", [c.name for c in cases(Path("FOLDER"))])
def test_mistake_gives_one_clear_line(name: str, mistakes: dict[str, Case]) -> None:
    case = mistakes[name]
    outcome = _run(case.args)
    shown = f"exit {outcome.returncode}\nstdout: {outcome.stdout[:500]}\nstderr: {outcome.stderr}"
    assert outcome.returncode == (2 if case.click else 1), shown
    assert "Traceback" not in outcome.stderr, shown
    assert outcome.stdout == "", shown
    (line,) = error_lines(outcome.stderr)
    assert case.expect in line, shown
    if not case.click:
        # The referee's own errors are exactly one line.
        assert outcome.stderr.strip() == line, shown
