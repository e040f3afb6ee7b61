"""What a number in an address may be: a match or a game is found by an id SQLite can hold.

A stranger can type any number. SQLite's integers stop at 2^63 - 1, and a larger one given to
a query is not "no such row" but an ``OverflowError`` (a 500 and a reset connection). So every
id a route takes is declared here with its range, and a number outside it — too large, zero,
negative, thousands of digits long — is answered like any id nothing has: 404. A word that is
no number at all stays FastAPI's 422 (the address is malformed, not merely unknown).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query
from fastapi.exceptions import RequestValidationError

from referee.safetext import for_terminal

MAX_ROW_ID = 2**63 - 1
"""SQLite's largest integer."""

MatchId = Annotated[
    int, Path(ge=1, le=MAX_ROW_ID, description="The match's id (a number from 1 to 2^63 - 1).")
]
GameIndex = Annotated[
    int, Path(ge=1, le=MAX_ROW_ID, description="The game's number in its match, from 1.")
]
ShownGame = Annotated[int, Query(alias="game", ge=1, le=MAX_ROW_ID)]

OUT_OF_RANGE = frozenset({"greater_than_equal", "less_than_equal", "int_parsing_size"})
"""pydantic's names for a number outside its bounds, or too long to be read as one."""


def names_nothing(error: RequestValidationError) -> str | None:
    """Why the request's address names nothing, when the only thing wrong with it is an id
    outside its range; None when something else is wrong (answered as FastAPI does)."""
    found = list(error.errors())
    in_address = all(tuple(e.get("loc", ()))[:1] in (("path",), ("query",)) for e in found)
    if not found or not in_address or any(e.get("type") not in OUT_OF_RANGE for e in found):
        return None
    first = found[0]
    name = str(first["loc"][-1])
    value = for_terminal(first.get("input", ""), 40)
    if name in GAME_NUMBERS:
        return f"no game {value}: a match's games are numbered from 1"
    return f"no {name} {value}: ids run from 1 to {MAX_ROW_ID}"


GAME_NUMBERS = frozenset({"index", "game"})
"""The parameters that number a game in its match (``GameIndex``, ``ShownGame``): from 1, on
every page, in every URL and in the viewer (the replay files count from 0 among themselves)."""
