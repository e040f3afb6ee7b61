"""The contest's end on the server: its phase for every page, the final standings (a page,
Markdown and JSON), the final's replays to download, a contestant's choice of final version,
and the organiser's deadline.

The final standings are read from the ladder (``referee.ladder.final_standings``): frozen once
the final is over, provisional while it is played, and not there before it begins (404, with
the phase in the message). The final's replays are served like a ladder match's: only of a
recorded match, found through the database by the numbers of the address alone.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import PlainTextResponse, RedirectResponse, Response, StreamingResponse
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from referee.ladder import contest, final, final_standings, finalists, paths, store
from referee.web import queries, sessions
from referee.web.api import stream_replay
from referee.web.contestant import _bearer, _connection, _organiser, _page, _session
from referee.web.ids import GameIndex, MatchId

router = APIRouter()


def _db(request: Request) -> Path:
    path: Path = request.app.state.db_path
    return path


# ---------------------------------------------------------------------- the final standings


def _standings(db: sqlite3.Connection) -> final_standings.FinalStandings:
    held = final_standings.frozen(db)
    if held is not None:
        return held
    state = contest.state(db)
    settings = final.settings_of(db)
    if state.phase != "final" or settings is None:
        raise queries.NotFound(f"no final has been played yet: the contest is {state.phase}")
    return queries.cached(
        "final", lambda: final_standings.compute(db, settings.confidence, state.phase)
    )


def _read(request: Request) -> final_standings.FinalStandings:
    try:
        with queries.reading(_db(request)) as db:
            return _standings(db)
    except queries.NotFound as error:
        raise HTTPException(404, str(error)) from None


@router.get("/api/final", response_model=final_standings.FinalStandings, tags=["ladder"])
def final_json(request: Request) -> final_standings.FinalStandings:
    """The final standings: one Plackett–Luce fit to every game of the final, each finalist's
    rating with its 95 % interval and whether it is separated from the next; ``frozen`` once
    the final is over (provisional before). 404 before the final begins."""
    return _read(request)


@router.get("/final.md", response_class=PlainTextResponse, tags=["ladder"])
def final_markdown(request: Request) -> PlainTextResponse:
    """The final standings as Markdown (names escaped)."""
    table = _read(request)
    return PlainTextResponse(final_standings.markdown(table), media_type="text/markdown")


@router.get("/final", include_in_schema=False)
def final_page(request: Request) -> Response:
    try:
        with queries.reading(_db(request)) as db:
            table = _standings(db)
            played = _matches(db)
    except queries.NotFound as error:
        return _page(request, "error.html", 404, message=str(error))
    return _page(request, "final.html", table=table, matches=played)


class FinalMatch(BaseModel):
    id: int
    round: int
    entrants: list[str]
    replays: list[str]
    """The URLs of its games' replay files, game 1 first."""


def _matches(db: sqlite3.Connection) -> list[FinalMatch]:
    names = {int(r[0]): str(r[1]) for r in db.execute("SELECT id, name FROM entrants")}
    found = []
    for row in db.execute(
        "SELECT id, round, entrants, replays FROM final_matches WHERE status = 'done' ORDER BY id"
    ):
        count = len(json.loads(row["replays"] or "[]"))
        found.append(
            FinalMatch(
                id=int(row["id"]),
                round=int(row["round"]),
                entrants=[names.get(int(e), f"#{e}") for e in json.loads(row["entrants"])],
                replays=[f"/api/final/{row['id']}/replay/{n}" for n in range(1, count + 1)],
            )
        )
    return found


@router.get("/api/final/matches", response_model=list[FinalMatch], tags=["ladder"])
def final_matches(request: Request) -> list[FinalMatch]:
    """Every recorded match of the final with its replays' URLs: what ``thousand replay
    verify --seed`` checks once the seed is revealed."""
    with queries.reading(_db(request)) as db:
        return _matches(db)


