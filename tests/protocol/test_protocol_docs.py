"""docs/rules-cards.md and docs/rules-dice.md give every rule field's JSON type, and the type
agrees with the engine's rules model (the model is what the referee's hello serialises)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.players.schema import rule_types
from thousand.registry import GAME_NAMES

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\| ((?:`[a-z_0-9]+`(?: / )?)+) \| ([^|]+) \|")


def documented_types(text: str) -> dict[str, str]:
    """Field → type from every table whose header is ``| field | type | …``."""
    found: dict[str, str] = {}
    in_table = False
    for line in text.splitlines():
        if line.startswith("| field | type |"):
            in_table = True
            continue
        if not line.startswith("|"):
            in_table = False
            continue
        match = ROW.match(line) if in_table else None
        if match is None:
            continue
        names = re.findall(r"`([a-z_0-9]+)`", match.group(1))
        types = [t.strip() for t in match.group(2).split(" / ")]
        assert len(names) == len(types), line
        for name, kind in zip(names, types, strict=True):
            assert name not in found, f"{name} is in two rows"
            found[name] = kind
    return found


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_rule_field_has_its_model_type_in_the_doc(game: str) -> None:
    text = (ROOT / "docs" / f"rules-{game}.md").read_text(encoding="utf-8")
    assert documented_types(text) == rule_types(game)


def test_barrel_is_a_string_in_dice_and_a_boolean_in_cards() -> None:
    assert rule_types("dice")["barrel"] == 'string ("none", "points" or "open")'
    assert rule_types("cards")["barrel"] == "boolean or null"


def test_a_wrong_type_in_a_table_is_noticed() -> None:
    table = "| field | type | classic |\n|---|---|---|\n| `barrel` | boolean | null |\n"
    assert documented_types(table) == {"barrel": "boolean"} != {"barrel": "boolean or null"}


def test_protocol_md_names_every_fault_kind_in_its_table() -> None:
    from referee.games.check import FAULT_WORDS
    from referee.players.protocol import FAULT_KINDS

    text = (ROOT / "protocol.md").read_text(encoding="utf-8")
    table = text[text.index("| fault | when |") :].split("\n\n", 1)[0]
    listed = set(re.findall(r"^\| `([a-z_0-9]+)` \|", table, re.M))
    assert listed == set(FAULT_WORDS) == set(FAULT_KINDS)


def test_protocol_md_names_every_end_of_a_game() -> None:
    from thousand.game import END_REASONS

    text = (ROOT / "protocol.md").read_text(encoding="utf-8")
    sentence = text[text.index("`reason` says why the game ended") :].split(".", 1)[0]
    assert set(re.findall(r"`([a-z_]+)`", sentence)) - {"reason"} == set(END_REASONS)


def test_the_schema_commands_in_protocol_md_run(tmp_path: Path) -> None:
    from tests.protocol.conftest import in_process

    text = (ROOT / "protocol.md").read_text(encoding="utf-8")
    commands = re.findall(r"^thousand protocol schema(.*?)(?:\s+#.*)?$", text, re.M)
    assert len(commands) >= 3
    for options in commands:
        args = options.split()
        if "--out" in args:
            args[args.index("--out") + 1] = str(tmp_path / "schemas")
        done = in_process("protocol", "schema", *args)
        assert done.returncode == 0, (options, done.stderr)
