"""The contest server's application: one FastAPI app over one ladder database.

Pages and the read-only JSON API live in ``referee.web.pages`` and ``referee.web.api``;
accounts, sessions and submissions in their own modules (``referee.web.contestant`` holds
their routes); this module assembles them and adds what every response needs: security
headers, a bound on request bodies, the submissions worker and, with ``serve --run``, the
ladder's match loop beside it (``referee.web.matchloop``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exception_handlers import http_exception_handler, request_validation_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from referee import csp
from referee.ladder import store
from referee.safetext import for_terminal
from referee.web import (
    analysis_pages,
    api,
    contestant,
    database,
    final_pages,
    ids,
    pages,
    schema,
    submissions,
)
from referee.web.analysis_worker import AnalysisWorker
from referee.web.matchloop import MatchLoop
from referee.web.settings import ServerSettings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("thousand.server")

CSP_HEADER = csp.HEADER
SERVER_POLICY = csp.policy(
    script_files=True,
    style_files=True,
    inline_styles=True,
    image_files=True,
    data_images=True,
    font_files=True,
    fetches=True,
    frames=True,
    forms=True,
    framed=True,
)
"""Every response's policy unless it brings its own (the replay viewer does): no script but
the server's own files, nothing from another origin, framed only by the server itself."""


SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "SAMEORIGIN",
    "referrer-policy": "same-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
}


class Guard:
    """Every response gets the security headers; every request body is bounded (an upload
    too big is refused while it arrives, not after it has filled the disk)."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_body:
            if int(declared) <= DRAIN_FACTOR * self.max_body:
                await _drain(receive, DRAIN_FACTOR * self.max_body)
            await self._too_large(send)
            return
        received = 0
        started = False

        async def bounded() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise _TooLarge
            return message

        async def secured(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers") or [])
                names = {k.lower() for k, _ in headers}
                for name, value in SECURITY_HEADERS.items():
                    if name.encode() not in names:
                        headers.append((name.encode(), value.encode()))
                if CSP_HEADER.lower().encode() not in names:
                    headers.append((CSP_HEADER.lower().encode(), SERVER_POLICY.encode()))
                message["headers"] = headers
            await send(message)

        try:
            await self.app(scope, bounded, secured)
        except ClientDisconnect:
            # The client left (or sent a body its own framing broke) before the server read
            # it all: nobody to answer, and nothing wrong with the server to log.
            return
        except _TooLarge:
            if not started:
                await _drain(receive, DRAIN_FACTOR * self.max_body - received)
                await self._too_large(send)

    async def _too_large(self, send: Send) -> None:
        body = b'{"detail":"the request is larger than this server accepts"}'
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
            *((k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()),
            (CSP_HEADER.lower().encode(), SERVER_POLICY.encode()),
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


DRAIN_FACTOR = 4
"""A body somewhat too large is read to its end before the 413 (a client still sending when
the connection closes sees a reset, not the answer); a far larger one is cut off at once."""


async def _drain(receive: Receive, budget: int) -> None:
    while budget > 0:
        message = await receive()
        if message["type"] != "http.request":
            return
        budget -= len(message.get("body", b""))
        if not message.get("more_body"):
            return


def _is_api(request: Request) -> bool:
    return request.url.path == "/api" or request.url.path.startswith("/api/")


async def _id_out_of_range(request: Request, error: Exception) -> Response:
    """An id no table can hold names nothing: 404, as for an id nobody has (the page for a
    browser, ``{"detail"}`` for the API), instead of an OverflowError from SQLite."""
    assert isinstance(error, RequestValidationError)
    why = ids.names_nothing(error)
    if why is None:
        return await request_validation_exception_handler(request, error)
    if _is_api(request):
        return JSONResponse({"detail": why}, status_code=404)
    return pages.not_found(request, why)


async def _no_such_page(request: Request, error: Exception) -> Response:
    """An address no route has is the not-found page for a browser (the API keeps its JSON)."""
    assert isinstance(error, StarletteHTTPException)
    if error.status_code == 404 and not _is_api(request):
        return pages.not_found(request, f"no page at {for_terminal(request.url.path, 200)}")
    return await http_exception_handler(request, error)


def create_app(db: Path, settings: ServerSettings | None = None) -> FastAPI:
    """The application over the ladder at ``db`` (which must exist: ``ladder init``)."""
    chosen = settings or ServerSettings()
    db = db.resolve()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # The one store.connect of this process's life (it checks the file is a ladder), made
        # before any other thread holds a connection: see referee/web/database.py.
        conn = store.connect(db)
        try:
            schema.ensure(conn)
        finally:
            conn.close()
        loop: MatchLoop | None = None
        if chosen.run_matches:
            loop = MatchLoop(db, chosen.concurrency, chosen.allow_weak_sandbox, chosen.pin)
            loop.start()
        worker = submissions.Worker(db, chosen)
        with database.connection(db) as conn:
            worker.start(conn)
        app.state.worker = worker
        analyser: AnalysisWorker | None = None
        if chosen.analysis is not None:
            analyser = AnalysisWorker(db, chosen.analysis)
            analyser.start()
        app.state.analyser = analyser
        try:
            yield
        finally:
            worker.stop()
            if analyser is not None:
                await asyncio.get_running_loop().run_in_executor(None, analyser.stop)
            if loop is not None:
                await asyncio.get_running_loop().run_in_executor(None, loop.stop)

    app = FastAPI(title="thousand ladder", docs_url=None, redoc_url=None, lifespan=lifespan)
    app.add_exception_handler(RequestValidationError, _id_out_of_range)
    app.add_exception_handler(StarletteHTTPException, _no_such_page)
    app.state.db_path = db
    app.state.settings = chosen
    app.include_router(api.router)
    app.include_router(contestant.router)
    app.include_router(final_pages.router)
    app.include_router(analysis_pages.router)
    app.include_router(pages.router)
    app.add_middleware(Guard, max_body=chosen.upload.upload_bytes + (64 << 10))
    return app
