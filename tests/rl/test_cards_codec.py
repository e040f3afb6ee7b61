"""The card observation read back field by field against the engine's view of the same seat,
at every decision of played-out games at every preset; the environments' encoder (from the
state) byte for byte against the view's (``cards_codec.encode``) at every state, chance
included; the action mask against the legal actions; and hidden cards moved between the other
seats leave an observation unchanged."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tests.rl.games import CARD_TABLES, decisions, every_state, make, table_id
from thousand.cards.state import CardState
from thousand.rl import cards_codec
from thousand.rl.cards_layout import CARD_INDEX, CARD_NAMES, LAYOUT, PHASES, SEATS
from thousand.rl.tables import Table

DECISION_PHASES = {"bidding", "talon", "contract", "play"}


def cards_in(vector: np.ndarray[Any, Any], field: str) -> set[str]:
    return {CARD_NAMES[i] for i in np.flatnonzero(vector[LAYOUT[field]])}


def slot_of(vector: np.ndarray[Any, Any], field: str) -> int | None:
    found = np.flatnonzero(vector[LAYOUT[field]])
    assert len(found) <= 1, field
    return int(found[0]) if len(found) else None


def check_observation(vector: np.ndarray[Any, Any], view: dict[str, Any], rules: Any) -> None:
    me, n = view["seat"], view["players"]

    def seat(slot: int | None) -> int | None:
        return None if slot is None else (me + slot) % n

    assert vector.shape == (LAYOUT.size,) and vector.dtype == np.float32
    assert PHASES[slot_of(vector, "phase") or 0] == view["phase"]
    assert cards_in(vector, "hand") == set(view["hand"])
    assert bool(vector[LAYOUT["hand_seen"]][0]) is view["hand_seen"]
    assert cards_in(vector, "talon") == set(view["talon"] or ())
    assert cards_in(vector, "discards") == set(view["discards"] or ())
    assert cards_in(vector, "given") == {g["card"] for g in view["given"] if g["card"]}
    assert cards_in(vector, "played") == set(view["played"])
    assert cards_in(vector, "last_trick") == {e["card"] for e in view["last_trick"]}
    trick = vector[LAYOUT["trick"]].reshape(3, 24)
    trick_seats = vector[LAYOUT["trick_seats"]].reshape(3, SEATS)
    shown = [
        {"seat": seat(int(np.argmax(trick_seats[i]))), "card": CARD_NAMES[int(np.argmax(row))]}
        for i, row in enumerate(trick)
        if row.any()
    ]
    assert shown == view["trick"]
    trump = slot_of(vector, "trump")
    assert trump is not None and (None if trump == 4 else "SCDH"[trump]) == view["trump"]
    marriages = {int(i) for i in np.flatnonzero(vector[LAYOUT["marriages"]])}
    assert marriages == {
        4 if m["suit"] is None else "SCDH".index(m["suit"]) for m in view["marriages"]
    }
    for key in ("to_move", "dealer", "hundred", "sitting_out", "declarer", "high_bidder"):
        assert seat(slot_of(vector, key)) == view[key], key
    assert seat(slot_of(vector, "on_barrel")) == view["barrel"]
    assert [seat(int(i)) for i in np.flatnonzero(vector[LAYOUT["present"]])] == [
        (me + i) % n for i in range(n)
    ]
    received = {seat(int(i)) for i in np.flatnonzero(vector[LAYOUT["received"]])}
    assert received == {g["to"] for g in view["given"]}
    for slot in range(n):
        s = (me + slot) % n

        def at(field: str, s_slot: int = slot) -> float:
            return float(vector[LAYOUT[field]][s_slot])

        assert round(at("score") * rules.target) == view["scores"][s]
        assert round(at("hand_size") * 10) == view["hand_sizes"][s]
        assert round(at("bolts") * 3) == view["bolts"][s]
        assert round(at("falls") * 3) == view["falls"][s]
        assert round(at("tricks_won") * 10) == view["tricks_won"][s]
        assert round(at("points_taken") * 120) == view["points_taken"][s]
        assert bool(at("passed")) is view["passed"][s]
        bids = [b for b in view["bids"] if b["seat"] == s]
        last = bids[-1]["value"] if bids else None
        assert round(at("last_bid") * rules.max_bid) == (last or 0)
        assert bool(at("bid_blind")) is (bids[-1]["blind"] if bids else False)
    assert not vector[LAYOUT["present"]][n:].any()
    for key in ("high_bid", "contract", "bid_limit"):
        assert round(float(vector[LAYOUT[key]][0]) * rules.max_bid) == (view[key] or 0), key
    for key in ("blind", "golden", "talon_shown"):
        assert bool(vector[LAYOUT[key]][0]) is view[key], key
    assert slot_of(vector, "talon_index") == view["talon_index"]
    assert round(float(vector[LAYOUT["barrel_deals"]][0]) * 3) == view["barrel_deals"]


def check_mask(played: Table, state: CardState) -> None:
    seat = state.to_move()
    legal = state.legal_actions()
    indices = [played.index(action, seat) for action in legal]
    assert len(set(indices)) == len(legal), "two legal actions share an index"
    assert all(0 <= i < played.actions for i in indices)


@pytest.mark.parametrize("entry", CARD_TABLES, ids=table_id)
def test_every_seat_observes_exactly_its_view(entry: tuple[str, Any, int | None]) -> None:
    played = make(entry)
    phases: set[str] = set()
    steps = 0
    for seed in (1, 2):
        for state in decisions(played, seed, 1500):
            assert isinstance(state, CardState)
            for seat in range(played.players):
                view = state.view(seat)
                check_observation(played.observe(state, seat), view, played.rules)
            if state.to_move() >= 0:
                phases.add(state.view(0)["phase"])
                check_mask(played, state)
                steps += 1
    expected = DECISION_PHASES | ({"choose_talon"} if played.players == 2 else set())
    assert phases == expected, "a phase was never reached: the check above missed it"
    assert steps > 500


@pytest.mark.parametrize("entry", CARD_TABLES, ids=table_id)
def test_the_state_encoder_writes_the_view_encoders_bytes(
    entry: tuple[str, Any, int | None],
) -> None:
    played = make(entry)
    rules = played.rules
    phases: set[str] = set()
    for state in every_state(played, 4, 100_000):  # a whole game
        for seat in range(played.players):
            view = state.view(seat)
            fast = played.observe(state, seat)
            assert fast.dtype == np.float32 and fast.shape == (LAYOUT.size,)
            expected = cards_codec.encode(view, rules.target, rules.max_bid).tobytes()
            assert fast.tobytes() == expected, (view["phase"], seat)
            phases.add(view["phase"])
    assert phases == set(PHASES) - ({"choose_talon"} if played.players > 2 else set())


def _known(view: dict[str, Any]) -> set[str]:
    """Every card the seat can place: its hand, the talon shown to it, the cards it gave or
    received, its discards, and every card played."""
    known = set(view["hand"]) | set(view["talon"] or ()) | set(view["discards"] or ())
    known |= {g["card"] for g in view["given"] if g["card"]}
    return known | set(view["played"])


def _hidden_places(state: CardState, seat: int) -> list[tuple[str, int, int]]:
    """(place, index, mask) of every pile still lying on the table (the engine's own account,
    ``card_locations``) that holds cards ``seat`` cannot see."""
    unknown = (1 << 24) - 1
    for card in _known(state.view(seat)):
        unknown &= ~(1 << CARD_INDEX[card])
    locations = state.card_locations()
    places = [("hands", s, locations[f"hand{s}"] & unknown) for s in range(state.n) if s != seat]
    if state.n == 2:
        places.extend(("talons", i, locations[f"talon{i}"] & unknown) for i in (0, 1))
    else:
        places.append(("talon", 0, locations["talon"] & unknown))
    return [place for place in places if place[2]]


def _move(state: CardState, place: tuple[str, int, int], card: int, other: int) -> None:
    """Swap ``card`` and ``other`` in a pile that holds one of them."""
    name, index, _ = place
    bit = (1 << card) | (1 << other)
    if name == "talon":
        state.talon ^= bit
    else:
        getattr(state, name)[index] ^= bit


@pytest.mark.parametrize("entry", CARD_TABLES, ids=table_id)
def test_hidden_cards_of_others_do_not_change_an_observation(
    entry: tuple[str, Any, int | None],
) -> None:
    played = make(entry)
    rng = random.Random(7)
    swapped = 0
    for state in decisions(played, 3, 800):
        seat = state.to_move()
        if seat < 0:
            continue
        assert isinstance(state, CardState)
        places = _hidden_places(state, seat)
        if len(places) < 2:
            continue
        first, second = rng.sample(places, 2)
        card = rng.choice([c for c in range(24) if first[2] >> c & 1])
        other = rng.choice([c for c in range(24) if second[2] >> c & 1])
        tampered = state.clone()
        _move(tampered, first, card, other)
        _move(tampered, second, card, other)
        assert tampered.card_locations() != state.card_locations()
        before = played.observe(state, seat)
        assert np.array_equal(played.observe(tampered, seat), before)
        holder = first[1] if first[0] == "hands" else second[1]
        if "hands" in (first[0], second[0]) and state.seen[holder]:  # its own view changed
            assert not np.array_equal(
                played.observe(tampered, holder), played.observe(state, holder)
            )
        swapped += 1
    assert swapped > 50
