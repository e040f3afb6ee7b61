"""The first process of every bot: containment set up in a process of its own, then exec.

Run as ``python -S -E launch.py OPTIONS -- ARGV...`` by the referee (OPTIONS: a dict, base64
of ``marshal``; ``containment.launcher_argv``); launch.py imports this module, so that its
bytecode is cached rather than compiled at every start.  Doing this work in
a separate, single-threaded process is what makes it safe: the referee itself is a threaded
asyncio program where code between fork and exec (``preexec_fn``) can deadlock.

What it does, in order:
1. asks the kernel to SIGKILL it when the referee dies (parent-death signal);
2. joins the bot's cgroups (``cgroups``: the ``cgroup.procs`` files the referee made for this
   bot — its process cap and memory cap), so that everything the bot starts is counted;
3. applies resource limits (``rlimits``: name -> [soft, hard], see referee/players/sandbox.py);
4. with ``user`` (the referee is root), makes the bot's own files reachable for that user
   (``reach``: see ``make_reachable``) in a mount namespace of its own;
5. with ``pidns``, moves into a new PID namespace: a child becomes its PID 1 and runs the bot as
   PID 2, so the bot keeps ordinary signal semantics, and when PID 1 exits the kernel kills
   everything the bot started — double-forked daemons too.  Both waiting processes close their
   copies of stdin/stdout/stderr so that a bot closing its stdout is seen as such.  With
   ``proc`` it also takes a mount namespace of its own and mounts a fresh /proc there, so the
   bot sees (and can open the /proc files of) no process but its own.
Without ``pidns`` (or where the kernel refuses it) it simply execs the bot (or bwrap, which
then makes the namespaces itself). With ``user``, whatever runs the contestant's code — the bot
itself, or bwrap, unprivileged, which then maps the sandbox's ``nobody`` onto that host user —
has first become that user, with no supplementary groups and no capabilities: a bot of a root
referee holds no more host privilege than any stranger logged in as that user.

Standard library only, no imports from the referee: it starts once per bot per game, so every
millisecond counts thousands of times in a ladder or the test suite (~12 ms of CPU a start, of
which ~9 ms are the bare interpreter's). Hence ``_ctypes`` rather than ``ctypes`` (whose
``__init__`` with ``struct`` and its type tables cost ~4 ms), no ``signal`` (``enum``,
``functools`` and ``collections`` behind it, ~3 ms; only a bot's death by a signal needs it), and
the cached bytecode (compiling this file was ~2.5 ms): 21 ms a start before, 12 ms after.
"""

from __future__ import annotations

import _ctypes
import binascii
import marshal
import os
import resource
import sys

PR_SET_PDEATHSIG = 1
CLONE_NEWPID = 0x20000000
CLONE_NEWNS = 0x00020000
CLONE_NEWUSER = 0x10000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT, MS_BIND = 1, 2, 4, 8, 32, 4096
MS_REC, MS_PRIVATE = 0x4000, 0x40000
SIGKILL = 9  # Linux's, as are the calls below


class _Int(_ctypes._SimpleCData):  # type: ignore[type-arg]  # not subscriptable at run time
    _type_ = "i"


class _LibcFunction(_ctypes.CFuncPtr):
    """What ``ctypes.CDLL(None, use_errno=True)`` makes of a libc function: C calling
    convention, ``errno`` kept for ``_ctypes.get_errno``, an ``int`` result; arguments go as
    ctypes passes them untyped (``int`` as int, ``bytes`` as ``char *``, ``None`` as NULL)."""

    _flags_ = _ctypes.FUNCFLAG_CDECL | _ctypes.FUNCFLAG_USE_ERRNO
    _restype_ = _Int


# dlopen(NULL): the program's own symbols, libc's among them (the stub forgets NULL).
_PROGRAM = _ctypes.dlopen(None, _ctypes.RTLD_LOCAL)  # type: ignore[arg-type]
_prctl = _LibcFunction(_ctypes.dlsym(_PROGRAM, "prctl"))
_unshare = _LibcFunction(_ctypes.dlsym(_PROGRAM, "unshare"))
_mount_call = _LibcFunction(_ctypes.dlsym(_PROGRAM, "mount"))


