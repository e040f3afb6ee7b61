"""Helpers for the ladder's data tests: the real CLI started in a chosen folder, files of other
programs, snapshots of a folder's bytes, and real mounts (a read-only view, a small tmpfs).

Mounting needs root (or CAP_SYS_ADMIN). Where it is refused the test is skipped with the
reason — except under ``CI=true``, where a skipped data-safety test would hide a regression,
so it fails instead.
"""

from __future__ import annotations

import contextlib
import hashlib
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tests.inprocess import invoke
from tests.ladder.conftest import Done, thousand
from tests.requirements import unavailable


def cli_in(cwd: Path, *args: object, timeout: float = 120.0) -> Done:
    """``thousand ladder ARGS`` as a separate program started in ``cwd`` (cron, a service
    and a person in another folder all start it somewhere else than the contest folder)."""
    argv = [*thousand(), "ladder", *(str(a) for a in args)]
    done = subprocess.run(
        argv, capture_output=True, text=True, timeout=timeout, cwd=cwd, check=False
    )
    return Done(argv, done.returncode, done.stdout, done.stderr)


def ok_in(cwd: Path, *args: object, timeout: float = 120.0) -> Done:
    done = cli_in(cwd, *args, timeout=timeout)
    assert done.returncode == 0, done.explain()
    assert "Traceback" not in done.stderr, done.explain()
    return done


def quick_in(cwd: Path, *args: object) -> Done:
    """``thousand ladder ARGS`` in this process (click's runner), from ``cwd``: the same code
    resolving the same relative paths, without a program's start-up. The folder is this
    process's own while the command runs (tests of one process run one at a time)."""
    from referee.cli.ladder import ladder

    argv = [str(a) for a in args]
    return Done(["thousand", "ladder", *argv], *invoke(argv, command=ladder, cwd=cwd))


def quick_ok_in(cwd: Path, *args: object) -> Done:
    done = quick_in(cwd, *args)
    assert done.returncode == 0, done.explain()
    assert "Traceback" not in done.stderr, done.explain()
    return done


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` by relative path, with a digest of its bytes."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def foreign_sqlite(path: Path) -> None:
    """Another program's SQLite database, in the default rollback-journal mode, with data."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, item TEXT)")
        conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        conn.execute("INSERT INTO orders (item) VALUES ('tea'), ('bread')")
        conn.execute("INSERT INTO meta VALUES ('app', 'shop')")
        conn.commit()
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    finally:
        conn.close()


def _mount(*args: str) -> None:
    done = subprocess.run(["mount", *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        unavailable(f"mount {' '.join(args)} refused: {done.stderr.strip()}")


def _umount(target: Path) -> None:
    subprocess.run(["umount", "-l", str(target)], capture_output=True, check=False)


@contextlib.contextmanager
def read_only_view(folder: Path) -> Iterator[Path]:
    """``folder`` bind-mounted read-only at another path: writes fail with EROFS there even
    for root, as on a read-only disk or a snapshot."""
    target = Path(tempfile.mkdtemp(prefix="ro-view-", dir=folder.parent))
    _mount("--bind", str(folder), str(target))
    try:
        _mount("-o", "remount,bind,ro", str(target))
        yield target
    finally:
        _umount(target)
        target.rmdir()


class SmallDisk:
    """A tmpfs of a given size: a disk that fills up for real (ENOSPC from the kernel)."""

    def __init__(self, where: Path, size_kib: int) -> None:
        self.where = where
        self.where.mkdir()
        _mount("-t", "tmpfs", "-o", f"size={size_kib}k,mode=0755", "tmpfs", str(where))

    def grow(self, size_kib: int) -> None:
        """The same disk made roomier, its files kept (a person freed space)."""
        _mount("-o", f"remount,size={size_kib}k", str(self.where))

    def close(self) -> None:
        _umount(self.where)


@contextlib.contextmanager
def small_disk(where: Path, size_kib: int) -> Iterator[SmallDisk]:
    disk = SmallDisk(where, size_kib)
    try:
        yield disk
    finally:
        disk.close()


def backup(source: Path, target: Path) -> None:
    """A copy of a ladder by SQLite's backup (it includes what is still in the source's log)."""
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()
