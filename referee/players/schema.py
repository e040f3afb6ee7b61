"""JSON Schemas of protocol.md: every message, and each game's rules, views, actions and events.

The schemas are generated from pydantic models, so that a bot author in any language can
validate what they read and write (``thousand protocol schema``), and so that a test can hold
the models against real transcripts: every line a real match sends or receives must validate,
which keeps this description and the engines from drifting apart. The messages every game
shares are modelled here; each game's events, view, action and rules are its engine's own
(``GameSpec.message_models``, ``rules_model``), which this module assembles into the game's
hello, request and game_end.

Two documents come from the same models (``protocol_schemas``):

- the **published** one (``thousand protocol schema``) says what protocol.md says: a bot must
  ignore keys it does not know in the referee's messages, because a later referee may add some
  within the same protocol version. So every object the referee sends allows other keys
  (``additionalProperties: true``), or a bot validating its input would break on the first
  added key. The legal actions too: a bot sends one back unchanged, with whatever keys it has.
  Messages a bot sends allow keys the referee ignores, as the referee does. Only the ``rules``
  part stays exact: it is also what a rules file may hold, and the referee refuses a rules file
  with an unknown key (a typo in a rule's name must not pass silently);
- the **exact** one (``exact=True``) describes the referee's messages as the models do, every
  key listed and no other (``additionalProperties: false``): the test suite holds real
  transcripts to it, so that a key an engine adds without a change here fails a test.

Both list the words an engine may write into ``why``, ``reason`` and ``phase`` as enums (each
engine's reasons module), and say what every field is (``description``).
"""

from __future__ import annotations

import json
from types import GenericAlias
from typing import Any, Literal, get_args

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
    clock: Literal["wall", "cpu"] = Field(
        description="wall: time as a clock on the wall; cpu: the CPU time your processes use."
    )
    startup_ms: int = Field(ge=0, description="Time to answer the hello.")
    bank_ms: int = Field(ge=0, description="Each game's bank at its start.")
    per_move_ms: int = Field(ge=0, description="Added to the bank at every request.")


class Clock(Exact):
    left_ms: int = Field(description="Time you may use on this move: bank plus allowance.")
    move_ms: int = Field(ge=0, description="The per-move allowance added for this request.")


class Result(Exact):
    """A game's result after the fault policy; each game's ``reason`` is its own enum
    (``game_models``)."""

    ranking: list[Seat] = Field(description="Seats, best first.")
    scores: list[int] = Field(description="Final score of each seat.")
    places: list[int] = Field(description="Each seat's place, 1 = first.")
    winner: Seat | None = Field(description="The winner; null: no winner (a cap).")


class GameStart(Exact):
    type: Literal["game_start"] = Field(description="A game begins: forget the previous one.")
    game: int = Field(ge=0, description="The game's number within the match, from 0.")
    seat: Seat = Field(description="Your seat in this game.")
    players: int = Field(ge=2, description="Seats at the table.")
    names: list[str] = Field(description="Each seat's name, as the bots announced themselves.")


class Bye(Exact):
    type: Literal["bye"] = Field(description="The match (duplicate format: the game) is over.")


class BotHello(Lenient):
    type: Literal["hello"] = Field(description="Your answer to the referee's hello.")
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
    type: Literal["action"] = Field(description="Your answer to a request (not read).")
    id: float = Field(description="The request's id: any JSON number equal to it (3 or 3.0).")
    action: dict[str, Any] = Field(description="One of the request's legal entries, unchanged.")


# ---------------------------------------------------------------- per-game messages ---
def game_models(game: str) -> dict[str, type[BaseModel]]:
    """The models of one game's part of the protocol: its hello, request, game_end, rules,
    view, event and action (the rules model is the engine's own)."""
    spec = game_spec(game)
    event, view, action, end_reason = spec.message_models()
    rules = spec.rules_model
    title = game.capitalize()
    label = Field(description="Only a label: the preset's or the rules file's name.")
    hello_rules = _model(f"{title}HelloRules", rules, preset=(str, label))
    hello = _model(
        f"{title}Hello",
        Exact,
        type=(Literal["hello"], Field(description="The match begins: answer with your hello.")),
        protocol=(Literal[PROTOCOL_VERSION], Field(description="The referee's protocol.")),
        game=(Literal[game], Field(description="The game of the match.")),
        players=(int, Field(ge=2, description="Seats at the table.")),
        games=(int, Field(ge=1, description="Games planned (a match may stop earlier).")),
        rules=(hello_rules, Field(description="Every rule field with its value.")),
        time=(Time, Field(description="The time control.")),
    )
    words = ", ".join(get_args(end_reason))
    result = _model(
        f"{title}Result",
        Result,
        reason=(end_reason, Field(description=f"Why the game ended: {words}.")),
    )
    request = _model(
        f"{title}Request",
        Exact,
        type=(Literal["request"], Field(description="A decision of yours: answer it.")),
        id=(int, Field(ge=1, description="Echo it in your action.")),
        events=(
            GenericAlias(list, (event,)) | None,
            optional_key('Left out when your hello\'s "omit" names "events".'),
        ),
        view=(view | None, optional_key('Left out when your hello\'s "omit" names "view".')),
        legal=(
            GenericAlias(list, (action,)),
            Field(min_length=1, description="Every action you may take: send one unchanged."),
        ),
        clock=(Clock, Field(description="Your time for this move.")),
    )
    game_end = _model(
        f"{title}GameEnd",
        Exact,
        type=(Literal["game_end"], Field(description="The game is over; no answer.")),
        game=(int, Field(ge=0, description="The game's number within the match, from 0.")),
        events=(
            GenericAlias(list, (event,)) | None,
            optional_key('Left out when your hello\'s "omit" names "events".'),
        ),
        result=(result, Field(description="The result after the fault policy.")),
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


EXACT_PARTS = frozenset({"rules"})
"""The parts the published document keeps exact: a rules file with an unknown key is refused."""


def _schema(model: type[BaseModel], name: str, exact: bool) -> dict[str, Any]:
    schema = model.model_json_schema(mode="serialization" if name == "rules" else "validation")
    if name == "event":  # the wrapper exists only to name the union: publish the union itself
        inner = schema["properties"]["event"]
        schema = {"$defs": schema.get("$defs", {}), **inner, "title": model.__name__}
    if not exact and name not in EXACT_PARTS:
        _allow_other_keys(schema)
    return {"$schema": SCHEMA_DIALECT, **schema}


def _allow_other_keys(schema: Any) -> None:
    """Every object in ``schema`` that forbids other keys allows them (in place)."""
    if isinstance(schema, dict):
        if schema.get("additionalProperties") is False:
            schema["additionalProperties"] = True
        for value in schema.values():
            _allow_other_keys(value)
    elif isinstance(schema, list):
        for value in schema:
            _allow_other_keys(value)


def protocol_schemas(game: str | None = None, *, exact: bool = False) -> dict[str, Any]:
    """One JSON document: the common messages and each game's part (or one game's).

    Published (the default): the referee's messages allow keys they do not list, as protocol.md
    tells bots to expect. ``exact``: they list every key the engines send and no other, for the
    test suite's transcripts (the module's docstring says why both)."""
    games = GAME_NAMES if game is None else (game,)
    document: dict[str, Any] = {
        "protocol": PROTOCOL_VERSION,
        "common": {name: _schema(model, name, exact) for name, model in COMMON.items()},
    }
    for name in games:
        document[name] = {part: _schema(m, part, exact) for part, m in game_models(name).items()}
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
