"""Server-rendered pages: standings, entrants, games, live matches, the contest's rules.

Every page works without JavaScript; ``/static/live.js`` keeps the standings and live pages
current over server-sent events (``referee.web.live``). A game page embeds the replay viewer
(``referee.replay.export``: the same self-contained page ``thousand replay export`` writes),
served at its own URL only for a finished match.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from markupsafe import Markup

from referee import csp
from referee.ladder.standings import Standings
from referee.replay.export import build_data, render_page, viewer_policy
from referee.replay.frames import LoadedReplay, load_frames
from referee.replay.reader import Header, ReplayError
from referee.safetext import as_text, for_terminal
from referee.web import analysis_view, queries
from referee.web import live as live_updates
from referee.web.chart import rating_chart
from referee.web.ids import GameIndex, MatchId, ShownGame
from referee.web.templating import templates

router = APIRouter(default_response_class=HTMLResponse, include_in_schema=False)
router.include_router(live_updates.router)

STATIC = Path(__file__).resolve().parent / "static"
STATIC_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
}
VIEWER_CACHE = 32
"""Replay viewer pages kept in memory: building one runs the engine over the whole game."""


def db_path(request: Request) -> Path:
    path: Path = request.app.state.db_path
    return path


def not_found(request: Request, message: str) -> Response:
    return templates.TemplateResponse(request, "error.html", {"message": message}, status_code=404)


@router.get("/")
def standings(request: Request) -> Response:
    with queries.reading(db_path(request)) as db:
        table = queries.standings_page(db)
        # The table is the same for every visitor: rendered once for each state of the ladder.
        rows = queries.cached("standings.html", lambda: _standings_table(table))
    return templates.TemplateResponse(
        request, "standings.html", {"table": table, "table_html": rows}
    )


def _standings_table(table: Standings) -> Markup:
    # Markup: the output of the autoescaping environment, every name in it escaped already.
    html = templates.env.get_template("standings_table.html").render(table=table)
    return Markup(html)


@router.get("/entrants/{name:path}")
def entrant(request: Request, name: str) -> Response:
    try:
        with queries.reading(db_path(request)) as db:
            page = queries.entrant_page(db, name)
    except queries.NotFound as error:
        return not_found(request, str(error))
    return templates.TemplateResponse(
        request, "entrant.html", {"entrant": page, "chart": rating_chart(page.history)}
    )


@router.get("/games/{match_id}")
def game(request: Request, match_id: MatchId, shown: ShownGame = 1) -> Response:
    enabled = request.app.state.settings.analysis is not None
    try:
        with queries.reading(db_path(request)) as db:
            page = queries.game_page(db, match_id)
            found = None
            if page.games and shown <= len(page.games):
                found = analysis_view.find(db, "ladder", match_id, shown, enabled, seat_label)
    except queries.NotFound as error:
        return not_found(request, str(error))
    if page.games and shown > len(page.games):
        return not_found(request, f"match {match_id} has no game {shown}")
    summary = analysis_view.summary(found.analysis) if found and found.analysis else None
    return templates.TemplateResponse(
        request,
        "game.html",
        {"game": page, "shown_game": shown, "analysis": found, "summary": summary},
    )


@router.get("/live")
def live(request: Request) -> Response:
    with queries.reading(db_path(request)) as db:
        page = queries.live_page(db)
    return templates.TemplateResponse(request, "live.html", {"live": page})


@router.get("/rules")
def rules(request: Request) -> Response:
    with queries.reading(db_path(request)) as db:
        page = queries.rules_page(db, str(request.base_url))
    return templates.TemplateResponse(request, "rules.html", {"rules": page})


# ------------------------------------------------------------------------- the replay viewer


class _Viewers:
    """The last few viewer pages built, by replay file and its size and modification time (a
    replay rewritten by a rerun is built again), the entrants' names and the game's number."""

    def __init__(self) -> None:
        self.pages: OrderedDict[tuple[str, int, int, tuple[str, ...], int], tuple[str, str]]
        self.pages = OrderedDict()
        self.lock = threading.Lock()

    def get(self, replay: Path, entrants: list[str], index: int) -> tuple[str, str]:
        stat = replay.stat()
        key = (str(replay), stat.st_size, stat.st_mtime_ns, tuple(entrants), index)
        with self.lock:
            if key in self.pages:
                self.pages.move_to_end(key)
                return self.pages[key]
        loaded = load_frames(replay)
        if not loaded.frames:
            raise ReplayError(f"{replay.name}: no steps to show")
        page = render_page(ladder_view(loaded, entrants, index))
        built = (page, viewer_policy(page))
        with self.lock:
            self.pages[key] = built
            while len(self.pages) > VIEWER_CACHE:
                self.pages.popitem(last=False)
        return built


viewers = _Viewers()

ENTRANT_SHOWN = 40
ANNOUNCED_SHOWN = 20
"""Characters of an entrant's name and of its bot's announced name in a viewer's seat label:
the two together within the terminal's name limit (``NAME_LIMIT``)."""


