"""The analysis as one self-contained HTML page: per game the win-probability chart (dice) or
each seat's expected deal score (cards), an inline SVG, no script, with the marked decisions on
it, and the table of those decisions.

Every name and file path comes from replays anyone may write: each is escaped (for_html).
"""

from __future__ import annotations

from typing import Final

from referee import csp
from referee.analysis.notes import action_label
from referee.analysis.report import AnalysisDocument, GameAnalysis
from referee.outputs import PAGE_MARK
from referee.safetext import NAME_LIMIT, for_html

WIDTH: Final = 720
HEIGHT: Final = 160
COLOURS: Final = {"inaccuracy": "#d9a400", "mistake": "#e07000", "blunder": "#c01010"}
SEAT_COLOURS: Final = ("#2060c0", "#208040", "#a040a0", "#c06000")
DASHED: Final = ' stroke-dasharray="3 3"'


def _score_chart(game: GameAnalysis) -> str:
    """Cards: each seat's expected deal score after its sampled decisions, a line per seat in
    its colour (0 dashed), the marks as dots on their seat's line."""
    values = [point.value for point in game.score_line] + [0.0]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    last = max(point.step for point in game.score_line) or 1
    left = 44

    def x(step: int) -> float:
        return round(left + step / last * (WIDTH - left), 1)

    def y(value: float) -> float:
        return round(8 + (high - value) / span * (HEIGHT - 16), 1)

    lines = []
    legend = []
    for seat in sorted({point.seat for point in game.score_line}):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        mine = " ".join(f"{x(p.step)},{y(p.value)}" for p in game.score_line if p.seat == seat)
        lines.append(
            f'<polyline class="scoreline" points="{mine}" fill="none" stroke="{colour}" '
            f'stroke-width="1.5"/>'
        )
        name = for_html(game.names[seat], NAME_LIMIT) if seat < len(game.names) else "?"
        legend.append(f'<span style="color:{colour}">{name} (seat {seat})</span>')
    dots = [
        f'<circle cx="{x(made.step)}" cy="{y(made.value_chosen)}" r="4" '
        f'fill="{COLOURS[made.mark]}"><title>step {made.step}: {made.mark}</title></circle>'
        for made in game.decisions
        if made.mark is not None
    ]
    axis = "".join(
        f'<line x1="{left}" y1="{y(v)}" x2="{WIDTH}" y2="{y(v)}" stroke="#ddd"'
        f"{DASHED if v == 0 else ''}/>"
        f'<text x="{left - 6}" y="{y(v) + 4}" text-anchor="end" font-size="11">{v:.0f}</text>'
        for v in sorted({low, 0.0, high})
    )
    return (
        f"<p>Each seat's expected score of the deal after its decisions, from its own "
        f"information (points, less the others' mean); dots: marked decisions. "
        f"{', '.join(legend)}</p>"
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" '
        f'aria-label="expected score of the deal by step">{axis}'
        + "".join(lines)
        + "".join(dots)
        + "</svg>"
    )


def _chart(game: GameAnalysis) -> str:
    """Seat 0's probability of winning across the game, the marks as dots at their steps."""
    if game.score_line:
        return _score_chart(game)
    if not game.curve:
        return ""
    last = max(point.step for point in game.curve) or 1
    left = 44  # room for the axis' labels

    def x(step: int) -> float:
        return round(left + step / last * (WIDTH - left), 1)

    def y(value: float) -> float:
        return round(8 + (1.0 - value) * (HEIGHT - 16), 1)

    line = " ".join(f"{x(p.step)},{y(p.values[0])}" for p in game.curve)
    dots = []
    for made in game.decisions:
        if made.mark is not None:
            mine = made.value_chosen if made.seat == 0 else 1.0 - made.value_chosen
            dots.append(
                f'<circle cx="{x(made.step)}" cy="{y(mine)}" r="4" '
                f'fill="{COLOURS[made.mark]}"><title>step {made.step}: {made.mark}</title></circle>'
            )
    axis = "".join(
        f'<line x1="{left}" y1="{y(v)}" x2="{WIDTH}" y2="{y(v)}" stroke="#ddd"/>'
        f'<text x="{left - 6}" y="{y(v) + 4}" text-anchor="end" font-size="11">{v:.0%}</text>'
        for v in (0.0, 0.5, 1.0)
    )
    name = for_html(game.names[0], NAME_LIMIT)
    return (
        f"<p>The probability that {name} (seat 0) wins, step by step; dots: marked decisions "
        f"(hover for the step).</p>"
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" '
        f'aria-label="{name}: probability of winning by step">{axis}'
        f'<polyline points="{line}" fill="none" stroke="#2060c0" stroke-width="1.5"/>'
        + "".join(dots)
        + "</svg>"
    )


def _game(game: GameAnalysis) -> str:
    names = ", ".join(for_html(n, NAME_LIMIT) for n in game.names)
    rows = []
    for made in game.decisions:
        if made.mark is None:
            continue
        rows.append(
            f"<tr><td>{made.step}</td><td>{made.line}</td>"
            f"<td>{for_html(game.names[made.seat], NAME_LIMIT)}</td>"
            f"<td>{for_html(action_label(made.chosen))}</td>"
            f"<td>{for_html(action_label(made.best))}</td>"
            f"<td>{made.value_chosen:.4f}</td><td>{made.value_best:.4f}</td>"
            f"<td>{made.loss:.4f}</td><td>{made.mark}</td></tr>"
        )
    seats = "".join(
        f"<li>{for_html(s.name, NAME_LIMIT)} (seat {s.seat}): {s.decisions} decisions, mean loss "
        f"{s.mean_loss:.4f}, {s.inaccuracies} inaccuracies, {s.mistakes} mistakes, "
        f"{s.blunders} blunders</li>"
        for s in game.seats
    )
    table = (
        "<table><tr><th>step</th><th>line</th><th>seat</th><th>chosen</th><th>best</th>"
        "<th>value</th><th>best value</th><th>loss</th><th>mark</th></tr>"
        + "".join(rows)
        + "</table>"
        if rows
        else "<p>No decision marked.</p>"
    )
    return (
        f"<section><h2>{for_html(game.file)}</h2><p>{for_html(game.game)} [{names}], basis "
        f"{game.basis}, unit {game.unit}</p>{_chart(game)}<ul>{seats}</ul>{table}</section>"
    )


def analysis_page(document: AnalysisDocument) -> str:
    body = "".join(_game(game) for game in document.games)
    policy = csp.policy(inline_styles=True, meta=True)
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'{PAGE_MARK}<meta http-equiv="Content-Security-Policy" content="{for_html(policy)}">'
        "<title>Thousand analysis</title><style>body{font-family:sans-serif;margin:2em}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}</style>"
        f"</head><body><h1>Game analysis</h1>{body}</body></html>"
    )
