"""``CardState.chance`` (the referee's one-step deal) against ``sample_chance`` + ``apply``,
for every preset (2, 3 and 4 players) and random tables of options (tests/chance_support.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cards.test_cards_properties import tables
from tests.chance_support import assert_chance_is_sample_then_apply
from thousand.cards import PRESETS, CardRules, CardState


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_deal_in_one_step_is_the_deal_sampled_then_applied(name: str) -> None:
    rules = PRESETS[name].model_copy(update={"max_deals": 20})
    checked = sum(
        assert_chance_is_sample_then_apply(CardState(rules, rules.players), seed)
        for seed in range(3)
    )
    assert checked > 10  # the lot and many deals were compared


@settings(max_examples=40, deadline=None)
@given(data=st.data(), players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_a_deal_in_one_step_holds_for_any_table(
    data: st.DataObject, players: int, seed: int
) -> None:
    table: CardRules = data.draw(tables(players))
    assert assert_chance_is_sample_then_apply(CardState(table, players), seed) >= 2
