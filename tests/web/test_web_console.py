"""The organiser's console under ``thousand ladder serve --run`` (issue 31): one line for each
match the loop finishes, as it finishes, not nothing until shutdown. A real server process on a
copy of the example ladder, whose entrants carry hostile names (terminal commands, a
right-to-left override, markup) that the line shows as their escapes.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from referee.safetext import NAME_LIMIT, for_terminal
from tests.inputs.conftest import RAW_CONTROLS
from tests.web.conftest import MATCHES, Server

LINE = re.compile(r"^match (\d+) finished: (.*) · ladder: (\d+) matches, leader (.*)$", re.M)
WANTED = 4
"""Finished matches the test waits for."""


def test_each_finished_match_is_one_escaped_line_on_the_console(
    ladder_copy: Path, serve: Callable[..., Server]
) -> None:
    # The plainly named entrants sit out but 'faulty' (its faults are in the line): every
    # match seats hostile names.
    with contextlib.closing(sqlite3.connect(ladder_copy)) as db, db:
        db.execute("UPDATE entrants SET enabled = 0 WHERE name IN ('alpha', 'beta', 'gamma')")
        hostile = [
            row[0]
            for row in db.execute(
                "SELECT name FROM entrants WHERE name NOT IN ('alpha', 'beta', 'gamma', 'faulty')"
            )
        ]
    server = serve(ladder_copy, "--run", "--allow-weak-sandbox", "--concurrency", "2")
    deadline = time.monotonic() + 90
    while len(LINE.findall(server.output())) < WANTED:
        assert time.monotonic() < deadline, server.output()[-3000:]
        time.sleep(0.3)
    output = server.output()
    lines = LINE.findall(output)
    said = [int(match) for match, *_ in lines]
    # Each match once, none of those the ladder held before the server started.
    assert len(said) == len(set(said)) and min(said) > MATCHES, said
    recorded = {m["id"]: m for m in server.get("/api/live").json()["recent"]}
    for match, who, count, _ in lines:
        entry = recorded.get(int(match))
        if entry is None:  # older than the live page's list: not in this short run
            continue
        expected = ", ".join(
            f"{for_terminal(name, NAME_LIMIT)} ({rank})"
            for name, rank in zip(entry["entrants"], entry["ranks"], strict=True)
        )
        assert who.split("; faults: ")[0] == expected, (who, expected)
        assert int(count) >= int(match) - MATCHES
    assert not any(c in output for c in RAW_CONTROLS), output[-2000:]
    # 'faulty' makes an illegal move in every game: its matches' lines say so.
    for _, who, _, _ in lines:
        if re.search(r"(^|, )faulty \(\d\)", who):
            assert "; faults: illegal" in who, who
    # The hostile names that played are there as their escapes (compared above, each line).
    shown = " ".join(who for _, who, _, _ in lines)
    assert any(for_terminal(name, NAME_LIMIT) in shown for name in hostile), shown
