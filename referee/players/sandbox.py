"""What a bot may use and see: resource limits, a cgroup, and optionally a bubblewrap sandbox.

``Sandbox`` is the organiser's choice for a match (and later a ladder): a validated, frozen
model with sane defaults. The mechanisms behind it, in the order a bot meets them:

- ``rlimits`` (modes ``rlimits`` and ``bwrap``): set by launcher.py before exec — CPU seconds,
  address space, open files, file size, no core dumps. RLIMIT_NPROC is left alone: the kernel
  does not enforce it for root, and for any other user it counts every process of that user.
- a per-bot cgroup (``BotCgroup``), where the machine lets us make one: the ``pids`` controller
  caps the number of processes (the real process cap), the ``memory`` controller caps the bot's
  memory over all its processes and tells an out-of-memory kill apart from any other SIGKILL.
- ``bwrap`` (bubblewrap): new user, PID, mount, network, IPC and UTS namespaces; a read-only
  view of the system, a private /tmp, no network, no other process visible, and only the bot's
  own files (its program, its manifest's folder, its interpreter) plus its working directory.
- the sandbox user (every mode): a referee running as root runs every bot and build as an
  unprivileged host user (``Sandbox.user``, ``nobody`` by default) — under bwrap, bwrap itself
  runs as that user, so the ``nobody`` inside maps onto it and not onto root. Host
  permissions then apply to a bot as to any stranger; the bot's own files are made reachable
  for it by the launcher (``launcher.make_reachable``) where a folder on the way is closed.

What each mode protects against, and what it does not, is in docs/security.md.
"""

from __future__ import annotations

import contextlib
import functools
import os
import pwd
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from referee.players.containment import launcher_environment, wrap
from referee.players.private_view import organiser_view, permitted
from thousand.errors import ThousandError

MIB = 1 << 20
Mode = Literal["none", "rlimits", "bwrap"]
ADDRESS_SPACE_FACTOR = 4
OPTION_OF_FIELD = {
    "memory_mib": "--memory",
    "cpu_seconds": "--cpu-seconds",
    "processes": "--max-processes",
    "open_files": "--max-open-files",
    "file_size_mib": "--max-file-size",
    "user": "--sandbox-user",
}

DEFAULT_USER = "nobody"
USER_NAME = re.compile(r"[a-z_][a-z0-9_.-]{0,31}|[0-9]{1,10}")

# Where a system keeps what programs need to run; bound read-only into a bwrap sandbox.
SYSTEM_PATHS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt")
_BWRAP_UID = 65534
"""Who the bot is inside bwrap's user namespace (``nobody``); not who it is on the host."""


class SandboxError(ThousandError, ValueError):
    """The chosen sandbox cannot be used here; the message is one line for a person."""


