"""A replay is a file anyone can hand you: ``thousand analyse`` answers a bad one with one
escaped line and a non-zero exit, analyses the good files beside it, and shows names escaped in
the terminal and the page."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tests.inprocess import invoke

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One real two-player classic dice game between the example bots."""
    folder = tmp_path_factory.mktemp("replays")
    bots = [
        f"python3 {ROOT / 'bots' / 'dice_bot.py'}",
        f"python3 {ROOT / 'bots' / 'dice_bot.py'} 2",
    ]
    done = invoke(
        ["match", "--game", "dice", "--games", "1", "--seed", "3", "--replays", folder, *bots],
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    (path,) = folder.glob("match-*/game-*.jsonl")
    return path


def renamed(game: Path, folder: Path, name: str) -> Path:
    lines = game.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    header["seats"][0]["name"] = name
    out = folder / "renamed.jsonl"
    out.write_text(json.dumps(header) + "\n" + "".join(lines[1:]), encoding="utf-8")
    return out


def one_error_line(stderr: str) -> str:
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("thousand: error: "), stderr
    assert "\x1b" not in stderr and "Traceback" not in stderr
    return lines[0]


def test_a_good_game_is_analysed(game: Path) -> None:
    done = invoke(["analyse", game], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "basis abstracted" in done.stdout and "decisions, mean loss" in done.stdout


def test_not_a_replay_is_one_line_and_the_good_file_still_analysed(
    game: Path, tmp_path: Path
) -> None:
    bad = tmp_path / "game-bad.jsonl"
    bad.write_text("this is not json\n", encoding="utf-8")
    done = invoke(["analyse", "--json", bad, game], cwd=ROOT)
    assert done.returncode == 1
    one_error_line(done.stderr)
    document = json.loads(done.stdout)
    assert [g["file"] for g in document["games"]] == [str(game)]
    assert document["errors"][0]["file"] == str(bad)


def test_a_huge_line_is_refused_in_one_line(tmp_path: Path) -> None:
    huge = tmp_path / "game-huge.jsonl.gz"
    with gzip.open(huge, "wb") as out:
        out.write(b'{"format":"thousand-replay","version":1,"x":"' + b"a" * (5 << 20) + b'"}\n')
    done = invoke(["analyse", huge], cwd=ROOT)
    assert done.returncode == 1
    assert "line" in one_error_line(done.stderr)


def test_a_name_with_terminal_escapes_is_refused_escaped(game: Path, tmp_path: Path) -> None:
    hostile = renamed(game, tmp_path, "evil\x1b]0;pwned\x07\x1b[2J")
    done = invoke(["analyse", hostile], cwd=ROOT)
    assert done.returncode == 1
    assert "control characters" in one_error_line(done.stderr)


def test_a_name_with_markup_is_shown_as_text(game: Path, tmp_path: Path) -> None:
    hostile = renamed(game, tmp_path, "<script>alert(1)</script>")
    page = tmp_path / "analysis.html"
    done = invoke(["analyse", hostile, "--html", page], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "<script>alert(1)</script>" in done.stdout  # a terminal shows text as text
    html = page.read_text(encoding="utf-8")
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_page_is_not_written_over_a_foreign_file(game: Path, tmp_path: Path) -> None:
    mine = tmp_path / "notes.html"
    mine.write_text("<p>my own notes</p>", encoding="utf-8")
    done = invoke(["analyse", game, "--html", mine], cwd=ROOT)
    assert done.returncode == 1
    assert "refusing to overwrite" in one_error_line(done.stderr)
    assert mine.read_text(encoding="utf-8") == "<p>my own notes</p>"


def test_missing_paths_and_seats_are_one_line(game: Path, tmp_path: Path) -> None:
    done = invoke(["analyse", tmp_path / "nothing\x1b[2J.jsonl"], cwd=ROOT)
    assert done.returncode == 1
    assert "no such file" in one_error_line(done.stderr)
    done = invoke(["analyse", game, "--seat", "5"], cwd=ROOT)
    assert done.returncode == 1
    assert "no seat 5" in one_error_line(done.stderr)
    done = invoke(["analyse", game, "--seat", "99"], cwd=ROOT)
    assert done.returncode == 2
    assert "--seat" in one_error_line(done.stderr)


@pytest.mark.parametrize(
    ("rules", "players", "unit"), [("classic", 3, "win_probability"), ("ussr", 2, "points")]
)
def test_what_the_table_does_not_solve_is_said(
    tmp_path: Path, rules: str, players: int, unit: str
) -> None:
    """Three players: the expert's duel reading, called an estimate; another preset: the
    expert's expected points of the turn, called an estimate too."""
    bots = ["builtin:random"] * players
    done = invoke(
        ["match", "--game", "dice", "--rules", rules, "--games", "1", "--seed", "4",
         "--replays", tmp_path, *bots],
        cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (path,) = tmp_path.glob("match-*/game-*.jsonl")
    done = invoke(["analyse", "--json", path], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    (game,) = json.loads(done.stdout)["games"]
    assert game["basis"] == "estimate" and game["unit"] == unit
    assert "estimate" in game["note"] and game["decisions"]
    if unit == "win_probability":
        assert all(0.0 <= d["value_chosen"] <= 1.0 for d in game["decisions"])
