"""The card game's seat view as a fixed-size vector, and its actions as fixed indices.

Everything is read from the engine's ``view(seat)``, which is exactly what that seat may know:
an encoder that only reads the view cannot leak a hidden card. Seats are relative (slot 0 is
the observing seat, slot 1 the next to its left, ...), so one policy plays from every chair.
Cards are indexed ``suit * 6 + rank`` (suits ♠ ♣ ♦ ♥, ranks 9 J Q K 10 A), the engine's order.
Numbers are scaled by the table's own rules (target, max bid) to lie near [-1, 1].
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.rl.cards_layout import CARD_INDEX, LAYOUT, OBSERVATION_SIZE, PHASES, SEATS

_O = LAYOUT.offsets
_PHASE = {name: _O["phase"] + i for i, name in enumerate(PHASES)}
_SUIT = {s: i for i, s in enumerate("SCDH")}

Observation = npt.NDArray[np.float32]


def _at(field: str) -> dict[str, int]:
    """Each card's index in a 24-card field of the vector."""
    base = _O[field]
    return {name: base + index for name, index in CARD_INDEX.items()}


_HAND, _TALON, _DISCARDS, _GIVEN, _PLAYED, _LAST = map(
    _at, ("hand", "talon", "discards", "given", "played", "last_trick")
)
_TRUMP: dict[str | None, int] = {None: _O["trump"] + 4}
_TRUMP.update((s, _O["trump"] + i) for s, i in _SUIT.items())
_MARRIAGE: dict[str | None, int] = {None: _O["marriages"] + 4}
_MARRIAGE.update((s, _O["marriages"] + i) for s, i in _SUIT.items())
_SEAT_KEYS = tuple(
    (key, _O[key])
    for key in ("to_move", "dealer", "hundred", "sitting_out", "declarer", "high_bidder")
)
_PER_SEAT = tuple(
    (_O[key], name, scale)
    for key, name, scale in (
        ("passed", "passed", 1),
        ("hand_size", "hand_sizes", 10),
        ("bolts", "bolts", 3),
        ("falls", "falls", 3),
        ("tricks_won", "tricks_won", 10),
        ("points_taken", "points_taken", 120),
    )
)


@lru_cache(maxsize=64)
def _places(me: int, n: int) -> tuple[list[int], list[int]]:
    """Where the seat slots' ones go (present) and where the per-seat values go, in
    ``encode``'s order: the same for every view of one seat at one table."""
    slots = [(seat - me) % n for seat in range(n)]
    bases = [base for base, _, _ in _PER_SEAT] + [_O["score"]]
    return [_O["present"] + slot for slot in slots], [b + slot for b in bases for slot in slots]


def encode(view: dict[str, Any], target: int, max_bid: int) -> Observation:
    """The observation of the seat whose view this is (see ``LAYOUT``).

    Built as two lists, the indices that are 1 and the (index, value) of the rest, written into
    the vector at once: an environment encodes at every step, and numpy's per-item writes
    cost more than the lists."""
    me: int = view["seat"]
    n: int = view["players"]
    ones = [_PHASE[view["phase"]], _TRUMP[view["trump"]]]
    ones += [_HAND[card] for card in view["hand"]]
    ones += [_PLAYED[card] for card in view["played"]]
    if view["talon"]:
        ones += [_TALON[card] for card in view["talon"]]
    if view["discards"]:
        ones += [_DISCARDS[card] for card in view["discards"]]
    if view["last_trick"]:
        ones += [_LAST[entry["card"]] for entry in view["last_trick"]]
    for given in view["given"]:
        ones.append(_O["received"] + (given["to"] - me) % n)
        if given["card"] is not None:
            ones.append(_GIVEN[given["card"]])
    trick_base = _O["trick"]
    seats_base = _O["trick_seats"]
    for position, entry in enumerate(view["trick"]):
        ones.append(trick_base + 24 * position + CARD_INDEX[entry["card"]])
        ones.append(seats_base + SEATS * position + (entry["seat"] - me) % n)
    for marriage in view["marriages"]:
        ones.append(_MARRIAGE[marriage["suit"]])
    for key, base in _SEAT_KEYS:
        seat = view[key]
        if seat is not None:
            ones.append(base + (seat - me) % n)
    barrel = view["barrel"]
    if barrel is not None:
        ones.append(_O["on_barrel"] + (barrel - me) % n)
    present, per_seat = _places(me, n)
    ones += present
    where = per_seat[:]
    values: list[float] = []
    for _, name, scale in _PER_SEAT:
        values += [v / scale for v in view[name]]
    values += [v / target for v in view["scores"]]
    last_bids = {bid["seat"]: bid for bid in view["bids"]}  # each seat's last (numpy
    for seat, bid in last_bids.items():  # promises no order to repeated indices)
        slot = (seat - me) % n
        value = bid["value"]
        where += (_O["last_bid"] + slot, _O["bid_blind"] + slot)
        values += (0.0 if value is None else value / max_bid, bid["blind"])
    for key in ("high_bid", "contract", "bid_limit"):
        value = view[key]
        if value is not None:
            where.append(_O[key])
            values.append(value / max_bid)
    index = view["talon_index"]
    if index is not None:
        ones.append(_O["talon_index"] + index)
    where += (_O["hand_seen"], _O["blind"], _O["golden"], _O["talon_shown"], _O["barrel_deals"])
    values += (
        view["hand_seen"],
        view["blind"],
        view["golden"],
        view["talon_shown"],
        view["barrel_deals"] / 3,
    )
    vector = [0.0] * OBSERVATION_SIZE
    for i, value in zip(where, values, strict=True):
        vector[i] = value
    for i in ones:
        vector[i] = 1.0
    return np.array(vector, dtype=np.float32)
