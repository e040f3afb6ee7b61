"""JSON text of the card engine's own values, as orjson writes them (compact, no spaces).

Why: the referee sends the seat's view with every full request, and building the view's
dictionary only to encode it was the largest part of what a full card request cost it (issue
35: about 2.3 µs to build and 1.0 µs to encode, of some 14 µs a decision). A view holds only
the engine's own integers, booleans, nulls and fixed words (card names, suit letters, phase
names), none of which JSON escapes, so ``CardState.view_json`` writes its text straight from
the state with these pieces. tests/cards/test_json_text.py holds that text equal to
``orjson.dumps(view(seat))`` at every step of played games of every preset and table.
"""

from __future__ import annotations

from typing import Final

from thousand.cards.cards import (
    ACE_MARRIAGE_VALUE,
    CARD_STR,
    MARRIAGE_VALUES,
    MASK_STRS_HIGH,
    MASK_STRS_LOW,
    SUITS,
    mask_size,
)

CARD_JSON: Final[tuple[str, ...]] = tuple(f'"{card}"' for card in CARD_STR)
"""Each card by int as a JSON string."""
SUIT_JSON: Final[tuple[str, ...]] = tuple(f'"{suit}"' for suit in SUITS)
"""Each suit by int as a JSON string."""
MARRIAGE_JSON: Final[tuple[str, ...]] = tuple(str(value) for value in MARRIAGE_VALUES)
"""Each suit's marriage value by int, as JSON."""
ACE_MARRIAGE_JSON: Final = str(ACE_MARRIAGE_VALUE)

MASK_JSON_LOW: Final[tuple[str, ...]] = tuple(
    ",".join([f'"{card}"' for card in cards]) for cards in MASK_STRS_LOW
)
"""The cards of the low 12 bits of a mask (♠ and ♣) as the inside of a JSON array."""
MASK_JSON_HIGH: Final[tuple[str, ...]] = tuple(
    ",".join([f'"{card}"' for card in cards]) for cards in MASK_STRS_HIGH
)
"""The same of the high 12 bits (♦ and ♥)."""


def cards_json(mask: int) -> str:
    """A mask's cards as the JSON array of their names, in the order ``mask_strs`` gives."""
    low = MASK_JSON_LOW[mask & 0xFFF]
    high = MASK_JSON_HIGH[mask >> 12]
    if low and high:
        return f"[{low},{high}]"
    return f"[{low}{high}]"


NUMBERS: Final[tuple[str, ...]] = tuple(str(number) for number in range(1024))
"""The text of each small number, looked up: compiled, ``str(int)`` is a generic call."""


def number_json(value: int) -> str:
    return NUMBERS[value] if 0 <= value < 1024 else str(value)


def ints_json(values: list[int]) -> str:
    # Three values written out (the usual table's seats): compiled, the join's list, calls and
    # concatenations were most of a view's cost (issue 35); other sizes take the general way.
    if len(values) == 3:
        return f"[{number_json(values[0])},{number_json(values[1])},{number_json(values[2])}]"
    return "[" + ",".join([number_json(value) for value in values]) + "]"


def bools_json(values: list[bool]) -> str:
    if len(values) == 3:  # as ints_json: together with sizes_json 2k instructions a view
        return f"[{bool_json(values[0])},{bool_json(values[1])},{bool_json(values[2])}]"
    return "[" + ",".join([bool_json(value) for value in values]) + "]"


def sizes_json(masks: list[int]) -> str:
    """The number of cards of each mask, as a JSON array."""
    if len(masks) == 3:
        return (
            f"[{NUMBERS[mask_size(masks[0])]},{NUMBERS[mask_size(masks[1])]},"
            f"{NUMBERS[mask_size(masks[2])]}]"
        )
    return ints_json([mask_size(mask) for mask in masks])


def bool_json(value: bool) -> str:
    return "true" if value else "false"


def seat_json(seat: int) -> str:
    """A seat, or ``null`` for the engine's marker of none (any negative number)."""
    return number_json(seat) if seat >= 0 else "null"
