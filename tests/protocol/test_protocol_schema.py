"""The published JSON Schemas (`thousand protocol schema`) against real transcripts.

Real matches of both games under several rule sets are played by the helper bot in every seat,
logging every line it receives and sends; every line must validate against the schema of its
message (with a JSON Schema validator, on a JSON document, not on the models behind it), and
every preset's rules against the game's rules schema. The lines are held to the *exact*
document (``protocol_schemas(exact=True)``: no key the models do not list), so that a key an
engine adds without a change of the models fails here; the published document differs from it
only in allowing other keys in what the referee sends (tested below), so every line that
passes the exact one passes the published one.

The transcripts' length is part of the claim: shorter matches (one game instead of two, 20
rounds instead of 40, fewer deals) leave out message shapes that these show (barrel events,
redeals, concessions), so they are played in full; what made them dear was the validator
trying every branch of each ``oneOf`` for the same event or legal action again and again, which
``schema_validator`` remembers once passed (tests/protocol/conftest.py), and each schema's
validator is built once for the module. `protocol schema`'s own options are read in this
process; the schema document the transcripts are checked against is printed by the real program
(the ``document`` fixture).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from jsonschema import Draft202012Validator

from referee.cli.main import main
from referee.players.schema import protocol_schemas
from tests.inprocess import invoke
from tests.protocol.conftest import ROOT, read_lines, schema_validator, wire_bot
from thousand.registry import GAME_NAMES, game_spec

# (game, rules file content, players): both games, several presets, every table size.
MATCHES: list[tuple[str, dict[str, Any], int]] = [
    ("dice", {"preset": "classic", "max_rounds": 40}, 2),
    ("dice", {"preset": "ussr", "set_aside": "choose", "max_rounds": 40}, 3),
    ("dice", {"preset": "barrel850", "confirm_hot_dice": True, "max_rounds": 40}, 4),
    ("cards", {"preset": "classic", "max_deals": 4}, 3),
    ("cards", {"preset": "everything", "max_deals": 4}, 3),
    ("cards", {"preset": "four", "max_deals": 4}, 4),
    ("cards", {"preset": "duel", "max_deals": 4}, 2),
    ("cards", {"preset": "golden", "max_deals": 4}, 3),
]


def validator(schema: dict[str, Any]) -> Draft202012Validator:
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


Checks = dict[str, dict[str, Draft202012Validator]]
"""For each game: its received messages' validators by type (``in:hello``...), the bot's
(``out:hello``, ``out:action``) and its action's (``action``)."""


@pytest.fixture(scope="module")
def exact() -> dict[str, Any]:
    """The exact document: every key the engines send, and no other."""
    return protocol_schemas(exact=True)


@pytest.fixture(scope="module")
def checks(exact: dict[str, Any]) -> Checks:
    """Each message schema's validator, built once for the module's matches."""
    document = exact
    common = document["common"]
    built: Checks = {}
    for game in GAME_NAMES:
        part = document[game]
        built[game] = {
            "in:hello": schema_validator(part["hello"]),
            "in:game_start": schema_validator(common["game_start"]),
            "in:request": schema_validator(part["request"]),
            "in:game_end": schema_validator(part["game_end"]),
            "in:bye": schema_validator(common["bye"]),
            "out:hello": schema_validator(common["bot_hello"]),
            "out:action": schema_validator(common["bot_action"]),
            "action": schema_validator(part["action"]),
        }
    return built


def errors(check: Draft202012Validator, message: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in check.iter_errors(message)]


