"""The drift check itself (tests/starters/schema_fields.py) fails when it should: a kit whose
types have drifted from the schema, a schema that has moved under a kit, and a kit whose
source and ``schema-fields.json`` disagree. Each case is one change to a real kit's file or to
the real schema document; the unchanged pair passes (tests/starters/test_starters.py)."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from referee.players.schema import protocol_schemas
from tests.starters.schema_fields import FIELDS_FILE, drift, json_types, message_schema

STARTERS = Path(__file__).resolve().parents[2] / "bots" / "starters"


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return protocol_schemas()


def kit_copy(tmp_path: Path, kit: str) -> Path:
    target = tmp_path / kit
    shutil.copytree(STARTERS / kit, target, ignore=shutil.ignore_patterns("target", "bot"))
    return target


def change_fields(kit: Path, change: Any) -> None:
    path = kit / FIELDS_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["messages"])
    path.write_text(json.dumps(data), encoding="utf-8")


def test_the_real_kits_pass(document: dict[str, Any]) -> None:
    for kit in ("c", "cpp", "rust"):
        assert drift(STARTERS / kit, document) == [], kit


def test_a_type_that_differs_from_the_schema_fails(tmp_path: Path, document: Any) -> None:
    kit = kit_copy(tmp_path, "c")
    change_fields(kit, lambda m: m["dice.view"].update(turn_total="string"))
    assert drift(kit, document) == [
        "dice.view.turn_total: the kit reads string, the schema says integer"
    ]


def test_a_nullable_field_read_as_not_null_fails(tmp_path: Path, document: Any) -> None:
    kit = kit_copy(tmp_path, "c")
    change_fields(kit, lambda m: m["cards.view"].update(trump="string"))
    assert drift(kit, document) == [
        "cards.view.trump: the kit reads string, the schema says null|string"
    ]


def test_a_field_the_schema_does_not_have_fails(tmp_path: Path, document: Any) -> None:
    kit = kit_copy(tmp_path, "c")
    change_fields(kit, lambda m: m["dice.view"].update(dice_kept="integer"))
    problems = drift(kit, document)
    assert "dice.view.dice_kept: the schema has no such field" in problems
    assert any(p.startswith("dice_kept: listed in") for p in problems), problems


def test_a_message_the_schema_does_not_have_fails(tmp_path: Path, document: Any) -> None:
    kit = kit_copy(tmp_path, "c")
    change_fields(kit, lambda m: m.update({"dice.verdict": {"seat": "integer"}}))
    assert "dice.verdict: no such message in the schema" in drift(kit, document)


def test_an_enum_short_of_a_value_fails(tmp_path: Path, document: Any) -> None:
    kit = kit_copy(tmp_path, "rust")
    change_fields(kit, lambda m: m["cards.view"]["phase"].remove("over"))
    [problem] = drift(kit, document)
    assert problem.startswith("cards.view.phase: the kit's enum"), problem


def test_a_renamed_schema_field_fails_the_kit(tmp_path: Path, document: Any) -> None:
    moved = copy.deepcopy(document)
    view = moved["dice"]["view"]["properties"]
    view["total"] = view.pop("turn_total")
    assert "dice.view.turn_total: the schema has no such field" in drift(STARTERS / "c", moved)


def test_a_field_in_the_source_but_not_listed_fails(tmp_path: Path, document: Any) -> None:
    kit = kit_copy(tmp_path, "cpp")
    change_fields(kit, lambda m: m["dice.view"].pop("dice_left"))
    assert drift(kit, document) == [
        "dice_left: declared in ('protocol.hpp',) but not listed in schema-fields.json"
    ]


def test_a_listed_field_gone_from_the_source_fails(tmp_path: Path, document: Any) -> None:
    kit = kit_copy(tmp_path, "rust")
    source = kit / "src" / "protocol.rs"
    source.write_text(source.read_text().replace("pub dice_left: usize,", ""), encoding="utf-8")
    assert drift(kit, document) == [
        "dice_left: listed in schema-fields.json but not declared in ('src/protocol.rs',)"
    ]


def test_nested_objects_and_references_are_followed(document: dict[str, Any]) -> None:
    node, root = message_schema(document, "cards.view.trick")
    assert set(node["properties"]) >= {"seat", "card"}
    request, root = message_schema(document, "dice.request")
    assert json_types(request["properties"]["view"], root) == {"object"}
    assert json_types(request["properties"]["legal"], root) == {"array"}
