"""Ratings: OpenSkill's Plackett–Luce model, one update per match.

A match is a duplicate group (the same deal or throw sequence in every seating), so it is one
measurement of skill: the entrants are ranked by their mean place over its games (equal means
tie) and the model is updated once. Standings rank by the conservative estimate μ − 3σ, as
Halite did: a new entrant starts at 0 and climbs as its uncertainty shrinks.

Parameters are openskill's defaults (μ₀ = 25, σ₀ = 25/3, β = 25/6, τ = 25/300), written out here
so that a rerate years later uses the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def conservative(self) -> float:
        return self.mu - 3.0 * self.sigma


def update(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """New ratings after one match; ``ranks`` are 1-based, equal ranks tie."""
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = _MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Rating(team[0].mu, team[0].sigma) for team in rated]


def ranks_from_means(means: Sequence[float]) -> list[int]:
    """Competition ranks (1, 2, 2, 4) from mean places, lower is better."""
    return [1 + sum(other < mine for other in means) for mine in means]
