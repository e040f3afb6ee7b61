"""How a bot process is wrapped so that nothing it starts outlives the referee.

Every bot gets its own session and process group (``start_new_session``: done by the C fork
helper, so no ``preexec_fn`` runs in our threaded asyncio process) and a parent-death signal
(util-linux ``setpriv --pdeathsig``), so a referee killed with SIGKILL takes its bots with it.
Where the kernel lets us (root, or user namespaces), the bot also runs as the first process of
its own PID namespace (``unshare --pid --fork --kill-child``): when it dies, the kernel kills
every process it started, including double-forked daemons that left its process group.
"""

from __future__ import annotations

import functools
import shutil
import subprocess


@functools.cache
def has_setpriv() -> bool:
    return shutil.which("setpriv") is not None


@functools.cache
def has_pid_namespace() -> bool:
    """Try once whether ``unshare --pid`` works here (it needs CAP_SYS_ADMIN)."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return False
    try:
        done = subprocess.run(
            [unshare, "--pid", "--fork", "--kill-child", "true"],
            capture_output=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def wrap(argv: tuple[str, ...], pid_namespace: bool = True) -> tuple[list[str], bool]:
    """The argv that starts ``argv`` contained; and whether the bot is a grandchild (unshare)."""
    wrapped = list(argv)
    nested = False
    if pid_namespace and has_pid_namespace():
        wrapped = ["unshare", "--pid", "--fork", "--kill-child=SIGKILL", "--", *wrapped]
        nested = True
    if has_setpriv():
        wrapped = ["setpriv", "--pdeathsig", "SIGKILL", "--", *wrapped]
    return wrapped, nested
