"""The dice game's rules as data: one validated model and the presets the engine ships.

Households play many variants of "1000 on dice"; every variant the rule book names is a field
here, so that a ladder picks a preset or writes its own table instead of patching code.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

MIN_PLAYERS = 2
MAX_PLAYERS = 8


class DiceRules(BaseModel):
    """Every option of the dice game; the defaults are the preset ``classic``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # --- scoring of one throw -------------------------------------------------------------
    single_one: int = Field(10, ge=0, description="Points of a single 1.")
    single_five: int = Field(5, ge=0, description="Points of a single 5.")
    three_kind_factor: int = Field(
        10, ge=0, description="Three of a kind (2..6) scores face × this factor."
    )
    three_ones: int = Field(100, ge=0, description="Points of three 1s.")
    four_kind_factor: int = Field(
        20, ge=0, description="Four of a kind (2..6) scores face × this factor (ussr: 100)."
    )
    four_ones: int = Field(200, ge=0, description="Points of four 1s.")
    five_kind_factor: int = Field(
        100, ge=0, description="Five of a kind (2..6) scores face × this factor."
    )
    five_ones: int = Field(1000, ge=0, description="Points of five 1s.")
    five_kind_flat: int | None = Field(
        None,
        ge=0,
        description="If set, every five of a kind (1s included) scores this flat amount instead.",
    )
    small_straight: int | None = Field(
        125, ge=0, description="Points of 1-2-3-4-5 on five dice thrown (null: not a combination)."
    )
    large_straight: int | None = Field(
        250, ge=0, description="Points of 2-3-4-5-6 on five dice thrown (null: not a combination)."
    )
    double_on_two_dice: bool = Field(
        False,
        description="When exactly 2 dice are thrown and show a double, both are scoring dice "
        "worth 0 points (they can make the dice hot).",
    )
    five_of_a_kind_wins: bool = Field(
        False, description="Five of a kind on one throw wins the game at once."
    )

    # --- the turn ---------------------------------------------------------------------------
    set_aside: Literal["all", "choose"] = Field(
        "all",
        description="'all': every scoring die of the best partition is set aside; 'choose': the "
        "player keeps whole scoring combinations of its choice (at least one).",
    )
    confirm_hot_dice: bool = Field(
        False,
        description="The compulsory throw after hot dice confirms the turn and ends it: if it "
        "scores, the whole turn total is recorded; if not, the whole turn burns.",
    )

    # --- limits on recording ----------------------------------------------------------------
    entry: int = Field(
        50, ge=0, description="Opening: a turn total needed (by itself) to record the first score."
    )
    pits: tuple[tuple[int, int], ...] = Field(
        ((200, 300), (600, 700)),
        description="Pits as [low, high): from a score inside one, a turn must reach high.",
    )
    samosval: int | None = Field(
        555, description="A score of exactly this drops to 0 (null: no samosval)."
    )
    samosval_mid_turn: bool = Field(
        False,
        description="A throw whose running total puts the player on the samosval score ends "
        "the turn at once with the samosval.",
    )
    overtake_penalty: int = Field(
        50,
        ge=0,
        description="Each opened player overtaken by a turn (strictly below → strictly above) "
        "loses this (0: no overtaking).",
    )

    # --- bolts ------------------------------------------------------------------------------
    bolts: bool = Field(True, description="Turns that record nothing are counted as bolts.")
    bolt_limit: int = Field(3, ge=1, description="Bolts that trigger the penalty.")
    bolt_penalty: int = Field(100, ge=0, description="Points lost when the bolt limit is reached.")
    bolts_in_a_row: bool = Field(
        False, description="Only bolts in a row count: a recorded turn resets the count."
    )
    bolts_while_unopened: bool = Field(
        False, description="Bolts count before the player has opened (the score may go negative)."
    )
    bolts_in_pit: bool = Field(False, description="Bolts count while the player sits in a pit.")
    bolts_on_barrel: bool = Field(
        False, description="Bolts count while the player is on the barrel."
    )

    # --- the end of the game ----------------------------------------------------------------
    goal: int = Field(1000, ge=1, description="The score that wins.")
    barrel: Literal["none", "points", "open"] = Field(
        "points",
        description="'none': first to record the goal or more wins; 'points': sit on the barrel "
        "and reach the goal in one turn from it; 'open': the goal must be hit exactly.",
    )
    barrel_start: int = Field(
        880, ge=1, description="('points') A score at or above this puts the player on the barrel."
    )
    barrel_clamp: bool = Field(
        True,
        description="('points') Climbing sets the score to barrel_start; otherwise the score is "
        "kept (a jump to the goal or beyond from below still lands on barrel_start).",
    )
    barrel_attempts: int | None = Field(
        3,
        ge=1,
        description="('points') Own turns on the barrel, counted from the next one, before a "
        "fall (null: unlimited).",
    )
    barrel_fall_penalty: int = Field(
        100, ge=0, description="Points lost by a fall from the barrel (and by too many points)."
    )
    barrel_max_falls: int | None = Field(
        3, ge=1, description="The fall that reaches this count sets the score to 0 (null: never)."
    )
    barrel_usurp: Literal["fall", "opening_score", "none"] = Field(
        "fall",
        description="('points') When another player climbs on: 'fall' = the sitter falls (a "
        "counted fall), 'opening_score' = the sitter goes back to the score of its opening "
        "turn, 'none' = several may sit.",
    )
    open_points_limit: int = Field(
        6,
        ge=1,
        description="('open') Points (turns that passed the goal) that cost a fall and reset.",
    )

    # --- scores and length ------------------------------------------------------------------
    score_floor: int | None = Field(
        None, le=0, description="Penalties never take a score below this (null: no floor)."
    )
    max_rounds: int = Field(
        500,
        ge=1,
        le=10_000,
        description="Hard cap on rounds, at most 10,000 so that every game ends; then players "
        "are ranked by score.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        top = self.barrel_start if self.barrel == "points" else self.goal
        if self.barrel == "points" and self.barrel_start >= self.goal:
            raise ValueError(f"barrel_start {self.barrel_start} must be below goal {self.goal}")
        low_end = 0
        for low, high in self.pits:
            if not 0 < low < high:
                raise ValueError(f"pit [{low}, {high}) must have 0 < low < high")
            if low < low_end:
                raise ValueError("pits must be sorted and must not overlap")
            if high > top:
                raise ValueError(f"pit [{low}, {high}) must end at or below {top}")
            low_end = high
        if self.samosval is not None and not 0 < self.samosval < top:
            raise ValueError(f"samosval {self.samosval} must lie between 0 and {top}")
        if self.samosval_mid_turn and self.samosval is None:
            raise ValueError("samosval_mid_turn needs a samosval score")
        if self.entry >= top:
            raise ValueError(f"entry {self.entry} must be below {top}")
        return self

    def allowed_players(self) -> tuple[int, ...]:
        return tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))


PRESETS: dict[str, DiceRules] = {
    "classic": DiceRules(),
    "ussr": DiceRules(
        entry=75,
        four_kind_factor=100,
        four_ones=200,
        five_kind_flat=1000,
        five_of_a_kind_wins=True,
        double_on_two_dice=True,
        barrel_start=900,
        barrel_clamp=False,
        barrel_attempts=3,
        barrel_fall_penalty=100,
        barrel_max_falls=None,
        barrel_usurp="fall",
        bolt_penalty=50,
        samosval_mid_turn=True,
    ),
    "barrel850": DiceRules(
        entry=75,
        pits=(),
        barrel_start=850,
        barrel_clamp=True,
        barrel_attempts=None,
        barrel_max_falls=None,
        barrel_usurp="opening_score",
        bolts=False,
        confirm_hot_dice=True,
    ),
    "simple": DiceRules(
        pits=(),
        barrel="none",
        bolts=False,
        overtake_penalty=0,
        samosval=None,
    ),
}
"""The presets of the rule book's table; fields not named keep the classic value."""
