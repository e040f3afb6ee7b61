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
from statistics import NormalDist
from typing import Any

from referee.games.match_types import GameOutcome

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
    effective: float = 0.0
    """The number of games the interval stands for (more than played when pairing removed
    luck; head_to_head)."""

    @property
    def los(self) -> float:
        """Likelihood of superiority: how likely ``a`` is the stronger of the two, the figure
        cutechess-cli and fastchess users read first. As theirs, the score's distance from an
        even match in units of its spread under an even match: Φ((W − L) / √(W + L)) for
        single games without draws, here with the effective number of games of the interval
        (so pairing that removed luck counts, and 10 of 10 is 99.9 %, not certainty)."""
        games = self.effective or float(self.games)
        if games <= 0:
            return 0.5
        return NormalDist().cdf((self.score - 0.5) * 2 * math.sqrt(games))

    def to_json(self) -> dict[str, Any]:
        """Infinite Elo values (a perfect score) are ``null``: JSON has no infinity."""
        data: dict[str, Any] = {
            "bots": [self.a, self.b],
            "games": self.games,
            "win_rate": self.score,
            "win_rate_95": [self.low, self.high],
            "elo": _finite(self.elo),
            "elo_95": [_finite(self.elo_low), _finite(self.elo_high)],
            "los": self.los,
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
        effective=effective,
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


@dataclass(frozen=True)
class Pentanomial:
    """Bot ``a`` against bot ``b`` over duplicate pairs (one seed, seats swapped), as fastchess
    reports it: the pair, not the game, is the sample, so the luck of a deal both bots played
    from both seats cancels inside it.

    ``counts[k]`` is the number of pairs in which ``a`` took ``k / 2`` of the pair's two points
    (0, 0.5, 1, 1.5, 2). This arena's rules rank every seat, so a game has no draw and only
    the even counts occur; the half points are kept so the numbers read as fastchess's do.
    The trinomial figures treat the same games as independent (win/draw/loss per game); how
    much narrower the pentanomial interval is, is what pairing bought."""

    counts: tuple[int, int, int, int, int]
    score: float
    low: float
    high: float
    elo: float
    elo_low: float
    elo_high: float
    stderr: float
    stderr_trinomial: float
    trinomial_low: float
    trinomial_high: float
    a: int = 0
    b: int = 1

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    @property
    def narrower(self) -> float | None:
        """How much narrower the pentanomial interval is than the trinomial one (0.3: 30 %
        narrower; negative: wider, as when the two games of a pair mostly go the same way).
        None when either shows no spread (a sweep, a single pair): no width to compare."""
        if self.stderr <= 0 or self.stderr_trinomial <= 0:
            return None
        return 1.0 - self.stderr / self.stderr_trinomial

    def to_json(self) -> dict[str, Any]:
        return {
            "bots": [self.a, self.b],
            "pairs": self.pairs,
            "counts": list(self.counts),
            "score": self.score,
            "score_95": [self.low, self.high],
            "elo": _finite(self.elo),
            "elo_95": [_finite(self.elo_low), _finite(self.elo_high)],
            "stderr": self.stderr,
            "trinomial": {
                "stderr": self.stderr_trinomial,
                "score_95": [self.trinomial_low, self.trinomial_high],
                "elo_95": [
                    _finite(elo_from_score(self.trinomial_low)),
                    _finite(elo_from_score(self.trinomial_high)),
                ],
            },
            "narrower": self.narrower,
        }


def duplicate_pairs(outcomes: Sequence[GameOutcome], a: int = 0, b: int = 1) -> list[float]:
    """Bot ``a``'s points (0 to 2) in every complete duplicate pair with ``b``: the two games
    of one group, one with each seating; a group cut short (an interrupted match, a stopped
    SPRT) or of another size is no pair and is left out."""
    groups: dict[int, list[GameOutcome]] = defaultdict(list)
    for outcome in outcomes:
        if len(outcome.plan.seating) == 2 and {a, b} == set(outcome.plan.seating):
            groups[outcome.plan.group].append(outcome)
    points = []
    for games in groups.values():
        if len(games) == 2 and games[0].plan.seating != games[1].plan.seating:
            points.append(sum(_ahead(o, a, b) for o in games))
    return points


def _interval(score: float, stderr: float, samples: int) -> tuple[float, float]:
    """``score`` ± 1.96 standard errors, within [0, 1]. When the samples show no spread at all
    (every pair alike, a clean sweep included) there is none to learn from: the Wilson
    interval over the samples is used instead, so a sweep never claims certainty."""
    if stderr <= 0:
        return wilson(score * samples, samples)
    return max(0.0, score - Z95 * stderr), min(1.0, score + Z95 * stderr)


def pentanomial(outcomes: Sequence[GameOutcome], a: int = 0, b: int = 1) -> Pentanomial | None:
    """Pentanomial statistics of ``a`` against ``b`` (fastchess): the score is the mean pair
    score (points / 2), its variance that of the pairs' scores, the standard error
    sqrt(variance / pairs); Elo and its 95 % interval follow from the score's. ``None``
    without a single complete pair."""
    points = duplicate_pairs(outcomes, a, b)
    if not points:
        return None
    counts = [0] * 5
    for value in points:
        counts[round(2 * value)] += 1
    pairs = len(points)
    scores = [value / 2 for value in points]
    score = sum(scores) / pairs
    variance = sum((s - score) ** 2 for s in scores) / pairs
    stderr = math.sqrt(variance / pairs)
    low, high = _interval(score, stderr, pairs)
    # The same games as independent trials: per-game win/draw/loss.
    games = [g for v in points for g in _split(v)]
    game_variance = sum((g - score) ** 2 for g in games) / len(games)
    stderr_tri = math.sqrt(game_variance / len(games))
    tri_low, tri_high = _interval(score, stderr_tri, len(games))
    return Pentanomial(
        counts=(counts[0], counts[1], counts[2], counts[3], counts[4]),
        score=score,
        low=low,
        high=high,
        elo=elo_from_score(score),
        elo_low=elo_from_score(low),
        elo_high=elo_from_score(high),
        stderr=stderr,
        stderr_trinomial=stderr_tri,
        trinomial_low=tri_low,
        trinomial_high=tri_high,
        a=a,
        b=b,
    )


def _split(points: float) -> tuple[float, float]:
    """The two games' scores of a pair worth ``points``: 2 = win+win, 1.5 = win+draw,
    1 = win+loss (no draws here), 0.5 = draw+loss, 0 = loss+loss."""
    return {0.0: (0.0, 0.0), 0.5: (0.5, 0.0), 1.0: (1.0, 0.0), 1.5: (1.0, 0.5), 2.0: (1.0, 1.0)}[
        points
    ]


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
        binary = all(x in (0.0, 1.0) for x in samples)
        mean, var = _mean_var(samples)
        return self.llr_of(len(samples), binary, mean, var)

    def llr_of(self, count: int, binary: bool, mean: float, var: float) -> float:
        """``llr`` from what it depends on: how many samples, whether all are 0 or 1, their
        mean and sample variance (a running tally keeps these without the samples)."""
        if not count:
            return 0.0
        s0, s1 = score_from_elo(self.elo0), score_from_elo(self.elo1)
        if binary:
            wins = mean * count
            return wins * math.log(s1 / s0) + (count - wins) * math.log((1 - s1) / (1 - s0))
        if count < MIN_GROUPS:
            return 0.0
        var = max(var, 1e-3)
        return count * ((mean - s0) ** 2 - (mean - s1) ** 2) / (2 * var)

    def verdict(self, llr: float) -> str | None:
        """``"H1"`` (bot 0 is at least elo1 stronger), ``"H0"``, or ``None`` to play on."""
        lower, upper = self.bounds
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None

    def decide(self, samples: Sequence[float]) -> str | None:
        return self.verdict(self.llr(samples))


class SprtTally:
    """An SPRT's samples summed as the games come, for ``Sprt.decide`` after every game:
    recomputing them from every game so far made a long match quadratic (6,000 fast games
    paid 6.7 s). ``Sprt.llr_of`` needs only their count, mean and spread, kept here with
    Welford's method, whatever their order. ``group_size``: with duplicate groups, a sample
    is a whole group's mean (half a group still carries luck); 0 for single games."""

    def __init__(self, sprt: Sprt, group_size: int = 0, a: int = 0, b: int = 1) -> None:
        self.sprt = sprt
        self.group_size = group_size
        self.a, self.b = a, b
        self.open: dict[int, list[float]] = defaultdict(list)  # group -> its games' scores
        self.count = 0
        self.binary = 0  # samples that are exactly 0 or 1 (Wald's Bernoulli test applies)
        self.mean = 0.0  # Welford's running mean and sum of squared deviations
        self.squares = 0.0

    def add(self, outcome: GameOutcome) -> None:
        seating = outcome.plan.seating
        if self.a not in seating or self.b not in seating:
            return
        score = _ahead(outcome, self.a, self.b)
        if not self.group_size:
            self._sample(score)
            return
        scores = self.open[outcome.plan.group]
        scores.append(score)
        if len(scores) == self.group_size:
            del self.open[outcome.plan.group]
            self._sample(sum(scores) / len(scores))

    def _sample(self, x: float) -> None:
        self.count += 1
        self.binary += x in (0.0, 1.0)
        delta = x - self.mean
        self.mean += delta / self.count
        self.squares += delta * (x - self.mean)

    def llr(self) -> float:
        n = self.count
        var = self.squares / (n - 1) if n > 1 else 0.0
        return self.sprt.llr_of(n, self.binary == n, self.mean, var)

    def decide(self) -> str | None:
        """As ``Sprt.decide`` on the samples so far."""
        return self.sprt.verdict(self.llr())


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
