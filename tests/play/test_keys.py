"""What a person types at the seat: every way of naming an action picks exactly the engine's
legal action, and every wrong (or hostile) line is refused with a reason, never guessed."""

from __future__ import annotations

import random

import pytest

from referee.play.keys import NotUnderstood, choices, choose, parse_card
from thousand.game import CHANCE, OVER
from thousand.play import new_state
from thousand.rules_io import rules_from_mapping

NAMES = ["you", "bob", "carol"]
PLAYS = [{"type": "play", "card": c} for c in ("9S", "QS", "TH", "KH")] + [
    {"type": "play", "card": "QH", "marriage": True},
    {"type": "play", "card": "QH"},
]
BIDS = [
    {"type": "pass"},
    *({"type": "bid", "value": v} for v in (105, 110, 115)),
    {"type": "blind_bid", "value": 120},
]
GIVES = [{"type": "give", "card": "AS", "to": 1}, {"type": "give", "card": "AS", "to": 2}]


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("QS", "QS"),
        ("qs", "QS"),
        ("Q♠", "QS"),
        ("q♤", "QS"),
        ("10H", "TH"),
        ("th", "TH"),
        ("10♥", "TH"),
        ("9s", "9S"),
    ],
)
def test_cards_by_name_and_symbol(typed: str, card: str) -> None:
    assert choose(typed, PLAYS, "cards", NAMES) == {"type": "play", "card": card}


def test_a_marriage_is_asked_for_not_guessed() -> None:
    with pytest.raises(NotUnderstood, match="several"):
        choose("QH", PLAYS, "cards", NAMES)
    assert choose("QH+", PLAYS, "cards", NAMES)["marriage"] is True
    assert choose("QH-", PLAYS, "cards", NAMES) == {"type": "play", "card": "QH"}


def test_numbers_values_and_words() -> None:
    assert choose("#2", PLAYS, "cards", NAMES) == PLAYS[1]
    assert choose("2", PLAYS, "cards", NAMES) == PLAYS[1]
    assert choose("110", BIDS, "cards", NAMES) == {"type": "bid", "value": 110}
    assert choose("p", BIDS, "cards", NAMES) == {"type": "pass"}
    assert choose("b120", BIDS, "cards", NAMES) == {"type": "blind_bid", "value": 120}
    assert choose("AS>2", GIVES, "cards", NAMES) == GIVES[1]
    assert choose("AS to bob", GIVES, "cards", NAMES) == GIVES[0]


def test_dice_keeps_by_faces() -> None:
    legal = [
        {"type": "roll", "keep": [1]},
        {"type": "roll", "keep": [1, 5]},
        {"type": "stop", "keep": [1, 5]},
    ]
    assert choose("r 15", legal, "dice", NAMES) == legal[1]
    assert choose("s 5 1", legal, "dice", NAMES) == legal[2]
    assert choose("1", legal, "dice", NAMES) == legal[0]
    with pytest.raises(NotUnderstood, match="several"):
        choose("15", legal, "dice", NAMES)
    with pytest.raises(NotUnderstood, match="not one of the legal actions"):
        choose("r 66", legal, "dice", NAMES)


@pytest.mark.parametrize(
    "typed",
    ["", "   ", "#0", "#99", "100", "KS", "ZZ", "QS>9", "\x1b[2J\x07", "Q\u202eS", "x" * 1000],
)
def test_wrong_and_hostile_lines_are_refused_and_shown_safely(typed: str) -> None:
    with pytest.raises(NotUnderstood) as refused:
        choose(typed, PLAYS + BIDS[:1], "cards", NAMES)
    message = str(refused.value)
    assert "\x1b" not in message and "\x07" not in message and "\u202e" not in message
    assert len(message) < 400


def test_parse_card_refuses_what_is_not_a_card() -> None:
    assert parse_card("11S") is None and parse_card("QX") is None and parse_card("") is None


@pytest.mark.parametrize("game", ["cards", "dice"])
def test_every_short_key_and_number_picks_its_own_action(game: str) -> None:
    """Over whole random games: each listed key (or #N when a key is shared) names exactly
    the action it is listed for."""
    rules: dict[str, object] = (
        {"set_aside": "choose", "goal": 300, "barrel": "none", "pits": [], "samosval": None}
        if game == "dice"
        else {"blind_bidding": True, "ace_marriage": True, "max_deals": 6}
    )
    for seed in range(3):
        state = new_state(game, rules_from_mapping(game, rules))
        rng = random.Random(seed)
        while state.to_move() != OVER:
            if state.to_move() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            listed = choices(legal, NAMES)
            keys = [c.key for c in listed]
            for choice, key in zip(listed, keys, strict=True):
                assert choose(f"#{choice.number}", legal, game, NAMES) == choice.action
                if keys.count(key) == 1:
                    assert choose(key, legal, game, NAMES) == choice.action, key
            state.apply(rng.choice(legal))
