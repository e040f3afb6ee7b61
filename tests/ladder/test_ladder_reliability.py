"""Reliability with real processes: SIGKILL in the middle of a run, two runs on one file,
Ctrl-C once (finish the running matches) and twice (stop at once).

The ladders here seat two players a match: a match is then two games (four bot starts) instead
of six (eighteen), and none of these claims is about the size of the table — they are about
matches claimed, recorded, stopped and reaped. The runs that are killed or interrupted are the
real program; a run that only carries on afterwards runs in this process, with the same real
bot processes."""

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
    counts,
    leftovers,
    py_bot,
    quick_ok,
    read_only,
    read_until,
    wait_until,
)


def field(marker: str, size: int = 5) -> dict[str, str]:
    """Python random bots carrying the test's marker (seed first: the bot reads argv[1])."""
    return {f"r{i}": py_bot(RANDOM_BOT, i, marker) for i in range(size)}


def pairs(ladders: Ladders, folder: Path, marker: str) -> Path:
    """A fresh copy of the field, two players a match."""
    return ladders.copy_table(folder, field(marker), players=2)


def worker_pid(worker: str) -> int:
    """The process of a match's worker id (``host:pid:start-time``)."""
    return int(worker.split(":")[1])


def recorded(stdout: str) -> int:
    found = re.search(r"recorded (\d+) match(?:es)?\b", stdout)
    assert found, stdout
    return int(found.group(1))


def test_sigkill_mid_run_loses_nothing_and_a_restart_completes_the_count(
    tmp_path: Path, runs: Runs, marker: str, ladders: Ladders
) -> None:
    """The killed worker's matches are still 'running' when the restart counts the ladder's
    matches: they must be reaped (they will never finish), not counted towards --total. The
    restart's total is one more than the matches done, so that counting them would fill it
    (this test took over test_a_restart_completes_the_total_even_when_stale_matches_would_fill_it:
    one killed run serves both)."""
    db = pairs(ladders, tmp_path, marker)
    first = runs.start(db, "--total", 50, "--concurrency", 2)

    def recorded_and_in_flight() -> bool:
        now = counts(db)
        return now["done"] >= 2 and now["running"] == 2

    wait_until(recorded_and_in_flight, 60, "two recorded matches and two in flight")
    os.killpg(first.pid, signal.SIGKILL)
    assert first.wait(10) == -signal.SIGKILL
    # The bots die with their referee (parent-death signal, PID namespace): none is left.
    assert leftovers(marker) == []

    after_kill = check_consistent(db)
    assert 2 <= after_kill["done"] < 50 and after_kill["abandoned"] == 0, after_kill
    stale = after_kill["running"]  # the killed worker's matches in flight, at most two
    assert 1 <= stale <= 2, after_kill
    assert "identical" in quick_ok("rerate", db, "--check").stdout

    total = after_kill["done"] + 1
    again = quick_ok("run", db, "--total", total, "--concurrency", 2)
    assert recorded(again.stdout) == total - after_kill["done"] == 1
    assert check_consistent(db) == {"done": total, "running": 0, "abandoned": stale}
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    assert leftovers(marker) == []
    # A further run with the same total has nothing left to do.
    assert recorded(quick_ok("run", db, "--total", total).stdout) == 0


def test_two_runs_on_one_database(
    tmp_path: Path, runs: Runs, marker: str, ladders: Ladders
) -> None:
    db = pairs(ladders, tmp_path, marker)
    both = [runs.start(db, "--total", 6, "--concurrency", 2) for _ in range(2)]
    for proc in both:
        _stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, stderr
        assert "Traceback" not in stderr
    made = check_consistent(db)
    # Each process stops claiming once done + running reaches the total; racing claims may
    # overshoot by at most the other process's concurrency.
    assert 6 <= made["done"] <= 8 and made["running"] == 0 and made["abandoned"] == 0, made
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    assert leftovers(marker) == []


def test_ctrl_c_twice_stops_at_once_and_abandons_the_matches_in_flight(
    tmp_path: Path, runs: Runs, marker: str, ladders: Ladders
) -> None:
    # Bots that nap 10 ms a move: a match lasts seconds, so the second Ctrl-C finds it running.
    nappers = {f"n{i}": py_bot(NAPPER, 0.01, "sleep", marker) for i in range(4)}
    db = ladders.copy_table(tmp_path, nappers, players=2)
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
    again = quick_ok("run", db, "--matches", 1)
    assert recorded(again.stdout) == 1


def _matches_of(db: Path, pid: int, status: str) -> list[int]:
    """The ids of the matches in ``status`` claimed by the run of process ``pid``."""
    conn = read_only(db)
    try:
        rows = conn.execute("SELECT id, worker FROM matches WHERE status = ?", (status,))
        return [row[0] for row in rows if worker_pid(row[1]) == pid]
    finally:
        conn.close()


def test_a_live_run_reaps_the_matches_of_a_killed_neighbour_and_ctrl_c_once_finishes_its_own(
    tmp_path: Path, runs: Runs, marker: str, ladders: Ladders
) -> None:
    """Two runs on one ladder: one is killed, the other reaps its matches and, at a Ctrl-C,
    finishes its own running matches before it stops (this test took over
    test_ctrl_c_once_finishes_the_running_matches: the survivor's stop is that claim)."""
    db = pairs(ladders, tmp_path, marker)
    doomed = runs.start(db, "--forever", "--concurrency", 2)
    survivor = runs.start(db, "--forever", "--concurrency", 2)
    wait_until(lambda: counts(db)["done"] >= 3, 60, "three recorded matches")
    os.killpg(doomed.pid, signal.SIGKILL)
    doomed.wait(10)
    orphans = _matches_of(db, doomed.pid, "running")
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
    survivor.send_signal(signal.SIGINT)  # the run only: its bots are in sessions of their own
    stdout, stderr = survivor.communicate(timeout=60)
    assert survivor.returncode == 130, stderr
    assert "Traceback" not in stderr and "stopping after the running matches" in stderr
    made = check_consistent(db)
    # Nothing of the survivor's was abandoned: only the dead worker's rows are.
    assert made["running"] == 0 and made["abandoned"] == len(orphans), made
    own = _matches_of(db, survivor.pid, "done")
    assert recorded(stdout) == len(own), (stdout, made)
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    assert leftovers(marker) == []
