"""A ladder file damaged by hand, by a bad copy or by a failing disk ends every ``thousand
ladder`` command in one line that names the ladder and what is wrong — never a traceback, and
never "not a ladder database" about a ladder SQLite could not read for another reason.

One real ladder is played once for the module (three built-in bots, two matches, an account)
and copied for every test by SQLite's backup; each copy is then damaged the way a person or a
disk would damage it: real SQL on a real file, real bytes cut off, a real full tmpfs.
"""

from __future__ import annotations

import errno
import random
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from referee.cli.ladder import ladder
from tests.ladder.conftest import Done, cli, make_ladder, one_error_line, quick, quick_ok
from tests.ladder.data_support import backup, small_disk

FIELD = {name: "builtin:random" for name in ("random-a", "random-b", "random-c")}

BUSY_PORT = "{busy}"
"""``serve`` runs in this process like the rest, on a port this test holds: a serve that got
past a damaged ladder would stop at its socket with "port ... is in use" — a line without the
damage's words, so the test fails — instead of serving for ever. The real program's ``run`` and
``serve`` are tried once, in test_the_real_run_and_serve_say_it_in_one_line_too."""

Command = tuple[str, ...]
"""Arguments after ``thousand ladder``; ``{db}``, ``{out}``, ``{busy}`` are filled in per test."""

COMMANDS: dict[str, Command] = {
    "add": ("add", "{db}", "newcomer", "builtin:random", "--no-check"),
    "update": ("update", "{db}", "random-a", "builtin:first", "--no-check"),
    "disable": ("disable", "{db}", "random-a"),
    "enable": ("enable", "{db}", "random-a"),
    "list": ("list", "{db}"),
    "list --json": ("list", "{db}", "--json"),
    "standings": ("standings", "{db}"),
    "standings --json": ("standings", "{db}", "--json"),
    "standings --markdown": ("standings", "{db}", "--markdown"),
    "standings --html": ("standings", "{db}", "--html", "{out}"),
    "games": ("games", "{db}"),
    "games --json": ("games", "{db}", "--json"),
    "rerate": ("rerate", "{db}"),
    "rerate --check": ("rerate", "{db}", "--check"),
    "invite": ("invite", "{db}", "erin"),
    "revoke": ("revoke", "{db}", "dora"),
    "accounts": ("accounts", "{db}"),
    "run": ("run", "{db}", "--matches", "1"),
    "serve": ("serve", "{db}", "--port", BUSY_PORT),
    "phase": ("phase", "{db}"),
    "phase --json": ("phase", "{db}", "--json"),
    "phase --deadline": ("phase", "{db}", "--deadline", "2030-01-01T00:00Z"),
    "final-version": ("final-version", "{db}", "random-a"),
    "final-version VERSION": ("final-version", "{db}", "random-a", "1"),
    "final": ("final", "{db}", "--rounds", "1"),
    "reveal": ("reveal", "{db}"),
}
"""Every subcommand that opens an existing ladder (all but ``init``), each of its ways to read."""


EVERY = frozenset(COMMANDS)
OUT_OF_ORDER = {
    "final": "submissions are still open",
    "reveal": "revealed only once it is finished",
}
"""The contest's steps that an open ladder refuses whole (tests/ladder/test_ladder_contest.py):
past a damage they do not touch, their own refusal is the right answer."""
READ_ONLY = ("list", "list --json", "standings", "standings --json", "games", "games --json")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The module's one real ladder: played, with an account, closed (its log checkpointed)."""
    db = make_ladder(tmp_path_factory.mktemp("played"), FIELD)
    assert "recorded 2 matches" in quick_ok("run", db, "--matches", 2).stdout
    quick_ok("invite", db, "dora")
    return db


def _copy(played: Path, folder: Path) -> Path:
    db = folder / "ladder.db"
    backup(played, db)
    return db


