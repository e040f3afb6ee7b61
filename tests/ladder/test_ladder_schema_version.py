"""The version of a ladder's tables (``PRAGMA user_version``) and of the contest server's
(the ``server_schema`` setting): a file made before versions is stamped without a byte of its
data changing, a new file is made at the current version, a newer thousand's file is refused in
one line, and a migration that fails half way leaves the file whole at the version before it.

The old file is a real one, made by main before this change (tests/ladder/data/README.md); the
test-only migrations are handed to ``store.connect`` and ``schema.ensure`` as their ``plan``,
so nothing global is patched.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from referee.ladder import migrations, store
from referee.web import schema
from tests.ladder.conftest import make_ladder, ok, one_error_line, quick, quick_ok, read_only

BEFORE_VERSIONS = Path(__file__).parent / "data" / "ladder-before-versions.db"

Dump = dict[str, list[tuple[object, ...]]]


def old_ladder(folder: Path) -> Path:
    """A copy of the ladder main made before the tables had a version."""
    db = folder / "ladder.db"
    shutil.copyfile(BEFORE_VERSIONS, db)
    db.chmod(0o600)
    return db


def dump(db: Path) -> Dump:
    """Every row of every table, in order: what "the data is unchanged" compares."""
    conn = read_only(db)
    try:
        query = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
        tables = [str(row[0]) for row in conn.execute(query)]
        return {
            table: [tuple(row) for row in conn.execute(f"SELECT * FROM {table} ORDER BY rowid")]
            for table in tables
        }
    finally:
        conn.close()


def columns(db: Path) -> dict[str, list[str]]:
    conn = read_only(db)
    try:
        query = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
        return {
            str(table): [str(c[1]) for c in conn.execute(f"PRAGMA table_info({table})")]
            for (table,) in conn.execute(query).fetchall()
        }
    finally:
        conn.close()


def user_version(db: Path) -> int:
    conn = read_only(db)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def server_version(db: Path) -> object:
    conn = read_only(db)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'server_schema'").fetchone()
        return None if row is None else json.loads(row[0])
    finally:
        conn.close()


def set_versions(db: Path, *, ladder: int | None = None, server: object = None) -> None:
    conn = sqlite3.connect(db)
    try:
        if ladder is not None:
            conn.execute(f"PRAGMA user_version = {ladder}")
        if server is not None:
            conn.execute(
                "INSERT OR REPLACE INTO meta VALUES ('server_schema', ?)", (json.dumps(server),)
            )
        conn.commit()
    finally:
        conn.close()


def with_step(plan: migrations.Plan, why: str, step: migrations.Step) -> migrations.Plan:
    """``plan`` and one migration more: a newer thousand's list, for a test."""
    added = migrations.Migration(plan.current + 1, why, step)
    return migrations.Plan(plan.name, (*plan.migrations, added), plan.read, plan.write)


ADD_COUNTRY = "ALTER TABLE entrants ADD COLUMN country TEXT NOT NULL DEFAULT 'ru';\n"


def fails_after_a_change(kind: str) -> migrations.Step:
    """A step that changes the tables and then fails: on SQL (an error SQLite raises) or in
    Python (a bug in the step)."""
    if kind == "sql":
        return migrations.script(ADD_COUNTRY + "INSERT INTO no_such_table VALUES (1);\n")

    def step(db: sqlite3.Connection) -> None:
        migrations.script(ADD_COUNTRY)(db)
        raise RuntimeError("the step broke half way")

    return step


# ---------------------------------------------------------------- the ladder's own tables


def test_a_ladder_made_before_versions_is_stamped_and_keeps_its_data(tmp_path: Path) -> None:
    db = old_ladder(tmp_path)
    assert user_version(db) == 0
    before = dump(db)
    assert len(before["entrants"]) == 3 and len(before["matches"]) == 3

    # A command that only reads leaves the file as it is, version too.
    shown = quick_ok("standings", db).stdout
    assert all(name in shown for name in ("alpha", "beta", "gamma"))
    assert user_version(db) == 0

    # The first connection that may write stamps it, and changes nothing else: the tables
    # later migrations add are new (migration 3 copies each entrant's current version).
    store.connect(db).close()
    assert user_version(db) == store.LADDER.current
    stamped = dump(db)
    assert {table: rows for table, rows in stamped.items() if table in before} == before
    assert sorted(row[:3] for row in stamped["versions"]) == sorted(
        (e[0], e[3], e[2]) for e in before["entrants"]
    )

    # And it plays on: one more match, the three before it as they were.
    ok("run", db, "--matches", "1")
    after = dump(db)
    assert after["entrants"][0][:3] == before["entrants"][0][:3]
    assert after["matches"][:3] == before["matches"]
    assert len(after["matches"]) == 4 and after["matches"][3][1] == "done"
    assert user_version(db) == store.LADDER.current


def test_a_new_ladder_has_the_current_version(tmp_path: Path) -> None:
    db = make_ladder(tmp_path, {"a": "builtin:random"})
    assert user_version(db) == store.LADDER.current
    # Migration 1's tables are what a ladder of before versions has; the later migrations
    # only add tables (a contest's versions and final, the games' analyses), never change those.
    made = {t: c for t, c in columns(db).items() if not t.startswith("sqlite_")}
    old = columns(BEFORE_VERSIONS)
    assert {t: c for t, c in made.items() if t in old} == {t: old[t] for t in made if t in old}
    assert set(made) - set(old) == {
        "versions",
        "final_marks",
        "final_entrants",
        "final_matches",
        "final_results",
        "analyses",
    }


