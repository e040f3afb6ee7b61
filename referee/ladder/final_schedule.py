"""The final's schedule: who sits at which table in each round.

Two promises, from the issue and from fairness: every finalist plays the same number of games,
and every pair of finalists meets about equally often. A random partition into tables keeps
the second only on average and breaks the first whenever the field is not a multiple of the
table size (someone sits out). So a round is a cyclic arrangement instead: the finalists in
some order around a circle, and one table at each position, holding the ``players``
finalists from there on. Every finalist then sits at exactly ``players`` tables a round, at
each seat position once, whatever the field's size; and each round's order puts next to each
other the finalists who have met least so far, which keeps every pair's meetings near the
mean (with 40 finalists at 3-seat tables over 40 rounds: 5 to 9 meetings a pair, mean 6.2,
where a fresh random order each round gave 0 to 20).

Every draw comes from a generator seeded by the master seed and the round (``final-schedule``),
so a final that is resumed plans the same rounds, and the plan reveals nothing before the
master seed is revealed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

CANDIDATES = 32
"""Finalists weighed for each next place of a round's order: enough to keep every pair's
meetings near the mean (bench/scale.py plans a round of 1,000 finalists in about 0.1 s)."""

Pair = tuple[int, int]


def _pair(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def _pairs(table: Sequence[int]) -> list[Pair]:
    return [_pair(a, b) for i, a in enumerate(table) for b in table[i + 1 :] if a != b]


def plan_round(
    field: Sequence[int], players: int, rng: random.Random, met: Counter[Pair]
) -> list[list[int]]:
    """One round's tables (entrant ids, seat order), the round's order built greedily: each
    next place goes to the finalist, among ``CANDIDATES`` drawn, who has met the ones just
    before it least. ``met`` is updated with the round's meetings."""
    if len(field) < players:
        raise ValueError(f"a final needs at least {players} finalists, not {len(field)}")
    left = list(field)
    rng.shuffle(left)
    order = [left.pop()]
    while left:
        behind = order[-(players - 1) :]
        drawn = (
            range(len(left))
            if len(left) <= CANDIDATES
            else rng.sample(range(len(left)), CANDIDATES)
        )
        pick = min(drawn, key=lambda i: sum(met[_pair(left[i], b)] for b in behind))
        order.append(left[pick])
        left[pick] = left[-1]
        left.pop()
    count = len(order)
    tables = (
        [order]
        if count == players
        else [[order[(i + k) % count] for k in range(players)] for i in range(count)]
    )
    for table in tables:
        met.update(_pairs(table))
    return tables


def meetings(tables: Sequence[Sequence[int]]) -> Counter[Pair]:
    """How often each pair met in the tables planned so far (a resumed final's ``met``)."""
    met: Counter[Pair] = Counter()
    for table in tables:
        met.update(_pairs(table))
    return met
