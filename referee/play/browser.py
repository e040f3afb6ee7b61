"""``thousand play --web``: the person's seat as a page on 127.0.0.1.

Only the person's own seat is served: every step the page gets is the engine's
``view(seat)`` after that step and the step's description as that seat saw it (the same
frames ``thousand replay show --seat K`` draws), never the whole table. The server listens on
the loopback interface only, every address carries a fresh secret (compared in constant
time; anything else is a plain 404), the page loads nothing from elsewhere (a strict CSP, its
script and style from this server), and a chosen action is only ever an index into the
engine's list of legal actions.
"""

from __future__ import annotations

import hmac
import queue
import re
import secrets
import socket
import threading
import time
from importlib import resources
from pathlib import Path
from typing import Any

import orjson
import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from referee import csp
from referee.games.match_types import GameOutcome
from referee.play.follow import Follow
from referee.play.keys import choices
from referee.play.pace import step_seconds
from referee.replay.render import describe_step, display_names
from referee.safetext import NAME_LIMIT, for_html, for_terminal

CSP = csp.policy(
    script_files=True, style_files=True, image_files=True, data_images=True, fetches=True
)
"""The seat's page loads its own script, style and card pictures and asks its own server for
the next step: nothing else (referee/csp.py, the one builder of every page's policy)."""
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the secret is in the address: never send it on
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}
MAX_BODY = 1024
POLL = 0.25
SHOW_GRACE = 2.0  # seconds for the page to fetch and draw a turn before the clock starts anyway


def _resource(folder: str, name: str) -> str:
    return resources.files("referee").joinpath(folder, name).read_text(encoding="utf-8")


def viewer_css() -> str:
    """The exported replay viewer's own style sheet (cards, dice, the table), so the seat draws
    a game exactly as the viewer does, plus the seat's few additions."""
    page = _resource("replay", "viewer.html")
    found = re.search(r"<style>(.*?)</style>", page, re.S)
    own = _resource("play", "seat.css")
    return (found.group(1) if found else "") + "\n" + own


def _plain(value: Any) -> Any:
    return orjson.loads(orjson.dumps(value))


