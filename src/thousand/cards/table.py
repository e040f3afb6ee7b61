"""The card rules' values as plain attributes, which the state machine reads at every step.

Why a module of its own: it is compiled with the card engine (setup.py), so that a rule's value
is a field of a C struct to the compiled state machine. Read from a class of the rules' module,
which pydantic keeps interpreted, every ``self.t.bid_step`` was a generic attribute look-up —
some twenty a decision of a card game (issue 35).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from thousand.cards.rules import CardRules


@dataclass(frozen=True)
class Table:
    """The rule values as plain attributes, read by the state machine on every step."""

    players: int
    redeal: bool
    redeal_three_nines_on_hundred: bool
    redeal_hand_points: int
    redeal_talon_points: int
    opening_bid: int
    bid_step: int
    bid_limit: int
    max_bid: int
    show_talon_on_hundred: bool
    blind_bidding: bool
    concede: bool
    concede_penalty: bool
    must_beat: bool
    marriage_on_first_lead: bool
    ace_marriage: bool
    bolt_limit: int
    bolt_penalty: int
    bolts_in_a_row: bool
    bolt_for_declarer: bool
    samosval: bool
    barrel: bool
    barrel_score: int
    barrel_deals: int
    barrel_penalty: int
    barrel_falls_to_zero: int
    target: int
    max_deals: int
    golden_round: bool

    @classmethod
    def of(cls, rules: CardRules) -> Table:
        return cls(**{**rules.model_dump(), "barrel": rules.barrel_on})
