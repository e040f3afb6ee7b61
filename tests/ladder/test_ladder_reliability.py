"""Reliability with real processes: SIGKILL in the middle of a run, two runs on one file,
Ctrl-C once (finish the running matches) and twice (stop at once)."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

from tests.ladder.conftest import (
    NAPPER,
    RANDOM_BOT,
    Ladders,
    Runs,
    check_consistent,
    cli,
    counts,
    leftovers,
    ok,
    one_error_line,
    py_bot,
    quick,
    quick_ok,
    read_only,
    read_until,
    wait_until,
)


def field(marker: str, size: int = 5) -> dict[str, str]:
    """Python random bots carrying the test's marker (seed first: the bot reads argv[1])."""
    return {f"r{i}": py_bot(RANDOM_BOT, i, marker) for i in range(size)}


def recorded(stdout: str) -> int:
    found = re.search(r"recorded (\d+) match(?:es)?\b", stdout)
    assert found, stdout
    return int(found.group(1))


def test_sigkill_mid_run_loses_nothing_and_a_restart_completes_the_count(
    tmp_path: Path, runs: Runs, marker: str, ladders: Ladders
) -> None:
    total = 10
    db = ladders.copy(tmp_path, field(marker))
    first = runs.start(db, "--total", total, "--concurrency", 2)
    wait_until(lambda: counts(db)["done"] >= 4, 60, "four recorded matches")
    os.killpg(first.pid, signal.SIGKILL)
    assert first.wait(10) == -signal.SIGKILL
    # The bots die with their referee (parent-death signal, PID namespace): none is left.
    assert leftovers(marker) == []

    after_kill = check_consistent(db)
    assert 4 <= after_kill["done"] < total
    stale = after_kill["running"]  # the killed worker's matches in flight, at most two
    assert stale <= 2 and after_kill["abandoned"] == 0
    assert "identical" in quick_ok("rerate", db, "--check").stdout

    again = ok("run", db, "--total", total, "--concurrency", 2)
    assert recorded(again.stdout) == total - after_kill["done"]
    assert check_consistent(db) == {"done": total, "running": 0, "abandoned": stale}
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    assert leftovers(marker) == []
    # A further run with the same total has nothing left to do.
    assert recorded(ok("run", db, "--total", total).stdout) == 0


def test_a_restart_completes_the_total_even_when_stale_matches_would_fill_it(
    tmp_path: Path, runs: Runs, marker: str, ladders: Ladders
) -> None:
    """The killed worker's matches are still 'running' when the restart counts the ladder's
    matches: they must be reaped (they will never finish), not counted towards --total."""
    db = ladders.copy(tmp_path, field(marker))
    first = runs.start(db, "--total", 50, "--concurrency", 2)
    wait_until(
        lambda: counts(db)["done"] >= 1 and counts(db)["running"] == 2, 60, "matches in flight"
    )
    os.killpg(first.pid, signal.SIGKILL)
    first.wait(10)
    killed = check_consistent(db)
    assert killed["running"] >= 1
    target = killed["done"] + 1
    again = ok("run", db, "--total", target, "--concurrency", 2)
    assert recorded(again.stdout) == 1
    assert check_consistent(db) == {"done": target, "running": 0, "abandoned": killed["running"]}
    assert leftovers(marker) == []


def test_two_runs_on_one_database(
    tmp_path: Path, runs: Runs, marker: str, ladders: Ladders
) -> None:
    db = ladders.copy(tmp_path, field(marker))
    both = [runs.start(db, "--total", 10, "--concurrency", 2) for _ in range(2)]
    for proc in both:
        _stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, stderr
        assert "Traceback" not in stderr
    made = check_consistent(db)
    # Each process stops claiming once done + running reaches the total; racing claims may
    # overshoot by at most the other process's concurrency.
    assert 10 <= made["done"] <= 12 and made["running"] == 0 and made["abandoned"] == 0
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    assert leftovers(marker) == []


