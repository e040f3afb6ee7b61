"""The seats' side of a game: an external bot process or an in-process built-in, one interface.

The match loop talks only to ``Player``; it never knows whether a pipe is involved, which keeps
the fault policy in one place (match.py) and lets built-ins stand in for faulted bots. Every
method blocks: a table plays in a thread or process of its own (referee.games.tables).
"""

from __future__ import annotations

import abc
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import orjson
from mypy_extensions import mypyc_attr

from referee.players.botspec import BotSpec
from referee.players.builtin import BUILTINS, Choose
from referee.players.process import BotProcess
from referee.players.protocol import BYE, BotHello, Fault, encode, parse_action, parse_hello
from referee.players.sandbox import Sandbox
from referee.players.time_control import TimeControl


@dataclass(slots=True)
class Reply:
    action: dict[str, Any]
    wall: float
    cpu: float
    line: bytes | None = None  # the raw line, kept so a rejected action can be quoted


@mypyc_attr(allow_interpreted_subclasses=True)  # the person's seat (players/person.py)
class Player(abc.ABC):
    """Base: a participant of a match; subclasses speak to a process or decide in-process."""

    spec: BotSpec
    hello: BotHello | None = None
    timed: bool = True
    """False for a seat whose time is not charged (a person playing without a clock)."""
    idle: Callable[[], None] | None = None
    """Work of the match that can wait while this player thinks (writing out the replay):
    run during a request only when the answer is not there at once."""

    @property
    def name(self) -> str:
        return self.hello.name if self.hello else self.spec.label

    @property
    def omit(self) -> frozenset[str]:
        """What this player's hello asked requests to leave out (``view``, ``events``)."""
        return self.hello.omit if self.hello else frozenset()

    def start(self, hello: dict[str, Any], time_control: TimeControl) -> None:
        """Start the bot and complete the handshake; ``Fault`` if it cannot."""
        self.launch(hello)
        self.handshake(time_control)

    def launch(self, hello: dict[str, Any]) -> None:
        """The first half of ``start``: the process is started and greeted, its answer not yet
        read — so that a table starts every seat side by side (each mostly waits for its
        interpreter to load) before it reads the first answer. Nothing to start by default."""
        return None

    @abc.abstractmethod
    def handshake(self, time_control: TimeControl) -> None:
        """The second half of ``start``: the bot's hello, within the start-up allowance."""

    @abc.abstractmethod
    def game_start(self, message: dict[str, Any], seed: str) -> None:
        """Tell the bot a new game begins and which seat it plays."""

    takes_json: bool = False
    """True for a player whose requests are JSON text (a bot process): it may be handed the
    view and the legal actions already as that text, which the card engine writes without
    building the view or encoding the actions."""

    @abc.abstractmethod
    def request(
        self,
        request_id: int,
        events: list[dict[str, Any]] | None,
        view: dict[str, Any] | bytes | None,
        legal: list[dict[str, Any]] | bytes,
        left: float,
        time_control: TimeControl,
    ) -> Reply:
        """Ask for one decision: the action with its wall and CPU time, or ``Fault``.
        ``events`` and ``view`` are None only where ``omit`` names them; ``view`` and ``legal``
        are their JSON text (bytes) only for a player that ``takes_json``."""

    @abc.abstractmethod
    def game_end(self, message: dict[str, Any]) -> None:
        """Tell the bot how the game ended (and the events it has not seen)."""

    @abc.abstractmethod
    def close(self, grace: float = 2.0) -> None:
        """Stop the bot: politely, then by force after ``grace`` seconds."""

    @property
    def running(self) -> bool:
        return True

    def hand_over(self, grace: float) -> Callable[[], None] | None:
        """Forget the running bot and return what stops it, so that its stop can run while
        the next game's bot starts (a fresh process per game); None when nothing runs."""
        return None


class BuiltinPlayer(Player):
    def __init__(self, spec: BotSpec) -> None:
        assert spec.builtin is not None
        self.spec = spec
        self._make = BUILTINS[spec.builtin]
        self._choose: Choose = self._make(random.Random(0))

    def handshake(self, time_control: TimeControl) -> None:
        self.hello = BotHello(name=self.spec.label, version="builtin")

    def game_start(self, message: dict[str, Any], seed: str) -> None:
        # Seeded per game and seat: a built-in's choices never depend on which games it played.
        self._choose = self._make(random.Random(f"{seed}:{message['seat']}"))

    def request(
        self,
        request_id: int,
        events: list[dict[str, Any]] | None,
        view: dict[str, Any] | bytes | None,
        legal: list[dict[str, Any]] | bytes,
        left: float,
        time_control: TimeControl,
    ) -> Reply:
        # a built-in's hello leaves nothing out; it takes no JSON
        assert isinstance(view, dict) and isinstance(legal, list)
        wall0, cpu0 = time.perf_counter(), time.thread_time()
        action = self._choose(view, legal)
        return Reply(action, time.perf_counter() - wall0, time.thread_time() - cpu0)

    def game_end(self, message: dict[str, Any]) -> None:
        return None

    def close(self, grace: float = 2.0) -> None:
        return None


_dumps: Final = orjson.dumps
"""Looked up once: compiled, ``orjson.dumps(…)`` is a look-up in the module's attributes at
every call, a Final name a C static (a request is written at every move)."""
_LEAN_REQUEST = b'{"type":"request","id":%d,"legal":%b,"clock":{"left_ms":%d,"move_ms":%d}}\n'
"""A request without view and events, byte for byte what orjson makes of its dict."""
_FULL_REQUEST = (
    b'{"type":"request","id":%d,"events":%b,"view":%b,"legal":%b,'
    b'"clock":{"left_ms":%d,"move_ms":%d}}\n'
)
"""A request with events, view and legal actions, the last two as the engine wrote them."""


