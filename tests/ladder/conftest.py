"""Helpers for the ladder's tests: the real `thousand ladder` command line, real bot processes,
real SQLite files, read-only looks into a ladder's database, and /proc scans.

Nothing is mocked. Bots that run as processes get a unique marker word on their command line
(the example bots and tests/bots/faulty.py ignore words after their first argument), so that a
scan of /proc/*/cmdline finds any bot process a killed ladder left behind.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import select
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.inprocess import invoke
from tests.processes import leftovers as shared_leftovers
from tests.shared import built_once

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
RANDOM_BOT = ROOT / "bots" / "random_bot.py"
DICE_BOT = ROOT / "bots" / "dice_bot.py"
CARD_BOT = ROOT / "bots" / "card_bot.py"
JS_BOT = ROOT / "bots" / "js" / "random_bot.js"
FAULTY = ROOT / "tests" / "bots" / "faulty.py"
NAPPER = ROOT / "tests" / "bots" / "napper.py"

SHORT_DICE = 'preset = "simple"\ngoal = 300\n'
"""Dice rules for the process tests: the simple table played to 300, a match in ~0.4 s."""

CAPPED_DICE = SHORT_DICE + "max_rounds = 30\n"
"""The short rules for bots that never stop a turn (builtin:first, tests/bots/core_bot.py):
they never score, so a game lasts until the round cap, 30 rounds here instead of 500."""

RULES = {"short": SHORT_DICE, "capped": CAPPED_DICE}


def rules_file(folder: Path, name: str = "short") -> Path:
    """``folder/NAME.toml`` holding the rules ``RULES[name]``: a ``--rules`` argument."""
    path = folder / f"{name}.toml"
    path.write_text(RULES[name], encoding="utf-8")
    return path


def thousand() -> list[str]:
    """The installed console script (the real CLI); the module if it is not on PATH."""
    found = shutil.which("thousand")
    return [found] if found else [PY, "-m", "referee.cli.main"]


def py_bot(path: Path, *args: object) -> str:
    """A BOT argument: one command line in one string."""
    return shlex.join([PY, str(path), *(str(a) for a in args)])


@dataclass(frozen=True)
class Done:
    argv: list[str]
    returncode: int
    stdout: str
    stderr: str

    def explain(self) -> str:
        return f"{shlex.join(self.argv)} -> {self.returncode}\n{self.stdout}\n{self.stderr}"


def cli(*args: object, timeout: float = 120.0, env: Mapping[str, str] | None = None) -> Done:
    """Run ``thousand ladder ARGS`` to the end and capture it (``env``: variables to add)."""
    argv = [*thousand(), "ladder", *(str(a) for a in args)]
    done = subprocess.run(
        argv,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        check=False,
        env={**os.environ, **env} if env else None,
    )
    return Done(argv, done.returncode, done.stdout, done.stderr)


def final_process(
    db: Path, *extra: str, env: Mapping[str, str] | None = None
) -> subprocess.Popen[str]:
    """``thousand ladder final DB EXTRA`` as the program, in a session of its own (a test may
    kill its whole group, as a crash would)."""
    return subprocess.Popen(
        [*thousand(), "ladder", "final", str(db), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, **env} if env else None,
        start_new_session=True,
    )


def quick(*args: object) -> Done:
    """``thousand ladder ARGS`` in this process through click's runner: the same command code
    on the same files, without the second of interpreter start-up — for the many short commands
    of the error tests. An exception escaping the command shows as a traceback on stderr, as it
    would from the real program. (``run`` and anything about processes use ``cli``.)"""
    from referee.cli.ladder import ladder

    argv = [str(a) for a in args]
    done = invoke(argv, command=ladder)
    return Done(["thousand", "ladder", *argv], *done)


def quick_ok(*args: object) -> Done:
    done = quick(*args)
    assert done.returncode == 0, done.explain()
    assert "Traceback" not in done.stderr, done.explain()
    return done


def ok(*args: object, timeout: float = 120.0) -> Done:
    done = cli(*args, timeout=timeout)
    assert done.returncode == 0, done.explain()
    assert "Traceback" not in done.stderr, done.explain()
    return done


def one_error_line(done: Done) -> str:
    """A refused command: non-zero exit, no traceback, exactly one ``error:`` line on stderr."""
    assert done.returncode != 0, done.explain()
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout, done.explain()
    errors = [line for line in done.stderr.splitlines() if "error" in line.lower()]
    assert len(errors) == 1, done.explain()
    return errors[0]


def make_ladder(
    folder: Path,
    bots: dict[str, str],
    *,
    game: str = "dice",
    players: int = 3,
    rules: str | None = "short",
    check: bool = False,
    seed: int = 0,
    extra: tuple[str, ...] = (),
    sandbox: str = "rlimits",
) -> Path:
    """A ladder in ``folder/ladder.db`` with ``bots`` (name -> BOT) admitted. These tests are
    about the ladder, not the sandbox: ``rlimits`` by default (allowed explicitly), so they
    run alike with or without bubblewrap; the end-to-end test and tests/fairplay use the
    real default, bwrap. ``rules``: a name of ``RULES`` (``short`` unless told), a preset or
    a file for ``--rules``, or None for the game's full-length defaults."""
    db = folder / "ladder.db"
    args: list[object] = ["init", db, "--game", game, "--players", players, "--seed", seed]
    args += ["--sandbox", sandbox] + (["--allow-weak-sandbox"] if sandbox != "bwrap" else [])
    if rules in RULES:
        args += ["--rules", rules_file(folder, rules)]
    elif rules is not None:
        args += ["--rules", rules]
    quick_ok(*args, *extra)
    for name, bot in bots.items():
        if check:  # the conformance check runs the bot: the real program
            ok("add", db, name, bot)
        else:
            quick_ok("add", db, name, bot, "--no-check")
    return db


