"""The first process of every bot: containment set up in a process of its own, then exec.

Run as ``python -S -E launcher.py OPTIONS_JSON -- ARGV...`` by the referee.  Doing this work in
a separate, single-threaded process is what makes it safe: the referee itself is a threaded
asyncio program where code between fork and exec (``preexec_fn``) can deadlock.

What it does, in order:
1. asks the kernel to SIGKILL it when the referee dies (parent-death signal);
2. applies resource limits (issue "sandbox": passed in OPTIONS_JSON as ``rlimits``);
3. with ``pidns``, moves into a new PID namespace: a child becomes its PID 1 and runs the bot as
   PID 2, so the bot keeps ordinary signal semantics, and when PID 1 exits the kernel kills
   everything the bot started — double-forked daemons too.  Both waiting processes close their
   copies of stdin/stdout/stderr so that a bot closing its stdout is seen as such.
Without ``pidns`` (or where the kernel refuses it) it simply execs the bot.

Standard library only, no imports from the referee: it must start fast (~20 ms).
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import signal
import sys

PR_SET_PDEATHSIG = 1
CLONE_NEWPID = 0x20000000
_libc = ctypes.CDLL(None, use_errno=True)


def die_with_parent(parent: int | None) -> None:
    """``parent`` is checked after the request, in case it died before it took effect; PID 1
    of a namespace sees its parent as 0, so there the check is skipped (``None``)."""
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if parent is not None and os.getppid() != parent:
        os._exit(137)


def apply_rlimits(limits: dict[str, int]) -> None:
    for name, value in limits.items():
        which = getattr(resource, f"RLIMIT_{name.upper()}")
        resource.setrlimit(which, (value, value))


def close_stdio() -> None:
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)


def exit_like(status: int) -> None:
    """Leave with the child's wait status: the same exit code, or death by the same signal."""
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
        os._exit(128 + sig)  # PID 1 cannot be killed by its own signal
    os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1)


def reap_until(pid: int) -> int:
    """Wait for ``pid``, reaping any orphan that the namespace hands to us meanwhile."""
    while True:
        try:
            done, status = os.wait()
        except ChildProcessError:
            return 0
        if done == pid:
            return status


def run(argv: list[str], env_path: str | None) -> None:
    try:
        os.execvp(argv[0], argv) if env_path is None else os.execv(env_path, argv)
    except OSError as error:
        sys.stderr.write(f"launcher: cannot run {argv[0]}: {error.strerror}\n")
        os._exit(127)


def main() -> None:
    options = json.loads(sys.argv[1])
    assert sys.argv[2] == "--"
    argv = sys.argv[3:]
    referee = os.getppid()
    die_with_parent(referee)
    apply_rlimits(options.get("rlimits", {}))
    if options.get("pidns") and _libc.unshare(CLONE_NEWPID) == 0:
        init = os.fork()
        if init == 0:
            # PID 1 of the new namespace.
            die_with_parent(None)
            bot = os.fork()
            if bot == 0:
                run(argv, None)
            close_stdio()
            exit_like(reap_until(bot))
        close_stdio()
        exit_like(reap_until(init))
    run(argv, None)


if __name__ == "__main__":
    main()
