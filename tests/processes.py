"""Finding processes left behind: every test that starts bots gives them a unique marker word in
their argv (forks and execs keep it), and a scan of /proc for that word after the match is the
proof that nothing survived. One scanner for the referee, sandbox and ladder tests."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Proc:
    pid: int
    state: str
    cmdline: str

    def __str__(self) -> str:
        return f"pid {self.pid}: {self.cmdline}"


def _read_proc(pid: int) -> Proc | None:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            cmdline = handle.read().replace(b"\0", b" ").decode(errors="replace")
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read()
    except OSError:
        return None
    state = stat[stat.rfind(b")") + 2 :].split()[0].decode()
    return Proc(pid, state, cmdline)


def processes_with(marker: str) -> list[Proc]:
    """Live (non-zombie) processes whose command line holds ``marker``, this one excepted."""
    found = []
    me = os.getpid()
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == me:
            continue
        proc = _read_proc(int(entry))
        if proc is not None and marker in proc.cmdline and proc.state != "Z":
            found.append(proc)
    return found


def leftovers(marker: str, within: float = 2.0) -> list[Proc]:
    """Processes still carrying ``marker`` after ``within`` seconds (SIGKILL is not instant:
    a PID namespace is torn down just after its init dies)."""
    deadline = time.monotonic() + within
    while True:
        found = processes_with(marker)
        if not found or time.monotonic() >= deadline:
            return found
        time.sleep(0.05)
