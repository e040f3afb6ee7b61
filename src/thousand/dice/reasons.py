"""The words the dice engine writes into its events: every ``why`` and score ``reason``.

They are Literal types, not free strings, so that the engine's functions that write them take
only these (``mypy --strict`` refuses a new word that is not listed here) and so that the
protocol publishes them as the enums of its schema (thousand/dice/messages.py): a bot author
reads the whole list there, and tests/protocol holds the list to what real games emit. This
module is not compiled with the engine (setup.py): the compiled state imports the types, as it
does ``thousand.game.EndReason``. docs/rules-dice.md says what each word means.
"""

from __future__ import annotations

from typing import Literal, get_args

TurnEndWhy = Literal[
    "stop",
    "zero",
    "confirmed",
    "unconfirmed",
    "short",
    "samosval",
    "point",
    "five_of_a_kind",
]
"""Why a turn ended (``turn_end.why``)."""

ForcedEnd = Literal["samosval", "point"]
"""A throw's running total that ends the turn without a decision (samosval mid-turn, a point
on the open barrel)."""

FallWhy = Literal["attempts", "usurped", "points"]
"""Why a player fell off the barrel (``barrel_fallen.why``)."""

WinWhy = Literal["goal", "five_of_a_kind"]
"""How the winner won (``win.why``): the game's end reasons that have a winner."""

ScoreReason = Literal[
    "turn",
    "five_of_a_kind",
    "bolt_penalty",
    "barrel_fall",
    "barrel_clamp",
    "barrel_landing",
    "barrel_usurped",
    "overtaken",
    "samosval",
]
"""Why a score changed (``score.reason``): ``barrel_clamp`` where the clamp rule set the score
to ``barrel_start``, ``barrel_landing`` where, without the clamp, a jump to the goal from below
lands there (issue 31; older replays wrote ``barrel_clamp``, referee/replay/reader.py)."""

TURN_END_WHYS: tuple[TurnEndWhy, ...] = get_args(TurnEndWhy)
FALL_WHYS: tuple[FallWhy, ...] = get_args(FallWhy)
WIN_WHYS: tuple[WinWhy, ...] = get_args(WinWhy)
SCORE_REASONS: tuple[ScoreReason, ...] = get_args(ScoreReason)
