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
import json
import logging
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.players.containment import wrap
from referee.safetext import NAME_LIMIT, for_terminal
from referee.web import database

log = logging.getLogger("thousand.server")
IDLE_SECONDS = 2.0
RESTART_SECONDS = 5.0
REPORT_SECONDS = 1.0
"""How often the finished matches are looked for while the loop runs."""


def say(line: str) -> None:
    """The organiser's console: the server's stderr, where uvicorn says its own lines."""
    print(line, file=sys.stderr, flush=True)


class Finished:
    """The matches finished since the server started, each said once in one line, escaped for
    the terminal (every name and fault kind in it is a contestant's or a bot's).

    Matches end out of order when several are played at once: the lowest match id still to
    be said is kept (``floor``), and the ids said above it, so that each one is said once
    whatever order they end in, and each look at the ladder reads only the matches above
    the floor."""

    def __init__(self, db_path: Path, report: Callable[[str], None] = say) -> None:
        self.db_path = db_path
        self.report = report
        self.floor: int | None = None
        self.said: set[int] = set()

    def look(self) -> None:
        """Say every match finished since the last look (the first look only notes where
        the ladder stands: what was played before the server started is history)."""
        try:
            with database.connection(self.db_path) as db:
                self._look(db)
        except Exception as error:  # a locked or busy ladder: the next look says it
            log.warning("match loop: cannot read the finished matches: %s", error)

    def _look(self, db: sqlite3.Connection) -> None:
        if self.floor is None:
            row = db.execute("SELECT COALESCE(MAX(id), 0) FROM matches").fetchone()
            self.floor = int(row[0])
            return
        # The running matches first: one that ends between the two reads is still below the
        # new floor, and said at the next look.
        running = db.execute(
            "SELECT MIN(id) FROM matches WHERE id > ? AND status = 'running'", (self.floor,)
        ).fetchone()[0]
        rows = db.execute(
            "SELECT id, entrants, summary FROM matches WHERE id > ? AND status = 'done' "
            "ORDER BY id",
            (self.floor,),
        ).fetchall()
        fresh = [row for row in rows if int(row["id"]) not in self.said]
        if fresh:
            names = {r["id"]: r["name"] for r in db.execute("SELECT id, name FROM entrants")}
            done = int(
                db.execute("SELECT COUNT(*) FROM matches WHERE status = 'done'").fetchone()[0]
            )
            leader = db.execute(
                "SELECT name FROM entrants WHERE enabled = 1 ORDER BY mu - 3 * sigma DESC LIMIT 1"
            ).fetchone()
            for row in fresh:
                self.said.add(int(row["id"]))
                self.report(match_line(row, names, done, leader[0] if leader else None))
        top = max(self.said, default=self.floor)
        self.floor = int(running) - 1 if running is not None else max(self.floor, top)
        self.said = {i for i in self.said if i > self.floor}


def match_line(row: sqlite3.Row, names: dict[int, str], done: int, leader: str | None) -> str:
    """One finished match as ``ladder games`` lists it (each entrant and its rank), then its
    faults and the ladder's count and leader, as ``ladder run``'s progress line says them."""
    summary = _json(row["summary"])
    ranks = summary.get("ranks") if isinstance(summary.get("ranks"), list) else []
    entrants = _json(row["entrants"], [])
    shown = [for_terminal(names.get(i, f"#{i}"), NAME_LIMIT) for i in entrants]
    who = ", ".join(
        f"{name} ({ranks[n]})" if n < len(ranks) else name for n, name in enumerate(shown)
    )
    faults = summary.get("faults") if isinstance(summary.get("faults"), dict) else {}
    kinds = ", ".join(
        f"{for_terminal(kind, NAME_LIMIT)} × {count}" for kind, count in sorted(faults.items())
    )
    lead = f", leader {for_terminal(leader, NAME_LIMIT)}" if leader is not None else ""
    return (
        f"match {row['id']} finished: {who}"
        + (f"; faults: {kinds}" if kinds else "")
        + f" · ladder: {done} matches{lead}"
    )


def _json(text: str | None, empty: Any = None) -> Any:
    try:
        value = json.loads(text) if text else None
    except ValueError:
        value = None
    if value is None:
        return {} if empty is None else empty
    return value


def ladder_command() -> list[str]:
    found = shutil.which("thousand")
    return [found] if found else [sys.executable, "-m", "referee.cli.main"]


class MatchLoop:
    def __init__(
        self,
        db_path: Path,
        concurrency: int,
        allow_weak_sandbox: bool,
        pin: bool = False,
        report: Callable[[str], None] = say,
    ) -> None:
        self.db_path = db_path
        self.finished = Finished(db_path, report)
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
        self.finished.look()  # where the ladder stands: what it held before is not news
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
            code = self._watch(self.process)
            if not self.stopping.is_set():
                log.warning("match loop stopped (exit code %s); restarting when ready", code)
                self.stopping.wait(RESTART_SECONDS)

    def _watch(self, process: subprocess.Popen[bytes]) -> int:
        """Wait for the loop's process to end, saying each match it finishes meanwhile."""
        while True:
            try:
                code = process.wait(REPORT_SECONDS)
            except subprocess.TimeoutExpired:
                self.finished.look()
                continue
            self.finished.look()  # the matches it finished as it stopped
            return code

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
