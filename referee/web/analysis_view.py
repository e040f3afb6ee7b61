"""A finished game's analysis as the server shows it: the stored ``thousand analyse`` result
(``referee.ladder.analyses``) with its seats named as the ladder names them, and the summary
the game page prints (each seat's accuracy, the costliest decisions).

The seats are relabelled as the replay viewer labels them (the entrant, then what its bot
announced: ``pages.seat_label``, handed in): a replay holds only the announced names, which two
copies of one example bot share. Every name stays raw here; the page's template and
``referee.analysis.html`` escape what they print.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from referee.analysis.bots import bot_accuracy
from referee.analysis.notes import action_label
from referee.analysis.report import AnalysisDocument, Decision, FileError, GameAnalysis
from referee.ladder import analyses, paths, store
from referee.replay.reader import ReplayError, ReplayReader
from referee.safetext import as_text
from referee.web import queries

COSTLIEST: Final = 5
Label = Callable[[str, str], str]
"""How a seat is labelled from its entrant and its bot's announced name: the viewer's own
rule (``pages.seat_label``), handed in by the page that shows it."""


@dataclass(frozen=True)
class Found:
    """A recorded game's analysis, or why there is none yet."""

    state: Literal["pending", "failed", "done", "off"]
    analysis: GameAnalysis | None = None
    error: str | None = None
    public_name: str = ""


def _seating(
    db: sqlite3.Connection, kind: analyses.Kind, match_id: int, game: int, label: Label
) -> list[str]:
    """Each seat's label, from the match's entrants and the replay's header; empty if the
    match or its replay cannot be read (the analysis keeps its own names then)."""
    row = db.execute(
        f"SELECT entrants, replays FROM {analyses.TABLES[kind]} WHERE id = ?", (match_id,)
    ).fetchone()
    if row is None:
        return []
    try:
        ids = json.loads(row["entrants"])
        stored = analyses.stored_replays(row["replays"])
        names = {r[0]: r[1] for r in db.execute("SELECT id, name FROM entrants")}
        entrants = [names.get(i, f"#{i}") for i in ids]
        with ReplayReader(paths.replay_file(stored[game - 1], store.location(db))) as replay:
            seats = [dict(seat) for seat in replay.header.raw.get("seats") or []]
    except (ValueError, TypeError, IndexError, KeyError, OSError, ReplayError):
        return []
    seating = queries.seat_entrants(seats, entrants)
    return [
        label(entrant, as_text(seat.get("name", "")))
        for entrant, seat in zip(seating, seats, strict=True)
    ]


def relabelled(analysis: GameAnalysis, labels: list[str]) -> GameAnalysis:
    if len(labels) != len(analysis.names):
        return analysis
    seats = [s.model_copy(update={"name": labels[s.seat]}) for s in analysis.seats]
    return analysis.model_copy(update={"names": labels, "seats": seats})


def find(
    db: sqlite3.Connection,
    kind: analyses.Kind,
    match_id: int,
    game: int,
    enabled: bool,
    label: Label,
) -> Found:
    """Game ``game`` of a recorded match: its analysis with the seats relabelled, its failure,
    or pending (``off`` when this server analyses nothing and the ladder holds nothing)."""
    name = analyses.public_name(kind, match_id, game)
    key = (str(store.location(db)), kind, match_id, game)
    with _lock:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
    held = analyses.stored(db, kind, match_id, game)
    if held is None:
        return Found("pending" if enabled else "off", public_name=name)
    if held.analysis is None:
        found = Found("failed", error=held.error or "not analysed", public_name=name)
    else:
        labels = _seating(db, kind, match_id, game, label)
        found = Found("done", relabelled(held.analysis, labels), public_name=name)
    with _lock:
        _kept[key] = found
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return found


KEPT: Final = 64
"""Analyses kept read and relabelled, by ladder, kind, match and game. A row is never changed
once written (and entrants are never renamed), and a card game's document can run to
megabytes: each view of a popular game's page would parse it again."""
_kept: OrderedDict[tuple[str, str, int, int], Found] = OrderedDict()
_lock = threading.Lock()


def document(found: Found) -> AnalysisDocument:
    """The ``thousand analyse --json`` document of one game: a failure is listed as the
    command lists a file it cannot analyse."""
    if found.analysis is None:
        error = found.error or "not analysed"
        return AnalysisDocument(
            games=[], bots=[], errors=[FileError(file=found.public_name, error=error)]
        )
    return AnalysisDocument(games=[found.analysis], bots=bot_accuracy([found.analysis]))


# ------------------------------------------------------------------------- the game page


@dataclass(frozen=True)
class SeatLine:
    seat: int
    name: str
    decisions: int
    mean_loss: str
    inaccuracies: int
    mistakes: int
    blunders: int


@dataclass(frozen=True)
class CostlyLine:
    step: int
    seat: int
    name: str
    phase: str
    chosen: str
    best: str
    loss: str
    mark: str


@dataclass(frozen=True)
class Summary:
    """What the game page prints of an analysis (raw text: the template escapes it)."""

    basis: str
    unit: str
    note: str | None
    seats: list[SeatLine]
    costliest: list[CostlyLine]
    decisions: int


def amount(value: float, unit: str) -> str:
    return f"{value * 100:.2f} %" if unit == "win_probability" else f"{value:.1f} points"


def summary(analysis: GameAnalysis) -> Summary:
    unit = analysis.unit
    seats = [
        SeatLine(
            s.seat,
            s.name,
            s.decisions,
            amount(s.mean_loss, unit),
            s.inaccuracies,
            s.mistakes,
            s.blunders,
        )
        for s in analysis.seats
    ]
    costly: list[Decision] = sorted(
        (d for d in analysis.decisions if d.loss > 0), key=lambda d: (-d.loss, d.step)
    )[:COSTLIEST]
    names = analysis.names
    lines = [
        CostlyLine(
            d.step,
            d.seat,
            names[d.seat] if d.seat < len(names) else f"seat {d.seat}",
            d.phase,
            action_label(d.chosen),
            action_label(d.best),
            amount(d.loss, unit),
            str(d.mark) if d.mark is not None else "",
        )
        for d in costly
    ]
    return Summary(
        analysis.basis, unit, analysis.note, seats, lines, decisions=len(analysis.decisions)
    )
