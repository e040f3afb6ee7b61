"""Environment before containment: a manifest's ``env`` takes effect inside the bot's box only.

A contestant's manifest sets ``LD_PRELOAD`` to a library of its own (bots/preload.c, compiled
here) whose constructor appends its pid and /proc/self/status NSpid line to a file outside the
box and double-forks a daemon. Were the env applied to the launcher or to bwrap, the
constructor would run there: outside the bot's PID namespace (an NSpid of one pid), with the
daemon outliving the match. The library run directly on this machine writes the file and
leaves a daemon, which shows the checks can fail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.bot_access import open_to_bots
from tests.fairplay.conftest import PRELOAD_C, RANDOM_BOT, play
from tests.inprocess import invoke
from tests.ladder.conftest import ROOT, ok, quick_ok
from tests.processes import leftovers, processes_with
from tests.referee.conftest import PY, assert_no_leftovers, kill_by_pid
from tests.requirements import c_compiler, need


def contestant(tmp_path: Path, marker: str) -> tuple[Path, Path, Path]:
    """The bot's folder (random_bot.py, preload.so, bot.toml), its manifest, and the outside
    file the library writes to (not created here)."""
    compiler = c_compiler()
    folder = tmp_path / "contestant"
    folder.mkdir()
    outside = tmp_path / "outside" / "constructor-ran.txt"
    outside.parent.mkdir()
    open_to_bots(outside.parent)  # the library writes there from inside the bot
    library = folder / "preload.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", f'-DOUT="{outside}"', "-o", library, PRELOAD_C],
        check=True,
        capture_output=True,
    )
    shutil.copy(RANDOM_BOT, folder / "random_bot.py")
    manifest = folder / "bot.toml"
    manifest.write_text(
        f'name = "preloader"\ncommand = ["{PY}", "random_bot.py", "1", "{marker}"]\n'
        f'[env]\nLD_PRELOAD = "{library}"\n',
        encoding="utf-8",
    )
    return folder, manifest, outside


def runs(outside: Path, who: str = "pid") -> list[tuple[int, list[int]]]:
    """(getpid(), NSpid) of every process the constructor ran in (``who="daemon"``: of every
    daemon it started)."""
    if not outside.exists():
        return []
    found = []
    for line in outside.read_text().splitlines():
        head, nspid = line.split("NSpid:")
        if head.split()[0] == who:
            found.append((int(head.split()[1]), [int(n) for n in nspid.split()]))
    return found


def test_the_library_outside_any_sandbox_writes_and_leaves_a_daemon(
    tmp_path: Path, marker: str
) -> None:
    folder, _, outside = contestant(tmp_path, marker)
    env = {"PATH": os.environ["PATH"], "LD_PRELOAD": str(folder / "preload.so")}
    subprocess.run(
        ["/bin/sh", "-c", ":", marker], env=env, check=True, timeout=10, capture_output=True
    )
    [(pid, nspid)] = runs(outside)
    assert pid > 10 and nspid == [pid], "run here, it sees the machine's own pid"
    daemons = processes_with(marker)
    assert daemons, "the library's daemon is not found by its marker"
    kill_by_pid(daemons)


def test_under_rlimits_the_constructor_runs_only_in_the_bots_pid_namespace(
    tmp_path: Path, marker: str
) -> None:
    need("pidns")  # without it the bot's pid would not tell it from the launcher
    _, manifest, outside = contestant(tmp_path, marker)
    bots = [str(manifest), "builtin:random", "builtin:random"]
    run, _ = play(bots, "dice", tmp_path, "--games", "2", "--sandbox", "rlimits")
    assert_no_leftovers(marker)
    found = runs(outside)
    assert found, f"the bot never loaded its LD_PRELOAD library\n{run.explain()}"
    # Inside its PID namespace the bot has a small pid (2: its init is 1), which is the last
    # NSpid entry; the launcher's own /proc shows that namespace only. In the launcher or
    # outside any namespace the pid would be the machine's.
    assert all(pid < 10 and nspid[-1] == pid for pid, nspid in found), found
    # Its daemon did start, in the same namespace, and is gone (no leftovers above).
    assert runs(outside, "daemon") and all(pid < 10 for pid, _ in runs(outside, "daemon"))


def test_under_bwrap_the_constructor_reaches_nothing_outside(tmp_path: Path, marker: str) -> None:
    need("bwrap")
    _, manifest, outside = contestant(tmp_path, marker)
    bots = [str(manifest), "builtin:random", "builtin:random"]
    _, folder = play(bots, "dice", tmp_path, "--games", "2", "--sandbox", "bwrap")
    assert_no_leftovers(marker)
    assert not outside.exists(), outside.read_text()
    # The library did run, as the bot inside the sandbox's PID namespace (its log says so).
    logs = "".join(p.read_text(errors="replace") for p in (folder / "logs").glob("*.log"))
    ran = re.findall(r"^preload: pid (\d+) ", logs, re.MULTILINE)
    assert ran and all(int(pid) < 10 for pid in ran), logs


def test_ladder_add_checks_the_bot_inside_the_ladders_sandbox(tmp_path: Path, marker: str) -> None:
    need("bwrap")
    _, manifest, outside = contestant(tmp_path, marker)
    db = tmp_path / "env.db"
    quick_ok("init", db, "--game", "dice")  # bwrap by default
    ok("add", db, "preloader", manifest, timeout=180)  # the check runs the bot: the program
    assert not [str(p) for p in leftovers(marker)]
    assert not outside.exists(), outside.read_text()


@pytest.mark.parametrize("name", ["LD_PRELOAD=/x.so", "", "A\u0000B"])
def test_a_manifest_env_name_that_could_smuggle_a_variable_is_refused(
    tmp_path: Path, name: str
) -> None:
    """What the command says, read in this process: no bot is started."""
    manifest = tmp_path / "bot.json"
    manifest.write_text(
        json.dumps({"command": [PY, str(RANDOM_BOT)], "env": {name: "1"}}), encoding="utf-8"
    )
    run = invoke(["match", manifest, "builtin:random", "--game", "dice"], cwd=ROOT)
    assert run.returncode == 1, run
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("thousand: error: bot manifest"), lines
    assert "Traceback" not in run.stderr
