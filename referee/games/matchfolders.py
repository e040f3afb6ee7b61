"""Where one `thousand match` keeps its files: a folder of its own that no other match shares.

A match never writes into a folder another match (earlier, or running at the same time) may
use: replays would be overwritten and the bots' stderr logs appended to. Each match therefore
creates a new sub-folder with ``os.mkdir``, which fails rather than reuses a folder that exists,
so two matches started in the same second still get two folders.
"""

from __future__ import annotations

import datetime
import os
import secrets
import tempfile
from pathlib import Path

from thousand.errors import ThousandError

ATTEMPTS = 100


class FolderError(ThousandError, OSError):
    """A match folder cannot be made; the message is one line for a person."""


def new_match_folder(parent: Path, name: str | None = None) -> Path:
    """Create ``parent/match-YYYYmmdd-HHMMSS-XXXX`` (or ``parent/name``) and return it; the
    parent is created if missing, the match folder itself never reused."""
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FolderError(f"cannot create folder {parent}: {error.strerror}") from None
    if name is not None:
        return _make(parent / name)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    for _ in range(ATTEMPTS):
        try:
            return _make(parent / f"match-{stamp}-{secrets.token_hex(2)}", reuse_is_error=False)
        except FileExistsError:
            continue
    raise FolderError(f"cannot find a free folder name in {parent}")


def _make(folder: Path, *, reuse_is_error: bool = True) -> Path:
    try:
        os.mkdir(folder)
    except FileExistsError:
        if not reuse_is_error:
            raise
        raise FolderError(f"folder {folder} already exists: a match never reuses one") from None
    except OSError as error:
        raise FolderError(f"cannot create folder {folder}: {error.strerror}") from None
    return folder


def temporary_log_folder() -> Path:
    """Where the bots' stderr goes when neither --replays nor --logs says: a new folder under
    the system's temporary folder, so that a fault can still be explained from the log."""
    try:
        return Path(tempfile.mkdtemp(prefix="thousand-match-logs-"))
    except OSError as error:
        raise FolderError(
            f"cannot create a log folder in {tempfile.gettempdir()}: {error.strerror}"
        ) from None


def tidy_temporary_logs(folder: Path) -> bool:
    """After a match that logged to a ``temporary_log_folder``: remove its empty logs and
    empty folders, so that thousands of quiet matches leave nothing in the temporary folder;
    True when nothing was left. A log with something in it stays (a bot's debug output, a
    fault's explanation): the caller says where. Never follows a link."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return False
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False):
                tidy_temporary_logs(Path(entry.path))
            elif (
                entry.is_file(follow_symlinks=False)
                and entry.stat(follow_symlinks=False).st_size == 0
            ):
                os.unlink(entry.path)
        except OSError:
            continue
    try:
        os.rmdir(folder)
    except OSError:  # not empty: something worth keeping is in it
        return False
    return True
