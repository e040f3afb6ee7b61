"""An entrant's rating history as an inline SVG chart, drawn on the server.

Numbers only go into the SVG (coordinates, axis labels formatted here), so no contestant's
text reaches the drawing; the page works without JavaScript and prints as it shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.web.queries import RatingPoint

WIDTH = 640
HEIGHT = 240
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28


@dataclass(frozen=True)
class Tick:
    at: float
    label: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    rating: str
    """The path of the rating (μ − 3σ): one point per rated match after the start."""
    band: str
    """The closed path of μ ± σ: the rating's uncertainty as a shaded band."""
    points: int
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM


def _nice_step(span: float) -> float:
    raw = span / 4
    for step in (1, 2, 2.5, 5, 10, 20, 25, 50, 100):
        if step >= raw:
            return float(step)
    return float(int(raw) + 1)


def rating_chart(history: list[RatingPoint]) -> Chart | None:
    if not history:
        return None
    lows = [min(p.rating, p.mu - p.sigma) for p in history]
    highs = [max(p.rating, p.mu + p.sigma) for p in history]
    low, high = min(lows), max(highs)
    step = _nice_step(max(high - low, 1.0))
    low = step * (low // step)
    high = step * (-(-high // step))
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    count = len(history)

    def x(index: int) -> float:
        return LEFT + (plot_w * index / (count - 1) if count > 1 else plot_w / 2)

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    def path(coords: list[tuple[float, float]]) -> str:
        return " ".join(
            f"{'M' if i == 0 else 'L'}{px:.1f},{py:.1f}" for i, (px, py) in enumerate(coords)
        )

    rating = path([(x(i), y(p.rating)) for i, p in enumerate(history)])
    upper = [(x(i), y(p.mu + p.sigma)) for i, p in enumerate(history)]
    lower = [(x(i), y(p.mu - p.sigma)) for i, p in enumerate(history)]
    band = path(upper + lower[::-1]) + " Z"
    y_ticks = []
    value = low
    while value <= high + 1e-9:
        y_ticks.append(Tick(y(value), f"{value:g}"))
        value += step
    x_ticks = [Tick(x(0), "start")]
    if count > 1:
        x_ticks.append(Tick(x(count - 1), f"{count - 1} matches"))
    return Chart(WIDTH, HEIGHT, rating, band, count, y_ticks, x_ticks)
