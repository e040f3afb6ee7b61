"""bench/scale.py's contest (issue 30): its figures mean something only if the file it writes is
a ladder like one that played, so a small one is written and then read by the ladder's own
commands. ``thousand ladder rerate --check`` must find every stored rating identical to the
one its history gives (the ratings were updated in the order the matches were recorded, across
resets), the counters must add up, and the pages must read it."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from types import ModuleType

import pytest

from referee.web import queries
from tests.ladder.conftest import ROOT, quick_ok
from tests.script_module import load

ENTRANTS = 30
MATCHES = 3000


@pytest.fixture(scope="module")
def scale() -> ModuleType:
    return load(ROOT / "bench" / "scale.py", "bench_scale")


@pytest.fixture(scope="module")
def contest(scale: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    db: Path = tmp_path_factory.mktemp("scale") / "contest.db"
    scale.new_ladder(db, 7)
    filled = scale.fill(db, ENTRANTS, MATCHES, 7, new_version=0.005, abandon=0.01)
    # New versions, resets and abandoned matches: each path of the writer is used.
    assert filled["resets"] > 0 and filled["abandoned"] > 0 and filled["new_versions"] > 0
    return db


def test_rerate_finds_the_written_ratings_identical(contest: Path) -> None:
    done = quick_ok("rerate", contest, "--check")
    assert "identical to the stored ratings" in done.stdout, done.stdout


def test_the_counters_add_up(contest: Path) -> None:
    conn = sqlite3.connect(contest)
    try:
        status = dict(conn.execute("SELECT status, COUNT(*) FROM matches GROUP BY status"))
        assert sum(status.values()) == MATCHES and status["running"] == 4
        seats = conn.execute("SELECT SUM(matches), SUM(games) FROM entrants").fetchone()
        assert seats == (3 * status["done"], 3 * 6 * status["done"])
        events = conn.execute("SELECT COUNT(*) FROM rating_events WHERE kind = 'match'")
        assert events.fetchone()[0] == status["done"]
        # Every entrant's current version is one the versions table keeps.
        missing = conn.execute(
            "SELECT COUNT(*) FROM entrants e LEFT JOIN versions v "
            "ON v.entrant_id = e.id AND v.version = e.version WHERE v.bot IS NULL"
        )
        assert missing.fetchone()[0] == 0
    finally:
        conn.close()


def test_the_pages_read_it(contest: Path) -> None:
    with queries.reading(contest) as db:
        done = db.execute("SELECT COUNT(*) FROM matches WHERE status = 'done'").fetchone()[0]
        table = queries.standings_page(db)
        assert len(table.rows) == ENTRANTS and table.matches_done == done > MATCHES * 0.9
        page = queries.entrant_page(db, table.rows[0].name)
    assert page.recent and page.history and page.matches == sum(v.matches for v in page.versions)
