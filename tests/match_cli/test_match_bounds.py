"""Every time, memory and count option of `thousand match` and `thousand ladder init` has a
finite range: NaN, infinity, negative and absurd values are refused with one line and a usage
exit, before any game is planned (a NaN clock never runs out; 300 million planned games exhaust
memory), and a rules file cannot ask for an endless game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from referee.cli.main import main
from tests.inprocess import invoke_all
from tests.match_cli.conftest import write_json

BAD = ["nan", "inf", "-1", "1e306", "300000000"]
"""NaN, infinity, negative, overflowing, and absurd (300 million games, seconds, MiB...)."""

MATCH_OPTIONS = [
    "--games",
    "--concurrency",
    "--time-per-move",
    "--time-bank",
    "--startup-time",
    "--memory",
    "--cpu-seconds",
    "--max-processes",
    "--max-open-files",
    "--max-file-size",
]
LADDER_OPTIONS = [
    "--players",
    "--time-per-move",
    "--time-bank",
    "--startup-time",
    "--memory",
    "--cpu-seconds",
    "--max-processes",
    "--max-open-files",
    "--max-file-size",
]
OTHER_OPTIONS = (
    [
        (("tournament", *["builtin:random"] * 3), option)
        for option in ("--players", "--games-per-table", "--concurrency", "--time-bank")
    ]
    + [
        (("ladder", "run", "absent.db"), option)
        for option in ("--matches", "--total", "--concurrency")
    ]
    + [
        (("ladder", "games", "absent.db"), "--last"),
        (("ladder", "serve", "absent.db"), "--concurrency"),
        (("ladder", "serve", "absent.db"), "--build-seconds"),
        (("bots", "check", "builtin:random"), "--games"),
        (("bots", "check", "builtin:random"), "--time-per-move"),
        (("play", "builtin:random"), "--seat"),
        (("play", "builtin:random"), "--pace"),
        (("play", "builtin:random"), "--time-bank"),
    ]
)
"""The numbers of the other commands: the same finite ranges, refused before any file, bot or
server is touched (the databases named do not exist)."""
ADDRESS_SPACE = 2 << 30
"""A value that slipped through and planned millions of games fails fast instead of swapping."""

ONE_GAME = ["match", "builtin:random", "builtin:random", "--game", "dice", "--games", "1", "--json"]
"""A one-game dice match between built-ins: what every option below is added to."""


def _match_argv(option: str, value: str) -> list[str]:
    return [*ONE_GAME, option, value]


def _ladder_argv(db: Path, option: str, value: str) -> list[str]:
    return ["ladder", "init", str(db), "--game", "dice", "--sandbox", "bwrap", option, value]


LARGEST = [
    *ONE_GAME,
    *("--seed", "1", "--time-per-move", "3600", "--time-bank", "86400"),
    *("--startup-time", "3600", "--concurrency", "256"),
]
ENDLESS = [("cards", "max_deals"), ("dice", "max_rounds")]


def _endless_argv(game: str, rules: Path) -> list[str]:
    return [
        "match",
        "builtin:random",
        "builtin:random",
        "builtin:random",
        "--game",
        game,
        "--games",
        "1",
        "--rules",
        str(rules),
        "--json",
    ]


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every command line of this file, run once: its case name to its exit and output."""
    root = tmp_path_factory.mktemp("bounds")
    cases: dict[str, dict[str, Any]] = {}

    def folder() -> Path:
        made = root / f"case-{len(cases)}"
        made.mkdir()
        return made

    for option in MATCH_OPTIONS:
        for value in BAD:
            argv = _match_argv(option, value)
            cases[f"match {option} {value}"] = {"cwd": str(folder()), "argv": argv}
    for option in LADDER_OPTIONS:
        for value in BAD:
            where = folder()
            argv = _ladder_argv(where / "contest.db", option, value)
            cases[f"ladder {option} {value}"] = {"cwd": str(where), "argv": argv}
    for command, option in OTHER_OPTIONS:
        for value in BAD:
            argv = [*command, option, value]
            cases[f"{' '.join(command[:2])} {option} {value}"] = {
                "cwd": str(folder()),
                "argv": argv,
            }
    cases["largest"] = {"cwd": str(folder()), "argv": LARGEST}
    for game, field in ENDLESS:
        where = folder()
        rules = write_json(where / "endless.json", {field: 10**15})
        cases[f"endless {game}"] = {"cwd": str(where), "argv": _endless_argv(game, rules)}
    # Every case in one Python process under ADDRESS_SPACE (tests/inprocess.invoke_all): one
    # interpreter instead of a hundred, and the memory guard holds for each case as it did
    # for each process.
    done = invoke_all(
        {key: (case["argv"], Path(case["cwd"])) for key, case in cases.items()},
        address_space=ADDRESS_SPACE,
    )
    return {
        key: {**answer._asdict(), "cwd": Path(cases[key]["cwd"])} for key, answer in done.items()
    }


def _one_error_line(done: dict[str, Any], option: str) -> None:
    shown = (
        f"exit {done['returncode']}\nstdout: {done['stdout'][:500]}\n"
        f"stderr: {done['stderr'][-2000:]}"
    )
    assert done["returncode"] in (1, 2), shown
    assert "Traceback" not in done["stderr"], shown
    lines = done["stderr"].strip().splitlines()
    assert len(lines) == 1, shown
    assert lines[0].startswith("thousand: error:"), shown
    assert option in lines[0], shown


@pytest.mark.parametrize("value", BAD)
@pytest.mark.parametrize("option", MATCH_OPTIONS)
def test_match_refuses_an_unbounded_number(
    option: str, value: str, answers: dict[str, Any]
) -> None:
    _one_error_line(answers[f"match {option} {value}"], option)


@pytest.mark.parametrize("value", BAD)
@pytest.mark.parametrize("option", LADDER_OPTIONS)
def test_ladder_init_refuses_an_unbounded_number(
    option: str, value: str, answers: dict[str, Any]
) -> None:
    done = answers[f"ladder {option} {value}"]
    _one_error_line(done, option)
    assert not (done["cwd"] / "contest.db").exists()


@pytest.mark.parametrize("value", BAD)
@pytest.mark.parametrize(("command", "option"), OTHER_OPTIONS)
def test_every_other_command_refuses_an_unbounded_number(
    command: tuple[str, ...], option: str, value: str, answers: dict[str, Any]
) -> None:
    done = answers[f"{' '.join(command[:2])} {option} {value}"]
    _one_error_line(done, option)
    assert done["returncode"] == 2  # click's usage error: nothing was started
    assert not any(done["cwd"].iterdir())  # no database, replay or log was made


def test_the_largest_allowed_values_are_accepted(answers: dict[str, Any]) -> None:
    """The ranges are not so tight that the documented maxima are refused."""
    done = answers["largest"]
    assert done["returncode"] == 0, done["stderr"]
    assert json.loads(done["stdout"])["games_played"] == 1


@pytest.mark.parametrize(("game", "field"), ENDLESS)
def test_a_rules_file_cannot_ask_for_an_endless_game(
    game: str, field: str, answers: dict[str, Any]
) -> None:
    done = answers[f"endless {game}"]
    _one_error_line(done, field)
    assert done["returncode"] == 1


def test_help_shows_every_range() -> None:
    text = CliRunner(env={"COLUMNS": "200"}).invoke(main, ["match", "--help"]).stdout
    for shown in ("1<=x<=100000", "0<x<=3600", "0<=x<=86400", "1<=x<=256"):
        assert shown in text, text
