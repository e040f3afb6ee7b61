"""Where a match's tables run: each in a thread or a process of its own, blocking on its bots.
``run_match`` is the way in: every caller that plays a match (the CLI, tournaments, the ladder,
a cluster's worker, ``thousand play``) plays it through here.

A table's loop (``match.play_table``) waits for one bot at a time with a plain ``poll``, which
is what makes a decision cost little more than the pipe itself; so a table needs a thread that
nothing else uses. One table gets a thread of the caller's process (no start-up). Several
tables get a process each — Python runs one thread at a time, and with fast bots the referee's
own work is what limits a busy machine, so only processes let tables use every core.

This module owns the lifecycle around that: games reach the caller's event loop in the order
they finish; a match stopped by its caller (an SPRT decided) lets each table finish its game;
an error on one table, Ctrl-C, or a cancelled caller aborts every table at once (its abort
descriptor wakes the bot read it is blocked in), and its bots are stopped before the table
ends. A table process dies at once with the referee, and its bots die with it as they die
with a killed referee; it ignores the terminal's
Ctrl-C, which the referee handles for it (SIGTERM from the referee stops its bots politely).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import dataclasses
import multiprocessing
import multiprocessing.connection
import os
import select
import signal
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, Protocol

from referee.games.match import play_table
from referee.games.match_types import GameOutcome, MatchConfig, OnGame, planned_games
from referee.players.process import Aborted
from thousand.registry import game_spec

Post = Callable[[str, int, Any], None]
_PR_SET_PDEATHSIG = 1


class _Table(Protocol):
    def go(self) -> None: ...
    def stop(self) -> None: ...
    def abort(self) -> None: ...
    def join(self) -> None: ...
    def alive(self) -> bool: ...


class ThreadTable:
    """A table in a thread of this process: for one table, where a process would only add its
    start-up. The thread starts every bot it plays with and stops them before it ends (a bot's
    launcher dies with the thread that started it)."""

    def __init__(self, config: MatchConfig, slot: int, indices: list[int], post: Post) -> None:
        self._stop = threading.Event()
        self._verdict = threading.Semaphore(0)  # the caller has seen the last game
        self._read, self._write = os.pipe()
        self._thread = threading.Thread(
            target=self._run,
            args=(config, slot, indices, post),
            name=f"thousand-table-{slot}",
            daemon=True,
        )
        self._thread.start()

    def _run(self, config: MatchConfig, slot: int, indices: list[int], post: Post) -> None:
        try:
            play_table(
                config,
                slot,
                indices,
                lambda outcome: post("game", slot, outcome),
                self._next,
                self._read,
            )
        except Aborted:
            pass
        except BaseException as error:  # reported to the caller, which aborts the others
            post("error", slot, error)
        finally:
            post("done", slot, None)

    def _next(self, first: bool) -> bool:
        """Before each game: wait until the caller has judged the last one (an SPRT may stop
        the match right after it), then whether to stop."""
        if not first:
            self._verdict.acquire()
        return self._stop.is_set()

    def go(self) -> None:
        self._verdict.release()

    def stop(self) -> None:
        self._stop.set()
        self._verdict.release()

    def abort(self) -> None:
        self._stop.set()
        self._verdict.release()
        with contextlib.suppress(OSError):
            os.write(self._write, b"!")

    def alive(self) -> bool:
        return self._thread.is_alive()

    def join(self) -> None:
        self._thread.join()
        for fd in (self._read, self._write):
            with contextlib.suppress(OSError):
                os.close(fd)


def _die_with_referee(referee: int) -> None:
    """End this table process at once when the referee ends, however it ends (SIGKILL too):
    the table's bot launchers then die by their own parent-death signal, and their PID
    namespaces take every bot process along — as when a referee playing its one table in a
    thread is killed. Their folders are swept by the next referee.

    The referee is not our parent (the fork server is, and it outlives the referee while any
    table holds its descriptors), so a thread waits on the referee's pidfd; the parent-death
    signal covers the fork server too."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    try:
        watched = os.pidfd_open(referee)
    except OSError:  # already gone
        os.kill(os.getpid(), signal.SIGKILL)
        return

    def watch() -> None:
        poller = select.poll()
        poller.register(watched, select.POLLIN)
        while not poller.poll():
            pass
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, name="thousand-referee-watch", daemon=True).start()


def _table_process(
    config: MatchConfig, slot: int, indices: list[int], connection: Connection, referee: int
) -> None:
    """The body of a table process: play, send each game back, obey stop and abort."""
    _die_with_referee(referee)
    read, write = os.pipe()
    stopping = threading.Event()

    def terminate(_signum: int, _frame: object) -> None:
        stopping.set()
        os.write(write, b"!")

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the referee handles Ctrl-C for the table
    signal.signal(signal.SIGTERM, terminate)

    def should_stop(first: bool) -> bool:
        """Before each game: the referee's verdict on the last one ("go" or "stop")."""
        if not first and not stopping.is_set():
            ready = multiprocessing.connection.wait([connection, read])
            if connection in ready and connection.recv() != "go":
                stopping.set()
            if read in ready:
                stopping.set()
        return stopping.is_set()

    def deliver(outcome: GameOutcome) -> None:
        if not _send(connection, ("game", outcome)):
            raise Aborted  # the referee is gone: stop the bots and end quietly

    try:
        play_table(config, slot, indices, deliver, should_stop, read)
    except Aborted:
        pass
    except BaseException as error:
        try:
            sent = _send(connection, ("error", error))
        except Exception:  # an error that cannot be pickled: its words still reach the match
            sent = _send(connection, ("error", RuntimeError(f"{type(error).__name__}: {error}")))
        if not sent:
            return
    _send(connection, ("done", None))
    connection.close()


