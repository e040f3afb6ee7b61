"""Cards: encoding, points, rank order, marriages, display."""

from __future__ import annotations

import random

import pytest
from cards_support import mask_points_of

from thousand.cards import CARD_STR, card_points, parse_card, pretty_card, pretty_cards, sort_cards
from thousand.cards.cards import marriages_value, mask_points, mask_size


def test_deck_has_24_cards_worth_120() -> None:
    assert len(CARD_STR) == len(set(CARD_STR)) == 24
    assert sum(card_points(c) for c in CARD_STR) == 120
    assert mask_points((1 << 24) - 1) == 120


def test_card_points() -> None:
    assert [card_points(r + "H") for r in "9JQKTA"] == [0, 2, 3, 4, 10, 11]
    for suit in "SCDH":
        assert mask_points_of(" ".join(r + suit for r in "9JQKTA")) == 30


def test_rank_order_is_nine_jack_queen_king_ten_ace() -> None:
    assert [parse_card(r + "S") for r in "9JQKTA"] == sorted(parse_card(r + "S") for r in "9JQKTA")


def test_marriage_values() -> None:
    def value(cards: str, ace: bool = False) -> int:
        return marriages_value(sum(1 << parse_card(c) for c in cards.split()), ace)

    assert value("KS QS") == 40
    assert value("KC QC") == 60
    assert value("KD QD") == 80
    assert value("KH QH") == 100
    assert value("KH QS") == 0
    assert value("AS AC AD AH") == 0
    assert value("AS AC AD AH", ace=True) == 200


def test_parse_and_pretty() -> None:
    assert pretty_card("AH") == "A♥"
    assert pretty_card("TS") == "10♠"
    assert pretty_cards(["9C", "QD"]) == "9♣ Q♦"
    assert sort_cards(["AH", "9S", "TC"]) == ["9S", "TC", "AH"]
    with pytest.raises(ValueError):
        parse_card("1H")


def test_a_mask_size_is_its_count_of_cards() -> None:
    rng = random.Random(35)
    masks = [
        0,
        1,
        (1 << 12) - 1,
        1 << 12,
        (1 << 24) - 1,
        *(rng.getrandbits(24) for _ in range(5000)),
    ]
    assert [mask_size(m) for m in masks] == [m.bit_count() for m in masks]