# --------------------------------------------------------------------------- the database


def read_only(db: Path) -> sqlite3.Connection:
    """A read-only look (a WAL reader never blocks the ladder's writers)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30.0)
    conn.row_factory = sqlite3.Row
    return conn


def counts(db: Path) -> dict[str, int]:
    """Matches by status (``done``, ``running``, ``abandoned``)."""
    conn = read_only(db)
    try:
        found = {"done": 0, "running": 0, "abandoned": 0}
        for row in conn.execute("SELECT status, COUNT(*) AS n FROM matches GROUP BY status"):
            found[row["status"]] = row["n"]
        return found
    finally:
        conn.close()


def wait_until(predicate: Callable[[], bool], within: float, what: str, every: float = 0.1) -> None:
    deadline = time.monotonic() + within
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {within} s waiting for {what}")
        time.sleep(every)


def check_consistent(db: Path) -> dict[str, int]:
    """The database invariants the reliability promises rest on; returns the status counts.

    - ``PRAGMA integrity_check`` is ok and no foreign key is dangling;
    - every done match has exactly one results row and one ratings row per entrant (and for
      exactly its entrants) and exactly one ``match`` rating event;
    - no other match has results, ratings or a rating event;
    - every entrant's counters equal the sums of its results rows.
    """
    conn = read_only(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        for match in conn.execute("SELECT id, status, entrants FROM matches"):
            ids = sorted(json.loads(match["entrants"]))
            results = sorted(
                r[0]
                for r in conn.execute(
                    "SELECT entrant_id FROM results WHERE match_id = ?", (match["id"],)
                )
            )
            rated = sorted(
                r[0]
                for r in conn.execute(
                    "SELECT entrant_id FROM ratings WHERE match_id = ?", (match["id"],)
                )
            )
            events = conn.execute(
                "SELECT kind FROM rating_events WHERE match_id = ?", (match["id"],)
            ).fetchall()
            if match["status"] == "done":
                assert results == ids, f"match {match['id']}: results for {results}, not {ids}"
                assert rated == ids, f"match {match['id']}: ratings for {rated}, not {ids}"
                assert [e[0] for e in events] == ["match"], f"match {match['id']}: {events}"
            else:
                assert (results, rated, events) == ([], [], []), f"match {match['id']}"
        orphans = conn.execute(
            "SELECT COUNT(*) FROM rating_events WHERE kind = 'match' AND match_id NOT IN "
            "(SELECT id FROM matches WHERE status = 'done')"
        ).fetchone()[0]
        assert orphans == 0
        for entrant in conn.execute("SELECT * FROM entrants"):
            sums = conn.execute(
                "SELECT COUNT(*), COALESCE(SUM(games), 0), COALESCE(SUM(wins), 0), "
                "COALESCE(SUM(place_sum), 0), COALESCE(SUM(faults), 0), "
                "COALESCE(SUM(fault_games), 0) FROM results WHERE entrant_id = ?",
                (entrant["id"],),
            ).fetchone()
            stored = (
                entrant["matches"],
                entrant["games"],
                entrant["wins"],
                entrant["place_sum"],
                entrant["faults"],
                entrant["fault_games"],
            )
            assert tuple(sums) == stored, f"{entrant['name']}: results {tuple(sums)} != {stored}"
    finally:
        conn.close()
    return counts(db)


# ------------------------------------------------------------------------------ processes


def leftovers(marker: str, within: float = 5.0) -> list[str]:
    """Processes still carrying ``marker`` after ``within`` seconds (a SIGKILLed parent's
    children die by PDEATHSIG or end of their PID namespace, which is quick but not instant)."""
    return [str(proc) for proc in shared_leftovers(marker, within)]


def read_until(proc: subprocess.Popen[str], text: str, within: float) -> str:
    """What ``proc`` wrote on stderr up to and including the line holding ``text``: the visible
    sign that it took a signal, to wait for instead of sleeping a guess."""
    assert proc.stderr is not None
    fd = proc.stderr.fileno()  # read raw: the text wrapper's buffer would hide lines from select
    seen = b""
    deadline = time.monotonic() + within
    while text.encode() not in seen:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise AssertionError(f"no {text!r} within {within} s; stderr so far:\n{seen!r}")
        chunk = os.read(fd, 65536)
        if not chunk:
            raise AssertionError(f"stderr ended before {text!r}:\n{seen!r}")
        seen += chunk
    return seen.decode(errors="replace")


class Runs:
    """Background ``thousand ladder run`` processes, each in a process group of its own; any
    still alive at the end of the test is killed (by its group id, which we created)."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen[str]] = []

    def start(self, *args: object, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
        """``thousand ladder run ARGS``, with ``env`` added to the environment."""
        proc = subprocess.Popen(
            [*thousand(), "ladder", "run", *(str(a) for a in args)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            start_new_session=True,
            env=None if env is None else {**os.environ, **env},
        )
        self.procs.append(proc)
        return proc

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


@pytest.fixture
def runs() -> Iterator[Runs]:
    started = Runs()
    try:
        yield started
    finally:
        started.close()


class Ladders:
    """Ladders built once per session through the CLI (init + add, a second or so per command)
    and copied for each test that wants the same field: a copy is a fresh, independent ladder.
    A template with matches already played is built once per test run and shared by the xdist
    workers (tests/shared.py); it is only read, as every template is: tests get copies."""

    def __init__(self, tmp_path_factory: pytest.TempPathFactory) -> None:
        self.tmp_path_factory = tmp_path_factory
        self.built: dict[tuple[object, ...], Path] = {}

    def copy(self, folder: Path, bots: dict[str, str], rules: str | None = "short") -> Path:
        return self.copy_table(folder, bots, rules=rules)

    def copy_table(
        self,
        folder: Path,
        bots: dict[str, str],
        *,
        rules: str | None = "short",
        players: int = 3,
        played: int = 0,
    ) -> Path:
        """``copy`` with ``players`` a match (two: a match is two games instead of six, for
        the claims that do not depend on the table's size) and ``played`` matches already
        recorded in the template (in this process: built-in bots only, no program starts), so
        that the tests that read a history share the cost of playing it."""
        key = (tuple(bots.items()), rules, players, played)
        if key not in self.built:

            def build(where: Path) -> Path:
                db = make_ladder(where, bots, rules=rules, players=players)
                if played:
                    quick_ok("run", db, "--matches", played, "--concurrency", 2)
                return db

            if played:  # about a second of CPU: once a test run, whichever worker asks first
                digest = hashlib.sha256(repr(key).encode()).hexdigest()[:16]
                self.built[key] = built_once(self.tmp_path_factory, f"played-{digest}", build)
            else:  # a few hundredths of a second: each worker's own
                self.built[key] = build(self.tmp_path_factory.mktemp("template"))
        db = folder / "ladder.db"
        # SQLite's backup, not a file copy: it includes what is still in the template's WAL.
        source, target = sqlite3.connect(self.built[key]), sqlite3.connect(db)
        try:
            source.backup(target)
        finally:
            source.close()
            target.close()
        if played:  # the replays, which the database names relative to its files folder
            shutil.copytree(Path(f"{self.built[key]}.files"), Path(f"{db}.files"))
        return db


@pytest.fixture(scope="session")
def ladders(tmp_path_factory: pytest.TempPathFactory) -> Ladders:
    return Ladders(tmp_path_factory)


@pytest.fixture(scope="session")
def marker() -> str:
    """One word for the session's bot command lines (a session's tests run one at a time —
    under pytest-xdist each worker is a session with its own word — and each checks that no
    process carrying it is left when it ends)."""
    return f"ladder-test-{uuid.uuid4().hex[:12]}"
