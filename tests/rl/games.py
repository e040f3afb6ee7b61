"""Played-out games for the rl tests: every decision state of a seeded game between random
players, with the view of every seat, for every table the engines play."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from thousand.cards import PRESETS as CARD_PRESETS
from thousand.dice import PRESETS as DICE_PRESETS
from thousand.dice import DiceRules
from thousand.game import CHANCE, OVER, GameState
from thousand.rl.tables import Table, table

CARD_TABLES: list[tuple[str, Any, int | None]] = [
    ("cards", preset, None) for preset in CARD_PRESETS
]
DICE_TABLES: list[tuple[str, Any, int | None]] = [
    *(("dice", preset, 2) for preset in DICE_PRESETS),
    *(("dice", "classic", players) for players in range(3, 9)),
    ("dice", DiceRules(set_aside="choose"), 2),
    ("dice", DiceRules(set_aside="choose", confirm_hot_dice=True), 4),
]
"""Every card preset at its player count; every dice preset, and 2 to 8 players, and the rules
where the mover chooses which dice to keep (the only ones with ``keep`` actions)."""


def table_id(entry: tuple[str, Any, int | None]) -> str:
    game, rules, players = entry
    name = rules if isinstance(rules, str) else "choose"
    return f"{game}-{name}-{players or ''}"


def decisions(played: Table, seed: int, limit: int) -> Iterator[GameState]:
    """Each decision state of a random game (up to ``limit`` of them), then its end."""
    state = played.new_state()
    rng = random.Random(seed)
    for _ in range(limit):
        while state.to_move() == CHANCE:
            state.chance(rng)
        yield state
        if state.to_move() == OVER:
            return
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def every_state(played: Table, seed: int, limit: int) -> Iterator[GameState]:
    """Each state of a random game, chance nodes (the lot, deals, throws) included, up to
    ``limit`` decisions, then its end: where OpenSpiel may ask for an observation too."""
    state = played.new_state()
    rng = random.Random(seed)
    for _ in range(limit):
        while state.to_move() == CHANCE:
            yield state
            state.chance(rng)
        yield state
        if state.to_move() == OVER:
            return
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def make(entry: tuple[str, Any, int | None]) -> Table:
    return table(*entry)
