"""``CardState.view_json`` and ``legal_json``, the view and the legal actions the referee
sends, against ``orjson.dumps`` of ``view(seat)`` and of ``legal_actions()``.

The card engine writes them as JSON without building or encoding the dictionaries
(thousand.cards.json_text and thousand.cards.actions say why); a bot must receive exactly the
bytes the dictionaries would encode to. Checked for every seat's view and for the legal list
at every step of played games of every preset (2, 3 and 4 players: the duel's discards and
talon choice, the sitting-out dealer, blind bids, redeals, concessions, marriages, golden deals
and barrels come up) and of random tables of options, through whichever engine is installed
(compiled in CI).
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


def _kind(action: dict[str, object]) -> str:
    """An action's type, and which marriage a play declares."""
    flags = [key for key in ("marriage", "ace_marriage") if key in action]
    return "+".join([str(action["type"]), *flags])


def _check_game(rules: CardRules, players: int, seed: int, kinds: set[str] | None = None) -> int:
    """Every seat's view and the legal list at every step of one game of random legal actions:
    how many views; the legal actions' types seen are added to ``kinds``."""
    rng = random.Random(seed)
    state = CardState(rules, players)
    checked = 0
    while True:
        # every step, chance and the end included: the deal's and the ledger's text is kept
        # from one deal to the next and must be written anew whenever they change
        for seat in range(players):
            written = state.view_json(seat)
            encoded = orjson.dumps(state.view(seat))
            assert written == encoded, (seat, written.decode(), encoded.decode())
            checked += 1
        to_move = state.to_move()
        if to_move == OVER:
            break
        if to_move == CHANCE:
            assert state.legal_json() == b"[]"
            state.chance(rng)
            continue
        legal = state.legal_actions()
        assert state.legal_json() == orjson.dumps(legal), (state.legal_json(), legal)
        if kinds is not None:
            kinds.update(_kind(action) for action in legal)
        state.apply(rng.choice(legal))
    assert state.legal_json() == b"[]"
    return checked


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_written_view_and_legal_list_are_the_encoded_ones(name: str) -> None:
    rules = PRESETS[name].model_copy(update={"max_deals": 12})
    kinds: set[str] = set()
    checked = sum(_check_game(rules, rules.players, seed, kinds) for seed in range(3))
    assert checked > 1000  # whole games, every seat, not a stub
    assert {"pass", "bid", "play", "contract"} <= kinds, kinds


def test_every_kind_of_legal_action_is_written() -> None:
    """Across the presets, every kind of action a legal list holds comes up and is written."""
    kinds: set[str] = set()
    for name in sorted(PRESETS):
        rules = PRESETS[name].model_copy(update={"max_deals": 12})
        for seed in range(3):
            _check_game(rules, rules.players, seed, kinds)
    expected = {
        "pass",
        "bid",
        "blind_bid",
        "look",
        "redeal",
        "concede",
        "give",
        "discard",
        "take_talon",
        "contract",
        "play",
        "play+marriage",
    }
    assert expected <= kinds, expected - kinds


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
