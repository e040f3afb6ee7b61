"""A request is written from its parts — a lean one (no view, no events) from a byte template,
a full one with the view and the legal list perhaps already JSON text — not from the dict it
stands for: it must be, byte for byte, what orjson makes of that dict — whatever the legal
actions hold (text beyond ASCII, a bot-supplied looking card, nested lists) and however large
the id and clock figures grow."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from referee.players.players import _LEAN_REQUEST, request_line

LEGAL_LISTS: list[list[dict[str, Any]]] = [
    [{"type": "roll"}, {"type": "stop"}],
    [{"type": "roll", "keep": [1, 5, 5]}, {"type": "stop", "keep": [1]}],
    [{"type": "play", "card": "Q♠"}, {"type": "play", "card": "KS", "marriage": True}],
    [{"type": "bid", "value": 120}, {"type": "pass"}],
    [{"type": "say", "text": 'quote " back\\slash \u2028 \U0001f600 \x00'}],
    [],
]


@pytest.mark.parametrize("legal", LEGAL_LISTS)
@pytest.mark.parametrize(
    ("request_id", "left", "move_ms"), [(1, 10.0, 1000), (2**62, 0.0004, 0), (7, 86400.5, 10**9)]
)
def test_a_lean_request_is_the_dicts_own_encoding(
    legal: list[dict[str, Any]], request_id: int, left: float, move_ms: int
) -> None:
    expected = orjson.dumps(
        {
            "type": "request",
            "id": request_id,
            "legal": legal,
            "clock": {"left_ms": round(left * 1000), "move_ms": move_ms},
        },
        option=orjson.OPT_APPEND_NEWLINE,
    )
    written = _LEAN_REQUEST % (request_id, orjson.dumps(legal), round(left * 1000), move_ms)
    assert written == expected
    assert orjson.loads(written)["legal"] == legal
    for sent in (legal, orjson.dumps(legal)):  # the legal list, or its text (legal_json)
        assert request_line(request_id, None, None, sent, round(left * 1000), move_ms) == expected


EVENT_LISTS: list[list[dict[str, Any]] | None] = [
    None,
    [],
    [{"type": "pass", "seat": 1}, {"type": "hand", "to": 0, "cards": ["9S", "AH"]}],
    [{"type": "say", "text": 'quote " back\\slash \u2028 \U0001f600 \x00'}],
]
VIEWS: list[dict[str, Any] | None] = [
    None,
    {"game": "cards", "seat": 2, "hand": ["9S"], "bid_limit": None, "passed": [True, False]},
    {"note": "\u2028 \x00 Q♠", "nested": {"a": [1.5, -2, None]}},
]


@pytest.mark.parametrize("events", EVENT_LISTS)
@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("as_text", [False, True])
@pytest.mark.parametrize("legal", LEGAL_LISTS[2:])
def test_a_full_request_is_the_dicts_own_encoding(
    events: list[dict[str, Any]] | None,
    view: dict[str, Any] | None,
    as_text: bool,
    legal: list[dict[str, Any]],
) -> None:
    """A request with its events and its view, the view and the legal list handed as a
    dictionary and a list or as their JSON text (the card engine's view_json and legal_json),
    is what orjson makes of the request's dictionary."""
    message: dict[str, Any] = {"type": "request", "id": 41}
    if events is not None:
        message["events"] = events
    if view is not None:
        message["view"] = view
    message["legal"] = legal
    message["clock"] = {"left_ms": 1500, "move_ms": 1000}
    expected = orjson.dumps(message, option=orjson.OPT_APPEND_NEWLINE)
    sent = orjson.dumps(view) if as_text and view is not None else view
    sent_legal = orjson.dumps(legal) if as_text else legal
    assert request_line(41, events, sent, sent_legal, 1500, 1000) == expected
