"""`thousand replay verify` passes on genuine replays of every preset and names the line of
every kind of tampering; `summary` reads complete and incomplete files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.inprocess import Invoked
from tests.replay.conftest import ROOT, make_replays, short_cards_rules, thousand
from thousand.registry import game_spec


def verify(*paths: Path) -> Invoked:
    return thousand("replay", "verify", *paths)


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_lines(path: Path, records: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


@pytest.mark.parametrize("preset", list(game_spec("dice").presets))
def test_verify_passes_on_every_dice_preset(tmp_path: Path, preset: str) -> None:
    bots = [f"python3 {ROOT / 'bots' / 'random_bot.py'}", "builtin:random", "builtin:random"]
    replays = make_replays(tmp_path, "dice", preset, bots, games=2)
    done = verify(*replays)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count(": OK") == 2


@pytest.mark.parametrize("preset", list(game_spec("cards").presets))
def test_verify_passes_on_every_card_preset(tmp_path: Path, preset: str) -> None:
    players = game_spec("cards").presets[preset].allowed_players()[0]  # type: ignore[attr-defined]
    rules = short_cards_rules(tmp_path, preset, deals=10)
    bots = [f"python3 {ROOT / 'bots' / 'random_bot.py'}"] + ["builtin:random"] * (players - 1)
    replays = make_replays(tmp_path / "r", "cards", rules, bots)
    done = verify(*replays)
    assert done.returncode == 0, done.stdout + done.stderr
    assert ": OK" in done.stdout


def _tampered(source: Path, folder: Path) -> tuple[Path, list[dict[str, Any]]]:
    """A copy to break on purpose, in a ``tampered`` folder that the suite's final check of
    every replay it wrote (tests/conftest.py) knows to skip."""
    folder = folder / "tampered"
    folder.mkdir(exist_ok=True)
    copy = folder / source.name
    shutil.copy(source, copy)
    return copy, read_lines(copy)


def _failing_line(done: Invoked) -> int:
    assert done.returncode == 1, done.stdout
    text = done.stdout.split(": line ", 1)[1]
    return int(text.split(":", 1)[0])


def test_a_changed_card_fails_at_the_deal(card_replay: Path, tmp_path: Path) -> None:
    path, records = _tampered(card_replay, tmp_path)
    index = next(i for i, r in enumerate(records) if r.get("action", {}).get("type") == "deal")
    hands = records[index]["action"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # still a valid deal, but not this one
    write_lines(path, records)
    assert _failing_line(verify(path)) == index + 1


def test_a_changed_played_card_fails_at_that_move(card_replay: Path, tmp_path: Path) -> None:
    path, records = _tampered(card_replay, tmp_path)
    index = next(i for i, r in enumerate(records) if r.get("action", {}).get("type") == "play")
    hand = [c for c in ["9S", "JS", "QS", "KS", "TS", "AS", "9C", "JC", "QC", "KC", "TC", "AC"]]
    played = records[index]["action"]["card"]
    records[index]["action"]["card"] = next(c for c in hand if c != played)
    write_lines(path, records)
    done = verify(path)
    assert _failing_line(done) == index + 1


def test_a_changed_throw_fails_at_that_throw(dice_replay: Path, tmp_path: Path) -> None:
    path, records = _tampered(dice_replay, tmp_path)
    index = next(
        i for i, r in enumerate(records) if i > 5 and r.get("action", {}).get("type") == "throw"
    )
    dice = records[index]["action"]["dice"]
    dice[0] = 1 if dice[0] != 1 else 2
    write_lines(path, records)
    assert _failing_line(verify(path)) == index + 1


def test_a_changed_score_fails_at_that_line(dice_replay: Path, tmp_path: Path) -> None:
    path, records = _tampered(dice_replay, tmp_path)
    index = next(i for i, r in enumerate(records) if "scores" in r)
    event = next(e for e in records[index]["events"] if e["type"] == "score")
    event["score"] += 5
    write_lines(path, records)
    done = verify(path)
    assert _failing_line(done) == index + 1
    assert "score" in done.stdout


def test_a_changed_final_score_fails_at_the_result(dice_replay: Path, tmp_path: Path) -> None:
    path, records = _tampered(dice_replay, tmp_path)
    records[-1]["scores"][0] += 100
    write_lines(path, records)
    assert _failing_line(verify(path)) == len(records)


def test_a_missing_line_fails_where_it_was(card_replay: Path, tmp_path: Path) -> None:
    path, records = _tampered(card_replay, tmp_path)
    index = next(i for i, r in enumerate(records) if i > 20 and r.get("kind") == "move")
    del records[index]
    write_lines(path, records)
    assert _failing_line(verify(path)) == index + 1


def test_an_incomplete_replay_fails_verify_and_summary_says_so(
    dice_replay: Path, tmp_path: Path
) -> None:
    records = read_lines(dice_replay)
    (tmp_path / "tampered").mkdir()
    partial = tmp_path / "tampered" / (dice_replay.name + ".part")
    write_lines(partial, records[: len(records) // 2])
    done = verify(partial)
    assert done.returncode == 1 and "incomplete" in done.stdout
    summary = thousand("replay", "summary", "--json", partial)
    assert summary.returncode == 0
    assert json.loads(summary.stdout)["complete"] is False


def test_summary_gives_one_line_per_game(tmp_path: Path) -> None:
    bots = [f"python3 {ROOT / 'bots' / 'random_bot.py'}", "builtin:random"]
    replays = make_replays(tmp_path, "dice", "classic", bots, games=3)
    done = thousand("replay", "summary", "--json", tmp_path)
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in done.stdout.splitlines()]
    assert [Path(g["file"]).name for g in games] == [p.name for p in replays]
    for game, path in zip(games, replays, strict=True):
        result = read_lines(path)[-1]
        assert game["scores"] == result["scores"] and game["winner"] == result["winner"]
        assert game["complete"] is True


def test_gzip_replays_verify(tmp_path: Path) -> None:
    done = thousand(
        *("match", "--game", "dice", "--games", "2", "--seed", "3", "--gzip"),
        *("--replays", tmp_path, "builtin:random", "builtin:random"),
    )
    assert done.returncode == 0, done.stderr
    files = sorted(tmp_path.glob("match-*/*.jsonl.gz"))  # the match's own folder
    assert len(files) == 2
    assert verify(*files).returncode == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["replay", "verify", "no/such/file.jsonl"], "no such file"),
        (["replay", "summary", "no/such/dir"], "no such file"),
        (["replay", "show", "no/such/file.jsonl"], "no such replay file"),
    ],
)
def test_bad_paths_give_one_clear_line(argv: list[str], message: str) -> None:
    done = thousand(*argv)
    assert done.returncode != 0
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_file_that_is_not_a_replay_is_refused(tmp_path: Path) -> None:
    (tmp_path / "tampered").mkdir()
    path = tmp_path / "tampered" / "notes.jsonl"
    path.write_text('{"hello": 1}\n')
    done = verify(path)
    assert done.returncode == 1 and "not a thousand-replay file" in done.stdout
