"""One test per rule of the rule book, each played with scripted throws (no random generator)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from thousand.dice import PRESETS, SPEC, DiceRules, DiceState, new_game
from thousand.errors import RulesError
from thousand.game import CHANCE, OVER, Event, IllegalAction

ZERO5 = [2, 3, 4, 6, 6]
"""A zero throw of five dice under every table."""


def rules(preset: str = "classic", **changes: Any) -> DiceRules:
    return DiceRules.model_validate({**PRESETS[preset].model_dump(), **changes})


def start(preset: str = "classic", players: int = 3, first: int = 0, **changes: Any) -> DiceState:
    state = new_game(rules(preset, **changes), players)
    state.apply({"type": "first_player", "seat": first})
    return state


def play(state: DiceState, *steps: Any) -> list[Event]:
    """Apply steps: a list of dice is a throw, "roll"/"stop" a decision, a dict as is."""
    events: list[Event] = []
    for step in steps:
        if isinstance(step, list):
            events += state.apply({"type": "throw", "dice": step})
        elif isinstance(step, dict):
            events += state.apply(step)
        else:
            events += state.apply({"type": step})
    return events


def skip(state: DiceState, turns: int = 1) -> list[Event]:
    """End the next turns with a zero throw."""
    events: list[Event] = []
    for _ in range(turns):
        events += play(state, ZERO5)
    return events


def changes(events: list[Event]) -> list[tuple[int, int, str]]:
    return [(e["seat"], e["delta"], e["reason"]) for e in events if e["type"] == "score"]


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def illegal(state: DiceState, action: Any) -> str:
    before = (state.view(0), state.legal_actions(), state.to_move())
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert (state.view(0), state.legal_actions(), state.to_move()) == before
    return caught.value.rule


# --- equipment and order ---------------------------------------------------------------


def test_players_two_to_eight() -> None:
    assert PRESETS["classic"].allowed_players() == tuple(range(2, 9))
    for count in (1, 9):
        with pytest.raises(RulesError):
            SPEC.check_players(PRESETS["classic"], count)
        with pytest.raises(ValueError):
            new_game(PRESETS["classic"], count)
    assert new_game(PRESETS["classic"], 8).num_players == 8


def test_lot_decides_who_throws_first_and_turns_pass_on() -> None:
    state = new_game(PRESETS["classic"], 4)
    assert state.to_move() == CHANCE
    lot = state.sample_chance(random.Random(3))
    assert lot["type"] == "first_player" and 0 <= lot["seat"] < 4
    assert illegal(state, {"type": "first_player", "seat": 4}) == "bad_chance"
    assert play(state, {"type": "first_player", "seat": 2}) == [{"type": "first_player", "seat": 2}]
    assert state.view(0)["turn"] == 2
    skip(state)
    assert state.view(0)["turn"] == 3
    skip(state)
    assert state.view(0)["turn"] == 0


# --- one throw and a turn ------------------------------------------------------------------


def test_worked_example_turn_1_5_3_3_4_then_5_5_2_makes_25() -> None:
    state = start()
    state.setup(scores=[100, 0, 0], opened=[True, False, False])
    events = play(state, [1, 5, 3, 3, 4])
    assert of_type(events, "throw") == [
        {"type": "throw", "seat": 0, "dice": [1, 5, 3, 3, 4], "points": 15, "scoring": [1, 5]}
    ]
    assert state.dice_left == 3
    events = play(state, "roll", [5, 5, 2])
    assert of_type(events, "set_aside")[0]["turn_total"] == 25
    assert state.dice_left == 1
    events = play(state, "stop")
    assert changes(events) == [(0, 25, "turn")]
    assert state.scores() == [125, 0, 0]


def test_worked_example_turn_2_5_5_6_6_then_1_3_4_makes_20() -> None:
    state = start()
    state.setup(scores=[100, 0, 0], opened=[True, False, False])
    play(state, [2, 5, 5, 6, 6], "roll", [1, 3, 4])
    assert (state.turn_total, state.dice_left) == (20, 2)
    play(state, "stop")
    assert state.scores()[0] == 120


def test_zero_throw_burns_the_turn() -> None:
    state = start()
    state.setup(scores=[100, 0, 0], opened=[True, False, False])
    play(state, [1, 1, 1, 2, 3], "roll")
    events = play(state, [2, 3])
    end = of_type(events, "turn_end")[0]
    assert (end["recorded"], end["why"], end["total"]) == (0, "zero", 100)
    assert state.scores() == [100, 0, 0]
    assert state.view(0)["turn"] == 1


def test_set_aside_all_scoring_dice() -> None:
    state = start()
    play(state, [1, 1, 1, 2, 3])
    view = state.view(1)
    assert (view["set_aside"], view["dice_left"], view["turn_total"]) == ((1, 1, 1), 2, 100)
    assert state.legal_actions() == [{"type": "roll"}, {"type": "stop"}]


def test_set_aside_choose_keeps_chosen_combinations() -> None:
    state = start(set_aside="choose")
    state.setup(opened=[True, False, False])
    play(state, [1, 3, 5, 1, 2])
    legal = state.legal_actions()
    keeps = {tuple(a["keep"]) for a in legal}
    assert keeps == {(1,), (5,), (1, 1), (1, 5), (1, 1, 5)}
    assert {"type": "stop", "keep": [1, 1, 5]} in legal
    assert all(a["keep"] == sorted(a["keep"]) for a in legal)
    events = play(state, {"type": "roll", "keep": [1]})
    assert of_type(events, "set_aside")[0]["dice"] == [1]
    assert (state.turn_total, state.dice_left) == (10, 4)


def test_choose_keep_must_be_whole_scoring_combinations() -> None:
    state = start(set_aside="choose")
    play(state, [2, 2, 2, 3, 5])
    assert illegal(state, {"type": "roll", "keep": [2, 2]}) == "bad_keep"
    assert illegal(state, {"type": "roll", "keep": [5, 2, 2, 2]}) == "bad_keep"  # not sorted
    assert illegal(state, {"type": "roll", "keep": []}) == "bad_keep"
    play(state, {"type": "roll", "keep": [2, 2, 2]})
    assert (state.turn_total, state.dice_left) == (20, 2)


def test_hot_dice_throw_is_compulsory() -> None:
    state = start()
    state.setup(opened=[True, False, False])
    events = play(state, [1, 1, 1, 5, 5])
    assert of_type(events, "set_aside")[0]["hot"] is True
    assert state.legal_actions() == [{"type": "roll"}]
    assert illegal(state, {"type": "stop"}) == "hot_dice"
    play(state, "roll")
    assert state.dice_left == 5
    events = play(state, ZERO5)
    assert of_type(events, "turn_end")[0]["why"] == "zero"
    assert state.scores()[0] == 0


def test_hot_dice_over_several_throws() -> None:
    state = start()
    state.setup(opened=[True, False, False])
    play(state, [1, 5, 2, 3, 6], "roll", [1, 1, 5])
    assert (state.turn_total, state.dice_left, state.must_roll) == (40, 0, True)
    play(state, "roll")
    assert state.dice_left == 5
    play(state, [1, 2, 3, 4, 6], "stop")
    assert state.scores()[0] == 50


def test_after_hot_dice_the_view_says_what_the_set_aside_event_said() -> None:
    """The event reports ``dice_left`` 0 and ``hot``; the view at the compulsory throw agrees
    (0 dice left, all five aside) until the throw brings the five back."""
    state = start()
    state.setup(opened=[True, False, False])
    events = play(state, [1, 1, 1, 5, 5])
    aside = of_type(events, "set_aside")[-1]
    view = state.view(0)
    assert (aside["dice_left"], aside["hot"], aside["turn_total"]) == (0, True, 110)
    assert (view["dice_left"], view["turn_total"], view["must_roll"]) == (0, 110, True)
    assert sorted(view["set_aside"]) == sorted(aside["dice"])
    play(state, "roll")
    assert (state.view(0)["dice_left"], state.view(0)["set_aside"]) == (5, ())


def test_at_a_keep_decision_the_view_counts_the_throw_as_not_yet_kept() -> None:
    """With ``set_aside: "choose"`` the view at a keep decision is the table before the keep:
    ``turn_total`` without the throw's points, ``dice_left`` the dice that were thrown."""
    state = start(set_aside="choose")
    state.setup(opened=[True, False, False])
    play(state, [1, 5, 2, 3, 6])
    view = state.view(0)
    assert (view["choosing"], view["turn_total"], view["dice_left"]) == (True, 0, 5)
    assert view["throw"] == (1, 5, 2, 3, 6)
    events = play(state, {"type": "roll", "keep": [1]})
    assert of_type(events, "set_aside")[0]["dice_left"] == state.view(0)["dice_left"] == 4


