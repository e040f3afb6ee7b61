"""The card game's rules as one validated pydantic model, and the named presets.

Every house rule the rule book names is a field, so an organiser states a table in a few lines of
TOML and the engine never branches on anything but these values.  The engine does not read the
model in its hot loops: ``Table.of(rules)`` (thousand.cards.table) copies the values into a
plain object once per game.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator


class CardRules(BaseModel):
    """Rules of the card game Thousand; the defaults are the `classic` 3-player table."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: Literal[2, 3, 4] = Field(
        3,
        description="Player count this table is made for: 3 (classic), 4 (the dealer sits out "
        "each deal) or 2 (10 cards each and two talons of 2).",
    )
    redeal: bool = Field(
        True,
        description="A player may ask for a redeal at their first bidding turn with four nines or "
        "fewer than `redeal_hand_points` card points, and the declarer may when the talon holds "
        "fewer than `redeal_talon_points`.",
    )
    redeal_three_nines_on_hundred: bool = Field(
        False,
        description="The player on the hundred may also ask for a redeal holding three nines.",
    )
    redeal_hand_points: int = Field(
        14, ge=0, le=121, description="A hand with fewer card points than this may ask a redeal."
    )
    redeal_talon_points: int = Field(
        5, ge=0, le=121, description="A talon with fewer card points than this may be redealt."
    )
    opening_bid: int = Field(
        100, ge=0, description="Bid made for the player on the hundred (dealer's left)."
    )
    bid_step: int = Field(
        5, gt=0, description="Every bid and every raise of the contract is a multiple of this."
    )
    bid_limit: int = Field(
        120,
        ge=0,
        description="Nobody may bid above this plus the value of the marriages in their hand.",
    )
    max_bid: int = Field(300, ge=0, description="Absolute ceiling of any bid or contract.")
    show_talon_on_hundred: bool = Field(
        False,
        description="Show the talon even when both others passed at once and the player on the "
        "hundred takes it at 100.",
    )
    blind_bidding: bool = Field(
        False,
        description="A player may bid blind before looking at their hand; a blind declarer's "
        "result is doubled and the talon is not shown.",
    )
    concede: bool = Field(
        True,
        description="The declarer may concede instead of playing (never while on the barrel).",
    )
    concede_penalty: bool = Field(
        True,
        description="A conceding declarer scores -contract; false: they get a bolt instead.",
    )
    must_beat: bool = Field(
        False,
        description="Polish rule: when following suit or trumping, beat the best card so far "
        "if you can.",
    )
    marriage_on_first_lead: bool = Field(
        False,
        description="A marriage may be declared before its holder has taken a trick.",
    )
    ace_marriage: bool = Field(
        False, description="Four aces form an ace marriage worth 200 (no trump change)."
    )
    bolt_limit: int = Field(
        3, ge=0, description="Bolts (deals without a trick) that cost a penalty; 0 = no bolts."
    )
    bolt_penalty: int = Field(120, ge=0, description="Points lost when the bolts add up.")
    bolts_in_a_row: bool = Field(
        False,
        description="Only consecutive bolts count: a deal in which the player takes a trick "
        "resets the count.",
    )
    bolt_for_declarer: bool = Field(
        True, description="A declarer who takes no trick gets a bolt too."
    )
    samosval: bool = Field(
        True, description="A score of exactly 555 or -555 after a deal drops to 0."
    )
    barrel: bool | None = Field(
        None,
        description="The barrel at `barrel_score`; null means on for 3 and 4 players and off "
        "for 2. Off: anyone may pass the target, the highest score wins.",
    )
    barrel_score: int = Field(880, gt=0, description="Score at which a player sits on the barrel.")
    barrel_deals: int = Field(
        3, gt=0, description="Deals a sitting player gets to win before falling off."
    )
    barrel_penalty: int = Field(120, ge=0, description="Points lost when falling off the barrel.")
    barrel_falls_to_zero: int = Field(
        3, ge=0, description="The fall with this number sets the score to 0 (0 = never)."
    )
    target: int = Field(1000, gt=0, description="Score that wins the game.")
    max_deals: int = Field(
        300,
        gt=0,
        le=10_000,
        description="Hard cap on deals (redeals included), at most 10,000 so that every game "
        "ends; then rank by score.",
    )
    golden_round: bool = Field(
        False,
        description="The first deals (one per player) are played at a forced 120 by each player "
        "in turn, all scores doubled; if nobody makes it, scores go back to 0.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.bid_step % 5:
            raise ValueError(f"bid_step must be a multiple of 5, not {self.bid_step}")
        if self.opening_bid % 5 or self.max_bid % 5 or self.bid_limit % 5:
            raise ValueError("opening_bid, bid_limit and max_bid must be multiples of 5")
        if self.max_bid < self.opening_bid:
            raise ValueError(f"max_bid ({self.max_bid}) is below opening_bid ({self.opening_bid})")
        if self.barrel_on and self.barrel_score >= self.target:
            raise ValueError(
                f"barrel_score ({self.barrel_score}) must be below target ({self.target})"
            )
        if self.golden_round and self.max_bid < 120:
            raise ValueError("golden_round needs max_bid of at least 120 (its forced contract)")
        return self

    @property
    def barrel_on(self) -> bool:
        """The barrel switch with its player-count default resolved."""
        return self.players != 2 if self.barrel is None else self.barrel

    def allowed_players(self) -> tuple[int, ...]:
        return (self.players,)


CLASSIC = CardRules()

PRESETS: dict[str, CardRules] = {
    "classic": CLASSIC,
    "four": CardRules(players=4),
    "duel": CardRules(players=2, barrel=False),
    "polish": CardRules(must_beat=True, bid_step=10, ace_marriage=True),
    "golden": CardRules(golden_round=True),
    "dark": CardRules(blind_bidding=True),
    "everything": CardRules(
        redeal_three_nines_on_hundred=True,
        blind_bidding=True,
        must_beat=True,
        ace_marriage=True,
        golden_round=True,
    ),
}
"""Named tables: `classic` is the rule book's default; the others switch on its options."""

__all__ = ["PRESETS", "CardRules"]
