"""The card view's bid list is copied from entries the state makes once per bid (issue 35: a
view at every decision, and building its bids anew was about a quarter of a compiled view).
A view is the caller's to keep or change: changing one must not change the state's next view,
nor a clone's."""

from __future__ import annotations

import random

from thousand.cards.rules import PRESETS
from thousand.cards.state import CardState
from thousand.game import CHANCE


def _bidding_state() -> CardState:
    state = CardState(PRESETS["classic"], 3)
    rng = random.Random(4)
    while state.to_move() == CHANCE:
        state.chance(rng)
    state.apply({"type": "bid", "value": 105})
    return state


def test_changing_a_view_changes_neither_the_next_view_nor_a_clone() -> None:
    state = _bidding_state()
    seat = state.to_move()
    before = state.view(seat)
    expected = [dict(b) for b in before["bids"]]
    assert [b["value"] for b in expected] == [100, 105]
    clone = state.clone()
    for entry in before["bids"]:
        entry["value"] = 999
        entry["seat"] = -1
    before["bids"].append({"seat": 0, "value": 1, "blind": True})
    assert state.view(seat)["bids"] == expected
    assert clone.view(seat)["bids"] == expected


def test_a_clone_bids_on_without_touching_the_original() -> None:
    state = _bidding_state()
    clone = state.clone()
    clone.apply({"type": "pass"})
    seat = state.to_move()
    assert len(clone.view(seat)["bids"]) == 3
    assert [b["value"] for b in state.view(seat)["bids"]] == [100, 105]
