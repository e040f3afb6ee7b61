"""The CPU meter used where no cgroup can be made (an unprivileged referee): a bot's CPU time
from the kernel's process clock (every thread, nanoseconds) plus its children from /proc.

Each test runs a real process that burns a known amount of CPU in the way a bot might hide it:
in threads, in a child it waits for, in a child still running."""

from __future__ import annotations

import subprocess
import time

import pytest

from referee.players.cpu import CpuMeter
from tests.referee.cpu_burn import start_burn


def burner(spawn: list[subprocess.Popen[bytes]], how: str, seconds: float) -> CpuMeter:
    process = start_burn(spawn, how, seconds)
    meter = CpuMeter(process.pid)
    assert process.stdout is not None
    if how != "running":
        assert process.stdout.readline() == b"done\n"
    return meter


def settled(meter: CpuMeter) -> float:
    """A reading after the children's share had a tick to refresh."""
    time.sleep(0.02)
    return meter.seconds()


def test_a_single_thread_is_measured_finer_than_a_clock_tick(
    spawn: list[subprocess.Popen[bytes]],
) -> None:
    meter = burner(spawn, "single", 0.035)
    used = settled(meter)
    # /proc's ticks would say 0.03 or 0.04; the process clock says what was used.
    assert 0.035 <= used < 0.035 + 0.2, used
    assert abs(used / 0.01 - round(used / 0.01)) > 1e-6, used  # not whole clock ticks


def test_every_thread_is_counted(spawn: list[subprocess.Popen[bytes]]) -> None:
    meter = burner(spawn, "threads", 0.1)
    assert settled(meter) >= 0.2


def test_a_child_the_bot_waited_for_is_counted(spawn: list[subprocess.Popen[bytes]]) -> None:
    meter = burner(spawn, "child", 0.2)
    assert settled(meter) >= 0.18  # the child's share is in clock ticks


def test_a_running_child_is_counted_and_readings_never_go_back(
    spawn: list[subprocess.Popen[bytes]],
) -> None:
    meter = burner(spawn, "running", 0)
    readings = []
    end = time.perf_counter() + 0.5
    while time.perf_counter() < end:
        readings.append(meter.seconds())
        time.sleep(0.001)
    assert readings == sorted(readings)
    assert readings[-1] >= 0.1  # the spinning child: up to half a second on some core


def test_the_reading_of_an_ended_bot_is_refused(spawn: list[subprocess.Popen[bytes]]) -> None:
    meter = burner(spawn, "single", 0.01)
    assert settled(meter) > 0
    spawn[0].kill()
    spawn[0].wait()
    assert meter.seconds() == -1.0


def test_without_the_process_clock_proc_alone_counts(
    spawn: list[subprocess.Popen[bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the kernel refuses another process's CPU clock, every reading is /proc's."""

    def refused(clock: int) -> float:
        raise PermissionError("refused")

    monkeypatch.setattr(time, "clock_gettime", refused)
    meter = burner(spawn, "threads", 0.1)
    used = meter.seconds()
    assert used >= 0.19
    assert abs(used / 0.01 - round(used / 0.01)) < 1e-6  # whole clock ticks
