"""Admission sees what a cluster's worker will see: a bot whose files cannot travel as a bundle
(referee/cluster/bundles.py) is refused when it is admitted — by ``ladder add``, with or
without the conformance check, and by the shared ``admission.check`` the contest server's
submissions go through — with the reason in one line, before the bot is run at all. Every
folder here is hostile in one way; a folder with an ordinary link inside it is admitted.

And what admission cannot see, a bot broken after it (its files gone): it forfeits its own
matches, never its table-mates', and is disabled after ``service.UNRUNNABLE_LIMIT`` of them."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import stat
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from referee.cluster.bundles import MAX_BUNDLE_BYTES, MAX_BUNDLE_FILES
from referee.ladder import admission, service, store
from referee.ladder.executor import LocalExecutor
from referee.players.botspec import parse_bot
from referee.players.sandbox import Sandbox
from tests.ladder.conftest import RANDOM_BOT, make_ladder, one_error_line, quick, quick_ok
from tests.requirements import unavailable


def bot_folder(root: Path, command: str = f'["{sys.executable}", "bot.py", "1"]') -> Path:
    """A manifest bot in a folder of its own; returns the manifest."""
    folder = root / "bot"
    folder.mkdir()
    (folder / "bot.py").write_bytes(RANDOM_BOT.read_bytes())
    manifest = folder / "bot.toml"
    manifest.write_text(f"command = {command}\n", encoding="utf-8")
    return manifest


def bot_folder_for(kind: str, root: Path) -> Path:
    """The issue's bot ran through its link (``./run bot.py``); the others name the
    organiser's interpreter."""
    return bot_folder(root, '["./run", "bot.py", "1"]') if kind == "link out" else bot_folder(root)


def link_out(folder: Path) -> None:
    """What a build did (issue 27): the interpreter linked into the folder."""
    (folder / "run").symlink_to("/usr/bin/python3")


def link_loop(folder: Path) -> None:
    (folder / "a").symlink_to("b")
    (folder / "b").symlink_to("a")


def link_out_and_back(folder: Path) -> None:
    """Resolves inside the folder here, but leaves it by its name: on a worker the folder has
    another name, and the link points out of it."""
    (folder / "book").symlink_to(f"../{folder.name}/bot.py")


def huge_file(folder: Path) -> None:
    with open(folder / "blob", "wb") as blob:
        blob.truncate(MAX_BUNDLE_BYTES + 1)  # sparse: no disk used


def too_many_files(folder: Path) -> None:
    many = folder / "many"
    many.mkdir()
    for index in range(MAX_BUNDLE_FILES + 1):
        (many / str(index)).touch()


def fifo(folder: Path) -> None:
    os.mkfifo(folder / "pipe")


def device(folder: Path) -> None:
    try:
        os.mknod(folder / "null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        unavailable("making a device file needs root")


def unix_socket(folder: Path) -> None:
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(folder / "sock"))
    listener.close()  # the socket file stays


