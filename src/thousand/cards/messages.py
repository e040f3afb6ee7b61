"""The card game's events, view and action as the protocol publishes them (``GameSpec``).

Beside the engine that makes them, so that a new event or view key is one change in one
package; tests/protocol holds every line of real matches against them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from thousand.messages import Exact, GameMessages, Score, Seat, optional_key

Card = Annotated[
    str,
    Field(
        pattern="^[9JQKTA][SCDH]$",
        description="Rank then suit: ranks 9 J Q K T A (T is the ten), suits S C D H.",
    ),
]
Suit = Annotated[str, Field(pattern="^[SCDH]$")]


class CardsFirstDealer(Exact):
    type: Literal["first_dealer"]
    seat: Seat


class CardsDealStarted(Exact):
    type: Literal["deal_started"]
    deal: int
    dealer: Seat
    hundred: Seat
    sitting_out: Seat | None
    golden: bool


class CardsHand(Exact):
    type: Literal["hand"]
    to: Seat = Field(description="Private: only this seat receives the event.")
    cards: list[Card]


class CardsGoldenContract(Exact):
    type: Literal["golden_contract"]
    seat: Seat
    value: int


class CardsBid(Exact):
    type: Literal["bid"]
    seat: Seat
    value: int
    opening: bool | None = optional_key(description="Present on the hundred's opening bid.")
    blind: bool | None = optional_key(description="Present on every other bid.")


class CardsSeat(Exact):
    type: Literal["pass", "look", "discard"]
    seat: Seat


class CardsRedeal(Exact):
    type: Literal["redeal"]
    seat: Seat
    reason: str


class CardsDeclarer(Exact):
    type: Literal["declarer"]
    seat: Seat
    contract: int
    blind: bool


class CardsTalon(Exact):
    type: Literal["talon"]
    seat: Seat
    cards: list[Card] | None = Field(description="null: taken face down (not shown to you).")
    to: Seat | None = optional_key(description="Present when private to this seat.")
    index: int | None = optional_key(description="2 players: which talon.")
    reason: str | None = optional_key(description="2 players: last_trick, the unchosen talon.")


class CardsTakeTalon(Exact):
    type: Literal["take_talon"]
    seat: Seat
    index: int


class CardsGive(Exact):
    type: Literal["give"]
    seat: Seat
    recipient: Seat


class CardsGiven(Exact):
    type: Literal["given"]
    to: Seat = Field(description="Private: only the recipient receives the card.")
    seat: Seat
    card: Card


class CardsConcede(Exact):
    type: Literal["concede"]
    seat: Seat
    contract: int


class CardsContract(Exact):
    type: Literal["contract"]
    seat: Seat
    value: int


class CardsPlay(Exact):
    type: Literal["play"]
    seat: Seat
    card: Card


class CardsMarriage(Exact):
    type: Literal["marriage"]
    seat: Seat
    suit: Suit
    value: int


class CardsAceMarriage(Exact):
    type: Literal["ace_marriage"]
    seat: Seat
    value: int


class CardsTrick(Exact):
    type: Literal["trick"]
    winner: Seat
    cards: list[Card]
    points: int


class CardsDealResult(Exact):
    type: Literal["deal_result"]
    declarer: Seat
    contract: int
    blind: bool
    conceded: bool
    made: bool
    points: list[int]
    marriages: list[int]
    takes: list[int]
    tricks: list[int]
    talon_take: int


class CardsGoldenFailed(Exact):
    type: Literal["golden_failed"]


class CardsGameOver(Exact):
    type: Literal["game_over"]
    ranking: list[Seat]
    scores: list[int]
    reason: str
    winner: Seat | None
    places: list[int]


class CardsBolt(Exact):
    type: Literal["bolt"]
    seat: Seat
    bolts: int


class CardsBarrelOn(Exact):
    type: Literal["barrel_on"]
    seat: Seat


class CardsBarrelOff(Exact):
    type: Literal["barrel_off"]
    seat: Seat
    reason: str
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
    | Score
    | CardsBolt
    | CardsBarrelOn
    | CardsBarrelOff,
    Field(discriminator="type"),
]


class SeatBid(Exact):
    seat: Seat
    value: int | None = Field(description="null: a pass.")
    blind: bool


class SeatCard(Exact):
    seat: Seat
    card: Card


class GivenCard(Exact):
    to: Seat
    card: Card | None = Field(description="null unless you gave or received it.")


class DeclaredMarriage(Exact):
    seat: Seat
    suit: Suit | None = Field(description="null: the ace marriage.")
    value: int


class CardsView(Exact):
    game: Literal["cards"]
    seat: Seat
    players: int
    phase: Literal["lot", "deal", "bidding", "choose_talon", "talon", "contract", "play", "over"]
    to_move: Seat | None
    deal: int
    dealer: Seat | None
    hundred: Seat | None
    sitting_out: Seat | None
    golden: bool
    scores: list[int]
    bolts: list[int]
    falls: list[int]
    barrel: Seat | None
    barrel_deals: int = Field(ge=0, description="Deals the barrel's sitter has played on it.")
    hand: list[Card]
    hand_seen: bool
    hand_sizes: list[int]
    bid_limit: int | None
    bids: list[SeatBid]
    high_bid: int | None
    high_bidder: Seat | None
    passed: list[bool]
    declarer: Seat | None
    contract: int | None
    blind: bool
    talon: list[Card] | None
    talon_shown: bool
    talon_index: int | None
    given: list[GivenCard]
    discards: list[Card] | None
    trump: Suit | None
    marriages: list[DeclaredMarriage]
    leader: Seat | None
    trick: list[SeatCard]
    last_trick: list[SeatCard]
    played: list[Card]
    tricks_won: list[int]
    points_taken: list[int]


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
    ]
    value: int | None = optional_key(description="bid, blind_bid, contract.")
    index: int | None = optional_key(description="take_talon (2 players).")
    card: Card | None = optional_key(description="give, discard, play.")
    to: Seat | None = optional_key(description="give.")
    marriage: Literal[True] | None = optional_key(description="play: lead a marriage.")
    ace_marriage: Literal[True] | None = optional_key(description="play: the ace marriage.")


MESSAGES = GameMessages(CardsEvent, CardsView, CardsAction)
