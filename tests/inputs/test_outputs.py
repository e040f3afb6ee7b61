"""No command writes over one of its own inputs, or over a file that is not its own kind of
output, without an explicit --force; outputs appear whole (temporary file, then rename).

The commands run in this process (``invoke``: the same command code, what they refuse and say);
the FIFO test runs in a fresh interpreter with a time limit (a FIFO may hang its writer) and a
ladder's own run stays a real process (a run starts bots)."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from referee.outputs import HTML_PAGE, OutputRefused, write_output
from tests.inprocess import invoke_all
from tests.inputs.conftest import Run, invoke, one_error_line


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def replay(dice_replay: Path, tmp_path: Path) -> Path:
    """A private copy of a real replay: these tests try to write over it."""
    copy = tmp_path / "game.jsonl"
    copy.write_bytes(dice_replay.read_bytes())
    return copy


@pytest.fixture(scope="module")
def ladder_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("ladder")
    db = folder / "contest.db"
    assert invoke("ladder", "init", db, "--game", "dice", "--players", "2").returncode == 0
    for name in ("alice", "bob"):
        assert invoke("ladder", "add", db, name, "builtin:random", "--no-check").returncode == 0
    return db


# ------------------------------------------------------------------------- replay export


def test_export_refuses_to_write_over_its_replay(replay: Path) -> None:
    before = _digest(replay)
    for force in ([], ["--force"]):
        line = one_error_line(invoke("replay", "export", replay, "--html", replay, *force))
        assert "same file as the input" in line
        assert _digest(replay) == before


def test_export_refuses_a_link_to_its_replay(replay: Path, tmp_path: Path) -> None:
    before = _digest(replay)
    symlink = tmp_path / "page-link.html"
    symlink.symlink_to(replay)
    hardlink = tmp_path / "page-hard.html"
    os.link(replay, hardlink)
    for out in (symlink, hardlink, tmp_path / "." / replay.name):
        line = one_error_line(invoke("replay", "export", replay, "--html", out, "--force"))
        assert "same file as the input" in line
    assert _digest(replay) == before


def test_export_refuses_a_file_that_is_not_a_page_unless_forced(
    replay: Path, dice_replay: Path, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.html"
    notes.write_text("my own notes, not a page of thousand\n")
    other = tmp_path / "other" / "game-00000.jsonl"  # another real replay, not the input
    other.parent.mkdir()
    other.write_bytes(dice_replay.read_bytes())
    for target in (notes, other):
        before = _digest(target)
        line = one_error_line(invoke("replay", "export", replay, "--html", target))
        assert "--force" in line and "not a page written by thousand" in line
        assert _digest(target) == before
    done = invoke("replay", "export", replay, "--html", notes, "--force")
    assert done.returncode == 0, done.explain()
    assert notes.read_text().startswith("<!doctype html>")


def test_export_replaces_its_own_page_and_leaves_no_temporary_file(
    replay: Path, tmp_path: Path
) -> None:
    out = tmp_path / "pages" / "game.html"
    out.parent.mkdir()
    for _ in range(2):  # the second run finds its own page there and replaces it
        done = invoke("replay", "export", replay, "--html", out)
        assert done.returncode == 0, done.explain()
    assert [p.name for p in out.parent.iterdir()] == ["game.html"]
    assert '<meta name="generator" content="thousand">' in out.read_text()


def test_export_refuses_a_fifo(replay: Path, tmp_path: Path) -> None:
    """Renaming over a FIFO (or a device) would remove it from its folder: never done. Both
    cases in one fresh interpreter with a time limit (a FIFO may hang its writer)."""
    fifo = tmp_path / "pipe.html"
    os.mkfifo(fifo)
    cases = {
        name: (["replay", "export", replay, "--html", fifo, *force], tmp_path)
        for name, force in (("unforced", []), ("forced", ["--force"]))
    }
    answers = invoke_all(cases, env={"COLUMNS": "200"}, timeout=60)
    for name, (argv, _) in cases.items():
        line = one_error_line(Run(["thousand", *map(str, argv)], *answers[name]))
        assert "not a regular file" in line, name
        assert fifo.is_fifo()


# ----------------------------------------------------------------------- ladder standings


def test_standings_refuse_to_write_over_the_database(ladder_db: Path, tmp_path: Path) -> None:
    before = _digest(ladder_db)
    alias = tmp_path / "alias.html"
    alias.symlink_to(ladder_db)
    for out in (ladder_db, alias):
        for force in ([], ["--force"]):
            line = one_error_line(invoke("ladder", "standings", ladder_db, "--html", out, *force))
            assert "same file as the input" in line
    assert _digest(ladder_db) == before
    with sqlite3.connect(ladder_db) as conn:  # still a ladder
        assert conn.execute("SELECT COUNT(*) FROM entrants").fetchone()[0] == 2
    conn.close()


def test_standings_refuse_another_database_unless_forced(ladder_db: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    assert invoke("ladder", "init", other, "--game", "dice").returncode == 0
    before = _digest(other)
    line = one_error_line(invoke("ladder", "standings", ladder_db, "--html", other))
    assert "--force" in line
    assert _digest(other) == before
    done = invoke("ladder", "standings", ladder_db, "--html", other, "--force")
    assert done.returncode == 0, done.explain()
    assert "alice" in other.read_text()


def test_standings_replace_their_own_page(ladder_db: Path, tmp_path: Path) -> None:
    page = tmp_path / "standings.html"
    for _ in range(2):
        done = invoke("ladder", "standings", ladder_db, "--html", page)
        assert done.returncode == 0, done.explain()
    assert "alice" in page.read_text()
    assert not list(tmp_path.glob(".standings.html.*"))


# ------------------------------------------------------------------------------ the rule


def test_a_failed_write_leaves_the_old_page_whole(tmp_path: Path) -> None:
    """The page is written beside the target and renamed: a write that fails (here: text that
    cannot be encoded) leaves the old page as it was and no temporary file."""
    page = tmp_path / "page.html"
    write_output(page, "<!doctype html>\n<p>old</p>\n", [], HTML_PAGE, force=True)
    before = page.read_text()
    with pytest.raises((OutputRefused, UnicodeEncodeError)):
        write_output(page, "<p>\ud800</p>", [], HTML_PAGE, force=True)
    assert page.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]


def test_standings_with_a_damaged_replay_give_one_line(tmp_path: Path) -> None:
    """A ladder's replay damaged on disk: the page cannot be made, said in one line."""
    folder = tmp_path / "tampered"  # the suite's end check skips the damaged replay
    folder.mkdir()
    db = folder / "contest.db"
    assert invoke("ladder", "init", db, "--game", "dice", "--players", "2").returncode == 0
    for name in ("alice", "bob"):
        assert invoke("ladder", "add", db, name, "builtin:random", "--no-check").returncode == 0
    done = invoke("ladder", "run", db, "--matches", "1")  # built-ins: the replay is the point
    assert done.returncode == 0, done.explain()
    replays = sorted(folder.rglob("*.jsonl"))
    assert replays, done.explain()
    replays[0].write_text('{"format": "thousand-replay", "version": 1, "game": [1]}\n')
    line = one_error_line(invoke("ladder", "standings", db, "--html", tmp_path / "standings.html"))
    assert replays[0].name in line and "line 1" in line
