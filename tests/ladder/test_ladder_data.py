"""A ladder never damages data: it touches no file that is not a ladder, reads a ladder on a
read-only disk, links only its own game pages, works from any folder, stops cleanly on a full
disk, writes gzipped replays on request, and refuses names nobody could read.

Real CLI, real SQLite files, real mounts (a read-only bind mount, a small tmpfs) and real bot
processes; nothing is mocked.
"""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from referee.ladder import service, store
from referee.ladder.executor import LocalExecutor
from referee.ladder.standings import EntrantRow, MatchRow, Standings
from referee.players.sandbox import Sandbox
from referee.replay.export import export_html
from tests.inprocess import invoke
from tests.ladder.conftest import (
    FAULTY,
    PY,
    RANDOM_BOT,
    Done,
    Ladders,
    check_consistent,
    cli,
    counts,
    leftovers,
    one_error_line,
    py_bot,
    quick,
    quick_ok,
    read_only,
    rules_file,
)
from tests.ladder.data_support import (
    backup,
    foreign_sqlite,
    ok_in,
    quick_in,
    quick_ok_in,
    read_only_view,
    small_disk,
    snapshot,
)

BUILTINS = {f"random-{c}": "builtin:random" for c in "abcde"}
"""The same field as test_ladder_cli.py (the session builds that ladder once)."""

WEAK = ("--sandbox", "rlimits", "--allow-weak-sandbox")
"""For ladders whose bots are all built-ins: no process runs, so no sandbox is needed."""


def _ok(cwd: Path | None, *args: object) -> Done:
    """In this process, from ``cwd`` if given."""
    return quick_ok_in(cwd, *args) if cwd else quick_ok(*args)


def games(db: Path, cwd: Path | None = None, last: int = 20) -> list[MatchRow]:
    done = _ok(cwd, "games", db, "--json", "--last", last)
    return TypeAdapter(list[MatchRow]).validate_json(done.stdout)


def table(db: Path, cwd: Path | None = None) -> Standings:
    return Standings.model_validate_json(_ok(cwd, "standings", db, "--json").stdout)


# ------------------------------------------------------------- 1. only a ladder is touched

NOT_LADDERS = {
    "another-programs-sqlite": foreign_sqlite,
    "empty": lambda path: path.write_bytes(b""),
    "text": lambda path: path.write_text("name,score\nalice,3\n", encoding="utf-8"),
}


