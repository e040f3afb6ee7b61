"""Match statistics: per-bot tables, win rate and Elo with error bars, paired duplicate groups,
and the sequential probability ratio test that stops a match once it has decided.

Paired statistics: under ``--rotate`` every group of games shares one chance seed, so the mean
score of a bot over its group is one sample whose luck has largely cancelled; its spread is
smaller than that of single games, which is what narrows the error bars.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.games.match import GameOutcome

Z95 = 1.959963984540054


@dataclass
class BotStats:
    index: int
    name: str
    games: int = 0
    wins: int = 0
    place_sum: int = 0
    score_sum: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    fault_games: int = 0
    moves: int = 0
    wall_sum: float = 0.0
    wall_max: float = 0.0
    cpu_sum: float = 0.0
    cpu_max: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.index,
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "mean_place": self.place_sum / self.games if self.games else None,
            "mean_score": self.score_sum / self.games if self.games else None,
            "faults": dict(self.faults),
            "fault_games": self.fault_games,
            "moves": self.moves,
            "think_ms": {
                "mean_wall": 1000 * self.wall_sum / self.moves if self.moves else None,
                "max_wall": 1000 * self.wall_max,
                "mean_cpu": 1000 * self.cpu_sum / self.moves if self.moves else None,
                "max_cpu": 1000 * self.cpu_max,
            },
        }


def bot_table(outcomes: Sequence[GameOutcome], names: Sequence[str]) -> list[BotStats]:
    stats = [BotStats(i, name) for i, name in enumerate(names)]
    for outcome in outcomes:
        faulted_bots = {f.bot for f in outcome.faults}
        for bot in outcome.plan.seating:
            entry = stats[bot]
            entry.games += 1
            place = outcome.place_of(bot)
            entry.place_sum += place
            entry.wins += place == 1
            entry.score_sum += outcome.score_of(bot)
            entry.fault_games += bot in faulted_bots
            think = outcome.think.get(bot)
            if think is not None:
                entry.moves += think.moves
                entry.wall_sum += think.wall_sum
                entry.cpu_sum += think.cpu_sum
                entry.wall_max = max(entry.wall_max, think.wall_max)
                entry.cpu_max = max(entry.cpu_max, think.cpu_max)
        for fault in outcome.faults:
            stats[fault.bot].faults[fault.kind] += 1
    return stats


def elo_from_score(score: float) -> float:
    """The Elo difference a score implies; a perfect score implies an unbounded one
    (``inf``/``-inf``), which is what 10 wins out of 10 honestly say."""
    if score >= 1.0:
        return math.inf
    if score <= 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion: unlike the normal approximation it does not
    shrink to nothing at 0 or 1 (10 wins of 10 give about 72%-100%, not 100%-100%).
    ``trials`` may be an effective (non-integer) sample size."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    low = 0.0 if p <= 0.0 else max(0.0, centre - half)
    high = 1.0 if p >= 1.0 else min(1.0, centre + half)
    return low, high


def _mean_var(samples: Sequence[float]) -> tuple[float, float]:
    n = len(samples)
    mean = sum(samples) / n
    var = sum((x - mean) ** 2 for x in samples) / (n - 1) if n > 1 else 0.0
    return mean, var


def _ahead(outcome: GameOutcome, a: int, b: int) -> float:
    return 1.0 if outcome.place_of(a) < outcome.place_of(b) else 0.0


def head_to_head_samples(
    outcomes: Sequence[GameOutcome], paired: bool, a: int = 0, b: int = 1
) -> list[float]:
    """Bot ``a``'s score against bot ``b`` (1 when ranked ahead of it, else 0), per game or,
    ``paired``, as the mean of each duplicate group; games without both bots are skipped."""
    both = [o for o in outcomes if a in o.plan.seating and b in o.plan.seating]
    if not paired:
        return [_ahead(o, a, b) for o in both]
    groups: dict[int, list[float]] = defaultdict(list)
    for outcome in both:
        groups[outcome.plan.group].append(_ahead(outcome, a, b))
    return [sum(g) / len(g) for g in groups.values()]


@dataclass(frozen=True)
class HeadToHead:
    games: int
    score: float
    low: float
    high: float
    elo: float
    elo_low: float
    elo_high: float
    stderr: float
    stderr_unpaired: float
    paired: bool
    a: int = 0
    b: int = 1

    def to_json(self) -> dict[str, Any]:
        """Infinite Elo values (a perfect score) are ``null``: JSON has no infinity."""
        data: dict[str, Any] = {
            "bots": [self.a, self.b],
            "games": self.games,
            "win_rate": self.score,
            "win_rate_95": [self.low, self.high],
            "elo": _finite(self.elo),
            "elo_95": [_finite(self.elo_low), _finite(self.elo_high)],
            "paired": self.paired,
            "stderr": self.stderr,
            "stderr_unpaired": self.stderr_unpaired,
        }
        if self.paired and self.stderr_unpaired > 0:
            data["error_bar_ratio"] = self.stderr / self.stderr_unpaired
        return data


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def head_to_head(
    outcomes: Sequence[GameOutcome], paired: bool, a: int = 0, b: int = 1
) -> HeadToHead | None:
    """How often bot ``a`` finished ahead of bot ``b``, with a 95% Wilson interval, and the Elo
    difference it implies.

    With ``paired`` (duplicate groups) the interval is a Wilson interval over the effective
    number of games that the groups' spread stands for (p(1-p)/stderr²): pairing that removed
    luck counts as more games. At a perfect score, or when the groups show no spread, there is
    no spread to learn from and the plain number of games is used, so 10 of 10 never claims
    certainty."""
    unpaired = head_to_head_samples(outcomes, False, a, b)
    if not unpaired:
        return None
    mean, var_unpaired = _mean_var(unpaired)
    stderr_unpaired = math.sqrt(var_unpaired / len(unpaired)) if len(unpaired) > 1 else 0.0
    effective = float(len(unpaired))
    if paired:
        samples = head_to_head_samples(outcomes, True, a, b)
        _, var = _mean_var(samples)
        stderr = math.sqrt(var / len(samples)) if len(samples) > 1 else 0.0
        if stderr > 0 and 0.0 < mean < 1.0:
            effective = mean * (1 - mean) / (stderr * stderr)
    else:
        stderr = stderr_unpaired
    low, high = wilson(mean * effective, effective)
    return HeadToHead(
        games=len(unpaired),
        score=mean,
        low=low,
        high=high,
        elo=elo_from_score(mean),
        elo_low=elo_from_score(low),
        elo_high=elo_from_score(high),
        stderr=stderr,
        stderr_unpaired=stderr_unpaired,
        paired=paired,
        a=a,
        b=b,
    )


def pairwise(outcomes: Sequence[GameOutcome], bots: int, paired: bool) -> list[HeadToHead]:
    """Every pair of bots, ``a`` against ``b`` for ``a < b``: who finished ahead of whom in the
    games both played (the head-to-head table of a match of three or more)."""
    table = []
    for a in range(bots):
        for b in range(a + 1, bots):
            h2h = head_to_head(outcomes, paired, a, b)
            if h2h is not None:
                table.append(h2h)
    return table


MIN_GROUPS = 8


@dataclass(frozen=True)
class Sprt:
    """Sequential test of H0: Elo = elo0 against H1: Elo = elo1 (bot 0 against bot 1)."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, samples: Sequence[float]) -> float:
        """Log-likelihood ratio of H1 over H0.

        Single games (every sample 0 or 1) are Bernoulli trials: Wald's exact SPRT, which
        keeps the error rates at alpha and beta. Duplicate groups (means of several games) use
        the normal approximation fishtest uses (GSPRT) with the sample variance; it needs
        ``MIN_GROUPS`` samples before it may decide, so a short streak cannot.
        """
        if not samples:
            return 0.0
        s0, s1 = score_from_elo(self.elo0), score_from_elo(self.elo1)
        if all(x in (0.0, 1.0) for x in samples):
            wins = sum(samples)
            losses = len(samples) - wins
            return wins * math.log(s1 / s0) + losses * math.log((1 - s1) / (1 - s0))
        if len(samples) < MIN_GROUPS:
            return 0.0
        mean, var = _mean_var(samples)
        var = max(var, 1e-3)
        return len(samples) * ((mean - s0) ** 2 - (mean - s1) ** 2) / (2 * var)

    def decide(self, samples: Sequence[float]) -> str | None:
        """``"H1"`` (bot 0 is at least elo1 stronger), ``"H0"``, or ``None`` to play on."""
        value = self.llr(samples)
        lower, upper = self.bounds
        if value >= upper:
            return "H1"
        if value <= lower:
            return "H0"
        return None


def parse_sprt(text: str) -> Sprt:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (2, 4):
        raise ValueError("--sprt takes ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA")
    try:
        values = [float(p) for p in parts]
    except ValueError:
        raise ValueError(f"--sprt values must be numbers, got {text!r}") from None
    sprt = Sprt(*values)
    if sprt.elo1 <= sprt.elo0:
        raise ValueError("--sprt needs ELO0 < ELO1")
    if not all(math.isfinite(v) for v in values):
        raise ValueError("--sprt values must be finite numbers")
    if not (0 < sprt.alpha < 0.5 and 0 < sprt.beta < 0.5):
        raise ValueError("--sprt ALPHA and BETA must lie between 0 and 0.5")
    return sprt
