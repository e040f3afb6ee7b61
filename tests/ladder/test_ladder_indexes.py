"""Migrations 2 and 4 of the ladder's tables: the indexes by entrant that its pages need at a
million matches (bench/scale.py, docs/benchmarks.md "A contest of 1,000 entrants").

A file at version 1 (made by main before the indexes: the real old ladder, stamped at 1 by a
plan of migration 1 alone) gains them on its first write, its rows unchanged. Then the reads an
entrant's page really makes — traced from the real ``queries.entrant_page`` on a real file —
are planned by SQLite: none of them walks a whole table that grows with the matches, and the
new indexes are the ones they use.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from referee.ladder import migrations, service, standings, store
from referee.web import queries, submissions
from tests.ladder.conftest import make_ladder, quick_ok, read_only
from tests.ladder.test_ladder_schema_version import dump, old_ladder, user_version

INDEXES = {
    "results_by_entrant": ("results", ["entrant_id", "match_id", "version", "faults"]),
    "ratings_by_entrant": (
        "ratings",
        ["entrant_id", "match_id", "mu_before", "sigma_before", "mu_after", "sigma_after"],
    ),
    "rating_events_entrant": ("rating_events", ["entrant_id"]),
}
"""The indexes by entrant at the current version (migration 2's, made covering by 4)."""
SMALL = ("entrants", "meta")
"""The tables a page may read whole: a row per entrant or setting. Every other table grows with
the matches (a row, or one a seat, each), and a read that walks one is slow at scale."""


def indexes(db: Path) -> dict[str, tuple[str, list[str]]]:
    conn = read_only(db)
    try:
        query = "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        return {
            str(name): (str(table), [str(c[2]) for c in conn.execute(f"PRAGMA index_info({name})")])
            for name, table in conn.execute(query).fetchall()
        }
    finally:
        conn.close()


def version_1(db: Path) -> None:
    """Bring the file to version 1 exactly as a thousand of before migration 2 did."""
    first = migrations.Plan("ladder", store.LADDER.migrations[:1])
    store.connect(db, plan=first).close()


def test_a_version_1_ladder_gains_the_indexes_and_keeps_its_rows(tmp_path: Path) -> None:
    db = old_ladder(tmp_path)
    version_1(db)
    assert user_version(db) == 1
    assert not INDEXES.keys() & indexes(db).keys()
    assert not {"results_entrant", "ratings_entrant"} & indexes(db).keys()
    before = dump(db)

    store.connect(db).close()

    assert user_version(db) == store.LADDER.current >= 2
    found = indexes(db)
    for name, made in INDEXES.items():
        assert found.get(name) == made, name
    assert not {"results_entrant", "ratings_entrant"} & found.keys()  # their prefixes: dropped
    after = dump(db)  # later migrations may add tables: the ones it had keep every row
    assert {table: after[table] for table in before} == before


def test_a_new_ladder_has_the_indexes(tmp_path: Path) -> None:
    db = make_ladder(tmp_path, {"a": "builtin:random"})
    found = indexes(db)
    for name, made in INDEXES.items():
        assert found.get(name) == made, name


def plan(db: sqlite3.Connection, statement: str) -> list[str]:
    return [str(row[3]) for row in db.execute("EXPLAIN QUERY PLAN " + statement)]


def test_an_entrants_page_reads_by_index_not_by_walking_the_matches(tmp_path: Path) -> None:
    db = old_ladder(tmp_path)
    store.connect(db).close()
    statements: list[str] = []
    with queries.reading(db) as conn:
        conn.set_trace_callback(statements.append)
        try:
            page = queries.entrant_page(conn, "alpha")
        finally:
            conn.set_trace_callback(None)
        assert page.name == "alpha" and page.matches == len(page.recent) > 0
        reads = [s for s in statements if s.lstrip().upper().startswith(("SELECT", "WITH"))]
        # The standings' count of every match: planned as a scan of an index, run as a sum of
        # its pages' entry counts (no entry is read).
        reads = [s for s in reads if s != standings.EVERY_MATCH]
        plans = {s: plan(conn, s) for s in reads}
    assert plans, statements
    for statement, steps in plans.items():
        # A step that reads a subquery's own rows ("SCAN mine") walks no table.
        own = {s.split()[1] for s in steps if s.startswith(("CO-ROUTINE", "MATERIALIZE"))}
        walks = [s for s in steps if s.startswith("SCAN") and s.split()[1] not in {*SMALL, *own}]
        assert not walks, f"{statement}\n{steps}"
    used = " ".join(step for steps in plans.values() for step in steps)
    assert "results_by_entrant" in used and "ratings_by_entrant" in used, used


