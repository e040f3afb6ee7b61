"""Bot replies as protocol.md defines them, through real bot processes: the id is a JSON
number (``1.0`` is the id 1), and a hello may name the games the bot plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.players.protocol import Fault, parse_action, parse_hello
from tests.protocol.conftest import in_process, match_json, wire_bot


def test_an_id_written_as_a_float_is_the_same_id(marker: str, tmp_path: Path) -> None:
    document = match_json(
        [wire_bot(marker, "--float-id"), "builtin:random"],
        *("--games", "2", "--seed", "5", "--replays", str(tmp_path)),
    )
    assert document["games_played"] == 2
    assert document["bots"][0]["faults"] == {}
    assert all(not game["faults"] for game in document["games"])


@pytest.mark.parametrize("written", [b"true", b'"7"', b"7.5", b"null", b"[7]", b"8.0"])
def test_an_id_that_is_not_a_number_equal_to_the_id_is_wrong(written: bytes) -> None:
    line = b'{"type":"action","id":' + written + b',"action":{"type":"roll"}}'
    with pytest.raises(Fault) as caught:
        parse_action(line, 7)
    assert caught.value.kind == "wrong_id"
    assert caught.value.detail == f"answered id {written.decode()}, expected 7"


@pytest.mark.parametrize("written", [b"7", b"7.0", b"7e0", b"0.7e1"])
def test_any_json_number_equal_to_the_id_is_accepted(written: bytes) -> None:
    line = b'{"type":"action","id":' + written + b',"action":{"type":"roll"}}'
    assert parse_action(line, 7) == {"type": "roll"}


def test_the_hello_may_name_the_games_the_bot_plays() -> None:
    hello = parse_hello(b'{"type":"hello","name":"d","games":["dice"]}')
    assert hello.games == ("dice",) and hello.plays("dice") and not hello.plays("cards")
    assert parse_hello(b'{"type":"hello","name":"d"}').games is None


@pytest.mark.parametrize("games", [b'"dice"', b"[1]", b"{}", b'["dice",null]'])
def test_a_games_key_that_is_not_a_list_of_names_is_a_bad_hello(games: bytes) -> None:
    with pytest.raises(Fault) as caught:
        parse_hello(b'{"type":"hello","name":"d","games":' + games + b"}")
    assert caught.value.kind == "bad_hello"
    assert "games must be a list" in caught.value.detail


def test_an_incompatible_protocol_is_refused_once_then_absent_and_said_on_the_console(
    marker: str, tmp_path: Path
) -> None:
    """protocol.md, "hello (bot → referee)" and "Faults": the first game records
    incompatible_protocol at start-up, later games absent, and the console says why."""
    bot = wire_bot(marker, "--protocol", "2")
    document = match_json(
        [bot, "builtin:random"], "--games", "3", "--seed", "2", "--replays", str(tmp_path), ok=False
    )
    faults = [f for game in document["games"] for f in game["faults"]]
    assert [(f["kind"], f["move"]) for f in faults] == [
        ("incompatible_protocol", None),
        ("absent", None),
        ("absent", None),
    ]
    assert faults[0]["detail"] == "bot speaks protocol 2; this referee speaks 1"
    text = in_process(
        *("match", bot, "builtin:random", "--game", "dice", "--games", "2", "--seed", "2"),
        *("--replays", str(tmp_path / "text")),
    )
    assert text.returncode != 0
    assert "incompatible_protocol: bot speaks protocol 2; this referee speaks 1" in text.stderr
