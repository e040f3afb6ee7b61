"""One ranking of every bot of a tournament, fitted to all its games at once: Plackett–Luce.

Why this model: a game of Thousand ends in a full order of its seats, and Plackett–Luce is the
model of exactly that (the winner is drawn with probability proportional to its strength among
all seats, the second among those left, and so on); for two seats it is Bradley–Terry, i.e.
the logistic Elo model, so its ratings read on the Elo scale. It is fitted by maximum
likelihood over every game together, so the result does not depend on the order the games
were played in (openskill, an online update, does; and its sigma is a belief, not a
confidence interval). The fit is Hunter's MM algorithm (Hunter 2004, "MM algorithms for
generalized Bradley–Terry models"), which raises the likelihood at every step and needs no step
size; the standard errors come from the observed information (the negative Hessian of the log
likelihood) at the optimum.

A bot that won (or lost) every stage it played has no finite maximum likelihood strength, so
every bot also plays one virtual game won and one lost against a reference of strength 1: a
weak prior (two games' worth) that keeps every rating finite and moves the others by little
once there are a few dozen real games.

The games are taken as independent; in duplicate groups they share their luck, so the error
bars are those of as many independent games — an approximation (docs/tournament.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

ELO_PER_NATURAL = 400.0 / math.log(10.0)
"""A log-strength difference of 1 is this many Elo points (Bradley–Terry = logistic Elo)."""
Z95 = 1.959963984540054
TOLERANCE = 1e-10
MAX_ITERATIONS = 20_000


@dataclass(frozen=True)
class Rating:
    """A bot's fitted strength on the Elo scale, centred so that the bots' mean is 0."""

    bot: int
    elo: float
    stderr: float

    @property
    def interval(self) -> tuple[float, float]:
        return self.elo - Z95 * self.stderr, self.elo + Z95 * self.stderr


def fit(bots: int, rankings: Sequence[Sequence[int]]) -> list[Rating]:
    """Ratings of bots ``0..bots-1`` from game rankings (each lists bot numbers, best first)."""
    if bots <= 0:
        return []
    strength = [1.0] * bots
    wins = [1.0] * bots  # the prior's virtual win
    for ranking in rankings:
        for bot in ranking[:-1]:
            wins[bot] += 1.0
    for _ in range(MAX_ITERATIONS):
        denominators = [2.0 / (s + 1.0) for s in strength]  # the prior's two virtual games
        for ranking in rankings:
            remaining = sum(strength[bot] for bot in ranking)
            share = 0.0
            # Stage j chooses ranking[j] from ranking[j:]; every bot still in takes 1/total.
            for bot in ranking[:-1]:
                share += 1.0 / remaining
                denominators[bot] += share
                remaining -= strength[bot]
            denominators[ranking[-1]] += share
        updated = [w / d for w, d in zip(wins, denominators, strict=True)]
        change = max(abs(math.log(u / s)) for u, s in zip(updated, strength, strict=True))
        strength = updated
        if change < TOLERANCE:
            break
    theta = [math.log(s) for s in strength]
    covariance = _invert(_information(strength, rankings))
    mean = sum(theta) / bots
    ratings = []
    for bot in range(bots):
        # Variance of theta_bot - mean(theta): e_bot - 1/n, through the covariance.
        weights = [(1.0 if k == bot else 0.0) - 1.0 / bots for k in range(bots)]
        variance = sum(
            weights[i] * covariance[i][j] * weights[j] for i in range(bots) for j in range(bots)
        )
        ratings.append(
            Rating(
                bot,
                ELO_PER_NATURAL * (theta[bot] - mean),
                ELO_PER_NATURAL * math.sqrt(max(variance, 0.0)),
            )
        )
    return ratings


def _information(strength: list[float], rankings: Sequence[Sequence[int]]) -> list[list[float]]:
    """The observed information in log strengths: at every stage with the bots ``S`` still in
    and choice probabilities ``p``, ``diag(p) - p pᵀ`` over ``S``; the prior's two games
    against the reference add ``2 p (1 - p)`` to each diagonal entry."""
    bots = len(strength)
    info = [[0.0] * bots for _ in range(bots)]
    for bot, s in enumerate(strength):
        p = s / (s + 1.0)
        info[bot][bot] += 2.0 * p * (1.0 - p)
    for ranking in rankings:
        for place in range(len(ranking) - 1):
            still = ranking[place:]
            total = sum(strength[bot] for bot in still)
            probabilities = [(bot, strength[bot] / total) for bot in still]
            for i, pi in probabilities:
                info[i][i] += pi
                for j, pj in probabilities:
                    info[i][j] -= pi * pj
    return info


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan with partial pivoting; the prior makes the information positive definite."""
    size = len(matrix)
    work = [row[:] + [1.0 if i == j else 0.0 for j in range(size)] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(work[r][column]))
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column]
        if lead == 0.0:
            raise ArithmeticError("singular information matrix")
        work[column] = [value / lead for value in work[column]]
        for row in range(size):
            if row != column and work[row][column] != 0.0:
                factor = work[row][column]
                work[row] = [a - factor * b for a, b in zip(work[row], work[column], strict=True)]
    return [row[size:] for row in work]
