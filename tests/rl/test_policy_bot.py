"""bots/policy_bot.py: its copies of the encoders and action indices agree with thousand.rl's
at every decision of played-out games (every card preset, every dice table), and the
committed policies play real matches through the referee as any bot does."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.inprocess import invoke
from tests.rl.games import CARD_TABLES, DICE_TABLES, decisions, make, table_id
from tests.script_module import load

ROOT = Path(__file__).resolve().parents[2]
BOT = load(ROOT / "bots" / "policy_bot.py", "policy_bot")
POLICIES = ROOT / "bots" / "policies"


@pytest.mark.parametrize("entry", CARD_TABLES + DICE_TABLES, ids=table_id)
def test_the_bot_encodes_as_the_environments_do(entry: tuple[str, Any, int | None]) -> None:
    played = make(entry)
    rules = played.rules
    checked = 0
    states = (state for seed in (5, 6) for state in decisions(played, seed, 600))
    for state in states:
        seat = state.to_move()
        if seat < 0:
            continue
        view = json.loads(json.dumps(state.view(seat)))  # as the protocol carries it
        legal = state.legal_actions()
        if played.game == "cards":
            mine = BOT.encode_cards(view, rules.target, rules.max_bid)
            indices = [BOT.card_action_index(a, seat, played.players, rules.max_bid) for a in legal]
            assert BOT.card_actions(rules.max_bid) == played.actions
        else:
            mine = BOT.encode_dice(view, rules.goal, rules.max_rounds)
            indices = [BOT.dice_action_index(a) for a in legal]
            assert played.actions == BOT.DICE_ACTIONS
        assert np.array_equal(mine, played.observe(state, seat))
        assert indices == [played.index(a, seat) for a in legal]
        checked += 1
    assert checked > 100


def _match(game: str, rules: str, bots: list[str], games: int) -> Any:
    done = invoke(
        [
            "match",
            "--game",
            game,
            "--rules",
            rules,
            "--games",
            str(games),
            "--seed",
            "3",
            "--time-per-move",
            "2",
            "--json",
            *bots,
        ],
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize(("game", "rules"), [("dice", "classic"), ("cards", "duel")])
def test_a_trained_policy_plays_a_real_match(game: str, rules: str) -> None:
    policy = POLICIES / f"{game}_duel.npz"
    bot = f"{shlex.quote(sys.executable)} bots/policy_bot.py {policy.relative_to(ROOT)}"
    document = _match(game, rules, [bot, "builtin:random"], games=2)
    assert document["games_played"] == 2
    for entry in document["bots"]:
        assert entry["faults"] == {}, entry
    assert {entry["name"] for entry in document["bots"]} >= {f"policy-{game}"}


def test_a_policy_of_the_other_game_leaves_before_its_hello() -> None:
    policy = POLICIES / "cards_duel.npz"
    bot = f"{shlex.quote(sys.executable)} bots/policy_bot.py {policy.relative_to(ROOT)}"
    done = invoke(
        ["match", "--game", "dice", "--games", "1", "--json", bot, "builtin:random"], cwd=ROOT
    )
    assert done.returncode != 0
    assert "could not start (crash" in done.stderr
    log = Path(done.stderr.split("its stderr log: ")[1].split()[0])
    said = log.read_text(encoding="utf-8")
    assert "cards_duel.npz plays cards with 328 inputs and 357 actions" in said


def test_a_policy_file_with_pickled_objects_is_refused(tmp_path: Path) -> None:
    """Loading a policy never unpickles: a .npz from elsewhere could run code that way."""
    hostile = tmp_path / "hostile.npz"
    np.savez(hostile, game=np.array(["dice", {"run": "code"}], dtype=object), w0=np.zeros((2, 2)))
    with pytest.raises(ValueError, match="allow_pickle"):
        BOT.Policy(str(hostile))
    empty = tmp_path / "empty.npz"
    np.savez(empty, game=np.array("dice"))
    with pytest.raises(ValueError, match="no layers"):
        BOT.Policy(str(empty))
