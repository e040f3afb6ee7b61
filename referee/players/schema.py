"""JSON Schemas of protocol.md: every message, and each game's rules, views, actions and events.

The schemas are generated from pydantic models kept here, next to nothing else, so that a bot
author in any language can validate what they read and write (``thousand protocol schema``),
and so that a test can hold the models against real transcripts: every line a real match sends
or receives must validate, which keeps this description and the engines from drifting apart.
The rules schemas come from the engines' own rules models.

Messages the referee sends are described exactly (``additionalProperties: false``): a key the
engines add without a change here fails the transcript test. Messages a bot sends allow keys the
referee ignores, as the referee does; the action inside a reply does not, because it must equal
one of the request's ``legal`` entries.
"""

from __future__ import annotations

import json
from types import GenericAlias
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from referee.players.protocol import MAX_GAMES_LISTED, MAX_NAME, PROTOCOL_VERSION
from thousand.registry import GAME_NAMES, game_spec

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

Seat = Annotated[int, Field(ge=0, description="A seat, numbered from 0.")]
Card = Annotated[
    str,
    Field(
        pattern="^[9JQKTA][SCDH]$",
        description="Rank then suit: ranks 9 J Q K T A (T is the ten), suits S C D H.",
    ),
]
Suit = Annotated[str, Field(pattern="^[SCDH]$")]
Die = Annotated[int, Field(ge=1, le=6)]


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
    """What the referee sends: every key listed, no other."""

    model_config = ConfigDict(extra="forbid")


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


# --------------------------------------------------------------------------------- dice ---
class DiceFirstPlayer(Exact):
    type: Literal["first_player"]
    seat: Seat


class DiceThrow(Exact):
    type: Literal["throw"]
    seat: Seat
    dice: list[Die]
    points: int
    scoring: list[Die]


class DiceSetAside(Exact):
    type: Literal["set_aside"]
    seat: Seat
    dice: list[Die]
    points: int
    turn_total: int
    dice_left: int = Field(ge=0, le=5, description="Dice not set aside; 0 with hot dice.")
    hot: bool


class DiceTurnEnd(Exact):
    type: Literal["turn_end"]
    seat: Seat
    total: int
    recorded: int
    why: str


class DiceBolt(Exact):
    type: Literal["bolt"]
    seat: Seat
    bolts: int
    counted: bool


class Score(Exact):
    type: Literal["score"]
    seat: Seat
    delta: int
    score: int
    reason: str


class DiceBarrelFallen(Exact):
    type: Literal["barrel_fallen"]
    seat: Seat
    falls: int
    why: str


class DiceOpened(Exact):
    type: Literal["opened"]
    seat: Seat
    score: int


class DiceBarrelPoint(Exact):
    type: Literal["barrel_point"]
    seat: Seat
    points: int


class DiceBarrelAttempt(Exact):
    type: Literal["barrel_attempt"]
    seat: Seat
    used: int
    of: int


class DiceBarrelClimbed(Exact):
    type: Literal["barrel_climbed"]
    seat: Seat
    score: int


class DiceBarrelUsurped(Exact):
    type: Literal["barrel_usurped"]
    seat: Seat
    by: Seat


class DiceOvertaken(Exact):
    type: Literal["overtaken"]
    seat: Seat
    by: Seat


class DiceSamosval(Exact):
    type: Literal["samosval"]
    seat: Seat


class DiceBarrelLeft(Exact):
    type: Literal["barrel_left"]
    seat: Seat
    score: int


class DicePit(Exact):
    type: Literal["pit"]
    seat: Seat
    pit: list[int] = Field(min_length=2, max_length=2)
    score: int


class DiceWin(Exact):
    type: Literal["win"]
    seat: Seat
    score: int
    why: str


class DiceGameOver(Exact):
    type: Literal["game_over"]
    reason: str
    winner: Seat | None
    ranking: list[Seat]
    scores: list[int]


DiceEvent = Annotated[
    DiceFirstPlayer
    | DiceThrow
    | DiceSetAside
    | DiceTurnEnd
    | DiceBolt
    | Score
    | DiceBarrelFallen
    | DiceOpened
    | DiceBarrelPoint
    | DiceBarrelAttempt
    | DiceBarrelClimbed
    | DiceBarrelUsurped
    | DiceOvertaken
    | DiceSamosval
    | DiceBarrelLeft
    | DicePit
    | DiceWin
    | DiceGameOver,
    Field(discriminator="type"),
]


