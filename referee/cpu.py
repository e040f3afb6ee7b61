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
    def __init__(self, pid: int) -> None:
        self._stat = os.open(f"/proc/{pid}/stat", os.O_RDONLY)
        try:
            self._schedstat: int | None = os.open(f"/proc/{pid}/schedstat", os.O_RDONLY)
        except OSError:
            self._schedstat = None
        self._calls = 0
        self._threaded = False

    def seconds(self) -> float:
        """CPU seconds used so far by the process (user + system, all threads); -1 if gone.

        The thread count is re-read only every 32 calls: a bot that starts threads late is
        measured in ticks from then on, and a single-threaded one costs one ``pread`` a move.
        """
        self._calls += 1
        if self._calls % 32 == 1 or self._threaded or self._schedstat is None:
            return self._from_stat()
        try:
            return int(os.pread(self._schedstat, 128, 0).split()[0]) / 1e9
        except (OSError, IndexError, ValueError):
            return self._from_stat()

    def _from_stat(self) -> float:
        try:
            raw = os.pread(self._stat, 1024, 0)
        except OSError:
            return -1.0
        if not raw:
            return -1.0
        fields = raw[raw.rfind(b")") + 2 :].split()
        # fields[0] is the state (field 3); utime/stime are fields 14/15, threads field 20.
        self._threaded = int(fields[17]) > 1
        if not self._threaded and self._schedstat is not None:
            try:
                return int(os.pread(self._schedstat, 128, 0).split()[0]) / 1e9
            except (OSError, IndexError, ValueError):
                pass
        return (int(fields[11]) + int(fields[12])) * _TICK

    def close(self) -> None:
        for fd in (self._stat, self._schedstat):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._schedstat = None


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
        for line in raw.splitlines():
            if line.startswith(b"usage_usec"):
                return int(line.split()[1]) / 1e6
        return -1.0

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self._fd)
