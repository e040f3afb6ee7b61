"""Card encoding: the wire form is a 2-character string; the engine works on ints and bitmasks.

A card is ``suit * 6 + rank`` (0..23) so that a hand is a 24-bit mask: following suit, finding a
marriage or counting points is a mask operation instead of a loop over strings.  Ranks go low to
high (9 J Q K T A) so that comparing two cards of one suit is comparing their ints.  The suit order
(♠ ♣ ♦ ♥) is the order of marriage values, and it is also the order hands are sorted in for views.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

RANKS: Final = "9JQKTA"
"""Rank letters low to high; ``T`` is the ten."""

SUITS: Final = "SCDH"
"""Suit letters in the order of marriage values: ♠ 40, ♣ 60, ♦ 80, ♥ 100."""

SUIT_SYMBOLS: Final = "♠♣♦♥"
RANK_NAMES: Final = ("9", "J", "Q", "K", "10", "A")

NINE: Final = 0
JACK: Final = 1
QUEEN: Final = 2
KING: Final = 3
TEN: Final = 4
ACE: Final = 5
DECK_SIZE: Final = 24
FULL_DECK: Final = (1 << DECK_SIZE) - 1

RANK_POINTS: Final = (0, 2, 3, 4, 10, 11)
MARRIAGE_VALUES: Final = (40, 60, 80, 100)
ACE_MARRIAGE_VALUE: Final = 200

CARD_STR: Final[tuple[str, ...]] = tuple(r + s for s in SUITS for r in RANKS)
"""Wire form of every card by int."""

CARD_INT: Final[dict[str, int]] = {text: index for index, text in enumerate(CARD_STR)}
POINTS: Final[tuple[int, ...]] = tuple(RANK_POINTS[c % 6] for c in range(DECK_SIZE))

SUIT_MASK: Final[tuple[int, ...]] = tuple(0x3F << (6 * s) for s in range(4))
NINES_MASK: Final = sum(1 << (6 * s + NINE) for s in range(4))
ACES_MASK: Final = sum(1 << (6 * s + ACE) for s in range(4))
MARRIAGE_MASK: Final[tuple[int, ...]] = tuple(
    (1 << (6 * s + QUEEN)) | (1 << (6 * s + KING)) for s in range(4)
)


def _low_tables() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    cards = []
    points = []
    for mask in range(1 << 12):
        members = tuple(c for c in range(12) if mask >> c & 1)
        cards.append(members)
        points.append(sum(POINTS[c] for c in members))
    return tuple(cards), tuple(points)


_LOW_TABLES: Final = _low_tables()
_CARDS_LO: Final = _LOW_TABLES[0]
_POINTS_LO: Final = _LOW_TABLES[1]
_CARDS_HI: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(c + 12 for c in m) for m in _CARDS_LO)
# Cards 12..23 are ♦ and ♥, whose points repeat those of ♠ and ♣ rank for rank.
_POINTS_HI: Final = _POINTS_LO
# Wire strings of the cards in each half of a mask (♠♣ in the low 12 bits, ♦♥ in the high 12), so
# that a hand becomes its sorted list of strings with two look-ups; the view inlines them.
MASK_STRS_LOW: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(CARD_STR[c] for c in m) for m in _CARDS_LO
)
MASK_STRS_HIGH: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(CARD_STR[c] for c in m) for m in _CARDS_HI
)
_MARRIAGES_LO: Final[tuple[int, ...]] = tuple(
    sum(MARRIAGE_VALUES[s] for s in (0, 1) if m & MARRIAGE_MASK[s] == MARRIAGE_MASK[s])
    for m in range(1 << 12)
)
_MARRIAGES_HI: Final[tuple[int, ...]] = tuple(
    sum(MARRIAGE_VALUES[s] for s in (2, 3) if m << 12 & MARRIAGE_MASK[s] == MARRIAGE_MASK[s])
    for m in range(1 << 12)
)


def mask_cards(mask: int) -> tuple[int, ...]:
    """The cards of a mask in suit-then-rank order, via two table look-ups (the hot path)."""
    return _CARDS_LO[mask & 0xFFF] + _CARDS_HI[mask >> 12]


def mask_size(mask: int) -> int:
    """How many cards a mask holds, by the tables' lengths: compiled, ``int.bit_count`` is a
    generic method call, dearer than two look-ups (the view counts every hand at each step)."""
    return len(_CARDS_LO[mask & 0xFFF]) + len(_CARDS_LO[mask >> 12])


def mask_points(mask: int) -> int:
    """Card points of a mask."""
    return _POINTS_LO[mask & 0xFFF] + _POINTS_HI[mask >> 12]


def mask_strs(mask: int) -> list[str]:
    """A mask as the sorted list of wire strings that views and events carry."""
    return [*MASK_STRS_LOW[mask & 0xFFF], *MASK_STRS_HIGH[mask >> 12]]


def parse_card(text: str) -> int:
    """A wire string to its int; raises ``ValueError`` for anything but the 24 cards."""
    try:
        return CARD_INT[text]
    except (KeyError, TypeError):
        raise ValueError(
            f"not a card: {text!r} (rank of 9JQKTA then suit of SCDH, e.g. 'TH')"
        ) from None


def format_card(card: int) -> str:
    return CARD_STR[card]


def card_points(card: str | int) -> int:
    """Points of one card given as a wire string or an int: A 11, T 10, K 4, Q 3, J 2, 9 0."""
    return POINTS[parse_card(card) if isinstance(card, str) else card]


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Wire strings in the engine's hand order (suit ♠ ♣ ♦ ♥, then rank 9 to A)."""
    return sorted(cards, key=parse_card)


def pretty_card(card: str | int) -> str:
    """Terminal form with a suit symbol, e.g. ``'A♥'``, ``'10♠'``."""
    index = parse_card(card) if isinstance(card, str) else card
    return RANK_NAMES[index % 6] + SUIT_SYMBOLS[index // 6]


def pretty_cards(cards: Iterable[str | int]) -> str:
    return " ".join(pretty_card(c) for c in cards)


def marriages_value(mask: int, ace_marriage: bool) -> int:
    """Value of every marriage in a hand, the amount the bidding limit rises above 120."""
    total = _MARRIAGES_LO[mask & 0xFFF] + _MARRIAGES_HI[mask >> 12]
    if ace_marriage and mask & ACES_MASK == ACES_MASK:
        total += ACE_MARRIAGE_VALUE
    return total
