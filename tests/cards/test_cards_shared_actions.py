"""The card engine hands the same play actions to every legal list (src/thousand/game.py:
actions are read, never changed). A whole match through the referee — built-in players, a
fallback, replays written — must leave them as they were made."""

from __future__ import annotations

import asyncio
import copy
from pathlib import Path

from referee.games.match_types import MatchConfig
from referee.games.tables import run_match
from referee.players.botspec import parse_bot
from thousand.cards import actions as card_actions
from thousand.cards.cards import CARD_STR
from thousand.rules_io import load_rules


def test_a_match_leaves_the_shared_play_actions_as_they_were(tmp_path: Path) -> None:
    made = copy.deepcopy(card_actions.PLAY_ACTIONS)
    assert [a["card"] for a in made] == list(CARD_STR)
    config = MatchConfig(
        game="cards",
        rules=load_rules("cards", "classic"),
        bots=[parse_bot(b) for b in ("builtin:random", "builtin:first", "builtin:random")],
        games=4,
        seed=3,
        replays=tmp_path,
    )
    outcomes = asyncio.run(run_match(config))
    assert sum(o.decisions for o in outcomes) > 100
    assert made == card_actions.PLAY_ACTIONS
