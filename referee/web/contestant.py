"""What a contestant (and the organiser) does on the server: submit a bot, follow its checks,
log in and out in a browser; over the API with ``Authorization: Bearer TOKEN``, in pages with
a session cookie and a CSRF token on every form.

A token travels only in a header or a form body, never in a URL: URLs end up in access logs,
browser histories and Referer headers.
"""

from __future__ import annotations

import contextlib
import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import JSONResponse, RedirectResponse
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException

from referee.ladder import rerate, store
from referee.ladder.finalists import FinalChoice
from referee.web import accounts, database, sessions, submissions
from referee.web.settings import ServerSettings
from referee.web.templating import templates

router = APIRouter()


class EntrantView(BaseModel):
    name: str
    version: int
    enabled: bool
    mu: float
    sigma: float
    games: int
    faults: int


class BuildView(BaseModel):
    ok: bool
    summary: str
    seconds: float
    log: str | None = None


class SubmissionView(BaseModel):
    id: int
    created: str
    filename: str
    bytes: int
    status: str
    """queued, building, checking, then accepted, refused or error."""
    reasons: list[str]
    build: BuildView | None = None
    check: dict[str, Any] | None = None
    """The conformance check's report (games, decisions asked and answered, problems with
    the bot's own stderr where it says why)."""
    version: int | None = None
    finished: str | None = None


class LogView(BaseModel):
    file: str
    text: str
    """The end of what the bot wrote on stderr at that table."""


class MatchLogs(BaseModel):
    match: int
    finished: str | None
    logs: list[LogView]


class Mine(BaseModel):
    name: str
    entrant: EntrantView | None
    submissions: list[SubmissionView]
    matches: list[MatchLogs]
    """Your bot's stderr in its latest matches."""
    final: FinalChoice | None = None
    """Which of your versions plays the final (mark another with ``POST /api/bots/final``)."""


class Submitted(BaseModel):
    id: int
    status: str
    follow: str


# ------------------------------------------------------------------------------ plumbing


def _db_path(request: Request) -> Path:
    path: Path = request.app.state.db_path
    return path


def _settings(request: Request) -> ServerSettings:
    settings: ServerSettings = request.app.state.settings
    return settings


@contextlib.contextmanager
def _connection(request: Request) -> Iterator[sqlite3.Connection]:
    with database.connection(_db_path(request)) as db:
        yield db


def _unauthorized(detail: str) -> HTTPException:
    return HTTPException(401, detail, headers={"WWW-Authenticate": "Bearer"})


def _bearer(request: Request, db: sqlite3.Connection) -> accounts.Account:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if not header:
        raise _unauthorized("send your token: Authorization: Bearer TOKEN")
    if scheme.lower() != "bearer" or not token.strip():
        raise _unauthorized("the Authorization header must be: Bearer TOKEN")
    account = accounts.by_token(db, token.strip())
    if account is None:
        raise _unauthorized("the token is not valid (or its account was revoked)")
    return account


async def _upload(request: Request) -> tuple[bytes, str | None, dict[str, str]]:
    """The multipart form's ``file`` (bounded) and its other small fields."""
    limit = _settings(request).upload.upload_bytes
    try:
        form = await request.form(max_files=1, max_fields=8)
    except MultiPartException as error:
        raise HTTPException(400, f"the form cannot be read: {error.message}") from None
    fields = {k: v for k, v in form.items() if isinstance(v, str)}
    upload = form.get("file")
    if not isinstance(upload, UploadFile):
        raise HTTPException(422, "send the bot as the multipart field 'file'")
    data = await upload.read(limit + 1)
    await form.close()
    if len(data) > limit:
        raise HTTPException(413, f"the upload is larger than {limit >> 20} MiB")
    return data, upload.filename, fields


def _take(request: Request, account: accounts.Account, data: bytes, name: str | None) -> int:
    with _connection(request) as db:
        submission = submissions.accept_upload(
            db, _db_path(request), _settings(request), account, data, name
        )
    request.app.state.worker.submit(submission)
    return submission


