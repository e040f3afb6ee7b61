"""The shape of a contest run on a ladder: its phase, the deadline that closes submissions, and
the promise made about its chance.

A ladder left to itself is a contest that never ends. A contest with a prize has a shape that
contestants know from the platforms they use: submissions close at a deadline (the ladder goes
on playing), then the organiser runs a final among each contestant's final version, and the
final standings are frozen. The phases are therefore:

``open``      submissions (uploads, ``ladder add`` and ``update``) accepted;
``closed``    the deadline has passed: no new entrant nor version, the ladder plays on;
``final``     the final evaluation is being played (``thousand ladder final``);
``finished``  the final standings are frozen; only now may the master seed be revealed.

``open`` turns into ``closed`` by the clock alone — no process has to be running at the
deadline — so the stored setting is the deadline, and ``final`` and ``finished`` are the only
phases written down. The clock is ``now()``: the system's, unless ``THOUSAND_CLOCK_FILE`` names
a file holding the time (seconds since the epoch), which lets an organiser's dress rehearsal,
and the tests, move a whole server's time past a deadline without waiting for it.

The master seed decides every deal and throw. Its SHA-256 (``chance.commitment``) is published
from the start, on every page and in ``/api/rules``; the seed itself only once the contest is
finished (``reveal``), after which anyone can check every final game against the promise
(``thousand replay verify --seed``). Revealing it earlier would let a bot's author compute the
deals still to come, so ``reveal`` refuses every phase but ``finished``.
"""

from __future__ import annotations

import datetime
import json
import math
import os
import sqlite3
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from referee.games.chance import commitment
from referee.ladder import store

Phase = Literal["open", "closed", "final", "finished"]
PHASES: tuple[Phase, ...] = ("open", "closed", "final", "finished")
WRITTEN_PHASES = ("final", "finished")
"""The phases kept in the ladder's settings (``phase``); the first two follow the clock."""

CLOCK_ENV = "THOUSAND_CLOCK_FILE"
UTC = datetime.UTC


class ContestError(store.LadderError):
    """A step of a contest taken out of its order (a reveal before the end, a deadline moved
    during the final): one line saying what the phase is and what to do."""


class EntryClosed(ContestError):
    """A new entrant, version or final mark after the deadline: the line names the deadline."""


def now() -> datetime.datetime:
    """The contest's clock (see the module's docstring for ``THOUSAND_CLOCK_FILE``)."""
    path = os.environ.get(CLOCK_ENV)
    if not path:
        return datetime.datetime.now(UTC)
    try:
        text = Path(path).read_text(encoding="ascii")[:64].strip()
        return datetime.datetime.fromtimestamp(float(text), UTC)
    except (OSError, ValueError, OverflowError) as error:
        raise ContestError(
            f"{CLOCK_ENV} names {path}, which holds no time in seconds since 1970 ({error})"
        ) from None


