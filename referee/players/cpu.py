"""CPU time of a bot process, read from /proc with ``pread`` on descriptors kept open.

Reopening /proc files on every move would cost more than the move itself for fast bots; a kept
descriptor re-reads fresh content at offset 0.  Single-threaded processes are measured in
nanoseconds (schedstat); multi-threaded ones (Go, Java) in clock ticks over all threads (stat).
"""

from __future__ import annotations

import contextlib
import os

_TICK = 1.0 / os.sysconf("SC_CLK_TCK")


class CpuMeter:
    """CPU seconds of a bot and every process below it, from /proc: user + system time of all
    threads (ended ones included) plus the children each process has reaped, in clock ticks
    (10 ms). The fallback where no cgroup can be made; with a cgroup, ``CgroupCpuMeter`` counts
    the whole bot in nanoseconds. The bot's own ``stat`` stays open for ``pread``; descendants
    are found through ``/proc/PID/task/PID/children`` on each reading (one read for a bot that
    has none)."""

    def __init__(self, pid: int) -> None:
        self._pid = pid
        self._stat = os.open(f"/proc/{pid}/stat", os.O_RDONLY)
        # The bot's own list of children, kept open too: read on every move, mostly empty.
        try:
            self._children = os.open(f"/proc/{pid}/task/{pid}/children", os.O_RDONLY)
        except OSError:  # a kernel without the list: the walk below finds no children
            self._children = -1

    @staticmethod
    def _ticks(raw: bytes) -> int:
        fields = raw[raw.rfind(b")") + 2 :].split()
        # fields[0] is field 3 (state): utime, stime, cutime, cstime are fields 14-17.
        return int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])

    def seconds(self) -> float:
        """CPU seconds used so far; -1 if the bot is gone."""
        try:
            raw = os.pread(self._stat, 1024, 0)
        except OSError:
            return -1.0
        if not raw:
            return -1.0
        try:
            children = os.pread(self._children, 65536, 0).split()
        except OSError:
            children = []
        return (self._ticks(raw) + self._below(children)) * _TICK

    def _descendants(self, pid: int) -> int:
        try:
            with open(f"/proc/{pid}/task/{pid}/children", "rb") as handle:
                children = handle.read().split()
        except OSError:
            return 0
        return self._below(children)

    def _below(self, children: list[bytes]) -> int:
        total = 0
        for child in children:
            try:
                with open(f"/proc/{int(child)}/stat", "rb") as handle:
                    total += self._ticks(handle.read())
            except (OSError, ValueError, IndexError):
                continue
            total += self._descendants(int(child))
        return total

    def close(self) -> None:
        for fd in (self._stat, self._children):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)


class CgroupCpuMeter:
    """CPU seconds of a whole cgroup: the bot and every process it started, however deep."""

    def __init__(self, path: str) -> None:
        self._fd = os.open(path, os.O_RDONLY)
        self._v2 = path.endswith("cpu.stat")

    def seconds(self) -> float:
        try:
            raw = os.pread(self._fd, 4096, 0)
        except OSError:
            return -1.0
        if not self._v2:
            return int(raw) / 1e9
        if raw.startswith(b"usage_usec "):  # the first line of cpu.stat: no split of the rest
            return int(raw[11 : raw.find(b"\n")]) / 1e6
        for line in raw.splitlines():
            if line.startswith(b"usage_usec"):
                return int(line.split()[1]) / 1e6
        return -1.0

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self._fd)
