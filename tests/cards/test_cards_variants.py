"""The 4- and 2-player variants, the golden round, the deal cap, the win, rules and presets."""

from __future__ import annotations

import random

import pytest
from cards_support import A_DEAL, A_PLAY, act, dealt, fill, play, rules, scores_of
from pydantic import ValidationError

from thousand.cards import PRESETS, SPEC, CardRules
from thousand.errors import RulesError
from thousand.game import CHANCE, OVER
from thousand.registry import game_spec
from thousand.rules_io import rules_from_mapping


def test_four_players_the_dealer_sits_out_and_scores_the_talon() -> None:
    table = PRESETS["four"]
    hands = fill(["", "AH TH AS TS AC TC AD", "9S JS QS KS 9C JC QC"], "KH QH 9H", players=4)
    state, events = dealt(hands[:4], hands[4], rules_=table)
    assert events[0]["sitting_out"] == 0
    assert {"type": "hand", "to": 0, "cards": []} in events
    assert state.view(0)["hand"] == [] and state.to_move() == 2
    act(state, type="pass")
    act(state, type="pass")
    legal = state.legal_actions()
    assert {a["to"] for a in legal if a["type"] == "give"} == {2, 3}
    events = act(state, type="concede")
    # talon K♥ Q♥ 9♥ = 7 points -> 5, plus the ♥ marriage lying in it: 105
    assert (0, 105, "talon") in scores_of(events)
    assert scores_of(events)[:3] == [
        (1, -100, "concede"),
        (2, 50, "concede_half"),
        (3, 50, "concede_half"),
    ]
    state.apply(state.sample_chance(random.Random(0)))
    assert state.view(1)["sitting_out"] == 1 and state.view(1)["hundred"] == 2


def test_four_player_talon_take_is_rounded() -> None:
    table = PRESETS["four"]
    hands = fill(["", "AH TH AS TS AC TC AD"], "KS QD 9H", players=4)  # 7 points
    state, _ = dealt(hands[:4], hands[4], rules_=table)
    act(state, type="pass")
    act(state, type="pass")
    assert (0, 5, "talon") in scores_of(act(state, type="concede"))


def test_two_players_two_talons_discards_and_the_last_trick() -> None:
    table = PRESETS["duel"]
    assert table.barrel_on is False
    hands = fill(
        ["9D JD QD KD TD AD 9H JH QH KH", "AS TS KS QS JS 9S AC TC KC QC"],
        "JC 9C AH TH",
        players=2,
    )
    state, events = dealt(hands[:2], hands[2], rules_=table)
    assert [len(e["cards"]) for e in events if e["type"] == "hand"] == [10, 10]
    assert state.to_move() == 0  # the dealer bids; seat 1 is on the hundred
    act(state, type="pass")
    assert state.legal_actions() == [
        {"type": "take_talon", "index": 0},
        {"type": "take_talon", "index": 1},
    ]
    events = act(state, type="take_talon", index=1)
    assert {"type": "talon", "seat": 1, "cards": None} in events  # the other passed at once
    assert state.view(0)["talon"] is None and state.view(1)["talon"] == ["TH", "AH"]
    act(state, type="discard", card="JS")
    act(state, type="discard", card="9S")
    assert state.view(1)["discards"] == ["9S", "JS"] and state.view(0)["discards"] is None
    act(state, type="contract", value=100)
    events = []
    while state.view(0)["phase"] == "play":
        events += state.apply(state.legal_actions()[0])
    result = next(e for e in events if e["type"] == "deal_result")
    assert sum(result["points"]) == 120
    last = [e for e in events if e["type"] == "trick"][-1]["winner"]
    other = next(e for e in events if e["type"] == "talon")
    assert other == {
        "type": "talon",
        "seat": last,
        "cards": ["9C", "JC"],
        "index": 0,
        "reason": "last_trick",
    }
    assert len([e for e in events if e["type"] == "trick"]) == 10


def test_deal_cap_ends_the_game_ranked_by_score() -> None:
    state, _ = dealt(A_DEAL[:3], A_DEAL[3], rules_=rules(max_deals=1))
    act(state, type="pass")
    act(state, type="pass")
    events = act(state, type="concede")
    assert state.to_move() == OVER
    result = state.result()
    assert result is not None and result.reason == "deal_cap"
    assert result.scores == [50, -100, 50] and result.ranking == [0, 2, 1] and result.winner is None
    assert events[-1]["type"] == "game_over"