class Sandbox(BaseModel):
    """Limits and isolation for every bot of a match. All limits are per bot process tree."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    mode: Mode = Field(
        default="rlimits",
        description="none: no limits; rlimits: resource limits and a cgroup; "
        "bwrap: the same inside a bubblewrap sandbox",
    )
    memory_mib: int = Field(
        default=512,
        ge=16,
        le=1 << 20,
        description="Address space of each process (RLIMIT_AS) and, with a memory cgroup, "
        "the memory of all the bot's processes together, in MiB",
    )
    cpu_seconds: float = Field(
        default=600.0,
        gt=0,
        le=1e6,
        allow_inf_nan=False,
        description="CPU seconds of each process over its life (RLIMIT_CPU); a bot's "
        "process lives for a whole match on its table unless it faults",
    )
    processes: int = Field(
        default=64,
        ge=1,
        le=1 << 16,
        description="Processes and threads of the bot at once (cgroup pids controller)",
    )
    open_files: int = Field(
        default=256, ge=16, le=1 << 20, description="Open file descriptors per process"
    )
    file_size_mib: int = Field(
        default=64, ge=1, le=1 << 20, description="Largest file a bot may write, in MiB"
    )
    allow_fallback: bool = Field(
        default=False,
        description="If bwrap does not work here, fall back to rlimits instead of refusing",
    )
    user: str = Field(
        default=DEFAULT_USER,
        description="The host user (name or uid) every bot and build runs as when the "
        "referee runs as root; never root itself",
    )

    @field_validator("user")
    @classmethod
    def _user_name(cls, value: str) -> str:
        if not USER_NAME.fullmatch(value):
            raise ValueError(
                "a user name (up to 32 of a-z, 0-9, _ . -, not starting with a digit, . or -) "
                "or a uid"
            )
        return value

    @property
    def limited(self) -> bool:
        return self.mode != "none"

    def rlimits(self, memory_cgroup: bool = False) -> dict[str, tuple[int, int]]:
        """(soft, hard) per resource, for launcher.py. The CPU hard limit is a second above
        the soft one: SIGXCPU first (recognisable), SIGKILL if the bot ignores it.

        With a ``memory_cgroup`` the cgroup caps the memory really used, and the address
        space only backs it up at four times the limit: runtimes such as Node.js and Java
        reserve far more address space than they use, and would not start under 512 MiB."""
        if not self.limited:
            return {}
        cpu = max(1, round(self.cpu_seconds))
        memory = self.memory_mib * MIB * (ADDRESS_SPACE_FACTOR if memory_cgroup else 1)
        fsize = self.file_size_mib * MIB
        return {
            "cpu": (cpu, cpu + 1),
            "as": (memory, memory),
            "nofile": (self.open_files, self.open_files),
            "fsize": (fsize, fsize),
            "core": (0, 0),
        }

    def describe(self) -> str:
        """One line for logs and reports."""
        if not self.limited:
            return "none (no limits)"
        return (
            f"{self.mode}: {self.memory_mib} MiB, {self.cpu_seconds:g} s CPU, "
            f"{self.processes} processes, {self.open_files} open files, "
            f"{self.file_size_mib} MiB files"
        )


# ---------------------------------------------------------------------------- who the bot is


def identity(sandbox: Sandbox) -> tuple[int, int] | None:
    """The host (uid, gid) a bot and a build run as: the sandbox user when the referee is
    root, None otherwise (an unprivileged referee cannot become anyone else; its bots run as
    itself, and bwrap's user namespace maps onto it). Raises ``SandboxError`` when the user
    does not exist or is root."""
    if os.geteuid() != 0:
        return None
    return host_user(sandbox.user)


@functools.cache
def host_user(name: str) -> tuple[int, int]:
    """(uid, gid) of a user name or uid; a bare uid without an account keeps its own number
    as the group, as container images often run such uids."""
    try:
        entry = pwd.getpwuid(int(name)) if name.isdigit() else pwd.getpwnam(name)
    except KeyError:
        if not name.isdigit():
            raise SandboxError(
                f"sandbox user {name!r} does not exist on this machine (make one, e.g. "
                "'useradd --system --no-create-home thousand-bot', or name another with "
                "--sandbox-user)"
            ) from None
        uid = gid = int(name)
    else:
        uid, gid = entry.pw_uid, entry.pw_gid
    if uid == 0 or gid == 0:
        raise SandboxError(
            f"sandbox user {name!r} is root or in root's group: bots must run as an "
            "unprivileged user (--sandbox-user)"
        )
    return uid, gid


def may_read(path: str | os.PathLike[str], uid: int, gid: int) -> bool:
    """Whether host user ``uid`` (primary group ``gid``, no other groups: as a bot runs) may
    read ``path`` by the permission bits of the path and every folder above it."""
    real = os.path.realpath(path)
    parts = real.strip("/").split("/") if real != "/" else []
    for depth in range(len(parts) + 1):
        try:
            found = os.stat("/" + "/".join(parts[:depth]))
        except OSError:
            return False
        if not permitted(found, uid, (gid,), os.R_OK if depth == len(parts) else os.X_OK):
            return False
    return True


def reach(visible: Iterable[str], workdir: str) -> list[tuple[str, bool]]:
    """What a bot started as the sandbox user must be able to reach (see
    ``launcher.make_reachable``): the files the sandbox shows it (``visible_paths``), as the
    command names them and as they really are, the referee's own Python (a bot started
    through a shell line names it past where the sandbox looks; bwrap still shows only what
    it binds), and its working directory, writable."""
    found: list[tuple[str, bool]] = []
    for path in [*visible, *_own_runtimes(), workdir]:
        for form in (os.path.abspath(path), os.path.realpath(path)):
            entry = (form, path == workdir)
            if os.path.exists(form) and entry not in found:
                found.append(entry)
    return found


def hand_over(folder: str | os.PathLike[str], user: tuple[int, int] | None) -> None:
    """Give a folder the bot or build will write in to the sandbox user (its working
    directory, a build's folder). Links are changed, never followed."""
    if user is not None:
        _walk_chown(os.fspath(folder), *user, readable_by_group=False)


def take_back(folder: str | os.PathLike[str], user: tuple[int, int] | None) -> None:
    """After a build: the folder and everything in it belongs to the referee again, readable
    (not writable) by the sandbox user through its group, by no one else — the bot can read
    its program and nothing of it can be changed by any process of that user."""
    if user is not None:
        _walk_chown(os.fspath(folder), os.geteuid(), user[1], readable_by_group=True)


def _walk_chown(top: str, uid: int, gid: int, readable_by_group: bool) -> None:
    stack = [top]
    while stack:
        path = stack.pop()
        try:
            found = os.lstat(path)
        except OSError:
            continue
        with contextlib.suppress(OSError):
            os.lchown(path, uid, gid)
        if stat.S_ISLNK(found.st_mode):
            continue
        if readable_by_group:
            owner = found.st_mode & 0o700
            group = (owner >> 3) & 0o050  # read, and search or run where the owner may
            with contextlib.suppress(OSError):
                os.chmod(path, owner | group)
        if stat.S_ISDIR(found.st_mode):
            with contextlib.suppress(OSError):
                stack.extend(os.path.join(path, name) for name in os.listdir(path))


# ---------------------------------------------------------------------------- start-up check


@functools.cache
def bwrap_problem(sandbox_user: str = DEFAULT_USER) -> str | None:
    """Why bubblewrap cannot run a bot here (one line), or None when it can. Tried once, the
    way a bot is started (the launcher, as the sandbox user when the referee is root, then
    bwrap with the same options a bot gets), on a throwaway working directory."""
    user = identity(Sandbox(user=sandbox_user))
    program = shutil.which("bwrap")
    if program is None:
        return "bwrap is not installed (Debian package: bubblewrap)"
    with tempfile.TemporaryDirectory(prefix="thousand-bwrap-check-") as folder:
        hand_over(folder, user)
        argv, _ = wrap(
            ["/bin/sh", "-c", "exit 0"],
            bwrap=bwrap_argv(Sandbox(mode="bwrap"), folder, (), None, user),
            user=user,
            reach=[(folder, True)],
        )
        try:
            done = subprocess.run(
                argv, capture_output=True, timeout=20, check=False, env=launcher_environment()
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            return f"bwrap does not start: {error}"
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip().splitlines()
        why = said[-1] if said else f"exit code {done.returncode}"
        if user is not None:
            return (
                f"bwrap fails here as uid {user[0]}, the sandbox user ({why}; bwrap needs "
                "unprivileged user namespaces: sysctl kernel.unprivileged_userns_clone=1 "
                "and user.max_user_namespaces > 0)"
            )
        return f"bwrap fails here: {why}"
    return None


def resolve(sandbox: Sandbox) -> tuple[Sandbox, str | None]:
    """The sandbox a match really runs with, and a one-line warning when it falls back.

    Raises ``SandboxError`` (one line) when bwrap was asked for, does not work here, and the
    organiser did not allow a fallback, or when the sandbox user cannot be used."""
    identity(sandbox)
    if sandbox.mode != "bwrap":
        return sandbox, None
    problem = bwrap_problem(sandbox.user)
    if problem is None:
        return sandbox, None
    if not sandbox.allow_fallback:
        raise SandboxError(
            f"--sandbox bwrap is not usable: {problem} (use --allow-fallback to run with "
            "--sandbox rlimits instead)"
        )
    fallen = sandbox.model_copy(update={"mode": "rlimits"})
    return fallen, f"sandbox bwrap is not usable ({problem}); falling back to rlimits"


# ---------------------------------------------------------------------------- bubblewrap


def host_identity(user: tuple[int, int] | None) -> tuple[int, frozenset[int]]:
    """Who a bot is on the host: the sandbox user (no other group), or, for an unprivileged
    referee, the referee's own user with all its groups (a user namespace keeps them)."""
    if user is not None:
        return user[0], frozenset((user[1],))
    return os.getuid(), frozenset((os.getgid(), *os.getgroups()))


def _under(path: str, roots: Iterable[str]) -> bool:
    return any(path == root or path.startswith(root.rstrip("/") + "/") for root in roots)


def visible_paths(argv: Sequence[str], own: Iterable[str]) -> list[str]:
    """What a bot sees of the machine besides the system folders: its own files (``own``:
    a manifest's folder, or a command-line bot's program and script — see BotSpec.own) and
    the runtime of its interpreter when that lives outside the system folders
    (``~/.pyenv/versions/X/bin/python`` needs ``~/.pyenv/versions/X``), also when a
    script's ``#!`` line names it. Nothing else: a path written on the command line is shown
    only if it is one of the bot's own files."""
    found: list[str] = []
    for path in own:
        if path and path not in found and not _under(path, SYSTEM_PATHS):
            found.append(path)
    if argv:
        program = argv[0]
        for runtime in (program, _shebang(program)):
            for prefix in _runtime_prefixes(runtime) if runtime else ():
                if prefix not in found:
                    found.append(prefix)
    return found


def _runtime_prefixes(program: str) -> list[str]:
    """The installation an interpreter outside the system folders needs (its ``bin``'s
    parent, where ``lib`` lives; a virtual environment and the Python behind it), for a
    program on the referee's own PATH or of the referee's own Python only: the organiser's
    runtimes, never a folder a bot names. Nothing for the system folders, nor where the
    prefix would be a shared folder (the root, a home)."""
    real = os.path.realpath(program)
    on_path = {os.path.realpath(p) for p in os.environ.get("PATH", "").split(os.pathsep) if p}
    organisers = {os.path.realpath(os.path.dirname(program)), os.path.dirname(real)} & on_path
    if not organisers and not _under(real, _own_runtimes()):
        return []
    homes = {"/", "/root", "/home", os.path.realpath(os.path.expanduser("~"))}
    prefixes: list[str] = []
    for candidate in (os.path.abspath(program), real):
        folder = os.path.dirname(candidate)
        prefix = os.path.dirname(folder) if os.path.basename(folder) == "bin" else folder
        if _under(prefix, SYSTEM_PATHS) or prefix in homes or os.path.dirname(prefix) == "/home":
            continue
        if prefix not in prefixes:
            prefixes.append(prefix)
    return prefixes


@functools.cache
def _own_runtimes() -> tuple[str, ...]:
    """The installation of the Python running the referee (a bot may use the same one)."""
    return tuple({os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix) if p})


def _shebang(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            head = handle.read(256)
    except OSError:
        return None
    if not head.startswith(b"#!"):
        return None
    words = head[2:].split(b"\n", 1)[0].decode(errors="replace").split()
    if not words:
        return None
    if os.path.basename(words[0]) == "env" and len(words) > 1:
        return shutil.which(words[-1])
    return words[0]


def bwrap_argv(
    sandbox: Sandbox,
    workdir: str,
    visible: Iterable[str],
    env: dict[str, str] | None = None,
    user: tuple[int, int] | None = None,
) -> list[str]:
    """The bwrap command line in front of a bot's argv (which follows a ``--`` added here).

    The bot runs as ``nobody`` in a user namespace with no capabilities, in new PID, network,
    IPC, UTS and cgroup namespaces (``--unshare-all``), sees /proc of its own namespace only,
    a private /tmp, the system read-only, its own files read-only, and its working directory
    read-write. That ``nobody`` is, on the host, whoever runs bwrap: the sandbox ``user`` for
    a root referee (the launcher becomes it first), else the referee's own user, whose files
    that strangers may not read are hidden under ``PRIVATE_SCAN`` (private_view.py).
    bwrap's own PID 1 reaps orphans, and ``--die-with-parent`` ties the sandbox to the
    launcher's life. ``env`` is the bot's whole environment: bwrap itself runs with the
    referee's clean one and sets this only for the bot, inside (``LD_PRELOAD`` and the like
    never reach a process outside the sandbox)."""
    argv = [
        shutil.which("bwrap") or "bwrap",
        "--unshare-all",
        "--unshare-user",
        "--uid",
        str(_BWRAP_UID),
        "--gid",
        str(_BWRAP_UID),
        "--cap-drop",
        "ALL",
        "--die-with-parent",
        "--new-session",
        "--hostname",
        "bot",
    ]
    for path in SYSTEM_PATHS:
        if os.path.islink(path):
            argv += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            argv += ["--ro-bind", path, path]
    argv += organiser_view(*host_identity(user)).mounts()
    argv += ["--proc", "/proc", "--dev", "/dev"]
    argv += ["--size", str(sandbox.memory_mib * MIB), "--tmpfs", "/tmp"]
    for path in visible:
        if os.path.exists(path):
            argv += ["--ro-bind", path, path]
    argv += ["--bind", workdir, workdir, "--chdir", workdir]
    if env is not None:
        argv.append("--clearenv")
        for key, value in env.items():
            argv += ["--setenv", key, value]
    argv.append("--")
    return argv


# ---------------------------------------------------------------------------- cgroups


def _own_cgroup_dirs() -> dict[str, str]:
    """controller -> the folder of this process's cgroup for it (cgroup v1 or v2)."""
    mounts: dict[str, str] = {}
    unified: str | None = None
    try:
        with open("/proc/self/mounts") as handle:
            for line in handle:
                parts = line.split()
                if len(parts) < 4:
                    continue
                if parts[2] == "cgroup":
                    for option in parts[3].split(","):
                        if option in ("pids", "memory", "cpuacct"):
                            mounts[option] = parts[1]
                elif parts[2] == "cgroup2" and unified is None:
                    unified = parts[1]
        with open("/proc/self/cgroup") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return {}
    found: dict[str, str] = {}
    for line in lines:
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(","):
            if controller in mounts:
                found[controller] = mounts[controller] + path.rstrip("/")
        if controllers == "" and unified is not None:
            for controller in ("pids", "memory"):
                enabled = Path(unified + path.rstrip("/"), "cgroup.subtree_control")
                with contextlib.suppress(OSError):
                    if controller in enabled.read_text().split():
                        found.setdefault(controller, unified + path.rstrip("/"))
    return found


_counter = 0


class BotCgroup:
    """One bot's cgroup folders (pids and memory where available): made before the bot
    starts, joined by launcher.py before exec, emptied and removed when the bot stops."""

    def __init__(self, folders: dict[str, str], sandbox: Sandbox) -> None:
        self.folders = folders
        self.sandbox = sandbox

    @classmethod
    def create(cls, sandbox: Sandbox) -> BotCgroup | None:
        """A cgroup for one bot, or None where none can be made (not root, no controller)."""
        global _counter
        if not sandbox.limited:
            return None
        made: dict[str, str] = {}
        _counter += 1
        name = f"thousand-{os.getpid()}-{_counter}"
        for controller, parent in _cgroup_parents().items():
            folder = os.path.join(parent, name)
            try:
                os.mkdir(folder)
            except OSError:
                continue
            try:
                if controller == "cpuacct":
                    pass  # accounting only: the CPU clock reads the whole bot's usage here
                elif controller == "pids":
                    # The launcher's two waiting processes (or bwrap's) count too.
                    Path(folder, "pids.max").write_text(str(sandbox.processes + 2))
                else:
                    limit = str(sandbox.memory_mib * MIB)
                    legacy = Path(folder, "memory.limit_in_bytes")
                    (legacy if legacy.exists() else Path(folder, "memory.max")).write_text(limit)
                    swap = Path(folder, "memory.swap.max")
                    if swap.exists():
                        swap.write_text("0")
            except OSError:
                with contextlib.suppress(OSError):
                    os.rmdir(folder)
                continue
            made[controller] = folder
        return cls(made, sandbox) if made else None

    @property
    def procs_files(self) -> list[str]:
        return [os.path.join(folder, "cgroup.procs") for folder in self.folders.values()]

    @property
    def caps_memory(self) -> bool:
        return "memory" in self.folders

    def cpu_usage_file(self) -> str | None:
        """Where the kernel counts the CPU time of every process of the bot (children, worker
        processes, an interpreter behind a wrapper script): cgroup v1 ``cpuacct.usage`` (ns)
        or cgroup v2 ``cpu.stat`` (``usage_usec``)."""
        if "cpuacct" in self.folders:
            return os.path.join(self.folders["cpuacct"], "cpuacct.usage")
        for folder in self.folders.values():
            stat = os.path.join(folder, "cpu.stat")
            if os.path.exists(stat):
                return stat
        return None

    def _counter_of(self, controller: str, filename: str, key: str) -> int:
        folder = self.folders.get(controller)
        if folder is None:
            return 0
        try:
            text = Path(folder, filename).read_text()
        except OSError:
            return 0
        for line in text.splitlines():
            words = line.split()
            if len(words) == 2 and words[0] == key:
                with contextlib.suppress(ValueError):
                    return int(words[1])
        return 0

    def out_of_memory(self) -> bool:
        """Whether the kernel killed one of the bot's processes for the memory limit."""
        return (
            self._counter_of("memory", "memory.oom_control", "oom_kill") > 0
            or self._counter_of("memory", "memory.events", "oom_kill") > 0
        )

    def processes_refused(self) -> bool:
        """Whether a fork of the bot was refused because of the process cap."""
        return self._counter_of("pids", "pids.events", "max") > 0

    def pids(self) -> list[int]:
        found: set[int] = set()
        for path in self.procs_files:
            with contextlib.suppress(OSError, ValueError):
                found.update(int(word) for word in Path(path).read_text().split())
        return sorted(found)

    def kill_all(self) -> None:
        """SIGKILL whatever is still in the cgroup (daemons, where no PID namespace took them)."""
        for pid in self.pids():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)

    def remove(self, within: float = 2.0) -> bool:
        """Kill what is left and remove the folders; True when they are gone."""
        deadline = time.monotonic() + within
        left = dict(self.folders)
        while left:
            self.kill_all()
            for controller, folder in list(left.items()):
                try:
                    os.rmdir(folder)
                except FileNotFoundError:
                    del left[controller]
                except OSError:
                    continue
                else:
                    del left[controller]
            if not left or time.monotonic() >= deadline:
                break
            time.sleep(0.01)
        return not left


@functools.cache
def _cgroup_parents() -> dict[str, str]:
    """controller -> folder under which bot cgroups can be made, checked once by making one."""
    usable: dict[str, str] = {}
    for controller, folder in _own_cgroup_dirs().items():
        _sweep_cgroups(folder)
        probe = os.path.join(folder, f"thousand-probe-{os.getpid()}")
        try:
            os.mkdir(probe)
        except OSError:
            continue
        limit_file = {"pids": "pids.max", "cpuacct": "cpuacct.usage"}.get(
            controller, "memory.limit_in_bytes"
        )
        ok = os.path.exists(os.path.join(probe, limit_file)) or os.path.exists(
            os.path.join(probe, "memory.max")
        )
        with contextlib.suppress(OSError):
            os.rmdir(probe)
        if ok:
            usable[controller] = folder
    return usable


def _owner_gone(name: str, prefix: str) -> bool:
    """Whether the referee whose pid follows ``prefix`` in ``name`` is no longer running."""
    pid = name[len(prefix) :].split("-", 1)[0]
    return pid.isdigit() and int(pid) != os.getpid() and not os.path.exists(f"/proc/{pid}")


def _sweep_cgroups(parent: str) -> None:
    """Remove the cgroups of referees that were killed before they could clean up (their
    bots died with them; anything still inside is killed first)."""
    with contextlib.suppress(OSError):
        for name in os.listdir(parent):
            prefix = "thousand-probe-" if name.startswith("thousand-probe-") else "thousand-"
            if name.startswith("thousand-") and _owner_gone(name, prefix):
                BotCgroup({"stale": os.path.join(parent, name)}, Sandbox()).remove(within=0.2)


def cgroup_controllers() -> tuple[str, ...]:
    """Which cgroup controllers bots get here ("pids", "memory"), for reports and tests."""
    return tuple(sorted(_cgroup_parents()))


# ---------------------------------------------------------------------------- work folders


_swept = False


def make_workdir() -> str:
    """A fresh, empty working directory for one bot process (also its HOME and TMPDIR). Its
    name holds the referee's pid, so that the folders of a referee that was killed before it
    could remove them are removed by the next one."""
    global _swept
    if not _swept:
        _swept = True
        with contextlib.suppress(OSError):
            for entry in os.scandir(tempfile.gettempdir()):
                if entry.name.startswith("thousand-bot-") and _owner_gone(
                    entry.name, "thousand-bot-"
                ):
                    remove_workdir(entry.path)
    return tempfile.mkdtemp(prefix=f"thousand-bot-{os.getpid()}-")


def remove_workdir(path: str | os.PathLike[str]) -> None:
    """Remove a folder a bot or a build wrote in, whatever it left there: read-only files,
    folders without write or search permission (opened up on the way), links (removed, never
    followed). Best effort: what cannot go stays. Iterative, so that a hostile depth of
    folders cannot exhaust the stack; a file or a link is simply removed."""
    top = os.fspath(path)
    if os.path.islink(top) or not os.path.isdir(top):
        with contextlib.suppress(OSError):
            os.unlink(top)
        return
    stack = [(top, False)]
    while stack:
        folder, emptied = stack.pop()
        if emptied:
            with contextlib.suppress(OSError):
                os.rmdir(folder)
            continue
        with contextlib.suppress(OSError):
            os.chmod(folder, 0o700)
        stack.append((folder, True))  # popped after everything below it
        try:
            with os.scandir(folder) as found:
                entries = list(found)
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                stack.append((entry.path, False))
            else:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


# ---------------------------------------------------------------------------- build sandbox

BUILD_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def build_env(folder: str) -> dict[str, str]:
    """A submission's build gets a clean, fixed environment: nothing of the server's."""
    return {"PATH": BUILD_PATH, "HOME": folder, "TMPDIR": "/tmp", "LANG": "C.UTF-8"}


def build_bwrap(sandbox: Sandbox, folder: str, user: tuple[int, int] | None) -> list[str]:
    """The bwrap command line (up to its ``--``) for a submission's build (``gcc -O2 -o bot
    bot.c``), run once: the submission's folder is the only writable place besides a private
    /tmp, the host's compilers are seen read-only with the rest of the system, and there is no
    network, no other process, no other bot's files. Limits come from ``sandbox`` as for a
    bot (the caller gives the build its own, larger ones)."""
    return bwrap_argv(sandbox, folder, (), build_env(folder), user)
