"""The card game's seat view as a fixed-size vector, and its actions as fixed indices.

Everything is read from the engine's ``view(seat)``, which is exactly what that seat may know:
an encoder that only reads the view cannot leak a hidden card. Seats are relative (slot 0 is
the observing seat, slot 1 the next to its left, ...), so one policy plays from every chair.
Cards are indexed ``suit * 6 + rank`` (suits ♠ ♣ ♦ ♥, ranks 9 J Q K 10 A), the engine's order.
Numbers are scaled by the table's own rules (target, max bid) to lie near [-1, 1].
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.rl.layout import Field, Layout

SEATS = 4
"""Seat slots in every card observation: the largest table (4 players); unused slots are 0."""

_RANKS = "9JQKTA"
_SUITS = "SCDH"
CARD_INDEX: dict[str, int] = {
    r + s: i * 6 + j for i, s in enumerate(_SUITS) for j, r in enumerate(_RANKS)
}
CARD_NAMES: tuple[str, ...] = tuple(sorted(CARD_INDEX, key=CARD_INDEX.__getitem__))
PHASES = ("lot", "deal", "bidding", "choose_talon", "talon", "contract", "play", "over")

LAYOUT = Layout(
    (
        Field("phase", 8, "one-hot: " + ", ".join(PHASES)),
        Field("hand", 24, "my cards (all 0 while I bid blind and have not looked)"),
        Field("hand_seen", 1, "1 once I have looked at my hand"),
        Field(
            "talon", 24, "the talon's cards when I may see them (shown to all, or mine as declarer)"
        ),
        Field("discards", 24, "the two cards I discarded as the 2-player declarer"),
        Field(
            "given", 24, "cards the declarer passed that I know: all of them as declarer, else mine"
        ),
        Field("played", 24, "every card played in this deal, the current trick included"),
        Field("trick", 72, "the current trick: one-hot card (24) per position, in play order"),
        Field("trick_seats", 12, "the seat slot (one-hot of 4) of each position of the trick"),
        Field("last_trick", 24, "the cards of the last completed trick"),
        Field("trump", 5, "one-hot: ♠ ♣ ♦ ♥, or none"),
        Field("marriages", 5, "marriages declared this deal: ♠ ♣ ♦ ♥, and the ace marriage"),
        Field("present", SEATS, "per seat slot: the seat exists at this table"),
        Field("to_move", SEATS, "per seat slot: the seat to decide"),
        Field("dealer", SEATS, "per seat slot: the dealer"),
        Field("hundred", SEATS, "per seat slot: the player on the hundred"),
        Field("sitting_out", SEATS, "per seat slot: the 4-player dealer who sits this deal out"),
        Field("declarer", SEATS, "per seat slot: the declarer"),
        Field("high_bidder", SEATS, "per seat slot: the highest bidder so far"),
        Field("passed", SEATS, "per seat slot: passed in this bidding"),
        Field("last_bid", SEATS, "per seat slot: the seat's last bid / max bid (0: none or pass)"),
        Field("bid_blind", SEATS, "per seat slot: the seat's last bid was blind"),
        Field("received", SEATS, "per seat slot: has received a card from the declarer"),
        Field("hand_size", SEATS, "per seat slot: cards in hand / 10"),
        Field("score", SEATS, "per seat slot: score / target"),
        Field("bolts", SEATS, "per seat slot: bolts / 3"),
        Field("falls", SEATS, "per seat slot: falls from the barrel / 3"),
        Field("on_barrel", SEATS, "per seat slot: sits on the barrel"),
        Field("tricks_won", SEATS, "per seat slot: tricks taken this deal / 10"),
        Field("points_taken", SEATS, "per seat slot: card points taken this deal / 120"),
        Field("high_bid", 1, "the highest bid / max bid"),
        Field("contract", 1, "the contract / max bid"),
        Field("bid_limit", 1, "my bidding limit / max bid"),
        Field("blind", 1, "the contract is blind"),
        Field("golden", 1, "this deal is a golden-round deal"),
        Field("talon_shown", 1, "the talon was shown to everyone"),
        Field("talon_index", 2, "one-hot: the 2-player talon the declarer took"),
        Field("barrel_deals", 1, "deals played on the barrel / 3"),
    )
)
OBSERVATION_SIZE = LAYOUT.size

_O = LAYOUT.offsets
_PHASE = {name: _O["phase"] + i for i, name in enumerate(PHASES)}
_SUIT = {s: i for i, s in enumerate(_SUITS)}

Observation = npt.NDArray[np.float32]


def encode(view: dict[str, Any], target: int, max_bid: int) -> Observation:
    """The observation of the seat whose view this is (see ``LAYOUT``)."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    me: int = view["seat"]
    n: int = view["players"]
    cards = CARD_INDEX
    out[_PHASE[view["phase"]]] = 1.0
    base = _O["hand"]
    for card in view["hand"]:
        out[base + cards[card]] = 1.0
    out[_O["hand_seen"]] = view["hand_seen"]
    talon = view["talon"]
    if talon:
        base = _O["talon"]
        for card in talon:
            out[base + cards[card]] = 1.0
    discards = view["discards"]
    if discards:
        base = _O["discards"]
        for card in discards:
            out[base + cards[card]] = 1.0
    base = _O["given"]
    received = _O["received"]
    for given in view["given"]:
        out[received + (given["to"] - me) % n] = 1.0
        if given["card"] is not None:
            out[base + cards[given["card"]]] = 1.0
    base = _O["played"]
    for card in view["played"]:
        out[base + cards[card]] = 1.0
    base = _O["trick"]
    seats = _O["trick_seats"]
    for position, entry in enumerate(view["trick"]):
        out[base + 24 * position + cards[entry["card"]]] = 1.0
        out[seats + SEATS * position + (entry["seat"] - me) % n] = 1.0
    base = _O["last_trick"]
    for entry in view["last_trick"]:
        out[base + cards[entry["card"]]] = 1.0
    trump = view["trump"]
    out[_O["trump"] + (4 if trump is None else _SUIT[trump])] = 1.0
    base = _O["marriages"]
    for marriage in view["marriages"]:
        suit = marriage["suit"]
        out[base + (4 if suit is None else _SUIT[suit])] = 1.0
    for key in ("to_move", "dealer", "hundred", "sitting_out", "declarer", "high_bidder"):
        seat = view[key]
        if seat is not None:
            out[_O[key] + (seat - me) % n] = 1.0
    barrel = view["barrel"]
    if barrel is not None:
        out[_O["on_barrel"] + (barrel - me) % n] = 1.0
    scores = view["scores"]
    bolts = view["bolts"]
    falls = view["falls"]
    sizes = view["hand_sizes"]
    passed = view["passed"]
    tricks = view["tricks_won"]
    taken = view["points_taken"]
    for seat in range(n):
        slot = (seat - me) % n
        out[_O["present"] + slot] = 1.0
        out[_O["passed"] + slot] = passed[seat]
        out[_O["hand_size"] + slot] = sizes[seat] / 10
        out[_O["score"] + slot] = scores[seat] / target
        out[_O["bolts"] + slot] = bolts[seat] / 3
        out[_O["falls"] + slot] = falls[seat] / 3
        out[_O["tricks_won"] + slot] = tricks[seat] / 10
        out[_O["points_taken"] + slot] = taken[seat] / 120
    for bid in view["bids"]:
        slot = (bid["seat"] - me) % n
        value = bid["value"]
        out[_O["last_bid"] + slot] = 0.0 if value is None else value / max_bid
        out[_O["bid_blind"] + slot] = bid["blind"]
    for key in ("high_bid", "contract", "bid_limit"):
        value = view[key]
        if value is not None:
            out[_O[key]] = value / max_bid
    out[_O["blind"]] = view["blind"]
    out[_O["golden"]] = view["golden"]
    out[_O["talon_shown"]] = view["talon_shown"]
    index = view["talon_index"]
    if index is not None:
        out[_O["talon_index"] + index] = 1.0
    out[_O["barrel_deals"]] = view["barrel_deals"] / 3
    return out