def test_hot_dice_in_choose_mode_only_when_every_die_is_kept() -> None:
    state = start(set_aside="choose")
    state.setup(opened=[True, False, False])
    play(state, [1, 1, 5, 5, 1])
    legal = state.legal_actions()
    assert {"type": "stop", "keep": [1, 1, 1, 5, 5]} not in legal
    assert {"type": "roll", "keep": [1, 1, 1, 5, 5]} in legal
    assert {"type": "stop", "keep": [1, 1, 1]} in legal
    play(state, {"type": "roll", "keep": [1, 1, 1, 5, 5]})
    assert (state.turn_total, state.dice_left) == (110, 5)


def test_confirm_hot_dice_scoring_confirmation_records_the_turn() -> None:
    state = start(confirm_hot_dice=True)
    state.setup(opened=[True, False, False])
    play(state, [1, 1, 1, 5, 5], "roll")
    assert state.view(0)["confirming"] is True
    events = play(state, [1, 2, 3, 4, 6])
    end = of_type(events, "turn_end")[0]
    assert (end["why"], end["recorded"]) == ("confirmed", 120)
    assert state.scores()[0] == 120


def test_confirm_hot_dice_zero_confirmation_burns_the_turn() -> None:
    state = start(confirm_hot_dice=True)
    state.setup(opened=[True, False, False])
    events = play(state, [1, 1, 1, 5, 5], "roll", ZERO5)
    assert of_type(events, "turn_end")[0]["why"] == "unconfirmed"
    assert state.scores()[0] == 0


