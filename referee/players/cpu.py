"""CPU time of a bot process, without a cgroup: the kernel's CPU clock of the process for its
own threads, /proc for what its children used.

Reading /proc on every move would cost more than the move itself for fast bots (``stat`` alone
is ~3 µs, the clock ~0.5 µs); a kept descriptor re-reads fresh content at offset 0, and the
children's share is refreshed at most once per clock tick of wall time, the resolution /proc
gives it anyway.
"""

from __future__ import annotations

import contextlib
import os
import time
from typing import Final

_TICK = 1.0 / os.sysconf("SC_CLK_TCK")
# Read at every move (CgroupCpuMeter), so looked up once: compiled, ``time.perf_counter()`` is
# a look-up in the module's attributes at every call, a Final name a C static.
_perf_counter: Final = time.perf_counter
_clock_ns: Final = time.clock_gettime_ns


def process_clock(pid: int) -> int:
    """The clock id of ``pid``'s CPU time, all its threads (Linux's CPUCLOCK_SCHED of a
    process: what clock_getcpuclockid(3) returns), in nanoseconds."""
    return ((~pid) << 3) | 2


class Meter:
    """What the referee reads a bot's CPU time with, once a move: a base class of its own so
    that, compiled, the reading is a direct call whichever meter the bot has."""

    def seconds(self) -> float:
        """CPU seconds used so far; -1 if they cannot be read."""
        raise NotImplementedError

    def close(self) -> None:
        """Let go of what the meter holds open."""


class CpuMeter(Meter):
    """CPU seconds of a bot and every process below it: the CPU clock of the bot's process
    (every thread, ended ones included, in nanoseconds) plus, from /proc in clock ticks
    (10 ms), the children it has reaped and the descendants still running. The fallback where
    no cgroup can be made; with a cgroup, ``CgroupCpuMeter`` counts the whole bot in
    nanoseconds. The children's share is read again when a tick of wall time has passed since
    its last reading, so it lags by at most one tick — its own resolution. Where the kernel
    refuses the process clock, everything comes from /proc at every reading."""

    def __init__(self, pid: int) -> None:
        self._stat = os.open(f"/proc/{pid}/stat", os.O_RDONLY)
        # The bot's own list of children, kept open too: mostly empty.
        try:
            self._children = os.open(f"/proc/{pid}/task/{pid}/children", os.O_RDONLY)
        except OSError:  # a kernel without the list: the walk below finds no children
            self._children = -1
        self._clock: int | None = process_clock(pid)
        try:
            time.clock_gettime(self._clock)
        except OSError:
            self._clock = None
        self._others = 0  # ticks of reaped children and running descendants, last read
        self._read_at = -1.0

    @staticmethod
    def _times(raw: bytes) -> tuple[int, int]:
        """(own, reaped children) in ticks, from a /proc/PID/stat line."""
        fields = raw[raw.rfind(b")") + 2 :].split()
        # fields[0] is field 3 (state): utime, stime, cutime, cstime are fields 14-17.
        return int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14])

    @classmethod
    def _ticks(cls, raw: bytes) -> int:
        return sum(cls._times(raw))

    def seconds(self) -> float:
        """CPU seconds used so far; -1 if the bot is gone."""
        now = time.perf_counter()
        if self._clock is not None and now - self._read_at < _TICK:
            try:
                return time.clock_gettime(self._clock) + self._others * _TICK
            except OSError:
                pass  # gone, or never readable: /proc says which
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
        self._read_at = now
        if self._clock is None:
            return (self._ticks(raw) + self._below(children)) * _TICK
        self._others = self._times(raw)[1] + self._below(children)
        try:
            own = time.clock_gettime(self._clock)
        except OSError:  # ended between the two readings
            return -1.0
        return own + self._others * _TICK

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


class CgroupCpuMeter(Meter):
    """CPU seconds of a whole cgroup: the bot and every process it started, however deep.

    The cgroup's counter is a file read, dearer on the referee's hot path (one reading a move)
    than the process clock of the bot's own process. So, given the bot's ``pid``, the counter
    is read again only once a clock tick of wall time has passed since its last reading, and
    in between what the bot's own process used since then is added to it: the bot's own
    threads are counted at every move to the nanosecond, what its other processes used within
    at most a tick — as ``CpuMeter`` counts children. Readings never go back (the counter
    holds the bot's own process too, but a thread still running has its last few milliseconds
    in the process clock before they reach the counter: a reading is never below the last).
    Without a ``pid`` (or where the kernel refuses its clock), every reading is the
    counter's."""

    def __init__(self, path: str, pid: int | None = None) -> None:
        self._fd = os.open(path, os.O_RDONLY)
        self._v2 = path.endswith("cpu.stat")
        self._clock: int | None = None if pid is None else process_clock(pid)
        if self._clock is not None:
            try:
                time.clock_gettime(self._clock)
            except OSError:
                self._clock = None
        self._counted = 0  # the counter at its last reading, in nanoseconds …
        self._own = 0  # … the bot's own process clock then …
        self._read_at = -1.0  # … and when (perf_counter)

    def _counter(self) -> int:
        """The counter in nanoseconds (integers: a sum of floats could go back by a rounding),
        or -1."""
        try:
            raw = os.pread(self._fd, 4096, 0)
        except OSError:
            return -1
        if not self._v2:
            return int(raw)
        if raw.startswith(b"usage_usec "):  # the first line of cpu.stat: no split of the rest
            return int(raw[11 : raw.find(b"\n")]) * 1000
        for line in raw.splitlines():
            if line.startswith(b"usage_usec"):
                return int(line.split()[1]) * 1000
        return -1

    def seconds(self) -> float:
        """CPU seconds used so far; -1 if the counter cannot be read."""
        clock = self._clock
        now = _perf_counter()
        if clock is not None and now - self._read_at < _TICK:
            try:
                return (self._counted + _clock_ns(clock) - self._own) / 1e9
            except OSError:  # the bot's own process has ended: the counter says the rest
                self._clock = clock = None
        counted = self._counter()
        if counted < 0:
            return -1.0
        if clock is not None:
            try:
                own = _clock_ns(clock)
            except OSError:
                self._clock = None
            else:
                last = self._counted + own - self._own if self._read_at >= 0 else 0
                self._counted, self._own, self._read_at = max(counted, last), own, now
                return self._counted / 1e9
        return counted / 1e9

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self._fd)
