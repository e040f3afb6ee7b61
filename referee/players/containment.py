"""How a bot process is wrapped so that nothing it starts outlives the referee.

Every bot gets its own session and process group (``start_new_session``: done by the C fork
helper, so no ``preexec_fn`` runs in our threaded asyncio process) and is started through
``launcher.py``, a small single-threaded process that sets the parent-death signal, joins the
bot's cgroup, sets the resource limits and, where the kernel lets us (root, or user
namespaces), makes a PID namespace whose death takes every process the bot started with it —
or execs bubblewrap, which makes that namespace and the rest of the sandbox
(referee/players/sandbox.py).
"""

from __future__ import annotations

import binascii
import functools
import marshal
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

LAUNCHER = str(Path(__file__).with_name("launch.py"))  # runs launcher.py, bytecode cached


def launcher_argv(options: dict[str, Any]) -> list[str]:
    """The options travel as base64 of ``marshal``, not JSON: the launcher starts once per bot
    per game, and ``json`` (with ``re`` and ``enum`` behind it) was a third of its start-up
    beyond the bare interpreter (measured ~24-32 ms against ~20-23 ms a start); ``marshal`` and
    ``binascii`` are built into the interpreter. Both ends are the same ``sys.executable``, so
    the format matches, and the data is the referee's own, never a bot's."""
    packed = binascii.b2a_base64(marshal.dumps(options), newline=False).decode("ascii")
    return [sys.executable, "-S", "-E", LAUNCHER, packed, "--"]


@functools.cache
def has_pid_namespace() -> bool:
    """Try once whether a PID namespace can be made here (it needs CAP_SYS_ADMIN)."""
    probe = (
        "import ctypes,sys; u=ctypes.CDLL(None).unshare; "
        "sys.exit(u(0x20000000) != 0 and u(0x10000000 | 0x20000000) != 0)"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-S", "-E", "-c", probe], capture_output=True, timeout=10, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def wrap(
    argv: Sequence[str],
    pid_namespace: bool = True,
    rlimits: Mapping[str, tuple[int, int]] | None = None,
    *,
    cgroups: Sequence[str] = (),
    own_proc: bool = False,
    bwrap: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    user: tuple[int, int] | None = None,
    reach: Sequence[tuple[str, bool]] = (),
) -> tuple[list[str], int]:
    """The argv that starts ``argv`` contained, and how many processes stand above the bot
    (0: the bot is our child; 2: launcher, then the namespace's PID 1, then the bot).

    With ``bwrap`` (its argv up to ``--``) the launcher execs bubblewrap, which makes the PID
    namespace itself: bwrap (the launcher's pid), its PID 1, then the bot — depth 2 as well.
    ``own_proc`` asks the launcher for a /proc showing only the bot's own namespace.

    ``env`` is the bot's environment: the launcher applies it when it execs the bot itself,
    after every limit and namespace (with bwrap, bwrap's own ``--setenv`` does, inside).
    The launcher runs with the referee's clean environment (``launcher_environment``).

    ``user`` (uid, gid), given when the referee is root, is who the bot (or bwrap, then
    unprivileged) runs as; ``reach`` lists the paths the bot needs (``(path, writable)``),
    which the launcher makes reachable for that user where a folder on the way is closed to
    it (``launcher.make_reachable``)."""
    identity: dict[str, Any] = {}
    if user is not None:
        identity = {"user": list(user), "reach": [[path, rw] for path, rw in reach]}
    if bwrap:
        options: dict[str, Any] = {
            "pidns": False,
            "rlimits": dict(rlimits or {}),
            "cgroups": list(cgroups),
            "bwrap": True,
            **identity,
        }
        return [*launcher_argv(options), *bwrap, *argv], 2
    pidns = pid_namespace and has_pid_namespace()
    options = {
        "pidns": pidns,
        "proc": pidns and own_proc,
        "rlimits": dict(rlimits or {}),
        "cgroups": list(cgroups),
        **identity,
    }
    if env is not None:
        options["env"] = dict(env)
    return [*launcher_argv(options), *argv], 2 if pidns else 0


def launcher_environment() -> dict[str, str]:
    """What the launcher (and bwrap) run with: nothing a bot author chose. A manifest's
    ``LD_PRELOAD`` here would run the author's code before any limit or namespace."""
    return {"PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"), "LANG": "C.UTF-8"}
