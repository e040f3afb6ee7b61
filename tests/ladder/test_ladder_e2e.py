"""End to end with real bot processes: init (the default sandbox: bubblewrap), admit five
example bots through the conformance check, play 15 matches two at a time (a core each on the
2-core test machine) in the real program, and the standings put the sensible bots on top.

The rules are the simple preset (no pits, barrel, bolts or samosval): there the example dice
bot finishes ahead of a random one in 77-90 % of the games (classic: 67 %), so half the
classic test's 30 matches rank the field as surely; a match costs the same 18 bot starts in
bubblewrap whatever the rules, which is most of this test's CPU. The commands around the run
say things (the check's verdict, the standings) and run in this process."""

from __future__ import annotations

import shutil
from pathlib import Path

from referee.ladder.standings import Standings
from tests.ladder.conftest import (
    DICE_BOT,
    JS_BOT,
    RANDOM_BOT,
    check_consistent,
    ok,
    py_bot,
    quick_ok,
)
from tests.requirements import need

MATCHES = 15


def test_fifteen_matches_rank_the_sensible_bots_above_the_random_ones(tmp_path: Path) -> None:
    need("bwrap")  # the ladder's default sandbox
    db = tmp_path / "contest.db"
    # A fixed seed keeps the schedule's draws the same from run to run (a ladder's own is a
    # fresh secret; the order in which two tables finish still varies).
    quick_ok("init", db, "--game", "dice", "--rules", "simple", "--players", "3", "--seed", 2026)
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
        added = quick_ok("add", db, name, bot)  # the conformance check runs the bot in bwrap
        assert f"added {name}" in added.stdout

    run = ok("run", db, "--matches", MATCHES, "--concurrency", 2, timeout=240)
    assert f"recorded {MATCHES} matches" in run.stdout
    assert check_consistent(db) == {"done": MATCHES, "running": 0, "abandoned": 0}

    table = Standings.model_validate_json(quick_ok("standings", db, "--json").stdout)
    assert table.matches_done == MATCHES and table.game == "dice" and table.players == 3
    ranked = [row.name for row in table.rows]
    assert set(ranked[:2]) == set(sensible), table.rows
    assert [row.rank for row in table.rows] == [1, 2, 3, 4, 5]
    by_name = {row.name: row for row in table.rows}
    for name in [*sensible, *random_ones]:
        row = by_name[name]
        assert row.matches >= 5, row  # the scheduler spreads the matches (9 a bot on average)
        assert row.faults == 0 and not row.flagged
    # Mean places agree with the ratings: each sensible bot placed better than each random.
    worst_sensible = max(by_name[n].mean_place or 3.0 for n in sensible)
    best_random = min(by_name[n].mean_place or 1.0 for n in random_ones)
    assert worst_sensible < best_random, table.rows
    assert sum(row.matches for row in table.rows) == MATCHES * 3
    assert sum(row.games for row in table.rows) == MATCHES * 3 * 6  # 6 seatings a match

    text = quick_ok("standings", db).stdout
    assert "dice ladder" in text and f"{MATCHES} matches" in text
    markdown = quick_ok("standings", db, "--markdown").stdout
    assert markdown.startswith("# Ladder standings") and markdown.count("\n| ") == 6
