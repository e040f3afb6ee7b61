"""Folders of a test that its bots must reach: a root referee runs every bot as the sandbox
user (``nobody``), and pytest's own folders are private to root (mode 700 all the way down).

A test whose bots read a file it wrote beside them (a spec, a rules file) or write what they
saw into a folder of the test's (a recorder's transcript) opens that one folder to the sandbox
user with ``open_to_bots``: the folders above it get search permission only (no listing), the
folder itself becomes the sandbox user's. An unprivileged referee's bots run as the test's own
user, and nothing needs to change.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

from referee.players.sandbox import DEFAULT_USER, host_user


def open_to_bots(folder: Path) -> Path:
    if os.geteuid() != 0:
        return folder
    uid, gid = host_user(DEFAULT_USER)
    real = folder.resolve()
    for parent in real.parents:
        mode = parent.stat().st_mode
        if not mode & 0o001:
            os.chmod(parent, mode | 0o001)
    os.chown(real, uid, gid)
    return folder


TEMP_ROOT = "thousand-tests"
"""Under the system's temporary folder: the sessions' folders of a root test run."""
KEPT_HOURS = 24
"""A session folder older than this is removed when a new session starts (pytest keeps three
of its own; ours may be in use by a concurrent session, so age decides, not count)."""


def session_basetemp() -> Path | None:
    """A fresh folder for this session's tmp_path folders, outside ``/tmp/pytest-of-root``, for
    a root run (None otherwise: pytest's own place serves an unprivileged run).

    Every pytest session started as root closes ``/tmp/pytest-of-root`` again (mode 700: pytest
    guards it against other users), and so takes away, mid-test, the way in that
    ``open_to_bots`` gave another session's bots: a second ``pytest`` beside a running one made
    its bots fail with "file not found" for a spec or log that was there. Our own root folder is
    left alone by pytest; its folders are root's, mode 711, so a bot still reaches only the one
    folder opened to it."""
    if os.geteuid() != 0:
        return None
    root = Path(tempfile.gettempdir()) / TEMP_ROOT
    root.mkdir(mode=0o711, exist_ok=True)
    info = root.lstat()
    if root.is_symlink() or info.st_uid != 0:
        return None  # not ours: pytest's guarded place instead
    os.chmod(root, 0o711)
    stale = time.time() - KEPT_HOURS * 3600
    for old in root.iterdir():
        if old.is_dir() and not old.is_symlink() and old.lstat().st_mtime < stale:
            shutil.rmtree(old, ignore_errors=True)
    return Path(tempfile.mkdtemp(prefix="", dir=root))  # short: paths appear in reports
