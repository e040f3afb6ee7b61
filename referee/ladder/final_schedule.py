"""The final's schedule: who sits at which table in each round.

Two promises, from the issue and from fairness: every finalist plays the same number of games,
and every pair of finalists meets about equally often. A random partition into tables keeps
the second only on average and breaks the first whenever the field is not a multiple of the
table size (someone sits out). So a round is a cyclic arrangement instead: the finalists in
some order around a circle, and one table at each position, holding the ``players``
finalists from there on. Every finalist then sits at exactly ``players`` tables a round, at
each seat position once, whatever the field's size; and the order of each round is the one,
among a few drawn, whose pairs have met least so far, which evens the pairs' meetings out over
the rounds (the ladder's own schedule does the same for its matches).

Every draw comes from a generator seeded by the master seed and the round (``final-schedule``),
so a final that is resumed plans the same rounds, and the plan reveals nothing before the
master seed is revealed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

DRAWS = 16
"""Orders drawn per round, the least-met one kept: enough to even meetings out, and a round
of 1,000 finalists is still planned in milliseconds (bench/scale.py)."""

Pair = tuple[int, int]


def _pairs(table: Sequence[int]) -> list[Pair]:
    return [(min(a, b), max(a, b)) for i, a in enumerate(table) for b in table[i + 1 :] if a != b]


def plan_round(
    field: Sequence[int], players: int, rng: random.Random, met: Counter[Pair]
) -> list[list[int]]:
    """One round's tables (entrant ids, seat order), chosen to favour pairs that have met
    least; ``met`` is updated with the round's meetings."""
    if len(field) < players:
        raise ValueError(f"a final needs at least {players} finalists, not {len(field)}")
    best: list[list[int]] | None = None
    best_cost = -1
    for _ in range(DRAWS if len(field) > players else 1):
        order = list(field)
        rng.shuffle(order)
        tables = (
            [order]
            if len(order) == players
            else [[order[(i + k) % len(order)] for k in range(players)] for i in range(len(order))]
        )
        cost = sum(met[pair] for table in tables for pair in _pairs(table))
        if best is None or cost < best_cost:
            best, best_cost = tables, cost
    assert best is not None
    for table in best:
        met.update(_pairs(table))
    return best


def meetings(tables: Sequence[Sequence[int]]) -> Counter[Pair]:
    """How often each pair met in the tables planned so far (a resumed final's ``met``)."""
    met: Counter[Pair] = Counter()
    for table in tables:
        met.update(_pairs(table))
    return met
