"""Invariants over many seeded random games, for every preset and 2, 3, 5 and 8 players.

- every score change is explained by ``score`` events (their deltas add up to the change);
- games end, and never after the round cap;
- rebuilding from the record gives the same state (views, scores, result);
- every legal action is accepted, and illegal ones are refused without changing anything;
- dice hide nothing: every seat sees the same table.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thousand.dice import PRESETS, DiceRules, DiceState, new_game
from thousand.game import CHANCE, OVER, Action, IllegalAction
from thousand.play import play_game, random_policy, rebuild

RULE_SETS: dict[str, DiceRules] = {
    **PRESETS,
    "choose_open": DiceRules(
        set_aside="choose",
        barrel="open",
        samosval_mid_turn=True,
        bolts_in_a_row=True,
        bolts_while_unopened=True,
        bolts_in_pit=True,
        score_floor=0,
        confirm_hot_dice=True,
    ),
    "choose_ussr": PRESETS["ussr"].model_copy(update={"set_aside": "choose"}),
    "short": DiceRules(max_rounds=4, barrel_usurp="none", bolts_on_barrel=True),
}
PLAYERS = (2, 3, 5, 8)


def _illegal_guesses(state: DiceState, legal: list[Action], rng: random.Random) -> list[Any]:
    """Actions that look plausible but are not among the legal ones."""
    guesses: list[Any] = [
        {"type": "stop"},
        {"type": "roll"},
        {"type": "roll", "keep": [1]},
        {"type": "stop", "keep": [5]},
        {"type": "roll", "keep": [6, 6, 6]},
        {"type": "throw", "dice": [1] * state.dice_left},
        {"type": "pass"},
        {"type": "roll", "extra": True},
        [],
    ]
    if legal:
        junk = dict(legal[rng.randrange(len(legal))])
        junk["why"] = "junk"
        guesses.append(junk)
    return [g for g in guesses if g not in legal]


def run_checked(rules: DiceRules, players: int, seed: int, deep: bool) -> DiceState:
    """Play a random game, checking the invariants after every step."""
    rng = random.Random(seed)
    state = new_game(rules, players)
    cap = rules.max_rounds * players
    steps = 0
    while True:
        seat = state.to_move()
        if seat == OVER:
            break
        steps += 1
        assert steps < 200 * cap, "the game does not end"
        if seat == CHANCE:
            assert state.legal_actions() == []
            action = state.sample_chance(rng)
            if deep:
                bad = {"type": "throw", "dice": [7] * state.dice_left}
                with pytest.raises(IllegalAction):
                    state.apply(bad)
        else:
            legal = state.legal_actions()
            assert legal, "a seat to move always has a legal action"
            views = [state.view(s) for s in range(players)]
            for other, view in enumerate(views):
                assert view == {**views[seat], "seat": other}  # nothing is hidden
            if deep:
                for candidate in legal:
                    state.clone().apply(dict(candidate))
                before = (state.view(seat), state.scores(), legal)
                for guess in _illegal_guesses(state, legal, rng):
                    with pytest.raises(IllegalAction):
                        state.apply(guess)
                    assert (state.view(seat), state.scores(), state.legal_actions()) == before
            action = legal[rng.randrange(len(legal))]
        old = state.scores()
        events = state.apply(action)
        delta = [0] * players
        for event in events:
            assert isinstance(event.get("type"), str) and "to" not in event
            if event["type"] == "score":
                delta[event["seat"]] += event["delta"]
                assert event["delta"] != 0
        new = state.scores()
        assert [a + d for a, d in zip(old, delta, strict=True)] == new
        if rules.score_floor is not None:
            assert min(new) >= rules.score_floor
        check_table(state, rules, events)
        assert state.view(0)["turns_played"] <= cap
    result = state.result()
    assert result is not None
    assert sorted(result.ranking) == list(range(players))
    if result.winner is not None:
        assert result.ranking[0] == result.winner
    else:
        assert result.reason == "round_cap" and state.turns == cap
    ranked = [result.scores[s] for s in result.ranking if s != result.winner]
    assert ranked == sorted(ranked, reverse=True)
    return state


def check_table(state: DiceState, rules: DiceRules, events: list[dict[str, Any]]) -> None:
    """What the rules promise about the table after every step."""
    view = state.view(0)
    scores = view["scores"]
    if rules.samosval is not None:
        assert rules.samosval not in scores
    assert all(b < rules.bolt_limit for b in view["bolts"])
    if rules.barrel_max_falls is not None:
        assert all(f < rules.barrel_max_falls for f in view["barrel_falls"])
    if rules.barrel == "points":
        for seat, sitting in enumerate(view["on_barrel"]):
            if sitting:
                assert scores[seat] >= rules.barrel_start
                if rules.barrel_clamp:
                    assert scores[seat] == rules.barrel_start or seat == view["winner"]
                if rules.barrel_attempts is not None:
                    assert view["barrel_attempts"][seat] < rules.barrel_attempts
    if rules.barrel == "open":
        assert all(p < rules.open_points_limit for p in view["barrel_points"])
        assert max(scores) <= rules.goal or view["winner"] is not None
    for event in events:
        if event["type"] == "turn_end" and event["recorded"]:
            assert event["why"] in ("stop", "confirmed", "samosval", "five_of_a_kind")
        if event["type"] == "win" and event["why"] == "goal":
            assert event["score"] >= rules.goal
            if rules.barrel == "open":
                assert event["score"] == rules.goal
    if view["phase"] == "decide":
        stops = [a for a in state.legal_actions() if a["type"] == "stop"]
        if not view["choosing"]:
            can = not view["must_roll"] and view["need"] <= view["turn_total"]
            assert bool(stops) == can


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("name", list(RULE_SETS))
@settings(max_examples=4, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(name: str, players: int, seed: int) -> None:
    run_checked(RULE_SETS[name], players, seed, deep=True)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("name", list(RULE_SETS))
def test_many_random_games_end_and_explain_every_score(name: str, players: int) -> None:
    games = 90 if players <= 3 else 40
    reasons = set()
    for seed in range(games):
        state = run_checked(RULE_SETS[name], players, 1000 + seed, deep=False)
        result = state.result()
        assert result is not None
        reasons.add(result.reason)
    if name == "short":
        assert "round_cap" in reasons


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("name", list(RULE_SETS))
@settings(max_examples=5, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_rebuild_from_the_record_gives_the_same_state(name: str, players: int, seed: int) -> None:
    rules = RULE_SETS[name]
    policies = [random_policy(random.Random(seed + i)) for i in range(players)]
    played = play_game("dice", policies, seed=seed, rules=rules)
    again = rebuild("dice", rules, players, played.record)
    assert again.scores() == played.state.scores()
    assert again.result() == played.state.result()
    for seat in range(players):
        assert again.view(seat) == played.state.view(seat)
    # and halfway through, too
    half = len(played.record) // 2
    first = rebuild("dice", rules, players, played.record[:half])
    second = rebuild("dice", rules, players, played.record[:half])
    assert first.view(0) == second.view(0)
    assert first.legal_actions() == second.legal_actions()


def test_same_seed_same_game() -> None:
    def record(seed: int) -> list[tuple[int, Action]]:
        policies = [random_policy(random.Random(seed + i)) for i in range(3)]
        return play_game("dice", policies, seed=seed).record

    assert record(5) == record(5)
    assert record(5) != record(6)


def test_thrown_dice_are_uniform_enough() -> None:
    state = new_game(PRESETS["classic"], 2)
    state.apply({"type": "first_player", "seat": 0})
    rng = random.Random(1)
    counts = [0] * 7
    for _ in range(6000):
        for die in state.sample_chance(rng)["dice"]:
            counts[die] += 1
    assert counts[0] == 0
    assert all(4500 < c < 5500 for c in counts[1:])
