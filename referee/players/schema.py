"""JSON Schemas of protocol.md: every message, and each game's rules, views, actions and events.

The schemas are generated from pydantic models, so that a bot author in any language can
validate what they read and write (``thousand protocol schema``), and so that a test can hold
the models against real transcripts: every line a real match sends or receives must validate,
which keeps this description and the engines from drifting apart. The messages every game
shares are modelled here; each game's events, view, action and rules are its engine's own
(``GameSpec.message_models``, ``rules_model``), which this module assembles into the game's
hello, request and game_end.

Messages the referee sends are described exactly (``additionalProperties: false``): a key the
engines add without a change here fails the transcript test. Messages a bot sends allow keys the
referee ignores, as the referee does; the action inside a reply does not, because it must equal
one of the request's ``legal`` entries.
"""

from __future__ import annotations

import json
from types import GenericAlias
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from referee.players.protocol import MAX_GAMES_LISTED, MAX_NAME, PROTOCOL_VERSION
from thousand.messages import Exact, Seat, optional_key
from thousand.registry import GAME_NAMES, game_spec

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class Lenient(BaseModel):
    """What a bot sends: the listed keys; others are ignored by the referee."""

    model_config = ConfigDict(extra="allow")


# ------------------------------------------------------------------------------ messages --
class Time(Exact):
    clock: Literal["wall", "cpu"]
    startup_ms: int = Field(ge=0)
    bank_ms: int = Field(ge=0)
    per_move_ms: int = Field(ge=0)


class Clock(Exact):
    left_ms: int = Field(description="Time you may use on this move: bank plus allowance.")
    move_ms: int = Field(ge=0, description="The per-move allowance added for this request.")


class Result(Exact):
    ranking: list[Seat] = Field(description="Seats, best first.")
    scores: list[int] = Field(description="Final score of each seat.")
    places: list[int] = Field(description="Each seat's place, 1 = first.")
    winner: Seat | None
    reason: str = Field(description="Why the game ended: cards target, deal_cap; dice goal, …")


class GameStart(Exact):
    type: Literal["game_start"]
    game: int = Field(ge=0, description="The game's number within the match, from 0.")
    seat: Seat
    players: int = Field(ge=2)
    names: list[str] = Field(description="Each seat's name, as the bots announced themselves.")


class Bye(Exact):
    type: Literal["bye"]


class BotHello(Lenient):
    type: Literal["hello"]
    name: str = Field(
        min_length=1, pattern=r"\S", description=f"Required; cut to {MAX_NAME} characters."
    )
    version: Any = Field(None, description="Shown in replays (as text).")
    author: Any = Field(None, description="Shown in replays (as text).")
    protocol: int = Field(PROTOCOL_VERSION, description="The protocol version the bot speaks.")
    games: list[str] | None = Field(
        None,
        max_length=MAX_GAMES_LISTED,
        description='The games the bot plays, e.g. ["dice"]; `thousand bots check` checks only '
        "these. Omitted: every game.",
    )
    omit: list[Literal["view", "events"]] | None = Field(
        None,
        max_length=2,
        description='What your requests may leave out: "view" (a bot that keeps its own state '
        'from the events), "events" (a bot that reads only the view). Omitted: nothing.',
    )


class BotAction(Lenient):
    type: Literal["action"]
    id: float = Field(description="The request's id: any JSON number equal to it (3 or 3.0).")
    action: dict[str, Any] = Field(description="One of the request's legal entries, unchanged.")


