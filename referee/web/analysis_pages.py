"""A recorded game's analysis on the contest server: the page the game page frames (the
analysis page ``thousand analyse --html`` writes, from ``referee.analysis.html``) and the API
form (the ``thousand analyse --json`` document, docs/analysis.schema.json), for ladder and
final games alike.

The analysis was computed in the background (``referee.ladder.analyses``); these routes only
read it. Before it is ready the page says "analysis pending" and the API answers 202 with the
same words, so a client knows to come back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from referee import csp
from referee.analysis.html import analysis_page
from referee.analysis.report import AnalysisDocument
from referee.ladder import analyses
from referee.web import analysis_view, queries
from referee.web.ids import GameIndex, MatchId
from referee.web.pages import not_found, seat_label
from referee.web.templating import templates

router = APIRouter()

PAGE_POLICY: Final = csp.policy(inline_styles=True, framed=True)
"""The analysis page is static HTML with an inline style sheet and an inline SVG chart: no
script at all, framed only by the server's own game page."""
PENDING: Final = "analysis pending: it is computed in the background once the game is recorded"
OFF: Final = "this server does not analyse games (ladder serve --no-analysis)"


def _db(request: Request) -> Path:
    path: Path = request.app.state.db_path
    return path


def _enabled(request: Request) -> bool:
    return request.app.state.settings.analysis is not None


def _found(
    request: Request, kind: analyses.Kind, match_id: int, game: int
) -> analysis_view.Found | str:
    """The analysis of a recorded game, or why there is no such game (a string): the analysis
    of a match still being played is never shown, as its replay is not."""
    what = "match" if kind == "ladder" else "final match"
    with queries.reading(_db(request)) as db:
        row = db.execute(
            f"SELECT status, replays FROM {analyses.TABLES[kind]} WHERE id = ?", (match_id,)
        ).fetchone()
        if row is None or row["status"] != "done":
            return f"no recorded {what} {match_id}"
        if not 1 <= game <= len(analyses.stored_replays(row["replays"])):
            return f"{what} {match_id} has no game {game} (games are numbered from 1)"
        return analysis_view.find(db, kind, match_id, game, _enabled(request), seat_label)


def _json(request: Request, kind: analyses.Kind, match_id: int, game: int) -> Response:
    found = _found(request, kind, match_id, game)
    if isinstance(found, str):
        raise HTTPException(404, found)
    if found.state in ("pending", "off"):
        return JSONResponse({"detail": PENDING if found.state == "pending" else OFF}, 202)
    return JSONResponse(analysis_view.document(found).model_dump(mode="json"))


ANSWERS: Final[dict[int | str, dict[str, Any]]] = {
    200: {"model": AnalysisDocument, "description": "The `thousand analyse --json` document."},
    202: {"description": "Recorded, not analysed yet (or this server analyses nothing)."},
    404: {"description": "No such recorded match or game."},
}


@router.get("/api/games/{match_id}/analysis/{index}", tags=["ladder"], responses=ANSWERS)
def game_analysis(request: Request, match_id: MatchId, index: GameIndex) -> Response:
    """Game ``index`` (from 1) of a finished ladder match, analysed: the ``thousand analyse
    --json`` document (docs/analysis.schema.json) with the seats named by their entrants; a
    game the analysis could not read is listed under ``errors``. 202 while it is pending."""
    return _json(request, "ladder", match_id, index)


@router.get("/api/final/{match_id}/analysis/{index}", tags=["ladder"], responses=ANSWERS)
def final_analysis(request: Request, match_id: MatchId, index: GameIndex) -> Response:
    """Game ``index`` of a recorded final match, analysed: as for a ladder game."""
    return _json(request, "final", match_id, index)


@router.get("/games/{match_id}/analysis/{index}", include_in_schema=False)
def analysis_html(request: Request, match_id: MatchId, index: GameIndex) -> Response:
    """The analysis page of one game (the chart and the marked decisions), framed by the
    game page; a page of its own, like the replay viewer, with its own policy."""
    found = _found(request, "ladder", match_id, index)
    if isinstance(found, str):
        return not_found(request, found)
    if found.analysis is None:
        message = {"pending": PENDING, "off": OFF}.get(found.state, found.error or PENDING)
        return templates.TemplateResponse(
            request, "analysis_pending.html", {"message": message, "state": found.state}
        )
    page = analysis_page(analysis_view.document(found))
    return HTMLResponse(page, headers={csp.HEADER: PAGE_POLICY, "X-Frame-Options": "SAMEORIGIN"})