def test_confirm_hot_dice_short_of_the_limits_records_nothing() -> None:
    state = start(confirm_hot_dice=True)
    play(state, [1, 5, 2, 3, 6], "roll", [1, 5, 5], "roll")
    events = play(state, [5, 2, 3, 6, 6])
    end = of_type(events, "turn_end")[0]
    assert (end["why"], end["total"], end["recorded"]) == ("short", 40, 0)
    assert state.scores()[0] == 0


def test_stop_is_offered_only_when_recording_is_legal() -> None:
    state = start()
    play(state, [1, 5, 2, 3, 6])
    assert state.legal_actions() == [{"type": "roll"}]
    assert illegal(state, {"type": "stop"}) == "opening"


# --- limits on recording ---------------------------------------------------------------------


def test_opening_needs_entry_in_one_turn() -> None:
    state = start()
    assert state.view(0)["need"] == 50
    play(state, [1, 5, 2, 3, 6], "roll", [1, 1, 2])
    assert state.turn_total == 35
    assert illegal(state, {"type": "stop"}) == "opening"
    play(state, "roll", [5])  # 40, hot
    play(state, "roll", [1, 2, 3, 4, 6])
    assert state.turn_total == 50
    events = play(state, "stop")
    assert of_type(events, "opened") == [{"type": "opened", "seat": 0, "score": 50}]
    assert state.opened == [True, False, False]


def test_opening_entry_75_in_ussr() -> None:
    state = start("ussr")
    play(state, [6, 6, 6, 1, 2])
    assert state.legal_actions() == [{"type": "roll"}]
    state = start("ussr")
    play(state, [6, 6, 6, 1, 5])
    assert state.must_roll
    state = start("ussr")
    play(state, [1, 1, 1, 2, 3])
    assert {"type": "stop"} in state.legal_actions()


def test_pit_225_must_make_75() -> None:
    state = start()
    state.setup(scores=[225, 0, 0], opened=[True, False, False])
    assert state.need() == 75
    play(state, [6, 6, 6, 1, 2])
    assert state.turn_total == 70
    assert illegal(state, {"type": "stop"}) == "pit"
    state = start()
    state.setup(scores=[230, 0, 0], opened=[True, False, False])
    assert state.need() == 70
    play(state, [6, 6, 6, 1, 2], "stop")
    assert state.scores()[0] == 300


def test_pit_second_pit_600_700() -> None:
    state = start()
    state.setup(scores=[650, 0, 0], opened=[True, False, False])
    assert state.need() == 50
    state.setup(scores=[700, 0, 0])
    assert state.need() == 0


def test_landing_in_a_pit_from_below_is_allowed() -> None:
    state = start()
    state.setup(scores=[150, 0, 0], opened=[True, False, False])
    events = play(state, [6, 6, 6, 1, 2], "stop")
    assert state.scores()[0] == 220
    assert of_type(events, "pit") == [{"type": "pit", "seat": 0, "pit": [200, 300], "score": 220}]


def test_pits_are_configurable() -> None:
    state = start(pits=[[300, 400]])
    state.setup(scores=[330, 0, 0], opened=[True, False, False])
    assert state.need() == 70
    state.setup(scores=[225, 0, 0])
    assert state.need() == 0


def test_samosval_by_own_turn() -> None:
    state = start()
    state.setup(scores=[485, 0, 0], opened=[True, False, False])
    events = play(state, [6, 6, 6, 1, 2], "stop")
    assert changes(events) == [(0, 70, "turn"), (0, -555, "samosval")]
    assert of_type(events, "samosval") == [{"type": "samosval", "seat": 0}]
    assert state.scores()[0] == 0


def test_samosval_needs_no_new_opening() -> None:
    state = start(players=2)
    state.setup(scores=[485, 0], opened=[True, False])
    play(state, [6, 6, 6, 1, 2], "stop")
    skip(state)
    play(state, [1, 2, 3, 4, 6])
    assert {"type": "stop"} in state.legal_actions()
    play(state, "stop")
    assert state.scores()[0] == 10


