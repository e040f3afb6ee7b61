"""Entrant names are the contestants' text: the ladder's standings (text, Markdown, HTML), its
list of entrants and of games show them escaped, and never break (``[/]`` crashed the
standings table)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from tests.inputs.conftest import (
    ESCAPED_TITLE,
    HOSTILE_NAMES,
    assert_clean,
    invoke,
    run_in_terminal,
    shows_names_escaped,
)


@pytest.fixture(scope="module")
def hostile_ladder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ladder whose entrants are named by hostile contestants. Names that ``ladder add``
    refuses (control characters) are put into the database directly, as a ladder made before
    names were checked holds them."""
    folder = tmp_path_factory.mktemp("ladder")
    db = folder / "contest.db"
    done = invoke("ladder", "init", db, "--game", "dice", "--players", "2")
    assert done.returncode == 0, done.explain()
    for index, _name in enumerate(HOSTILE_NAMES):
        done = invoke("ladder", "add", db, f"entrant{index}", "builtin:random", "--no-check")
        assert done.returncode == 0, done.explain()
    with sqlite3.connect(db) as conn:
        for index, name in enumerate(HOSTILE_NAMES):
            conn.execute("UPDATE entrants SET name = ? WHERE name = ?", (name, f"entrant{index}"))
    conn.close()
    return db


def test_ladder_standings_text_shows_names_as_text(hostile_ladder: Path) -> None:
    """As text (in process: what it says) and in a real terminal (colours, its width)."""
    done = invoke("ladder", "standings", hostile_ladder)
    assert done.returncode == 0, done.explain()
    assert_clean(done)
    shows_names_escaped(done.stdout)
    terminal = run_in_terminal("ladder", "standings", hostile_ladder)
    assert terminal.returncode == 0, terminal.explain()
    assert_clean(terminal)


def test_ladder_list_and_games_show_names_as_text(hostile_ladder: Path) -> None:
    for command in ("list", "games"):
        done = invoke("ladder", command, hostile_ladder)
        assert done.returncode == 0, done.explain()
        assert_clean(done)
    listing = invoke("ladder", "list", hostile_ladder).stdout
    assert ESCAPED_TITLE in listing


def test_ladder_standings_markdown_keeps_its_columns(hostile_ladder: Path) -> None:
    done = invoke("ladder", "standings", hostile_ladder, "--markdown")
    assert done.returncode == 0, done.explain()
    assert_clean(done)
    rows = [line for line in done.stdout.splitlines() if line.startswith("|")]
    header = rows[0]
    columns = len(re.split(r"(?<!\\)\|", header))
    assert len(rows) == 2 + len(HOSTILE_NAMES), done.stdout
    for row in rows:
        assert len(re.split(r"(?<!\\)\|", row)) == columns, row
    assert "<script>" not in done.stdout
    assert "&lt;script&gt;" in done.stdout


def test_ladder_standings_html_escapes_names(hostile_ladder: Path, tmp_path: Path) -> None:
    page = tmp_path / "standings.html"
    done = invoke("ladder", "standings", hostile_ladder, "--html", page)
    assert done.returncode == 0, done.explain()
    text = page.read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "\x1b" not in text and "\u202e" not in text
    assert ESCAPED_TITLE in text
