"""Passing cards, raising, conceding, following suit, trumps, tricks and marriages."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from cards_support import (
    A_DEAL,
    TRUMP_DEAL,
    act,
    dealt,
    fill,
    play,
    rules,
    scores_of,
    to_play,
)

from thousand.cards import CardState
from thousand.cards.cards import CARD_INT
from thousand.game import Event, IllegalAction


def scenario_a(**changes: Any) -> tuple[CardState, list[Event]]:
    return to_play(A_DEAL[:3], A_DEAL[3], (("QC", 2), ("KC", 0)), rules_=rules(**changes))


def test_declarer_gives_one_card_to_each_opponent() -> None:
    state, _ = dealt(A_DEAL[:3], A_DEAL[3])
    act(state, type="pass")
    act(state, type="pass")
    legal = state.legal_actions()
    assert {"type": "give", "card": "QC", "to": 2} in legal
    assert {"type": "give", "card": "QC", "to": 0} in legal
    assert len([a for a in legal if a["type"] == "give"]) == 20
    events = act(state, type="give", card="QC", to=2)
    assert events == [
        {"type": "give", "seat": 1, "recipient": 2},
        {"type": "given", "to": 2, "seat": 1, "card": "QC"},
    ]
    assert state.view(0)["given"] == [{"to": 2, "card": None}]
    assert state.view(2)["given"] == [{"to": 2, "card": "QC"}]
    assert "QC" in state.view(2)["hand"]
    with pytest.raises(IllegalAction) as error:
        act(state, type="give", card="AH", to=2)
    assert error.value.rule == "give_to"
    act(state, type="give", card="KC", to=0)
    assert [len(state.view(s)["hand"]) for s in range(3)] == [8, 8, 8]
    assert state.view(1)["phase"] == "contract"


def test_declarer_may_raise_the_contract_within_the_limit_never_lower() -> None:
    state, _ = dealt(A_DEAL[:3], A_DEAL[3])
    act(state, type="bid", value=105)
    act(state, type="pass")
    act(state, type="bid", value=110)
    act(state, type="pass")
    act(state, type="give", card="QC", to=2)
    act(state, type="give", card="KC", to=0)
    values = [a["value"] for a in state.legal_actions()]
    assert values[0] == 110 and values[-1] == 220  # 120 + ♥ 100 on the 8 cards held now
    for value, rule in ((105, "contract_lower"), (225, "bid_limit"), (112, "bid_step")):
        with pytest.raises(IllegalAction) as error:
            act(state, type="contract", value=value)
        assert error.value.rule == rule
    assert act(state, type="contract", value=150) == [{"type": "contract", "seat": 1, "value": 150}]


def test_concede_105_gives_each_opponent_55() -> None:
    state, _ = dealt(A_DEAL[:3], A_DEAL[3])
    act(state, type="bid", value=105)
    act(state, type="pass")
    act(state, type="pass")
    assert state.view(0)["declarer"] == 2
    events = act(state, type="concede")
    assert scores_of(events) == [
        (2, -105, "concede"),
        (1, 55, "concede_half"),
        (0, 55, "concede_half"),
    ]


def test_concede_only_before_giving_cards() -> None:
    state, _ = dealt(A_DEAL[:3], A_DEAL[3])
    act(state, type="pass")
    act(state, type="pass")
    act(state, type="give", card="QC", to=2)
    assert {"type": "concede"} not in state.legal_actions()
    with pytest.raises(IllegalAction) as error:
        act(state, type="concede")
    assert error.value.rule == "concede"


def test_concede_option_off() -> None:
    state, _ = dealt(A_DEAL[:3], A_DEAL[3], rules_=rules(concede=False))
    act(state, type="pass")
    act(state, type="pass")
    assert {"type": "concede"} not in state.legal_actions()


def test_concede_without_penalty_gives_a_bolt() -> None:
    state, _ = dealt(A_DEAL[:3], A_DEAL[3], rules_=rules(concede_penalty=False))
    act(state, type="pass")
    act(state, type="pass")
    events = act(state, type="concede")
    assert scores_of(events) == [(2, 50, "concede_half"), (0, 50, "concede_half")]
    assert {"type": "bolt", "seat": 1, "bolts": 1} in events


def test_no_concede_on_the_barrel() -> None:
    state, _ = dealt(A_DEAL[:3], A_DEAL[3])
    state.ledger.barrel_seat = 1
    state.ledger.scores[1] = 880
    act(state, type="pass")
    act(state, type="pass")
    assert {"type": "concede"} not in state.legal_actions()
    with pytest.raises(IllegalAction) as error:
        act(state, type="concede")
    assert "barrel" in str(error.value)


def test_declarer_leads_the_first_trick_and_follow_suit() -> None:
    state, _ = scenario_a()
    assert state.to_move() == 1
    play(state, "AS")
    assert [a["card"] for a in state.legal_actions()] == ["9S", "JS", "QS", "KS"]
    with pytest.raises(IllegalAction) as error:
        play(state, "9H")
    assert error.value.rule == "follow_suit"
    assert "♠" in str(error.value)


def test_without_the_suit_and_without_trump_any_card() -> None:
    state, _ = scenario_a()
    play(state, "AS", "9S")
    assert len(state.legal_actions()) == 8  # seat 0 holds no spade and there is no trump yet


def test_trick_goes_to_the_highest_card_of_the_suit_led() -> None:
    state, _ = scenario_a()
    events = play(state, "AS", "9S", "JC")
    assert events[-1] == {"type": "trick", "winner": 1, "cards": ["AS", "9S", "JC"], "points": 13}
    assert state.to_move() == 1


def test_marriage_only_when_leading_after_taking_a_trick() -> None:
    state, _ = scenario_a()
    assert not [a for a in state.legal_actions() if a.get("marriage")]
    with pytest.raises(IllegalAction) as error:
        act(state, type="play", card="KH", marriage=True)
    assert error.value.rule == "marriage"
    play(state, "AS", "9S", "JC")
    legal = state.legal_actions()
    assert {"type": "play", "card": "KH", "marriage": True} in legal
    assert {"type": "play", "card": "QH", "marriage": True} in legal
    assert {"type": "play", "card": "KH"} in legal
    events = act(state, type="play", card="KH", marriage=True)
    assert events[1] == {"type": "marriage", "seat": 1, "suit": "H", "value": 100}
    assert state.view(0)["trump"] == "H"


def test_leading_a_marriage_card_without_declaring_is_legal() -> None:
    state, _ = scenario_a()
    events = play(state, "KH")
    assert [e["type"] for e in events] == ["play"]
    assert state.view(0)["trump"] is None


def test_marriage_on_first_lead_option() -> None:
    state, _ = scenario_a(marriage_on_first_lead=True)
    assert {"type": "play", "card": "QH", "marriage": True} in state.legal_actions()


def test_marriage_impossible_once_one_of_the_pair_is_played() -> None:
    state, _ = scenario_a()
    play(state, "AS", "9S", "JC", "KH", "9H", "9D")
    assert not [a for a in state.legal_actions() if a.get("marriage")]


def test_a_void_player_must_trump_and_the_trump_beats_the_suit_led() -> None:
    hands = TRUMP_DEAL
    state, _ = to_play(hands[:3], hands[3], (("9D", 2), ("JD", 0)))
    play(state, "AS", "KS", "9C")
    act(state, type="play", card="KH", marriage=True)
    assert [a["card"] for a in state.legal_actions()] == ["9H", "JH", "TH", "AH"]
    play(state, "9H", "JC")
    play(state, "AC")
    assert [a["card"] for a in state.legal_actions()] == ["JH", "TH", "AH"]
    with pytest.raises(IllegalAction) as error:
        play(state, "QD")
    assert error.value.rule == "trump"
    assert "♥" in str(error.value)
    events = play(state, "JH", "TC")
    assert events[-1] == {"type": "trick", "winner": 2, "cards": ["AC", "JH", "TC"], "points": 23}


def test_must_beat_applies_to_trumping_too() -> None:
    """Over-trumping: no natural 3-player deal reaches it under must_beat without many tricks,
    so the trick is set up directly: ♥ is trump, A♣ led, J♥ trumped, seat 0 holds 9♥ and A♥."""
    hands = TRUMP_DEAL
    state, _ = to_play(hands[:3], hands[3], (("9D", 2), ("JD", 0)), rules_=rules(must_beat=True))
    bit = {c: 1 << CARD_INT[c] for c in ("AC", "JH", "9H", "AH", "KD")}
    state.trump = 3
    state.hands[0] = bit["9H"] | bit["AH"] | bit["KD"]
    state.trick, state.trick_seats = [CARD_INT["AC"], CARD_INT["JH"]], [1, 2]
    state.best_card, state.best_seat, state.turn = CARD_INT["JH"], 2, 0
    assert [a["card"] for a in state.legal_actions()] == ["AH"]
    with pytest.raises(IllegalAction) as error:
        play(state, "9H")
    assert error.value.rule == "must_beat"
    state.hands[0] = bit["9H"] | bit["KD"]
    assert [a["card"] for a in state.legal_actions()] == ["9H"]  # cannot beat: any trump


def test_must_beat_when_following_a_trump_lead() -> None:
    hands = TRUMP_DEAL
    state, _ = to_play(hands[:3], hands[3], (("9D", 2), ("JD", 0)), rules_=rules(must_beat=True))
    play(state, "AS", "KS", "9C")
    act(state, type="play", card="QH", marriage=True)
    assert [a["card"] for a in state.legal_actions()] == ["TH", "AH"]
    with pytest.raises(IllegalAction) as error:
        play(state, "9H")
    assert error.value.rule == "must_beat"


def test_trump_changes_on_a_later_marriage() -> None:
    state, _ = to_play(A_DEAL[:3], A_DEAL[3], (("AC", 2), ("TS", 0)))
    play(state, "AS", "9S", "TS")
    act(state, type="play", card="KH", marriage=True)
    assert state.view(0)["trump"] == "H"
    play(state, "9H", "9D")
    events = act(state, type="play", card="QC", marriage=True)
    assert {"type": "marriage", "seat": 1, "suit": "C", "value": 60} in events
    assert state.view(2)["trump"] == "C"
    assert [m["suit"] for m in state.view(2)["marriages"]] == ["H", "C"]


def test_must_beat_option() -> None:
    hands = fill(["", "QS AH TH KH QH AC TC", "9S KS AS 9H JH 9C JC"], "KC QC JS")
    state, _ = to_play(hands[:3], hands[3], (("JS", 2), ("KC", 0)), rules_=rules(must_beat=True))
    play(state, "QS")
    assert [a["card"] for a in state.legal_actions()] == ["KS", "AS"]
    with pytest.raises(IllegalAction) as error:
        play(state, "9S")
    assert error.value.rule == "must_beat"
    plain, _ = to_play(hands[:3], hands[3], (("JS", 2), ("KC", 0)))
    play(plain, "QS")
    assert [a["card"] for a in plain.legal_actions()] == ["9S", "JS", "KS", "AS"]


def test_ace_marriage_scores_200_without_changing_trump() -> None:
    hands = fill(["", "AS AC AD AH KS TS TC", ""], "KH QH TH")
    state, _ = to_play(hands[:3], hands[3], (("KH", 2), ("QH", 0)), rules_=rules(ace_marriage=True))
    assert not [a for a in state.legal_actions() if a.get("ace_marriage")]
    play(state, "TS")  # the ace of spades is the declarer's, so the ten wins
    play(state, state.legal_actions()[0]["card"])
    play(state, state.legal_actions()[0]["card"])
    assert state.to_move() == 1
    legal = state.legal_actions()
    assert [a["card"] for a in legal if a.get("ace_marriage")] == ["AS", "AC", "AD", "AH"]
    assert state.legal_json() == orjson.dumps(legal)  # the list as the referee writes it
    events = act(state, type="play", card="AD", ace_marriage=True)
    assert events[1] == {"type": "ace_marriage", "seat": 1, "value": 200}
    assert state.view(0)["trump"] is None


def test_junk_actions_are_malformed_and_change_nothing() -> None:
    state, _ = scenario_a()
    before = state.view(1)
    for junk in (
        {"type": "play"},
        {"type": "play", "card": 5},
        {"type": "play", "card": "AS", "marriage": False},
        {"type": "play", "card": "AS", "marriage": 1},
        {"type": "play", "card": "AS", "x": 1},
        {"card": "AS"},
        "AS",
    ):
        with pytest.raises(IllegalAction) as error:
            state.apply(junk)  # type: ignore[arg-type]
        assert error.value.rule in ("malformed", "wrong_phase"), junk
    assert state.view(1) == before
