"""Who plays the final, and with which version.

A contestant's last upload is not always their best: one sent an hour before the deadline may
be an experiment. So each contestant may mark one of their admitted versions as final, before
the deadline (a mark after it would let them pick with hindsight of the ladder's latest
results); without a mark the latest admitted version plays. The field is taken once, when the
final begins (``take_field``), into ``final_entrants``: whatever the ladder does afterwards (a
version disabled, a rating reset), the final plays what was taken.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from pydantic import BaseModel

from referee.ladder import contest, store
from referee.players.botspec import parse_bot_or_unavailable


@dataclass(frozen=True)
class Finalist:
    entrant_id: int
    name: str
    version: int
    bot: str
    digest: str | None


class FinalChoice(BaseModel):
    """An entrant's final version as the contestant's page and ``/api/bots/final`` say it."""

    name: str
    version: int
    marked: bool
    """True: the contestant chose it; false: the latest admitted version, by default."""
    versions: list[int]
    """Every admitted version that may be marked: those whose files are still kept."""


def kept_versions(db: sqlite3.Connection, entrant_id: int) -> set[int]:
    """The entrant's versions whose files must stay: marked for the final, or in its field."""
    rows = db.execute(
        "SELECT version FROM final_marks WHERE entrant_id = ? "
        "UNION SELECT version FROM final_entrants WHERE entrant_id = ?",
        (entrant_id, entrant_id),
    )
    return {int(r[0]) for r in rows}


def _startable(bot: str) -> bool:
    """Whether a version's files are still there to start (the server keeps only an account's
    latest few versions' programs, see ``referee.web.submissions.prune``)."""
    return parse_bot_or_unavailable(bot).unavailable is None


def _markable(db: sqlite3.Connection, entrant_id: int) -> dict[int, str]:
    rows = db.execute(
        "SELECT version, bot FROM versions WHERE entrant_id = ? ORDER BY version", (entrant_id,)
    )
    return {int(r[0]): str(r[1]) for r in rows if _startable(str(r[1]))}


def choice(db: sqlite3.Connection, entrant: store.Entrant) -> FinalChoice:
    mark = db.execute(
        "SELECT version FROM final_marks WHERE entrant_id = ?", (entrant.id,)
    ).fetchone()
    versions = sorted(_markable(db, entrant.id))
    return FinalChoice(
        name=entrant.name,
        version=entrant.version if mark is None else int(mark[0]),
        marked=mark is not None,
        versions=versions,
    )


def mark(db: sqlite3.Connection, entrant: store.Entrant, version: int | None) -> FinalChoice:
    """Mark ``version`` as the entrant's final one (``None``: take the mark back, the latest
    plays). Refused after the deadline, and for a version never admitted."""
    with store.transaction(db):
        contest.refuse_entry(db)
        if version is None:
            db.execute("DELETE FROM final_marks WHERE entrant_id = ?", (entrant.id,))
        else:
            markable = _markable(db, entrant.id)
            if version not in markable:
                shown = ", ".join(map(str, sorted(markable))) or "none"
                raise contest.ContestError(
                    f"{entrant.name} has no version {version} that can still be played "
                    f"(versions that can: {shown})"
                )
            db.execute(
                "INSERT OR REPLACE INTO final_marks VALUES (?, ?, ?)",
                (entrant.id, version, store.now_iso()),
            )
    return choice(db, entrant)


def take_field(db: sqlite3.Connection, top: int | None = None) -> list[Finalist]:
    """The final's field, taken once (inside the caller's transaction): every enabled entrant
    — or the ``top`` of the ladder's standings by μ − 3σ — with its marked version, or its
    latest. A marked version whose command is not on record falls back to the latest."""
    taken = finalists(db)
    if taken:
        return taken
    field = store.entrants(db, enabled_only=True)
    field.sort(key=lambda e: (-(e.mu - 3 * e.sigma), e.name))
    if top is not None:
        field = field[:top]
    for entrant in field:
        row = db.execute(
            "SELECT v.version, v.bot, v.digest FROM final_marks m JOIN versions v "
            "ON v.entrant_id = m.entrant_id AND v.version = m.version WHERE m.entrant_id = ?",
            (entrant.id,),
        ).fetchone()
        version, bot, digest = (
            (entrant.version, entrant.bot, entrant.digest)
            if row is None
            else (int(row[0]), str(row[1]), row[2])
        )
        db.execute(
            "INSERT INTO final_entrants VALUES (?, ?, ?, ?)", (entrant.id, version, bot, digest)
        )
    return finalists(db)


def finalists(db: sqlite3.Connection) -> list[Finalist]:
    """The field as taken, in the order it was taken (the ladder's standings then)."""
    rows = db.execute(
        "SELECT f.entrant_id, e.name, f.version, f.bot, f.digest FROM final_entrants f "
        "JOIN entrants e ON e.id = f.entrant_id ORDER BY f.rowid"
    )
    return [Finalist(int(r[0]), str(r[1]), int(r[2]), str(r[3]), r[4]) for r in rows]
