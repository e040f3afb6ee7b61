"""The card observation's fields and the cards' indices, without numpy: the view's encoder
(``cards_codec``), the state's encoder (``cards_observe``, compiled with the engines where it
can be, so it may import nothing that a build lacks) and docs/learning.md share this one list.
"""

from __future__ import annotations

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
