"""An analysed game as one line under each step of ``thousand replay show --analysis``: each
seat's probability of winning as of that step (dice: the line of the analysis, carried from
the last point at or before the step) or its expected score of the deal (cards: as of its last
sampled decision in this deal, from its own information), and at a decision its values and
mark; and the replay page's chart of the same line."""

from __future__ import annotations

from typing import Any

from referee.analysis.report import Decision, GameAnalysis, ScorePoint
from referee.safetext import NAME_LIMIT, for_terminal


def _amount(value: float, unit: str) -> str:
    return f"{value * 100:.1f} %" if unit == "win_probability" else f"{value:.1f} points"


def action_label(action: dict[str, Any]) -> str:
    """An action in a few words, escaped for the terminal: its type and what it names (a card,
    a value, a recipient, a talon), so that two plays or two bids can be told apart."""
    words = [str(action.get("type", "?"))]
    words += [str(action[key]) for key in ("card", "value", "index") if key in action]
    if "to" in action:
        words.append(f"to {action['to']}")
    return for_terminal(" ".join(words), NAME_LIMIT)


def _decision(made: Decision, unit: str) -> str:
    chosen = action_label(made.chosen)
    best = action_label(made.best)
    text = (
        f"{chosen} {_amount(made.value_chosen, unit)}, best {best} {_amount(made.value_best, unit)}"
    )
    if made.mark is not None:
        text += f": {made.mark} (-{_amount(made.loss, unit)})"
    return text


def _expected(names: list[str], held: dict[int, ScorePoint]) -> str:
    shares = ", ".join(
        f"{names[seat]} {point.value:+.1f} (±{point.stderr:.1f})"
        for seat, point in sorted(held.items())
        if seat < len(names)
    )
    return f"expected deal score: {shares}"


def step_notes(game: GameAnalysis) -> dict[int, str]:
    """Step number -> its line (escaped for the terminal); steps before the first point of the
    line and without a decision have none."""
    names = [for_terminal(name, NAME_LIMIT) for name in game.names]
    decisions = {made.step: made for made in game.decisions}
    points = {point.step: point for point in game.curve}
    scored = {point.step: point for point in game.score_line}
    last = max([*decisions, *points, *scored], default=0)
    notes: dict[int, str] = {}
    current = None
    held: dict[int, ScorePoint] = {}  # cards: each seat's last point of the current deal
    for step in range(last + 1):
        current = points.get(step, current)
        point = scored.get(step)
        if point is not None:
            held = {s: p for s, p in held.items() if p.deal == point.deal}
            held[point.seat] = point
        parts = []
        if held:
            parts.append(_expected(names, held))
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
    each marked decision at seat 0's probability after it (dice, two players); cards: each
    seat's expected deal score after its sampled decisions, a line per seat, and each marked
    decision on its seat's line (``unit`` "points"); empty else."""
    if game.score_line:
        lines: dict[int, list[list[float]]] = {}
        for point in game.score_line:
            lines.setdefault(point.seat, []).append([point.step, round(point.value, 2)])
        dots = [
            [made.step, round(made.value_chosen, 2), str(made.mark), made.seat]
            for made in game.decisions
            if made.mark is not None
        ]
        return {"unit": "points", "lines": sorted(lines.items()), "marks": dots, "curve": []}
    marks = []
    for made in game.decisions:
        if made.mark is not None and game.unit == "win_probability":
            mine = made.value_chosen if made.seat == 0 else 1.0 - made.value_chosen
            marks.append([made.step, round(mine, 6), str(made.mark)])
    return {"curve": [[p.step, p.values[0]] for p in game.curve], "marks": marks}