def _execute(db: Path, *statements: str) -> None:
    conn = sqlite3.connect(db)
    try:
        for statement in statements:
            conn.execute(statement)
        conn.commit()
    finally:
        conn.close()  # the last connection: the log is folded into the file and removed


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port of 127.0.0.1 this test listens on (the kernel's choice: no two tests share it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen(1)
        yield holder.getsockname()[1]


def _args(name: str, db: Path, out: Path, busy: int | None = None) -> list[str]:
    assert busy is not None or name != "serve", "serve needs a port this test holds"
    return [part.format(db=db, out=out, busy=busy) for part in COMMANDS[name]]


def _run(name: str, db: Path, out: Path, busy: int | None = None) -> Done:
    """The command in this process (click's runner): the same code on the same file."""
    return quick(*_args(name, db, out, busy))


def _cut(keep: Callable[[int], int]) -> Callable[[Path], None]:
    """The file cut short (a copy that stopped, a disk that lost its end)."""

    def damage(db: Path) -> None:
        data = db.read_bytes()
        db.write_bytes(data[: keep(len(data))])

    return damage


def _garbage_after(offset: int) -> Callable[[Path], None]:
    """The file's bytes from ``offset`` on replaced by noise (a disk or a copy gone bad)."""

    def damage(db: Path) -> None:
        data = db.read_bytes()
        noise = random.Random(offset).randbytes(len(data) - offset)
        db.write_bytes(data[:offset] + noise)

    return damage


def _sql(*statements: str) -> Callable[[Path], None]:
    return lambda db: _execute(db, *statements)


@dataclass(frozen=True)
class Damage:
    damage: Callable[[Path], None]
    words: tuple[str, ...]
    """What the one line must say (besides the ladder's path)."""
    fails: frozenset[str] = EVERY
    """The commands that read the damaged part, so must refuse; the others may succeed."""


MATCH_READERS = frozenset({"games", "games --json", "rerate", "rerate --check", "standings --html"})

DAMAGES: dict[str, Damage] = {
    "meta value not JSON": Damage(
        _sql("UPDATE meta SET value = '{three' WHERE key = 'players'"), ("damaged", "players")
    ),
    "meta players a string": Damage(
        _sql("""UPDATE meta SET value = '"three"' WHERE key = 'players'"""), ("players",)
    ),
    "meta game unknown": Damage(
        _sql("""UPDATE meta SET value = '"chess"' WHERE key = 'game'"""), ("game", "chess")
    ),
    "meta game missing": Damage(_sql("DELETE FROM meta WHERE key = 'game'"), ("game",)),
    "meta rules not rules": Damage(
        _sql("""UPDATE meta SET value = '{"goal": "far"}' WHERE key = 'rules'"""), ("rules",)
    ),
    "meta time garbage": Damage(
        _sql("""UPDATE meta SET value = '[1, 2]' WHERE key = 'time'"""), ("time",)
    ),
    "meta check_games out of range": Damage(
        _sql("INSERT OR REPLACE INTO meta VALUES ('check_games', '0')"), ("check_games",)
    ),
    "meta table dropped": Damage(_sql("DROP TABLE meta"), ("meta",)),
    "entrants table dropped": Damage(_sql("DROP TABLE entrants"), ("entrants",)),
    "results table dropped": Damage(_sql("DROP TABLE results"), ("results",)),
    "ratings column dropped": Damage(
        # An index holding the column must go first: SQLite refuses to drop it otherwise.
        _sql(
            "DROP INDEX IF EXISTS ratings_by_entrant", "ALTER TABLE ratings DROP COLUMN sigma_after"
        ),
        ("ratings", "sigma_after"),
    ),
    "text in entrants.mu": Damage(
        _sql("UPDATE entrants SET mu = 'strong' WHERE name = 'random-b'"), ("mu", "random-b")
    ),
    "text in entrants.games": Damage(
        _sql("UPDATE entrants SET games = 'many' WHERE name = 'random-c'"), ("games",)
    ),
    "garbage in matches.entrants": Damage(
        _sql("UPDATE matches SET entrants = 'alice,bob' WHERE id = 1"),
        ("match 1", "entrants"),
        MATCH_READERS,
    ),
    "garbage in matches.replays": Damage(
        _sql("UPDATE matches SET replays = '[1, 2]' WHERE id = 2"),
        ("match 2", "replays"),
        frozenset({"games", "games --json", "standings --html"}),
    ),
    "text in results.rank": Damage(
        _sql("UPDATE results SET rank = 'first' WHERE match_id = 2"),
        ("rank",),
        frozenset({"rerate", "rerate --check"}),
    ),
    "text in a running match's heartbeat": Damage(
        _sql(
            "INSERT INTO matches (status, entrants, versions, seed, worker, claimed, heartbeat)"
            " VALUES ('running', '[1, 2]', '[1, 1]', 1, 'other-host', 0, 'recently')"
        ),
        ("running match", "heartbeat"),
        frozenset({"run"}),
    ),
    "file cut in half": Damage(_cut(lambda size: size // 2), ("damaged",)),
    "file cut to its first page": Damage(_cut(lambda size: 4096), ("damaged",)),
    "noise after the first page": Damage(_garbage_after(4096), ("damaged",)),
    "noise after the header": Damage(_garbage_after(100), ("damaged",)),
}


def test_every_subcommand_that_opens_a_ladder_is_tried() -> None:
    """A new subcommand must join the table above (``init`` makes a ladder, it opens none)."""
    assert {args[0] for args in COMMANDS.values()} == set(ladder.commands) - {"init"}


@pytest.mark.parametrize("kind", DAMAGES)
def test_a_damaged_ladder_is_one_line_naming_it_and_the_damage(
    kind: str, played: Path, tmp_path: Path, busy_port: int
) -> None:
    damage = DAMAGES[kind]
    problems = []
    for name in COMMANDS:
        if name == "serve" and damage.fails != EVERY:
            continue  # it would serve: a damaged match is the web pages' to show
        folder = tmp_path / name.replace(" ", "_").replace("-", "")
        folder.mkdir()
        db = _copy(played, folder)  # a fresh copy each: a command that succeeds may write
        damage.damage(db)
        done = _run(name, db, folder / "page.html", busy_port)
        if "Traceback" in done.stderr + done.stdout:
            last = (done.stderr + done.stdout).strip().splitlines()[-1]
            problems.append(f"{name}: a traceback ending {last!r}")
            continue
        if done.returncode == 0:
            if name in damage.fails:
                problems.append(f"{name}: accepted")
            continue
        try:
            line = one_error_line(done)
        except AssertionError:
            problems.append(f"{name}: not one error line: {done.stderr[-300:]!r}")
            continue
        if name not in damage.fails and OUT_OF_ORDER.get(name, "\0") in line:
            continue
        wanted = ("thousand: error: ", str(db), *damage.words)
        if not all(word in line for word in wanted) or "not a ladder database" in line:
            problems.append(f"{name}: {line!r} does not say {wanted}")
    assert not problems, "\n\n".join(problems)


@pytest.mark.parametrize("name", ["run", "serve"])
def test_the_real_run_and_serve_say_it_in_one_line_too(
    name: str, played: Path, tmp_path: Path
) -> None:
    """The real program, once each, for the two commands that start an event loop and signal
    handlers (``run``) or a web server (``serve``, on a port of the kernel's choice: were it to
    get past the damage, the time limit ends it and the test fails)."""
    db = _copy(played, tmp_path)
    DAMAGES["meta game unknown"].damage(db)
    done = cli(*_args(name, db, tmp_path / "page.html", 0), timeout=30)
    line = one_error_line(done)
    assert line.startswith("thousand: error: ") and str(db) in line, line
    assert "chess" in line and "not a ladder database" not in line, line


def test_a_file_of_noise_is_not_a_ladder(played: Path, tmp_path: Path) -> None:
    db = tmp_path / "ladder.db"
    db.write_bytes(random.Random(7).randbytes(57344))
    for name in (*READ_ONLY, "disable", "rerate --check"):
        line = one_error_line(_run(name, db, tmp_path / "page.html"))
        assert str(db) in line and "not an SQLite database" in line, line


# ------------------------------------------------------------ SQLite cannot read it just now


def _fill(folder: Path) -> None:
    """Write until the disk refuses another byte."""
    with open(folder / "filler", "wb", buffering=0) as filler, pytest.raises(OSError) as refused:
        while True:
            filler.write(b"\0" * 4096)
    assert refused.value.errno == errno.ENOSPC, refused.value


def test_a_full_disk_is_said_as_sqlite_says_it_not_as_not_a_ladder(
    played: Path, tmp_path: Path
) -> None:
    """Even reading a live (WAL) ladder needs room for SQLite's shared-memory file."""
    with small_disk(tmp_path / "disk", 256) as disk:
        db = _copy(played, disk.where)
        _fill(disk.where)
        for name in (*READ_ONLY, "standings --markdown", "disable", "rerate --check"):
            line = one_error_line(_run(name, db, tmp_path / "page.html"))
            assert str(db) in line and "not a ladder" not in line, (name, line)
            assert "disk I/O error" in line or "disk is full" in line, (name, line)


def test_a_log_file_sqlite_cannot_open_is_said_as_sqlite_says_it(
    played: Path, tmp_path: Path
) -> None:
    """A folder where SQLite keeps the ladder's write-ahead log: "unable to open database
    file", a real SQLite error about a valid ladder."""
    db = _copy(played, tmp_path)
    wal = Path(f"{db}-wal")
    assert not wal.exists()
    wal.mkdir()
    for name in (*READ_ONLY, "disable", "rerate --check"):
        line = one_error_line(_run(name, db, tmp_path / "page.html"))
        assert str(db) in line and "not a ladder" not in line, (name, line)
        assert "unable to open database file" in line, (name, line)


_HOLD = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA locking_mode = EXCLUSIVE")
db.execute("BEGIN EXCLUSIVE")
db.execute("UPDATE entrants SET enabled = enabled")
print("held", flush=True)
time.sleep(120)
"""
"""Another program that takes the ladder and keeps it: an exclusive lock, held."""


def test_a_ladder_locked_by_another_program_is_said_as_sqlite_says_it(
    played: Path, tmp_path: Path
) -> None:
    """SQLite waits for the lock (30 s, or what ``THOUSAND_LADDER_LOCK_WAIT`` says: one second
    here, through the real program), then says "database is locked"."""
    db = _copy(played, tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(db)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        args = _args("list", db, tmp_path / "page.html")
        line = one_error_line(cli(*args, timeout=60, env={"THOUSAND_LADDER_LOCK_WAIT": "1"}))
    finally:
        holder.kill()
        holder.wait()
    assert str(db) in line and "not a ladder" not in line, line
    assert "database is locked" in line, line
