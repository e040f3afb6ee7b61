"""The lot, the deal, redeals, bidding, its limit, the talon and blind bidding."""

from __future__ import annotations

import random

import pytest
from cards_support import act, dealt, fill, rules

from thousand.cards import new_game
from thousand.game import CHANCE, IllegalAction

PLAIN = fill(["", "AH TH KH QH AS TS AC", "9H JH 9S JS QS 9C JC"], "TC KC QC")
"""Seat 1 holds the ♥ marriage; the talon holds the ♣ marriage."""


def test_first_dealer_by_lot_and_the_deal_passes_left() -> None:
    state = new_game(rules(), 3)
    assert state.to_move() == CHANCE
    lot = state.sample_chance(random.Random(5))
    assert lot["type"] == "first_dealer" and 0 <= lot["seat"] < 3
    state.apply({"type": "first_dealer", "seat": 2})
    deal = state.sample_chance(random.Random(1))
    events = state.apply(deal)
    assert events[0] == {
        "type": "deal_started",
        "deal": 1,
        "dealer": 2,
        "hundred": 0,
        "sitting_out": None,
        "golden": False,
    }
    state.apply({"type": "pass"})
    state.apply({"type": "pass"})
    state.apply({"type": "concede"})
    assert state.view(0)["phase"] == "deal"
    state.apply(state.sample_chance(random.Random(2)))
    assert state.view(0)["dealer"] == 0
    assert state.view(0)["hundred"] == 1


def test_each_player_gets_7_cards_and_3_go_to_the_talon() -> None:
    state, events = dealt(PLAIN[:3], PLAIN[3])
    hands = [e for e in events if e["type"] == "hand"]
    assert [(e["to"], len(e["cards"])) for e in hands] == [(0, 7), (1, 7), (2, 7)]
    assert state.view(1)["hand"] == ["TS", "AS", "AC", "QH", "KH", "TH", "AH"]


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "deal", "hands": [["AS"] * 7] * 3, "talon": ["9S", "JS", "QS"]},
        {"type": "deal", "hands": [[], [], []], "talon": []},
        {"type": "deal", "hands": "nope", "talon": []},
        {"type": "deal"},
    ],
)
def test_a_deal_must_be_a_permutation_of_the_deck(bad: dict[str, object]) -> None:
    state = new_game(rules(), 3)
    state.apply({"type": "first_dealer", "seat": 0})
    before = state.view(0)
    with pytest.raises(IllegalAction) as error:
        state.apply(bad)
    assert error.value.rule == "malformed"
    assert state.view(0) == before


def test_player_left_of_dealer_is_on_the_hundred() -> None:
    state, events = dealt(PLAIN[:3], PLAIN[3])
    assert {"type": "bid", "seat": 1, "value": 100, "opening": True} in events
    view = state.view(2)
    assert (view["high_bid"], view["high_bidder"], view["to_move"]) == (100, 1, 2)


def test_bids_rise_in_steps_of_bid_step() -> None:
    state, _ = dealt(PLAIN[:3], PLAIN[3])
    assert [a["value"] for a in state.legal_actions() if a["type"] == "bid"] == [105, 110, 115, 120]
    for value, rule in ((100, "bid_too_low"), (107, "bid_step"), (125, "bid_limit")):
        with pytest.raises(IllegalAction) as error:
            act(state, type="bid", value=value)
        assert error.value.rule == rule
    state10, _ = dealt(PLAIN[:3], PLAIN[3], rules_=rules(bid_step=10))
    assert [a["value"] for a in state10.legal_actions() if a["type"] == "bid"] == [110, 120]


def test_passing_is_final_and_the_last_bidder_declares() -> None:
    state, _ = dealt(PLAIN[:3], PLAIN[3])
    act(state, type="bid", value=105)  # seat 2
    act(state, type="pass")  # seat 0 is out
    act(state, type="bid", value=110)  # seat 1
    assert state.to_move() == 2
    events = act(state, type="pass")
    assert {"type": "declarer", "seat": 1, "contract": 110, "blind": False} in events
    assert state.view(0)["passed"] == [True, False, True]


