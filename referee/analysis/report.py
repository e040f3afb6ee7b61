"""What an analysis says, as pydantic models: the ``--json`` document and its published schema
(``analysis_schema()``), one shape for dice and cards.

A value is the analysed seat's win probability (dice) or its expected game score (cards) after
an action; ``loss`` is the best action's value minus the chosen one's, never negative.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.analysis.marks import Mark

Basis = Literal["exact", "abstracted", "estimate", "sampled", "none"]
"""How the values were found. exact: the solved table under the rules it was solved for;
abstracted: classic dice read through the table's abstraction (the fall count, scores below
-200), exact wherever those do not matter; estimate: the expert's reading where nothing is
solved (three or more players: the duel against the most dangerous opponent); sampled: card
decisions scored over deals of the hidden cards consistent with the seat's view; none: a game
this analysis has no model for (its decisions are listed without values)."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Option(Strict):
    """One legal action and its value."""

    action: dict[str, Any]
    value: float
    stderr: float | None = Field(None, description="standard error (sampled values only)")
    samples: int | None = Field(None, description="deals sampled (sampled values only)")


class Decision(Strict):
    """One decision of a seat: a step where it had more than one legal action."""

    step: int = Field(description="the step number n of the replay")
    line: int = Field(description="the replay file's line of the step")
    seat: int
    phase: str = Field(description="dice: throw or stop (what was chosen); cards: bid, talon, play")
    chosen: dict[str, Any]
    best: dict[str, Any]
    value_chosen: float
    value_best: float
    loss: float = Field(ge=0.0)
    mark: Mark | None
    options: list[Option]
    turn_total: int | None = None
    dice_left: int | None = None
    deal: int | None = Field(None, description="cards: the deal of the decision (redeals count)")


class SeatAccuracy(Strict):
    seat: int
    name: str
    decisions: int
    mean_loss: float
    total_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int


class WinPoint(Strict):
    """Each seat's value after a step: the win-probability line (dice)."""

    step: int
    values: list[float]


class ScorePoint(Strict):
    """A seat's expected score of the deal after one of its decisions (cards), from its own
    information: the chosen action's mean over the sampled worlds, relative to the others'
    mean (the unit of the card values). Forced moves, which sample nothing, have none."""

    step: int
    seat: int
    deal: int
    value: float
    stderr: float
    samples: int


class GameAnalysis(Strict):
    file: str
    game: str
    rules_label: str
    players: int
    names: list[str]
    basis: Basis
    unit: Literal["win_probability", "points"]
    incomplete: bool
    decisions: list[Decision]
    seats: list[SeatAccuracy]
    curve: list[WinPoint] = Field(default_factory=list)
    score_line: list[ScorePoint] = Field(
        default_factory=list, description="cards: each seat's expected score of the deal"
    )
    note: str | None = None


class PhaseLoss(Strict):
    phase: str
    decisions: int
    total_loss: float


class Costly(Strict):
    """A decision to open: the game file and its step."""

    file: str
    step: int
    line: int
    phase: str
    loss: float
    mark: Mark | None


class BotAccuracy(Strict):
    """One bot across the analysed games (a bot is its seat's name in the replays)."""

    name: str
    games: int
    decisions: int
    mean_loss: float
    inaccuracies: int
    mistakes: int
    blunders: int
    by_phase: list[PhaseLoss]
    costliest: list[Costly]


class FileError(Strict):
    file: str
    error: str


class AnalysisDocument(Strict):
    format: Literal["thousand-analysis"] = "thousand-analysis"
    version: Literal[1] = 1
    games: list[GameAnalysis]
    bots: list[BotAccuracy]
    errors: list[FileError] = Field(default_factory=list)


def analysis_schema() -> dict[str, Any]:
    """The JSON Schema of ``thousand analyse --json`` (docs/analysis.md publishes it)."""
    return AnalysisDocument.model_json_schema()
