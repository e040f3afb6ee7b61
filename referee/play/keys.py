"""What a person types at their seat, turned into one of the legal actions, or a reason why not.

The person picks from the engine's own list of legal actions (never builds an action by
hand), so no rule lives here: a card is typed as ``QS``, ``Q♠``, ``10S`` or ``qs``, a bid or
a contract by its value, a dice keep by its faces (``r 155``: keep 1, 5, 5 and roll on), a
word by its first letter (``p`` pass, ``r`` roll, ``s`` stop), and any action by its number
(``#3``, or a bare ``3`` at cards where no bid has that value). A typo is hostile text too:
it is bounded and shown back only through ``safetext``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from referee.replay.render import DIE_FACE, SUIT_SYMBOL
from referee.safetext import for_terminal
from thousand.errors import ThousandError

INPUT_LIMIT = 200
"""Longest line read from the person; anything longer is a mistake, not an action."""

_SUIT_OF = {"s": "S", "c": "C", "d": "D", "h": "H", "♠": "S", "♣": "C", "♦": "D", "♥": "H"}
_SUIT_OF.update({"♤": "S", "♧": "C", "♢": "D", "♡": "H"})
_RANK_OF = {"9": "9", "10": "T", "t": "T", "j": "J", "q": "Q", "k": "K", "a": "A"}
_CARD = re.compile(r"^(10|[9tjqka])([scdh♠♣♦♥♤♧♢♡])$")
_WORDS = {
    "p": "pass",
    "pass": "pass",
    "l": "look",
    "look": "look",
    "redeal": "redeal",
    "concede": "concede",
    "r": "roll",
    "roll": "roll",
    "s": "stop",
    "stop": "stop",
}


class NotUnderstood(ThousandError, ValueError):
    """The person's line matches no legal action (or several): the message says what to do."""


@dataclass(frozen=True)
class Choice:
    """One legal action as the person sees it: its number and its words."""

    number: int  # 1-based
    action: dict[str, Any]
    label: str
    key: str  # what to type for it besides its number


def card_name(card: str) -> str:
    rank = "10" if card[:1] == "T" else card[:1]
    return f"{rank}{SUIT_SYMBOL.get(card[1:2], card[1:2])}"


def parse_card(token: str) -> str | None:
    """``QS``, ``q♠``, ``10h``, ``Th`` -> the engine's card code (``QS``, ``TH``), else None."""
    match = _CARD.match(token.strip().lower())
    if match is None:
        return None
    return _RANK_OF[match.group(1)] + _SUIT_OF[match.group(2)]


def _dice(values: Any) -> str:
    return " ".join(f"{DIE_FACE.get(v, '?')}{v}" for v in values)


def label(action: dict[str, Any], names: list[str]) -> str:
    """An action in words (names already made safe by the caller)."""
    kind = str(action.get("type"))
    if "card" in action and isinstance(action["card"], str):
        text = f"{kind} {card_name(action['card'])}"
        if action.get("marriage"):
            text += " declaring the marriage"
        if action.get("ace_marriage"):
            text += " declaring the ace marriage"
        to = action.get("to")
        if isinstance(to, int) and 0 <= to < len(names):
            text += f" to {names[to]}"
        return text
    if kind == "blind_bid":
        return f"bid {action.get('value')} blind"
    if "value" in action:
        return f"{kind} {action.get('value')}"
    if "keep" in action:
        return f"{kind} keeping {_dice(action['keep'])}" if action["keep"] else kind
    if "index" in action:
        return f"{kind} {action['index'] + 1}"
    extra = " ".join(f"{k}={v}" for k, v in action.items() if k != "type")
    return f"{kind} {extra}".rstrip()


def choices(legal: list[dict[str, Any]], names: list[str]) -> list[Choice]:
    declaring = {a.get("card") for a in legal if a.get("marriage") or a.get("ace_marriage")}
    return [
        Choice(i + 1, action, label(action, names), short_key(action, declaring))
        for i, action in enumerate(legal)
    ]