def test_bid_limit_is_120_plus_marriages_in_hand() -> None:
    """Seat 1 holds K♥ Q♥: its limit is 220; seat 2 holds no marriage: 120."""
    state, _ = dealt(PLAIN[:3], PLAIN[3])
    act(state, type="bid", value=120)
    act(state, type="pass")
    assert state.view(1)["bid_limit"] == 220
    assert max(a.get("value", 0) for a in state.legal_actions()) == 220
    with pytest.raises(IllegalAction) as error:
        act(state, type="bid", value=225)
    assert error.value.rule == "bid_limit"
    act(state, type="bid", value=220)
    assert state.view(2)["bid_limit"] == 120


def test_bid_limit_never_above_max_bid() -> None:
    hands = fill(["", "KS QS KC QC KD QD KH", "QH"], "")
    state, _ = dealt(hands[:3], hands[3])
    assert state.view(1)["bid_limit"] == 300  # 120 + 40 + 60 + 80 would be 300 anyway
    low, _ = dealt(hands[:3], hands[3], rules_=rules(max_bid=200))
    assert low.view(1)["bid_limit"] == 200


def test_ace_marriage_counts_in_the_limit_when_on() -> None:
    hands = fill(["", "AS AC AD AH 9S 9C 9D", ""], "")
    state, _ = dealt(hands[:3], hands[3], rules_=rules("polish"))
    assert state.view(1)["bid_limit"] == 300  # 120 + 200, polish keeps max_bid 300
    off, _ = dealt(hands[:3], hands[3], rules_=rules(max_bid=300))
    assert off.view(1)["bid_limit"] == 120
    capped, _ = dealt(hands[:3], hands[3], rules_=rules("polish", max_bid=300))
    assert capped.view(1)["bid_limit"] == 300
    wide, _ = dealt(hands[:3], hands[3], rules_=rules("polish", max_bid=400))
    assert wide.view(1)["bid_limit"] == 320


def test_both_others_pass_at_once_the_talon_is_taken_unseen() -> None:
    state, _ = dealt(PLAIN[:3], PLAIN[3])
    act(state, type="pass")
    events = act(state, type="pass")
    public = [e for e in events if e["type"] == "talon" and "to" not in e]
    private = [e for e in events if e["type"] == "talon" and "to" in e]
    assert public == [{"type": "talon", "seat": 1, "cards": None}]
    assert private[0]["to"] == 1 and private[0]["cards"] == ["QC", "KC", "TC"]
    assert state.view(0)["talon"] is None and state.view(2)["talon"] is None
    assert state.view(1)["talon"] == ["QC", "KC", "TC"]
    assert len(state.view(1)["hand"]) == 10


def test_show_talon_on_hundred_option() -> None:
    state, _ = dealt(PLAIN[:3], PLAIN[3], rules_=rules(show_talon_on_hundred=True))
    act(state, type="pass")
    act(state, type="pass")
    assert state.view(0)["talon"] == ["QC", "KC", "TC"]


def test_after_a_raise_the_talon_is_turned_face_up() -> None:
    state, _ = dealt(PLAIN[:3], PLAIN[3])
    act(state, type="bid", value=105)
    act(state, type="pass")
    events = act(state, type="pass")
    assert {"type": "talon", "seat": 2, "cards": ["QC", "KC", "TC"]} in events
    assert state.view(0)["talon"] == ["QC", "KC", "TC"]


def test_redeal_with_four_nines_at_the_first_turn() -> None:
    hands = fill(["", "", "9S 9C 9D 9H AS AC AD"], "")
    state, _ = dealt(hands[:3], hands[3])
    assert {"type": "redeal"} in state.legal_actions()
    events = act(state, type="redeal")
    assert events == [{"type": "redeal", "seat": 2, "reason": "four_nines"}]
    assert state.to_move() == CHANCE
    assert state.view(0)["dealer"] == 0  # the same dealer deals again


