"""The inner sweep of a turn's backward pass (referee.analysis.dice_table), on its own.

Why a module of its own: the sweep is nearly all of a dice game's analysis (one pass a
decision's turn, ~100 rows × ~95 throw outcomes of multiply-adds), and interpreted it took
about 1 ms a pass — 85 ms for a long game, over the 50 ms that issue 32 asks of a game. It
imports nothing, so setup.py compiles it with the dice engine (mypyc), where the same loop
runs on C doubles; a pure install runs this very code.
"""

from __future__ import annotations

Targets = list[tuple[float, int, list[float]]]
"""A throw of n dice: (probability, rows gained, the values after it by row) per outcome."""


def sweep(
    chances: list[tuple[int, float, Targets]],
    after: list[list[float]],
    throws: list[list[float]],
    stops: list[float],
    busted: float,
    last: int,
    low: int,
) -> None:
    """From the top row down to ``low``: ``throws[n][row]``, the value of throwing n dice at
    that turn total (a bust with the chance ``zero`` of no scoring die), and ``after[left]
    [row]``, the value of holding ``left`` dice there: the better of stopping and throwing
    them, but for hot dice (``after[0]``), where the throw of all five is compulsory."""
    for row in range(last, low - 1, -1):
        for n, zero, targets in chances:
            acc = zero * busted
            for p, gained, target in targets:
                acc += p * target[row + gained]
            throws[n][row] = acc
        if row == last:
            continue
        after[0][row] = throws[len(after)][row]
        at = stops[row]
        for left in range(1, len(after)):
            thrown = throws[left][row]
            after[left][row] = at if at >= thrown else thrown
