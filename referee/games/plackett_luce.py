"""One ranking of every bot of a tournament, fitted to all its games at once: Plackett–Luce.

Why this model: a game of Thousand ends in a full order of its seats, and Plackett–Luce is the
model of exactly that (the winner is drawn with probability proportional to its strength among
all seats, the second among those left, and so on); for two seats it is Bradley–Terry, i.e.
the logistic Elo model, so its ratings read on the Elo scale. It is fitted by maximum
likelihood over every game together, so the result does not depend on the order the games
were played in (openskill, an online update, does; and its sigma is a belief, not a
confidence interval). The fit is Hunter's MM algorithm (Hunter 2004, "MM algorithms for
generalized Bradley–Terry models"), which raises the likelihood at every step and needs no step
size, finished by Newton's method (MM alone converges only linearly: a minute for a few
thousand games); the standard errors come from the observed information (the negative Hessian
of the log likelihood) at the optimum.

A bot that won (or lost) every stage it played has no finite maximum likelihood strength, so
every bot also plays one virtual game won and one lost against a reference of strength 1: a
weak prior (two games' worth) that keeps every rating finite and moves the others by little
once there are a few dozen real games.

The games are taken as independent; in duplicate groups they share their luck, so the error
bars are those of as many independent games — an approximation (docs/tournament.md).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

ELO_PER_NATURAL = 400.0 / math.log(10.0)
"""A log-strength difference of 1 is this many Elo points (Bradley–Terry = logistic Elo)."""
Z95 = 1.959963984540054
TOLERANCE = 1e-10
MM_TOLERANCE = 1e-6
MM_ITERATIONS = 500
NEWTON_ITERATIONS = 50


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
    # Equal rankings are one term of the likelihood with a weight: a tournament has few
    # distinct ones (tables x orders), however many games it played.
    counted = list(Counter(tuple(r) for r in rankings if len(r) > 1).items())
    strength = _mm(bots, counted)
    theta = _newton([math.log(s) for s in strength], counted)
    strength = [math.exp(t) for t in theta]
    covariance = _invert(_information(strength, counted))
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


Counted = list[tuple[tuple[int, ...], int]]


def _mm(bots: int, counted: Counted) -> list[float]:
    """Hunter's MM iterations: each raises the likelihood, from any start, without a step
    size; they converge linearly, so they bring the strengths near the optimum and Newton's
    method finishes (``_newton``)."""
    strength = [1.0] * bots
    wins = [1.0] * bots  # the prior's virtual win
    for ranking, times in counted:
        for bot in ranking[:-1]:
            wins[bot] += times
    for _ in range(MM_ITERATIONS):
        denominators = [2.0 / (s + 1.0) for s in strength]  # the prior's two virtual games
        for ranking, times in counted:
            remaining = sum(strength[bot] for bot in ranking)
            share = 0.0
            # Stage j chooses ranking[j] from ranking[j:]; every bot still in takes 1/total.
            for bot in ranking[:-1]:
                share += times / remaining
                denominators[bot] += share
                remaining -= strength[bot]
            denominators[ranking[-1]] += share
        updated = [w / d for w, d in zip(wins, denominators, strict=True)]
        change = max(abs(math.log(u / s)) for u, s in zip(updated, strength, strict=True))
        strength = updated
        if change < MM_TOLERANCE:
            break
    return strength


def _log_likelihood(theta: list[float], counted: Counted) -> float:
    total = sum(t - 2.0 * math.log1p(math.exp(t)) for t in theta)  # the prior's two games
    for ranking, times in counted:
        for place in range(len(ranking) - 1):
            total += times * (
                theta[ranking[place]] - _log_sum_exp([theta[b] for b in ranking[place:]])
            )
    return total


def _log_sum_exp(values: list[float]) -> float:
    top = max(values)
    return top + math.log(sum(math.exp(v - top) for v in values))


def _gradient(theta: list[float], counted: Counted) -> list[float]:
    gradient = [1.0 - 2.0 / (1.0 + math.exp(-t)) for t in theta]
    for ranking, times in counted:
        for place in range(len(ranking) - 1):
            still = ranking[place:]
            weights = [math.exp(theta[b]) for b in still]
            total = sum(weights)
            gradient[ranking[place]] += times
            for bot, weight in zip(still, weights, strict=True):
                gradient[bot] -= times * weight / total
    return gradient


def _newton(theta: list[float], counted: Counted) -> list[float]:
    """Newton's method on the (strictly concave) log likelihood, halving a step that would
    lower it: quadratic convergence from where MM left off."""
    current = _log_likelihood(theta, counted)
    for _ in range(NEWTON_ITERATIONS):
        covariance = _invert(_information([math.exp(t) for t in theta], counted))
        gradient = _gradient(theta, counted)
        step = [sum(row[j] * gradient[j] for j in range(len(theta))) for row in covariance]
        scale = 1.0
        while True:
            trial = [t + scale * d for t, d in zip(theta, step, strict=True)]
            value = _log_likelihood(trial, counted)
            if value >= current - 1e-12:
                break
            scale /= 2
            if scale < 1e-6:  # no step raises it: this is the optimum, to rounding
                return theta
        theta, current = trial, value
        if max(abs(scale * d) for d in step) < TOLERANCE:
            break
    return theta


def _information(strength: list[float], counted: Counted) -> list[list[float]]:
    """The observed information in log strengths: at every stage with the bots ``S`` still in
    and choice probabilities ``p``, ``diag(p) - p pᵀ`` over ``S``; the prior's two games
    against the reference add ``2 p (1 - p)`` to each diagonal entry."""
    bots = len(strength)
    info = [[0.0] * bots for _ in range(bots)]
    for bot, s in enumerate(strength):
        p = s / (s + 1.0)
        info[bot][bot] += 2.0 * p * (1.0 - p)
    for ranking, times in counted:
        for place in range(len(ranking) - 1):
            still = ranking[place:]
            total = sum(strength[bot] for bot in still)
            probabilities = [(bot, strength[bot] / total) for bot in still]
            for i, pi in probabilities:
                info[i][i] += times * pi
                for j, pj in probabilities:
                    info[i][j] -= times * pi * pj
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