class DiceView(Exact):
    game: Literal["dice"]
    seat: Seat
    players: int
    phase: Literal["lot", "throw", "decide", "over"]
    to_move: Seat | None
    turn: Seat | None
    first_player: Seat | None
    round: int
    turns_played: int
    scores: list[int]
    opened: list[bool]
    bolts: list[int]
    on_barrel: list[bool]
    barrel_attempts: list[int]
    barrel_falls: list[int]
    barrel_points: list[int]
    need: int | None
    cap: int | None
    winner: Seat | None
    turn_total: int = Field(
        description="Points set aside this turn; at a keep decision, without the last throw."
    )
    dice_left: int = Field(
        ge=0,
        le=5,
        description="Dice not set aside: at a keep decision the dice just thrown; 0 after "
        "hot dice until the compulsory throw brings all five back.",
    )
    set_aside: list[Die]
    throw: list[Die] | None = Field(description="The latest throw; null before a turn's first.")
    must_roll: bool
    confirming: bool
    choosing: bool


class DiceAction(Exact):
    type: Literal["roll", "stop"]
    keep: list[Die] | None = optional_key(
        description='Only with set_aside "choose": the scoring dice kept from the throw.'
    )


# -------------------------------------------------------------------------------- cards ---
class CardsFirstDealer(Exact):
    type: Literal["first_dealer"]
    seat: Seat


class CardsDealStarted(Exact):
    type: Literal["deal_started"]
    deal: int
    dealer: Seat
    hundred: Seat
    sitting_out: Seat | None
    golden: bool


class CardsHand(Exact):
    type: Literal["hand"]
    to: Seat = Field(description="Private: only this seat receives the event.")
    cards: list[Card]


class CardsGoldenContract(Exact):
    type: Literal["golden_contract"]
    seat: Seat
    value: int


class CardsBid(Exact):
    type: Literal["bid"]
    seat: Seat
    value: int
    opening: bool | None = optional_key(description="Present on the hundred's opening bid.")
    blind: bool | None = optional_key(description="Present on every other bid.")


class CardsSeat(Exact):
    type: Literal["pass", "look", "discard"]
    seat: Seat


class CardsRedeal(Exact):
    type: Literal["redeal"]
    seat: Seat
    reason: str


class CardsDeclarer(Exact):
    type: Literal["declarer"]
    seat: Seat
    contract: int
    blind: bool


class CardsTalon(Exact):
    type: Literal["talon"]
    seat: Seat
    cards: list[Card] | None = Field(description="null: taken face down (not shown to you).")
    to: Seat | None = optional_key(description="Present when private to this seat.")
    index: int | None = optional_key(description="2 players: which talon.")
    reason: str | None = optional_key(description="2 players: last_trick, the unchosen talon.")


class CardsTakeTalon(Exact):
    type: Literal["take_talon"]
    seat: Seat
    index: int


class CardsGive(Exact):
    type: Literal["give"]
    seat: Seat
    recipient: Seat


class CardsGiven(Exact):
    type: Literal["given"]
    to: Seat = Field(description="Private: only the recipient receives the card.")
    seat: Seat
    card: Card


class CardsConcede(Exact):
    type: Literal["concede"]
    seat: Seat
    contract: int


class CardsContract(Exact):
    type: Literal["contract"]
    seat: Seat
    value: int


class CardsPlay(Exact):
    type: Literal["play"]
    seat: Seat
    card: Card


class CardsMarriage(Exact):
    type: Literal["marriage"]
    seat: Seat
    suit: Suit
    value: int


class CardsAceMarriage(Exact):
    type: Literal["ace_marriage"]
    seat: Seat
    value: int


class CardsTrick(Exact):
    type: Literal["trick"]
    winner: Seat
    cards: list[Card]
    points: int


class CardsDealResult(Exact):
    type: Literal["deal_result"]
    declarer: Seat
    contract: int
    blind: bool
    conceded: bool
    made: bool
    points: list[int]
    marriages: list[int]
    takes: list[int]
    tricks: list[int]
    talon_take: int


