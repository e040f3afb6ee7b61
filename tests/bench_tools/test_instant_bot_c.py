"""bench/instant_bot.c, the compiled instant bot of `bench/referee.py` (its default): the
bench's figures with it mean something only if it is a correct player, so it is built here
with the system's C compiler and played against the real referee."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.protocol.conftest import ROOT, run
from tests.requirements import c_compiler


@pytest.fixture(scope="module")
def instant_c(tmp_path_factory: pytest.TempPathFactory) -> Path:
    compiler = c_compiler()
    target = tmp_path_factory.mktemp("instant-c") / "instant_bot"
    subprocess.run(
        [compiler, "-O2", "-Wall", "-Wextra", "-Werror", "-o", str(target), "bench/instant_bot.c"],
        cwd=ROOT,
        check=True,
    )
    return target


def _talk(binary: Path, lines: list[bytes], *options: str) -> list[dict[str, object]]:
    done = subprocess.run(
        [str(binary), *options],
        input=b"".join(lines),
        capture_output=True,
        timeout=10,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_it_finds_the_top_level_legal_past_strings_and_nesting(instant_c: Path) -> None:
    """Brackets, quotes, escapes and a "legal" key inside strings and nested objects must not
    be taken for the request's own legal list."""
    name = 'a"],"legal":[{"type":"trap"}]\\'
    request = {
        "type": "request",
        "id": 41,
        "events": [{"type": "note", "text": name, "list": [[], {"}": "]"}]}],
        "view": {"legal": [{"type": "nested"}], "names": [name]},
        "legal": [{"type": "bid", "value": 105}, {"type": "pass"}],
        "clock": {"left_ms": 1000, "move_ms": 1000},
    }
    hello = {"type": "hello", "protocol": 1, "name": 'x"y'}
    answers = _talk(
        instant_c,
        [json.dumps(hello).encode() + b"\n", json.dumps(request).encode() + b"\n"],
        "--omit",
        "view,events",
    )
    assert answers[0] == {
        "type": "hello",
        "name": "instant-c",
        "protocol": 1,
        "omit": ["view", "events"],
    }
    assert answers[1] == {"type": "action", "id": 41, "action": {"type": "bid", "value": 105}}


def test_random_choice_stays_within_the_legal_list(instant_c: Path) -> None:
    legal = [{"type": "play", "card": card} for card in ("9S", "QS", "AD")]
    lines = [json.dumps({"type": "game_start", "game": 3, "seat": 1}).encode() + b"\n"]
    lines += [
        json.dumps({"type": "request", "id": i, "legal": legal}).encode() + b"\n" for i in range(60)
    ]
    answers = _talk(instant_c, lines, "--random")
    assert [answer["id"] for answer in answers] == list(range(60))
    chosen = {json.dumps(answer["action"]) for answer in answers}
    assert chosen <= {json.dumps(action) for action in legal}
    assert len(chosen) > 1  # random, not always the first


@pytest.mark.parametrize(
    ("options", "games"),
    [
        # Always the first legal action: it never answers some kinds of decision, so the
        # check never sees its list complete and plays its whole budget of games (12 a rule
        # set by default, 72 in all, most of a minute). Four games a rule set already ask and
        # get answered every kind that twelve do (compared with `bots check --json`).
        ("", "4"),
        # Random: the check stops by itself once every kind was answered.
        (" --random --omit view,events", "12"),
    ],
)
def test_it_passes_the_conformance_check_of_both_games(
    instant_c: Path, options: str, games: str
) -> None:
    done = run("bots", "check", f"{instant_c}{options}", "--games", games, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "the bot passed every check" in done.stdout
