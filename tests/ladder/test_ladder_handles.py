"""No ladder command leaves the database open behind it. An sqlite3 connection sits in a
reference cycle, so one merely dropped stays open until the garbage collector runs; in a
process that goes on (a test session, a server) such stale handles on a deleted log file made
later connections fail with "disk I/O error". The commands run in this process here."""

from __future__ import annotations

import os
from pathlib import Path

from tests.ladder.conftest import make_ladder, quick


def _handles(folder: Path) -> list[str]:
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith(str(folder)):
            found.append(target)
    return found


def test_every_command_closes_the_ladder_whichever_way_it_ends(tmp_path: Path) -> None:
    bots = {"a": "builtin:random", "b": "builtin:random", "c": "builtin:random"}
    db = make_ladder(tmp_path, bots)
    commands = [
        ("list", db),
        ("standings", db),
        ("standings", db, "--json"),
        ("games", db),
        ("disable", db, "a"),
        ("enable", db, "a"),
        ("enable", db, "nobody"),  # fails: unknown entrant
        ("update", db, "nobody", "builtin:random", "--no-check"),  # fails too
        ("rerate", db, "--check"),
        ("run", db, "--matches", "1"),
        ("standings", db, "--html", tmp_path / "page.html"),
    ]
    for command in commands:
        quick(*command)
        assert _handles(tmp_path) == [], command