def request_line(
    request_id: int,
    events: list[dict[str, Any]] | None,
    view: dict[str, Any] | bytes | None,
    legal: list[dict[str, Any]] | bytes,
    left_ms: int,
    move_ms: int,
) -> bytes:
    """A request line, byte for byte what orjson makes of the request's dictionary, written
    from templates where the view and the legal actions come as their JSON text (as the card
    engine writes them: the common case) and otherwise encoded in one call, any text placed in
    as it is (``orjson.Fragment``)."""
    if events is None and view is None:
        legal_text = legal if isinstance(legal, bytes) else _dumps(legal)
        return _LEAN_REQUEST % (request_id, legal_text, left_ms, move_ms)
    if events is not None and isinstance(view, bytes) and isinstance(legal, bytes):
        events_text = _dumps(events)
        return _FULL_REQUEST % (request_id, events_text, view, legal, left_ms, move_ms)
    request: dict[str, Any] = {"type": "request", "id": request_id}
    if events is not None:
        request["events"] = events
    if view is not None:
        request["view"] = orjson.Fragment(view) if isinstance(view, bytes) else view
    request["legal"] = orjson.Fragment(legal) if isinstance(legal, bytes) else legal
    request["clock"] = {"left_ms": left_ms, "move_ms": move_ms}
    return orjson.dumps(request, option=orjson.OPT_APPEND_NEWLINE)


class ProcessPlayer(Player):
    """An external bot. Any failure surfaces as ``Fault``; the process is then stopped."""

    def __init__(
        self,
        spec: BotSpec,
        stderr_path: Path | None = None,
        *,
        pid_namespace: bool = True,
        sandbox: Sandbox | None = None,
        abort: int | None = None,
        quote_stderr: bool = True,
    ) -> None:
        self.spec = spec
        self.stderr_path = stderr_path
        self.pid_namespace = pid_namespace
        self.sandbox = sandbox
        self.abort = abort
        self.quote_stderr = quote_stderr
        self.process: BotProcess | None = None
        self._cpu_mark = 0.0
        self._launched = 0.0
        self._clock_of: TimeControl | None = None  # the time control last read, and from it:
        self._move_ms = 0  # … the per-move allowance a request states …
        self._wall = True  # … and whether its clock is wall time

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.alive

    def launch(self, hello: dict[str, Any]) -> None:
        if self.spec.unavailable is not None:
            raise Fault("startup", f"the bot cannot be started: {self.spec.unavailable}")
        process = BotProcess(
            self.spec,
            self.stderr_path,
            pid_namespace=self.pid_namespace,
            sandbox=self.sandbox,
            abort=self.abort,
            quote_stderr=self.quote_stderr,
        )
        self.process = process
        self._launched = time.perf_counter()
        process.start()
        process.send(encode(hello))

    def handshake(self, time_control: TimeControl) -> None:
        process = self.process
        assert process is not None
        left = max(0.0, self._launched + time_control.startup - time.perf_counter())
        try:
            line, _ = process.read_line(left)
        except Fault as fault:
            if fault.kind == "timeout":
                raise Fault("startup", f"no hello within {time_control.startup:.1f} s") from None
            raise
        try:
            self.hello = parse_hello(line)
        except Fault as fault:
            if fault.kind in ("malformed_json", "invalid_utf8"):
                raise Fault(
                    "bad_hello", f"the hello is not a valid message: {fault.detail}", line
                ) from None
            raise
        self._cpu_mark = process.cpu_seconds()

    def game_start(self, message: dict[str, Any], seed: str) -> None:
        assert self.process is not None
        self.process.send(encode(message))

    takes_json = True

    def request(
        self,
        request_id: int,
        events: list[dict[str, Any]] | None,
        view: dict[str, Any] | bytes | None,
        legal: list[dict[str, Any]] | bytes,
        left: float,
        time_control: TimeControl,
    ) -> Reply:
        # The referee's hot path: one call per decision, so what other methods would do
        # (the wait limit) is written out here.
        process = self.process
        assert process is not None
        if time_control is not self._clock_of:  # the match's: read once, not at every move
            self._clock_of = time_control
            self._move_ms = time_control.move_ms
            self._wall = time_control.clock == "wall"
        data = request_line(request_id, events, view, legal, round(left * 1000), self._move_ms)
        wait = left if self._wall else 3 * left + 1.0
        line, sent, arrived = process.exchange(data, wait, self.idle)
        cpu_now = process.cpu_seconds()
        cpu = cpu_now - self._cpu_mark
        self._cpu_mark = cpu_now
        return Reply(parse_action(line, request_id), arrived - sent, cpu if cpu > 0 else 0.0, line)

    def game_end(self, message: dict[str, Any]) -> None:
        if self.process is not None:
            self.process.send(encode(message))

    def close(self, grace: float = 2.0) -> None:
        if self.process is not None:
            process, self.process = self.process, None
            process.stop(grace, BYE)

    def hand_over(self, grace: float) -> Callable[[], None] | None:
        process, self.process = self.process, None
        return None if process is None else lambda: process.stop(grace, BYE)


def make_player(spec: BotSpec, stderr_path: Path | None = None, **options: Any) -> Player:
    if spec.builtin is not None:
        return BuiltinPlayer(spec)
    return ProcessPlayer(spec, stderr_path, **options)
