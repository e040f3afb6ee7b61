"""The example bots of bots/ play real matches through the CLI, as a contestant would run them.

Every example bot plays every preset of its game without a fault (the card bot with the number of
players each preset sets), the sensible bots beat random ones by a margin the data has to show,
and the Node.js bot proves that the protocol is language-neutral. Figures asserted are computed
from the match documents (`thousand match --json`), never copied from an earlier run.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from functools import cache
from math import comb
from pathlib import Path
from typing import Any

import pytest

from tests.inprocess import invoke
from tests.requirements import need, requires

ROOT = Path(__file__).resolve().parents[2]
PYTHON = shlex.quote(sys.executable)
DICE_BOT = f"{PYTHON} bots/dice_bot.py"
CARD_BOT = f"{PYTHON} bots/card_bot.py"
RANDOM_PY = f"{PYTHON} bots/random_bot.py"
JS_BOT = "node bots/js/random_bot.js"


def thousand(*args: str, process: bool = False) -> str:
    """The `thousand` CLI from the repository root, its standard output. In this process
    (tests/inprocess.py: the same command code, the bots real processes, no interpreter
    start-up) unless ``process``: the claims are the bots', and one match
    (test_dice_bot_beats_random_bots) runs the real program as a contestant would."""
    if process:
        if shutil.which("thousand") is None:
            pytest.fail("the `thousand` command is not on PATH: pip install -e .")
        done = subprocess.run(
            ["thousand", *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
        )
        code, out, err = done.returncode, done.stdout, done.stderr
    else:
        code, out, err = invoke(args, cwd=ROOT)
    assert code == 0, f"thousand {' '.join(args)} failed:\n{err}"
    return out


def match(
    game: str,
    bots: list[str],
    games: int,
    seed: int,
    rules: str = "classic",
    concurrency: int = 1,
    process: bool = False,
) -> Any:
    """One match as a JSON document (see referee/games/report.py match_document for its keys)."""
    out = thousand(
        "match",
        "--game",
        game,
        "--rules",
        rules,
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--time-per-move",
        "1",
        "--concurrency",
        str(concurrency),
        "--json",
        *bots,
        process=process,
    )
    document = json.loads(out)
    assert document["games_played"] == games
    return document


def assert_no_faults(document: Any) -> None:
    for bot in document["bots"]:
        assert bot["faults"] == {}, f"{bot['name']} faulted: {bot['faults']}"
    for game in document["games"]:
        assert game["faults"] == [], f"game {game['game']}: {game['faults']}"


@cache
def presets() -> dict[str, list[str]]:
    return dict(json.loads(thousand("rules", "list", "--json")))


def players_of(game: str, preset: str) -> int:
    return int(json.loads(thousand("rules", "show", preset, "--game", game, "--json"))["players"])


def by_name(document: Any) -> dict[str, Any]:
    return {bot["name"]: bot for bot in document["bots"]}


# ------------------------------------------------------------------------------ dice --
def test_dice_bot_plays_every_preset(tmp_path: Path) -> None:
    # Every shipped preset, plus set_aside = "choose" (in no preset) through a rules file.
    choose = tmp_path / "choose.json"
    choose.write_text(json.dumps({"game": "dice", "set_aside": "choose"}))
    for rules in [*presets()["dice"], str(choose)]:
        document = match("dice", [DICE_BOT, "builtin:random"], games=2, seed=5, rules=rules)
        assert_no_faults(document)


def binomial_tail(wins: int, games: int, p: float) -> float:
    """P(at least `wins` wins in `games` games) for a bot that wins each with chance p."""
    return sum(comb(games, k) * p**k * (1 - p) ** (games - k) for k in range(wins, games + 1))


def test_dice_bot_beats_random_bots() -> None:
    # Three players: the example bot, the built-in random bot and bots/random_bot.py. A bot no
    # better than random wins a third of the games; the example bot wins about 60-65% (measured
    # over 400 games), and 90 games (30 in each seat) put that far beyond the 0.001 level.
    games = 90
    bots = [DICE_BOT, "builtin:random", RANDOM_PY]
    document = match("dice", bots, games=games, seed=11, concurrency=2, process=True)
    assert_no_faults(document)
    mine, *randoms = document["bots"]
    chance = 1 / document["players"]
    tail = binomial_tail(mine["wins"], games, chance)
    assert tail < 0.001, (
        f"dice bot won {mine['wins']}/{games}: P = {tail:.2g} under a fair {chance:.2f} chance"
    )
    for other in randoms:
        assert mine["mean_place"] < other["mean_place"], (mine, other)


# ----------------------------------------------------------------------------- cards --
@pytest.mark.parametrize("preset", presets()["cards"])
def test_card_bot_plays_every_preset(preset: str) -> None:
    players = players_of("cards", preset)
    bots = [CARD_BOT] + ["builtin:random"] * (players - 1)
    document = match("cards", bots, games=1, seed=3, rules=preset)
    assert document["players"] == players
    assert_no_faults(document)


def test_card_bot_beats_two_random_bots() -> None:
    games = 6  # seats rotate, so each bot sits in each seat twice
    document = match("cards", [CARD_BOT, "builtin:random", RANDOM_PY], games=games, seed=21)
    assert_no_faults(document)
    mine, *randoms = document["bots"]
    for other in randoms:
        assert mine["mean_place"] < other["mean_place"], (mine, other)
        assert mine["wins"] > other["wins"], (mine, other)


# -------------------------------------------------------------------------- Node.js --
@requires("node")
def test_js_random_bot_plays_both_games() -> None:
    dice = match("dice", [JS_BOT, "builtin:random"], games=3, seed=2)
    assert_no_faults(dice)
    assert by_name(dice)["random-js"]["moves"] > 0
    # With the card bot at the table a card game ends long before the deal cap.
    cards = match("cards", [JS_BOT, CARD_BOT, "builtin:random"], games=1, seed=2)
    assert_no_faults(cards)
    assert by_name(cards)["random-js"]["moves"] > 0


def test_js_random_bot_is_deterministic() -> None:
    need("node")
    first, second = (match("dice", [JS_BOT, "builtin:random"], games=2, seed=9) for _ in "ab")
    assert [g["scores"] for g in first["games"]] == [g["scores"] for g in second["games"]]
