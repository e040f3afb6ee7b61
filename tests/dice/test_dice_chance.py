"""``DiceState.chance`` (the referee's one-step throw) against ``sample_chance`` + ``apply``,
for every preset and the choose/open variants, 2 to 8 players (tests/chance_support.py)."""

from __future__ import annotations

import pytest

from tests.chance_support import assert_chance_is_sample_then_apply
from tests.dice.test_dice_properties import PLAYERS, RULE_SETS
from thousand.dice import new_game


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_a_throw_in_one_step_is_the_throw_sampled_then_applied(name: str, players: int) -> None:
    checked = 0
    for seed in range(3):
        state = new_game(RULE_SETS[name], players)
        checked += assert_chance_is_sample_then_apply(state, seed)
    assert checked > 30  # the lot and many throws were compared
