"""Who plays next.

The policy, in order:
1. The first seat goes to the entrant the ladder knows least about: priority σ² / (1 + matches)
   — new and uncertain entrants play first — scaled down by the entrant's fault rate
   (a bot that faults in every game keeps playing, but seldom).
2. The other seats go to entrants of similar rating: each candidate is weighted by
   exp(−|μ − μ₀| / β·2), so close matches (the informative ones) are likely but every pairing
   remains possible.
3. Seats are rotated and the deal is duplicated inside the match (the match plays one chance
   seed in every seating), so that a match measures skill rather than the deal.
Draws come from a generator seeded by the match number, so a schedule can be replayed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from referee.ladder.ratings import BETA
from referee.ladder.store import Entrant

FAULT_DAMPING = 0.9


def priority(entrant: Entrant) -> float:
    return (entrant.sigma**2 / (1 + entrant.matches)) * (1 - FAULT_DAMPING * entrant.fault_rate)


def choose(
    field: Sequence[Entrant], players: int, rng: random.Random, *, uniform: bool = False
) -> list[Entrant]:
    """``players`` distinct entrants for the next match (``uniform``: plain random pairing,
    the baseline the benchmark compares against)."""
    if len(field) < players:
        raise ValueError(f"the ladder needs at least {players} enabled entrants")
    if uniform:
        return rng.sample(list(field), players)
    weights = [priority(e) for e in field]
    anchor = rng.choices(list(field), weights=[w + 1e-9 for w in weights])[0]
    chosen = [anchor]
    rest = [e for e in field if e.id != anchor.id]
    while len(chosen) < players:
        closeness = [
            math.exp(-abs(e.mu - anchor.mu) / (2 * BETA)) * (1 - FAULT_DAMPING * e.fault_rate)
            + 1e-6
            for e in rest
        ]
        pick = rng.choices(rest, weights=closeness)[0]
        chosen.append(pick)
        rest = [e for e in rest if e.id != pick.id]
    rng.shuffle(chosen)
    return chosen