@router.get(
    "/api/final/{match_id}/replay/{index}",
    response_class=StreamingResponse,
    tags=["ladder"],
    responses={404: {"description": "No such final match or game, or not recorded yet."}},
)
def final_replay(request: Request, match_id: MatchId, index: GameIndex) -> StreamingResponse:
    """Game ``index`` (from 1) of a recorded final match, as its replay file."""
    with queries.reading(_db(request)) as db:
        row = db.execute(
            "SELECT status, replays FROM final_matches WHERE id = ?", (match_id,)
        ).fetchone()
        here = store.location(db)
    if row is None or row["status"] != "done":
        raise HTTPException(404, f"no recorded final match {match_id}")
    files = json.loads(row["replays"] or "[]")
    if not 1 <= index <= len(files):
        raise HTTPException(404, f"final match {match_id} has no game {index} (from 1)")
    path = paths.replay_file(files[index - 1], here)
    return stream_replay(path, f"final-{match_id}-game-{index}", f"final {match_id}, game {index}")


# -------------------------------------------------------------- a contestant's final version


class FinalMark(BaseModel):
    version: int | None
    """The version to play the final; null takes the mark back (the latest plays)."""


def _entrant_of(db: sqlite3.Connection, account_id: int) -> store.Entrant:
    row = db.execute(
        "SELECT e.name FROM account_entrants a JOIN entrants e ON e.id = a.entrant_id "
        "WHERE a.account_id = ?",
        (account_id,),
    ).fetchone()
    if row is None:
        raise HTTPException(404, "no bot of yours has been admitted yet")
    return store.entrant_by_name(db, str(row[0]))


def _mark(db: sqlite3.Connection, account_id: int, version: int | None) -> finalists.FinalChoice:
    entrant = _entrant_of(db, account_id)
    try:
        return finalists.mark(db, entrant, version)
    except contest.EntryClosed as error:
        raise HTTPException(403, str(error)) from None
    except contest.ContestError as error:
        raise HTTPException(422, str(error)) from None


@router.get("/api/bots/final", response_model=finalists.FinalChoice, tags=["contestant"])
def my_final(request: Request) -> finalists.FinalChoice:
    """Which of your versions plays the final: the one you marked, or your latest."""
    with _connection(request) as db:
        account = _bearer(request, db)
        return finalists.choice(db, _entrant_of(db, account.id))


@router.post("/api/bots/final", response_model=finalists.FinalChoice, tags=["contestant"])
def mark_final(request: Request, body: FinalMark) -> finalists.FinalChoice:
    """Mark one of your admitted versions as the one to play the final (before the deadline;
    403 after it, with the deadline in the detail)."""
    with _connection(request) as db:
        account = _bearer(request, db)
        return _mark(db, account.id, body.version)


@router.post("/mine/final", include_in_schema=False)
async def mark_final_form(request: Request) -> Response:
    current = await run_in_threadpool(_session, request)
    if current is None:
        return RedirectResponse("/login", status_code=303)
    account, csrf = current
    form = await request.form()
    if not sessions.same(str(form.get("csrf") or ""), csrf):
        raise HTTPException(403, "the form's CSRF token is missing or wrong")
    text = str(form.get("version") or "").strip()
    if text not in ("latest", "") and not (text.isdigit() and len(text) < 19):
        raise HTTPException(422, "version: a version number, or latest")
    version = None if text in ("latest", "") else int(text)

    def mark() -> None:
        with _connection(request) as db:
            _mark(db, account.id, version)

    await run_in_threadpool(mark)
    return RedirectResponse("/mine", status_code=303)


# ------------------------------------------------------------------ the organiser's deadline


class PhaseChange(BaseModel):
    deadline: str | None
    """ISO 8601 (UTC unless an offset is given), ``now``, or null for no deadline."""


@router.get("/api/phase", response_model=contest.ContestState, tags=["ladder"])
def phase(request: Request) -> contest.ContestState:
    """The contest's phase, deadline, time left and the commitment to its master seed (and the
    seed itself once revealed)."""
    with queries.reading(_db(request)) as db:
        return contest.state(db)


@router.post("/api/admin/phase", response_model=contest.ContestState, tags=["organiser"])
def admin_phase(request: Request, body: PhaseChange) -> contest.ContestState:
    """The organiser's token only: set, move or take away the deadline (until the final
    begins), as ``thousand ladder phase DB --deadline WHEN`` does."""
    with _connection(request) as db:
        _organiser(request, db)
        try:
            moment = None if body.deadline is None else contest.deadline_from(body.deadline)
            return contest.set_deadline(db, moment)
        except contest.ContestError as error:
            raise HTTPException(409, str(error)) from None
