"""What a contestant's submissions leave on the server's disk is bounded: the latest
``RECORDS_KEPT`` keep their folder (build log, manifest), older ones keep their row only, and
the version the entrant plays is never touched.

Real SQLite (a ladder made by ``ladder init``, an account made by ``ladder invite``) and real
folders; ``prune`` is what the submission worker calls after every submission. On 63718f2 the
build logs of every submission ever made stayed (6 an hour, up to 64 MiB each).
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from referee.ladder import store
from referee.web import database, schema, submissions
from tests.ladder.conftest import RANDOM_BOT, py_bot, quick_ok
from tests.web.support_accounts import invite

SUBMITTED = submissions.RECORDS_KEPT + 5


def _submission(db: Path, conn: sqlite3.Connection, account: int, status: str) -> Path:
    cursor = conn.execute(
        "INSERT INTO submissions (account_id, created, created_unix, filename, bytes, status) "
        "VALUES (?, ?, ?, 'bot.py', 10, ?)",
        (account, store.now_iso(), time.time(), status),
    )
    folder = submissions.folder_of(db, account, int(cursor.lastrowid or 0))
    (folder / "bot").mkdir(parents=True)
    (folder / "bot" / "bot.py").write_text("print()\n")
    (folder / "upload").write_text("print()\n")
    (folder / "build.log").write_text("$ make\n")
    (folder / "manifest.json").write_text('{"command": ["python3", "bot.py"], "cwd": "bot"}')
    return folder


def test_old_submissions_keep_their_row_and_lose_their_folder(tmp_path: Path) -> None:
    db = tmp_path / "contest.db"
    quick_ok("init", db, "--game", "dice", "--players", "2")
    invite(db, "prolific")
    quick_ok("add", db, "prolific", py_bot(RANDOM_BOT), "--no-check")
    conn = database.connect(db)
    try:
        schema.ensure(conn)
        account = int(conn.execute("SELECT id FROM accounts WHERE name = 'prolific'").fetchone()[0])
        entrant = int(conn.execute("SELECT id FROM entrants WHERE name = 'prolific'").fetchone()[0])
        # The oldest submission is the version the entrant plays: it stays whole.
        playing = _submission(db, conn, account, "accepted")
        conn.execute("INSERT INTO account_entrants VALUES (?, ?)", (account, entrant))
        conn.execute(
            "UPDATE entrants SET bot = ? WHERE id = ?", (str(playing / "manifest.json"), entrant)
        )
        folders = [playing] + [
            _submission(db, conn, account, "refused") for _ in range(SUBMITTED - 1)
        ]
        submissions.prune(conn, db, account)
        rows = conn.execute(
            "SELECT COUNT(*) FROM submissions WHERE account_id = ?", (account,)
        ).fetchone()[0]
    finally:
        conn.close()
    assert rows == SUBMITTED  # every row stays
    assert (playing / "bot" / "bot.py").is_file() and (playing / "build.log").is_file()
    recent = folders[-submissions.RECORDS_KEPT :]
    old = folders[1 : -submissions.RECORDS_KEPT]
    assert len(old) == SUBMITTED - 1 - submissions.RECORDS_KEPT > 0
    for folder in recent:
        assert (folder / "build.log").is_file(), folder
        assert not (folder / "bot").exists() and not (folder / "upload").exists(), folder
    for folder in old:
        assert not folder.exists(), folder