HOSTILE: dict[str, tuple[Callable[[Path], None], str]] = {
    "link out": (link_out, "is a link out of the bot's folder (to '/usr/bin/python3')"),
    "link loop": (link_loop, "is a link that resolves to nothing (a loop)"),
    "link out and back": (link_out_and_back, "is a link out of the bot's folder"),
    "huge file": (huge_file, f"weigh more than {MAX_BUNDLE_BYTES >> 20} MB"),
    "too many files": (too_many_files, f"are more than {MAX_BUNDLE_FILES}"),
    "fifo": (fifo, "is a FIFO"),
    "device": (device, "is a device"),
    "socket": (unix_socket, "is a socket"),
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_ladder_add_refuses_a_folder_that_cannot_travel(tmp_path: Path, kind: str) -> None:
    """With the conformance check and without it, on one hostile folder. Both ways call the
    same bundle test on the same bot before anything else runs; the folder of too many files
    (20,001 of them, packed to be counted: seconds a time) is tried the riskier way only, with
    the check, which a refusal must come before."""
    db = make_ladder(tmp_path, {})
    manifest = bot_folder_for(kind, tmp_path)
    make, reason = HOSTILE[kind]
    make(manifest.parent)
    for check in [[]] if kind == "too many files" else [[], ["--no-check"]]:
        refused = quick("add", db, "mallory", manifest, *check)
        assert refused.returncode == 1, (check, refused.explain())
        line = one_error_line(refused)
        assert "cannot travel to a cluster's workers" in line and reason in line, (check, line)
        assert "checking" not in refused.stderr, check  # refused before the bot ran
        assert "mallory" not in quick_ok("list", db).stdout, check


def test_a_folder_with_links_inside_it_is_admitted(tmp_path: Path) -> None:
    db = make_ladder(tmp_path, {})
    manifest = bot_folder(tmp_path)
    (manifest.parent / "data").mkdir()
    (manifest.parent / "data" / "book.txt").write_text("opening book\n")
    (manifest.parent / "latest").symlink_to("bot.py")
    (manifest.parent / "data" / "up").symlink_to("../bot.py")
    (manifest.parent / "gone").symlink_to("built-later")  # dangling, but inside
    quick_ok("add", db, "alice", manifest, "--no-check")
    assert "alice" in quick_ok("list", db).stdout


@pytest.mark.parametrize("kind", ["link out", "fifo"])
def test_the_servers_admission_check_refuses_it_before_running_the_bot(
    tmp_path: Path, kind: str
) -> None:
    """The contest server admits a submission with ``admission.check`` (web/submissions.py):
    the same refusal, as a problem of the check's report, and no game played."""
    db = make_ladder(tmp_path, {})
    manifest = bot_folder_for(kind, tmp_path)
    make, reason = HOSTILE[kind]
    make(manifest.parent)
    conn = store.connect(db, write=False)
    try:
        terms = admission.terms(store.read_meta(conn))
    finally:
        conn.close()
    report = asyncio.run(admission.check(parse_bot(str(manifest)), terms))
    assert report.games == 0
    assert [p["fault"] for p in report.problems] == ["bundle"]
    (line,) = admission.reasons(report)
    assert "cannot travel to a cluster's workers" in line and reason in line, line


def test_an_entrant_whose_bot_vanishes_forfeits_and_is_disabled_after_the_limit(
    tmp_path: Path, marker: str
) -> None:
    """After admission, on the local executor too: a bot whose files have gone forfeits
    (faults in every game, its table-mates' match recorded), is named, and is disabled by its
    ``UNRUNNABLE_LIMIT``-th forfeit in a row; enabled again while still broken, it is disabled
    again by its next forfeit, not given the whole count again."""
    folder = tmp_path / "vanishing"
    folder.mkdir()
    (folder / "bot.py").write_bytes(RANDOM_BOT.read_bytes())
    good = {"r1": "builtin:random", "r2": "builtin:random", "f1": "builtin:first"}
    db = make_ladder(  # capped: builtin:first never stops a turn
        tmp_path,
        {**good, "vanishing": f"{sys.executable} {folder}/bot.py 1 {marker}"},
        rules="capped",
    )
    (folder / "bot.py").unlink()

    def play_until_disabled(limit: int) -> list[service.Forfeit]:
        seen: list[service.Forfeit] = []
        stop = asyncio.Event()

        def on_forfeit(forfeit: service.Forfeit) -> None:
            seen.append(forfeit)
            if forfeit.disabled:
                stop.set()

        executor = LocalExecutor(Sandbox(mode="rlimits"))
        budget = service.Budget(matches=limit)
        asyncio.run(service.run(db, executor, budget, 1, stop, on_forfeit=on_forfeit))
        return seen

    first = play_until_disabled(80)
    assert [f.streak for f in first] == list(range(1, service.UNRUNNABLE_LIMIT + 1)), first
    assert [f.disabled for f in first] == [False] * (service.UNRUNNABLE_LIMIT - 1) + [True]
    assert all(f.name == "vanishing" and "bot script not found" in f.reason for f in first)
    conn = store.connect(db, write=False)
    try:
        rows = {e.name: e for e in store.entrants(conn)}
        assert not rows["vanishing"].enabled
        assert rows["vanishing"].fault_games == rows["vanishing"].games > 0
        assert all(rows[name].enabled and rows[name].faults == 0 for name in good)
        summaries = [
            json.loads(r["summary"])
            for r in conn.execute("SELECT summary FROM matches WHERE status = 'done'")
        ]
        assert (
            conn.execute("SELECT COUNT(*) FROM matches WHERE status != 'done'").fetchone()[0] == 0
        )
    finally:
        conn.close()
    named = [s["unrunnable"] for s in summaries if "unrunnable" in s]
    assert named == [{str(rows["vanishing"].id): first[0].reason}] * service.UNRUNNABLE_LIMIT

    quick_ok("enable", db, "vanishing")
    again = play_until_disabled(80)
    assert [(f.streak, f.disabled) for f in again] == [(service.UNRUNNABLE_LIMIT + 1, True)]
