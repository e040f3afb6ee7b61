"""The dice game's events, view and action as the protocol publishes them (``GameSpec``).

Beside the engine that makes them, so that a new event or view key is one change in one
package; tests/protocol holds every line of real matches against them. Every field says what it
is in the game's words (the published schema's ``description``), and every word the engine
writes into a ``why`` or ``reason`` is an enum of its list (thousand/dice/reasons.py).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from thousand.dice.reasons import FallWhy, ScoreReason, TurnEndWhy, WinWhy
from thousand.game import DiceEndReason
from thousand.messages import Exact, GameMessages, Seat, optional_key

Die = Annotated[int, Field(ge=1, le=6)]
PerSeat = "One entry per seat, by seat number."


class DiceFirstPlayer(Exact):
    type: Literal["first_player"] = Field(description="The lot chose who throws first.")
    seat: Seat


class DiceThrow(Exact):
    type: Literal["throw"] = Field(description="The mover threw the dice not set aside.")
    seat: Seat
    dice: list[Die] = Field(description="The dice as they fell.")
    points: int = Field(description="What the throw's best partition scores; 0: a zero throw.")
    scoring: list[Die] = Field(description="The dice of that best partition.")


class DiceSetAside(Exact):
    type: Literal["set_aside"] = Field(description="Scoring dice put aside from the throw.")
    seat: Seat
    dice: list[Die] = Field(description="The dice set aside.")
    points: int = Field(description="What they score.")
    turn_total: int = Field(description="The turn's total after this set-aside.")
    dice_left: int = Field(ge=0, le=5, description="Dice not set aside; 0 with hot dice.")
    hot: bool = Field(description="All five are aside: the next throw, compulsory, throws five.")


class DiceTurnEnd(Exact):
    type: Literal["turn_end"] = Field(description="The mover's turn ended.")
    seat: Seat
    total: int = Field(description="What the turn gathered.")
    recorded: int = Field(description="What was recorded: the total, or 0.")
    why: TurnEndWhy = Field(
        description="stop; zero (a zero throw); confirmed, unconfirmed (the throw after hot "
        "dice); short (confirmed below a limit); samosval (mid-turn); point (open barrel); "
        "five_of_a_kind."
    )


class DiceBolt(Exact):
    type: Literal["bolt"] = Field(description="A turn that recorded nothing.")
    seat: Seat
    bolts: int = Field(description="The seat's bolts now (0 after the penalty).")
    counted: bool = Field(
        description="false: exempt (not opened, in a pit, on the barrel), shown only."
    )


class DiceScore(Exact):
    type: Literal["score"] = Field(description="A seat's score changed.")
    seat: Seat
    delta: int = Field(description="The change; a game's deltas add up to its final scores.")
    score: int = Field(description="The seat's score after it.")
    reason: ScoreReason = Field(description="Why: docs/rules-dice.md, order of scoring.")


class DiceBarrelFallen(Exact):
    type: Literal["barrel_fallen"] = Field(description="A sitter fell off the barrel.")
    seat: Seat
    falls: int = Field(description="The seat's falls counted, this one included.")
    why: FallWhy = Field(
        description="attempts used up, usurped by a climber, points (open barrel)."
    )


class DiceOpened(Exact):
    type: Literal["opened"] = Field(description="The seat recorded its first turn (the entry).")
    seat: Seat
    score: int = Field(description="The seat's score after the opening turn.")


class DiceBarrelPoint(Exact):
    type: Literal["barrel_point"] = Field(
        description="Open barrel: the turn's total would pass the goal."
    )
    seat: Seat
    points: int = Field(description="The seat's points now.")


class DiceBarrelAttempt(Exact):
    type: Literal["barrel_attempt"] = Field(description="A failed turn on the barrel.")
    seat: Seat
    used: int = Field(description="Attempts used on the barrel, this one included.")
    of: int = Field(description="Attempts allowed; 0: unlimited.")


class DiceBarrelClimbed(Exact):
    type: Literal["barrel_climbed"] = Field(description="The seat is now on the barrel.")
    seat: Seat
    score: int = Field(description="The seat's score on the barrel.")


class DiceBarrelUsurped(Exact):
    type: Literal["barrel_usurped"] = Field(description="A climber knocked the sitter off.")
    seat: Seat = Field(description="The sitter knocked off.")
    by: Seat = Field(description="The climber.")


class DiceOvertaken(Exact):
    type: Literal["overtaken"] = Field(description="The mover passed this seat's score.")
    seat: Seat = Field(description="The seat overtaken (it pays the penalty).")
    by: Seat = Field(description="The mover.")


class DiceSamosval(Exact):
    type: Literal["samosval"] = Field(description="The seat is exactly on 555: back to 0.")
    seat: Seat


class DiceBarrelLeft(Exact):
    type: Literal["barrel_left"] = Field(
        description="A penalty took the sitter below the barrel: off it, not a counted fall."
    )
    seat: Seat
    score: int = Field(description="The seat's score now.")


class DicePit(Exact):
    type: Literal["pit"] = Field(description="The seat has just landed in a pit.")
    seat: Seat
    pit: list[int] = Field(min_length=2, max_length=2, description="The pit: [low, high).")
    score: int = Field(description="The seat's score in it.")


class DiceWin(Exact):
    type: Literal["win"] = Field(description="The seat won.")
    seat: Seat
    score: int = Field(description="The winner's final score.")
    why: WinWhy = Field(description="goal reached, or five of a kind (where that wins).")


class DiceGameOver(Exact):
    type: Literal["game_over"] = Field(description="The game ended (the engine's result).")
    reason: DiceEndReason = Field(description="goal, five_of_a_kind, or round_cap (no winner).")
    winner: Seat | None = Field(description="null: no winner (the round cap).")
    ranking: list[Seat] = Field(description="Seats, best first.")
    scores: list[int] = Field(description=f"Final scores. {PerSeat}")


DiceEvent = Annotated[
    DiceFirstPlayer
    | DiceThrow
    | DiceSetAside
    | DiceTurnEnd
    | DiceBolt
    | DiceScore
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
    game: Literal["dice"] = Field(description="The game.")
    seat: Seat = Field(description="Your seat.")
    players: int = Field(description="Seats at the table.")
    phase: Literal["lot", "throw", "decide", "over"] = Field(
        description="lot; throw (a chance throw is next); decide (roll or stop); over."
    )
    to_move: Seat | None = Field(description="The seat that decides now: in a request, yours.")
    turn: Seat | None = Field(description="Whose turn it is; null before the lot and at the end.")
    first_player: Seat | None = Field(description="Who threw first; null before the lot.")
    round: int = Field(description="The round, from 1.")
    turns_played: int = Field(description="Turns finished in the game.")
    scores: list[int] = Field(description=f"Scores. {PerSeat}")
    opened: list[bool] = Field(description=f"Whether each seat has opened. {PerSeat}")
    bolts: list[int] = Field(description=f"Bolts counted. {PerSeat}")
    on_barrel: list[bool] = Field(description=f"Who sits on the barrel. {PerSeat}")
    barrel_attempts: list[int] = Field(description=f"Attempts used on the barrel. {PerSeat}")
    barrel_falls: list[int] = Field(description=f"Barrel falls counted. {PerSeat}")
    barrel_points: list[int] = Field(description=f"Open-barrel points. {PerSeat}")
    need: int | None = Field(
        description="The least turn total the mover may record (opening, pit, barrel)."
    )
    cap: int | None = Field(
        description="The most the mover may gather (open barrel); null: no limit."
    )
    winner: Seat | None = Field(description="The winner; null until there is one.")
    turn_total: int = Field(
        description="Points set aside this turn; at a keep decision, without the last throw."
    )
    dice_left: int = Field(
        ge=0,
        le=5,
        description="Dice not set aside: at a keep decision the dice just thrown; 0 after "
        "hot dice until the compulsory throw brings all five back.",
    )
    set_aside: list[Die] = Field(description="Dice set aside since the turn or hot dice began.")
    throw: list[Die] | None = Field(description="The latest throw; null before a turn's first.")
    must_roll: bool = Field(description="Hot dice: only roll is legal.")
    confirming: bool = Field(description="The next throw confirms hot dice.")
    choosing: bool = Field(description='set_aside "choose": a keep is chosen from the throw.')


class DiceAction(Exact):
    type: Literal["roll", "stop"] = Field(
        description="roll: throw the dice not set aside; stop: record the turn total."
    )
    keep: list[Die] | None = optional_key(
        description='Only with set_aside "choose": the scoring dice kept from the throw.'
    )


MESSAGES = GameMessages(DiceEvent, DiceView, DiceAction, DiceEndReason)