class WebFront:
    """A ``Front`` (referee/players/person.py) fed by the page: ``decide`` publishes the table
    and waits for the page's choice."""

    def __init__(self, game: str, folder: Path, seat: int, *, pace: float | None = None) -> None:
        self.game = game
        self.follow = Follow(folder)
        self.seat = seat
        self.pace = step_seconds(pace)
        self.names: list[str] = []
        self.lock = threading.Lock()
        self.steps: list[dict[str, Any]] = []
        self.turn = 0  # number of the decision the page may answer; 0: none pending
        self.legal: list[dict[str, Any]] = []
        self.choices: list[dict[str, Any]] = []
        self.left: float | None = None
        self.deadline: float | None = None  # when the person's clock runs out this turn
        self.allowance: float | None = None  # seconds on their clock this turn
        self.asked: float | None = None  # when their clock started this turn
        self.result: dict[str, Any] | None = None
        self.answers: queue.Queue[tuple[int, int]] = queue.Queue()
        self.seen_end = threading.Event()

    # ---------------------------------------------------------------- the match's side

    def begin(self, seat: int, names: list[str]) -> None:
        with self.lock:
            self.seat = seat
            self.names = [for_terminal(n, NAME_LIMIT) for n in names]

    def _catch_up(self) -> None:
        frames = self.follow.new_frames()
        header = self.follow.header
        names = display_names(header) if header is not None else self.names
        fresh = []
        for frame in frames:
            record = frame.record or {}
            fresh.append(
                {
                    "i": frame.index,
                    "kind": record.get("kind"),
                    "seat": record.get("seat"),
                    "d": describe_step(frame, names, self.seat),
                    "view": _plain(frame.view(self.seat)),
                }
            )
        with self.lock:
            self.names = names
            self.steps.extend(fresh)

    def decide(
        self, view: dict[str, Any], legal: list[dict[str, Any]], left: float | None
    ) -> tuple[dict[str, Any], float]:
        """The clock starts when the page has drawn the last step and the choice (it says so
        when it polls), at the latest once the new steps had their time on the page."""
        before = len(self.steps)
        self._catch_up()
        listed = choices(legal, self.names)
        with self.lock:
            self.turn += 1
            turn = self.turn
            self.legal = legal
            self.choices = [
                {
                    "n": c.number,
                    "label": c.label,
                    "key": c.key,
                    "action": c.action,
                }
                for c in listed
            ]
            if not self.steps:
                self.steps.append(
                    {"i": 0, "kind": None, "seat": None, "d": [], "view": _plain(view)}
                )
            self.allowance, self.asked, self.deadline = left, None, None
            latest = time.monotonic() + (len(self.steps) - before) * self.pace + SHOW_GRACE
        while True:
            now = time.monotonic()
            if self.asked is None and now >= latest:
                self._start_clock(turn)
            deadline = self.deadline
            if deadline is not None and now >= deadline:
                self._close_turn()
                raise TimeoutError
            try:
                answered, index = self.answers.get(timeout=POLL)
            except queue.Empty:
                continue
            if answered == turn and 0 <= index < len(legal):
                asked = self.asked
                self._close_turn()
                return legal[index], 0.0 if asked is None else time.monotonic() - asked

    def _start_clock(self, turn: int) -> None:
        with self.lock:
            if turn == self.turn and self.choices and self.asked is None:
                self.asked = time.monotonic()
                if self.allowance is not None:
                    self.deadline = self.asked + self.allowance

    def _close_turn(self) -> None:
        with self.lock:
            self.legal = []
            self.choices = []
            self.allowance, self.asked, self.deadline = None, None, None

    def end(self, message: dict[str, Any]) -> None:
        return None

    def finish(self, outcome: GameOutcome) -> None:
        """The game is over: the last steps and the result go to the page."""
        self._catch_up()
        result = outcome.result
        with self.lock:
            self.result = {
                "ranking": list(result.ranking),
                "scores": list(result.scores),
                "names": [for_terminal(n, NAME_LIMIT) for n in outcome.names],
                "faults": [
                    {"seat": f.seat, "kind": f.kind, "detail": for_terminal(f.detail, 200)}
                    for f in outcome.faults
                ],
                "replay": None if outcome.replay is None else outcome.replay.name,
            }

    def wait_seen(self, timeout: float | None = None) -> bool:
        """Wait until the page has shown the result (or ``timeout``)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.seen_end.wait(POLL):
            if deadline is not None and time.monotonic() > deadline:
                return False
        return True

    # ---------------------------------------------------------------- the page's side

    def state(self, since: int, shown: int = 0) -> dict[str, Any]:
        """What the page has not got yet; ``shown``: the turn whose choice the page has
        drawn (it starts the person's clock)."""
        if shown:
            self._start_clock(shown)
        with self.lock:
            over = self.result is not None
            document: dict[str, Any] = {
                "game": self.game,
                "seat": self.seat,
                "names": self.names,
                "pace": self.pace,
                "total": len(self.steps),
                "steps": self.steps[since:] if 0 <= since <= len(self.steps) else [],
                "turn": self.turn if self.choices else 0,
                "choices": self.choices,
                "left": self.allowance
                if self.deadline is None
                else max(0.0, self.deadline - time.monotonic()),
                "result": self.result,
            }
        if over and since >= len(self.steps):
            self.seen_end.set()
        return document

    def answer(self, turn: int, index: int) -> bool:
        with self.lock:
            if turn != self.turn or not self.choices or not 0 <= index < len(self.choices):
                return False
        self.answers.put((turn, index))
        return True


def create_seat_app(front: WebFront, secret: str, port: list[int]) -> FastAPI:
    """The seat's whole site: one page, its script and style, its state and its answer, every
    address under ``/s/SECRET/``."""
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    page_template = _resource("play", "seat.html")
    script = _resource("play", "seat.js")
    style = viewer_css()

    def allowed(request: Request, given: str) -> bool:
        host = request.headers.get("host", "")
        hosts = {f"127.0.0.1:{port[0]}", f"localhost:{port[0]}"}
        return host in hosts and hmac.compare_digest(given.encode(), secret.encode())

    def missing() -> Response:
        return Response("not found\n", status_code=404, media_type="text/plain", headers=HEADERS)

    @app.get("/s/{given}/")
    def page(given: str, request: Request) -> Response:
        if not allowed(request, given):
            return missing()
        title = for_html(f"Тысяча · {front.game} · your seat")
        body = page_template.replace("__TITLE__", title)
        return Response(body, media_type="text/html; charset=utf-8", headers=HEADERS)

    @app.get("/s/{given}/seat.js")
    def seat_js(given: str, request: Request) -> Response:
        if not allowed(request, given):
            return missing()
        return Response(script, media_type="text/javascript; charset=utf-8", headers=HEADERS)

    @app.get("/s/{given}/seat.css")
    def seat_css(given: str, request: Request) -> Response:
        if not allowed(request, given):
            return missing()
        return Response(style, media_type="text/css; charset=utf-8", headers=HEADERS)

    @app.get("/s/{given}/state")
    def state(given: str, request: Request, since: int = 0, shown: int = 0) -> Response:
        if not allowed(request, given):
            return missing()
        return Response(
            orjson.dumps(front.state(since, shown)),
            media_type="application/json",
            headers=HEADERS,
        )

    @app.post("/s/{given}/act")
    async def act(given: str, request: Request) -> Response:
        if not allowed(request, given):
            return missing()
        declared = request.headers.get("content-length", "0")
        if not declared.isdigit() or int(declared) > MAX_BODY:
            return JSONResponse({"ok": False, "why": "too long"}, 413, headers=HEADERS)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                break
        if len(body) > MAX_BODY:
            return JSONResponse({"ok": False, "why": "too long"}, 413, headers=HEADERS)
        try:
            data = orjson.loads(body)
            turn, index = data["turn"], data["choice"]
        except (orjson.JSONDecodeError, KeyError, TypeError):
            return JSONResponse({"ok": False, "why": "malformed"}, 400, headers=HEADERS)
        if type(turn) is not int or type(index) is not int:
            return JSONResponse({"ok": False, "why": "malformed"}, 400, headers=HEADERS)
        if not front.answer(turn, index - 1):
            return JSONResponse({"ok": False, "why": "not your move"}, 409, headers=HEADERS)
        return JSONResponse({"ok": True}, headers=HEADERS)

    return app


class SeatServer:
    """uvicorn in a thread of its own, on a loopback socket bound here (so a port in use is
    one clear error before any bot starts)."""

    def __init__(self, front: WebFront, port: int = 0) -> None:
        self.front = front
        self.secret = secrets.token_urlsafe(24)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self.sock.bind(("127.0.0.1", port))
        except OSError:
            self.sock.close()
            raise
        self.port = int(self.sock.getsockname()[1])
        app = create_seat_app(front, self.secret, [self.port])
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/s/{self.secret}/"

    def start(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise OSError("the web server did not start")
            time.sleep(0.02)
        return self.url

    def stop(self) -> None:
        self.server.should_exit = True
        if self.thread.is_alive():
            self.thread.join(5)
        self.sock.close()