def test_samosval_by_overtaking_penalty() -> None:
    state = start()
    state.setup(scores=[510, 605, 0], opened=[True, True, False])
    events = play(state, [1, 1, 1, 2, 3], "stop")
    assert changes(events) == [(0, 100, "turn"), (1, -50, "overtaken"), (1, -555, "samosval")]
    assert state.scores() == [610, 0, 0]


def test_samosval_by_bolt_penalty() -> None:
    state = start(pits=[])
    state.setup(scores=[655, 0, 0], opened=[True, False, False], bolts=[2, 0, 0])
    events = skip(state)
    assert changes(events) == [(0, -100, "bolt_penalty"), (0, -555, "samosval")]


def test_samosval_mid_turn_ends_the_turn_at_once() -> None:
    state = start(samosval_mid_turn=True)
    state.setup(scores=[505, 0, 0], opened=[True, False, False])
    events = play(state, [5, 5, 5, 2, 3])
    end = of_type(events, "turn_end")[0]
    assert (end["why"], end["recorded"]) == ("samosval", 50)
    assert changes(events) == [(0, 50, "turn"), (0, -555, "samosval")]
    assert state.view(0)["turn"] == 1


def test_samosval_mid_turn_in_choose_mode_offers_only_roll_for_that_keep() -> None:
    state = start(samosval_mid_turn=True, set_aside="choose")
    state.setup(scores=[545, 0, 0], opened=[True, False, False])
    play(state, [1, 5, 2, 3, 6])
    legal = state.legal_actions()
    assert {"type": "stop", "keep": [1]} not in legal
    assert {"type": "stop", "keep": [5]} in legal
    events = play(state, {"type": "roll", "keep": [1]})
    assert of_type(events, "turn_end")[0]["why"] == "samosval"
    assert state.scores()[0] == 0


def test_overtaking_each_overtaken_player_pays() -> None:
    state = start(players=4)
    state.setup(scores=[100, 120, 150, 300], opened=[True] * 4)
    events = play(state, [1, 1, 1, 2, 3], "stop")
    assert of_type(events, "overtaken") == [
        {"type": "overtaken", "seat": 1, "by": 0},
        {"type": "overtaken", "seat": 2, "by": 0},
    ]
    assert state.scores() == [200, 70, 100, 300]


def test_overtaking_equal_is_not_overtaking() -> None:
    state = start()
    state.setup(scores=[100, 200, 100], opened=[True] * 3)
    play(state, [1, 1, 1, 2, 3], "stop")
    assert state.scores() == [200, 200, 100]


def test_unopened_player_cannot_be_overtaken() -> None:
    state = start(bolts_while_unopened=True)
    state.setup(scores=[-200, -150, 0], opened=[True, False, False])
    play(state, [1, 1, 1, 2, 3], "stop")
    assert state.scores() == [-100, -150, 0]
    state = start()
    state.setup(scores=[-200, -150, 0], opened=[True, True, False])
    play(state, [1, 1, 1, 2, 3], "stop")
    assert state.scores() == [-100, -200, 0]


def test_overtaking_penalty_zero_means_no_overtaking() -> None:
    state = start("simple")
    state.setup(scores=[100, 120, 150], opened=[True] * 3)
    play(state, [1, 1, 1, 2, 3], "stop")
    assert state.scores() == [200, 120, 150]


# --- order of scoring -------------------------------------------------------------------


def test_order_of_scoring_at_turn_end() -> None:
    state = start()
    state.setup(scores=[530, 880, 605], opened=[True, True, True], on_barrel=[False, True, False])
    play(state, [4, 4, 4, 4, 4], "roll", [1, 2, 3, 4, 6])
    events = play(state, "stop")
    steps = [
        (e["type"], e.get("seat"), e.get("reason"))
        for e in events
        if e["type"] not in ("turn_end",)
    ]
    assert steps == [
        ("score", 0, "turn"),
        ("score", 0, "barrel_clamp"),
        ("barrel_climbed", 0, None),
        ("barrel_usurped", 1, None),
        ("barrel_fallen", 1, None),
        ("score", 1, "barrel_fall"),
        ("overtaken", 2, None),
        ("score", 2, "overtaken"),
        ("samosval", 2, None),
        ("score", 2, "samosval"),
    ]
    assert state.scores() == [880, 780, 0]


def test_score_floor_keeps_penalties_at_zero() -> None:
    state = start(score_floor=0)
    state.setup(scores=[30, 0, 0], opened=[True, False, False], bolts=[2, 0, 0])
    events = skip(state)
    assert changes(events) == [(0, -30, "bolt_penalty")]
    state = start()
    state.setup(scores=[30, 0, 0], opened=[True, False, False], bolts=[2, 0, 0])
    skip(state)
    assert state.scores()[0] == -70


# --- bolts ------------------------------------------------------------------------------