def test_redeal_with_fewer_than_14_points() -> None:
    hands = fill(["", "", "9S 9C JS JC JD QH 9D"], "")
    state, _ = dealt(hands[:3], hands[3])
    assert act(state, type="redeal")[0]["reason"] in ("four_nines", "few_points")
    rich = fill(["", "", "9S 9C JS JC JD QH AD"], "")
    ok, _ = dealt(rich[:3], rich[3])
    assert {"type": "redeal"} not in ok.legal_actions()


def test_redeal_only_at_the_first_turn() -> None:
    hands = fill(["", "", "9S 9C 9D 9H AS AC AD"], "", players=3)
    state, _ = dealt(hands[:3], hands[3])
    act(state, type="bid", value=105)
    act(state, type="bid", value=110)
    act(state, type="bid", value=115)
    assert state.to_move() == 2
    assert {"type": "redeal"} not in state.legal_actions()
    with pytest.raises(IllegalAction) as error:
        act(state, type="redeal")
    assert error.value.rule == "redeal"


def test_redeal_off() -> None:
    hands = fill(["", "", "9S 9C 9D 9H AS AC AD"], "")
    state, _ = dealt(hands[:3], hands[3], rules_=rules(redeal=False))
    assert {"type": "redeal"} not in state.legal_actions()


def test_declarer_may_redeal_a_talon_under_5_points() -> None:
    hands = fill(["", "AH TH KH QH AS TS AC"], "9S JS 9C")
    state, _ = dealt(hands[:3], hands[3])
    act(state, type="bid", value=105)
    act(state, type="pass")
    act(state, type="bid", value=110)
    act(state, type="pass")
    assert state.to_move() == 1 and {"type": "redeal"} in state.legal_actions()
    assert act(state, type="redeal") == [{"type": "redeal", "seat": 1, "reason": "poor_talon"}]
    rich = fill(["", "AH TH KH QH AS TS AC"], "9S JS QC")
    ok, _ = dealt(rich[:3], rich[3])
    act(ok, type="pass")
    act(ok, type="pass")
    assert {"type": "redeal"} not in ok.legal_actions()


def test_three_nines_on_the_hundred_option() -> None:
    hands = fill(["", "9S 9C 9D AS AC AD AH"], "TS TC TD")
    plain, _ = dealt(hands[:3], hands[3])
    act(plain, type="pass")
    act(plain, type="pass")
    assert {"type": "redeal"} not in plain.legal_actions()
    state, _ = dealt(hands[:3], hands[3], rules_=rules(redeal_three_nines_on_hundred=True))
    act(state, type="pass")
    act(state, type="pass")
    assert act(state, type="redeal")[0]["reason"] == "three_nines"


def test_blind_bidding_hides_the_hand_until_looked_and_doubles_the_result() -> None:
    table = rules("dark")
    state, events = dealt(PLAIN[:3], PLAIN[3], rules_=table)
    assert not [e for e in events if e["type"] == "hand"]
    assert state.view(2)["hand"] == [] and state.view(2)["hand_seen"] is False
    legal = state.legal_actions()
    assert {"type": "look"} in legal
    assert max(a["value"] for a in legal if a["type"] == "blind_bid") == 120
    with pytest.raises(IllegalAction):
        act(state, type="bid", value=105)
    act(state, type="blind_bid", value=110)
    assert state.to_move() == 0
    looked = act(state, type="look")
    assert looked[1] == {"type": "hand", "to": 0, "cards": state.view(0)["hand"]}
    act(state, type="pass")
    events = act(state, type="pass")
    assert {"type": "declarer", "seat": 2, "contract": 110, "blind": True} in events
    assert {"type": "talon", "seat": 2, "cards": None} in events
    assert any(e["type"] == "hand" and e["to"] == 2 for e in events)
    events = act(state, type="concede")
    assert (2, -220, "concede") in [
        (e["seat"], e["delta"], e["reason"]) for e in events if e["type"] == "score"
    ]
