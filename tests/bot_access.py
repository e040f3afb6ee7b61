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