def die_with_parent(parent: int | None) -> None:
    """``parent`` is checked after the request, in case it died before it took effect; PID 1
    of a namespace sees its parent as 0, so there the check is skipped (``None``)."""
    _prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)
    if parent is not None and os.getppid() != parent:
        os._exit(137)


def join_cgroups(procs_files: list[str]) -> None:
    """Move into the bot's cgroups; a failure is said on stderr (the bot's log), not fatal."""
    for path in procs_files:
        try:
            with open(path, "w") as handle:
                handle.write(str(os.getpid()))
        except OSError as error:
            sys.stderr.write(f"launcher: cannot join cgroup {path}: {error.strerror}\n")


def apply_rlimits(limits: dict[str, list[int] | int]) -> None:
    for name, value in limits.items():
        which = getattr(resource, f"RLIMIT_{name.upper()}")
        soft, hard = (value, value) if isinstance(value, int) else value
        try:
            resource.setrlimit(which, (soft, hard))
        except (ValueError, OSError):
            # Never above what we have ourselves (a non-root referee under lower limits).
            _, ours = resource.getrlimit(which)
            if ours != resource.RLIM_INFINITY:
                resource.setrlimit(which, (min(soft, ours), min(hard, ours)))


def mount_own_proc() -> None:
    """In PID 1 of the new namespace, with a mount namespace of our own: a /proc that shows
    this namespace only. Best effort: without it the bot still cannot signal outsiders."""
    if _mount_call(b"none", b"/", None, MS_REC | MS_PRIVATE, None) != 0:
        return
    _mount_call(b"proc", b"/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None)


def searchable(path: str, uid: int, gid: int) -> bool:
    """Whether ``uid`` (in group ``gid`` only) may pass through the folder ``path``: the
    rule of sandbox.permitted, said again here because the launcher imports nothing."""
    try:
        found = os.stat(path)
    except OSError:
        return True  # nothing to reach there; the bot says so when it starts
    if found.st_uid == uid:
        return bool(found.st_mode & 0o100)
    if found.st_gid == gid:
        return bool(found.st_mode & 0o010)
    return bool(found.st_mode & 0o001)


def _mount(source: str | None, target: str, kind: str | None, flags: int, data: str) -> None:
    encoded = [None if x is None else x.encode() for x in (source, target, kind, data)]
    if _mount_call(encoded[0], encoded[1], encoded[2], flags, encoded[3] or None) != 0:
        error = _ctypes.get_errno()
        raise OSError(error, f"{os.strerror(error)}: mount {target}")


def make_reachable(reach: list[list[str | bool]], uid: int, gid: int) -> None:
    """Make the bot's own files (``reach``: ``[path, writable]``, real paths) reachable for
    ``uid`` without opening anything else: each topmost folder on the way that the user may
    not pass through (``/root`` at mode 700, over a pyenv Python or a checkout) is covered,
    in a mount namespace of the bot's own, with an empty tmpfs in which only the paths asked
    for are bound back — read-only unless writable. The user could read nothing of the
    covered folder anyway; now it reaches exactly its own files there, and through them
    host permissions apply as they do to any stranger."""
    covers: list[str] = []
    below: list[tuple[str, bool]] = []  # the paths to bind back, under some cover
    for path, writable in sorted((str(p), bool(w)) for p, w in reach):
        if any(path == done or path.startswith(done + "/") for done, _ in below):
            continue  # bound already, with the folder that holds it
        parts = path.strip("/").split("/")
        for depth in range(1, len(parts)):
            folder = "/" + "/".join(parts[:depth])
            if not searchable(folder, uid, gid):
                if not any(folder == c or folder.startswith(c + "/") for c in covers):
                    covers.append(folder)
                below.append((path, writable))
                break
    if not covers:
        return
    if _unshare(CLONE_NEWNS) != 0:
        raise OSError(_ctypes.get_errno(), "cannot make a mount namespace for the bot")
    _mount("none", "/", None, MS_REC | MS_PRIVATE, "")
    # Opened in this namespace, before the covers hide them: a bind's source must be here.
    handles = [(path, writable, os.open(path, os.O_PATH)) for path, writable in below]
    for folder in covers:
        _mount("tmpfs", folder, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=1m,nr_inodes=4096")
    for path, writable, handle in handles:
        if os.path.isdir(f"/proc/self/fd/{handle}"):
            os.makedirs(path, mode=0o755, exist_ok=True)
        else:
            os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o644))
        _mount(f"/proc/self/fd/{handle}", path, None, MS_BIND | MS_REC, "")
        readonly = 0 if writable else MS_RDONLY
        _mount(None, path, None, MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV | readonly, "")
        os.close(handle)


