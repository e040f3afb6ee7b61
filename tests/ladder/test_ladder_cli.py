"""The ladder's command line: --json outputs against the pydantic models, one clear line for
each mistake, faulty bots, disable/enable, and the self-contained HTML standings page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from referee.ladder.standings import EntrantRow, MatchRow, Standings
from referee.replay.reader import ReplayReader
from tests.ladder.conftest import (
    CARD_BOT,
    FAULTY,
    RANDOM_BOT,
    Ladders,
    check_consistent,
    leftovers,
    ok,
    one_error_line,
    py_bot,
    quick,
    quick_ok,
    read_only,
)

BUILTINS = {f"random-{c}": "builtin:random" for c in "abcde"}

PLAYED = 4
"""Matches played once a session in the template of the tests that read a history
(``Ladders.copy_table(..., played=PLAYED)``: each gets a copy, replays included)."""


def test_json_outputs_validate_against_the_models(tmp_path: Path, ladders: Ladders) -> None:
    db = ladders.copy_table(tmp_path, BUILTINS, played=PLAYED)

    table = Standings.model_validate_json(quick_ok("standings", db, "--json").stdout)
    assert table.matches_done == PLAYED and len(table.rows) == 5
    assert [r.rank for r in table.rows] == [1, 2, 3, 4, 5]
    assert [r.rating for r in table.rows] == sorted((r.rating for r in table.rows), reverse=True)
    for row in table.rows:
        assert row.rating == pytest.approx(row.mu - 3 * row.sigma, abs=2e-3)
    assert sum(r.matches for r in table.rows) == PLAYED * 3

    games = TypeAdapter(list[MatchRow]).validate_json(quick_ok("games", db, "--json").stdout)
    assert [g.id for g in games] == list(range(PLAYED, 0, -1))
    for game in games:
        assert game.status == "done" and game.ranks is not None and len(game.entrants) == 3
        assert len(game.replays) == 6  # one duplicate group: every seating of 3
        assert all(Path(replay).is_file() for replay in game.replays)
        assert all(f"{db.name}.files" in replay for replay in game.replays)
    mine = TypeAdapter(list[MatchRow]).validate_json(
        quick_ok("games", db, "--bot", "random-a", "--last", 2, "--json").stdout
    )
    assert len(mine) <= 2 and all("random-a" in g.entrants for g in mine)

    listed = TypeAdapter(list[EntrantRow]).validate_json(quick_ok("list", db, "--json").stdout)
    assert [e.name for e in listed] == list(BUILTINS)
    assert all(e.enabled and e.version == 1 and e.bot == "builtin:random" for e in listed)


def test_mistakes_give_one_clear_line(tmp_path: Path, ladders: Ladders) -> None:
    db = ladders.copy(tmp_path, BUILTINS)
    missing = tmp_path / "nowhere" / "ladder.db"
    junk = tmp_path / "junk.db"
    junk.write_text("not a database\n")

    # Bad database paths, for reading and for creating (in this process: the real program's
    # one line is test_ladder_damage.py's test_the_real_run_and_serve_say_it_in_one_line_too).
    assert "no ladder at" in one_error_line(quick("run", missing, "--matches", 1))
    # The same bound as match and tournament: 256 matches at once, each with its bots.
    assert "not in the range 1<=x<=256" in one_error_line(quick("run", db, "--concurrency", 257))
    for command in ("standings", "list", "games", "rerate"):
        assert "no ladder at" in one_error_line(quick(command, missing))
    assert "not a ladder database" in one_error_line(quick("standings", junk))
    assert "folder does not exist" in one_error_line(quick("init", missing, "--game", "dice"))
    assert "already exists" in one_error_line(quick("init", db, "--game", "dice"))

    # Unknown entrant names.
    assert "no entrant named 'nobody'" in one_error_line(quick("disable", db, "nobody"))
    for args in (
        ("update", db, "nobody", "builtin:random", "--no-check"),
        ("enable", db, "nobody"),
        ("games", db, "--bot", "nobody"),
    ):
        line = one_error_line(quick(*args))
        assert "no entrant named 'nobody'" in line and "random-a" in line, args
    assert "exists already" in one_error_line(quick("add", db, "random-a", "builtin:random"))
    assert "bot not found" in one_error_line(quick("add", db, "x", "no-such-bot.py", "--no-check"))

    # The wrong game: a card-only bot refused by a dice ladder's conformance check (a real bot
    # process), and rules of the other game for a new ladder.
    refused = one_error_line(quick("add", db, "cards", py_bot(CARD_BOT)))
    assert "failed the conformance check" in refused
    cards_rules = tmp_path / "cards.toml"
    cards_rules.write_text('game = "cards"\n')
    wrong = quick("init", tmp_path / "w.db", "--game", "dice", "--rules", cards_rules)
    assert "cards rules, not dice rules" in one_error_line(wrong)
    preset = quick("init", tmp_path / "w.db", "--game", "dice", "--rules", "four")
    assert "dice preset" in one_error_line(preset)
    assert not (tmp_path / "w.db").exists()

    # Budgets: exactly one.
    assert "exactly one of" in one_error_line(quick("run", db, "--matches", 1, "--total", 3))
    # None of it touched the ladder.
    listed = json.loads(quick_ok("list", db, "--json").stdout)
    assert [e["name"] for e in listed] == list(BUILTINS)


def test_update_no_check_with_a_missing_bot_is_one_line(tmp_path: Path, ladders: Ladders) -> None:
    db = ladders.copy(tmp_path, BUILTINS)
    line = one_error_line(quick("update", db, "random-a", "no-such-bot.py", "--no-check"))
    assert "bot not found" in line


def test_a_bot_that_faults_in_every_game_is_scheduled_less_and_flagged(
    tmp_path: Path, ladders: Ladders, marker: str
) -> None:
    """The healthy field is one bot program beside three built-ins (a crashing table-mate
    must not cost a program its games; the built-ins cost no program starts), and the run is
    this process's: the claim is the schedule and the flag, not the run's process."""
    bots = {
        "ok0": py_bot(RANDOM_BOT, 0, marker),
        **{f"ok{i}": "builtin:random" for i in range(1, 4)},
        "crasher": py_bot(FAULTY, "crash", 0, marker),  # exits at its first request
    }
    db = ladders.copy(tmp_path, bots)
    run = quick_ok("run", db, "--matches", 8)  # one at a time: the schedule is reproducible
    assert "recorded 8 matches" in run.stdout
    assert check_consistent(db)["done"] == 8
    table = Standings.model_validate_json(quick_ok("standings", db, "--json").stdout)
    rows = {r.name: r for r in table.rows}
    healthy = [rows[f"ok{i}"] for i in range(4)]
    crasher = rows["crasher"]
    assert crasher.flagged, crasher
    # It faults in every game in which it is asked to move, and is ranked last there. A game
    # of these short rules (300 to win) can be won in the first turn, before it moves: which
    # games those were, the replays say.
    asked = last = 0
    for path in sorted(Path(f"{db}.files", "replays").glob("match-*/game-*.jsonl*")):
        with ReplayReader(path) as replay:
            if "faulty-crash" not in replay.header.names:
                continue
            seat = replay.header.names.index("faulty-crash")
            records = [record for _, record in replay]
        moved = any(r.get("kind") == "move" and r.get("seat") == seat for r in records)
        asked += moved
        result = records[-1]
        faulted = [f["seat"] for f in result["faults"]]
        assert faulted == ([seat] if moved else []), (path, result["faults"])
        last += moved and result["places"][seat] == 3
    assert crasher.matches >= 1 and asked >= crasher.games // 2, crasher
    assert crasher.fault_games == asked == last, (crasher, asked, last)
    assert crasher.wins == 0
    assert crasher.matches < min(h.matches for h in healthy), rows
    assert crasher.rank == 5
    assert not any(h.flagged or h.faults for h in healthy)
    assert "crasher ⚠" in quick_ok("standings", db, "--markdown").stdout
    assert leftovers(marker) == []


def test_disable_stops_scheduling_and_enable_resumes_it(tmp_path: Path, ladders: Ladders) -> None:
    db = ladders.copy(tmp_path, BUILTINS)
    assert "disabled random-a" in quick_ok("disable", db, "random-a").stdout
    quick_ok("run", db, "--matches", 6, "--concurrency", 2)
    table = Standings.model_validate_json(quick_ok("standings", db, "--json").stdout)
    off = next(r for r in table.rows if r.name == "random-a")
    assert off.matches == 0 and not off.enabled
    played = TypeAdapter(list[MatchRow]).validate_json(quick_ok("games", db, "--json").stdout)
    assert len(played) == 6 and all("random-a" not in g.entrants for g in played)
    # Fewer enabled entrants than seats: refused with one line, nothing claimed.
    quick_ok("disable", db, "random-b")
    quick_ok("disable", db, "random-c")
    assert "at least 3 enabled entrants" in one_error_line(quick("run", db, "--matches", 1))
    conn = read_only(db)
    assert conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 6
    conn.close()
    for name in ("random-a", "random-b", "random-c"):
        assert f"enabled {name}" in quick_ok("enable", db, name).stdout
    # The least known entrant is scheduled first.
    quick_ok("run", db, "--matches", 1)
    last = TypeAdapter(list[MatchRow]).validate_json(
        quick_ok("games", db, "--last", 1, "--json").stdout
    )
    assert "random-a" in last[0].entrants


def test_html_standings_page_is_self_contained_and_links_existing_replays(
    tmp_path: Path, ladders: Ladders
) -> None:
    db = ladders.copy_table(tmp_path, BUILTINS, played=PLAYED)
    out = tmp_path / "site" / "index.html"
    assert f"wrote {out}" in quick_ok("standings", db, "--html", out).stdout
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and "random-a" in page
    assert f"{PLAYED} matches played" in page
    assert not re.search(r"https?://", page), "the page must not load anything from the web"
    assert "<script src" not in page and "<link " not in page
    links = re.findall(r'href="([^"]+)"', page)
    assert len(links) == PLAYED * 6  # every game of every recent match
    for link in links:
        target = out.parent / link
        assert target.is_file(), link
        replay_page = target.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)=["']?https?://""", replay_page), link
    # Written again, the page is the same and reuses the exported replays.
    quick_ok("standings", db, "--html", out)
    assert out.read_text(encoding="utf-8") == page


def test_plain_standings_into_a_pipe_show_full_names(tmp_path: Path, ladders: Ladders) -> None:
    long_names = {f"{who}-the-entrant-with-a-long-name": "builtin:random" for who in "abc"}
    db = ladders.copy(tmp_path, long_names)
    quick_ok("run", db, "--matches", 1)
    text = ok("standings", db).stdout  # the real program: its stdout is a pipe here
    for name in long_names:
        assert name in text, text