# ---------------------------------------------------------------- per-game messages ---
def game_models(game: str) -> dict[str, type[BaseModel]]:
    """The models of one game's part of the protocol: its hello, request, game_end, rules,
    view, event and action (the rules model is the engine's own)."""
    spec = game_spec(game)
    event, view, action = spec.message_models()
    rules = spec.rules_model
    title = game.capitalize()
    label = Field(description="Only a label: the preset's or the rules file's name.")
    hello_rules = _model(f"{title}HelloRules", rules, preset=(str, label))
    hello = _model(
        f"{title}Hello",
        Exact,
        type=(Literal["hello"], ...),
        protocol=(Literal[PROTOCOL_VERSION], ...),
        game=(Literal[game], ...),
        players=(int, Field(ge=2)),
        games=(int, Field(ge=1, description="Games planned (a match may stop earlier).")),
        rules=(hello_rules, ...),
        time=(Time, ...),
    )
    request = _model(
        f"{title}Request",
        Exact,
        type=(Literal["request"], ...),
        id=(int, Field(ge=1)),
        events=(
            GenericAlias(list, (event,)) | None,
            optional_key('Left out when your hello\'s "omit" names "events".'),
        ),
        view=(view | None, optional_key('Left out when your hello\'s "omit" names "view".')),
        legal=(GenericAlias(list, (action,)), Field(min_length=1)),
        clock=(Clock, ...),
    )
    game_end = _model(
        f"{title}GameEnd",
        Exact,
        type=(Literal["game_end"], ...),
        game=(int, Field(ge=0)),
        events=(
            GenericAlias(list, (event,)) | None,
            optional_key('Left out when your hello\'s "omit" names "events".'),
        ),
        result=(Result, ...),
    )
    event_model = _model(f"{title}Event", Exact, event=(event, ...))
    return {
        "hello": hello,
        "request": request,
        "game_end": game_end,
        "rules": rules,
        "view": view,
        "event": event_model,
        "action": action,
    }


def _model(name: str, base: type[BaseModel], **fields: Any) -> type[BaseModel]:
    """A model built at run time: the per-game messages differ only in their game's parts."""
    model: type[BaseModel] = create_model(name, __base__=base, **fields)
    return model


COMMON: dict[str, type[BaseModel]] = {
    "game_start": GameStart,
    "bye": Bye,
    "bot_hello": BotHello,
    "bot_action": BotAction,
}
"""Messages whose shape does not depend on the game."""


def _schema(model: type[BaseModel], name: str) -> dict[str, Any]:
    schema = model.model_json_schema(mode="serialization" if name == "rules" else "validation")
    if name == "event":  # the wrapper exists only to name the union: publish the union itself
        inner = schema["properties"]["event"]
        schema = {"$defs": schema.get("$defs", {}), **inner, "title": model.__name__}
    return {"$schema": SCHEMA_DIALECT, **schema}


def protocol_schemas(game: str | None = None) -> dict[str, Any]:
    """One JSON document: the common messages and each game's part (or one game's)."""
    games = GAME_NAMES if game is None else (game,)
    document: dict[str, Any] = {
        "protocol": PROTOCOL_VERSION,
        "common": {name: _schema(model, name) for name, model in COMMON.items()},
    }
    for name in games:
        document[name] = {part: _schema(m, part) for part, m in game_models(name).items()}
    return document


def schema_files(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The document as files: ``common-bye.schema.json``, ``cards-view.schema.json``, …"""
    files: dict[str, dict[str, Any]] = {}
    for part, schemas in document.items():
        if isinstance(schemas, dict):
            for name, schema in schemas.items():
                files[f"{part}-{name}.schema.json"] = schema
    return files


def json_type(schema: dict[str, Any], defs: dict[str, Any]) -> str:
    """A JSON Schema's type in words, as docs/rules-*.md show it ("integer or null")."""
    if "$ref" in schema:
        return json_type(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
    if "anyOf" in schema:
        return " or ".join(json_type(option, defs) for option in schema["anyOf"])
    if "enum" in schema:
        values = [json.dumps(value) for value in schema["enum"]]
        base = "string" if all(isinstance(v, str) for v in schema["enum"]) else "integer"
        return f"{base} ({', '.join(values[:-1])} or {values[-1]})"
    kind = schema.get("type")
    if kind == "array":
        if "prefixItems" in schema:
            items = ", ".join(json_type(item, defs) for item in schema["prefixItems"])
            return f"array of [{items}]"
        return f"array of {json_type(schema.get('items', {}), defs)}"
    return str(kind or "any")


def rule_types(game: str) -> dict[str, str]:
    """Each rule field of ``game`` with its JSON type in words, from the engine's rules model:
    the type column of docs/rules-*.md, which a test holds to this."""
    schema = game_spec(game).rules_model.model_json_schema()
    defs = schema.get("$defs", {})
    return {name: json_type(field, defs) for name, field in schema["properties"].items()}