def parse_moment(text: str) -> datetime.datetime:
    """A deadline as an organiser types it: ISO 8601, in UTC unless it names another offset
    (``2026-12-10T18:00``, ``2026-12-10T18:00Z``, ``2026-12-10 20:00+02:00``)."""
    cleaned = text.strip()
    if cleaned.endswith(("Z", "z")):
        cleaned = cleaned[:-1] + "+00:00"
    try:
        moment = datetime.datetime.fromisoformat(cleaned)
    except ValueError:
        shown = text[:60]
        raise ContestError(
            f"{shown!r} is no moment: use ISO 8601 in UTC, e.g. 2026-12-10T18:00Z"
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def deadline_from(text: str) -> datetime.datetime:
    """A deadline as typed on the command line or sent to the organiser's API: ``now`` (to
    the second), or a moment for ``parse_moment``."""
    if text.strip().lower() == "now":
        return now().replace(microsecond=0)
    return parse_moment(text[:100])


def shown_moment(moment: datetime.datetime) -> str:
    """A moment as every page and message says it: to the minute, in UTC, said so."""
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def time_left(seconds: float) -> str:
    """``2 d 3 h``, ``3 h 5 min``, ``4 min 10 s``: the two largest units, rounded down."""
    whole = max(0, math.floor(seconds))
    days, rest = divmod(whole, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    if minutes:
        return f"{minutes} min {secs} s"
    return f"{secs} s"


class ContestState(BaseModel):
    """Where a contest stands, as every page, ``/api/rules`` and ``ladder phase`` say it."""

    phase: Phase
    deadline: str | None
    """ISO 8601 in UTC, or null: no deadline set (submissions open until one is)."""
    seconds_left: int | None
    """Until the deadline, while the phase is open and a deadline is set."""
    commitment: str
    """SHA-256 of the master seed's 32 bytes (big-endian), hex: the promise the reveal keeps."""
    revealed: str | None
    """When the seed was revealed (ISO 8601), or null."""
    seed: str | None
    """The master seed in decimal, once revealed; null before."""

    def line(self) -> str:
        """One line for a page's header or a terminal."""
        if self.phase == "open":
            if self.deadline is None or self.seconds_left is None:
                return "open: submissions accepted, no deadline set"
            deadline = shown_moment(datetime.datetime.fromisoformat(self.deadline))
            return f"open: submissions close at {deadline} (in {time_left(self.seconds_left)})"
        if self.phase == "closed":
            assert self.deadline is not None
            deadline = shown_moment(datetime.datetime.fromisoformat(self.deadline))
            return f"closed: submissions closed at {deadline}; the ladder plays on"
        if self.phase == "final":
            return "final: the final evaluation is being played"
        seed = "the seed is revealed" if self.seed is not None else "the seed is not revealed yet"
        return f"finished: the final standings are frozen; {seed}"


def _deadline(meta: dict[str, Any]) -> datetime.datetime | None:
    text = meta.get("deadline")
    if text is None:
        return None
    try:
        return parse_moment(str(text))
    except ContestError:
        shown = str(text)[:60]
        raise store.LadderError(f"the ladder's deadline setting is no moment: {shown!r}") from None


def written_phase(meta: dict[str, Any]) -> str | None:
    phase = meta.get("phase")
    if phase is not None and phase not in WRITTEN_PHASES:
        raise store.LadderError(f"the ladder's phase setting is {phase!r}, not final or finished")
    return None if phase is None else str(phase)


def state_of(meta: dict[str, Any], moment: datetime.datetime) -> ContestState:
    """The contest's state from the ladder's settings at ``moment``."""
    deadline = _deadline(meta)
    phase: Phase
    written = written_phase(meta)
    if written == "final":
        phase = "final"
    elif written == "finished":
        phase = "finished"
    elif deadline is not None and moment >= deadline:
        phase = "closed"
    else:
        phase = "open"
    left = None
    if phase == "open" and deadline is not None:
        left = math.floor((deadline - moment).total_seconds())
    revealed = meta.get("revealed")
    master = int(meta.get("seed", 0))
    return ContestState(
        phase=phase,
        deadline=None if deadline is None else deadline.isoformat(),
        seconds_left=left,
        commitment=commitment(master),
        revealed=None if revealed is None else str(revealed),
        seed=str(master) if revealed is not None else None,
    )


def state(db: sqlite3.Connection, moment: datetime.datetime | None = None) -> ContestState:
    return state_of(store.read_meta(db), now() if moment is None else moment)


def entry_refusal(meta: dict[str, Any], moment: datetime.datetime) -> str | None:
    """Why no new entrant or version may come in now, or None: after the deadline, in the
    final and after it. The deadline is in the answer, so that a contestant who missed it by a
    minute knows it was the deadline and not the server."""
    current = state_of(meta, moment)
    if current.phase == "open":
        return None
    if current.deadline is not None:
        deadline = shown_moment(datetime.datetime.fromisoformat(current.deadline))
        return f"submissions closed at {deadline} (the deadline); the contest is {current.phase}"
    return f"submissions are closed: the contest is {current.phase}"


def refuse_entry(db: sqlite3.Connection) -> None:
    """``entry_refusal`` as a ``ContestError``, for the commands and the server."""
    why = entry_refusal(store.read_meta(db), now())
    if why is not None:
        raise EntryClosed(why)


def _write(db: sqlite3.Connection, key: str, value: str | None) -> None:
    if value is None:
        db.execute("DELETE FROM meta WHERE key = ?", (key,))
    else:
        db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, json.dumps(value)))


def set_deadline(db: sqlite3.Connection, deadline: datetime.datetime | None) -> ContestState:
    """A new deadline (``None``: none). Moving it is allowed until the final begins — an
    organiser may extend a contest, or close it now with a deadline in the past — never after:
    the final's field was taken at its start."""
    with store.transaction(db):
        meta = store.read_meta(db)
        current = state_of(meta, now())
        if current.phase in WRITTEN_PHASES:
            raise ContestError(
                f"the contest is {current.phase}: its deadline can no longer be moved"
            )
        _write(db, "deadline", None if deadline is None else deadline.astimezone(UTC).isoformat())
    return state(db)


def begin_final(db: sqlite3.Connection) -> None:
    """Into the final: only from ``closed`` (a final with submissions open would rank a field
    that can still change); a final that began already goes on."""
    meta = store.read_meta(db)
    current = state_of(meta, now())
    if current.phase == "final":
        return
    if current.phase == "open":
        raise ContestError(
            "submissions are still open: set the deadline first "
            "(thousand ladder phase DB --deadline now)"
        )
    if current.phase == "finished":
        raise ContestError("the contest is finished: its final standings are frozen")
    _write(db, "phase", "final")


def finish(db: sqlite3.Connection) -> None:
    """The final is over: its standings (written in the same transaction by the caller) are
    frozen from now on."""
    _write(db, "phase", "finished")


def reveal(db: sqlite3.Connection) -> ContestState:
    """Publish the master seed: only once the contest is finished. Revealing twice is the
    same reveal (its time stays the first)."""
    with store.transaction(db):
        meta = store.read_meta(db)
        current = state_of(meta, now())
        if current.phase != "finished":
            raise ContestError(
                f"the contest is {current.phase}: the seed is revealed only once it is finished "
                "(revealing it now would let anyone compute the deals still to come)"
            )
        if current.revealed is None:
            _write(db, "revealed", now().isoformat(timespec="seconds"))
    return state(db)
