"""Pentanomial statistics against a hand-computed example, and the Plackett–Luce fit against
what it must give: the logistic Elo of a two-bot record, the order of simulated strengths, a
finite rating for a clean sweep."""

from __future__ import annotations

import math
import random

import pytest

from referee.games import plackett_luce
from referee.games.match_types import GameOutcome, GamePlan, Think
from referee.games.stats import pentanomial
from referee.games.tournament import TableGame, relabel, table_seed, tables
from thousand.game import Result


def game(index: int, seating: tuple[int, ...], winner_seat: int) -> GameOutcome:
    ranking = [winner_seat, 1 - winner_seat]
    result = Result(ranking=ranking, scores=[0, 0], reason="test")
    return GameOutcome(
        GamePlan(index, index // 2, "00", seating), result, result, [], {}, 0, None, ["a", "b"]
    )


def pairs(points: list[int]) -> list[GameOutcome]:
    """Duplicate pairs in which bot 0 took ``points`` (0, 1 or 2) of the pair's two games."""
    games = []
    for group, value in enumerate(points):
        first_won = value >= 1
        second_won = value == 2
        # Game one: bot 0 in seat 0; game two: seats swapped (bot 0 in seat 1).
        games.append(game(2 * group, (0, 1), 0 if first_won else 1))
        games.append(game(2 * group + 1, (1, 0), 1 if second_won else 0))
    return games


def test_pentanomial_matches_the_hand_computed_example() -> None:
    # 10 pairs: one lost both (0), six split (1), three won both (2).
    # Pair scores 0, .5, 1: mean (0 + 6 * .5 + 3 * 1) / 10 = 0.6;
    # variance (1 * .36 + 6 * .01 + 3 * .16) / 10 = 0.09; stderr sqrt(0.09 / 10) = 0.0948683.
    # Trinomial: 20 games, 12 won: variance .24, stderr sqrt(.24 / 20) = 0.1095445.
    penta = pentanomial(pairs([0] + [1] * 6 + [2] * 3))
    assert penta is not None
    assert penta.counts == (1, 0, 6, 0, 3)
    assert penta.score == pytest.approx(0.6)
    assert penta.stderr == pytest.approx(0.0948683, abs=1e-7)
    assert penta.stderr_trinomial == pytest.approx(0.1095445, abs=1e-7)
    assert penta.low == pytest.approx(0.6 - 1.959964 * 0.0948683, abs=1e-6)
    assert penta.high == pytest.approx(0.6 + 1.959964 * 0.0948683, abs=1e-6)
    assert penta.elo == pytest.approx(400 * math.log10(1.5), abs=1e-9)  # 70.4 Elo
    assert penta.elo_low == pytest.approx(-400 * math.log10(1 / penta.low - 1))
    assert penta.narrower == pytest.approx(1 - math.sqrt(0.75), abs=1e-9)  # 13.4 % narrower
    data = penta.to_json()
    assert data["pairs"] == 10 and data["counts"] == [1, 0, 6, 0, 3]


def test_pentanomial_counts_only_whole_pairs() -> None:
    games = pairs([2, 0])[:-1]  # the second pair lost its second game (an interrupted run)
    penta = pentanomial(games)
    assert penta is not None and penta.counts == (0, 0, 0, 0, 1)
    assert pentanomial(games[:1]) is None


def test_a_clean_sweep_of_pairs_is_not_certainty() -> None:
    penta = pentanomial(pairs([2] * 5))
    assert penta is not None
    assert penta.score == 1.0 and penta.high == 1.0
    assert penta.low < 0.7  # Wilson over 5 pairs, not a zero-width interval
    assert penta.to_json()["elo"] is None  # +infinity has no JSON


def test_plackett_luce_of_two_bots_is_logistic_elo() -> None:
    ratings = plackett_luce.fit(2, [[0, 1]] * 300 + [[1, 0]] * 100)
    difference = ratings[0].elo - ratings[1].elo
    # 75 % implies 190.8 Elo; the prior (one win and one loss each) pulls it in slightly.
    assert 185 < difference < 191
    assert ratings[0].elo == pytest.approx(-ratings[1].elo)
    # Binomial: stderr of the difference ~ 400/ln10 / sqrt(n p (1 - p)) = 20.06 Elo.
    assert 2 * ratings[0].stderr == pytest.approx(20.06, rel=0.03)


def test_plackett_luce_recovers_simulated_strengths() -> None:
    rng = random.Random(7)
    strength = [4.0, 1.0, 0.5, 2.0]
    games = []
    for _ in range(2000):
        left = rng.sample(range(4), 3)
        ranking = []
        while left:
            pick = rng.choices(left, weights=[strength[b] for b in left])[0]
            ranking.append(pick)
            left.remove(pick)
        games.append(ranking)
    ratings = plackett_luce.fit(4, games)
    mean = sum(math.log(s) for s in strength) / 4
    for rating, s in zip(ratings, strength, strict=True):
        truth = plackett_luce.ELO_PER_NATURAL * (math.log(s) - mean)
        low, high = rating.interval
        assert low - 10 < truth < high + 10, (rating, truth)
    assert sorted(range(4), key=lambda b: -ratings[b].elo) == [0, 3, 1, 2]


def test_a_bot_that_always_wins_gets_a_finite_rating() -> None:
    ratings = plackett_luce.fit(3, [[0, 1, 2]] * 10)
    assert all(math.isfinite(r.elo) and math.isfinite(r.stderr) for r in ratings)
    assert ratings[0].elo > ratings[1].elo > ratings[2].elo
    assert ratings[0].interval[0] > ratings[2].interval[1]


def test_formats_seat_every_combination() -> None:
    assert tables("round-robin", 4, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    assert tables("gauntlet", 4, 3) == [(0, 1, 2), (0, 1, 3), (0, 2, 3)]
    assert tables("gauntlet", 3, 2) == [(0, 1), (0, 2)]
    assert len(tables("round-robin", 6, 3)) == 20


def test_a_tables_seed_depends_on_its_bots_not_on_its_turn() -> None:
    assert table_seed(5, (0, 1, 3)) == table_seed(5, (0, 1, 3))
    assert table_seed(5, (0, 1, 3)) != table_seed(5, (0, 1, 2))
    assert table_seed(5, (0, 1, 3)) != table_seed(6, (0, 1, 3))


def test_relabel_gives_tournament_numbers_and_unique_groups() -> None:
    outcome = game(3, (1, 0), 0)
    outcome.think = {0: Think(moves=2), 1: Think(moves=5)}
    moved = relabel(TableGame(2, (1, 4), outcome), 6)
    assert moved.plan.seating == (4, 1)
    assert (moved.plan.index, moved.plan.group) == (15, 13)
    assert moved.think[1].moves == 2 and moved.think[4].moves == 5
    assert moved.place_of(4) == 1
