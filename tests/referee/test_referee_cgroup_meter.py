"""The CPU meter of a bot with a cgroup (referee/players/cpu.py ``CgroupCpuMeter``): the
cgroup's counter, read again once a clock tick of wall time has passed, and the bot's own
process clock in between — so the bot's own threads count at every reading and whatever else
runs in its cgroup within a tick.

Each test puts a real process into a real cgroup (the referee's own ``BotCgroup``; skipped
where none can be made, an unprivileged referee) and lets it burn a known amount of CPU the way
a bot might: in its own threads, in a child, in a child that keeps running."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.players.cpu import CgroupCpuMeter
from referee.players.sandbox import BotCgroup, Sandbox
from tests.referee.cpu_burn import start_burn
from tests.requirements import unavailable


@pytest.fixture
def cgroup() -> Iterator[BotCgroup]:
    made = BotCgroup.create(Sandbox())
    if made is None or made.cpu_usage_file() is None:
        unavailable("no cgroup with a CPU counter can be made here (not root?)")
    yield made
    made.remove(within=2.0)


def burner(
    spawn: list[subprocess.Popen[bytes]], cgroup: BotCgroup, how: str, seconds: float
) -> tuple[subprocess.Popen[bytes], CgroupCpuMeter]:
    """A process in ``cgroup`` that burns as told once the meter is there; the meter reads
    once before the burn (as the referee does at the bot's hello)."""
    process = start_burn(spawn, how, seconds, gated=True)
    for procs in cgroup.procs_files:
        Path(procs).write_text(str(process.pid))
    usage = cgroup.cpu_usage_file()
    assert usage is not None
    meter = CgroupCpuMeter(usage, process.pid)
    assert process.stdin is not None and process.stdout is not None
    meter.seconds()
    process.stdin.write(b"go\n")
    process.stdin.flush()
    if how != "running":
        assert process.stdout.readline() == b"done\n"
    return process, meter


def test_the_bots_own_threads_count_at_once(
    spawn: list[subprocess.Popen[bytes]], cgroup: BotCgroup
) -> None:
    _, meter = burner(spawn, cgroup, "threads", 0.1)
    used = meter.seconds()  # well within a tick of the reading before the burn? no matter:
    assert used >= 0.2, used  # both threads, whether from the clock or the counter


def test_a_child_counts_within_a_tick(
    spawn: list[subprocess.Popen[bytes]], cgroup: BotCgroup
) -> None:
    _, meter = burner(spawn, cgroup, "child", 0.2)
    time.sleep(0.02)  # more than a clock tick since the last reading: the counter is read
    assert meter.seconds() >= 0.2


def test_between_counter_readings_the_process_clock_adds_up(
    spawn: list[subprocess.Popen[bytes]], cgroup: BotCgroup
) -> None:
    """A run of readings a tick apart and closer: never back, and the counter's own figure
    at every reading after a tick (the running child is only in the counter)."""
    process, meter = burner(spawn, cgroup, "running", 0)
    readings = []
    end = time.perf_counter() + 0.5
    while time.perf_counter() < end:
        readings.append(meter.seconds())
        time.sleep(0.0005)
    assert readings == sorted(readings)
    assert readings[-1] >= 0.1  # the spinning child, up to half a second on some core
    exact = CgroupCpuMeter(str(cgroup.cpu_usage_file()))  # no pid: the counter every time
    time.sleep(0.02)
    assert meter.seconds() == pytest.approx(exact.seconds(), abs=0.01)
    assert process.poll() is None


def test_the_counter_goes_on_after_the_bots_own_process_ends(
    spawn: list[subprocess.Popen[bytes]], cgroup: BotCgroup
) -> None:
    process, meter = burner(spawn, cgroup, "single", 0.05)
    assert meter.seconds() >= 0.05
    process.kill()
    process.wait()
    assert meter.seconds() >= 0.05  # its clock is gone; the cgroup's counter still reads
