"""A submission's build step (``gcc -O2 -o bot bot.c``): run once, contained as its bot will
be, with its own time and memory limits, its output kept as the build log.

The containment is the referee's own (``referee.players.containment.wrap``: a launcher that
joins a cgroup and sets resource limits before exec, then bwrap when the ladder uses it), so a
build is no more trusted than a bot: it cannot write outside its folder, reach the network,
fork without bound or run forever.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from referee.players.containment import launcher_environment, wrap
from referee.players.sandbox import BotCgroup, Sandbox, build_bwrap, build_env
from referee.web.settings import BuildLimits

LOG_LIMIT_MIB = 4


@dataclass(frozen=True)
class BuildResult:
    ok: bool
    summary: str
    """One line: what happened (exit code, signal, time out)."""
    seconds: float


def build_command(build: str | list[str]) -> list[str]:
    """A string is a shell line (``make && strip bot``); a list is the argv itself."""
    return ["/bin/sh", "-c", build] if isinstance(build, str) else list(build)


def run_build(
    folder: Path, build: str | list[str], sandbox: Sandbox, limits: BuildLimits, log: Path
) -> BuildResult:
    """Run ``build`` in ``folder`` (the submission's files), writing its output to ``log``."""
    box = sandbox.model_copy(
        update={
            "mode": "bwrap" if sandbox.mode == "bwrap" else "rlimits",
            "memory_mib": limits.memory_mib,
            "cpu_seconds": limits.seconds,
            "processes": limits.processes,
            "file_size_mib": max(limits.file_size_mib, LOG_LIMIT_MIB),
        }
    )
    cgroup = BotCgroup.create(box)
    rlimits = box.rlimits(memory_cgroup=cgroup is not None and cgroup.caps_memory)
    procs = cgroup.procs_files if cgroup is not None else []
    command = build_command(build)
    if box.mode == "bwrap":
        argv, _ = wrap(command, rlimits=rlimits, cgroups=procs, bwrap=build_bwrap(box, str(folder)))
    else:
        argv, _ = wrap(command, True, rlimits, cgroups=procs, env=build_env(str(folder)))
    started = time.monotonic()
    try:
        with log.open("wb") as out:
            out.write(f"$ {shlex.join(command)}\n".encode())
            out.flush()
            process = subprocess.Popen(
                argv,
                cwd=folder,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                env=launcher_environment(),
                start_new_session=True,
            )
            try:
                code = process.wait(timeout=limits.seconds)
            except subprocess.TimeoutExpired:
                _kill(process, cgroup)
                process.wait()
                spent = time.monotonic() - started
                why = f"the build ran out of time ({limits.seconds:g} s)"
                return BuildResult(False, why, spent)
    finally:
        if cgroup is not None:
            cgroup.remove()
    spent = time.monotonic() - started
    if code == 0:
        return BuildResult(True, f"built in {spent:.1f} s", spent)
    if code < 0:
        name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
        return BuildResult(False, f"the build was killed by {name}", spent)
    if cgroup is not None and cgroup.out_of_memory():
        return BuildResult(False, f"the build ran out of memory ({limits.memory_mib} MiB)", spent)
    return BuildResult(False, f"the build failed with exit code {code}", spent)


def _kill(process: subprocess.Popen[bytes], cgroup: BotCgroup | None) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    if cgroup is not None:
        cgroup.kill_all()
