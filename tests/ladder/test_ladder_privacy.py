"""A ladder's own files are closed to the bots: made private by ``ladder init``, and a warning
from ``init``, ``run`` and ``serve`` where they are not.

The database holds the master seed (every deal and throw to come) and the files folder the
replays being written; a bot of a root referee runs as the sandbox user (``nobody``), so what
that user may read is what a bot may read wherever its sandbox shows it (bwrap shows /opt).
Before issue 27 a ladder was made mode 644 in whatever folder it was given, and nothing said
so: a bot in a ladder kept in /opt read the seed.
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ladder.conftest import quick, quick_ok


def _private_ladder(folder: Path) -> Path:
    db = folder / "contest.db"
    quick_ok("init", db, "--game", "dice")
    return db


def test_init_makes_the_database_and_its_files_folder_private(tmp_path: Path) -> None:
    db = _private_ladder(tmp_path)
    assert db.stat().st_mode & 0o777 == 0o600
    files = tmp_path / "contest.db.files"
    assert files.is_dir() and files.stat().st_mode & 0o777 == 0o700


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder anyone may enter (pytest's own are private to their owner)."""
    folder = Path(tempfile.mkdtemp(prefix="thousand-open-ladder-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _loosened(folder: Path) -> Path:
    """A ladder as older versions made it: readable by anyone who may enter its folder."""
    db = _private_ladder(folder)
    db.chmod(0o644)
    (folder / "contest.db.files").chmod(0o755)
    return db


def _reader() -> str:
    return "user nobody" if os.geteuid() == 0 else "every user of this machine"


def test_run_warns_about_a_ladder_a_bot_could_read(open_folder: Path) -> None:
    """In this process: the warning is the command's output."""
    db = _loosened(open_folder)
    done = quick("run", db, "--matches", "1")
    warnings = [line for line in done.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1, done.explain()
    assert str(db) in warnings[0] and _reader() in warnings[0], warnings
    assert "chmod" in warnings[0]
    # Made private again, the same ladder draws no warning.
    db.chmod(0o600)
    (db.parent / "contest.db.files").chmod(0o700)
    done = quick("run", db, "--matches", "1")
    assert "warning" not in done.stderr, done.explain()


def test_serve_warns_about_a_ladder_a_bot_could_read(open_folder: Path) -> None:
    """In this process too, on a port this test holds: the warning comes before the server
    binds its socket, which then stops it with one line instead of serving for ever."""
    db = _loosened(open_folder)
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen(1)
        done = quick("serve", db, "--port", holder.getsockname()[1])
    first = done.stderr.splitlines()[0] if done.stderr else ""
    assert first.startswith("thousand: warning:") and str(db) in first, done.explain()
    assert _reader() in first
    assert done.returncode != 0 and "in use" in done.stderr, done.explain()