def test_three_bolts_cost_100_and_reset() -> None:
    state = start(players=2)
    state.setup(scores=[300, 0], opened=[True, False])
    for count in (1, 2):
        events = skip(state)
        assert of_type(events, "bolt") == [
            {"type": "bolt", "seat": 0, "bolts": count, "counted": True}
        ]
        skip(state)
    events = skip(state)
    assert changes(events) == [(0, -100, "bolt_penalty")]
    assert state.bolts == [0, 0]
    assert state.scores() == [200, 0]


def test_bolts_not_counted_while_unopened() -> None:
    state = start()
    events = skip(state)
    assert of_type(events, "bolt")[0]["counted"] is False
    assert state.bolts == [0, 0, 0]


def test_bolts_not_counted_in_a_pit() -> None:
    state = start()
    state.setup(scores=[250, 0, 0], opened=[True, False, False])
    skip(state)
    assert state.bolts == [0, 0, 0]
    state = start(bolts_in_pit=True)
    state.setup(scores=[250, 0, 0], opened=[True, False, False])
    skip(state)
    assert state.bolts == [1, 0, 0]


def test_bolts_not_counted_on_the_barrel() -> None:
    state = start()
    state.setup(scores=[880, 0, 0], opened=[True, False, False], on_barrel=[True, False, False])
    skip(state)
    assert state.bolts == [0, 0, 0]
    state = start(bolts_on_barrel=True)
    state.setup(scores=[880, 0, 0], opened=[True, False, False], on_barrel=[True, False, False])
    skip(state)
    assert state.bolts == [1, 0, 0]


def test_bolt_penalty_50_in_ussr() -> None:
    state = start("ussr")
    state.setup(scores=[300, 0, 0], opened=[True, False, False], bolts=[2, 0, 0])
    assert changes(skip(state)) == [(0, -50, "bolt_penalty")]


def test_bolts_in_a_row_reset_by_a_recorded_turn() -> None:
    for in_a_row, expected in ((True, 0), (False, 2)):
        state = start(players=2, bolts_in_a_row=in_a_row)
        state.setup(scores=[300, 0], opened=[True, False], bolts=[2, 0])
        play(state, [1, 2, 3, 4, 6], "stop")
        assert state.bolts[0] == expected


def test_bolts_counted_before_opening_may_make_the_score_negative() -> None:
    state = start(players=2, bolts_while_unopened=True)
    for _ in range(3):
        skip(state, 2)
    assert state.opened == [False, False]
    assert state.scores() == [-100, -100]
    play(state, [1, 1, 1, 5, 2], "stop")
    assert state.scores() == [5, -100]


def test_no_bolts_option() -> None:
    state = start("barrel850")
    state.setup(scores=[300, 0, 0], opened=[True, False, False], bolts=[2, 0, 0])
    events = skip(state)
    assert of_type(events, "bolt") == []
    assert state.scores()[0] == 300


# --- barrel by points (classic) ----------------------------------------------------------


def test_barrel_climbing_clamps_the_score_to_880() -> None:
    state = start()
    state.setup(scores=[800, 0, 0], opened=[True, False, False])
    events = play(state, [1, 1, 1, 2, 3], "stop")
    assert changes(events) == [(0, 100, "turn"), (0, -20, "barrel_clamp")]
    assert of_type(events, "barrel_climbed") == [
        {"type": "barrel_climbed", "seat": 0, "score": 880}
    ]
    assert state.on_barrel == [True, False, False]


def test_barrel_needs_120_in_one_turn_and_wins() -> None:
    state = start()
    state.setup(scores=[880, 0, 0], opened=[True, False, False], on_barrel=[True, False, False])
    assert state.need() == 120
    play(state, [1, 1, 1, 5, 2])
    assert illegal(state, {"type": "stop"}) == "barrel"
    state = start()
    state.setup(scores=[880, 0, 0], opened=[True, False, False], on_barrel=[True, False, False])
    events = play(state, [6, 6, 6, 6, 2], "stop")
    assert of_type(events, "win") == [{"type": "win", "seat": 0, "score": 1000, "why": "goal"}]
    assert state.to_move() == OVER
    result = state.result()
    assert result is not None
    assert (result.winner, result.ranking[0], result.reason) == (0, 0, "goal")


def test_barrel_three_attempts_counted_from_the_next_turn_then_fall() -> None:
    state = start(players=2)
    state.setup(scores=[800, 0], opened=[True, False])
    play(state, [1, 1, 1, 2, 3], "stop")
    assert state.tries == [0, 0]
    for used in (1, 2):
        skip(state)
        events = skip(state)
        assert of_type(events, "barrel_attempt") == [
            {"type": "barrel_attempt", "seat": 0, "used": used, "of": 3}
        ]
    skip(state)
    events = skip(state)
    assert of_type(events, "barrel_fallen") == [
        {"type": "barrel_fallen", "seat": 0, "falls": 1, "why": "attempts"}
    ]
    assert changes(events) == [(0, -100, "barrel_fall")]
    assert (state.scores(), state.on_barrel, state.falls) == ([780, 0], [False, False], [1, 0])


