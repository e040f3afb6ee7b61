"""What a Dask worker does with a task: unpack the bots' bundles (verified by digest), play the
task's games with the referee's own ``run_match`` (same sandbox, clocks and fault policy as a
local run), and hand back the outcomes with the replays and logs packed and compressed.

The worker writes only below a temporary folder of its own, removed before the task returns:
the coordinator is the one writer of a ladder's or a match's files.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import os
import socket
import tarfile
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from referee.cluster.bundles import (
    BundleError,
    PortableBot,
    default_cache,
    materialise,
    missing_program,
    unpack,
)
from referee.games.match_types import GameOutcome, MatchConfig
from referee.games.tables import run_match
from referee.safetext import for_terminal
from thousand.errors import ThousandError


class BundleMissing(ThousandError, RuntimeError):
    """The task came without a bundle's bytes (the coordinator believed this worker had it
    cached) and the cache lacks it or holds a changed copy: send it again, with the bytes."""

    def __init__(self, worker: str, digest: str) -> None:
        super().__init__(f"worker {worker} lacks bundle {digest[:16]}")
        self.worker = worker
        self.digest = digest

    def __reduce__(self) -> tuple[type[BundleMissing], tuple[str, str]]:
        return (BundleMissing, (self.worker, self.digest))


class WorkerUnfit(ThousandError, RuntimeError):
    """This worker cannot run a bot of the task (its interpreter is not installed here): the
    worker's fault, not the bot's — the coordinator sends the task to another worker."""

    def __init__(self, worker: str, reason: str) -> None:
        super().__init__(f"worker {worker}: {reason}")
        self.worker = worker
        self.reason = reason

    def __reduce__(self) -> tuple[type[WorkerUnfit], tuple[str, str]]:
        return (WorkerUnfit, (self.worker, self.reason))


@dataclass
class Task:
    """One share of a match: the games ``only`` of ``config`` (bots left out: they travel as
    ``bots`` and ``bundles``). ``files``: the coordinator wants replays and logs back."""

    config: MatchConfig
    bots: list[PortableBot]
    bundles: dict[str, bytes | None]
    """By digest; None where this worker should have the bundle in its cache already."""
    only: tuple[int, ...] | None
    files: bool = True


@dataclass
class TaskResult:
    outcomes: list[GameOutcome]
    files: bytes
    """A gzip'd tar of ``replays/...`` and ``logs/...`` (replay paths in ``outcomes`` are
    relative to it)."""
    worker: str
    seconds: float
    """On the worker, all told: bundles unpacked and verified, games played, files packed."""
    play_seconds: float = 0.0
    """Of which playing the games (what a local run would spend too)."""
    notes: list[str] = field(default_factory=list)


def _address() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):
        return f"{socket.gethostname()}:{os.getpid()}"


def play(task: Task) -> TaskResult:
    """The task function a worker runs (in one of its threads). A file this worker cannot
    write (its disk full, its cache folder read-only) is the worker's fault: the task goes to
    another worker rather than counting against the match or its bots."""
    where = _address()
    try:
        return _play(task, where)
    except OSError as error:
        reason = f"cannot write its files ({error.strerror or error}: {error.filename})"
        raise WorkerUnfit(where, for_terminal(reason, 300)) from None


def _play(task: Task, where: str) -> TaskResult:
    started = time.perf_counter()
    cache = default_cache()
    roots = {}
    for digest, data in task.bundles.items():
        try:
            roots[digest] = unpack(digest, data, cache)
        except BundleError as error:
            if data is None:  # not cached here after all (or changed): ask for the bytes
                raise BundleMissing(where, digest) from None
            # The coordinator unpacked and verified these very bytes before sending them
            # (``verify_travels``): if they fail here, this worker differs (its Python, its
            # file system), which is no bot's fault and no reason to lose the match.
            raise WorkerUnfit(where, for_terminal(str(error), 300)) from None
    specs = [materialise(b, roots.get(b.bundle) if b.bundle else None) for b in task.bots]
    for spec in specs:
        reason = missing_program(spec)
        if reason is not None:
            raise WorkerUnfit(where, reason)
    with tempfile.TemporaryDirectory(prefix="thousand-task-") as temp:
        base = Path(temp)
        replays = base / "replays" if task.files and task.config.replays is not None else None
        logs = base / "logs"
        for folder in (replays, logs):
            if folder is not None:
                folder.mkdir()
        config = dataclasses.replace(
            task.config, bots=specs, only=task.only, replays=replays, logs=logs
        )
        playing = time.perf_counter()
        outcomes = asyncio.run(run_match(config))
        played = time.perf_counter() - playing
        for outcome in outcomes:
            if outcome.replay is not None:
                outcome.replay = outcome.replay.relative_to(base)
        files = _pack_files(base) if task.files else b""
    return TaskResult(outcomes, files, where, time.perf_counter() - started, played)


def _pack_files(base: Path) -> bytes:
    buffer = io.BytesIO()
    # Level 1: most of gzip's gain on JSON lines at a fraction of its time (the archive only
    # crosses the network once).
    with tarfile.open(fileobj=buffer, mode="w:gz", compresslevel=1) as tar:
        for folder in ("replays", "logs"):
            path = base / folder
            if not path.is_dir():
                continue
            for item in sorted(path.iterdir()):
                if item.is_file() and not item.is_symlink():
                    tar.add(item, f"{folder}/{item.name}", recursive=False)
    return buffer.getvalue()
