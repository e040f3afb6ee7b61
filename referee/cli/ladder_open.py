"""Opening a ladder for a command, and the sandbox a command that plays may use: shared by
``ladder run``, ``ladder final`` and the contest commands, each a click module of its own."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import click

from referee.errors import fail, warn
from referee.ladder import readiness, store
from referee.players.sandbox import SandboxError


def open_ladder(path: str, *, write: bool = True) -> sqlite3.Connection:
    """The ladder at ``path``; ``write=False`` for commands that only read (they work on a
    read-only ladder too). A file that is not a ladder is refused before anything touches it."""
    try:
        conn = store.connect(Path(path), write=write)
    except store.LadderError as error:
        fail(str(error))
        raise
    # Closed when the command ends, whichever way: an sqlite3 connection sits in a reference
    # cycle, so dropping it leaves its files open until the garbage collector runs, and in a
    # process that goes on (tests, a server) those stale handles broke later connections.
    context = click.get_current_context(silent=True)
    if context is not None:
        context.call_on_close(conn.close)
    return conn


def runnable(
    conn: sqlite3.Connection, db: Path, allow_weak_sandbox: bool
) -> readiness.MachineSandbox:
    """The sandbox a run plays in, or one line saying why it must not start."""
    refusal = readiness.unstartable_refusal(conn)
    if refusal is not None:
        fail(refusal)
    try:
        here = readiness.machine_sandbox(conn, db)
    except SandboxError as error:
        fail(str(error))
    if here.exposed is not None:
        warn(here.exposed)
    if here.chosen.mode != "bwrap" and not (here.weak_allowed or allow_weak_sandbox):
        fail(
            readiness.weak_refusal(
                here.chosen.mode,
                "install bubblewrap and create the ladder with --sandbox bwrap, or run with "
                "--allow-weak-sandbox for bots you trust",
            )
        )
    return here
