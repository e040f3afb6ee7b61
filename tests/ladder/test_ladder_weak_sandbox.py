"""A ladder never runs strangers' bots outside bubblewrap unless the organiser said so: at init
(--allow-weak-sandbox, stored), or at run. A ladder made before that rule (no such record) is
refused at run until the organiser says it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tests.ladder.conftest import RANDOM_BOT, make_ladder, one_error_line, py_bot, quick


def _forget_permission(db: Path) -> None:
    """What a ladder of the first release holds: its sandbox, no word about weakness."""
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM meta WHERE key = 'weak_sandbox'")


def test_run_refuses_a_weak_sandbox_nobody_allowed(tmp_path: Path) -> None:
    bots = {"a": py_bot(RANDOM_BOT, 1), "b": py_bot(RANDOM_BOT, 2), "c": "builtin:random"}
    db = make_ladder(tmp_path, bots, sandbox="rlimits")
    allowed = quick("run", db, "--matches", "1")
    assert allowed.returncode == 0, allowed.explain()  # allowed at init
    _forget_permission(db)
    refused = quick("run", db, "--matches", "1")
    assert "--allow-weak-sandbox" in one_error_line(refused)
    with sqlite3.connect(db) as conn:  # nothing was played
        assert conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 1
    again = quick("run", db, "--matches", "1", "--allow-weak-sandbox")
    assert again.returncode == 0, again.explain()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 2
        stored = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    assert json.loads(stored["sandbox"])["mode"] == "rlimits"
