"""The rules model and presets, the action formats, views, validation of bad input, clones."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from pydantic import ValidationError

from thousand.dice import PRESETS, SPEC, DiceRules, new_game
from thousand.errors import RulesError
from thousand.game import CHANCE, IllegalAction
from thousand.registry import game_spec
from thousand.rules_io import rules_from_mapping, rules_table


def test_spec_is_registered() -> None:
    assert game_spec("dice") is SPEC
    assert SPEC.rules_model is DiceRules
    assert set(PRESETS) == {"classic", "ussr", "barrel850", "simple"}
    assert SPEC.default_players in PRESETS["classic"].allowed_players()


def test_every_field_has_a_description() -> None:
    for name, info in DiceRules.model_fields.items():
        assert info.description, name
    assert len(rules_table(PRESETS["classic"])) == len(DiceRules.model_fields)


def test_preset_classic_matches_the_table() -> None:
    r = PRESETS["classic"]
    assert (r.entry, r.pits, r.barrel, r.barrel_start, r.barrel_attempts) == (
        50,
        ((200, 300), (600, 700)),
        "points",
        880,
        3,
    )
    assert (r.barrel_fall_penalty, r.barrel_max_falls, r.barrel_usurp) == (100, 3, "fall")
    assert (r.bolts, r.bolt_limit, r.bolt_penalty, r.bolts_while_unopened) == (True, 3, 100, False)
    assert (r.overtake_penalty, r.samosval, r.samosval_mid_turn) == (50, 555, False)
    assert (r.four_kind_factor, r.five_of_a_kind_wins, r.double_on_two_dice) == (20, False, False)
    assert (r.set_aside, r.confirm_hot_dice, r.score_floor, r.max_rounds) == (
        "all",
        False,
        None,
        500,
    )


def test_preset_ussr_matches_the_table() -> None:
    r = PRESETS["ussr"]
    assert (r.entry, r.pits, r.four_kind_factor, r.four_ones, r.five_kind_flat) == (
        75,
        ((200, 300), (600, 700)),
        100,
        200,
        1000,
    )
    assert (r.five_of_a_kind_wins, r.double_on_two_dice) == (True, True)
    assert (r.barrel, r.barrel_start, r.barrel_clamp, r.barrel_attempts) == (
        "points",
        900,
        False,
        3,
    )
    assert (r.barrel_fall_penalty, r.barrel_usurp, r.bolt_penalty) == (100, "fall", 50)
    assert (r.samosval, r.samosval_mid_turn) == (555, True)


def test_preset_barrel850_matches_the_table() -> None:
    r = PRESETS["barrel850"]
    assert (r.entry, r.pits, r.barrel_start, r.barrel_clamp, r.barrel_attempts) == (
        75,
        (),
        850,
        True,
        None,
    )
    assert (r.barrel_usurp, r.bolts, r.confirm_hot_dice, r.four_kind_factor) == (
        "opening_score",
        False,
        True,
        20,
    )


def test_preset_simple_matches_the_table() -> None:
    r = PRESETS["simple"]
    assert (r.entry, r.pits, r.barrel, r.bolts, r.overtake_penalty, r.samosval) == (
        50,
        (),
        "none",
        False,
        0,
        None,
    )


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"pits": [[300, 200]]}, "0 < low < high"),
        ({"pits": [[200, 300], [250, 350]]}, "overlap"),
        ({"pits": [[800, 900]]}, "at or below 880"),
        ({"barrel_start": 1000}, "below goal"),
        ({"samosval": None, "samosval_mid_turn": True}, "needs a samosval"),
        ({"samosval": 900}, "samosval 900"),
        ({"entry": 900}, "entry"),
        ({"score_floor": 10}, "less than or equal"),
        ({"bolt_limit": 0}, "greater than or equal"),
        ({"barrel": "round"}, "none"),
        ({"set_aside": "some"}, "all"),
        ({"jokers": 1}, "Extra inputs"),
    ],
)
def test_rules_validation_gives_clear_messages(change: dict[str, Any], words: str) -> None:
    with pytest.raises(ValidationError) as caught:
        DiceRules.model_validate({**PRESETS["classic"].model_dump(), **change})
    assert words in str(caught.value)
    with pytest.raises(RulesError):
        rules_from_mapping("dice", change)


def test_rules_load_from_a_mapping_over_a_preset() -> None:
    r = rules_from_mapping("dice", {"preset": "simple", "entry": 25, "pits": [[300, 400]]})
    assert (r.entry, r.pits, r.barrel) == (25, ((300, 400),), "none")  # type: ignore[attr-defined]
    dumped = json.loads(json.dumps(PRESETS["ussr"].model_dump(mode="json")))
    assert DiceRules.model_validate(dumped) == PRESETS["ussr"]


def test_rules_are_frozen() -> None:
    with pytest.raises(ValidationError):
        PRESETS["classic"].entry = 10  # type: ignore[misc]


def test_malformed_actions_are_refused_without_change() -> None:
    state = new_game(PRESETS["classic"], 3)
    for bad in (None, [], "x", {}, {"type": "throw", "dice": [1, 2, 3, 4, 5]}, {"seat": 0}):
        with pytest.raises(IllegalAction) as caught:
            state.apply(bad)  # type: ignore[arg-type]
        assert caught.value.rule == "malformed"
    for bad in ({"type": "first_player", "seat": "0"}, {"type": "first_player", "seat": True}):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    state.apply({"type": "first_player", "seat": 0})
    bad_throws: list[Any] = [
        {"type": "throw", "dice": [1, 2, 3, 4]},
        {"type": "throw", "dice": [1, 2, 3, 4, 7]},
        {"type": "throw", "dice": [0, 2, 3, 4, 5]},
        {"type": "throw", "dice": [1, 2, 3, 4, True]},
        {"type": "throw", "dice": [1, 2, 3, 4, 5.0]},
        {"type": "throw", "dice": [1, 2, 3, 4, "5"]},
        {"type": "throw", "dice": "12345"},
        {"type": "throw", "dice": [1, 2, 3, 4, 5], "extra": 1},
        {"type": "roll"},
        {"type": "throw"},
    ]
    before = state.view(0)
    for bad in bad_throws:
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.view(0) == before
    state.apply({"type": "throw", "dice": [1, 2, 3, 4, 6]})
    for bad in (
        {"type": "stop"},
        {"type": "roll", "keep": [1]},
        {"type": "pass"},
        {"type": "roll", "x": None},
        {"type": "throw", "dice": [1, 2, 3, 4]},
    ):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    with pytest.raises(IllegalAction):
        state.sample_chance(random.Random(0))


def test_malformed_keep_actions_are_refused() -> None:
    r = DiceRules(set_aside="choose")
    state = new_game(r, 2)
    state.apply({"type": "first_player", "seat": 0})
    state.apply({"type": "throw", "dice": [1, 2, 3, 4, 6]})
    for bad in (
        {"type": "roll"},
        {"type": "roll", "keep": "1"},
        {"type": "roll", "keep": [1.0]},
        {"type": "roll", "keep": [True]},
        {"type": "roll", "keep": [1], "x": 1},
        {"type": "stop", "keep": [1]},
        {"type": "roll", "keep": [2]},
    ):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.legal_actions() == [{"type": "roll", "keep": [1]}]


def test_view_shows_the_whole_public_table() -> None:
    state = new_game(PRESETS["classic"], 3)
    view = state.view(1)
    assert (view["phase"], view["to_move"], view["turn"]) == ("lot", CHANCE, None)
    state.apply({"type": "first_player", "seat": 2})
    state.apply({"type": "throw", "dice": [1, 5, 3, 3, 4]})
    view = state.view(1)
    assert view == {
        "seat": 1,
        "game": "dice",
        "players": 3,
        "turn": 2,
        "first_player": 2,
        "round": 1,
        "turns_played": 0,
        "scores": (0, 0, 0),
        "opened": (False, False, False),
        "bolts": (0, 0, 0),
        "on_barrel": (False, False, False),
        "barrel_attempts": (0, 0, 0),
        "barrel_falls": (0, 0, 0),
        "barrel_points": (0, 0, 0),
        "need": 50,
        "cap": None,
        "winner": None,
        "phase": "decide",
        "to_move": 2,
        "turn_total": 15,
        "dice_left": 3,
        "set_aside": (1, 5),
        "throw": (1, 5, 3, 3, 4),
        "must_roll": False,
        "confirming": False,
        "choosing": False,
    }
    assert json.loads(json.dumps(view))["scores"] == [0, 0, 0]
    assert state.view(0) == {**view, "seat": 0}
    with pytest.raises(ValueError):
        state.view(3)


def test_clone_is_independent() -> None:
    state = new_game(PRESETS["classic"], 3)
    state.apply({"type": "first_player", "seat": 0})
    state.setup(scores=[100, 0, 0], opened=[True, False, False])
    copy = state.clone()
    state.apply({"type": "throw", "dice": [1, 1, 1, 2, 3]})
    state.apply({"type": "stop"})
    assert copy.scores() == [100, 0, 0]
    assert copy.view(0)["turn_total"] == 0
    copy.apply({"type": "throw", "dice": [2, 3, 4, 6, 6]})
    assert state.scores() == [200, 0, 0]
    assert state.view(0)["turn"] == 1


def test_setup_only_between_turns() -> None:
    state = new_game(PRESETS["classic"], 2)
    state.apply({"type": "first_player", "seat": 0})
    with pytest.raises(ValueError):
        state.setup(scores=[1, 2, 3])
    state.apply({"type": "throw", "dice": [1, 2, 3, 4, 6]})
    with pytest.raises(ValueError):
        state.setup(scores=[1, 2])