def test_barrel_third_fall_sets_the_score_to_zero() -> None:
    state = start()
    state.setup(
        scores=[880, 0, 0],
        opened=[True, False, False],
        on_barrel=[True, False, False],
        barrel_attempts=[2, 0, 0],
        barrel_falls=[2, 0, 0],
    )
    events = skip(state)
    assert changes(events) == [(0, -880, "barrel_fall")]
    assert (state.scores()[0], state.falls[0], state.opened[0]) == (0, 0, True)


def test_barrel_usurping_knocks_the_sitter_off_with_a_counted_fall() -> None:
    state = start()
    state.setup(scores=[800, 880, 0], opened=[True, True, False], on_barrel=[False, True, False])
    events = play(state, [1, 1, 1, 2, 3], "stop")
    assert of_type(events, "barrel_usurped") == [{"type": "barrel_usurped", "seat": 1, "by": 0}]
    assert of_type(events, "barrel_fallen")[0]["why"] == "usurped"
    assert state.scores() == [880, 780, 0]
    assert (state.on_barrel, state.falls) == ([True, False, False], [0, 1, 0])


def test_barrel_jump_from_below_past_1000_lands_on_880() -> None:
    state = start()
    state.setup(scores=[850, 0, 0], opened=[True, False, False])
    events = play(state, [1, 1, 1, 1, 2], "stop")
    assert changes(events) == [(0, 200, "turn"), (0, -170, "barrel_clamp")]
    assert state.to_move() == CHANCE
    assert state.scores()[0] == 880


def test_no_barrel_first_to_1000_wins() -> None:
    state = start("simple")
    state.setup(scores=[950, 0, 0], opened=[True, False, False])
    events = play(state, [1, 1, 1, 2, 3], "stop")
    assert of_type(events, "win")[0]["score"] == 1050
    assert state.to_move() == OVER


# --- open barrel ----------------------------------------------------------------------------


def test_open_barrel_needs_exactly_1000() -> None:
    state = start(barrel="open")
    state.setup(scores=[900, 0, 0], opened=[True, False, False])
    assert state.view(0)["cap"] == 100
    play(state, [1, 1, 1, 2, 3], "stop")
    result = state.result()
    assert result is not None and result.winner == 0


def test_open_barrel_point_ends_the_turn_when_passing_1000() -> None:
    state = start(barrel="open")
    state.setup(scores=[950, 0, 0], opened=[True, False, False])
    events = play(state, [1, 1, 1, 2, 3])
    assert of_type(events, "turn_end")[0]["why"] == "point"
    assert of_type(events, "barrel_point") == [{"type": "barrel_point", "seat": 0, "points": 1}]
    assert of_type(events, "bolt") == []
    assert state.scores()[0] == 950


def test_open_barrel_six_points_cost_100_and_reset() -> None:
    state = start(barrel="open", barrel_max_falls=None)
    state.setup(scores=[950, 0, 0], opened=[True, False, False], barrel_points=[5, 0, 0])
    events = play(state, [1, 1, 1, 2, 3])
    assert changes(events) == [(0, -100, "barrel_fall")]
    assert state.points == [0, 0, 0]


def test_open_barrel_point_in_choose_mode_only_for_keeps_that_pass() -> None:
    state = start(barrel="open", set_aside="choose")
    state.setup(scores=[950, 0, 0], opened=[True, False, False])
    play(state, [1, 1, 1, 5, 2])
    legal = state.legal_actions()
    assert {"type": "stop", "keep": [1, 1, 1]} not in legal
    assert {"type": "roll", "keep": [1, 1, 1]} in legal
    assert {"type": "stop", "keep": [1, 1, 5]} in legal


# --- barrel850 and ussr barrels ------------------------------------------------------------


def test_barrel850_clamps_to_850_and_needs_150() -> None:
    state = start("barrel850")
    state.setup(scores=[800, 0, 0], opened=[True, False, False])
    play(state, [1, 1, 1, 2, 3], "stop")
    assert state.scores()[0] == 850
    state.setup(turn=0)
    assert state.need() == 150


def test_barrel850_attempts_are_unlimited() -> None:
    state = start("barrel850", players=2)
    state.setup(scores=[850, 0], opened=[True, False], on_barrel=[True, False])
    skip(state, 10)
    assert (state.on_barrel[0], state.scores()[0], state.tries[0]) == (True, 850, 5)


