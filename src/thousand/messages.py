"""What both engines' messages share: the strictness of what the referee sends, and seats.

Each game's events, views and actions are modelled beside the engine that makes them
(thousand/cards/messages.py, thousand/dice/messages.py) and reached through its ``GameSpec``:
a third game brings its own, and the referee's protocol module only assembles them into the
messages it sends (referee/players/schema.py). They are pydantic models only to be published
as JSON Schemas and held against real transcripts; the engines themselves build plain dicts.
"""

from __future__ import annotations

from typing import Annotated, Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

Seat = Annotated[int, Field(ge=0, description="A seat, numbered from 0.")]


def _no_null(schema: dict[str, Any]) -> None:
    schema.pop("default", None)
    options = schema.pop("anyOf", None)
    if options is not None:
        kept = [option for option in options if option != {"type": "null"}]
        if len(kept) == 1:
            schema.update(kept[0])
        else:
            schema["anyOf"] = kept


def optional_key(description: str) -> Any:
    """A key the engines either leave out or send with a value, never as null."""
    return Field(None, description=description, json_schema_extra=_no_null)


class Exact(BaseModel):
    """What the referee sends: every key listed, no other.

    Exact so that the test suite's transcripts (tests/protocol) catch a key an engine adds
    without a change here. What is published to bot authors is not exact: protocol.md tells a
    bot to ignore unknown keys, so the published schemas of the referee's messages allow them
    (referee/players/schema.py, ``protocol_schemas``)."""

    model_config = ConfigDict(extra="forbid")


class GameMessages(NamedTuple):
    """One game's part of the protocol: the union of its events (discriminated by ``type``),
    the view a seat is sent, the shape of its actions, and the Literal type of the reasons its
    games end for (a result's ``reason``)."""

    event: Any
    view: type[BaseModel]
    action: type[BaseModel]
    end_reason: Any