def seat_label(entrant: str, announced: str) -> str:
    """A seat as the ladder's viewer names it: the entrant (unique in the ladder), then, as a
    detail, the name its bot announced — the only name a replay file holds, the same for two
    contestants who copied one example bot. Escaped for a terminal like every name the
    viewer shows (and for HTML by the viewer itself, which writes names as text)."""
    shown = for_terminal(entrant, ENTRANT_SHOWN)
    if announced == entrant:
        return shown
    return f"{shown} ({for_terminal(announced, ANNOUNCED_SHOWN)})"


def ladder_view(loaded: LoadedReplay, entrants: list[str], index: int) -> dict[str, Any]:
    """The viewer's data for game ``index`` (from 1, as the match page numbers it) of a ladder
    match whose entrants are ``entrants``: the steps tell of the entrants, the seat labels add
    what each bot announced, and the header says the game's number as the URL does (a replay
    file counts its games from 0)."""
    raw = loaded.header.raw
    seats = [dict(seat) for seat in raw.get("seats") or []]
    seating = queries.seat_entrants(seats, entrants)
    announced = [as_text(seat.get("name", "")) for seat in seats]
    renamed = [{**seat, "name": name} for seat, name in zip(seats, seating, strict=True)]
    data = build_data(replace(loaded, header=Header({**raw, "seats": renamed})))
    data["names"] = [seat_label(e, a) for e, a in zip(seating, announced, strict=True)]
    data["meta"]["game_index"] = index
    for shown, name, entrant in zip(data["meta"]["seats"], announced, seating, strict=True):
        shown["name"] = name
        shown["entrant"] = entrant
    return data


@router.get("/games/{match_id}/replay/{index}")
def replay(request: Request, match_id: MatchId, index: GameIndex) -> Response:
    try:
        with queries.reading(db_path(request)) as db:
            found = queries.replay_file(db, match_id, index)
        page, policy = viewers.get(found.path, found.entrants, index)
    except queries.NotFound as error:
        return not_found(request, str(error))
    except (OSError, ReplayError):
        return not_found(request, f"the replay of match {match_id}, game {index} is gone")
    return HTMLResponse(
        page,
        headers={csp.HEADER: policy, "X-Frame-Options": "SAMEORIGIN"},
    )


# ------------------------------------------------------------------------------ static files


STATIC_FILES = {
    path.name: path
    for path in STATIC.iterdir()
    if path.suffix in STATIC_TYPES and not path.name.startswith(".") and path.is_file()
}
"""The files served under /static/, listed once: a name asked for is looked up here, never
joined to a path (a name too long for the disk, or with a NUL, is simply not in the list)."""


@router.get("/static/{name}")
def static(name: str) -> Response:
    """The few files next to this module, by exact name: nothing else on the disk is served."""
    path = STATIC_FILES.get(name)
    if path is None:
        return Response("not found", status_code=404, media_type="text/plain")
    return FileResponse(
        path,
        media_type=STATIC_TYPES[path.suffix],
        headers={"Cache-Control": "public, max-age=300"},
    )