def test_winning_from_the_barrel_ends_the_game() -> None:
    state, _ = dealt(A_DEAL[:3], A_DEAL[3])
    state.ledger.scores = [0, 880, 0]
    state.ledger.barrel_seat = 1
    act(state, type="pass")
    act(state, type="pass")
    act(state, type="give", card="QC", to=2)
    act(state, type="give", card="KC", to=0)
    act(state, type="contract", value=120)
    play(state, *A_PLAY[0])
    act(state, type="play", card="KH", marriage=True)
    play(state, *A_PLAY[1])
    events = play(state, *A_PLAY[2])
    assert (1, 120, "contract_made") in scores_of(events)
    result = state.result()
    assert result is not None and result.winner == 1 and result.reason == "target"
    assert result.ranking[0] == 1 and state.to_move() == OVER


def test_golden_round_forced_120_doubled() -> None:
    state, events = dealt(A_DEAL[:3], A_DEAL[3], rules_=PRESETS["golden"])
    assert {"type": "golden_contract", "seat": 1, "value": 120} in events
    assert state.view(0)["phase"] == "talon" and state.view(0)["talon"] == ["QC", "KC", "TC"]
    act(state, type="give", card="QC", to=2)
    act(state, type="give", card="KC", to=0)
    act(state, type="contract", value=120)
    play(state, *A_PLAY[0])
    act(state, type="play", card="KH", marriage=True)
    play(state, *A_PLAY[1])
    events = play(state, *A_PLAY[2])
    assert scores_of(events) == [(1, 240, "contract_made")]
    assert state.ledger.bolts == [2, 0, 2]


def test_golden_round_nobody_makes_it_scores_go_back_to_0() -> None:
    table = rules("duel", golden_round=True)
    hands = fill(["9D JD QD KD TD AD 9H JH QH KH"], "JC 9C AH TH", players=2)
    state, _ = dealt(hands[:2], hands[2], rules_=table)
    assert state.view(0)["phase"] == "choose_talon" and state.to_move() == 1
    act(state, type="take_talon", index=0)
    assert scores_of(act(state, type="concede")) == [(1, -240, "concede"), (0, 120, "concede_half")]
    state.apply(state.sample_chance(random.Random(0)))
    assert state.to_move() == 0
    act(state, type="take_talon", index=0)
    events = act(state, type="concede")
    assert {"type": "golden_failed"} in events
    assert scores_of(events, "golden_reset") == [(0, 120, "golden_reset"), (1, 120, "golden_reset")]
    assert state.scores() == [0, 0]
    state.apply(state.sample_chance(random.Random(0)))
    assert state.view(0)["golden"] is False and state.view(0)["phase"] == "bidding"


def test_presets_and_allowed_players() -> None:
    assert set(PRESETS) >= {"classic", "four", "duel", "polish", "golden"}
    assert PRESETS["classic"].allowed_players() == (3,)
    assert PRESETS["four"].allowed_players() == (4,)
    assert PRESETS["duel"].allowed_players() == (2,)
    polish = PRESETS["polish"]
    assert polish.must_beat and polish.bid_step == 10 and polish.ace_marriage
    assert PRESETS["golden"].golden_round
    classic = PRESETS["classic"]
    assert classic.redeal and classic.concede and classic.samosval and classic.barrel_on
    assert not classic.ace_marriage and not classic.golden_round and not classic.must_beat
    assert classic.max_deals == 300 and classic.barrel_falls_to_zero == 3
    for name, field in CardRules.model_fields.items():
        assert field.description, name


@pytest.mark.parametrize(
    "bad",
    [
        {"bid_step": 7},
        {"max_bid": 95},
        {"barrel_score": 1000},
        {"players": 5},
        {"golden_round": True, "max_bid": 115},
        {"surprise": 1},
    ],
)
def test_invalid_rules_are_rejected_with_a_clear_message(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        CardRules.model_validate(bad)
    with pytest.raises(RulesError):
        rules_from_mapping("cards", bad)


def test_spec_is_registered() -> None:
    assert game_spec("cards") is SPEC
    state = SPEC.new_game(PRESETS["classic"], 3)
    assert state.to_move() == CHANCE and state.num_players == 3
    loaded = rules_from_mapping("cards", {"preset": "four", "must_beat": True})
    assert isinstance(loaded, CardRules) and loaded.players == 4 and loaded.must_beat


def test_redeal_counts_toward_the_deal_cap() -> None:
    hands = fill(["", "", "9S 9C 9D 9H AS AC AD"], "")
    state, _ = dealt(hands[:3], hands[3], rules_=rules(max_deals=1))
    act(state, type="redeal")
    assert state.to_move() == OVER
