"""The server's values kept for one state of the ladder (the standings, their rendered table)
are computed once however many requests find them stale at the same moment: at a million
matches the standings cost ~35 ms and a running ladder makes them stale a few times a second
(bench/scale.py --run), so each request computing its own copy multiplied the work. Real
threads, each in its own read transaction of a real ladder file, as the server's are."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

from referee.ladder import store
from referee.web import queries
from tests.ladder.test_ladder_schema_version import old_ladder

ASKERS = 4


def ask_together(db: Path, key: str, compute: Callable[[], int]) -> list[int]:
    """``ASKERS`` threads ask for ``key`` as one, each inside ``queries.reading``."""
    together = threading.Barrier(ASKERS)
    answers: list[int] = []
    failures: list[BaseException] = []

    def ask() -> None:
        try:
            with queries.reading(db):
                together.wait()
                answers.append(queries.cached(key, compute))
        except BaseException as error:  # reported by the test, not lost in the thread
            failures.append(error)

    threads = [threading.Thread(target=ask) for _ in range(ASKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures
    return answers


def test_a_stale_value_is_computed_once_however_many_ask(tmp_path: Path) -> None:
    db = old_ladder(tmp_path)
    store.connect(db).close()
    computed: list[int] = []

    def compute() -> int:
        computed.append(1)
        time.sleep(0.3)  # the others ask meanwhile: they must wait for this one, not compute
        return len(computed)

    assert ask_together(db, "once", compute) == [1] * ASKERS
    assert len(computed) == 1

    # The ladder moves on: the value is computed again, once.
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE entrants SET wins = wins + 1 WHERE id = 1")
    conn.close()
    assert ask_together(db, "once", compute) == [2] * ASKERS
    assert len(computed) == 2
