"""bench/bare.py, the yardstick of the engines' overhead (issue 35): it is only a fair
yardstick if its deal is a real classic deal and its dice score as the classic table does, so
its deals are played through the engine step by step (any illegal bid, give, contract or card,
such as a card that does not follow suit, is refused there) and its throws scored both ways."""

from __future__ import annotations

import itertools
import random
from types import ModuleType

import pytest

from tests.protocol.conftest import ROOT
from tests.script_module import load
from thousand.cards.cards import CARD_STR, SUIT_MASK
from thousand.cards.rules import PRESETS
from thousand.cards.state import CardState
from thousand.dice.scoring import score_throw


@pytest.fixture(scope="module")
def bare() -> ModuleType:
    return load(ROOT / "bench" / "bare.py", "bench_bare")


def _through_engine(bare: ModuleType, seed: int) -> tuple[list[int], CardState]:
    """One bare deal from scores 0, replayed by the engine; (the bare scores, the engine)."""
    rng = random.Random(seed)
    dealer = seed % 3
    scores = [0, 0, 0]
    log: list[tuple[str, object]] = []
    bare.card_deal(rng, dealer, scores, log)
    state = CardState(PRESETS["classic"], 3)
    state.apply({"type": "first_dealer", "seat": dealer})
    for kind, what in log:
        if kind == "deal":
            assert isinstance(what, list)
            named = [[CARD_STR[c] for c in pile] for pile in what]
            action: dict[str, object] = {"type": "deal", "hands": named[:3], "talon": named[3]}
        elif kind == "pass":
            assert state.to_move() == what
            action = {"type": "pass"}
        elif kind in ("bid", "contract"):
            action = {"type": kind, "value": what}
        elif kind == "give":
            assert isinstance(what, tuple)
            action = {"type": "give", "card": CARD_STR[what[0]], "to": what[1]}
        else:
            assert isinstance(what, tuple)
            card, marriage = what
            seat = state.to_move()
            if state.trick and state.hands[seat] & SUIT_MASK[state.trick[0] // 6]:
                assert card // 6 == state.trick[0] // 6, "a trick not followed"
            action = {"type": "play", "card": CARD_STR[card]}
            if marriage:
                action["marriage"] = True
        state.apply(action)  # IllegalAction if the bare loop broke a rule
    return scores, state


@pytest.mark.parametrize("seed", range(60))
def test_a_bare_deal_is_a_legal_classic_deal_scored_as_the_engine_scores_it(
    bare: ModuleType, seed: int
) -> None:
    scores, state = _through_engine(bare, seed)
    assert state.phase == 1  # the deal is over and the next one waits for its cards
    assert state.deals == 1 and state.dealer == (seed % 3 + 1) % 3
    assert state.scores() == scores


def test_the_deals_declare_marriages_and_trump(bare: ModuleType) -> None:
    """Marriages are part of the work: enough seeds must declare one (and the engine agree)."""
    declared = 0
    for seed in range(200):
        log: list[tuple[str, object]] = []
        bare.card_deal(random.Random(seed), seed % 3, [0, 0, 0], log)
        declared += any(kind == "play" and what[1] for kind, what in log)  # type: ignore[index]
    assert declared >= 10


def test_the_bare_card_game_plays_played_out_deals_to_the_end(bare: ModuleType) -> None:
    decisions, deals = bare.card_game(5)
    assert 1 <= deals <= 300
    assert decisions >= 30 * deals  # bids, 2 gives, the contract and 24 cards each deal


def test_the_bare_dice_score_every_throw_as_the_classic_table(bare: ModuleType) -> None:
    for size in range(1, 6):
        for dice in itertools.combinations_with_replacement(range(1, 7), size):
            counts = [0] * 7
            for face in dice:
                counts[face] += 1
            expected = score_throw(dice)
            assert bare._score(counts) == (expected.points, len(expected.scoring)), dice


def test_the_bare_dice_game_plays_turns_of_throws(bare: ModuleType) -> None:
    decisions, throws = bare.dice_game(3)
    assert throws > decisions > 100  # a zero throw ends a turn without a decision
