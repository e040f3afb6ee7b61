"""Live updates: ``GET /live/events``, a server-sent event stream of the standings and the
matches running, pushed whenever they change.

One watcher per server reads the ladder every ``POLL`` seconds while anyone listens (however
many browsers are open, the database is read once a round) and hands each listener the latest
state only — a slow browser skips states, never piles them up. The payload is what the pages
show, made ready to draw: names already passed through ``referee.safetext`` (the script puts
them in with ``textContent``, never as HTML), numbers formatted as the templates format them.
JSON keeps every payload on one ``data:`` line (a newline in a name is ``\\n`` in it), so no
name can end an event early or forge one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from referee.ladder import store
from referee.web import queries
from referee.web.templating import number, segment, share, shown

POLL = 0.5
KEEPALIVE = 15.0
"""Seconds between comments on a quiet stream, so proxies keep it open."""
TICK = 0.5
"""How often a quiet stream looks whether the server is closing."""

log = logging.getLogger("thousand.server")

router = APIRouter(include_in_schema=False)


def _entrant(name: str) -> dict[str, str]:
    return {"label": shown(name), "href": "/entrants/" + segment(name)}


def snapshot(db_path: Path) -> str:
    """The state the standings and live pages show, as one line of JSON."""
    with queries.reading(db_path) as db:
        table = queries.standings_page(db)
        live = queries.live_page(db)
    payload: dict[str, Any] = {
        "matches_done": live.matches_done,
        "standings": [
            {
                **_entrant(r.name),
                "rank": str(r.rank),
                "rating": number(r.rating),
                "mu_sigma": f"{number(r.mu)} ± {number(r.sigma)}",
                "matches": str(r.matches),
                "games": str(r.games),
                "share": share(r.wins, r.games),
                "mean_place": number(r.mean_place),
                "faults": str(r.faults),
                "last_played": r.last_played or "—",
                "flagged": r.flagged,
                "enabled": r.enabled,
            }
            for r in table.rows
        ],
        "running": [
            {
                "id": m.id,
                "entrants": [_entrant(n) for n in m.entrants],
                "started": m.started,
            }
            for m in live.running
        ],
        "recent": [
            {
                "id": m.id,
                "entrants": [
                    {**_entrant(n), "rank": m.ranks[i] if m.ranks and i < len(m.ranks) else None}
                    for i, n in enumerate(m.entrants)
                ],
                "finished": m.finished or "—",
            }
            for m in live.recent
        ],
    }
    return json.dumps(payload, separators=(",", ":"))


class Watcher:
    """Reads the ladder while anyone listens; each listener holds only the latest state."""

    def __init__(self, db_path: Path) -> None:
        self.db_path = db_path
        self.listeners: set[asyncio.Queue[str]] = set()
        self.latest: str | None = None
        self.task: asyncio.Task[None] | None = None

    def subscribe(self) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=1)
        if self.latest is not None:
            queue.put_nowait(self.latest)
        self.listeners.add(queue)
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._watch())
        return queue

    def unsubscribe(self, queue: asyncio.Queue[str]) -> None:
        self.listeners.discard(queue)

    async def _watch(self) -> None:
        while self.listeners:
            try:
                payload = await asyncio.to_thread(snapshot, self.db_path)
            except (sqlite3.Error, store.LadderError):
                payload = None  # a ladder busy or moved: try again next round
            except Exception:
                # A bug must not end the live pages for good: say it, try again next round.
                log.exception("live updates: reading the ladder failed")
                payload = None
            if payload is not None and payload != self.latest:
                self.latest = payload
                for queue in list(self.listeners):
                    with contextlib.suppress(asyncio.QueueEmpty):
                        queue.get_nowait()  # an unread older state: replaced
                    queue.put_nowait(payload)
            await asyncio.sleep(POLL)
        self.latest = None  # nobody listening: the next listener starts from a fresh read


def watcher(request: Request) -> Watcher:
    state = request.app.state
    found: Watcher | None = getattr(state, "live_watcher", None)
    if found is None:
        found = state.live_watcher = Watcher(request.app.state.db_path)
    return found


def close_streams(state: Any) -> None:
    """Tell every event stream of the app whose ``state`` this is to end: called when the
    server begins to shut down, so that a Ctrl-C does not wait for the browsers to leave (a
    stream is a response that never ends by itself)."""
    state.live_closing = True


async def _events(watch: Watcher, state: Any) -> AsyncIterator[str]:
    # Subscribed here, not in the endpoint: a stream that never starts never leaves a listener.
    queue = watch.subscribe()
    try:
        yield "retry: 3000\n\n"
        quiet = 0.0
        while not getattr(state, "live_closing", False):
            try:
                payload = await asyncio.wait_for(queue.get(), TICK)
            except TimeoutError:
                quiet += TICK
                if quiet >= KEEPALIVE:
                    quiet = 0.0
                    yield ": still here\n\n"
                continue
            quiet = 0.0
            yield f"event: update\ndata: {payload}\n\n"
    finally:
        watch.unsubscribe(queue)


@router.get("/live/events")
async def events(request: Request) -> StreamingResponse:
    return StreamingResponse(
        _events(watcher(request), request.app.state),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
