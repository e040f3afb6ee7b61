"""One ranking of every bot of a tournament (or finalist of a contest), fitted to all its games
at once: Plackett–Luce.

Why this model: a game of Thousand ends in a full order of its seats, and Plackett–Luce is the
model of exactly that (the winner is drawn with probability proportional to its strength among
all seats, the second among those left, and so on); for two seats it is Bradley–Terry, i.e.
the logistic Elo model, so its ratings read on the Elo scale. It is fitted by maximum
likelihood over every game together, so the result does not depend on the order the games
were played in (openskill, an online update, does; and its sigma is a belief, not a
confidence interval). The standard errors come from the observed information (the negative
Hessian of the log likelihood) at the optimum.

The fit is Newton's method from equal strengths, halving any step that would lower the
likelihood (the log likelihood is strictly concave, so it converges, quadratically near the
optimum), with the linear algebra in numpy. A contest's final of 1,000 finalists and 24,000
games is fitted in seconds this way; the pure-Python Gauss–Jordan of before took about ten
seconds for 200 (an O(n³) inversion in the interpreter) and would have taken most of an hour
(bench/scale.py has the figures). The results are the same to 1e-12 (checked when it changed).

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

import numpy as np
import numpy.typing as npt

ELO_PER_NATURAL = 400.0 / math.log(10.0)
"""A log-strength difference of 1 is this many Elo points (Bradley–Terry = logistic Elo)."""
Z95 = 1.959963984540054
TOLERANCE = 1e-10
NEWTON_ITERATIONS = 100

Vector = npt.NDArray[np.float64]
Matrix = npt.NDArray[np.float64]
Orders = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Rating:
    """A bot's fitted strength on the Elo scale, centred so that the bots' mean is 0."""

    bot: int
    elo: float
    stderr: float

    @property
    def interval(self) -> tuple[float, float]:
        return self.elo - Z95 * self.stderr, self.elo + Z95 * self.stderr


Stages = list[tuple[Orders, Vector]]
"""The distinct rankings, grouped by length: each group's orders (one row a ranking, best
first) and how many games ended in each. A tournament or a final has few distinct rankings
beside its games, and equal ones are one term of the likelihood with a weight."""


def _stages(rankings: Sequence[Sequence[int]]) -> Stages:
    counted = Counter(tuple(r) for r in rankings if len(r) > 1)
    groups: dict[int, list[tuple[tuple[int, ...], int]]] = {}
    for ranking, times in counted.items():
        groups.setdefault(len(ranking), []).append((ranking, times))
    return [
        (
            np.array([r for r, _ in items], dtype=np.int64),
            np.array([t for _, t in items], dtype=np.float64),
        )
        for items in groups.values()
    ]


def _terms(theta: Vector, stages: Stages) -> tuple[float, Vector, Matrix]:
    """The log likelihood at log strengths ``theta``, its gradient, and the observed
    information: at every stage with the bots ``S`` still in and choice probabilities ``p``,
    ``diag(p) - p pᵀ`` over ``S``; the prior's two games against the reference add
    ``2 p (1 - p)`` to each diagonal entry."""
    bots = theta.size
    prior = 1.0 / (1.0 + np.exp(-theta))
    value = float(np.sum(theta - 2.0 * np.logaddexp(0.0, theta)))
    gradient = 1.0 - 2.0 * prior
    flat = np.zeros(bots * bots)
    flat[:: bots + 1] = 2.0 * prior * (1.0 - prior)
    for orders, weight in stages:
        logs = theta[orders]
        for place in range(orders.shape[1] - 1):
            # Stage ``place`` chooses orders[:, place] from orders[:, place:].
            still, left = orders[:, place:], logs[:, place:]
            top = left.max(axis=1, keepdims=True)
            exps = np.exp(left - top)
            total = exps.sum(axis=1, keepdims=True)
            chance = exps / total
            value += float(np.sum(weight * (logs[:, place] - top[:, 0] - np.log(total[:, 0]))))
            weighted = weight[:, None] * chance
            gradient += np.bincount(orders[:, place], weight, minlength=bots)
            gradient -= np.bincount(still.ravel(), weighted.ravel(), minlength=bots)
            flat += np.bincount((still * (bots + 1)).ravel(), weighted.ravel(), minlength=flat.size)
            pairs = still[:, :, None] * bots + still[:, None, :]
            outer = weighted[:, :, None] * chance[:, None, :]
            flat -= np.bincount(pairs.ravel(), outer.ravel(), minlength=flat.size)
    return value, gradient, flat.reshape(bots, bots)


def fit(bots: int, rankings: Sequence[Sequence[int]]) -> list[Rating]:
    """Ratings of bots ``0..bots-1`` from game rankings (each lists bot numbers, best first)."""
    if bots <= 0:
        return []
    stages = _stages(rankings)
    theta = np.zeros(bots)
    value, gradient, information = _terms(theta, stages)
    for _ in range(NEWTON_ITERATIONS):
        step = np.linalg.solve(information, gradient)
        scale = 1.0
        while True:
            trial = theta + scale * step
            terms = _terms(trial, stages)
            if terms[0] >= value - 1e-12:
                break
            scale /= 2
            if scale < 1e-6:  # no step raises it: this is the optimum, to rounding
                trial, terms = theta, (value, gradient, information)
                break
        moved = float(np.max(np.abs(trial - theta)))
        theta, (value, gradient, information) = trial, terms
        if moved < TOLERANCE:
            break
    covariance = np.linalg.inv(information)
    # Variance of theta_bot - mean(theta): (e_bot - 1/n)ᵀ C (e_bot - 1/n).
    variance = np.diag(covariance) - 2.0 * covariance.mean(axis=1) + float(covariance.mean())
    mean = float(theta.mean())
    return [
        Rating(
            bot,
            ELO_PER_NATURAL * (float(theta[bot]) - mean),
            ELO_PER_NATURAL * math.sqrt(max(float(variance[bot]), 0.0)),
        )
        for bot in range(bots)
    ]
