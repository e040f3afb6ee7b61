"""``CardState.view_json``, the view the referee sends, against ``orjson.dumps(view(seat))``.

The card engine writes a seat's view as JSON without building it (thousand.cards.json_text
says why); a bot must receive exactly the bytes the view's dictionary would encode to. Checked
for every seat at every step of played games of every preset (2, 3 and 4 players: the duel's
discards, the sitting-out dealer, blind bids, golden deals and barrels come up) and of random
tables of options, through whichever engine is installed (compiled in CI).
"""

from __future__ import annotations

import random

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cards.test_cards_properties import tables
from thousand.cards import PRESETS, CardRules, CardState
from thousand.cards.cards import CARD_STR, SUITS
from thousand.cards.state import PHASE_NAMES
from thousand.game import CHANCE, OVER


def _check_game(rules: CardRules, players: int, seed: int) -> int:
    """Every seat's view at every step of one game of random legal actions: how many."""
    rng = random.Random(seed)
    state = CardState(rules, players)
    checked = 0
    while (to_move := state.to_move()) != OVER:
        if to_move == CHANCE:
            state.chance(rng)
            continue
        for seat in range(players):
            written = state.view_json(seat)
            encoded = orjson.dumps(state.view(seat))
            assert written == encoded, (seat, written.decode(), encoded.decode())
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    return checked


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_written_view_is_the_encoded_view(name: str) -> None:
    rules = PRESETS[name].model_copy(update={"max_deals": 12})
    checked = sum(_check_game(rules, rules.players, seed) for seed in range(3))
    assert checked > 1000  # whole games, every seat, not a stub


@settings(max_examples=25, deadline=None)
@given(data=st.data(), players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_the_written_view_holds_for_any_table(data: st.DataObject, players: int, seed: int) -> None:
    table: CardRules = data.draw(tables(players))
    assert _check_game(table.model_copy(update={"max_deals": 4}), players, seed) > 10


def test_the_words_written_need_no_escape() -> None:
    """The view's strings are written between quotes as they are: none may hold what JSON
    escapes (a quote, a backslash, a control character) or what orjson would write otherwise."""
    for word in (*CARD_STR, *SUITS, *PHASE_NAMES):
        assert orjson.dumps(word) == b'"' + word.encode() + b'"', word
