"""``thousand ladder rerate``: the stored ratings follow from the stored match history alone,
to the last bit — also across a rating reset — and a tampered rating is caught.

The commands run in this process (click's runner) on built-in bots; the live run, whose claim
is about a running program beside them, is the real one."""

from __future__ import annotations

import signal
import sqlite3
from pathlib import Path

from tests.ladder.conftest import (
    Ladders,
    Runs,
    check_consistent,
    counts,
    quick,
    quick_ok,
    wait_until,
)

# In-process built-ins: no processes, so many matches cost little. (Not builtin:first: in the
# dice game it never stops a turn, and a table of such bots plays to the round limit.) The
# same field as test_ladder_cli.py's BUILTINS: the session plays its history once.
FIELD = {f"random-{c}": "builtin:random" for c in "abcde"}


def stored(db: Path) -> dict[str, tuple[float, float]]:
    conn = sqlite3.connect(db)
    try:
        return {
            name: (mu, sigma)
            for name, mu, sigma in conn.execute("SELECT name, mu, sigma FROM entrants")
        }
    finally:
        conn.close()


PLAYED = 4
"""The history the session's template holds (test_ladder_cli.py's too: one template)."""


def test_rerate_reproduces_the_stored_ratings_exactly(tmp_path: Path, ladders: Ladders) -> None:
    db = ladders.copy_table(tmp_path, FIELD, played=PLAYED)
    check = quick_ok("rerate", db, "--check")
    assert f"recomputed {PLAYED} matches: identical to the stored ratings" in check.stdout

    # A new version with a fresh rating: the reset is an event of the history too.
    before = stored(db)["random-a"]
    updated = quick_ok("update", db, "random-a", "builtin:random", "--reset-rating", "--no-check")
    assert "version 2 (rating reset)" in updated.stdout
    assert stored(db)["random-a"] == (25.0, 25.0 / 3.0) != before
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    quick_ok("run", db, "--matches", 4, "--concurrency", 2)
    # And one that keeps its rating.
    kept = quick_ok("update", db, "random-c", "builtin:random", "--no-check")
    assert "(rating kept)" in kept.stdout
    quick_ok("run", db, "--matches", 2)
    assert check_consistent(db)["done"] == PLAYED + 6
    assert f"recomputed {PLAYED + 6} matches: identical" in quick_ok("rerate", db, "--check").stdout

    # rerate (without --check) on an untouched ladder changes nothing.
    untouched = stored(db)
    assert "identical" in quick_ok("rerate", db).stdout
    assert stored(db) == untouched


def test_a_tampered_rating_fails_the_check_and_rerate_repairs_it(
    tmp_path: Path, ladders: Ladders
) -> None:
    db = ladders.copy_table(tmp_path, FIELD, played=PLAYED)
    truth = stored(db)
    conn = sqlite3.connect(db)
    conn.execute("UPDATE entrants SET mu = mu + 1e-9 WHERE name = 'random-b'")
    conn.commit()
    conn.close()

    check = quick("rerate", db, "--check")
    assert check.returncode == 1, check.explain()
    assert "1 entrants differ: random-b" in check.stdout
    assert stored(db)["random-b"] != truth["random-b"]  # --check changes nothing

    repaired = quick_ok("rerate", db)
    assert "stored ratings replaced by the recomputed ones" in repaired.stdout
    assert stored(db) == truth
    assert "identical" in quick_ok("rerate", db, "--check").stdout


def test_rerate_during_a_live_run_is_exact_and_harmless(
    tmp_path: Path, ladders: Ladders, runs: Runs
) -> None:
    """Two players a match (two games each: a third of the games of three), and 30 recorded
    before the rerates start: each match costs the run a table process and its recording
    whatever its games, so the history is half what it was (60), and the rerates start
    sooner while the run goes on recording under them."""
    db = ladders.copy_table(tmp_path, FIELD, players=2)
    live = runs.start(db, "--forever", "--concurrency", 2)
    # A longer history makes each recompute take longer, and a race likelier to show; the
    # live run records on while the ten rerates below read and write.
    wait_until(lambda: counts(db)["done"] >= 30, 60, "30 recorded matches")
    checks = [quick("rerate", db, "--check") for _ in range(5)]
    for _ in range(5):
        quick_ok("rerate", db)
    live.send_signal(signal.SIGINT)
    _stdout, stderr = live.communicate(timeout=60)
    assert live.returncode == 130, stderr
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    assert [c.returncode for c in checks] == [0] * 5, [c.stdout for c in checks]
