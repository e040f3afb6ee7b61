"""Files built once per test run and shared by the pytest-xdist workers.

Under pytest-xdist each worker is a pytest session of its own, so a session-scoped fixture is
built once per worker: on two workers the example ladder of the web tests (a dozen matches
with real bots, about 8 s of CPU) was played twice. ``built_once`` builds such a thing once
for the whole run — the pattern of pytest-xdist's documentation, "Making session-scoped
fixtures execute only once" — with the standard library's ``fcntl.flock`` as the lock.

What it shares are files, never a process: a server, a browser or a bot is each worker's own.
The files are read only; whatever a test may change (a ladder a test plays on, a database a
server writes to) is copied first, per worker or per test (SQLite files with the backup API,
as ``tests.web.conftest.copy_ladder`` does: never one file live under two workers' writers).
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from pathlib import Path

import pytest


def built_once(
    tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], Path]
) -> Path:
    """What ``build(folder)`` returns (the folder or a file in it), built once per test run.

    ``build`` is given a fresh, empty folder of this session's and returns the path the
    fixture hands on. Without xdist that is all. Under xdist the first worker to ask builds,
    holding an ``flock`` on ``NAME.lock`` in the run's common base (the parent of the
    workers' own folders); a worker asking meanwhile waits on the lock, then reads the
    returned path from ``NAME.built``, which the builder writes last and atomically. A
    builder that died half way leaves no ``NAME.built`` (and its lock is released with its
    process): the next worker builds again, in a fresh folder, and never trusts a half-built
    one. A build that raises writes nothing either, so each worker that asks sees the error.

    The folder is in the builder's own session folder, not in the common base, so the
    suite-wide check that every replay written under a session's folder verifies
    (tests/conftest.py) still reads what the build wrote: once, in the worker that built it.
    ``name`` must say everything the build depends on: two builds of one name share one
    result."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return build(tmp_path_factory.mktemp(name))
    common = tmp_path_factory.getbasetemp().parent
    done = common / f"{name}.built"
    with open(common / f"{name}.lock", "a", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, or the process dies
        if done.is_file():
            built = Path(done.read_text(encoding="utf-8"))
            if built.exists():
                return built
        built = build(tmp_path_factory.mktemp(name))
        writing = common / f"{name}.built.{os.getpid()}"
        writing.write_text(str(built), encoding="utf-8")
        os.replace(writing, done)
        return built
