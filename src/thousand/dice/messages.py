"""The dice game's events, view and action as the protocol publishes them (``GameSpec``).

Beside the engine that makes them, so that a new event or view key is one change in one
package; tests/protocol holds every line of real matches against them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from thousand.messages import Exact, GameMessages, Score, Seat, optional_key

Die = Annotated[int, Field(ge=1, le=6)]


class DiceFirstPlayer(Exact):
    type: Literal["first_player"]
    seat: Seat


class DiceThrow(Exact):
    type: Literal["throw"]
    seat: Seat
    dice: list[Die]
    points: int
    scoring: list[Die]


class DiceSetAside(Exact):
    type: Literal["set_aside"]
    seat: Seat
    dice: list[Die]
    points: int
    turn_total: int
    dice_left: int = Field(ge=0, le=5, description="Dice not set aside; 0 with hot dice.")
    hot: bool


class DiceTurnEnd(Exact):
    type: Literal["turn_end"]
    seat: Seat
    total: int
    recorded: int
    why: str


class DiceBolt(Exact):
    type: Literal["bolt"]
    seat: Seat
    bolts: int
    counted: bool


class DiceBarrelFallen(Exact):
    type: Literal["barrel_fallen"]
    seat: Seat
    falls: int
    why: str


class DiceOpened(Exact):
    type: Literal["opened"]
    seat: Seat
    score: int


class DiceBarrelPoint(Exact):
    type: Literal["barrel_point"]
    seat: Seat
    points: int


class DiceBarrelAttempt(Exact):
    type: Literal["barrel_attempt"]
    seat: Seat
    used: int
    of: int


class DiceBarrelClimbed(Exact):
    type: Literal["barrel_climbed"]
    seat: Seat
    score: int


class DiceBarrelUsurped(Exact):
    type: Literal["barrel_usurped"]
    seat: Seat
    by: Seat


class DiceOvertaken(Exact):
    type: Literal["overtaken"]
    seat: Seat
    by: Seat


class DiceSamosval(Exact):
    type: Literal["samosval"]
    seat: Seat


class DiceBarrelLeft(Exact):
    type: Literal["barrel_left"]
    seat: Seat
    score: int


class DicePit(Exact):
    type: Literal["pit"]
    seat: Seat
    pit: list[int] = Field(min_length=2, max_length=2)
    score: int


class DiceWin(Exact):
    type: Literal["win"]
    seat: Seat
    score: int
    why: str


class DiceGameOver(Exact):
    type: Literal["game_over"]
    reason: str
    winner: Seat | None
    ranking: list[Seat]
    scores: list[int]


DiceEvent = Annotated[
    DiceFirstPlayer
    | DiceThrow
    | DiceSetAside
    | DiceTurnEnd
    | DiceBolt
    | Score
    | DiceBarrelFallen
    | DiceOpened
    | DiceBarrelPoint
    | DiceBarrelAttempt
    | DiceBarrelClimbed
    | DiceBarrelUsurped
    | DiceOvertaken
    | DiceSamosval
    | DiceBarrelLeft
    | DicePit
    | DiceWin
    | DiceGameOver,
    Field(discriminator="type"),
]


class DiceView(Exact):
    game: Literal["dice"]
    seat: Seat
    players: int
    phase: Literal["lot", "throw", "decide", "over"]
    to_move: Seat | None
    turn: Seat | None
    first_player: Seat | None
    round: int
    turns_played: int
    scores: list[int]
    opened: list[bool]
    bolts: list[int]
    on_barrel: list[bool]
    barrel_attempts: list[int]
    barrel_falls: list[int]
    barrel_points: list[int]
    need: int | None
    cap: int | None
    winner: Seat | None
    turn_total: int = Field(
        description="Points set aside this turn; at a keep decision, without the last throw."
    )
    dice_left: int = Field(
        ge=0,
        le=5,
        description="Dice not set aside: at a keep decision the dice just thrown; 0 after "
        "hot dice until the compulsory throw brings all five back.",
    )
    set_aside: list[Die]
    throw: list[Die] | None = Field(description="The latest throw; null before a turn's first.")
    must_roll: bool
    confirming: bool
    choosing: bool


class DiceAction(Exact):
    type: Literal["roll", "stop"]
    keep: list[Die] | None = optional_key(
        description='Only with set_aside "choose": the scoring dice kept from the throw.'
    )


MESSAGES = GameMessages(DiceEvent, DiceView, DiceAction)