def _mine(request: Request, account: accounts.Account) -> Mine:
    with _connection(request) as db:
        return Mine.model_validate(submissions.mine(db, _db_path(request), account))


# ------------------------------------------------------------------------------ the API


@router.post(
    "/api/bots",
    status_code=202,
    response_model=Submitted,
    tags=["contestant"],
    responses={
        401: {},
        409: {},
        413: {},
        422: {},
        429: {
            "description": "Too many submissions: the ``Retry-After`` header gives the seconds "
            "until the next one is taken, and the detail says when.",
            "headers": {"Retry-After": {"schema": {"type": "integer"}}},
        },
        503: {},
    },
)
async def submit_bot(request: Request) -> JSONResponse:
    """Submit your bot (``Authorization: Bearer TOKEN``, multipart field ``file``): a script
    or static binary, or a .tar.gz/.zip with ``bot.toml`` (``command``, optional ``build``).
    It is built and checked next; follow it at ``/api/bots/mine``."""
    account = await run_in_threadpool(_authorize, request)
    data, filename, _ = await _upload(request)
    try:
        submission = await run_in_threadpool(_take, request, account, data, filename)
    except submissions.Refused as refused:
        raise HTTPException(refused.status, refused.reason, _retry(refused)) from None
    body = Submitted(id=submission, status="queued", follow="/api/bots/mine")
    return JSONResponse(body.model_dump(), status_code=202)


def _retry(refused: submissions.Refused) -> dict[str, str] | None:
    """The refusal's ``Retry-After`` header, when it knows when to try again."""
    if refused.retry_after is None:
        return None
    return {"Retry-After": str(refused.retry_after)}


def _authorize(request: Request) -> accounts.Account:
    with _connection(request) as db:
        return _bearer(request, db)


@router.get("/api/bots/mine", response_model=Mine, tags=["contestant"], responses={401: {}})
def my_bot(request: Request, response: Response) -> Mine:
    """Your entrant and every submission of yours: each step's outcome, build log and check
    report. Nobody else's."""
    response.headers["cache-control"] = "no-store"
    return _mine(request, _authorize(request))


class Admin(BaseModel):
    name: str
    enabled: bool


def _organiser(request: Request, db: sqlite3.Connection) -> accounts.Account:
    account = _bearer(request, db)
    if not account.organiser:
        raise HTTPException(403, "only the organiser's token may do this")
    return account


@router.post("/api/admin/entrants/{name}/{action}", response_model=Admin, tags=["organiser"])
def admin_entrant(request: Request, name: str, action: str) -> Admin:
    """The organiser's token only: take an entrant out of the schedule (``disable``) or put
    it back (``enable``)."""
    if action not in ("enable", "disable"):
        raise HTTPException(404, "the action is enable or disable")
    with _connection(request) as db:
        _organiser(request, db)
        try:
            entrant = store.entrant_by_name(db, name)
        except store.LadderError:
            raise HTTPException(404, "no such entrant") from None
        with store.transaction(db):
            db.execute(
                "UPDATE entrants SET enabled = ? WHERE id = ?",
                (int(action == "enable"), entrant.id),
            )
    return Admin(name=name, enabled=action == "enable")


class Rerated(BaseModel):
    matches: int
    differing: list[str]
    """Entrants whose stored rating differed from the recomputed one (now replaced)."""


@router.post("/api/admin/rerate", response_model=Rerated, tags=["organiser"])
def admin_rerate(request: Request) -> Rerated:
    """The organiser's token only: recompute every rating from the stored match history, as
    ``thousand ladder rerate`` does."""
    with _connection(request) as db:
        _organiser(request, db)
        done = rerate.rerate(db)
    return Rerated(matches=done.matches, differing=done.differing)


# ------------------------------------------------------------------------------ pages