def _send(connection: Connection, message: object) -> bool:
    """Send to the referee; False when it is gone (its end of the pipe closed)."""
    try:
        connection.send(message)
    except (OSError, EOFError):
        return False
    return True


_context: Any = None


def _process_context() -> Any:
    """The fork server: table processes are forked from a small single-threaded server with the
    referee's modules loaded, not from this process (whose threads — progress, event loop —
    make a plain fork unsafe) and not spawned from nothing (an interpreter start a table)."""
    global _context
    if _context is None:
        _context = multiprocessing.get_context("forkserver")
        _context.set_forkserver_preload(["referee.games.match", "referee.games.tables"])
    return _context


class ProcessTable:
    """A table in a process of its own, so that tables use every core."""

    def __init__(self, config: MatchConfig, slot: int, indices: list[int], post: Post) -> None:
        context = _process_context()
        self._connection, child = context.Pipe()
        self._process = context.Process(
            target=_table_process,
            args=(config, slot, indices, child, os.getpid()),
            name=f"thousand-table-{slot}",
        )
        self._process.start()
        child.close()
        self._lock = threading.Lock()
        self._reader = threading.Thread(
            target=self._relay, args=(slot, post), name=f"thousand-table-{slot}-relay", daemon=True
        )
        self._reader.start()

    def _relay(self, slot: int, post: Post) -> None:
        """Pass what the table process sends to the caller's loop; a process that ends without
        saying so (killed) is an error of the match."""
        finished = False
        try:
            while True:
                kind, payload = self._connection.recv()
                if kind == "done":
                    finished = True
                    break
                post(kind, slot, payload)
        except (EOFError, OSError):
            pass
        if not finished:
            self._process.join(5)
            post(
                "error",
                slot,
                RuntimeError(f"table {slot}'s process ended (exit code {self._process.exitcode})"),
            )
        post("done", slot, None)

    def go(self) -> None:
        with self._lock, contextlib.suppress(OSError, ValueError):
            self._connection.send("go")

    def stop(self) -> None:
        with self._lock, contextlib.suppress(OSError, ValueError):
            self._connection.send("stop")

    def abort(self) -> None:
        if self._process.is_alive():
            with contextlib.suppress(OSError):
                self._process.terminate()

    def alive(self) -> bool:
        return self._reader.is_alive()

    def join(self) -> None:
        self._reader.join()
        self._process.join()
        self._connection.close()


async def run_tables(
    config: MatchConfig, shares: list[list[int]], on_game: OnGame | None, *, processes: bool
) -> list[GameOutcome]:
    """Play each share of game numbers on a table of its own; every game in finishing order to
    ``on_game`` (True stops the match after the games being played)."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[tuple[str, int, Any]] = asyncio.Queue()

    def post(kind: str, slot: int, payload: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: the caller has gone
            loop.call_soon_threadsafe(queue.put_nowait, (kind, slot, payload))

    kind_of_table = ProcessTable if processes else ThreadTable
    tables: list[_Table] = []
    outcomes: list[GameOutcome] = []
    errors: list[BaseException] = []
    try:
        for slot, share in enumerate(shares):
            tables.append(kind_of_table(config, slot, share, post))
        running = len(tables)
        stopped = False
        while running:
            kind, slot, payload = await queue.get()
            if kind == "done":
                running -= 1
            elif kind == "game":
                outcomes.append(payload)
                if on_game is not None and not stopped and not errors and on_game(payload):
                    stopped = True
                    for table in tables:
                        table.stop()
                elif not stopped and not errors:
                    tables[slot].go()
            elif kind == "error":
                if not errors:
                    for table in tables:
                        table.abort()
                errors.append(payload)
    except BaseException:  # Ctrl-C or a cancelled caller: every table stops its bots now
        for table in tables:
            table.abort()
        while any(table.alive() for table in tables):
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.sleep(0.01)
        for table in tables:
            table.join()
        raise
    for table in tables:
        table.join()
    if errors:
        raise errors[0]
    return outcomes


async def run_match(config: MatchConfig, on_game: OnGame | None = None) -> list[GameOutcome]:
    """Play the planned games on ``config.concurrency`` tables; games go to tables by number
    (game i on table i mod K) so that a rerun with the same seed and K is identical. Each
    table plays in a thread or a process of its own (``ThreadTable``, ``ProcessTable``); this
    coroutine only collects their games, so a caller's event loop stays free for progress
    and signals.

    Here, above the match's game loop rather than in it: the tables run that loop, and the
    loop (referee.games.match) needs nothing of them."""
    spec = game_spec(config.game)
    spec.check_players(config.rules, len(config.bots))
    players = len(config.bots)
    count = planned_games(players, config.games, config.rotate)
    if count != config.games:  # --rotate plays whole groups: the hello must say so
        config = dataclasses.replace(config, games=count)
    wanted = None if config.only is None else set(config.only)
    indices = [i for i in range(count) if wanted is None or i in wanted]
    slots = max(1, min(config.concurrency, len(indices)))
    shares = [indices[slot::slots] for slot in range(slots)]
    processes = config.processes if config.processes is not None else slots > 1
    if processes and (multiprocessing.current_process().daemon or config.seat_players):
        processes = False  # a daemonic process (a Dask worker's) may not start processes
    outcomes = await run_tables(config, shares, on_game, processes=processes)
    outcomes.sort(key=lambda o: o.plan.index)
    return outcomes
