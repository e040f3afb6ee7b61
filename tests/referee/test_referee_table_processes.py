"""Tables in processes of their own (``--concurrency`` above 1): stopped from outside they
leave nothing behind and print no traceback (SIGTERM: test_referee_signals, tables=2), and
the games they play are the games one table plays (issue 11: the hot path moved into a
blocking loop per table).

The bots are those of test_referee_signals: a bot that forks a child and a setsid()-ed daemon
and then sleeps, so each table is blocked waiting for a move when the referee is stopped.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pexpect
from conftest import (
    ROOT,
    assert_no_leftovers,
    plain,
    play_match,
    processes_with,
    random_bot,
    run_match,
    short_rules,
    terminal_env,
)
from test_referee_signals import match_argv, wait_for_tables

TWO_TABLES = ("--concurrency", "2")


def test_sigkill_takes_the_table_processes_and_their_bots_with_it(marker: str) -> None:
    referee = subprocess.Popen(
        [*match_argv(marker, *TWO_TABLES), "--json"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_tables(marker, referee.pid, 2)
        os.kill(referee.pid, signal.SIGKILL)
        assert referee.wait(timeout=10) == -signal.SIGKILL
    finally:
        if referee.poll() is None:
            referee.kill()
            referee.wait()
    assert_no_leftovers(marker)


def test_ctrl_c_stops_every_table(marker: str) -> None:
    argv = match_argv(marker, *TWO_TABLES)
    child = pexpect.spawn(
        argv[0], argv[1:], cwd=str(ROOT), env=terminal_env(), encoding="utf-8", timeout=30
    )
    child.delaybeforesend = None
    try:
        wait_for_tables(marker, child.pid, 2)
        # The table processes ignore the terminal's Ctrl-C: the referee stops them.
        child.sendintr()
        child.expect(pexpect.EOF, timeout=30)
        output = plain(child.before)
    finally:
        child.close(force=True)
    assert child.exitstatus == 130, output
    assert "Traceback" not in output, output
    assert "interrupted after 0 games" in output
    assert not [p for p in processes_with(marker) if "python" in p.cmdline], output
    assert_no_leftovers(marker)


def test_two_tables_play_the_games_of_one_table(marker: str, tmp_path: Path) -> None:
    """Game i has the same seed and seating wherever it is played: the per-game results of a
    match on two table processes (the real program) are those of the same match on one table
    (in this process: play_match). Games of a few rounds: the claim is each game's sameness."""
    bots = [random_bot(marker, 1), random_bot(marker, 2), "builtin:random"]
    rules = short_rules(tmp_path, length=8)
    common = ("--game", "dice", "--games", "6", "--seed", "77", "--rotate", "--rules", rules)
    one = play_match(bots, *common, as_json=True)
    two = run_match(bots, *common, "--concurrency", "2", as_json=True)
    assert one.returncode == two.returncode == 0, (one.explain(), two.explain())

    def results(doc: dict[str, object]) -> list[object]:
        games = doc["games"]
        assert isinstance(games, list)
        return [(g["game"], g["seating"], g["ranking"], g["scores"]) for g in games]

    assert results(one.doc) == results(two.doc)
    assert len(results(two.doc)) == 6
    assert_no_leftovers(marker)