class Actions:
    """Every action of a table at a fixed index, for a policy's fixed output layer.

    0 pass, 1 look, 2 redeal, 3 concede, 4 and 5 take talon 0 or 1; then a bid, a blind bid and
    a contract of each multiple of 5 up to the table's max bid; then giving each card to the
    seat slot 1, 2 or 3; discarding, playing, playing as a marriage and as the ace marriage each
    card. An index names the action relative to the seat that acts (the slot of a ``give``).
    """

    def __init__(self, max_bid: int) -> None:
        values = max_bid // 5 + 1
        self.bid = 6
        self.blind_bid = self.bid + values
        self.contract = self.blind_bid + values
        self.give = self.contract + values
        self.discard = self.give + 24 * (SEATS - 1)
        self.play = self.discard + 24
        self.marriage = self.play + 24
        self.ace_marriage = self.marriage + 24
        self.size = self.ace_marriage + 24

    def index(self, action: dict[str, Any], seat: int, players: int) -> int:
        """The index of one of ``seat``'s legal actions."""
        kind = action["type"]
        if kind == "play":
            card = CARD_INDEX[action["card"]]
            if "marriage" in action:
                return self.marriage + card
            if "ace_marriage" in action:
                return self.ace_marriage + card
            return self.play + card
        simple = _SIMPLE.get(kind)
        if simple is not None:
            return simple
        if kind == "bid":
            return self.bid + int(action["value"]) // 5
        if kind == "blind_bid":
            return self.blind_bid + int(action["value"]) // 5
        if kind == "contract":
            return self.contract + int(action["value"]) // 5
        if kind == "take_talon":
            return 4 + int(action["index"])
        if kind == "give":
            slot = (int(action["to"]) - seat) % players
            return self.give + 24 * (slot - 1) + CARD_INDEX[action["card"]]
        if kind == "discard":
            return self.discard + CARD_INDEX[action["card"]]
        raise ValueError(f"not a card-game action: {action!r}")


_SIMPLE = {"pass": 0, "look": 1, "redeal": 2, "concede": 3}
