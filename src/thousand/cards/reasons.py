"""The words the card engine writes into its events: every score, redeal and barrel ``reason``.

They are Literal types, not free strings, so that the engine's functions that write them take
only these (``mypy --strict`` refuses a new word that is not listed here) and so that the
protocol publishes them as the enums of its schema (thousand/cards/messages.py): a bot author
reads the whole list there, and tests/protocol holds the list to what real games emit. This
module is not compiled with the engine (setup.py): the compiled modules import the types, as
they do ``thousand.game.EndReason``. docs/rules-cards.md says what each word means.
"""

from __future__ import annotations

from typing import Literal, get_args

FallReason = Literal["barrel_fall", "barrel_usurped", "barrel_crowd"]
"""A fall off the barrel with its penalty: the sitter's deals ran out, another seat climbed
on, or several climbed on together. Each is both a score reason and a ``barrel_off`` reason."""

BarrelOffReason = Literal[FallReason, "dropped", "reset"]
"""Why the sitter left the barrel (``barrel_off.reason``): a fall, dropped below the barrel by
the deal's result (a counted fall without the penalty), or the golden round's reset."""

ScoreReason = Literal[
    FallReason,
    "contract_made",
    "contract_failed",
    "defender_take",
    "talon",
    "concede",
    "concede_half",
    "bolts",
    "barrel_clamp",
    "barrel_falls_zero",
    "samosval",
    "golden_reset",
]
"""Why a score changed (``score.reason``), in the order of scoring at the end of a deal."""

RedealReason = Literal["four_nines", "few_points", "three_nines", "poor_talon"]
"""Why a seat asked for a new deal (``redeal.reason``)."""

TalonReason = Literal["last_trick"]
"""Why a talon is shown (``talon.reason``): with 2 players, the unchosen talon goes to the last
trick's taker."""

SCORE_REASONS: tuple[ScoreReason, ...] = get_args(ScoreReason)
BARREL_OFF_REASONS: tuple[BarrelOffReason, ...] = get_args(BarrelOffReason)
REDEAL_REASONS: tuple[RedealReason, ...] = get_args(RedealReason)
TALON_REASONS: tuple[TalonReason, ...] = get_args(TalonReason)