def test_ctrl_c_once_finishes_the_running_matches(
    tmp_path: Path, runs: Runs, marker: str, ladders: Ladders
) -> None:
    db = ladders.copy(tmp_path, field(marker))
    proc = runs.start(db, "--forever", "--concurrency", 2)
    wait_until(lambda: counts(db)["done"] >= 2, 60, "two recorded matches")
    proc.send_signal(signal.SIGINT)  # the run process only: its bots are in sessions of their own
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "stopping after the running matches" in stderr
    made = check_consistent(db)
    assert made["running"] == 0 and made["abandoned"] == 0, made
    assert recorded(stdout) == made["done"]
    assert leftovers(marker) == []


def test_ctrl_c_twice_stops_at_once_and_abandons_the_matches_in_flight(
    tmp_path: Path, runs: Runs, marker: str, ladders: Ladders
) -> None:
    # Bots that nap 10 ms a move: a match lasts seconds, so the second Ctrl-C finds it running.
    nappers = {f"n{i}": py_bot(NAPPER, 0.01, "sleep", marker) for i in range(4)}
    db = ladders.copy(tmp_path, nappers)
    proc = runs.start(db, "--forever", "--concurrency", 2)
    wait_until(lambda: counts(db)["running"] == 2, 60, "two matches in flight")
    proc.send_signal(signal.SIGINT)
    # The second once the first is seen taken (two sent at once would be delivered as one).
    said = read_until(proc, "stopping after the running matches", within=60)
    proc.send_signal(signal.SIGINT)
    _stdout, rest = proc.communicate(timeout=30)
    stderr = said + rest
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    made = check_consistent(db)
    assert made["running"] == 0 and made["abandoned"] >= 1, made
    assert leftovers(marker) == []
    # The next run carries on from there.
    again = ok("run", db, "--matches", 1)
    assert recorded(again.stdout) == 1


def test_a_live_run_reaps_the_matches_of_a_killed_neighbour(
    tmp_path: Path, runs: Runs, marker: str, ladders: Ladders
) -> None:
    db = ladders.copy(tmp_path, field(marker))
    doomed = runs.start(db, "--forever", "--concurrency", 2)
    survivor = runs.start(db, "--forever", "--concurrency", 1)
    wait_until(lambda: counts(db)["done"] >= 3, 60, "three recorded matches")
    os.killpg(doomed.pid, signal.SIGKILL)
    doomed.wait(10)
    conn = read_only(db)
    orphans = [  # worker ids are host:pid:start-time
        row[0]
        for row in conn.execute("SELECT id, worker FROM matches WHERE status = 'running'")
        if row[1].split(":")[1] == str(doomed.pid)
    ]
    conn.close()
    assert orphans

    def reaped() -> bool:
        conn = read_only(db)
        try:
            marks = f"({','.join('?' * len(orphans))})"
            query = f"SELECT status FROM matches WHERE id IN {marks}"
            return {r[0] for r in conn.execute(query, orphans)} == {"abandoned"}
        finally:
            conn.close()

    # The survivor's next claim marks the dead worker's rows abandoned.
    wait_until(reaped, 60, "the dead worker's rows reaped")
    survivor.send_signal(signal.SIGINT)
    _stdout, stderr = survivor.communicate(timeout=60)
    assert survivor.returncode == 130, stderr
    made = check_consistent(db)
    assert made["running"] == 0 and made["abandoned"] == len(orphans), made
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    assert leftovers(marker) == []


def test_a_bot_that_disappears_after_admission_does_not_stop_the_ladder(
    tmp_path: Path, ladders: Ladders
) -> None:
    """Gone before the run: the run says so and plays nothing (its faults would not be the
    bot's); left out, the others play on. (Gone during a run: test_ladder_data.py.)"""
    script = tmp_path / "vanishing_bot.py"
    script.write_bytes(RANDOM_BOT.read_bytes())
    bots = {f"random-{c}": "builtin:random" for c in "abc"}
    db = ladders.copy(tmp_path, {**bots, "vanishing": py_bot(script)})
    script.unlink()
    assert "'vanishing'" in one_error_line(cli("run", db, "--matches", 6))  # the real program
    quick_ok("disable", db, "vanishing")
    run = quick("run", db, "--matches", 6)  # built-ins only now: this process plays them
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.explain()
    assert "recorded 6 matches" in run.stdout
    assert check_consistent(db)["running"] == 0