@pytest.mark.parametrize(
    "command", [("standings",), ("add", "b", "builtin:random", "--no-check"), ("invite", "eve")]
)
def test_a_newer_thousands_ladder_is_refused_in_one_line(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    db = make_ladder(tmp_path, {"a": "builtin:random"})
    newer = store.LADDER.current + 1
    set_versions(db, ladder=newer)
    data = db.read_bytes()
    line = one_error_line(quick(command[0], db, *command[1:]))
    assert "made by a newer thousand" in line, line
    assert f"version {newer}" in line and str(db) in line, line
    assert db.read_bytes() == data


@pytest.mark.parametrize("kind", ["sql", "python"])
def test_a_migration_that_fails_half_way_leaves_the_ladder_whole(tmp_path: Path, kind: str) -> None:
    db = make_ladder(tmp_path, {"a": "builtin:random"})
    before, layout = dump(db), columns(db)
    plan = with_step(store.LADDER, "a country, then a failure", fails_after_a_change(kind))
    with pytest.raises(store.LadderError if kind == "sql" else RuntimeError) as raised:
        store.connect(db, plan=plan)
    if kind == "sql":
        assert "no_such_table" in str(raised.value)
        assert f"left whole, at version {store.LADDER.current}" in str(raised.value)
    assert user_version(db) == store.LADDER.current
    assert columns(db) == layout and dump(db) == before
    quick_ok("standings", db)


def test_a_migration_runs_once_and_its_version_is_then_refused_by_an_older_thousand(
    tmp_path: Path,
) -> None:
    """What the failing step above would have done, whole: the step and its version land
    together, and this thousand, which does not know the step, refuses the result."""
    db = old_ladder(tmp_path)
    plan = with_step(store.LADDER, "a country", migrations.script(ADD_COUNTRY))
    conn = store.connect(db, plan=plan)
    try:
        assert [row["country"] for row in conn.execute("SELECT country FROM entrants")] == [
            "ru"
        ] * 3
    finally:
        conn.close()
    assert user_version(db) == plan.current == store.LADDER.current + 1
    assert "country" in columns(db)["entrants"]
    store.connect(db, plan=plan).close()  # at its version already: nothing runs again
    assert user_version(db) == plan.current
    line = one_error_line(quick("standings", db))
    assert f"its ladder tables are at version {plan.current}" in line, line


# ------------------------------------------------------------- the contest server's tables


def test_a_ladder_served_before_versions_gets_the_server_version_and_keeps_accounts(
    tmp_path: Path,
) -> None:
    db = old_ladder(tmp_path)
    assert server_version(db) is None
    accounts = dump(db)["accounts"]
    assert [row[1] for row in accounts] == ["alice"]
    quick_ok("invite", db, "bob")
    assert server_version(db) == schema.SERVER.current == 1
    after = dump(db)["accounts"]
    assert after[0] == accounts[0] and [row[1] for row in after] == ["alice", "bob"]


def test_a_ladder_served_for_the_first_time_gets_the_server_tables_and_version(
    tmp_path: Path,
) -> None:
    db = make_ladder(tmp_path, {})
    assert server_version(db) is None and "accounts" not in columns(db)
    quick_ok("invite", db, "bob")
    assert server_version(db) == schema.SERVER.current
    assert {"accounts", "sessions", "submissions", "account_entrants"} <= columns(db).keys()


def test_a_newer_thousands_server_tables_are_refused_in_one_line(tmp_path: Path) -> None:
    db = make_ladder(tmp_path, {})
    quick_ok("invite", db, "bob")
    newer = schema.SERVER.current + 1
    set_versions(db, server=newer)
    data = db.read_bytes()
    line = one_error_line(quick("invite", db, "eve"))
    assert "made by a newer thousand" in line, line
    assert f"its server tables are at version {newer}" in line, line
    assert db.read_bytes() == data
    quick_ok("standings", db)  # the ladder's own commands do not read the server's tables


def test_a_server_version_that_is_no_version_is_damage(tmp_path: Path) -> None:
    db = make_ladder(tmp_path, {})
    quick_ok("invite", db, "bob")
    set_versions(db, server="two")
    line = one_error_line(quick("invite", db, "eve"))
    assert "is damaged: its setting server_schema is 'two', not a version" in line, line


@pytest.mark.parametrize("kind", ["sql", "python"])
def test_a_server_migration_that_fails_half_way_leaves_its_tables_whole(
    tmp_path: Path, kind: str
) -> None:
    db = make_ladder(tmp_path, {})
    quick_ok("invite", db, "bob")
    before, layout = dump(db), columns(db)
    step = fails_after_a_change(kind)

    def fails_on_accounts(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE accounts ADD COLUMN email TEXT")
        step(conn)

    plan = with_step(schema.SERVER, "an email, then a failure", fails_on_accounts)
    conn = store.connect(db)
    try:
        with pytest.raises(store.LadderError if kind == "sql" else RuntimeError):
            schema.ensure(conn, plan)
    finally:
        conn.close()
    assert server_version(db) == schema.SERVER.current
    assert columns(db) == layout and dump(db) == before
    quick_ok("invite", db, "eve")
