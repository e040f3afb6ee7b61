"""The JSON API that mirrors every page: read-only, each response a pydantic model, so that
OpenAPI publishes its schema. The models are the pages' own (``referee.web.queries``)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import StreamingResponse

from referee.ladder.standings import Standings
from referee.web import queries
from referee.web.ids import GameIndex, MatchId

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
    """One match: its seats and results; once it has finished, each game's seating, scores,
    places and faults, its viewer page and its replay file to download."""
    try:
        with queries.reading(_db(request)) as db:
            return queries.game_page(db, match_id)
    except queries.NotFound as error:
        raise HTTPException(404, str(error)) from None


REPLAY_TYPES = {".gz": "application/gzip", ".jsonl": "application/x-ndjson"}
CHUNK = 64 << 10


@router.get(
    "/games/{match_id}/replay/{index}",
    response_class=StreamingResponse,
    responses={
        200: {
            "description": "The replay file (docs/replay-format.md), as an attachment.",
            "content": {kind: {} for kind in REPLAY_TYPES.values()},
        },
        404: {"description": "No such match or game, or the match is not finished."},
    },
)
def replay_file(request: Request, match_id: MatchId, index: GameIndex) -> StreamingResponse:
    """Game ``index`` (from 1) of a finished match as its replay file, to keep and replay with
    ``thousand replay``. A running match's files hold deals the bots still playing have not
    seen: not served until the match is recorded."""
    try:
        with queries.reading(_db(request)) as db:
            path = queries.replay_file(db, match_id, index).path
    except queries.NotFound as error:
        raise HTTPException(404, str(error)) from None
    return stream_replay(path, f"match-{match_id}-game-{index}", f"match {match_id}, game {index}")


def stream_replay(path: Path, stem: str, what: str) -> StreamingResponse:
    """A replay file the database named, as an attachment called ``stem`` + its suffix
    (``stem`` is made of integers alone: nothing of the path nor of any contestant reaches
    the header)."""
    gone = HTTPException(404, f"the replay of {what} is gone")
    try:
        # Opened without following a link, and only a regular file: the database names the
        # file, but a bot of a weak sandbox could have put a link in its place.
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        raise gone from None
    handle = os.fdopen(fd, "rb")
    size = os.fstat(fd)
    if not stat.S_ISREG(size.st_mode):
        handle.close()
        raise gone
    suffix = ".jsonl.gz" if path.name.endswith(".gz") else ".jsonl"
    name = f"{stem}{suffix}"

    def chunks() -> Iterator[bytes]:
        with handle:
            while block := handle.read(CHUNK):
                yield block

    return StreamingResponse(
        chunks(),
        media_type=REPLAY_TYPES[".gz" if suffix.endswith(".gz") else ".jsonl"],
        headers={
            "Content-Disposition": f'attachment; filename="{name}"',
            "Content-Length": str(size.st_size),
            "Cache-Control": "public, max-age=3600",
        },
    )


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
