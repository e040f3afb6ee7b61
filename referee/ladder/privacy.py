"""Whether a bot could read a ladder's own files: its database (the master seed, so every deal
and throw of every match to come) and its files folder (replays being written, bot logs,
other contestants' submissions).

The sandbox keeps a bot away from them in two ways: bwrap shows a bot only the system folders
and its own files, and a root referee's bots run as the sandbox user, to whom host permissions
apply. Both fail open when the organiser keeps the ladder where the bot is shown it and leaves
it readable: in /opt (shown by bwrap) with a world-readable mode, as a test of issue 27 found.
A ladder made by ``ladder init`` is private (mode 600 and 700); this is the check for one made
before that, or loosened since, said as a warning at ``init``, ``run`` and ``serve``.
"""

from __future__ import annotations

import os
from pathlib import Path

from referee.ladder import paths
from referee.players.sandbox import Sandbox, identity, may_read

STRANGER = (-1, -1)
"""A uid and gid no file has: may_read as them asks what every user of the machine may read."""


def exposure(db: Path, sandbox: Sandbox) -> str | None:
    """One line on who could read the ladder's files besides its owner, or None. Raises
    ``SandboxError`` when the sandbox user cannot be used."""
    user = identity(sandbox)
    reader, who = (
        (user, f"user {sandbox.user} (uid {user[0]}), whom every bot runs as")
        if user is not None
        else (STRANGER, "every user of this machine, and a bot whose sandbox shows it")
    )
    for path in (db, paths.files_dir(db)):
        if path.exists() and may_read(path, *reader):
            folder = path if path.is_dir() else path.parent
            return (
                f"{path} can be read by {who}: it holds the ladder's secrets (the master seed, "
                f"the replays being written); make it private (chmod 700 {folder}, or "
                f"chmod 600 {db} and chmod 700 {paths.files_dir(db)})"
            )
    return None


def exposed_warning(db: Path, sandbox: Sandbox) -> str | None:
    """The warning the commands print (``referee.errors.warn``) about ``db``, or None."""
    return exposure(db.resolve() if db.exists() else Path(os.path.abspath(db)), sandbox)
