"""A lean request (no view, no events) is written from a byte template, not from a dict: it
must be, byte for byte, what orjson makes of the dict it stands for — whatever the legal
actions hold (text beyond ASCII, a bot-supplied looking card, nested lists) and however large
the id and clock figures grow."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from referee.players.players import _LEAN_REQUEST

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
