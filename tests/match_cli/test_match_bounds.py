"""Every time, memory and count option of `thousand match` and `thousand ladder init` has a
finite range: NaN, infinity, negative and absurd values are refused with one line and a usage
exit, before any game is planned (a NaN clock never runs out; 300 million planned games exhaust
memory), and a rules file cannot ask for an endless game."""

from __future__ import annotations

import resource
import subprocess
from pathlib import Path

import pytest

from tests.match_cli.conftest import ROOT, thousand, write_json

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
ADDRESS_SPACE = 2 << 30
"""A value that slipped through and planned millions of games fails fast instead of swapping."""


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*thousand(), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=cwd,
        preexec_fn=_limited,
    )


def _one_error_line(done: subprocess.CompletedProcess[str], option: str) -> None:
    shown = f"exit {done.returncode}\nstdout: {done.stdout[:500]}\nstderr: {done.stderr[-2000:]}"
    assert done.returncode in (1, 2), shown
    assert "Traceback" not in done.stderr, shown
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, shown
    assert lines[0].startswith("thousand: error:"), shown
    assert option in lines[0], shown


@pytest.mark.parametrize("value", BAD)
@pytest.mark.parametrize("option", MATCH_OPTIONS)
def test_match_refuses_an_unbounded_number(option: str, value: str, tmp_path: Path) -> None:
    done = _run(
        [
            "match",
            "builtin:random",
            "builtin:random",
            "--game",
            "dice",
            "--games",
            "1",
            "--json",
            option,
            value,
        ],
        tmp_path,
    )
    _one_error_line(done, option)


@pytest.mark.parametrize("value", BAD)
@pytest.mark.parametrize("option", LADDER_OPTIONS)
def test_ladder_init_refuses_an_unbounded_number(option: str, value: str, tmp_path: Path) -> None:
    db = tmp_path / "contest.db"
    done = _run(
        [
            "ladder",
            "init",
            str(db),
            "--game",
            "dice",
            "--sandbox",
            "bwrap",
            option,
            value,
        ],
        tmp_path,
    )
    _one_error_line(done, option)
    assert not db.exists()


def test_the_largest_allowed_values_are_accepted(tmp_path: Path) -> None:
    """The ranges are not so tight that the documented maxima are refused."""
    done = _run(
        [
            "match",
            "builtin:random",
            "builtin:random",
            "--game",
            "dice",
            "--games",
            "1",
            "--json",
            "--seed",
            "1",
            "--time-per-move",
            "3600",
            "--time-bank",
            "86400",
            "--startup-time",
            "3600",
            "--concurrency",
            "256",
        ],
        tmp_path,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("game", "field"), [("cards", "max_deals"), ("dice", "max_rounds")])
def test_a_rules_file_cannot_ask_for_an_endless_game(game: str, field: str, tmp_path: Path) -> None:
    rules = write_json(tmp_path / "endless.json", {field: 10**15})
    done = _run(
        [
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
        ],
        tmp_path,
    )
    _one_error_line(done, field)
    assert done.returncode == 1


def test_help_shows_every_range() -> None:
    done = subprocess.run(
        [*thousand(), "match", "--help"],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env={"COLUMNS": "200"},
    )
    text = done.stdout
    for shown in ("1<=x<=100000", "0<x<=3600", "0<=x<=86400", "1<=x<=256"):
        assert shown in text, text