def test_barrel850_usurped_sitter_goes_back_to_opening_score() -> None:
    state = start("barrel850")
    state.setup(
        scores=[800, 850, 0],
        opened=[True, True, False],
        on_barrel=[False, True, False],
        opening=[75, 80, 0],
    )
    events = play(state, [1, 1, 1, 2, 3], "stop")
    assert (1, -770, "barrel_usurped") in changes(events)
    assert state.scores() == [850, 80, 0]
    assert state.on_barrel == [True, False, False]


def test_barrel850_opening_score_is_remembered() -> None:
    state = start("barrel850")
    play(state, [1, 1, 1, 2, 3], "stop")
    assert state.opening[0] == 100


def test_ussr_barrel_keeps_the_score_between_900_and_999() -> None:
    state = start("ussr")
    state.setup(scores=[890, 0, 0], opened=[True, False, False])
    play(state, [1, 2, 3, 4, 6], "stop")
    assert (state.scores()[0], state.on_barrel[0]) == (900, True)
    state.setup(scores=[870, 0, 0], on_barrel=[False, False, False], turn=0)
    play(state, [1, 1, 1, 5, 2], "stop")
    assert (state.scores()[0], state.on_barrel[0]) == (975, True)
    state.setup(turn=0)
    assert state.need() == 25


def test_ussr_barrel_jump_to_1000_from_below_lands_on_900() -> None:
    """No clamp acts in ussr: the score change is named after the landing (issue 31)."""
    state = start("ussr")
    state.setup(scores=[850, 0, 0], opened=[True, False, False])
    events = play(state, [1, 1, 1, 1, 2], "stop")
    assert changes(events) == [(0, 200, "turn"), (0, -150, "barrel_landing")]
    assert (state.scores()[0], state.on_barrel[0]) == (900, True)


def test_ussr_barrel_three_tries_then_minus_100() -> None:
    state = start("ussr")
    state.setup(
        scores=[950, 0, 0],
        opened=[True, False, False],
        on_barrel=[True, False, False],
        barrel_attempts=[2, 0, 0],
        barrel_falls=[5, 0, 0],
    )
    assert changes(skip(state)) == [(0, -100, "barrel_fall")]


def test_five_of_a_kind_wins_at_once() -> None:
    state = start("ussr")
    events = play(state, [3, 3, 3, 3, 3])
    assert of_type(events, "win") == [
        {"type": "win", "seat": 0, "score": 1000, "why": "five_of_a_kind"}
    ]
    result = state.result()
    assert result is not None
    assert (result.winner, result.reason) == (0, "five_of_a_kind")


def test_five_of_a_kind_without_the_option_only_scores() -> None:
    state = start()
    play(state, [1, 1, 1, 1, 1])
    assert (state.turn_total, state.must_roll, state.to_move()) == (1000, True, 0)


def test_double_on_two_dice_makes_hot_dice_in_ussr() -> None:
    state = start("ussr")
    play(state, [1, 1, 1, 2, 3], "roll")
    events = play(state, [3, 3])
    aside = of_type(events, "set_aside")[0]
    assert (aside["points"], aside["hot"]) == (0, True)
    assert (state.turn_total, state.dice_left, state.must_roll) == (100, 0, True)


# --- the end of the game ---------------------------------------------------------------------


def test_round_cap_ends_the_game_and_ranks_by_score() -> None:
    state = start(max_rounds=1)
    state.setup(opened=[True, True, True])
    play(state, [1, 1, 1, 2, 3], "stop")
    skip(state)
    events = play(state, [1, 1, 1, 2, 3], "stop")
    over = of_type(events, "game_over")[0]
    assert (over["reason"], over["winner"], over["ranking"]) == ("round_cap", None, [0, 2, 1])
    assert state.to_move() == OVER


def test_ranking_ties_go_to_who_reached_the_score_first() -> None:
    state = start(max_rounds=1, first=1)
    state.setup(opened=[True, True, True])
    skip(state)
    play(state, [1, 1, 1, 2, 3], "stop")
    play(state, [1, 1, 1, 2, 3], "stop")
    result = state.result()
    assert result is not None
    assert result.ranking == [2, 0, 1]
    assert result.places == [2, 3, 1]


def test_ranking_puts_the_winner_first() -> None:
    state = start("ussr", first=1)
    state.setup(scores=[0, 0, 1500], opened=[True, False, True])
    play(state, [6, 6, 6, 6, 6])
    result = state.result()
    assert result is not None
    assert result.ranking == [1, 2, 0]


def test_a_penalty_below_the_barrel_takes_the_sitter_off() -> None:
    state = start(bolts_on_barrel=True)
    state.setup(
        scores=[880, 0, 0],
        opened=[True, False, False],
        on_barrel=[True, False, False],
        bolts=[2, 0, 0],
    )
    events = skip(state)
    assert changes(events) == [(0, -100, "bolt_penalty")]
    assert of_type(events, "barrel_left") == [{"type": "barrel_left", "seat": 0, "score": 780}]
    assert (state.on_barrel[0], state.tries[0], state.falls[0]) == (False, 0, 0)


