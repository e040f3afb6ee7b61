"""A command's run of one coroutine on an event loop of its own, stoppable by Ctrl-C or SIGTERM.

``thousand match``, ``tournament`` and ``ladder run`` each held the same thirty lines: a fresh
loop, SIGINT and SIGTERM handlers that cancel the main task, a ``run_until_complete``, and a
``finally`` that cancels what is left and closes the loop. The three copies had drifted apart
(one printed on each press, one forgot the leftover tasks); here is the one copy, built on
``asyncio.Runner``, and what still differs between the commands is said in parameters:

- ``said``: the line a command prints at the first signal, once, however often a person
  presses Ctrl-C while the bots get their grace;
- ``finish_first``: the ladder's polite stop: the first signal asks the run to finish what it
  has started, and only a second one cancels it;
- ``callback_oserrors``: an ``OSError`` raised in a loop callback (a bot's stderr written to
  a full disk, in a pipe callback) ends the run with that error, as one raised in the game
  loop does, instead of being logged by asyncio while the match goes on without its logs;
- ``errors`` (of ``run``): the exceptions of the main coroutine that are the run's end, not a
  bug: reported back in ``Ended.error`` for the command to say in one line.

The main task is cancelled once at most, for whichever reason comes first. A second cancel
would interrupt the run's own cleanup (the tables waiting for their bots to go, a cluster
cancelling its Dask tasks), which is exactly what a second impatient Ctrl-C must not do.

It knows neither click nor rich: a command's progress bar stays with the command, which prints
through ``say`` (a rich console's ``print`` keeps the line above a live bar). The layers keep
their order that way (a module beside ``errors.py`` that every layer may use), and a test can
run it in a bare Python process and signal it for real.

The loop is asyncio's own but never made the thread's current loop (``loop_factory``), as
before: code run in-process after a command (the tests) finds the event loop policy as it was.
"""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Generic, TypeVar

T = TypeVar("T")

SIGNALS = (signal.SIGINT, signal.SIGTERM)


@dataclass(frozen=True)
class Ended(Generic[T]):
    """How a run ended. ``result`` is the coroutine's value, None when it was cut short (by a
    signal, or by ``error``). ``interrupted`` says a signal came at all: the ladder's polite
    stop returns a result and is still a run a person interrupted (exit 130)."""

    result: T | None
    interrupted: bool
    cancelled: bool
    error: BaseException | None


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class Running:
    """The loop's life, as a context manager: enter it, ``run`` the main coroutine once, and
    leaving it (whichever way, a ``finally``) cancels and drains the tasks still there, awaits
    the close given to ``close_after`` and closes the loop.

    The cleanup is at the exit of the ``with``, not at the end of ``run``, so that a command
    stops its progress bar (a ``with`` inside this one) before the bots' grace and a cluster's
    close, and prints its end of the run before them, as it always did."""

    def __init__(
        self,
        *,
        said: str | None = None,
        say: Callable[[str], None] = _to_stderr,
        finish_first: Callable[[], None] | None = None,
        callback_oserrors: bool = False,
    ) -> None:
        self.said = said
        self.say = say
        self.finish_first = finish_first
        self.callback_oserrors = callback_oserrors
        self._runner = asyncio.Runner(loop_factory=asyncio.new_event_loop)
        self._close: Callable[[], Awaitable[None]] | None = None
        self._task: asyncio.Task[Any] | None = None
        self._presses = 0
        self._cancelled = False
        self._broken: BaseException | None = None
        self._ran = False

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """For what must be set up on the loop before the run (the ladder's Dask executor)."""
        return self._runner.get_loop()

    def close_after(self, close: Callable[[], Awaitable[None]]) -> None:
        """Await ``close()`` when the run is over (after the leftover tasks are drained, which
        may still need what it closes: a cluster's client cancelling their Dask tasks)."""
        self._close = close

    def __enter__(self) -> Running:
        self._runner.__enter__()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        loop = self.loop
        try:
            pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
            for task in pending:
                task.cancel()
            if pending:  # their exceptions are the run's debris, not news
                loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            if self._close is not None:
                loop.run_until_complete(self._close())
        finally:
            self._runner.close()  # removes the signal handlers with the loop

    def run(
        self,
        main: Coroutine[Any, Any, T],
        errors: tuple[type[Exception], ...] = (),
    ) -> Ended[T]:
        """Run ``main`` to its end. A signal or an ``errors`` exception is reported back in
        the ``Ended``; any other exception of ``main`` goes through (after the cleanup, when
        the ``with`` is left)."""
        if self._ran:
            raise RuntimeError("a Running runs one coroutine")
        self._ran = True
        loop = self.loop
        # Installed before Runner.run, which then leaves SIGINT to them (it only takes SIGINT
        # over while it is still Python's default handler).
        for signum in SIGNALS:
            loop.add_signal_handler(signum, self._signalled)
        if self.callback_oserrors:
            loop.set_exception_handler(self._callback_failed)
        result: T | None = None
        cancelled = False
        error: BaseException | None = None
        try:
            result = self._runner.run(self._main(main))
        except asyncio.CancelledError:
            cancelled = True
        except errors as raised:
            error = raised
        return Ended(
            result=result,
            interrupted=self._presses > 0,
            cancelled=cancelled,
            error=self._broken if self._broken is not None else error,
        )

    async def _main(self, main: Coroutine[Any, Any, T]) -> T:
        self._task = asyncio.current_task()
        if self._cancelled:  # a signal came before this first step (it cannot, but if)
            assert self._task is not None
            self._task.cancel()
        return await main

    def _cancel(self) -> None:
        if self._cancelled:
            return
        self._cancelled = True
        if self._task is not None:
            self._task.cancel()

    def _signalled(self) -> None:
        self._presses += 1
        if self._presses == 1:
            if self.said is not None:
                self.say(self.said)
            if self.finish_first is not None:
                self.finish_first()
                return
        self._cancel()

    def _callback_failed(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """A file error in a callback ends the run with one line, as one in the main task
        does; anything else is reported as asyncio always did."""
        error = context.get("exception")
        if not isinstance(error, OSError):
            loop.default_exception_handler(context)
            return
        if self._broken is None:
            self._broken = error
        self._cancel()
