"""A starter kit's typed messages against ``thousand protocol schema``: the drift check.

Each kit lists the message fields its types declare in ``schema-fields.json`` (the format is in
bots/starters/README.md): where in the schema each message is (``"dice.view"``, a nested
object as ``"cards.view.trick"``), each field's JSON type as the kit's type reads it
(``"integer"``, ``"string|null"``) or, for a closed enum of the kit's, its values; the kit's
source files that hold those types; and a regular expression whose one group finds every
field name the source declares. The file is then tied to both sides: every field it lists is
in the schema with the same types (a field renamed, retyped, made nullable or given another
enum value fails), and the source declares exactly the fields the file lists (a field added to
the kit's types without a line here, or listed here but gone from the code, fails). One
checker for every language: a kit in a new language writes one file.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Schema = dict[str, Any]
FIELDS_FILE = "schema-fields.json"


@dataclass(frozen=True)
class FieldsFile:
    """A kit's ``schema-fields.json``, read."""

    sources: tuple[str, ...]
    declared: re.Pattern[str]
    messages: dict[str, dict[str, str | list[str | None]]]


def read_fields(kit: Path) -> FieldsFile:
    data = json.loads((kit / FIELDS_FILE).read_text(encoding="utf-8"))
    unknown = set(data) - {"sources", "declared", "messages"}
    if unknown:
        raise ValueError(f"{FIELDS_FILE}: unknown keys {sorted(unknown)}")
    pattern = re.compile(data["declared"])
    if pattern.groups != 1:
        raise ValueError(f"{FIELDS_FILE}: 'declared' must have exactly one group")
    return FieldsFile(tuple(data["sources"]), pattern, data["messages"])


def _resolve(node: Schema, root: Schema) -> Schema:
    """A schema node with its ``$ref`` (within its message's own ``$defs``) followed."""
    while "$ref" in node:
        name = node["$ref"].removeprefix("#/$defs/")
        node = root["$defs"][name]
    return node


def _branches(node: Schema, root: Schema) -> list[Schema]:
    """The alternatives a value may be: ``anyOf``'s branches, each resolved."""
    node = _resolve(node, root)
    if "anyOf" in node:
        return [b for branch in node["anyOf"] for b in _branches(branch, root)]
    return [node]


def json_types(node: Schema, root: Schema) -> set[str]:
    """The JSON types a property may take (``null`` included when it is nullable)."""
    found: set[str] = set()
    for branch in _branches(node, root):
        kind = branch.get("type")
        if isinstance(kind, list):
            found.update(kind)
        elif isinstance(kind, str):
            found.add(kind)
        elif "const" in branch:
            found.add(_type_of(branch["const"]))
        elif "enum" in branch:
            found.update(_type_of(v) for v in branch["enum"])
    return found


def enum_values(node: Schema, root: Schema) -> set[Any] | None:
    """The values a property is limited to (None: not an enum); null when nullable."""
    values: set[Any] = set()
    for branch in _branches(node, root):
        if "enum" in branch:
            values.update(branch["enum"])
        elif "const" in branch:
            values.add(branch["const"])
        elif branch.get("type") == "null":
            values.add(None)
        else:
            return None
    return values


def _type_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return {str: "string", float: "number", list: "array", dict: "object"}[type(value)]


def message_schema(document: Schema, path: str) -> tuple[Schema, Schema]:
    """The object schema at ``path`` (``"dice.view"``, ``"cards.view.trick"``) and the root
    whose ``$defs`` its references use; a property that is an array leads to its items."""
    group, name, *inner = path.split(".")
    root = document[group][name]
    node = root
    for prop in inner:
        node = _resolve(node, root)["properties"][prop]
        objects = [b for b in _branches(node, root) if b.get("type") != "null"]
        node = objects[0]
        if node.get("type") == "array":
            node = node["items"]
    return _resolve(node, root), root


def drift(kit: Path, document: Schema) -> list[str]:
    """Every way the kit's declared fields differ from the schema and from its own source."""
    fields = read_fields(kit)
    problems: list[str] = []
    listed: set[str] = set()
    for path, declared in fields.messages.items():
        try:
            node, root = message_schema(document, path)
        except (KeyError, IndexError):
            problems.append(f"{path}: no such message in the schema")
            continue
        properties = node.get("properties", {})
        for name, kind in declared.items():
            listed.add(name)
            where = f"{path}.{name}"
            if name not in properties:
                problems.append(f"{where}: the schema has no such field")
                continue
            if isinstance(kind, list):
                values = enum_values(properties[name], root)
                if values != set(kind):
                    shown = sorted(values, key=str) if values is not None else "not an enum"
                    problems.append(f"{where}: the kit's enum {kind}, the schema's {shown}")
                continue
            theirs = json_types(properties[name], root)
            ours = set(kind.split("|"))
            if ours != theirs:
                problems.append(
                    f"{where}: the kit reads {kind}, the schema says {'|'.join(sorted(theirs))}"
                )
    text = "\n".join((kit / source).read_text(encoding="utf-8") for source in fields.sources)
    in_source = set(fields.declared.findall(text))
    for name in sorted(listed - in_source):
        problems.append(f"{name}: listed in {FIELDS_FILE} but not declared in {fields.sources}")
    for name in sorted(in_source - listed):
        problems.append(f"{name}: declared in {fields.sources} but not listed in {FIELDS_FILE}")
    return problems
