"""The card game's events, view and action as the protocol publishes them (``GameSpec``).

Beside the engine that makes them, so that a new event or view key is one change in one
package; tests/protocol holds every line of real matches against them. Every field says what it
is in the game's words (the published schema's ``description``), and every word the engine
writes into a ``reason`` is an enum of its list (thousand/cards/reasons.py).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from thousand.cards.reasons import BarrelOffReason, RedealReason, ScoreReason, TalonReason
from thousand.game import CardsEndReason
from thousand.messages import Exact, GameMessages, Seat, optional_key

Card = Annotated[
    str,
    Field(
        pattern="^[9JQKTA][SCDH]$",
        description="Rank then suit: ranks 9 J Q K T A (T is the ten), suits S C D H.",
    ),
]
Suit = Annotated[str, Field(pattern="^[SCDH]$")]
PerSeat = "One entry per seat, by seat number."


class CardsFirstDealer(Exact):
    type: Literal["first_dealer"] = Field(description="The lot chose the first dealer.")
    seat: Seat


class CardsDealStarted(Exact):
    type: Literal["deal_started"] = Field(description="A deal begins.")
    deal: int = Field(description="Deals dealt in the game, this one and redeals included.")
    dealer: Seat = Field(description="The dealer.")
    hundred: Seat = Field(description="The seat that must open the bidding at 100.")
    sitting_out: Seat | None = Field(description="4 players: the dealer sits out; else null.")
    golden: bool = Field(description="A golden round's deal (a forced contract).")


class CardsHand(Exact):
    type: Literal["hand"] = Field(description="Your hand (private).")
    to: Seat = Field(description="Private: only this seat receives the event.")
    cards: list[Card] = Field(description="Your cards; [] for the sitting-out dealer.")


class CardsGoldenContract(Exact):
    type: Literal["golden_contract"] = Field(description="A golden deal's forced contract.")
    seat: Seat
    value: int = Field(description="The contract.")


class CardsBid(Exact):
    type: Literal["bid"] = Field(description="A bid.")
    seat: Seat
    value: int = Field(description="The bid.")
    opening: bool | None = optional_key(description="Present on the hundred's opening bid.")
    blind: bool | None = optional_key(description="Present on every other bid.")


class CardsSeat(Exact):
    type: Literal["pass", "look", "discard"] = Field(
        description="pass: out of the bidding; look: a blind bidder looks at the hand; "
        "discard: 2 players, the declarer put a card away (unseen)."
    )
    seat: Seat


class CardsRedeal(Exact):
    type: Literal["redeal"] = Field(description="A seat called for a new deal.")
    seat: Seat
    reason: RedealReason = Field(
        description="four_nines, few_points (hand), three_nines (the hundred), poor_talon."
    )


class CardsDeclarer(Exact):
    type: Literal["declarer"] = Field(description="The bidding is over.")
    seat: Seat = Field(description="The declarer.")
    contract: int = Field(description="The winning bid.")
    blind: bool = Field(description="A blind bid (scores double).")


class CardsTalon(Exact):
    type: Literal["talon"] = Field(description="A talon taken or shown.")
    seat: Seat = Field(description="Who takes it.")
    cards: list[Card] | None = Field(description="null: taken face down (not shown to you).")
    to: Seat | None = optional_key(description="Present when private to this seat.")
    index: int | None = optional_key(description="2 players: which talon.")
    reason: TalonReason | None = optional_key(
        description="2 players: last_trick, the unchosen talon."
    )


class CardsTakeTalon(Exact):
    type: Literal["take_talon"] = Field(description="2 players: the declarer chose a talon.")
    seat: Seat
    index: int = Field(description="The talon chosen, 0 or 1.")


class CardsGive(Exact):
    type: Literal["give"] = Field(description="The declarer passed a card (public: whom to).")
    seat: Seat = Field(description="The declarer.")
    recipient: Seat = Field(description="Who received it.")


class CardsGiven(Exact):
    type: Literal["given"] = Field(description="The card passed to you (private).")
    to: Seat = Field(description="Private: only the recipient receives the card.")
    seat: Seat = Field(description="The declarer who gave it.")
    card: Card


class CardsConcede(Exact):
    type: Literal["concede"] = Field(description="The declarer gave the deal up.")
    seat: Seat
    contract: int = Field(description="The contract given up.")


class CardsContract(Exact):
    type: Literal["contract"] = Field(description="The declarer's final contract.")
    seat: Seat
    value: int = Field(description="The contract.")


class CardsPlay(Exact):
    type: Literal["play"] = Field(description="A card played.")
    seat: Seat
    card: Card


class CardsMarriage(Exact):
    type: Literal["marriage"] = Field(description="A marriage declared; its suit is trump now.")
    seat: Seat
    suit: Suit = Field(description="The marriage's suit: S C D H.")
    value: int = Field(description="What it scores.")


class CardsAceMarriage(Exact):
    type: Literal["ace_marriage"] = Field(description="The ace marriage declared.")
    seat: Seat
    value: int = Field(description="What it scores.")


class CardsTrick(Exact):
    type: Literal["trick"] = Field(description="A trick taken.")
    winner: Seat = Field(description="Who took it.")
    cards: list[Card] = Field(description="Its cards in playing order.")
    points: int = Field(description="Its card points.")


class CardsDealResult(Exact):
    type: Literal["deal_result"] = Field(description="The deal's outcome, before the scores.")
    declarer: Seat = Field(description="The declarer.")
    contract: int = Field(description="The contract.")
    blind: bool = Field(description="A blind contract.")
    conceded: bool = Field(description="The declarer conceded.")
    made: bool = Field(description="The declarer made the contract.")
    points: list[int] = Field(description=f"Card points taken (with the discards). {PerSeat}")
    marriages: list[int] = Field(description=f"Marriages declared. {PerSeat}")
    takes: list[int] = Field(description=f"Card points plus marriages. {PerSeat}")
    tricks: list[int] = Field(description=f"Tricks taken. {PerSeat}")
    talon_take: int = Field(description="4 players: the sitting-out dealer's talon count.")


class CardsGoldenFailed(Exact):
    type: Literal["golden_failed"] = Field(
        description="Nobody made a golden contract: golden_reset score events follow."
    )


class CardsGameOver(Exact):
    type: Literal["game_over"] = Field(description="The game ended (the engine's result).")
    ranking: list[Seat] = Field(description="Seats, best first.")
    scores: list[int] = Field(description=f"Final scores. {PerSeat}")
    reason: CardsEndReason = Field(description="target reached, or deal_cap.")
    winner: Seat | None = Field(description="null: no winner.")
    places: list[int] = Field(description=f"Places, 1 = first. {PerSeat}")


class CardsScore(Exact):
    type: Literal["score"] = Field(description="A seat's score changed.")
    seat: Seat
    delta: int = Field(description="The change; a game's deltas add up to its final scores.")
    score: int = Field(description="The seat's score after it.")
    reason: ScoreReason = Field(description="Why: docs/rules-cards.md, order of scoring.")


class CardsBolt(Exact):
    type: Literal["bolt"] = Field(description="A seat took no trick (a bolt).")
    seat: Seat
    bolts: int = Field(description="The count it reached (reset to 0 after a penalty).")


class CardsBarrelOn(Exact):
    type: Literal["barrel_on"] = Field(description="The seat climbed on the barrel.")
    seat: Seat


class CardsBarrelOff(Exact):
    type: Literal["barrel_off"] = Field(description="The seat left the barrel.")
    seat: Seat
    reason: BarrelOffReason = Field(
        description="barrel_fall (deals used), barrel_usurped, barrel_crowd, dropped (below "
        "the barrel), reset (golden round)."
    )
    falls: int | None = optional_key(description="Absent when a golden round's reset ends it.")


CardsEvent = Annotated[
    CardsFirstDealer
    | CardsDealStarted
    | CardsHand
    | CardsGoldenContract
    | CardsBid
    | CardsSeat
    | CardsRedeal
    | CardsDeclarer
    | CardsTalon
    | CardsTakeTalon
    | CardsGive
    | CardsGiven
    | CardsConcede
    | CardsContract
    | CardsPlay
    | CardsMarriage
    | CardsAceMarriage
    | CardsTrick
    | CardsDealResult
    | CardsGoldenFailed
    | CardsGameOver
    | CardsScore
    | CardsBolt
    | CardsBarrelOn
    | CardsBarrelOff,
    Field(discriminator="type"),
]


class SeatBid(Exact):
    seat: Seat
    value: int | None = Field(description="null: a pass.")
    blind: bool = Field(description="A blind bid.")


class SeatCard(Exact):
    seat: Seat
    card: Card


class GivenCard(Exact):
    to: Seat = Field(description="Who received it.")
    card: Card | None = Field(description="null unless you gave or received it.")


class DeclaredMarriage(Exact):
    seat: Seat
    suit: Suit | None = Field(description="null: the ace marriage.")
    value: int = Field(description="What it scored.")


class CardsView(Exact):
    game: Literal["cards"] = Field(description="The game.")
    seat: Seat = Field(description="Your seat.")
    players: int = Field(description="Seats at the table.")
    phase: Literal[
        "lot", "deal", "bidding", "choose_talon", "talon", "contract", "play", "over"
    ] = Field(description="What the table does now; deal: between deals (chance is next).")
    to_move: Seat | None = Field(description="The seat that decides now: in a request, yours.")
    deal: int = Field(description="Deals dealt, redeals included.")
    dealer: Seat | None = Field(description="The dealer; null before the lot.")
    hundred: Seat | None = Field(description="The seat on the hundred (opens at 100).")
    sitting_out: Seat | None = Field(description="4 players: the dealer sitting out.")
    golden: bool = Field(description="A golden round's deal.")
    scores: list[int] = Field(description=f"Scores. {PerSeat}")
    bolts: list[int] = Field(description=f"Bolts counted. {PerSeat}")
    falls: list[int] = Field(description=f"Barrel falls counted. {PerSeat}")
    barrel: Seat | None = Field(description="Who sits on the barrel; null: nobody.")
    barrel_deals: int = Field(ge=0, description="Deals the barrel's sitter has played on it.")
    hand: list[Card] = Field(description="Your cards, sorted; [] before you look (blind).")
    hand_seen: bool = Field(description="false: a blind bidder has not looked yet.")
    hand_sizes: list[int] = Field(description=f"Cards in each hand. {PerSeat}")
    bid_limit: int | None = Field(
        description="Your highest bid: the limit plus your marriages; null before you see "
        "your hand."
    )
    bids: list[SeatBid] = Field(description="The bidding so far, the opening bid first.")
    high_bid: int | None = Field(description="The highest bid; null before any.")
    high_bidder: Seat | None = Field(description="Who made it.")
    passed: list[bool] = Field(description=f"Who has passed. {PerSeat}")
    declarer: Seat | None = Field(description="The declarer; null during the bidding.")
    contract: int | None = Field(description="The contract; null during the bidding.")
    blind: bool = Field(description="The contract was bid blind.")
    talon: list[Card] | None = Field(
        description="The talon when shown, or yours when you took it; else null."
    )
    talon_shown: bool = Field(description="The talon was shown to everyone.")
    talon_index: int | None = Field(description="2 players: the talon chosen.")
    given: list[GivenCard] = Field(description="The cards the declarer passed.")
    discards: list[Card] | None = Field(
        description="2 players: the declarer's own discards; null for everyone else."
    )
    trump: Suit | None = Field(description="The trump suit; null: none yet.")
    marriages: list[DeclaredMarriage] = Field(description="Marriages declared this deal.")
    leader: Seat | None = Field(description="Who leads the current trick.")
    trick: list[SeatCard] = Field(description="The current trick's cards so far.")
    last_trick: list[SeatCard] = Field(description="The previous trick of this deal.")
    played: list[Card] = Field(description="Every card played this deal.")
    tricks_won: list[int] = Field(description=f"Tricks taken this deal. {PerSeat}")
    points_taken: list[int] = Field(description=f"Card points taken this deal. {PerSeat}")


class CardsAction(Exact):
    type: Literal[
        "bid",
        "pass",
        "redeal",
        "look",
        "blind_bid",
        "take_talon",
        "give",
        "discard",
        "concede",
        "contract",
        "play",
    ] = Field(description="The decision: docs/rules-cards.md, decision actions.")
    value: int | None = optional_key(description="bid, blind_bid, contract.")
    index: int | None = optional_key(description="take_talon (2 players).")
    card: Card | None = optional_key(description="give, discard, play.")
    to: Seat | None = optional_key(description="give.")
    marriage: Literal[True] | None = optional_key(description="play: lead a marriage.")
    ace_marriage: Literal[True] | None = optional_key(description="play: the ace marriage.")


MESSAGES = GameMessages(CardsEvent, CardsView, CardsAction, CardsEndReason)