def become(uid: int, gid: int) -> None:
    """Become the sandbox user for good: no supplementary groups, real, effective and saved
    ids all changed (so no capability survives and none can be regained)."""
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)


def become_or_exit(user: list[int]) -> None:
    try:
        become(*user)
    except OSError as error:
        sys.stderr.write(f"launcher: cannot become uid {user[0]}: {error.strerror}\n")
        os._exit(126)


def close_stdio() -> None:
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)


def exit_like(status: int) -> None:
    """Leave with the child's wait status: the same exit code, or death by the same signal."""
    if os.WIFSIGNALED(status):
        import signal  # here only: its import costs ~3 ms, and most bots end by exiting

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


def user_pid_namespace() -> bool:
    """Without root, a PID namespace is still ours inside a user namespace of our own, where
    we map our own uid and gid to themselves (so the bot keeps its identity and files)."""
    uid, gid = os.getuid(), os.getgid()
    if _unshare(CLONE_NEWUSER | CLONE_NEWPID) != 0:
        return False
    try:
        with open("/proc/self/setgroups", "w") as handle:
            handle.write("deny")
        with open("/proc/self/uid_map", "w") as handle:
            handle.write(f"{uid} {uid} 1")
        with open("/proc/self/gid_map", "w") as handle:
            handle.write(f"{gid} {gid} 1")
    except OSError:
        pass  # unmapped: the bot runs as the overflow user, still contained
    return True


def run(argv: list[str], env: dict[str, str] | None, user: list[int] | None = None) -> None:
    """Exec the bot, with its own environment only now that every limit is in place, as the
    sandbox ``user`` when there is one."""
    if user is not None:
        become_or_exit(user)
    try:
        if env is None:
            os.execvp(argv[0], argv)
        else:
            os.execvpe(argv[0], argv, env)
    except OSError as error:
        who = f" as uid {os.getuid()}" if user is not None else ""
        sys.stderr.write(f"launcher: cannot run {argv[0]}{who}: {error.strerror}\n")
        os._exit(127)


def main() -> None:
    options = marshal.loads(binascii.a2b_base64(sys.argv[1]))
    assert sys.argv[2] == "--"
    argv = sys.argv[3:]
    referee = os.getppid()
    die_with_parent(referee)
    join_cgroups(options.get("cgroups", []))
    apply_rlimits(options.get("rlimits", {}))
    user = options.get("user")
    if user is not None:
        try:
            make_reachable(options.get("reach", []), *user)
        except OSError as error:
            sys.stderr.write(f"launcher: cannot show the bot its own files: {error}\n")
            os._exit(126)
        if options.get("bwrap"):
            # bwrap runs unprivileged from here: its user namespace maps onto this user.
            become_or_exit(user)
            die_with_parent(referee)  # a change of credentials clears the parent-death signal
            user = None
    env = options.get("env")
    pidns = bool(options.get("pidns"))
    own_proc = pidns and bool(options.get("proc"))
    own_proc = own_proc and _unshare(CLONE_NEWPID | CLONE_NEWNS) == 0
    if own_proc or (pidns and (_unshare(CLONE_NEWPID) == 0 or user_pid_namespace())):
        init = os.fork()
        if init == 0:
            # PID 1 of the new namespace.
            die_with_parent(None)
            if own_proc:
                mount_own_proc()
            bot = os.fork()
            if bot == 0:
                run(argv, env, user)
            close_stdio()
            exit_like(reap_until(bot))
        close_stdio()
        exit_like(reap_until(init))
    run(argv, env, user)


if __name__ == "__main__":
    main()
