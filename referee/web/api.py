"""The JSON API that mirrors every page: read-only, each response a pydantic model, so that
OpenAPI publishes its schema. The models are the pages' own (``referee.web.queries``)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, HTTPException, Request

from referee.ladder.standings import Standings
from referee.web import queries
from referee.web.ids import MatchId

router = APIRouter(prefix="/api", tags=["ladder"])


def _db(request: Request) -> Path:
    path: Path = request.app.state.db_path
    return path


@router.get("/standings", response_model=Standings)
def standings(request: Request) -> Standings:
    """The standings: every entrant by rating μ − 3σ, with its uncertainty, games and faults."""
    with queries.reading(_db(request)) as db:
        return queries.standings_page(db)


@router.get("/entrants/{name:path}", response_model=queries.EntrantPage)
def entrant(request: Request, name: str) -> queries.EntrantPage:
    """One entrant: rating history, versions, recent matches and faults."""
    try:
        with queries.reading(_db(request)) as db:
            return queries.entrant_page(db, name)
    except queries.NotFound as error:
        raise HTTPException(404, str(error)) from None


@router.get("/games/{match_id}", response_model=queries.GamePage)
def game(request: Request, match_id: MatchId) -> queries.GamePage:
    """One match: its seats and results, and its games' viewer pages once it has finished."""
    try:
        with queries.reading(_db(request)) as db:
            return queries.game_page(db, match_id)
    except queries.NotFound as error:
        raise HTTPException(404, str(error)) from None


@router.get("/live", response_model=queries.LivePage)
def live(request: Request) -> queries.LivePage:
    """The matches being played now and the ones just finished."""
    with queries.reading(_db(request)) as db:
        return queries.live_page(db)


@router.get("/rules", response_model=queries.RulesPage)
def rules(request: Request) -> queries.RulesPage:
    """The contest's rules, time control, sandbox and how to submit."""
    with queries.reading(_db(request)) as db:
        return queries.rules_page(db, str(request.base_url))
