"""An analysed game as one line under each step of ``thousand replay show --analysis``: each
seat's probability of winning as of that step (dice: the line of the analysis, carried from
the last point at or before the step), and at a decision its values and mark."""

from __future__ import annotations

from typing import Any

from referee.analysis.report import Decision, GameAnalysis
from referee.safetext import NAME_LIMIT, for_terminal


def _amount(value: float, unit: str) -> str:
    return f"{value * 100:.1f} %" if unit == "win_probability" else f"{value:.1f} points"


def _decision(made: Decision, unit: str) -> str:
    chosen = for_terminal(made.chosen.get("type", "?"), NAME_LIMIT)
    best = for_terminal(made.best.get("type", "?"), NAME_LIMIT)
    text = (
        f"{chosen} {_amount(made.value_chosen, unit)}, best {best} {_amount(made.value_best, unit)}"
    )
    if made.mark is not None:
        text += f": {made.mark} (-{_amount(made.loss, unit)})"
    return text


def step_notes(game: GameAnalysis) -> dict[int, str]:
    """Step number -> its line (escaped for the terminal); steps before the first point of the
    line and without a decision have none."""
    names = [for_terminal(name, NAME_LIMIT) for name in game.names]
    decisions = {made.step: made for made in game.decisions}
    points = {point.step: point for point in game.curve}
    last = max([*decisions, *points], default=0)
    notes: dict[int, str] = {}
    current = None
    for step in range(last + 1):
        current = points.get(step, current)
        parts = []
        if current is not None:
            shares = ", ".join(
                f"{n} {v * 100:.1f} %" for n, v in zip(names, current.values, strict=False)
            )
            parts.append(f"win probability: {shares}")
        made = decisions.get(step)
        if made is not None:
            parts.append(_decision(made, game.unit))
        if parts:
            notes[step] = "; ".join(parts)
    return notes


def page_chart(game: GameAnalysis) -> dict[str, Any]:
    """The replay page's chart of the analysis: seat 0's probability of winning by step, and
    each marked decision at seat 0's probability after it (dice, two players; empty else)."""
    marks = []
    for made in game.decisions:
        if made.mark is not None and game.unit == "win_probability":
            mine = made.value_chosen if made.seat == 0 else 1.0 - made.value_chosen
            marks.append([made.step, round(mine, 6), str(made.mark)])
    return {"curve": [[p.step, p.values[0]] for p in game.curve], "marks": marks}
