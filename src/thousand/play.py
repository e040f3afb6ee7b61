"""Playing whole games in-process between Python policies, for analysis scripts and benchmarks.

A policy is any callable ``(view, legal_actions) -> action``; the referee is not involved, so a
strong bot can simulate thousands of games per decision with nothing but the engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from thousand.game import CHANCE, OVER, Action, GameState, Result, View
from thousand.registry import game_spec
from thousand.rules_io import load_rules

Policy = Callable[[View, list[Action]], Action]


def random_policy(rng: random.Random) -> Policy:
    """A policy that picks uniformly among the legal actions, from its own generator."""

    def choose(view: View, legal: list[Action]) -> Action:
        return legal[rng.randrange(len(legal))]

    return choose


@dataclass
class PlayedGame:
    """The final state and the full record: every applied action with its seat (-1 = chance)."""

    state: GameState
    record: list[tuple[int, Action]] = field(default_factory=list)
    decisions: int = 0

    @property
    def result(self) -> Result:
        result = self.state.result()
        assert result is not None
        return result


def new_state(game: str, rules: Any = None, players: int | None = None) -> GameState:
    spec = game_spec(game)
    if rules is None or isinstance(rules, str):
        rules = load_rules(game, rules)
    count = spec.default_players if players is None else players
    spec.check_players(rules, count)
    return spec.new_game(rules, count)


def play_game(
    game: str,
    policies: Sequence[Policy],
    seed: int = 0,
    rules: Any = None,
    *,
    keep_record: bool = True,
) -> PlayedGame:
    """Play one game to the end; chance is drawn from ``random.Random(seed)``."""
    state = new_state(game, rules, len(policies))
    rng = random.Random(seed)
    played = PlayedGame(state)
    record = played.record
    while True:
        seat = state.to_move()
        if seat == OVER:
            return played
        if seat == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = policies[seat](state.view(seat), state.legal_actions())
            played.decisions += 1
        state.apply(action)
        if keep_record:
            record.append((seat, action))


def rebuild(game: str, rules: Any, players: int, record: Sequence[tuple[int, Action]]) -> GameState:
    """Rebuild a state from its rules and applied actions, with no random generator at all."""
    state = new_state(game, rules, players)
    for _, action in record:
        state.apply(action)
    return state


__all__ = ["OVER", "PlayedGame", "Policy", "new_state", "play_game", "random_policy", "rebuild"]
