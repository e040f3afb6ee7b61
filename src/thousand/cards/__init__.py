"""The card game Thousand (Тысяча): 24 cards, bidding, the talon, marriages, bolts and the barrel.

``SPEC`` plugs the engine into the registry; ``new_game(rules, players)`` starts a game whose
first step is the chance action choosing the first dealer.  Cards travel as 2-character strings
(``"TH"`` is the ten of hearts); ``pretty_card`` gives the terminal form ``"10♥"``.
"""

from thousand.cards.cards import (
    CARD_STR,
    RANKS,
    SUITS,
    card_points,
    format_card,
    parse_card,
    pretty_card,
    pretty_cards,
    sort_cards,
)
from thousand.cards.rules import PRESETS, CardRules
from thousand.cards.scoring import concede_half, round_take
from thousand.cards.state import CardState, new_game
from thousand.registry import GameSpec

SPEC = GameSpec(
    name="cards",
    title="Thousand, the card game",
    rules_model=CardRules,
    presets=PRESETS,
    new_game=new_game,
    default_players=3,
    messages_module="thousand.cards.messages",
)

__all__ = [
    "CARD_STR",
    "PRESETS",
    "RANKS",
    "SPEC",
    "SUITS",
    "CardRules",
    "CardState",
    "card_points",
    "concede_half",
    "format_card",
    "new_game",
    "parse_card",
    "pretty_card",
    "pretty_cards",
    "round_take",
    "sort_cards",
]
