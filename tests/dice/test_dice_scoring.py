"""Scoring of one throw, checked against an independent brute force over every partition.

The engine searches combinations on dice counts; this file instead splits the dice *positions*
into every possible set partition and values each block by the rule book's table, so a bug in
either way of counting shows up as a disagreement.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product

import pytest

from thousand.dice import PRESETS, DiceRules, keep_options, score_throw, zero_chance

CLASSIC = PRESETS["classic"]
USSR = PRESETS["ussr"]


def set_partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every partition of ``items`` (positions) into non-empty blocks."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [[first], *partition]
        for i in range(len(partition)):
            yield [*partition[:i], [first, *partition[i]], *partition[i + 1 :]]


def block_value(block: list[int], thrown: int, table: str) -> int | None:
    """Points of ``block`` as one combination per the rule book, or None if it is not one."""
    dice = sorted(block)
    size = len(dice)
    if size == 1:
        return {1: 10, 5: 5}.get(dice[0])
    same = len(set(dice)) == 1
    face = dice[0]
    if size == 2:
        if table == "ussr" and thrown == 2 and same:
            return 0
        return None
    if same and size == 3:
        return 100 if face == 1 else face * 10
    if same and size == 4:
        if table == "ussr":
            return 200 if face == 1 else face * 100
        return 200 if face == 1 else face * 20
    if same and size == 5:
        if table == "ussr":
            return 1000
        return 1000 if face == 1 else face * 100
    if size == 5 and thrown == 5 and dice == [1, 2, 3, 4, 5]:
        return 125
    if size == 5 and thrown == 5 and dice == [2, 3, 4, 5, 6]:
        return 250
    return None


@cache
def _brute_force(throw: tuple[int, ...], table: str) -> tuple[int, int]:
    best = (0, 0)
    for partition in set_partitions(list(range(len(throw)))):
        points = used = 0
        for block in partition:
            value = block_value([throw[i] for i in block], len(throw), table)
            if value is not None:
                points += value
                used += len(block)
        best = max(best, (points, used))
    return best


def brute_force(throw: tuple[int, ...], table: str) -> tuple[int, int]:
    """(most points, then most scoring dice) over every partition of the throw's positions."""
    return _brute_force(tuple(sorted(throw)), table)


@pytest.mark.parametrize(("table", "rules"), [("classic", CLASSIC), ("ussr", USSR)])
def test_scoring_matches_brute_force_on_every_throw(table: str, rules: DiceRules) -> None:
    checked = 0
    for size in range(1, 6):
        for throw in combinations_with_replacement(range(1, 7), size):
            score = score_throw(throw, rules)
            assert (score.points, len(score.scoring)) == brute_force(throw, table), throw
            assert sum(c.points for c in score.combinations) == score.points
            assert sorted(d for c in score.combinations for d in c.dice) == list(score.scoring)
            rest = list(throw)
            for die in score.scoring:
                rest.remove(die)  # raises if a scoring die is not in the throw
            checked += 1
    assert checked == 6 + 21 + 56 + 126 + 252


def test_order_of_dice_does_not_matter() -> None:
    for throw in product(range(1, 7), repeat=4):
        assert score_throw(throw) == score_throw(sorted(throw))


def zero_by_enumeration(size: int, table: str) -> Fraction:
    zero = sum(1 for t in product(range(1, 7), repeat=size) if brute_force(t, table)[1] == 0)
    return Fraction(zero, 6**size)


@pytest.mark.parametrize(("table", "rules"), [("classic", CLASSIC), ("ussr", USSR)])
@pytest.mark.parametrize("size", [1, 2, 3, 4, 5])
def test_zero_throw_fraction_is_exact(table: str, rules: DiceRules, size: int) -> None:
    assert zero_chance(size, rules) == zero_by_enumeration(size, table)


def test_zero_throw_fraction_on_five_dice_is_25_in_324() -> None:
    assert zero_chance(5) == Fraction(25, 324)
    assert zero_by_enumeration(5, "classic") == Fraction(25, 324)


def test_worked_example_1_5_3_3_4_scores_15() -> None:
    score = score_throw([1, 5, 3, 3, 4])
    assert (score.points, score.scoring) == (15, (1, 5))


def test_worked_example_5_5_2_scores_10() -> None:
    score = score_throw([5, 5, 2])
    assert (score.points, score.scoring) == (10, (5, 5))


def test_worked_example_2_5_5_6_6_scores_10() -> None:
    score = score_throw([2, 5, 5, 6, 6])
    assert (score.points, score.scoring) == (10, (5, 5))


def test_worked_example_1_3_4_scores_10() -> None:
    score = score_throw([1, 3, 4])
    assert (score.points, score.scoring) == (10, (1,))


def test_singles_one_is_10_and_five_is_5() -> None:
    assert score_throw([1]).points == 10
    assert score_throw([5]).points == 5
    assert score_throw([2, 3, 4, 6]).zero


def test_three_of_a_kind_is_face_times_10_and_three_ones_100() -> None:
    assert score_throw([4, 4, 4, 2, 3]).points == 40
    assert score_throw([1, 1, 1]).points == 100
    assert score_throw([5, 5, 5]).points == 50


def test_four_of_a_kind_is_face_times_20_and_four_ones_200() -> None:
    assert score_throw([6, 6, 6, 6, 2]).points == 120
    assert score_throw([1, 1, 1, 1]).points == 200
    assert score_throw([5, 5, 5, 5, 1]).points == 110


def test_four_of_a_kind_ussr_is_face_times_100_and_four_ones_200() -> None:
    assert score_throw([6, 6, 6, 6, 2], USSR).points == 600
    assert score_throw([2, 2, 2, 2], USSR).points == 200
    assert score_throw([1, 1, 1, 1, 3], USSR).points == 200


def test_five_of_a_kind_is_face_times_100_and_five_ones_1000() -> None:
    assert score_throw([3, 3, 3, 3, 3]).points == 300
    assert score_throw([1, 1, 1, 1, 1]).points == 1000
    assert score_throw([4, 4, 4, 4, 4], USSR).points == 1000


def test_straights_only_on_five_dice_thrown() -> None:
    assert score_throw([1, 2, 3, 4, 5]).points == 125
    assert score_throw([6, 5, 4, 3, 2]).points == 250
    assert score_throw([1, 2, 3, 4]).points == 10
    assert score_throw([2, 3, 4, 5]).points == 5


def test_double_on_two_dice_scores_zero_but_counts() -> None:
    double = score_throw([3, 3], USSR)
    assert (double.points, double.scoring, double.zero) == (0, (3, 3), False)
    assert score_throw([3, 3]).zero
    assert score_throw([3, 3, 2], USSR).zero  # only when exactly two dice are thrown
    assert score_throw([5, 5], USSR).points == 10  # two singles beat the 0-point double


def test_keep_options_are_whole_combinations() -> None:
    options = dict(keep_options([1, 1, 1, 5, 2]))
    assert options == {
        (1,): 10,
        (5,): 5,
        (1, 1): 20,
        (1, 5): 15,
        (1, 1, 1): 100,
        (1, 1, 5): 25,
        (1, 1, 1, 5): 105,
    }
    straight = dict(keep_options([1, 2, 3, 4, 5]))
    assert straight[(1, 2, 3, 4, 5)] == 125
    assert (2, 3) not in straight
    assert keep_options([2, 3, 4, 6]) == ()


def test_score_throw_rejects_bad_dice() -> None:
    for bad in ([], [0], [7], [1, 2, 3, 4, 5, 6], [True], ["a", 1], [1.0]):
        with pytest.raises(ValueError):
            score_throw(bad)
