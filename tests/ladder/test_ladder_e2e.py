"""End to end with real bot processes: init (the default sandbox: bubblewrap), admit five
example bots through the conformance check, play 30 matches two at a time, and the standings
put the sensible bots on top."""

from __future__ import annotations

import shutil
from pathlib import Path

from referee.ladder.standings import Standings
from tests.ladder.conftest import DICE_BOT, JS_BOT, RANDOM_BOT, check_consistent, ok, py_bot
from tests.requirements import need


def test_thirty_matches_rank_the_sensible_bots_above_the_random_ones(tmp_path: Path) -> None:
    need("bwrap")  # the ladder's default sandbox
    db = tmp_path / "contest.db"
    # A fixed seed keeps the schedule's draws the same from run to run (a ladder's own is a
    # fresh secret; the order in which two tables finish still varies).
    ok("init", db, "--game", "dice", "--rules", "classic", "--players", "3", "--seed", "2026")
    sensible = {"dice": py_bot(DICE_BOT, 1), "dice-seed2": py_bot(DICE_BOT, 2)}
    random_ones = {
        "random-py": py_bot(RANDOM_BOT, 1),
        "random-builtin": "builtin:random",
        # The Node.js bot when node is installed (the protocol is language-neutral);
        # otherwise a second seed of the Python random bot.
        "random-other": (
            f"node {JS_BOT}" if shutil.which("node") is not None else py_bot(RANDOM_BOT, 7)
        ),
    }
    for name, bot in {**sensible, **random_ones}.items():
        added = ok("add", db, name, bot)  # with the conformance check
        assert f"added {name}" in added.stdout

    run = ok("run", db, "--matches", 30, "--concurrency", 2, timeout=240)
    assert "recorded 30 matches" in run.stdout
    assert check_consistent(db) == {"done": 30, "running": 0, "abandoned": 0}

    table = Standings.model_validate_json(ok("standings", db, "--json").stdout)
    assert table.matches_done == 30 and table.game == "dice" and table.players == 3
    ranked = [row.name for row in table.rows]
    assert set(ranked[:2]) == set(sensible), ranked
    assert [row.rank for row in table.rows] == [1, 2, 3, 4, 5]
    by_name = {row.name: row for row in table.rows}
    for name in sensible:
        row = by_name[name]
        assert row.matches >= 6, row  # the scheduler spreads the matches (18 a seat on average)
        assert row.faults == 0 and not row.flagged
    for name in random_ones:
        row = by_name[name]
        assert row.matches >= 6, row
        assert row.faults == 0 and not row.flagged
    # Mean places agree with the ratings: each sensible bot placed better than each random.
    worst_sensible = max(by_name[n].mean_place or 3.0 for n in sensible)
    best_random = min(by_name[n].mean_place or 1.0 for n in random_ones)
    assert worst_sensible < best_random, table.rows
    assert sum(row.matches for row in table.rows) == 30 * 3
    assert sum(row.games for row in table.rows) == 30 * 3 * 6  # 6 seatings a 3-player match

    text = ok("standings", db).stdout
    assert "dice ladder" in text and "30 matches" in text
    markdown = ok("standings", db, "--markdown").stdout
    assert markdown.startswith("# Ladder standings") and markdown.count("\n| ") == 6
