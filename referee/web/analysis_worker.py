"""The server's background analyser: ``referee.ladder.analyses``'s loop in a child process of
its own, at the lowest CPU priority and within a share of one core, started, watched and
restarted by the server.

A process, not a thread of the server: the analysis is pure Python, and in a thread it would
hold the interpreter lock a page needs, so pages would wait for it. The idle scheduling class
and nice 19 (``lower``): on a machine where the ladder's matches run, the kernel gives the bots
and the referee the CPU first. The share (``throttle``, ``ladder serve --analysis-cpu``): the
priority alone still let it fill every gap between a match's moves, and slow the match
(bench/server.py --analysis-effect, docs/benchmarks.md). Killed at any moment (the server
stops, a crash), it leaves the game it was analysing without a row, to be analysed again when
it starts next.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterator
from multiprocessing.context import SpawnProcess
from multiprocessing.synchronize import Event
from pathlib import Path
from types import FrameType
from typing import Final

from referee.ladder import analyses

log = logging.getLogger("thousand.server")
NICENESS: Final = 19
RESTART_SECONDS: Final = 5.0
STOP_SECONDS: Final = 10.0


SLICE_SECONDS: Final = 0.02
"""The CPU the analyser uses between two pauses, when its share is bounded."""


def throttle(share: float) -> None:
    """Hold this process to ``share`` of one core: after each ``SLICE_SECONDS`` of its CPU
    (``ITIMER_PROF``), it sleeps as long as keeps it to the share. The idle class yields the
    core to whoever wakes, but the analyser still ran in every gap a match's bots left between
    their moves and slowed the match it ran beside (its caches, on a small machine:
    docs/benchmarks.md); a share bounds that, and the organiser chooses it."""
    if share >= 1.0:
        return
    pause = SLICE_SECONDS * (1.0 - share) / share

    def rest(signum: int, frame: FrameType | None) -> None:
        time.sleep(pause)

    signal.signal(signal.SIGPROF, rest)
    signal.setitimer(signal.ITIMER_PROF, SLICE_SECONDS, SLICE_SECONDS)


@contextlib.contextmanager
def unpaused() -> Iterator[None]:
    """No pause while the ladder's write lock is held (a recording match would wait for it):
    the pause falls due just after."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGPROF})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGPROF})


def _main(db_path: Path, settings: analyses.Settings, stopping: Event, parent: int) -> None:
    """The child: the analyser until the server says stop or is gone."""
    logging.basicConfig(level=logging.WARNING)
    throttle(settings.cpu_share)

    def stop() -> bool:
        return stopping.is_set() or os.getppid() != parent

    analyses.run_forever(db_path, settings, stop, unpaused)


def lower(pid: int) -> None:
    """The lowest CPU priority there is: Linux's idle class, which runs only on a core that
    nothing else wants and is preempted at once by a bot or the referee waking up (nice 19
    alone still took about 45 % of a core from them on a loaded machine, and lengthened their
    decisions' tail: docs/benchmarks.md), and nice 19 as well, or alone where the idle class
    is not to be had."""
    os.setpriority(os.PRIO_PROCESS, pid, NICENESS)
    idle = getattr(os, "SCHED_IDLE", None)
    if idle is not None:
        with contextlib.suppress(OSError):
            os.sched_setscheduler(pid, idle, os.sched_param(0))


class AnalysisWorker:
    """Start, watch and stop the analyser's process (one per server)."""

    def __init__(self, db_path: Path, settings: analyses.Settings) -> None:
        self.db_path = db_path
        self.settings = settings
        self.context = multiprocessing.get_context("spawn")
        self.stopping = self.context.Event()
        self.lock = threading.Lock()
        self.process: SpawnProcess | None = None
        self.thread = threading.Thread(target=self._supervise, name="analysis", daemon=True)
        self.starts = 0

    def start(self) -> None:
        self.thread.start()

    def _supervise(self) -> None:
        while not self.stopping.is_set():
            with self.lock:
                if self.stopping.is_set():
                    return
                process = self.context.Process(
                    target=_main,
                    args=(self.db_path, self.settings, self.stopping, os.getpid()),
                    name="thousand-analysis",
                    daemon=True,
                )
                process.start()
                # Lowered from here as soon as it exists: its start-up (imports, the solved
                # table) is analysis work too.
                if process.pid is not None:
                    lower(process.pid)
                self.process = process
                self.starts += 1
            process.join()
            if not self.stopping.is_set():
                log.warning(
                    "analysis stopped (exit code %s); restarting in %.0f s",
                    process.exitcode,
                    RESTART_SECONDS,
                )
                self.stopping.wait(RESTART_SECONDS)

    def pid(self) -> int | None:
        with self.lock:
            return self.process.pid if self.process is not None else None

    def stop(self) -> None:
        """Stop at the end of the game being analysed, or at once after ``STOP_SECONDS`` (a
        card game at a large budget): the game cut short is analysed again next time."""
        with self.lock:
            self.stopping.set()
            process = self.process
        if process is not None:
            process.join(STOP_SECONDS)
            if process.is_alive():
                process.kill()
                process.join()
        self.thread.join(STOP_SECONDS)
