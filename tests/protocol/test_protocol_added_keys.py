"""The published schema says what protocol.md says: a bot ignores keys it does not know in the
referee's messages, so the schema of every message to bots allows them, and a bot that
validates its input against it keeps playing when a later referee adds one.

The referee has no hook to add keys to what it sends, so the real game is played through a bot
in front of the example bot (tests/protocol/bots/added_keys.py) that adds a key to every object
a bot only reads; every message the example bot received that way must validate against the
published schema (and fail the exact one, which shows the keys were where the schema looks),
and the example bot must play the whole match without a fault. Legal actions get no added key
there (the referee compares the echo with its own); the schema-level test covers them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from referee.players.schema import EXACT_PARTS, protocol_schemas
from tests.protocol.conftest import PY, ROOT, match_json, read_lines, schema_validator, wire_bot
from thousand.registry import GAME_NAMES

ADDED_KEYS = Path(__file__).resolve().parent / "bots" / "added_keys.py"
TO_BOTS = ("hello", "request", "game_end")
"""Each game's messages the referee sends (game_start and bye are common)."""


def walk_properties(node: Any, title: str = "") -> list[tuple[str, str, dict[str, Any]]]:
    """Every (model title, field, its schema) in a schema."""
    found: list[tuple[str, str, dict[str, Any]]] = []
    if isinstance(node, dict):
        title = node.get("title", title)
        for name, prop in (node.get("properties") or {}).items():
            found.append((title, name, prop))
        for value in node.values():
            found += walk_properties(value, title)
    elif isinstance(node, list):
        for value in node:
            found += walk_properties(value, title)
    return found


def test_every_field_of_every_published_schema_has_a_description(
    document: dict[str, Any],
) -> None:
    undescribed = set()
    fields = 0
    for part, schemas in document.items():
        if isinstance(schemas, dict):
            for name, schema in schemas.items():
                for title, field, prop in walk_properties(schema, name):
                    fields += 1
                    if not str(prop.get("description", "")).strip():
                        undescribed.add(f"{part}.{title}.{field}")
    assert fields > 300
    assert not undescribed, sorted(undescribed)


def _opened(schema: Any) -> Any:
    """``schema`` with every ``additionalProperties: false`` made true."""
    if isinstance(schema, dict):
        return {
            key: True if key == "additionalProperties" and value is False else _opened(value)
            for key, value in schema.items()
        }
    if isinstance(schema, list):
        return [_opened(value) for value in schema]
    return schema


def test_the_published_document_is_the_exact_one_open_to_other_keys(
    document: dict[str, Any],
) -> None:
    """Published and exact differ in nothing but other keys being allowed, and only the rules
    part (a rules file's keys) stays closed: so a line that passes the exact document (the
    transcript tests) passes the published one."""
    exact = protocol_schemas(exact=True)
    assert document == protocol_schemas()
    for part, schemas in exact.items():
        if not isinstance(schemas, dict):
            continue
        for name, schema in schemas.items():
            published = document[part][name]
            if name in EXACT_PARTS:
                assert published == schema, name
                assert '"additionalProperties": false' in json.dumps(published)
            else:
                assert published == _opened(schema), (part, name)
                assert '"additionalProperties": false' not in json.dumps(published), name


def _with_added_key(value: Any) -> Any:
    """``value`` with a key no schema lists added to every object in it."""
    if isinstance(value, dict):
        return {**{k: _with_added_key(v) for k, v in value.items()}, "later": {"x": 1}}
    if isinstance(value, list):
        return [_with_added_key(v) for v in value]
    return value


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_bot_validating_against_the_schema_accepts_added_keys_everywhere(
    tmp_path: Path, marker: str, document: dict[str, Any], game: str
) -> None:
    """Real messages of a short match, each with a key added to every object in it (legal
    actions, events, view, result, clock, time and rules included): the published schema
    accepts them all, the exact one refuses them."""
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"preset": "classic", game_cap(game): 2}))
    prefix = tmp_path / "seat0"
    bots = [wire_bot(marker, "--log", str(prefix)), "builtin:random", "builtin:random"]
    match_json(bots[: 3 if game == "cards" else 2], "--rules", str(rules), game=game)
    published, exact = validators(document, game)
    kinds = set()
    for message in read_lines(Path(f"{prefix}.in.jsonl")):
        kind = message["type"]
        added = _with_added_key(copy.deepcopy(message))
        assert not list(published[kind].iter_errors(added)), kind
        if kind not in kinds:  # once a kind: a refusal tries every branch of every oneOf
            assert list(exact[kind].iter_errors(added)), kind
        kinds.add(kind)
    assert kinds == {"hello", "game_start", "request", "game_end", "bye"}


def validators(
    document: dict[str, Any], game: str
) -> tuple[dict[str, Draft202012Validator], dict[str, Draft202012Validator]]:
    """The published and the exact validator of each message the referee sends, by type."""
    exact = protocol_schemas(exact=True)
    built: tuple[dict[str, Draft202012Validator], dict[str, Draft202012Validator]] = ({}, {})
    for kind in ("game_start", "bye", *TO_BOTS):
        part = "common" if kind in ("game_start", "bye") else game
        built[0][kind] = schema_validator(document[part][kind])
        built[1][kind] = schema_validator(exact[part][kind])
    return built


def game_cap(game: str) -> str:
    return "max_deals" if game == "cards" else "max_rounds"


@pytest.mark.parametrize(
    ("game", "bot", "players"), [("dice", "dice_bot.py", 2), ("cards", "card_bot.py", 3)]
)
def test_an_example_bot_plays_a_match_whose_messages_carry_added_keys(
    tmp_path: Path, marker: str, document: dict[str, Any], game: str, bot: str, players: int
) -> None:
    log = tmp_path / "received.jsonl"
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"preset": "classic", game_cap(game): 6}))
    command = f"{PY} {ADDED_KEYS} {log} {ROOT / 'bots' / bot} {marker}"
    bots = [command] + ["builtin:random"] * (players - 1)
    report = match_json(bots, "--rules", str(rules), "--games", "2", "--seed", "4", game=game)
    assert report["games_played"] == 2
    ours = report["bots"][0]
    assert (ours["faults"], ours["fault_games"]) == ({}, 0)
    assert ours["moves"] > 10
    received = read_lines(log)
    published, exact = validators(document, game)
    added = 0
    refused = set()
    for message in received:
        kind = message["type"]
        assert not list(published[kind].iter_errors(message)), kind
        if kind not in refused:  # once a kind: a refusal tries every branch of every oneOf
            assert list(exact[kind].iter_errors(message)), kind
            refused.add(kind)
        added += json.dumps(message).count("added_in_a_later_version")
    assert [m["type"] for m in received].count("request") == ours["moves"]
    assert added >= 2 * len(received)
