"""``serve --run``: the ladder's match loop, kept running beside the pages by the server.

It is ``thousand ladder run DB --forever`` (``referee.ladder.service.run``, the same loop an
organiser runs by hand) in a child process that the server starts, watches and restarts:
a process of its own so that playing matches never takes the web server's interpreter lock
from a page (the standings stay fast while matches run) and so that a crash in a match
cannot take the pages down. The loop is started only once the ladder has enough enabled
entrants for a match, and again after it stops (too few entrants left, a bot that cannot
start): a contest opened before anyone submitted starts playing by itself.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

from referee.players.containment import wrap
from referee.web import database

log = logging.getLogger("thousand.server")
IDLE_SECONDS = 2.0
RESTART_SECONDS = 5.0


def ladder_command() -> list[str]:
    found = shutil.which("thousand")
    return [found] if found else [sys.executable, "-m", "referee.cli.main"]


class MatchLoop:
    def __init__(
        self, db_path: Path, concurrency: int, allow_weak_sandbox: bool, pin: bool = False
    ) -> None:
        self.db_path = db_path
        self.argv = [
            *ladder_command(),
            "ladder",
            "run",
            str(db_path),
            "--forever",
            "--concurrency",
            str(concurrency),
            *(["--allow-weak-sandbox"] if allow_weak_sandbox else []),
            *(["--pin"] if pin else []),
        ]
        self.stopping = threading.Event()
        self.process: subprocess.Popen[bytes] | None = None
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._supervise, name="matches", daemon=True)
        self.starts = 0

    def start(self) -> None:
        self.thread.start()

    def _ready(self) -> bool:
        """Enough enabled entrants for one match."""
        try:
            with database.connection(self.db_path) as db:
                players = db.execute("SELECT value FROM meta WHERE key = 'players'").fetchone()
                enabled = db.execute("SELECT COUNT(*) FROM entrants WHERE enabled = 1").fetchone()
        except Exception as error:  # a locked or busy ladder: try again later
            log.warning("match loop: cannot read the ladder: %s", error)
            return False
        return players is not None and int(enabled[0]) >= int(players[0])

    def _supervise(self) -> None:
        while not self.stopping.is_set():
            if not self._ready():
                self.stopping.wait(IDLE_SECONDS)
                continue
            with self.lock:
                if self.stopping.is_set():
                    return
                self.starts += 1
                # Through the referee's launcher: it asks the kernel to kill the loop if this
                # server dies (SIGKILL, a crash), so no loop outlives its server unseen.
                argv, _ = wrap(self.argv, pid_namespace=False)
                self.process = subprocess.Popen(
                    argv, stdin=subprocess.DEVNULL, start_new_session=True
                )
            code = self.process.wait()
            if not self.stopping.is_set():
                log.warning("match loop stopped (exit code %s); restarting when ready", code)
                self.stopping.wait(RESTART_SECONDS)

    def stop(self, within: float = 30.0) -> None:
        """Stop after the running matches (as Ctrl-C does), then at once if they take longer
        than ``within`` seconds (``ladder run`` abandons them cleanly: a second signal)."""
        with self.lock:
            self.stopping.set()
            process = self.process
        if process is None or process.poll() is not None:
            self.thread.join(within)
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGTERM)
        try:
            process.wait(within)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGTERM)  # the second: abandon the matches
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.thread.join(within)
