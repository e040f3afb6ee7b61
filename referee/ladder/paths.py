"""Paths a ladder stores, made independent of the folder a command was started in.

A ladder is run from anywhere — a terminal in the contest folder, cron, a service, ``cd /`` —
so nothing it stores may mean something else from another working directory. An entrant's bot
is stored with its program, scripts and manifest as absolute paths (resolved once, at ``add``
or ``update``, against the folder the organiser typed them in); replay paths are stored
relative to the ladder's own files folder (``NAME.db.files/``) and resolved against the
database's location when read.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path, PurePosixPath

from referee.players.botspec import BUILTIN_PREFIX


def files_dir(db_path: Path) -> Path:
    """Replays and bot logs live next to the database, in ``NAME.files/``."""
    return db_path.with_name(db_path.name + ".files")


def _absolute(item: str, base: Path) -> str:
    # abspath, not resolve(): a symlink the organiser named (a virtualenv's python) stays one.
    return item if os.path.isabs(item) else os.path.abspath(base / item)


def absolute_bot(argument: str, base: Path) -> str:
    """The BOT argument with every path in it made absolute against ``base``.

    The same words are paths as for ``parse_bot`` and for the bot's start
    (``referee.players.process``):
    a manifest file; the program when it is named by a path (``./bot``, ``bots/bot``); and
    every later argument that is not an option and names an existing file or folder under
    ``base``. A program named without a folder (``python3``) is looked up on PATH when the bot
    starts, as for ``thousand match``: that does not depend on the working directory, and the
    sandbox tells a bot's own program from its interpreter by it. Built-ins and words that
    name nothing are left as they are.
    """
    text = argument.strip()
    if not text or text.startswith(BUILTIN_PREFIX):
        return text
    if Path(text).suffix in (".json", ".toml") and " " not in text:
        return _absolute(text, base)
    try:
        argv = shlex.split(text)
    except ValueError:
        return text  # parse_bot says what is wrong with it
    if not argv:
        return text
    if os.sep in argv[0]:
        argv[0] = _absolute(argv[0], base)
    for index, item in enumerate(argv[1:], start=1):
        if item and not item.startswith("-") and (base / item).exists():
            argv[index] = _absolute(item, base)
    return shlex.join(argv)


def stored_replay(replay: str, db_path: Path) -> str:
    """How a replay path is kept in the database: relative to the ladder's files folder when
    it lies inside it, otherwise absolute. ``db_path`` must be absolute."""
    path = Path(os.path.abspath(replay))
    try:
        return str(PurePosixPath(path.relative_to(files_dir(db_path))))
    except ValueError:
        return str(path)


def migrated_replay(stored: str, db_path: Path) -> str:
    """A replay path written by an older ladder, relative to whatever folder ``ladder run``
    happened to start in: the part after ``NAME.db.files/`` is the same from any folder; any
    other relative path is taken as relative to the database's folder (the best guess)."""
    if os.path.isabs(stored):
        return stored_replay(stored, db_path)
    parts = Path(stored).parts
    marker = files_dir(db_path).name
    if marker in parts:
        rest = parts[len(parts) - parts[::-1].index(marker) :]
        return str(PurePosixPath(*rest)) if rest else stored
    return stored_replay(str(db_path.parent / stored), db_path)


def replay_file(stored: str, db_path: Path) -> Path:
    """The file a stored replay path names, from any working directory (also a path an older
    ladder stored and has not yet migrated, which names the files folder in it)."""
    path = Path(stored)
    if path.is_absolute():
        return path
    parts = path.parts
    marker = files_dir(db_path).name
    if marker in parts:
        parts = parts[len(parts) - parts[::-1].index(marker) :]
    return files_dir(db_path).joinpath(*parts)