def play_and_record(
    tmp_path: Path, marker: str, game: str, rules: dict[str, Any], players: int
) -> list[tuple[str, dict[str, Any]]]:
    """Every line of a real match as (direction, message), for every seat."""
    rules_file = tmp_path / "rules.json"
    rules_file.write_text(json.dumps(rules))
    prefixes = [tmp_path / f"seat{seat}" for seat in range(players)]
    bots = [wire_bot(marker, "--log", str(prefix), "--games", game) for prefix in prefixes]
    # The referee in this process (no interpreter start-up), the bots real processes.
    argv = ["match", *bots, "--game", game, "--rules", rules_file, "--games", 2, "--seed", 3]
    argv += ["--replays", tmp_path / "replays"]  # in the test's folder (verified by the suite)
    done = invoke(argv, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    lines: list[tuple[str, dict[str, Any]]] = []
    for prefix in prefixes:
        lines += [("in", m) for m in read_lines(Path(f"{prefix}.in.jsonl"))]
        lines += [("out", m) for m in read_lines(Path(f"{prefix}.out.jsonl"))]
    return lines


@pytest.mark.parametrize(("game", "rules", "players"), MATCHES, ids=lambda v: str(v))
def test_every_line_of_a_real_match_validates(
    tmp_path: Path,
    marker: str,
    checks: Checks,
    game: str,
    rules: dict[str, Any],
    players: int,
) -> None:
    check = checks[game]
    kinds: Counter[str] = Counter()
    for direction, message in play_and_record(tmp_path, marker, game, rules, players):
        kind = f"{direction}:{message['type']}"
        assert not errors(check[kind], message), (kind, errors(check[kind], message))
        kinds[kind] += 1
        if kind == "out:action":
            assert not errors(check["action"], message["action"]), message["action"]
    for kind in ("in:hello", "in:game_start", "in:request", "in:game_end", "in:bye"):
        assert kinds[kind] >= 1, kinds
    assert kinds["out:action"] == kinds["in:request"]


def test_a_remembered_pass_is_the_same_verdict(exact: dict[str, Any]) -> None:
    """``schema_validator`` skips only a repeat of a value that passed: a value that fails is
    refused every time, with the errors of a validator that remembers nothing."""
    event = {"type": "bolt", "seat": 1, "bolts": 2, "counted": True}
    remembering = schema_validator(exact["dice"]["request"])
    plain = validator(exact["dice"]["request"])
    request = {
        "type": "request",
        "id": 1,
        "legal": [{"type": "roll"}],
        "clock": {"left_ms": 1, "move_ms": 1},
    }
    for _ in range(2):
        good = {**request, "events": [event, event]}
        bad = {**request, "events": [event, {**event, "counted": "yes"}]}
        assert not errors(remembering, good) and not errors(plain, good)
        assert errors(remembering, bad) == errors(plain, bad) != []


def test_the_schemas_refuse_what_the_engines_never_send(
    exact: dict[str, Any], document: dict[str, Any]
) -> None:
    """The exact schemas are not permissive: an unknown key, a null where a key is left out, a
    wrong type, a word no engine writes all fail (so the transcript test above can catch a
    drift). The published ones refuse the same, but for the unknown key."""
    for strict, each in ((True, exact), (False, document)):
        dice_event = validator(each["dice"]["event"])
        good = {"type": "bolt", "seat": 1, "bolts": 2, "counted": True}
        assert not errors(dice_event, good)
        assert bool(errors(dice_event, {**good, "extra": 1})) == strict
        assert errors(dice_event, {**good, "counted": "yes"})
        turn_end = {"type": "turn_end", "seat": 0, "total": 0, "recorded": 0, "why": "zero"}
        assert not errors(dice_event, turn_end)
        assert errors(dice_event, {**turn_end, "why": "bored"})
        cards_action = validator(each["cards"]["action"])
        assert not errors(cards_action, {"type": "play", "card": "KH", "marriage": True})
        assert errors(cards_action, {"type": "play", "card": "KH", "marriage": None})
        assert errors(cards_action, {"type": "play", "card": "1H"})
        assert errors(validator(each["dice"]["view"]), {"game": "dice"})


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_preset_validates_against_its_rules_schema(
    document: dict[str, Any], game: str
) -> None:
    check = validator(document[game]["rules"])
    for name, rules in game_spec(game).presets.items():
        assert not errors(check, rules.model_dump(mode="json")), name
    assert errors(check, {**game_spec(game).presets["classic"].model_dump(), "nonsense": 1})


def schema_command(*args: str) -> Result:
    """``thousand protocol schema ARGS`` in this process (click's runner on the real group)."""
    return CliRunner().invoke(main, ["protocol", "schema", *args], prog_name="thousand")


def test_one_game_and_files(tmp_path: Path, document: dict[str, Any]) -> None:
    done = schema_command("--game", "dice")
    assert done.exit_code == 0, done.stderr
    dice_only = json.loads(done.stdout)
    assert set(dice_only) == {"protocol", "common", "dice"}
    assert dice_only["dice"] == document["dice"] == protocol_schemas()["dice"]
    folder = tmp_path / "schemas"
    done = schema_command("--out", str(folder))
    assert done.exit_code == 0, done.stderr
    written = sorted(p.name for p in folder.iterdir())
    assert "cards-view.schema.json" in written and "common-bot_hello.schema.json" in written
    assert len(written) == 4 + 7 * len(GAME_NAMES)
    view = json.loads((folder / "dice-view.schema.json").read_text())
    assert view == document["dice"]["view"]
    again = schema_command("--out", str(folder))
    assert again.exit_code == 1
    assert again.stderr.startswith("thousand: error: ") and again.stderr.count("\n") == 1
    assert json.loads((folder / "dice-view.schema.json").read_text()) == view


PUBLISHED = Path(__file__).parent / "data" / "protocol-schemas.json"
"""`thousand protocol schema` as printed on 2026-12-06 (issue 31: the referee's messages allow
other keys, the words of why/reason/phase are enums, every field has a description); first
written on 2026-12-03 (f2ec80e). Bots in other languages generate their types from these
schemas, so a change of the models' place or of pydantic must not change a byte; a deliberate
change of the protocol regenerates the file (`thousand protocol schema >
tests/protocol/data/protocol-schemas.json`) and says so in protocol.md."""


def test_the_published_schemas_have_not_changed_by_a_byte() -> None:
    printed = json.dumps(protocol_schemas(), indent=2, ensure_ascii=False) + "\n"
    published = PUBLISHED.read_text(encoding="utf-8")
    assert printed == published, "the published JSON Schemas changed: see PUBLISHED's docstring"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_game_brings_its_own_message_models(game: str) -> None:
    """The schema module keeps no game's models: it asks each game's spec for its own."""
    models = game_spec(game).message_models()
    assert models.view.__module__ == f"thousand.{game}.messages"
    assert models.action.__module__ == f"thousand.{game}.messages"
    schema = protocol_schemas(game)[game]
    assert schema["view"]["title"] == models.view.__name__
