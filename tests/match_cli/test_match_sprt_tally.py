"""The SPRT of a long match is summed game by game (``SprtTally``) instead of recomputed from
every game so far; after every game it must say what ``Sprt`` says on the samples the match
loop used to rebuild (single games, or the means of complete duplicate groups), in whatever
order the games come in."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.match_types import GameOutcome
from referee.games.stats import Sprt, SprtTally, head_to_head_samples
from tests.match_cli.test_match_stats import outcome

TESTS = [Sprt(0, 5), Sprt(-10, 10, 0.1, 0.1), Sprt(0, 200, 0.2, 0.2), Sprt(0, 50, 0.01, 0.3)]


def games_of(results: list[bool], paired: bool, order: list[int]) -> list[GameOutcome]:
    """Game i: bot 0 ahead when results[i]; pairs of seatings form a group when paired; the
    games arrive in ``order`` (tables finish out of turn)."""
    found = []
    for index, ahead in enumerate(results):
        seating = (0, 1) if index % 2 == 0 else (1, 0)
        first = seating.index(0) if ahead else seating.index(1)
        group = index // 2 if paired else index
        found.append(outcome(index, group, seating, [first, 1 - first]))
    return [found[i] for i in order]


def rebuilt(done: list[GameOutcome], paired: bool) -> list[float]:
    """The samples as the match loop computed them from scratch before the tally."""
    if not paired:
        return head_to_head_samples(done, False)
    sizes = Counter(o.plan.group for o in done)
    return head_to_head_samples([o for o in done if sizes[o.plan.group] == 2], True)


@settings(max_examples=200, deadline=None)
@given(
    results=st.lists(st.booleans(), min_size=1, max_size=80),
    paired=st.booleans(),
    which=st.integers(0, len(TESTS) - 1),
    shuffle=st.randoms(use_true_random=False),
)
def test_the_tally_says_what_the_whole_recomputation_says(
    results: list[bool], paired: bool, which: int, shuffle: object
) -> None:
    sprt = TESTS[which]
    order = list(range(len(results)))
    shuffle.shuffle(order)  # type: ignore[attr-defined]
    tally = SprtTally(sprt, 2 if paired else 0)
    done: list[GameOutcome] = []
    for game in games_of(results, paired, order):
        done.append(game)
        tally.add(game)
        samples = rebuilt(done, paired)
        assert tally.count == len(samples)
        assert tally.llr() == pytest.approx(sprt.llr(samples), rel=1e-9, abs=1e-9)
        assert tally.decide() == sprt.decide(samples)


def test_a_game_without_both_bots_is_no_sample() -> None:
    tally = SprtTally(Sprt(0, 5))
    tally.add(outcome(0, 0, (2, 3), [0, 1]))
    assert tally.count == 0 and tally.decide() is None
