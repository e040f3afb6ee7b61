"""The marks of a decision: how much it lost against the best, in words a player knows.

The dice thresholds are in probability of winning the game, as lichess marks chess moves by
the winning chances they lose; the card thresholds are in game points of expected score, and a
card decision is marked only when its loss is also significant (beyond twice its standard
error), since sampled values carry noise a table's do not. docs/analysis.md states them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Mark(StrEnum):
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


# (threshold, mark), largest first: a loss at or above a threshold earns its mark
DICE_MARKS: Final = ((0.08, Mark.BLUNDER), (0.03, Mark.MISTAKE), (0.01, Mark.INACCURACY))
CARD_MARKS: Final = ((50.0, Mark.BLUNDER), (25.0, Mark.MISTAKE), (10.0, Mark.INACCURACY))
# dice under rules no table models: expected points of the turn given away (the expert's
# estimate, referee/analysis/dice_estimate.py); a turn's expected total is some 60 points
ESTIMATE_MARKS: Final = ((50.0, Mark.BLUNDER), (25.0, Mark.MISTAKE), (10.0, Mark.INACCURACY))
SIGNIFICANT: Final = 2.0  # standard errors a sampled loss must exceed to be marked


def mark(loss: float, thresholds: tuple[tuple[float, Mark], ...]) -> Mark | None:
    for threshold, name in thresholds:
        if loss >= threshold:
            return name
    return None
