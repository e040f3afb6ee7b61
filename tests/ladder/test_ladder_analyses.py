"""The ladder's queue of games to analyse (``referee.ladder.analyses``, issue 32) on real
ladders played by ``ladder run``: matches that finish out of order are all found, a game
with a row is never handed out again, and an analyser killed in the middle of a game leaves
no row, so that game is analysed again.
"""

from __future__ import annotations

import contextlib
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from referee.ladder import analyses, store
from tests.ladder.conftest import make_ladder, ok


def waiting(db: Path, finder: analyses.Finder | None = None) -> list[tuple[str, int, int]]:
    conn = store.connect(db)
    try:
        found = (finder or analyses.Finder()).next_games(conn)
    finally:
        conn.close()
    return [(g.kind, g.match_id, g.game) for g in found]


def analyse_all(db: Path, finder: analyses.Finder) -> list[tuple[int, int]]:
    conn = store.connect(db)
    try:
        done = analyses.analyse_waiting(conn, finder, analyses.Settings(), lambda: False)
        return [(g.match_id, g.game) for g in done]
    finally:
        conn.close()


def set_status(db: Path, match_id: int, status: str) -> None:
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("UPDATE matches SET status = ? WHERE id = ?", (status, match_id))


def test_a_match_that_finishes_late_is_still_found(tmp_path: Path) -> None:
    db = make_ladder(tmp_path, {n: "builtin:random" for n in ("a", "b", "c")})
    ok("run", db, "--matches", 3)
    games = len(waiting(db)) // 3
    assert games >= 1
    # Match 2 still running (as when matches are played at once): 1 and 3 are analysed.
    set_status(db, 2, "running")
    finder = analyses.Finder()
    first = analyse_all(db, finder)
    assert sorted({m for m, _ in first}) == [1, 3] and len(first) == 2 * games
    assert finder.floors["ladder"] == 1  # never past the match still to finish
    assert waiting(db, finder) == []
    # It ends: the same finder finds its games, and nothing else.
    set_status(db, 2, "done")
    assert waiting(db, finder) == [("ladder", 2, g) for g in range(1, games + 1)]
    assert sorted(analyse_all(db, finder)) == [(2, g) for g in range(1, games + 1)]
    assert waiting(db, finder) == [] and waiting(db) == []
    assert finder.floors["ladder"] == 3
    # Every game has one row, analysed (three players: the expert's estimate).
    conn = store.connect(db)
    try:
        stored = [
            analyses.stored(conn, "ladder", m, g) for m in (1, 2, 3) for g in range(1, games + 1)
        ]
    finally:
        conn.close()
    held = [s for s in stored if s is not None]
    assert len(held) == 3 * games
    assert [s.error for s in held if s.analysis is None] == []
    assert {s.analysis.basis for s in held if s.analysis is not None} == {"estimate"}


def test_the_newest_match_and_the_backlog_are_analysed_in_turn(tmp_path: Path) -> None:
    """People open the games just played: the newest finished match is analysed first, one
    recorded meanwhile comes within a game, and the backlog (oldest first) still moves at every
    other game, however fast matches are recorded."""
    db = make_ladder(tmp_path, {n: "builtin:random" for n in ("a", "b", "c")})
    ok("run", db, "--matches", 3)
    set_status(db, 3, "running")  # not yet recorded
    per_match = len(waiting(db)) // 2
    conn = store.connect(db)
    settings = analyses.Settings()
    try:
        finder = analyses.Finder()
        first = next(analyses.analyse_waiting(conn, finder, settings, lambda: False))
        assert first.match_id == 2  # the newest recorded, not match 1
        set_status(db, 3, "done")  # recorded while the rest wait
        later = analyses.analyse_waiting(conn, finder, settings, lambda: False)
        assert [next(later).match_id, next(later).match_id] == [1, 3]  # backlog, then newest
        rest = [g.match_id for g in later]
    finally:
        conn.close()
    assert 3 + len(rest) == 3 * per_match and waiting(db) == []


def test_a_replay_gone_is_recorded_as_failed_once(tmp_path: Path) -> None:
    db = make_ladder(tmp_path, {n: "builtin:random" for n in ("a", "b", "c")})
    ok("run", db, "--matches", 1)
    conn = store.connect(db)
    try:
        first = analyses.Finder().next_games(conn)[0]
        first.replay.unlink()
        done = analyses.analyse_waiting(conn, analyses.Finder(), analyses.Settings(), lambda: False)
        assert (first.match_id, first.game) in [(g.match_id, g.game) for g in done]
        held = analyses.stored(conn, "ladder", 1, first.game)
        # A fresh analyser (a restart) hands out nothing: the failure is not retried.
        again = analyses.analyse_waiting(
            conn, analyses.Finder(), analyses.Settings(), lambda: False
        )
        assert list(again) == []
    finally:
        conn.close()
    assert held is not None and held.status == "failed" and held.analysis is None
    assert held.error is not None and "match-1-game-1.jsonl" in held.error
    assert str(tmp_path) not in held.error  # the server's paths are not shown


KILLED = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from referee.ladder import analyses
    settings = analyses.Settings(card_budget_ms=float(sys.argv[2]))
    print("started", flush=True)
    analyses.run_forever(Path(sys.argv[1]), settings, lambda: False)
    """
)


def test_an_analyser_killed_mid_game_leaves_it_to_be_analysed_again(tmp_path: Path) -> None:
    """A card game of random bots has thousands of decisions: at 50 ms each, two seconds in,
    the analyser is in the middle of the first game when it is killed."""
    db = make_ladder(
        tmp_path, {n: "builtin:random" for n in ("a", "b", "c")}, game="cards", rules=None
    )
    ok("run", db, "--matches", 1)
    before = waiting(db)
    assert before[0] == ("ladder", 1, 1)
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED, str(db), "50"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "started\n"
        time.sleep(2.0)
        assert child.poll() is None
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    conn = store.connect(db)
    try:
        assert conn.execute("SELECT COUNT(*) FROM analyses").fetchone()[0] == 0
    finally:
        conn.close()
    assert waiting(db) == before