def test_the_rating_chart_follows_the_history_across_a_reset(tmp_path: Path) -> None:
    """The chart, read from the entrant's rows in the order they were written, gives the points
    a walk of the whole history in the order of its events gives: the first rating, each
    match's rating after it, and the first rating again at a reset."""
    db = make_ladder(tmp_path, {name: "builtin:random" for name in ("a", "b", "c")})
    quick_ok("run", db, "--matches", 2)
    quick_ok("update", db, "a", "builtin:random", "--reset-rating", "--no-check")
    # Two at a time: matches may be rated in another order than their numbers.
    quick_ok("run", db, "--matches", 4, "--concurrency", 2)

    conn = read_only(db)
    try:
        (me,) = conn.execute("SELECT id FROM entrants WHERE name = 'a'").fetchone()
        walked: list[tuple[int | None, float, float]] = []
        for kind, match_id, entrant_id in conn.execute(
            "SELECT kind, match_id, entrant_id FROM rating_events ORDER BY seq"
        ).fetchall():
            if kind == "reset" and entrant_id == me:
                walked.append((None, 25.0, 25.0 / 3.0))
                continue
            row = conn.execute(
                "SELECT mu_before, sigma_before, mu_after, sigma_after FROM ratings "
                "WHERE match_id = ? AND entrant_id = ?",
                (match_id, me),
            ).fetchone()
            if row is None:
                continue
            if not walked:
                walked.append((None, row[0], row[1]))
            walked.append((match_id, row[2], row[3]))
    finally:
        conn.close()

    with queries.reading(db) as reader:
        page = queries.entrant_page(reader, "a")
    shown = [(p.match_id, p.mu, p.sigma) for p in page.history]
    assert shown == [(m, round(mu, 3), round(sigma, 3)) for m, mu, sigma in walked]
    assert [m for m, _, _ in shown].count(None) == 2, shown  # the start, and the reset
    assert len(shown) == 2 + 6


def walks_done_matches(steps: list[str]) -> bool:
    """Whether a plan's outer loop is every done match (``matches_status``), probing each."""
    return bool(steps) and "matches_status" in steps[0]


def test_a_forfeit_streak_and_the_owners_logs_read_the_entrants_results(tmp_path: Path) -> None:
    """The forfeit streak (inside ``record``'s write lock) and /mine's latest logs: both stop
    at the entrant's last match, which a version or an entrant without one never reaches, so a
    walk of every done match would read them all (1.4 s at a million)."""
    db = old_ladder(tmp_path)
    store.connect(db).close()
    conn = store.connect(db)
    statements: list[str] = []
    try:
        alpha = store.entrant_by_name(conn, "alpha")
        conn.set_trace_callback(statements.append)
        with store.transaction(conn):
            # A version that never played: the streak query finds no row at all.
            forfeit = service._forfeit(conn, 1, alpha, alpha.version + 1, "gone")
        submissions.match_logs(conn, db, alpha.id)
        conn.set_trace_callback(None)
        reads = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
        plans = {s: plan(conn, s) for s in reads}
    finally:
        conn.close()
    assert forfeit.streak == 0 and not forfeit.disabled
    assert len(plans) == 2, statements
    for statement, steps in plans.items():
        assert not walks_done_matches(steps), f"{statement}\n{steps}"
        assert "results_by_entrant" in steps[0], f"{statement}\n{steps}"


def test_an_entrants_matches_come_from_its_results_and_the_unfinished_ones(
    tmp_path: Path,
) -> None:
    """``thousand ladder games --bot``: the finished matches by the entrant's results, the
    running and abandoned ones (which have no results) from the few in those states, newest
    first together; no read walks the matches."""
    db = old_ladder(tmp_path)
    conn = store.connect(db)
    statements: list[str] = []
    try:
        worker = service.worker_id()
        abandoned = service.claim(conn, db, worker).spec.match_id
        service.abandon(conn, worker, [abandoned])
        running = service.claim(conn, db, worker).spec.match_id
        conn.set_trace_callback(statements.append)
        listed = standings.matches(conn, "alpha", 3)
        conn.set_trace_callback(None)
        plans = {s: plan(conn, s) for s in statements if s.lstrip().upper().startswith("SELECT")}
        service.abandon(conn, worker, [running])
    finally:
        conn.close()
    assert [(m.id, m.status) for m in listed] == [
        (running, "running"),
        (abandoned, "abandoned"),
        (3, "done"),
    ]
    assert all("alpha" in m.entrants for m in listed)
    for statement, steps in plans.items():
        walks = [s for s in steps if s.startswith("SCAN") and s.split()[1] not in SMALL]
        assert not walks, f"{statement}\n{steps}"