def _page(request: Request, template: str, status: int = 200, **context: Any) -> Response:
    response = templates.TemplateResponse(request, template, context, status_code=status)
    response.headers["cache-control"] = "no-store"
    return response


def _session(request: Request) -> tuple[accounts.Account, str] | None:
    with _connection(request) as db:
        return sessions.current(request, db)


def _to_login() -> Response:
    return RedirectResponse("/login", status_code=303)


@router.get("/login", include_in_schema=False)
def login_form(request: Request) -> Response:
    marker = secrets.token_urlsafe(32)
    response = _page(request, "login.html", csrf=marker, error=None, account=None)
    sessions.set_cookie(
        response,
        sessions.LOGIN_COOKIE,
        marker,
        secure=_settings(request).secure_cookies,
        max_age=3600,
    )
    return response


@router.post("/login", include_in_schema=False)
async def login(request: Request) -> Response:
    form = await request.form(max_files=0, max_fields=4)
    token = str(form.get("token") or "")
    given = str(form.get("csrf") or "")
    expected = request.cookies.get(sessions.LOGIN_COOKIE, "")
    secure = _settings(request).secure_cookies
    if not sessions.same(given, expected):
        return _page(
            request,
            "login.html",
            403,
            csrf=expected or "",
            account=None,
            error="the form has expired; load the login page again",
        )
    started = await run_in_threadpool(_start_session, request, token)
    if started is None:
        return _page(
            request,
            "login.html",
            401,
            csrf=expected,
            account=None,
            error="that token is not valid (or its account was revoked)",
        )
    response = RedirectResponse("/mine", status_code=303)
    sessions.set_session_cookie(response, started, secure=secure)
    sessions.clear(response, sessions.LOGIN_COOKIE, secure=secure)
    return response


def _start_session(request: Request, token: str) -> str | None:
    with _connection(request) as db:
        account = accounts.by_token(db, token.strip())
        if account is None:
            return None
        session_id, _ = sessions.start(db, account)
        return session_id


@router.post("/logout", include_in_schema=False)
async def logout(request: Request) -> Response:
    form = await request.form(max_files=0, max_fields=4)
    current = await run_in_threadpool(_session, request)
    if current is None:
        return _to_login()
    if not sessions.same(str(form.get("csrf") or ""), current[1]):
        raise HTTPException(403, "the form's CSRF token is missing or wrong")
    with _connection(request) as db:
        sessions.end(db, request.cookies.get(sessions.COOKIE, ""))
    response = RedirectResponse("/", status_code=303)
    sessions.clear(response, sessions.COOKIE, secure=_settings(request).secure_cookies)
    return response


@router.get("/mine", include_in_schema=False)
def mine_page(request: Request) -> Response:
    current = _session(request)
    if current is None:
        return _to_login()
    account, csrf = current
    mine = _mine(request, account)
    busy = any(s.status in submissions.IN_PROGRESS for s in mine.submissions)
    return _page(request, "mine.html", account=account, csrf=csrf, mine=mine, busy=busy)


@router.get("/submit", include_in_schema=False)
def submit_form(request: Request) -> Response:
    current = _session(request)
    if current is None:
        return _to_login()
    account, csrf = current
    return _page(request, "submit.html", account=account, csrf=csrf, error=None)


@router.post("/submit", include_in_schema=False)
async def submit_page(request: Request) -> Response:
    current = await run_in_threadpool(_session, request)
    if current is None:
        return _to_login()
    account, csrf = current
    data, filename, fields = await _upload(request)
    if not sessions.same(fields.get("csrf"), csrf):
        raise HTTPException(403, "the form's CSRF token is missing or wrong")
    try:
        await run_in_threadpool(_take, request, account, data, filename)
    except submissions.Refused as refused:
        page = _page(
            request,
            "submit.html",
            refused.status,
            account=account,
            csrf=csrf,
            error=refused.reason,
        )
        page.headers.update(_retry(refused) or {})
        return page
    return RedirectResponse("/mine", status_code=303)
