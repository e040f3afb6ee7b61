"""Numbered migrations of the tables in a ladder's SQLite file, and the version that says which
of them a file has had.

A file that records its version can be brought forward one step at a time when a column is
added, and refused when a newer thousand made it. Each step runs in one transaction that also
bumps the version (SQLite's DDL and the database header are both transactional), so a process
killed mid-step, or a step that fails, leaves the file whole at the version before it.

Why one runner here and the lists beside their tables: the ladder's tables and the contest
server's (accounts, sessions, submissions) share the one file, but the server's are the web
layer's, which the ladder may not import. Each owner keeps its ``Plan`` next to the tables it
makes (``store.LADDER``, ``referee.web.schema.SERVER``); both go through this runner, so "one
transaction per step, the version bumped inside it" is written once. The module imports
nothing of the ladder's: the store calls it as it opens a file and hands it its own
``transaction`` (the one with the lock retries).

Why the server does not keep its number in ``PRAGMA user_version`` as well: a file has one
``user_version``, and a ladder that never served has none of the server's tables, so the two
numbers move on their own. The ladder's is ``user_version``; the server's is a row of the
ladder's ``meta`` table (see ``referee.web.schema``).

Version 0 is a file from before versions were kept. Migration 1 of each plan is the tables as
they were then, made with ``CREATE … IF NOT EXISTS``: on a file that has them it changes
nothing but the number, and on a new file it makes them. A later migration is a new step at
the end of the list; a step once released is never edited.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field

Step = Callable[[sqlite3.Connection], None]
Transaction = Callable[[sqlite3.Connection], AbstractContextManager[object]]


def script(sql: str) -> Step:
    """A step that runs the statements of ``sql`` one by one inside the step's transaction.
    Not ``executescript``: Python 3.11's commits the open transaction before it starts, which
    would take the step out of the transaction that bumps the version."""
    statements: list[str] = []
    pending = ""
    for line in sql.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip():
        raise ValueError(f"an unfinished SQL statement in a migration: {pending.strip()!r}")

    def run(db: sqlite3.Connection) -> None:
        for statement in statements:
            db.execute(statement)

    return run


@dataclass(frozen=True)
class Migration:
    number: int
    why: str
    """What the step changes and why: read by whoever comes to the list next."""
    step: Step


def user_version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def set_user_version(db: sqlite3.Connection, version: int) -> None:
    # A pragma takes no parameters; ``version`` is an int checked by the plan.
    db.execute(f"PRAGMA user_version = {int(version)}")


@dataclass(frozen=True)
class Plan:
    """One owner's tables as the ordered steps that make them, and where their version is
    kept (``user_version`` unless told)."""

    name: str
    """Whose tables: said in the refusal of a newer file ("its ladder tables …")."""
    migrations: tuple[Migration, ...]
    read: Callable[[sqlite3.Connection], int] = field(default=user_version)
    write: Callable[[sqlite3.Connection, int], None] = field(default=set_user_version)

    def __post_init__(self) -> None:
        numbers = [m.number for m in self.migrations]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"the {self.name} migrations are numbered {numbers}, not 1, 2, …")

    @property
    def current(self) -> int:
        """The version this thousand makes and reads."""
        return len(self.migrations)

    def layout(self, version: int) -> dict[str, tuple[str, ...]]:
        """Each table and its columns in a file at ``version`` (0 counts as 1: the tables of
        before the versions), as SQLite reads them after the steps up to it."""
        db = sqlite3.connect(":memory:", isolation_level=None)
        try:
            for migration in self.migrations[: max(version, 1)]:
                migration.step(db)
            query = (
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
            )
            return {
                str(table): tuple(str(c[1]) for c in db.execute(f"PRAGMA table_info({table})"))
                for (table,) in db.execute(query).fetchall()
            }
        finally:
            db.close()


def migrate(db: sqlite3.Connection, plan: Plan, transaction: Transaction) -> int:
    """Run the steps of ``plan`` the file has not had, each in its own ``transaction`` with
    the bump of the version. Returns the version the file is at: ``plan.current``, or a newer
    one that another process wrote meanwhile (the caller refuses it, as it refused it before).
    The version is read again inside each transaction, so two processes opening one old file
    at once run each step once."""
    if plan.read(db) >= plan.current:
        return plan.read(db)
    for migration in plan.migrations:
        with transaction(db):
            found = plan.read(db)
            if found >= migration.number:
                continue
            migration.step(db)
            plan.write(db, migration.number)
    return plan.read(db)
