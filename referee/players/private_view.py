"""What a bwrap sandbox shows of the folders an organiser keeps files in (``PRIVATE_SCAN``).

A bot under bwrap runs as a host user (the sandbox user of a root referee, or an
unprivileged referee's own user). Whatever that user may read under /etc, /opt and
/usr/local while strangers may not — a ladder in /opt/contest at mode 700, owned by the
referee that runs it — must not reach the bot, yet the rest of those folders (tools in
/usr/local, configuration in /etc) must.

The hidden paths come from one look at the machine, ``RESCAN_SECONDS`` old at most. Each
used to be covered with an empty tmpfs on its own path, for which bwrap must create a mount
point: when the path had gone in the meantime (a folder removed while a ladder ran), bwrap
could not create it in the read-only /opt ("Can't mkdir …: Read-only file system") and no bot
started — a test that made and removed one beside a running ladder turned the games of two
matches into absences, on CI. A check just before the start narrowed that window but could
not close it. Now each folder that holds something hidden becomes an empty tmpfs into which
its entries as they are at the bot's start are bound back with ``--ro-bind-try``, but for
those hidden by the look and any that is private now (made since the look): nothing has to
exist for bwrap to start, an entry gone since is skipped, a hidden path is not shown even
by name, and a folder made since the look is shown at once if anyone may read it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from collections.abc import Iterable
from dataclasses import dataclass

PRIVATE_SCAN = ("/etc", "/opt", "/usr/local")
"""Where, inside the system folders bwrap shows, an organiser's own files may lie (a contest
kept in /opt, keys in /etc, tools in /usr/local); the rest of /usr is the package manager's."""

RESCAN_SECONDS = 60.0
"""How long one look at ``PRIVATE_SCAN`` serves (a look costs 0.1-0.3 s, a bot start ~30 ms):
a private folder made while a ladder runs is hidden from the bots started a minute later."""


@dataclass(frozen=True)
class OrganiserView:
    """One look at ``PRIVATE_SCAN`` for one host user."""

    uid: int
    gids: frozenset[int]
    hidden: frozenset[str]
    """What the user may read and other users may not (folders are not entered)."""
    covered: tuple[str, ...]
    """The folders holding a hidden path, each shown as an empty tmpfs, parents first."""

    def mounts(self) -> list[str]:
        """bwrap arguments, after the system folders' binds, that show all but the hidden:
        each covered folder's entries as they are now (one listing of a few folders per bot
        start), less those hidden by the look or private now."""
        mounts: list[str] = []
        skipped = self.hidden.union(self.covered)
        for folder in self.covered:
            mounts += ["--tmpfs", folder]
            with contextlib.suppress(OSError):
                for entry in sorted(os.scandir(folder), key=lambda entry: entry.name):
                    with contextlib.suppress(OSError):
                        if entry.path in skipped or _hidden_now(entry, self.uid, self.gids):
                            continue
                        if entry.is_symlink():
                            mounts += ["--symlink", os.readlink(entry.path), entry.path]
                        else:
                            mounts += ["--ro-bind-try", entry.path, entry.path]
        return mounts


_views: dict[tuple[int, frozenset[int]], tuple[float, OrganiserView]] = {}


def organiser_view(uid: int, gids: frozenset[int]) -> OrganiserView:
    """The view for ``uid`` (in ``gids``): the last look if younger than ``RESCAN_SECONDS``."""
    key = (uid, gids)
    now = time.monotonic()
    last = _views.get(key)
    if last is None or now - last[0] > RESCAN_SECONDS:
        last = (now, look(uid, gids))
        _views[key] = last
    return last[1]


def look(uid: int, gids: frozenset[int]) -> OrganiserView:
    hidden = _hidden(uid, gids)
    covered = sorted({folder for path in hidden for folder in _folders_above(path)})
    return OrganiserView(uid, gids, frozenset(hidden), tuple(covered))


def _hidden_now(entry: os.DirEntry[str], uid: int, gids: frozenset[int]) -> bool:
    """What the look would hide of an entry of a covered folder, decided at the start."""
    return _is_hidden(entry.stat(follow_symlinks=False), uid, gids)


def _is_hidden(found: os.stat_result, uid: int, gids: frozenset[int]) -> bool:
    """A folder the user may list and enter, or a file it may read, and a stranger may not
    (links and special files are never read through: a link's target is checked itself)."""
    if stat.S_ISDIR(found.st_mode):
        return _private(found, uid, gids, 0o5)
    return stat.S_ISREG(found.st_mode) and _private(found, uid, gids, 0o4)


def _folders_above(path: str) -> list[str]:
    """The folders from the ``PRIVATE_SCAN`` top down to ``path``'s own, both included."""
    top = next(top for top in PRIVATE_SCAN if path.startswith(top + "/"))
    folders = [top]
    for part in path[len(top) + 1 :].split("/")[:-1]:
        folders.append(f"{folders[-1]}/{part}")
    return folders


def _hidden(uid: int, gids: frozenset[int]) -> tuple[str, ...]:
    """Files and folders under ``PRIVATE_SCAN`` that ``uid`` (in ``gids``) may read but a
    stranger may not. For a root referee that user is the sandbox user, who owns nothing
    there; for an unprivileged referee it is the referee itself."""
    hidden: list[str] = []
    for top in PRIVATE_SCAN:
        for folder, dirs, files in os.walk(top):
            for name in list(dirs):
                path = os.path.join(folder, name)
                with contextlib.suppress(OSError):
                    if _is_hidden(os.lstat(path), uid, gids):
                        hidden.append(path)
                        dirs.remove(name)  # not entered: nothing in it is shown
            for name in files:
                path = os.path.join(folder, name)
                with contextlib.suppress(OSError):
                    if _is_hidden(os.lstat(path), uid, gids):
                        hidden.append(path)
    return tuple(hidden)


def _private(found: os.stat_result, uid: int, gids: frozenset[int], needed: int) -> bool:
    """Whether others lack ``needed`` on it while ``uid`` or one of ``gids`` has it."""
    return found.st_mode & needed != needed and permitted(found, uid, gids, needed)


def permitted(found: os.stat_result, uid: int, gids: Iterable[int], needed: int) -> bool:
    """Whether the permission bits of ``found`` give host user ``uid`` (in groups ``gids``)
    all of ``needed`` (4 read, 2 write, 1 search or run: the values of ``os.R_OK`` and the
    like). The owner's bits decide for the owner, the group's for the group, as the kernel
    checks them. (launcher.searchable says the same for search alone: it imports nothing.)"""
    shift = 6 if found.st_uid == uid else 3 if found.st_gid in gids else 0
    return (found.st_mode >> shift) & needed == needed