class CardsGoldenFailed(Exact):
    type: Literal["golden_failed"]


class CardsGameOver(Exact):
    type: Literal["game_over"]
    ranking: list[Seat]
    scores: list[int]
    reason: str
    winner: Seat | None
    places: list[int]


class CardsBolt(Exact):
    type: Literal["bolt"]
    seat: Seat
    bolts: int


class CardsBarrelOn(Exact):
    type: Literal["barrel_on"]
    seat: Seat


class CardsBarrelOff(Exact):
    type: Literal["barrel_off"]
    seat: Seat
    reason: str
    falls: int | None = optional_key(description="Absent when a golden round's reset ends it.")


CardsEvent = Annotated[
    CardsFirstDealer
    | CardsDealStarted
    | CardsHand
    | CardsGoldenContract
    | CardsBid
    | CardsSeat
    | CardsRedeal
    | CardsDeclarer
    | CardsTalon
    | CardsTakeTalon
    | CardsGive
    | CardsGiven
    | CardsConcede
    | CardsContract
    | CardsPlay
    | CardsMarriage
    | CardsAceMarriage
    | CardsTrick
    | CardsDealResult
    | CardsGoldenFailed
    | CardsGameOver
    | Score
    | CardsBolt
    | CardsBarrelOn
    | CardsBarrelOff,
    Field(discriminator="type"),
]


class SeatBid(Exact):
    seat: Seat
    value: int | None = Field(description="null: a pass.")
    blind: bool


class SeatCard(Exact):
    seat: Seat
    card: Card


class GivenCard(Exact):
    to: Seat
    card: Card | None = Field(description="null unless you gave or received it.")


class DeclaredMarriage(Exact):
    seat: Seat
    suit: Suit | None = Field(description="null: the ace marriage.")
    value: int


class CardsView(Exact):
    game: Literal["cards"]
    seat: Seat
    players: int
    phase: Literal["lot", "deal", "bidding", "choose_talon", "talon", "contract", "play", "over"]
    to_move: Seat | None
    deal: int
    dealer: Seat | None
    hundred: Seat | None
    sitting_out: Seat | None
    golden: bool
    scores: list[int]
    bolts: list[int]
    falls: list[int]
    barrel: Seat | None
    barrel_deals: int = Field(ge=0, description="Deals the barrel's sitter has played on it.")
    hand: list[Card]
    hand_seen: bool
    hand_sizes: list[int]
    bid_limit: int | None
    bids: list[SeatBid]
    high_bid: int | None
    high_bidder: Seat | None
    passed: list[bool]
    declarer: Seat | None
    contract: int | None
    blind: bool
    talon: list[Card] | None
    talon_shown: bool
    talon_index: int | None
    given: list[GivenCard]
    discards: list[Card] | None
    trump: Suit | None
    marriages: list[DeclaredMarriage]
    leader: Seat | None
    trick: list[SeatCard]
    last_trick: list[SeatCard]
    played: list[Card]
    tricks_won: list[int]
    points_taken: list[int]


class CardsAction(Exact):
    type: Literal[
        "bid",
        "pass",
        "redeal",
        "look",
        "blind_bid",
        "take_talon",
        "give",
        "discard",
        "concede",
        "contract",
        "play",
    ]
    value: int | None = optional_key(description="bid, blind_bid, contract.")
    index: int | None = optional_key(description="take_talon (2 players).")
    card: Card | None = optional_key(description="give, discard, play.")
    to: Seat | None = optional_key(description="give.")
    marriage: Literal[True] | None = optional_key(description="play: lead a marriage.")
    ace_marriage: Literal[True] | None = optional_key(description="play: the ace marriage.")


# ---------------------------------------------------------------- per-game messages ---
GAME_PARTS: dict[str, tuple[Any, type[BaseModel], type[BaseModel]]] = {
    "cards": (CardsEvent, CardsView, CardsAction),
    "dice": (DiceEvent, DiceView, DiceAction),
}
"""Each game's event union, view model and action model."""


def game_models(game: str) -> dict[str, type[BaseModel]]:
    """The models of one game's part of the protocol: its hello, request, game_end, rules,
    view, event and action (the rules model is the engine's own)."""
    event, view, action = GAME_PARTS[game]
    rules = game_spec(game).rules_model
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
