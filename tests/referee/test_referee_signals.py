"""The referee stopped from outside: killed with SIGKILL, interrupted with Ctrl-C or SIGTERM.

The bots here fork a child (same process group) and a setsid()-ed daemon that execs a sleeping
Python, then sleep themselves; a long move time keeps the referee waiting on them. Whatever
happens to the referee, none of those processes may survive it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pexpect
import pytest
from conftest import (
    ROOT,
    Proc,
    assert_no_leftovers,
    faulty,
    plain,
    processes_with,
    random_bot,
    read_replay,
    terminal_env,
    thousand,
    wait_for,
)

from referee.players.containment import LAUNCHER
from tests.requirements import need

LAUNCH_PROGRAM = Path(LAUNCHER).name  # the launcher's program in a command line
SLOW = ("--time-per-move", "30", "--time-bank", "0", "--startup-time", "5")


def match_argv(marker: str, *extra: str) -> list[str]:
    return [
        *thousand(),
        "match",
        faulty("daemon_sleep", 0, marker),
        random_bot(marker),
        "--game",
        "dice",
        "--games",
        "3",
        "--seed",
        "5",
        *SLOW,
        *extra,
    ]


def wait_for_descendants(marker: str, referee: int) -> list[Proc]:
    """Wait until the bot's exec'd daemon and its forked child exist; return all of the
    match's processes except the referee itself."""
    daemons = wait_for(marker, 1, word="import time")
    assert daemons, "the bot's daemon never appeared"
    # The forked child is a second faulty.py process besides the bot (and its launchers).
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        bots = [p for p in processes_with(marker) if "faulty.py daemon_sleep" in p.cmdline]
        if sum(LAUNCH_PROGRAM not in p.cmdline for p in bots) >= 2:
            break
        time.sleep(0.05)
    found = [p for p in processes_with(marker) if p.pid != referee]
    assert sum("random_bot.py" in p.cmdline for p in found) >= 1
    return found


@pytest.mark.parametrize(
    "sandbox",
    [
        "rlimits",
        pytest.param("none", marks=pytest.mark.slow),
        pytest.param("bwrap", marks=pytest.mark.slow),
    ],
)
def test_sigkill_of_the_referee_takes_every_bot_process_with_it(marker: str, sandbox: str) -> None:
    if sandbox == "bwrap":
        need("bwrap")
    referee = subprocess.Popen(
        [*match_argv(marker), "--json", "--sandbox", sandbox],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        before = wait_for_descendants(marker, referee.pid)
        assert len(before) >= 4, before
        # A setsid()-ed daemon is in another session: only the PID namespace / parent-death
        # signal can take it down.
        os.kill(referee.pid, signal.SIGKILL)
        assert referee.wait(timeout=10) == -signal.SIGKILL
    finally:
        if referee.poll() is None:
            referee.kill()
            referee.wait()
    assert_no_leftovers(marker)


def wait_for_tables(marker: str, referee: int, tables: int) -> None:
    """Every table has started its bots: each table's sleeping bot has exec'd its daemon."""
    wait_for_descendants(marker, referee)
    wait_for(marker, tables, word="import time")


@pytest.mark.parametrize("tables", [1, 2])  # 2: tables in processes of their own
def test_sigterm_stops_the_match_cleanly(marker: str, tables: int) -> None:
    referee = subprocess.Popen(
        [*match_argv(marker, "--concurrency", str(tables)), "--json"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_tables(marker, referee.pid, tables)
        referee.send_signal(signal.SIGTERM)
        out, err = referee.communicate(timeout=30)
    finally:
        if referee.poll() is None:
            referee.kill()
            referee.wait()
    assert referee.returncode == 130, err
    assert "Traceback" not in err, err
    document = json.loads(out)
    assert document["stopped"].startswith("interrupted after")
    assert document["games_played"] == len(document["games"]) == 0
    assert_no_leftovers(marker)


@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_in_a_terminal_stops_cleanly(presses: int, marker: str, tmp_path: Path) -> None:
    """One Ctrl-C stops the match (the bots get their bye and grace); a second one, pressed
    impatiently during that grace, must still leave nothing behind."""
    argv = match_argv(marker, "--replays", str(tmp_path / "replays"))
    child = pexpect.spawn(
        argv[0],
        argv[1:],
        cwd=str(ROOT),
        env=terminal_env(),
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 200),
    )
    child.delaybeforesend = None
    try:
        wait_for_descendants(marker, child.pid)
        child.sendintr()  # Ctrl-C: SIGINT to the terminal's foreground group, the referee
        if presses == 2:  # once the first is seen taken, so that two are not delivered as one
            child.expect("stopping: the games in play end now")
            child.sendintr()
        child.expect(pexpect.EOF, timeout=20)
        output = plain(child.before)
    finally:
        child.close(force=True)
    assert child.exitstatus == 130, output
    assert "Traceback" not in output
    assert "interrupted after 0 games" in output
    # The results table is still printed, with both bots.
    assert "0: faulty" in output and "1: random_bot" in output, output[-2000:]
    # The game that was cut short keeps what was written up to its last wait, as a .part.
    (partial,) = (tmp_path / "replays").glob("match-*/*.jsonl.part")  # the match's folder
    records = read_replay(partial)
    assert records[0]["format"] == "thousand-replay"
    assert len(records) > 1 and all(r.get("kind") != "result" for r in records)
    assert_no_leftovers(marker)
