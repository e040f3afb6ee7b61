"""The card engine's legal actions, made once and shared, each with its JSON text.

Why shared: a legal list is handed out at every decision, and building its dictionaries anew
was a tenth of a played-out deal (issue 35); whoever is handed legal actions reads them and
never changes them (tests/cards/test_cards_shared_actions.py). Why a text beside each: the
referee sends a bot process the legal list as JSON with every request, and encoding the same
few dozen dictionaries at every decision was, after the view, the largest part of what a card
request cost it (issue 35); ``CardState.legal_json`` writes the list from these texts instead.
Each text is the compact JSON orjson writes of its action (tests/cards/test_json_text.py).
"""

from __future__ import annotations

import json
from typing import Final

from thousand.cards.cards import CARD_STR
from thousand.game import Action


def action_json(action: Action) -> str:
    """An action's compact JSON, as orjson writes it: its keys in order, no spaces, and its
    card names as they are (UTF-8, not escaped)."""
    return json.dumps(action, ensure_ascii=False, separators=(",", ":"))


PLAY_ACTIONS: Final[tuple[Action, ...]] = tuple({"type": "play", "card": name} for name in CARD_STR)
"""The plain play of each card, by card."""
MARRIAGE_PLAYS: Final[tuple[Action, ...]] = tuple(
    {"type": "play", "card": name, "marriage": True} for name in CARD_STR
)
ACE_MARRIAGE_PLAYS: Final[tuple[Action, ...]] = tuple(
    {"type": "play", "card": name, "ace_marriage": True} for name in CARD_STR
)
DISCARDS: Final[tuple[Action, ...]] = tuple({"type": "discard", "card": name} for name in CARD_STR)
GIVES: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple({"type": "give", "card": name, "to": to} for name in CARD_STR) for to in range(4)
)
"""By the seat given to, then by card."""
PASS_ACTION: Final[Action] = {"type": "pass"}
LOOK_ACTION: Final[Action] = {"type": "look"}
REDEAL_ACTION: Final[Action] = {"type": "redeal"}
CONCEDE_ACTION: Final[Action] = {"type": "concede"}
TAKE_TALON: Final[tuple[Action, ...]] = (
    {"type": "take_talon", "index": 0},
    {"type": "take_talon", "index": 1},
)

PLAY_JSON: Final[tuple[str, ...]] = tuple(action_json(a) for a in PLAY_ACTIONS)
MARRIAGE_PLAYS_JSON: Final[tuple[str, ...]] = tuple(action_json(a) for a in MARRIAGE_PLAYS)
ACE_MARRIAGE_PLAYS_JSON: Final[tuple[str, ...]] = tuple(action_json(a) for a in ACE_MARRIAGE_PLAYS)
DISCARDS_JSON: Final[tuple[str, ...]] = tuple(action_json(a) for a in DISCARDS)
GIVES_JSON: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(action_json(a) for a in gives) for gives in GIVES
)
TAKE_TALON_JSON: Final = "[" + ",".join([action_json(a) for a in TAKE_TALON]) + "]"

BIDDING_HEADS: Final[tuple[tuple[Action, ...], ...]] = (
    (LOOK_ACTION, PASS_ACTION),
    (PASS_ACTION,),
    (PASS_ACTION, REDEAL_ACTION),
)
"""What a bidding seat's legal list begins with, before its bids: a seat that has not seen its
hand (blind bidding) may look or pass, one that has may pass, and may ask for a redeal."""
BIDDING_HEADS_JSON: Final[tuple[str, ...]] = tuple(
    ",".join([action_json(a) for a in head]) for head in BIDDING_HEADS
)
TALON_HEADS: Final[tuple[tuple[Action, ...], ...]] = (
    (),
    (REDEAL_ACTION,),
    (CONCEDE_ACTION,),
    (REDEAL_ACTION, CONCEDE_ACTION),
)
"""What the declarer's legal list at the talon begins with, by (may redeal) + 2 × (may concede)."""
TALON_HEADS_JSON: Final[tuple[str, ...]] = tuple(
    ",".join([action_json(a) for a in head]) for head in TALON_HEADS
)

_VALUED: Final[dict[tuple[str, int, int, int], tuple[Action, ...]]] = {}
"""Bids, blind bids and contracts of a range of values by (type, lowest, highest, step), made
at their first use: a table's values are multiples of its step below its highest bid, so the
ranges asked for are a few hundred at most."""
_VALUED_JSON: Final[dict[tuple[str, int, int, int], str]] = {}
"""The same ranges' texts, joined by commas."""


def valued(kind: str, low: int, high: int, step: int) -> tuple[Action, ...]:
    """The ``kind`` actions of the values from ``low`` to ``high`` in ``step``s."""
    key = (kind, low, high, step)
    found = _VALUED.get(key)
    if found is None:
        found = _VALUED[key] = tuple(
            {"type": kind, "value": value} for value in range(low, high + 1, step)
        )
    return found


def valued_json(kind: str, low: int, high: int, step: int) -> str:
    """``valued``'s actions as JSON texts joined by commas ("" for none)."""
    key = (kind, low, high, step)
    found = _VALUED_JSON.get(key)
    if found is None:
        found = _VALUED_JSON[key] = ",".join(
            [action_json(a) for a in valued(kind, low, high, step)]
        )
    return found
