"""Property tests over many random games for 2, 3 and 4 players.

Every step of every game is checked (see ``cards_support.CheckedGame``): the 24 cards are
conserved, trick points add up to 120, scores move only by score events, no view or event
shows a seat another seat's hidden cards, illegal and junk actions change nothing, and the game
ends within its deal cap.  Rebuilding from the record gives the same views, scores and result.
"""

from __future__ import annotations

import random

from cards_support import CheckedGame, rules
from hypothesis import given, settings
from hypothesis import strategies as st

from thousand.cards import CardRules
from thousand.game import CHANCE, OVER, IllegalAction
from thousand.play import play_game, random_policy, rebuild


@st.composite
def tables(draw: st.DrawFn, players: int) -> CardRules:
    """Any combination of the options, with short games and sometimes a low target so that
    the barrel, falls and wins are reached by random play."""
    low = draw(st.booleans())
    options = {
        name: draw(st.booleans())
        for name in (
            "redeal",
            "redeal_three_nines_on_hundred",
            "show_talon_on_hundred",
            "blind_bidding",
            "concede",
            "concede_penalty",
            "must_beat",
            "marriage_on_first_lead",
            "ace_marriage",
            "bolts_in_a_row",
            "bolt_for_declarer",
            "samosval",
            "golden_round",
        )
    }
    return CardRules(
        players=players,
        bid_step=draw(st.sampled_from([5, 10])),
        barrel=draw(st.sampled_from([None, True, False])),
        target=300 if low else 1000,
        barrel_score=200 if low else 880,
        barrel_falls_to_zero=draw(st.sampled_from([0, 2, 3])),
        max_deals=draw(st.integers(1, 12)),
        **options,
    )


def _check(table: CardRules, seed: int, passive: bool) -> None:
    game = CheckedGame(table, seed, passive=passive)
    final = game.run()
    again = rebuild("cards", table, table.players, [(0, a) for a in game.record])
    assert again.scores() == final.scores()
    assert again.result() == final.result()
    for seat in range(table.players):
        assert again.view(seat) == final.view(seat)


@settings(max_examples=120, deadline=None)
@given(table=tables(3), seed=st.integers(0, 2**32), passive=st.booleans())
def test_three_player_games_keep_every_invariant(
    table: CardRules, seed: int, passive: bool
) -> None:
    _check(table, seed, passive)


@settings(max_examples=80, deadline=None)
@given(table=tables(4), seed=st.integers(0, 2**32), passive=st.booleans())
def test_four_player_games_keep_every_invariant(table: CardRules, seed: int, passive: bool) -> None:
    _check(table, seed, passive)


@settings(max_examples=80, deadline=None)
@given(table=tables(2), seed=st.integers(0, 2**32), passive=st.booleans())
def test_two_player_games_keep_every_invariant(table: CardRules, seed: int, passive: bool) -> None:
    _check(table, seed, passive)


def test_thousands_of_quick_games_end_within_the_cap_and_conserve_scores() -> None:
    """A light check over 2,100 short games (no per-step view scan) for the three counts."""
    for preset in ("classic", "four", "duel"):
        for seed in range(700):
            table = rules(preset, max_deals=3, target=300, barrel_score=200)
            game = CheckedGame(table, seed, heavy=False, passive=seed % 2 == 1)
            assert game.run().num_players == table.players


def test_full_classic_games_end_at_the_deal_cap_or_the_target() -> None:
    for seed in range(4):
        played = play_game(
            "cards", [random_policy(random.Random(seed + k)) for k in range(3)], seed
        )
        assert played.result.reason in ("target", "deal_cap")
        state = played.state
        assert state.deals <= 300  # type: ignore[attr-defined]
        assert rebuild("cards", None, 3, played.record).scores() == state.scores()


def test_rebuilding_a_prefix_of_the_record_gives_the_same_views() -> None:
    table = rules("everything", max_deals=6)
    played = play_game("cards", [random_policy(random.Random(k)) for k in range(3)], 11, table)
    cuts = set(random.Random(7).sample(range(len(played.record)), 25))
    live = rebuild("cards", table, 3, [])
    for index, (_, action) in enumerate(played.record):
        if index in cuts:
            again = rebuild("cards", table, 3, played.record[:index])
            assert again.to_move() == live.to_move()
            assert [again.view(s) for s in range(3)] == [live.view(s) for s in range(3)]
        live.apply(action)
    assert live.scores() == played.state.scores()


def test_clone_is_independent_of_the_original() -> None:
    table = rules("classic", max_deals=4)
    state = CheckedGame(table, 3).state
    rng = random.Random(3)
    while state.to_move() != OVER:
        copy = state.clone()
        views = [state.view(s) for s in range(3)]
        if copy.to_move() == CHANCE:
            copy.apply(copy.sample_chance(random.Random(1)))
        else:
            copy.apply(copy.legal_actions()[0])
        assert [state.view(s) for s in range(3)] == views
        if state.to_move() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 400) | st.sampled_from(["AS", "KH", "x", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
KINDS = st.sampled_from(
    [
        "bid",
        "pass",
        "redeal",
        "blind_bid",
        "look",
        "give",
        "contract",
        "concede",
        "play",
        "take_talon",
        "discard",
        "deal",
        "first_dealer",
        "nonsense",
    ]
)


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 2**16),
    steps=st.integers(0, 60),
    kind=KINDS,
    extra=st.dictionaries(
        st.sampled_from(["card", "value", "to", "index", "marriage", "seat", "hands", "x"]), JSON
    ),
    preset=st.sampled_from(["classic", "four", "duel", "everything"]),
)
def test_any_junk_action_is_refused_with_illegal_action_or_is_legal(
    seed: int, steps: int, kind: str, extra: dict[str, object], preset: str
) -> None:
    table = rules(preset)
    game = CheckedGame(table, seed, heavy=False)
    state = game.state
    for _ in range(steps):
        if state.to_move() == OVER:
            break
        if state.to_move() == CHANCE:
            state.apply(state.sample_chance(game.rng))
        else:
            state.apply(game.choose(state.legal_actions()))
    action = {"type": kind, **extra}
    legal = state.legal_actions()
    chance = state.to_move() == CHANCE
    before = [state.view(s) for s in range(table.players)]
    try:
        state.apply(action)
    except IllegalAction:
        assert [state.view(s) for s in range(table.players)] == before
    else:
        assert action in legal or (chance and kind in ("deal", "first_dealer"))
