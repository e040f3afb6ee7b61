"""The coordinator's side of a task's files: the replays and bots' logs a worker packed are
written here, durably, where a local run would have written them.

A replay is written to a temporary name, synced and renamed, so a coordinator killed meanwhile
leaves either the whole file or none; a bot's log is appended to (a match's tasks each wrote
their own share of one table's log). Only plain file names are accepted, whatever the archive
says: a worker is trusted, but its archive still never names a path outside the two folders.
"""

from __future__ import annotations

import io
import os
import re
import tarfile
import tempfile
from pathlib import Path

from referee.games.match_types import GameOutcome
from thousand.errors import ThousandError

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]{0,200}$")
MAX_RETURNED_BYTES = 4 << 30
"""The most a task's files may unpack to (a guard against a corrupt archive, not a quota)."""


class ReturnError(ThousandError, OSError):
    """A task's archive that cannot be written here; one line."""


def _durable(path: Path, data: bytes) -> None:
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_returned(
    archive: bytes, replays: Path | None, logs: Path | None, outcomes: list[GameOutcome]
) -> None:
    """Write a task's files and point its outcomes' replays at them."""
    if not archive:
        for outcome in outcomes:
            outcome.replay = None
        return
    written: dict[str, Path] = {}
    total = 0
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tar:
        for member in tar:
            folder, _, name = member.name.partition("/")
            target = {"replays": replays, "logs": logs}.get(folder)
            if target is None or not member.isfile() or not _NAME.match(name):
                continue
            total += member.size
            if total > MAX_RETURNED_BYTES:
                raise ReturnError("a task's files unpack to more than 4 GB: refused")
            source = tar.extractfile(member)
            if source is None:
                continue
            data = source.read()
            target.mkdir(parents=True, exist_ok=True)
            if folder == "logs":
                with open(target / name, "ab") as handle:
                    handle.write(data)
            else:
                _durable(target / name, data)
                written[f"replays/{name}"] = target / name
    for parent in {p.parent for p in written.values()}:
        _sync_folder(parent)
    for outcome in outcomes:
        if outcome.replay is not None:
            outcome.replay = written.get(str(outcome.replay))