def test_a_bolt_on_the_barrel_is_paid_before_the_fall_to_zero() -> None:
    """A zero throw that is both the bolt limit and the last fall ends on 0, not on -100: the
    bolt's penalty comes first and the fall to 0 wipes it with the rest (the other order, the
    engine's until issue 31, took the 0 down to -100)."""
    state = start(bolts_on_barrel=True)
    state.setup(
        scores=[880, 0, 0],
        opened=[True, False, False],
        on_barrel=[True, False, False],
        barrel_attempts=[2, 0, 0],
        barrel_falls=[2, 0, 0],
        bolts=[2, 0, 0],
    )
    events = skip(state)
    assert changes(events) == [(0, -100, "bolt_penalty"), (0, -780, "barrel_fall")]
    assert [e["type"] for e in events if e["type"] != "throw"] == [
        "turn_end",
        "barrel_attempt",
        "bolt",
        "score",
        "barrel_fallen",
        "score",
    ]
    assert (state.scores()[0], state.bolts[0], state.falls[0]) == (0, 0, 0)


def test_a_bolt_on_the_barrel_and_a_plain_fall_pay_both() -> None:
    """Before the last fall the order changes only the order of the events: both are paid."""
    state = start(bolts_on_barrel=True)
    state.setup(
        scores=[880, 0, 0],
        opened=[True, False, False],
        on_barrel=[True, False, False],
        barrel_attempts=[2, 0, 0],
        bolts=[2, 0, 0],
    )
    events = skip(state)
    assert changes(events) == [(0, -100, "bolt_penalty"), (0, -100, "barrel_fall")]
    assert of_type(events, "barrel_left") == []  # fallen, not pushed off
    assert (state.scores()[0], state.on_barrel[0], state.falls[0]) == (680, False, 1)


def test_a_bolt_the_barrel_exempts_is_shown_after_the_fall_as_replays_have_it() -> None:
    state = start()
    state.setup(
        scores=[880, 0, 0],
        opened=[True, False, False],
        on_barrel=[True, False, False],
        barrel_attempts=[2, 0, 0],
        bolts=[2, 0, 0],
    )
    events = skip(state)
    assert [e["type"] for e in events if e["type"] != "throw"] == [
        "turn_end",
        "barrel_attempt",
        "barrel_fallen",
        "score",
        "bolt",
    ]
    assert of_type(events, "bolt")[0]["counted"] is False
    assert state.scores()[0] == 780


def test_samosval_by_a_barrel_fall() -> None:
    state = start(barrel_fall_penalty=325)
    state.setup(
        scores=[880, 0, 0],
        opened=[True, False, False],
        on_barrel=[True, False, False],
        barrel_attempts=[2, 0, 0],
    )
    assert changes(skip(state)) == [(0, -325, "barrel_fall"), (0, -555, "samosval")]


def test_open_barrel_points_falls_are_counted() -> None:
    state = start(barrel="open")
    state.setup(
        scores=[950, 0, 0],
        opened=[True, False, False],
        barrel_points=[5, 0, 0],
        barrel_falls=[2, 0, 0],
    )
    events = play(state, [1, 1, 1, 2, 3])
    assert of_type(events, "barrel_fallen")[0] == {
        "type": "barrel_fallen",
        "seat": 0,
        "falls": 3,
        "why": "points",
    }
    assert changes(events) == [(0, -950, "barrel_fall")]


def test_barrel_usurp_none_lets_several_sit() -> None:
    state = start(barrel_usurp="none")
    state.setup(scores=[800, 880, 0], opened=[True, True, False], on_barrel=[False, True, False])
    events = play(state, [1, 1, 1, 2, 3], "stop")
    assert of_type(events, "barrel_usurped") == []
    assert state.on_barrel == [True, True, False]
    assert state.scores() == [880, 880, 0]


def test_choose_mode_confirmation_needs_no_keep() -> None:
    state = start(set_aside="choose", confirm_hot_dice=True)
    state.setup(opened=[True, False, False])
    play(state, [1, 1, 5, 5, 1], {"type": "roll", "keep": [1, 1, 1, 5, 5]})
    assert state.view(0)["confirming"] is True
    events = play(state, [1, 2, 3, 4, 6])
    end = of_type(events, "turn_end")[0]
    assert (end["why"], end["recorded"]) == ("confirmed", 120)


def test_five_of_a_kind_wins_at_once_in_choose_mode() -> None:
    state = start("ussr", set_aside="choose")
    events = play(state, [2, 2, 2, 2, 2])
    assert of_type(events, "win")[0]["why"] == "five_of_a_kind"
    assert state.to_move() == OVER
