"""A submission's build step (``gcc -O2 -o bot bot.c``): run once, contained as its bot will
be, with its own time, memory and disk limits, its output kept as the build log.

The containment is the referee's own (``referee.players.containment.wrap``: a launcher that
joins a cgroup and sets resource limits before exec, becomes the sandbox user when the
referee is root, then bwrap when the ladder uses it), so a build is no more trusted than a
bot: it cannot write outside its folder, reach the network, fork without bound or run
forever. What it writes is bounded three ways, because no file-system quota is at hand on an
ordinary machine: each file by the file-size limit, the folder as a whole by ``disk_mib`` and
``files`` (watched while the build runs; the build is stopped when the folder grows past
them), and its output by the log's own cap — the referee writes the log, not the build, so
the build's file-size limit does not decide how long the log grows.
"""

from __future__ import annotations

import contextlib
import os
import select
import shlex
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from referee.players.containment import launcher_environment, wrap
from referee.players.sandbox import (
    MIB,
    BotCgroup,
    Sandbox,
    build_bwrap,
    build_env,
    hand_over,
    identity,
    take_back,
)
from referee.web.settings import BuildLimits

LOG_LIMIT_MIB = 1
"""Build output kept in ``build.log``; a compiler's errors fit many times over, and /mine
shows the log's tail."""
WATCH_SECONDS = 0.1
"""How often the folder's size is read while the build runs: the most a build can write past
``disk_mib`` is what it writes in this time (measured in docs/server.md)."""
READ_SIZE = 1 << 16


@dataclass(frozen=True)
class BuildResult:
    ok: bool
    summary: str
    """One line: what happened (exit code, signal, time out, a limit)."""
    seconds: float


def build_command(build: str | list[str]) -> list[str]:
    """A string is a shell line (``make && strip bot``); a list is the argv itself."""
    return ["/bin/sh", "-c", build] if isinstance(build, str) else list(build)


def folder_usage(folder: Path, stop_files: int) -> tuple[int, int]:
    """(bytes on disk, entries) under ``folder``, links not followed; counting stops past
    ``stop_files`` entries, since a build that made that many is stopped anyway."""
    used, count = 0, 0
    stack = [os.fspath(folder)]
    while stack and count <= stop_files:
        with contextlib.suppress(OSError), os.scandir(stack.pop()) as found:
            for entry in found:
                count += 1
                with contextlib.suppress(OSError):
                    used += entry.stat(follow_symlinks=False).st_blocks * 512
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
    return used, count


def run_build(
    folder: Path, build: str | list[str], sandbox: Sandbox, limits: BuildLimits, log: Path
) -> BuildResult:
    """Run ``build`` in ``folder`` (the submission's files), writing its output to ``log``.
    Raises ``SandboxError`` when the sandbox user cannot be used."""
    box = sandbox.model_copy(
        update={
            "mode": "bwrap" if sandbox.mode == "bwrap" else "rlimits",
            "memory_mib": limits.memory_mib,
            "cpu_seconds": limits.seconds,
            "processes": limits.processes,
            "file_size_mib": min(limits.file_size_mib, limits.disk_mib),
        }
    )
    user = identity(box)
    command = build_command(build)
    hand_over(folder, user)
    cgroup = BotCgroup.create(box)
    try:
        rlimits = box.rlimits(memory_cgroup=cgroup is not None and cgroup.caps_memory)
        procs = cgroup.procs_files if cgroup is not None else []
        reach = [(str(folder), True)]
        if box.mode == "bwrap":
            bwrap = build_bwrap(box, str(folder), user)
            argv, _ = wrap(
                command, rlimits=rlimits, cgroups=procs, bwrap=bwrap, user=user, reach=reach
            )
        else:
            env = build_env(str(folder))
            argv, _ = wrap(command, True, rlimits, cgroups=procs, env=env, user=user, reach=reach)
        with log.open("wb") as out:
            out.write(f"$ {shlex.join(command)}\n".encode())
            return _watch(argv, folder, limits, out, cgroup)
    finally:
        if cgroup is not None:
            cgroup.remove()
        take_back(folder, user)


def _watch(
    argv: list[str], folder: Path, limits: BuildLimits, out: IO[bytes], cgroup: BotCgroup | None
) -> BuildResult:
    """Run the build to its end or to the first limit it passes, logging its output up to
    the log's cap; the outcome in one line. The cgroup is still there to be asked whether
    the kernel killed the build for memory."""
    started = time.monotonic()
    process = subprocess.Popen(
        argv,
        cwd=folder,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=launcher_environment(),
        start_new_session=True,
    )
    assert process.stdout is not None
    output = process.stdout.fileno()
    logged, cut, stopped = 0, False, ""
    next_look = started
    while True:
        now = time.monotonic()
        if now - started > limits.seconds:
            stopped = f"the build ran out of time ({limits.seconds:g} s)"
        elif now >= next_look:
            next_look = now + WATCH_SECONDS
            stopped = _over(folder, limits)
        if stopped:
            _kill(process, cgroup)
            break
        ready, _, _ = select.select([output], [], [], WATCH_SECONDS)
        if not ready:
            continue
        data = os.read(output, READ_SIZE)
        if not data:
            break
        keep = data[: max(0, LOG_LIMIT_MIB * MIB - logged)]
        out.write(keep)
        logged += len(keep)
        if len(keep) < len(data) and not cut:
            cut = True
    code = process.wait()
    process.stdout.close()
    if not stopped:  # what it wrote since the last look, or all of it in a quick build
        stopped = _over(folder, limits)
    spent = time.monotonic() - started
    if cut:
        out.write(f"\n[the build's output was cut here, at {LOG_LIMIT_MIB} MiB]\n".encode())
    if stopped:
        return BuildResult(False, stopped, spent)
    if cgroup is not None and cgroup.out_of_memory():
        return BuildResult(False, f"the build ran out of memory ({limits.memory_mib} MiB)", spent)
    if code == 0:
        return BuildResult(True, f"built in {spent:.1f} s", spent)
    if code < 0:
        name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
        return BuildResult(False, f"the build was killed by {name}", spent)
    if code > 128 and code - 128 in signal.valid_signals():
        # The launcher's PID 1 passes a signal on as 128 + its number.
        name = signal.Signals(code - 128).name
        return BuildResult(False, f"the build was killed by {name}", spent)
    return BuildResult(False, f"the build failed with exit code {code}", spent)


def _over(folder: Path, limits: BuildLimits) -> str:
    """Which bound of the folder the build passed, or ""."""
    used, files = folder_usage(folder, limits.files)
    if used > limits.disk_mib * MIB:
        return f"the build wrote more than {limits.disk_mib} MiB into its folder"
    if files > limits.files:
        return f"the build made more than {limits.files} files and folders"
    return ""


def _kill(process: subprocess.Popen[bytes], cgroup: BotCgroup | None) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    if cgroup is not None:
        cgroup.kill_all()
