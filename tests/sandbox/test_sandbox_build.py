"""A submission's build is bounded: what it writes into its folder in all, how many files it
makes, how much of its output is kept, and it says in words which limit stopped it.

Each test runs a real build (referee.web.build.run_build: the launcher, the cgroup, bwrap where
it works) that goes past one limit. On 63718f2 a build could write 2.3 GB in 20 s, its log grew
to the build's file-size limit (64 MiB), and a build killed for memory said "exit code 137".
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.players.sandbox import MIB, Sandbox, bwrap_problem, cgroup_controllers
from referee.web.build import LOG_LIMIT_MIB, folder_usage, run_build
from referee.web.settings import BuildLimits
from tests.requirements import unavailable

LIMITS = BuildLimits(seconds=30, memory_mib=256, disk_mib=8, files=200)


def _mode() -> str:
    return "bwrap" if bwrap_problem() is None else "rlimits"


def _build(folder: Path, command: str, limits: BuildLimits = LIMITS) -> tuple[str, bool, Path]:
    bot = folder / "bot"
    bot.mkdir()
    log = folder / "build.log"
    result = run_build(bot, command, Sandbox(mode=_mode()), limits, log)
    return result.summary, result.ok, log


def test_a_build_that_fills_its_folder_is_stopped(tmp_path: Path) -> None:
    summary, ok, _ = _build(
        tmp_path, "i=0; while :; do head -c 1000000 /dev/zero > big$i; i=$((i+1)); done"
    )
    assert not ok
    assert summary == f"the build wrote more than {LIMITS.disk_mib} MiB into its folder", summary
    used, _ = folder_usage(tmp_path / "bot", 10**6)
    # Past the bound by what it wrote between two looks (24 MiB was seen under the whole
    # suite's load): far from the gigabytes it writes in its 30 s unbounded, as on 63718f2.
    assert used < 256 * MIB, used


def test_a_quick_build_past_the_bound_is_refused_too(tmp_path: Path) -> None:
    """Over in less than one look: the folder is measured once more when the build ends."""
    summary, ok, _ = _build(tmp_path, "for f in a b; do head -c 7000000 /dev/zero > $f; done")
    assert not ok
    assert summary == f"the build wrote more than {LIMITS.disk_mib} MiB into its folder", summary


def test_a_build_that_makes_files_without_end_is_stopped(tmp_path: Path) -> None:
    summary, ok, _ = _build(tmp_path, "i=0; while :; do : > f$i; i=$((i+1)); done")
    assert not ok
    assert summary == f"the build made more than {LIMITS.files} files and folders", summary


def test_a_build_log_is_cut_with_a_line_that_says_so(tmp_path: Path) -> None:
    summary, ok, log = _build(tmp_path, "yes 'a line of a chatty build' | head -c 5000000")
    assert ok, summary
    size = log.stat().st_size
    assert LOG_LIMIT_MIB * MIB < size < LOG_LIMIT_MIB * MIB + 4096, size
    last = log.read_bytes().splitlines()[-1].decode()
    assert last == f"[the build's output was cut here, at {LOG_LIMIT_MIB} MiB]", last


def test_a_build_killed_for_memory_says_so(tmp_path: Path) -> None:
    if "memory" not in cgroup_controllers():
        unavailable("no writable memory cgroup here: the build's memory is capped per process only")
    grow = "python3 -c 'b = []\nwhile True: b.append(bytearray(1 << 20))'"
    limits = BuildLimits(seconds=30, memory_mib=64, disk_mib=8, files=200)
    summary, ok, log = _build(tmp_path, grow, limits)
    assert not ok
    assert summary == "the build ran out of memory (64 MiB)", (summary, log.read_text()[-500:])


def test_a_build_that_stays_inside_every_limit_is_built(tmp_path: Path) -> None:
    summary, ok, log = _build(tmp_path, "echo compiled > bot && chmod +x bot && echo done")
    assert ok and summary.startswith("built in"), summary
    assert log.read_text().splitlines()[-1] == "done"
    built = tmp_path / "bot" / "bot"
    assert built.read_text() == "compiled\n"
    if os.geteuid() == 0:  # the referee's again, readable by the sandbox user's group
        assert built.stat().st_uid == 0 and built.stat().st_mode & 0o077 == 0o050


@pytest.mark.parametrize("limit", ["disk", "files"])
def test_a_bound_counts_what_the_unpacked_bot_brought_too(tmp_path: Path, limit: str) -> None:
    """The folder's bound is on everything in it after the build, not only what the build
    wrote: an upload near the bound leaves the build little room."""
    bot = tmp_path / "bot"
    bot.mkdir()
    if limit == "disk":
        (bot / "data").write_bytes(os.urandom(9 * MIB))
    else:
        for index in range(250):
            (bot / f"f{index}").write_text("x")
    result = run_build(bot, "true", Sandbox(mode=_mode()), LIMITS, tmp_path / "build.log")
    assert not result.ok, result