def short_key(action: dict[str, Any], declaring: set[Any] | None = None) -> str:
    """What to type for ``action``, besides its number; ``declaring``: the cards that may
    also be played declaring a marriage (their plain play is then ``QH-``)."""
    kind = action.get("type")
    if isinstance(action.get("card"), str):
        key = str(action["card"]).replace("T", "10")
        if action.get("marriage") or action.get("ace_marriage"):
            key += "+"
        elif declaring and action["card"] in declaring:
            key += "-"
        if isinstance(action.get("to"), int):
            key += f">{action['to']}"
        return key
    if kind == "blind_bid":
        return f"b{action.get('value')}"
    if "value" in action:
        return str(action["value"])
    if action.get("keep"):
        return f"{str(kind)[0]} {''.join(str(v) for v in action['keep'])}"
    if kind in ("pass", "look", "roll", "stop"):
        return str(kind)[0]
    return str(kind)


def _seat_of(token: str, names: list[str]) -> int | None:
    if token.isdigit():
        return int(token)
    lowered = [n.lower() for n in names]
    return lowered.index(token.lower()) if token.lower() in lowered else None


def _candidates(text: str, legal: list[dict[str, Any]], game: str, names: list[str]) -> list[int]:
    """Indices of the legal actions the line can mean."""
    line = " ".join(text.replace(",", " ").split())
    low = line.lower()
    if re.fullmatch(r"#\d+", low):
        number = int(low[1:])
        return [number - 1] if 1 <= number <= len(legal) else []
    if low in _WORDS:
        kind = _WORDS[low]
        exact = [i for i, a in enumerate(legal) if a.get("type") == kind and len(a) == 1]
        return exact or [i for i, a in enumerate(legal) if a.get("type") == kind]
    blind = re.fullmatch(r"(?:b|blind)\s*(\d+)", low)
    if blind:
        value = int(blind.group(1))
        return [
            i
            for i, a in enumerate(legal)
            if a.get("type") == "blind_bid" and a.get("value") == value
        ]
    if re.fullmatch(r"\d+", low) and game == "cards":
        value = int(low)
        valued = [
            i
            for i, a in enumerate(legal)
            if a.get("value") == value and a.get("type") in ("bid", "contract")
        ]
        if valued:
            return valued
        return [value - 1] if 1 <= value <= len(legal) else []
    if game == "dice":
        keep = re.fullmatch(r"(?:(r|roll|s|stop)\s*)?([1-6](?:\s*[1-6])*)", low)
        if keep:
            wanted = _WORDS[keep.group(1)] if keep.group(1) else None
            faces = sorted(int(c) for c in keep.group(2) if c.isdigit())
            return [
                i
                for i, a in enumerate(legal)
                if (wanted is None or a.get("type") == wanted)
                and isinstance(a.get("keep"), list)
                and sorted(a["keep"]) == faces
            ]
        return []
    card_match = re.fullmatch(r"(\S+?)(\+|-)?(?:\s*(?:>|to\s)\s*(\S+)|\s+(\S+))?", line, re.I)
    if card_match is None:
        return []
    card = parse_card(card_match.group(1))
    if card is None:
        return []
    found = [i for i, a in enumerate(legal) if a.get("card") == card]
    sign = card_match.group(2)
    if sign == "+":
        found = [i for i in found if legal[i].get("marriage") or legal[i].get("ace_marriage")]
    elif sign == "-":
        found = [i for i in found if not (legal[i].get("marriage") or legal[i].get("ace_marriage"))]
    target = card_match.group(3) or card_match.group(4)
    if target is not None:
        seat = _seat_of(target, names)
        found = [i for i in found if seat is not None and legal[i].get("to") == seat]
    return found


def choose(text: str, legal: list[dict[str, Any]], game: str, names: list[str]) -> dict[str, Any]:
    """The legal action the person's line means; ``NotUnderstood`` says why there is none."""
    if len(text) > INPUT_LIMIT:
        raise NotUnderstood(f"that line is too long ({len(text)} characters): type a short key")
    line = text.strip()
    if not line:
        raise NotUnderstood("type one of the keys above, or the action's number (#1, #2, …)")
    found = _candidates(line, legal, game, names)
    shown = for_terminal(line, 40)
    if len(found) == 1:
        return legal[found[0]]
    if not found:
        keys = [c.key for c in choices(legal, names)]
        listed = ", ".join(keys[:5]) + (", …" if len(keys) > 5 else "")
        raise NotUnderstood(
            f"{shown!r} is not one of the legal actions now: type one of the keys listed "
            f"({listed}) or a number #1 to #{len(legal)}"
        )
    options = ", ".join(f"#{i + 1} {label(legal[i], names)}" for i in found[:8])
    raise NotUnderstood(f"{shown!r} can mean several actions: type the number of one ({options})")
