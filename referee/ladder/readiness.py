"""Whether this machine may play a ladder's matches now: its bots can start, and the sandbox
the ladder was made with works here and keeps strangers' bots apart.

``ladder run`` and ``ladder serve --run`` ask the same questions and must refuse in the same
words; they used to hold a copy each.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from referee.ladder import service, store
from referee.ladder.privacy import exposed_warning
from referee.players.sandbox import Sandbox, resolve


@dataclass(frozen=True)
class MachineSandbox:
    """The ladder's sandbox as this machine can run it."""

    chosen: Sandbox
    fallback: str | None  # why it is not what the ladder asked for (bwrap fell back)
    exposed: str | None  # what a bot could read here (the database's folder open to it)
    weak_allowed: bool  # the ladder was made with --allow-weak-sandbox


def machine_sandbox(conn: sqlite3.Connection, db: Path) -> MachineSandbox:
    """Raises ``SandboxError`` when the ladder's sandbox cannot run here at all."""
    meta = store.read_meta(conn)
    chosen, fallback = resolve(Sandbox.model_validate(meta.get("sandbox") or {}))
    return MachineSandbox(
        chosen, fallback, exposed_warning(db, chosen), bool(meta.get("weak_sandbox"))
    )


def weak_refusal(mode: str, remedy: str) -> str:
    """A ladder that would play strangers' bots where they can read each other's files."""
    return (
        f"this ladder would run its bots under --sandbox {mode}, where a bot can "
        f"read the replays, the database and other bots' files; {remedy}"
    )


def unstartable_refusal(conn: sqlite3.Connection) -> str | None:
    """Why a run must not start: an enabled entrant whose bot cannot start here (its games
    would be recorded as the bot's faults when the fault is the organiser's)."""
    missing = service.unavailable(conn)
    if not missing:
        return None
    return (
        "cannot start the bot of "
        + "; of ".join(f"entrant {e.name!r}: {why}" for e, why in missing)
        + " — nothing was played (fix it with: thousand ladder update DB NAME BOT, or "
        "leave it out with: thousand ladder disable DB NAME)"
    )


def record_run(conn: sqlite3.Connection, chosen: Sandbox, executor: str) -> None:
    """What the pages say about where and how the matches are played."""
    with store.transaction(conn):
        conn.execute(
            "INSERT OR REPLACE INTO meta VALUES ('sandbox_effective', ?)",
            (json.dumps(chosen.describe()),),
        )
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('executor', ?)", (json.dumps(executor),))
