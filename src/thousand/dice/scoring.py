"""Scoring one throw: the best partition of that throw alone into combinations.

Every throw of 1..5 dice has only 462 distinct multisets, so a scoring table is computed once
per table of points and then read with one dict lookup keyed by the sorted throw.  That keeps
the state machine's hot path free of any search, and gives bots the same answers for free.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from thousand.dice.rules import DiceRules

DICE: Final = 5
FACES: Final = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True, slots=True)
class Combination:
    """One scoring combination of a throw: its name, the dice it uses and its points."""

    name: str
    dice: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True)
class ThrowScore:
    """The best reading of one throw.

    ``scoring`` are the dice that take part in the best partition (sorted); an empty tuple is a
    "zero" throw that burns the turn.  ``points`` may be 0 while ``scoring`` is not empty: the
    double on two dice scores no points but its dice still count as scoring.
    """

    points: int
    scoring: tuple[int, ...]
    combinations: tuple[Combination, ...]

    @property
    def zero(self) -> bool:
        return not self.scoring


@dataclass(frozen=True, slots=True)
class ScoringKey:
    """The part of the rules that decides how a throw scores (the cache key of a table)."""

    single_one: int = 10
    single_five: int = 5
    three_kind_factor: int = 10
    three_ones: int = 100
    four_kind_factor: int = 20
    four_ones: int = 200
    five_kind_factor: int = 100
    five_ones: int = 1000
    five_kind_flat: int | None = None
    small_straight: int | None = 125
    large_straight: int | None = 250
    double_on_two_dice: bool = False


def scoring_key(rules: DiceRules | None) -> ScoringKey:
    if rules is None:
        return ScoringKey()
    return ScoringKey(
        single_one=rules.single_one,
        single_five=rules.single_five,
        three_kind_factor=rules.three_kind_factor,
        three_ones=rules.three_ones,
        four_kind_factor=rules.four_kind_factor,
        four_ones=rules.four_ones,
        five_kind_factor=rules.five_kind_factor,
        five_ones=rules.five_ones,
        five_kind_flat=rules.five_kind_flat,
        small_straight=rules.small_straight,
        large_straight=rules.large_straight,
        double_on_two_dice=rules.double_on_two_dice,
    )


def _candidates(key: ScoringKey, thrown: int) -> tuple[Combination, ...]:
    """Every combination that may appear in a throw of ``thrown`` dice under ``key``."""
    found = [
        Combination("single_one", (1,), key.single_one),
        Combination("single_five", (5,), key.single_five),
    ]
    for face in FACES:
        ones = face == 1
        three = key.three_ones if ones else face * key.three_kind_factor
        four = key.four_ones if ones else face * key.four_kind_factor
        found.append(Combination("three_of_a_kind", (face,) * 3, three))
        found.append(Combination("four_of_a_kind", (face,) * 4, four))
        if key.five_kind_flat is not None:
            five = key.five_kind_flat
        else:
            five = key.five_ones if ones else face * key.five_kind_factor
        found.append(Combination("five_of_a_kind", (face,) * 5, five))
    if thrown == DICE:
        if key.small_straight is not None:
            found.append(Combination("small_straight", (1, 2, 3, 4, 5), key.small_straight))
        if key.large_straight is not None:
            found.append(Combination("large_straight", (2, 3, 4, 5, 6), key.large_straight))
    if thrown == 2 and key.double_on_two_dice:
        found.extend(Combination("double", (face, face), 0) for face in FACES)
    return tuple(c for c in found if len(c.dice) <= thrown)


def _counts(dice: Iterable[int]) -> tuple[int, ...]:
    counts = [0] * 7
    for die in dice:
        counts[die] += 1
    return tuple(counts)


def _minus(counts: tuple[int, ...], combo: tuple[int, ...]) -> tuple[int, ...] | None:
    left = list(counts)
    for die in combo:
        if left[die] == 0:
            return None
        left[die] -= 1
    return tuple(left)


_Best = tuple[int, int, tuple[Combination, ...]]


class ScoringTable:
    """Precomputed best partitions and keep options of every throw under one points table."""

    def __init__(self, key: ScoringKey) -> None:
        self.key = key
        self.scores: dict[tuple[int, ...], ThrowScore] = {}
        self.keeps: dict[tuple[int, ...], tuple[tuple[tuple[int, ...], int], ...]] = {}
        for thrown in range(1, DICE + 1):
            combos = _candidates(key, thrown)
            best_memo: dict[tuple[int, ...], _Best] = {}
            full_memo: dict[tuple[int, ...], _Best | None] = {}
            for throw in combinations_with_replacement(FACES, thrown):
                counts = _counts(throw)
                points, _, chosen = self._best(counts, combos, best_memo)
                scoring = tuple(sorted(d for c in chosen for d in c.dice))
                self.scores[throw] = ThrowScore(points, scoring, chosen)
                self.keeps[throw] = self._keep_options(throw, combos, full_memo)

    @staticmethod
    def _best(
        counts: tuple[int, ...], combos: tuple[Combination, ...], memo: dict[tuple[int, ...], _Best]
    ) -> _Best:
        """Most points, then most scoring dice (so a 0-point double still counts as scoring)."""
        if counts in memo:
            return memo[counts]
        best: _Best = (0, 0, ())
        for combo in combos:
            rest = _minus(counts, combo.dice)
            if rest is None:
                continue
            points, used, chosen = ScoringTable._best(rest, combos, memo)
            candidate = (points + combo.points, used + len(combo.dice), (combo, *chosen))
            if candidate[:2] > best[:2]:
                best = candidate
        memo[counts] = best
        return best

    @staticmethod
    def _full(
        counts: tuple[int, ...],
        combos: tuple[Combination, ...],
        memo: dict[tuple[int, ...], _Best | None],
    ) -> _Best | None:
        """The best partition that uses every die of ``counts``, or None if there is none."""
        if counts in memo:
            return memo[counts]
        if sum(counts) == 0:
            return (0, 0, ())
        best: _Best | None = None
        for combo in combos:
            rest = _minus(counts, combo.dice)
            if rest is None:
                continue
            sub = ScoringTable._full(rest, combos, memo)
            if sub is None:
                continue
            candidate = (sub[0] + combo.points, sub[1] + len(combo.dice), (combo, *sub[2]))
            if best is None or candidate[0] > best[0]:
                best = candidate
        memo[counts] = best
        return best

    @staticmethod
    def _keep_options(
        throw: tuple[int, ...],
        combos: tuple[Combination, ...],
        memo: dict[tuple[int, ...], _Best | None],
    ) -> tuple[tuple[tuple[int, ...], int], ...]:
        seen: set[tuple[int, ...]] = set()
        options = []
        size = len(throw)
        for mask in range(1, 1 << size):
            keep = tuple(throw[i] for i in range(size) if mask >> i & 1)
            if keep in seen:
                continue
            seen.add(keep)
            full = ScoringTable._full(_counts(keep), combos, memo)
            if full is not None:
                options.append((keep, full[0]))
        options.sort()
        return tuple(options)


@cache
def scoring_table(key: ScoringKey) -> ScoringTable:
    return ScoringTable(key)


def _table(rules: DiceRules | None) -> ScoringTable:
    return scoring_table(scoring_key(rules))


def _checked(dice: Sequence[object]) -> tuple[int, ...]:
    # object, not int: compiled, a loop over ints would take True for 1 and raise TypeError
    # on "a", where a caller is promised ValueError for every bad throw
    values = [d for d in dice if type(d) is int and 1 <= d <= 6]
    if not 1 <= len(dice) <= DICE or len(values) != len(dice):
        raise ValueError(f"a throw is 1 to 5 dice with values 1..6, not {list(dice)!r}")
    return tuple(sorted(values))


def score_throw(dice: Sequence[int], rules: DiceRules | None = None) -> ThrowScore:
    """The points and scoring dice of one throw (classic table when ``rules`` is None)."""
    return _table(rules).scores[_checked(dice)]


def keep_options(
    dice: Sequence[int], rules: DiceRules | None = None
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every legal ``keep`` of a throw under ``set_aside="choose"``: (sorted values, points).

    A keep is a non-empty sub-multiset of the throw that splits wholly into combinations; its
    points are those of its best such split.
    """
    return _table(rules).keeps[_checked(dice)]


def zero_chance(dice: int, rules: DiceRules | None = None) -> Fraction:
    """The exact probability that a throw of ``dice`` dice scores nothing."""
    if not 1 <= dice <= DICE:
        raise ValueError(f"a throw has 1 to 5 dice, not {dice}")
    table = _table(rules)
    zero = 0
    for throw in combinations_with_replacement(FACES, dice):
        if table.scores[throw].zero:
            ways = factorial(dice)
            for face in FACES:
                ways //= factorial(throw.count(face))
            zero += ways
    return Fraction(zero, 6**dice)