@pytest.mark.parametrize("kind", sorted(NOT_LADDERS))
def test_no_command_touches_a_file_that_is_not_a_ladder(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "theirs"
    folder.mkdir()
    path = folder / "data.db"
    NOT_LADDERS[kind](path)
    before = snapshot(folder)
    out = tmp_path / "site" / "index.html"
    commands: list[tuple[object, ...]] = [
        ("list", path),
        ("list", path, "--json"),
        ("standings", path),
        ("standings", path, "--json"),
        ("standings", path, "--markdown"),
        ("standings", path, "--html", out),
        ("games", path),
        ("run", path, "--matches", 1),
        ("add", path, "x", "builtin:random", "--no-check"),
        ("update", path, "x", "builtin:random", "--no-check"),
        ("disable", path, "x"),
        ("enable", path, "x"),
        ("rerate", path),
        ("rerate", path, "--check"),
    ]
    for args in commands:
        done = quick(*args)
        line = one_error_line(done)
        assert done.returncode == 1, done.explain()
        assert line.startswith("thousand: error: ") and "not a ladder" in line, done.explain()
        assert snapshot(folder) == before, f"{args} changed {kind}: {sorted(folder.iterdir())}"
    assert "already exists" in one_error_line(quick("init", path, "--game", "dice"))
    if kind == "another-programs-sqlite":
        # The real program, once (the kind it could most likely damage; the words and the
        # untouched file are the same code's as above): the same line and nothing else.
        done = cli("standings", path)
        assert done.returncode == 1 and "not a ladder" in one_error_line(done), done.explain()
        assert snapshot(folder) == before
    assert not out.exists()
    if kind == "another-programs-sqlite":
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert conn.execute("SELECT item FROM orders ORDER BY id").fetchall() == [
            ("tea",),
            ("bread",),
        ]
        conn.close()


def test_a_folder_or_a_device_is_not_a_ladder(tmp_path: Path) -> None:
    assert one_error_line(quick("list", tmp_path))
    assert "not a regular file" in one_error_line(quick("standings", "/dev/null"))


# ------------------------------------------------------------ 2. a read-only ladder is read


PLAYED = 4
"""Matches in the session's template of BUILTINS (test_ladder_cli.py's: one template)."""

_READER = """
import sqlite3, sys
reader = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
reader.execute("SELECT COUNT(*) FROM matches").fetchone()
print("reading", flush=True)
sys.stdin.read()
reader.close()
"""
"""A reader that stays (a standings page script): its connection keeps -wal and -shm until
its stdin closes."""


@pytest.mark.parametrize("log_files", ["closed-cleanly", "log-files-left"])
def test_a_ladder_on_a_read_only_mount_shows_standings_and_refuses_writes(
    tmp_path: Path, ladders: Ladders, log_files: str
) -> None:
    """The commands run in this process (the same code on the same mount). The log files are
    left by a reader in another program, as the claim has it: SQLite shares one process's
    handles on a file, so a reader of this process would not be another program's
    leftovers."""
    contest = tmp_path / "contest"
    contest.mkdir()
    db = ladders.copy_table(contest, BUILTINS, played=PLAYED)
    expected = table(db)
    reader = None
    if log_files == "log-files-left":
        reader = subprocess.Popen(
            [PY, "-c", _READER, str(db)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert reader.stdout is not None and reader.stdout.readline() == "reading\n"
        assert Path(f"{db}-shm").exists() and Path(f"{db}-wal").exists()
    try:
        before = _without_shm(snapshot(contest))
        with read_only_view(contest) as view:
            ro_db = view / db.name
            with pytest.raises(OSError):
                (view / "probe").write_text("x")  # really read-only, also for root
            shown = table(ro_db, cwd=tmp_path)
            assert shown.rows == expected.rows and shown.matches_done == PLAYED
            assert "random-a" in quick_ok_in(tmp_path, "standings", ro_db).stdout
            assert "random-a" in quick_ok_in(tmp_path, "standings", ro_db, "--markdown").stdout
            listed = TypeAdapter(list[EntrantRow]).validate_json(
                quick_ok_in(tmp_path, "list", ro_db, "--json").stdout
            )
            assert [e.name for e in listed] == list(BUILTINS)
            played = games(ro_db, cwd=tmp_path)
            assert [g.id for g in played] == list(range(PLAYED, 0, -1))
            for replay in (r for g in played for r in g.replays):
                assert replay.startswith(str(view)) and Path(replay).is_file(), replay
            out = tmp_path / "site" / "index.html"
            quick_ok_in(tmp_path, "standings", ro_db, "--html", out)
            links = re.findall(r'href="([^"]+)"', out.read_text(encoding="utf-8"))
            assert len(links) == PLAYED * 6
            assert all((out.parent / link).is_file() for link in links)
            for args in (
                ("run", ro_db, "--matches", 1),
                ("add", ro_db, "newcomer", "builtin:random", "--no-check"),
                ("disable", ro_db, "random-a"),
                ("rerate", ro_db),
            ):
                line = one_error_line(quick_in(tmp_path, *args))
                assert "read-only" in line, (args, line)
    finally:
        if reader is not None:
            reader.communicate(timeout=30)  # stdin closed: the reader closes its connection
    assert _without_shm(snapshot(contest)) == before


def _without_shm(files: dict[str, str]) -> dict[str, str]:
    """The shared-memory index is SQLite's scratch space for readers, not data."""
    return {name: digest for name, digest in files.items() if not name.endswith("-shm")}


# ------------------------------------------------- 3. game pages belong to their own ladder


def _linked_pages(out: Path) -> list[Path]:
    return [out.parent / link for link in re.findall(r'href="([^"]+)"', out.read_text())]


def test_html_pages_of_a_ladder_made_anew_at_the_same_path_show_its_own_games(
    tmp_path: Path,
) -> None:
    db = tmp_path / "ladder.db"
    out = tmp_path / "site" / "index.html"
    names = ("north", "east", "west")
    rules = rules_file(tmp_path, "capped")  # builtin:first never stops a turn

    def make(bot: str) -> None:
        quick_ok("init", db, "--game", "dice", "--players", 3, "--rules", rules, *WEAK)
        for name in names:
            quick_ok("add", db, name, bot, "--no-check")
        quick_ok("run", db, "--matches", 1)  # built-ins: no bot program to start
        quick_ok("standings", db, "--html", out)

    make("builtin:random")
    first = {p.read_bytes() for p in _linked_pages(out)}
    db.unlink()
    shutil.rmtree(tmp_path / "ladder.db.files")
    make("builtin:first")  # other games, same names, same match numbers
    pages = _linked_pages(out)
    replays = [Path(r) for r in games(db)[0].replays]
    assert len(pages) == len(replays) == 6
    for page, replay in zip(pages, replays, strict=True):
        fresh = export_html(replay, tmp_path / "fresh.html").read_bytes()
        assert page.read_bytes() == fresh, f"{page} is not the page of {replay}"
        assert page.read_bytes() not in first


def test_a_game_page_is_written_again_when_its_replay_changed(tmp_path: Path) -> None:
    db = tmp_path / "ladder.db"
    quick_ok("init", db, "--game", "dice", "--players", 3, "--rules", rules_file(tmp_path), *WEAK)
    for name in ("north", "east", "west"):
        quick_ok("add", db, name, "builtin:random", "--no-check")
    quick_ok("run", db, "--matches", 1)
    out = tmp_path / "index.html"
    quick_ok("standings", db, "--html", out)
    page = _linked_pages(out)[0]
    replay = Path(games(db)[0].replays[0])
    other = Path(games(db)[0].replays[1])
    # The replay replaced after its page was made, its old timestamp kept (cp -p, a restore).
    stamp = replay.stat().st_mtime_ns
    replay.write_bytes(other.read_bytes())
    os.utime(replay, ns=(stamp, stamp))
    quick_ok("standings", db, "--html", out)
    fresh = export_html(other, tmp_path / "fresh.html").read_bytes()
    assert _linked_pages(out)[0].read_bytes() == fresh
    assert not page.exists()  # the old content's page is gone, not left beside the new one


# --------------------------------------------------------- 4. a ladder works from any folder


def _entrants_folder(root: Path, marker: str) -> Path:
    """Bots the way an organiser keeps them: a folder with a script, an executable and a
    manifest, named by relative paths from inside it."""
    folder = root / "entrants"
    (folder / "bots").mkdir(parents=True)
    script = folder / "bots" / "rb.py"
    script.write_bytes(RANDOM_BOT.read_bytes())
    executable = folder / "bots" / "exe.py"
    executable.write_text(f"#!{PY}\n" + RANDOM_BOT.read_text(encoding="utf-8"))
    executable.chmod(0o755)
    manifest = folder / "bots" / "manifest.json"
    manifest.write_text(json.dumps({"command": [PY, "rb.py", "7", marker]}))
    return folder


def test_a_ladder_run_from_another_folder_plays_its_entrants_without_faults(
    tmp_path: Path, marker: str
) -> None:
    folder = _entrants_folder(tmp_path, marker)
    short = rules_file(tmp_path)
    quick_ok_in(folder, "init", "../contest.db", "--game", "dice", "--players", 3, "--rules", short)
    quick_ok_in(
        folder, "add", "../contest.db", "script", f"python3 bots/rb.py 1 {marker}", "--no-check"
    )
    quick_ok_in(
        folder, "add", "../contest.db", "executable", f"./bots/exe.py 2 {marker}", "--no-check"
    )
    quick_ok_in(folder, "add", "../contest.db", "manifest", "bots/manifest.json", "--no-check")
    db = tmp_path / "contest.db"

    # The real program, started in / as by cron or a service (the tables it forks start
    # there too); one match seats all three entrants, in six games.
    run = ok_in(Path("/"), "run", db, "--matches", 1)
    assert "recorded 1 match" in run.stdout
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shown = table(db, cwd=elsewhere)
    assert shown.matches_done == 1
    assert all(r.faults == 0 and r.games == 6 for r in shown.rows), shown.rows
    assert sum(r.matches for r in shown.rows) == 3

    quick_ok_in(elsewhere, "standings", db, "--html", "site/index.html")
    pages = _linked_pages(elsewhere / "site" / "index.html")
    assert len(pages) == 6 and all(p.is_file() for p in pages)
    for replay in (r for g in games(db, cwd=Path("/")) for r in g.replays):
        assert Path(replay).is_absolute() and Path(replay).is_file(), replay
    assert check_consistent(db)["done"] == 1
    assert leftovers(marker) == []
    listed = TypeAdapter(list[EntrantRow]).validate_json(
        quick_ok_in(Path("/"), "list", db, "--json").stdout
    )
    assert all(str(folder / "bots") in e.bot for e in listed), listed


def test_a_run_with_an_entrant_whose_program_is_gone_stops_before_playing(
    tmp_path: Path, marker: str
) -> None:
    folder = _entrants_folder(tmp_path, marker)
    db = tmp_path / "contest.db"
    short = rules_file(tmp_path)
    quick_ok_in(folder, "init", db, "--game", "dice", "--players", 3, "--rules", short, *WEAK)
    for name in ("random-a", "random-b", "random-c"):
        quick_ok_in(folder, "add", db, name, "builtin:random", "--no-check")
    quick_ok_in(folder, "add", db, "vanishing", f"python3 bots/rb.py 1 {marker}", "--no-check")
    (folder / "bots" / "rb.py").unlink()

    line = one_error_line(quick_in(Path("/"), "run", db, "--matches", 3))
    assert "'vanishing'" in line and "script not found" in line, line
    assert counts(db) == {"done": 0, "running": 0, "abandoned": 0}
    # Left out, the others play on (this test took over the same claim of
    # test_ladder_reliability.py's test_a_bot_that_disappears_after_admission_...).
    quick_ok_in(Path("/"), "disable", db, "vanishing")
    assert "recorded 2 matches" in quick_ok_in(Path("/"), "run", db, "--matches", 2).stdout
    assert check_consistent(db) == {"done": 2, "running": 0, "abandoned": 0}


def test_a_bot_that_disappears_during_a_run_faults_and_the_run_goes_on(
    tmp_path: Path, marker: str
) -> None:
    """The start check is the CLI's; a bot deleted once the run is under way still only costs
    its own games (the executor starts it as an unavailable bot)."""
    folder = _entrants_folder(tmp_path, marker)
    db = tmp_path / "contest.db"
    short = rules_file(tmp_path)
    quick_ok_in(folder, "init", db, "--game", "dice", "--players", 3, "--rules", short, *WEAK)
    for name in ("random-a", "random-b"):
        quick_ok_in(folder, "add", db, name, "builtin:random", "--no-check")
    quick_ok_in(folder, "add", db, "vanishing", f"python3 bots/rb.py 1 {marker}", "--no-check")
    (folder / "bots" / "rb.py").unlink()
    recorded = asyncio.run(
        service.run(
            db,
            LocalExecutor(Sandbox(mode="rlimits")),
            service.Budget(matches=2),
            1,
            asyncio.Event(),
        )
    )
    assert recorded == 2
    rows = {r.name: r for r in table(db).rows}
    assert rows["vanishing"].fault_games == rows["vanishing"].games > 0
    assert check_consistent(db)["done"] == 2


def test_an_older_ladder_with_paths_relative_to_its_folder_is_migrated(
    tmp_path: Path, marker: str
) -> None:
    """A ladder written by the previous version, run from its own folder as its docs showed:
    bots and replays stored relative to that folder, no mark, no id, schema 1."""
    folder = _entrants_folder(tmp_path, marker)
    db = folder / "contest.db"
    short = rules_file(tmp_path)
    quick_ok_in(
        folder, "init", "contest.db", "--game", "dice", "--players", 3, "--rules", short, *WEAK
    )
    for name in ("random-a", "random-b"):
        quick_ok_in(folder, "add", "contest.db", name, "builtin:random", "--no-check")
    quick_ok_in(folder, "add", "contest.db", "script", f"{PY} bots/rb.py 1 {marker}", "--no-check")
    quick_ok_in(folder, "run", "contest.db", "--matches", 1)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(
            "UPDATE entrants SET bot = ? WHERE name = 'script'", (f"{PY} bots/rb.py 1 {marker}",)
        )
        (stored,) = conn.execute("SELECT replays FROM matches WHERE id = 1").fetchone()
        old = [f"contest.db.files/{r}" for r in json.loads(stored)]
        conn.execute("UPDATE matches SET replays = ? WHERE id = 1", (json.dumps(old),))
        conn.execute("DELETE FROM meta WHERE key IN ('format', 'ladder_id')")
        conn.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")
    conn.close()
    # Read where it lies, before any write: the old replay paths are found from anywhere.
    assert all(Path(r).is_file() for r in games(db, cwd=Path("/"))[0].replays)

    assert "recorded 1 match" in ok_in(Path("/"), "run", db, "--matches", 1).stdout
    listed = {
        e.name: e.bot
        for e in TypeAdapter(list[EntrantRow]).validate_json(
            quick_ok_in(Path("/"), "list", db, "--json").stdout
        )
    }
    assert listed["script"] == f"{PY} {folder / 'bots' / 'rb.py'} 1 {marker}"
    assert all(r.faults == 0 for r in table(db, cwd=Path("/")).rows)
    for match in games(db, cwd=Path("/")):
        assert all(Path(r).is_file() for r in match.replays), match
    conn = read_only(db)
    meta = {k: json.loads(v) for k, v in conn.execute("SELECT key, value FROM meta")}
    conn.close()
    assert meta["format"] == store.MARK and meta["schema"] == store.SCHEMA_VERSION
    assert meta["ladder_id"]


# ---------------------------------------------------------------------- 5. a full disk


@pytest.mark.parametrize("filler", ["replays", "a-bot-log"])
def test_a_full_disk_stops_the_run_with_one_line_and_nothing_half_recorded(
    tmp_path: Path, ladders: Ladders, marker: str, filler: str
) -> None:
    talks = filler == "a-bot-log"
    if not talks:  # built-in bots: the replays and the database fill the disk
        field, size_kib = BUILTINS, 640
    else:
        # A bot that floods its stderr (2 MiB, then it crashes: its own fault) in every game:
        # the 1 MiB cap of its log fills the disk faster than the replays, from inside the
        # referee's pipe callback; three entrants, so that it plays every match.
        talker = py_bot(FAULTY, "stderr_crash", 0, marker)
        field = {"random-a": "builtin:random", "random-b": "builtin:random", "talker": talker}
        size_kib = 4 * 1024
    template = ladders.copy(tmp_path, field)
    with small_disk(tmp_path / "disk", size_kib) as disk:
        db = disk.where / "ladder.db"
        backup(template, db)
        # The real program where a bot's log fills the disk (from inside the referee's pipe
        # callback, in a table's process); this process for the replays.
        full = cli("run", db, "--matches", 400) if talks else quick("run", db, "--matches", 400)
        line = one_error_line(full)
        assert "disk is full" in line and "recorded" not in full.stdout, full.explain()
        after = check_consistent(db)  # integrity_check ok, every done match whole
        assert after["done"] >= 1 and after["running"] == 0, after
        cut_short = [m.id for m in games(db, last=400) if m.status != "done"]
        for match_id in cut_short:  # the half-written replays of the lost match are gone
            assert not (disk.where / f"ladder.db.files/replays/match-{match_id:06d}").exists()
        assert "identical" in quick_ok("rerate", db, "--check").stdout

        disk.grow(64 * 1024)  # space freed: the same ladder carries on
        again = quick_ok("run", db, "--matches", 1)
        assert "recorded 1 match" in again.stdout
        final = check_consistent(db)
        assert final["done"] == after["done"] + 1 and final["running"] == 0, final
        assert "identical" in quick_ok("rerate", db, "--check").stdout
        for match in games(db):
            if match.status == "done":
                assert all(Path(r).is_file() for r in match.replays), match
    assert leftovers(marker) == []


# -------------------------------------------------------------------- 6. gzipped replays


def test_a_gzip_ladder_writes_gzipped_replays_that_every_reader_takes(tmp_path: Path) -> None:
    db = tmp_path / "ladder.db"
    short = rules_file(tmp_path)
    quick_ok("init", db, "--game", "dice", "--players", 3, "--gzip", "--rules", short, *WEAK)
    for name in ("north", "east", "west"):
        quick_ok("add", db, name, "builtin:random", "--no-check")
    quick_ok("run", db, "--matches", 2)
    replays = [Path(r) for g in games(db) for r in g.replays]
    assert len(replays) == 12
    for replay in replays:
        assert replay.name.endswith(".jsonl.gz") and replay.is_file(), replay
        header = json.loads(gzip.decompress(replay.read_bytes()).splitlines()[0])
        assert header["game"] == "dice"
    out = tmp_path / "index.html"
    quick_ok("standings", db, "--html", out)
    assert all(p.is_file() for p in _linked_pages(out))
    # The replay commands, in this process: what they say and their exit codes.
    verified = invoke(["replay", "verify", *replays])
    assert verified.returncode == 0, verified.stdout + verified.stderr
    page = tmp_path / "one.html"
    exported = invoke(["replay", "export", replays[0], "--html", page])
    assert exported.returncode == 0 and page.is_file(), exported.stderr


# -------------------------------------------------------------------- 7. names and seats


@pytest.mark.parametrize(
    "name",
    ["", "   ", "\t", "bell\x07", "esc\x1b[31mred", "new\nline", "rtl\u202eeman", "x" * 65],
)
def test_an_entrant_name_nobody_could_read_is_refused(
    tmp_path: Path, ladders: Ladders, name: str
) -> None:
    db = ladders.copy(tmp_path, BUILTINS)
    line = one_error_line(quick("add", db, name, "builtin:random", "--no-check"))
    assert "name" in line, line
    listed = TypeAdapter(list[EntrantRow]).validate_json(quick_ok("list", db, "--json").stdout)
    assert [e.name for e in listed] == list(BUILTINS)


def test_a_name_of_64_characters_is_welcome(tmp_path: Path, ladders: Ladders) -> None:
    db = ladders.copy(tmp_path, BUILTINS)
    quick_ok("add", db, "y" * 64, "builtin:random", "--no-check")


def test_a_ladder_of_zero_players_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "ladder.db"
    assert one_error_line(quick("init", db, "--game", "dice", "--players", 0))
    assert not db.exists()
