"""referee.running: the one loop of match, tournament and ladder run, signalled for real.

Each test runs the helper in a Python process of its own (the script below) and sends that
process real SIGINT and SIGTERM; nothing of the loop or of the signals is mocked. What the run
did comes back as one JSON line: how it ended, and the order in which things happened (the
main task's cancel, a leftover task's cancel, the close) — the order is the claim: the
leftovers must be drained before the close, while what the close shuts is still there.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

SAID = "stopping: the games in play end now"

SCRIPT = r"""
import asyncio, errno, json, os, signal, sys, time
from referee.running import Running

mode = sys.argv[1]
log = []
finish = asyncio.Event()


async def leftover():
    # A task nobody awaits (a table's reader, a cluster's heartbeat): the run must end it.
    try:
        await asyncio.Event().wait()
    except asyncio.CancelledError:
        log.append("leftover cancelled")
        raise


async def grace():
    # What the tables do once cancelled: wait for the bots to go, deaf to further cancels.
    # Meanwhile two more signals come (an impatient Ctrl-C, then a SIGTERM): each cancel of
    # the main task that reaches here would cut a real grace short; count them.
    extra = 0
    for signum in (signal.SIGINT, signal.SIGTERM):
        os.kill(os.getpid(), signum)
        deadline = time.monotonic() + 0.3
        while time.monotonic() < deadline:
            try:
                await asyncio.sleep(0.01)
            except asyncio.CancelledError:
                extra += 1
    log.append(f"cancels during the grace: {extra}")


async def main():
    keep = asyncio.create_task(leftover())  # referenced, never awaited
    loop = asyncio.get_running_loop()
    if mode.startswith("callback"):
        def write_log():  # a bot's stderr log on a full disk
            raise OSError(errno.ENOSPC, "No space left on device", "bot-0.log")
        loop.call_soon(write_log)
        try:
            await asyncio.sleep(0.5)
        except asyncio.CancelledError:
            log.append("main cancelled")
            raise
        return 1
    if mode == "raise":
        raise OSError(errno.EACCES, "Permission denied", "replays")
    if mode == "bug":
        raise ValueError("a bug of ours")
    print("ready", flush=True)
    try:
        if mode == "finish":
            await finish.wait()
            log.append("finished its own")
            return 7
        await asyncio.Event().wait()  # "cancel" and "stubborn": only a cancel ends it
    except asyncio.CancelledError:
        log.append("main cancelled")
        if mode == "cancel":
            await grace()
        raise
    finally:
        del keep


async def close():
    log.append("closed")


running = Running(
    said=None if mode.startswith("callback") else "stopping: the games in play end now",
    finish_first=finish.set if mode in ("finish", "stubborn") else None,
    callback_oserrors=mode == "callback",
)
ended = None
try:
    with running:
        loop = running.loop
        running.close_after(close)
        ended = running.run(main(), errors=(OSError,))
finally:
    error = ended.error if ended is not None else None
    print(json.dumps({
        "ended": ended is not None,
        "result": ended.result if ended else None,
        "interrupted": ended.interrupted if ended else None,
        "cancelled": ended.cancelled if ended else None,
        "error": [error.errno, error.filename] if isinstance(error, OSError) else None,
        "log": log,
        "loop_closed": loop.is_closed(),
    }), flush=True)
"""


def start(tmp_path: Path, mode: str) -> subprocess.Popen[str]:
    script = tmp_path / "run.py"
    script.write_text(SCRIPT)
    return subprocess.Popen(
        [sys.executable, str(script), mode],
        cwd=str(ROOT),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def wait_for_line(stream: IO[str], line: str) -> None:
    """Block until the child writes ``line`` (it writes it once it is listening)."""
    for got in stream:
        if got.rstrip("\n") == line:
            return
    raise AssertionError(f"the child ended without saying {line!r}")


def finish(child: subprocess.Popen[str]) -> tuple[dict[str, Any], str]:
    out, err = child.communicate(timeout=30)
    last = out.strip().splitlines()[-1]
    return json.loads(last), err


@pytest.mark.parametrize("first", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_cancels_once_says_its_line_once_and_the_rest_is_cleaned_up(
    tmp_path: Path, first: signal.Signals
) -> None:
    """The first signal cancels the main task and says the line; the two that come during the
    main task's grace (SIGINT, then SIGTERM) change nothing: no second cancel, no second line."""
    child = start(tmp_path, "cancel")
    assert child.stdout is not None
    wait_for_line(child.stdout, "ready")
    child.send_signal(first)
    ran, err = finish(child)
    assert child.returncode == 0, err
    assert ran["ended"] and ran["interrupted"] and ran["cancelled"]
    assert ran["result"] is None and ran["error"] is None
    assert err.count(SAID) == 1, err
    assert ran["log"] == [
        "main cancelled",
        "cancels during the grace: 0",
        "leftover cancelled",  # drained before the close, while what it closes is still there
        "closed",
    ]
    assert ran["loop_closed"]
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_the_polite_stop_lets_the_run_finish_its_own(tmp_path: Path) -> None:
    """``ladder run``: one Ctrl-C asks the run to finish what it started; it ends with its
    result, and the run still counts as interrupted (the command exits 130)."""
    child = start(tmp_path, "finish")
    assert child.stdout is not None
    wait_for_line(child.stdout, "ready")
    child.send_signal(signal.SIGINT)
    ran, err = finish(child)
    assert child.returncode == 0, err
    assert ran["result"] == 7
    assert ran["interrupted"] and not ran["cancelled"]
    assert err.count(SAID) == 1, err
    assert ran["log"] == ["finished its own", "leftover cancelled", "closed"]
    assert ran["loop_closed"]


def test_a_second_signal_stops_a_polite_run_at_once(tmp_path: Path) -> None:
    """A run that does not finish on the polite stop is cancelled by the second signal, and
    the line is still said once."""
    child = start(tmp_path, "stubborn")
    assert child.stdout is not None and child.stderr is not None
    wait_for_line(child.stdout, "ready")
    child.send_signal(signal.SIGINT)
    wait_for_line(child.stderr, SAID)  # the first is taken: two are not delivered as one
    time.sleep(0.1)
    child.send_signal(signal.SIGINT)
    ran, err = finish(child)
    assert child.returncode == 0, err
    assert ran["interrupted"] and ran["cancelled"] and ran["result"] is None
    assert SAID not in err  # its one saying was read above
    assert ran["log"] == ["main cancelled", "leftover cancelled", "closed"]


def test_an_oserror_in_a_callback_ends_the_run_with_it(tmp_path: Path) -> None:
    """A full disk met in a pipe callback ends the run with that error, not a logged trace
    while the run goes on."""
    ran, err = finish(start(tmp_path, "callback"))
    assert ran["error"] == [28, "bot-0.log"]  # ENOSPC, the file it could not write
    assert ran["cancelled"] and not ran["interrupted"] and ran["result"] is None
    assert ran["log"] == ["main cancelled", "leftover cancelled", "closed"]
    assert "Exception in callback" not in err, err


def test_without_the_routing_a_callback_error_is_asyncios_to_log(tmp_path: Path) -> None:
    """The tournament's loop (no routing, as before): the callback's error is logged by
    asyncio and the run goes on to its result."""
    ran, err = finish(start(tmp_path, "callback-ignored"))
    assert ran["result"] == 1 and ran["error"] is None and not ran["cancelled"]
    assert "Exception in callback" in err and "No space left on device" in err


def test_an_error_of_the_run_comes_back_and_a_bug_goes_through_after_the_cleanup(
    tmp_path: Path,
) -> None:
    """An exception named in ``errors`` is the run's end, reported back; any other is a bug
    and is raised, but only after the leftovers, the close and the loop are seen to."""
    ran, err = finish(start(tmp_path, "raise"))
    assert ran["error"] == [13, "replays"] and not ran["cancelled"]
    assert ran["log"] == ["leftover cancelled", "closed"] and ran["loop_closed"]

    child = start(tmp_path, "bug")
    bug, err = finish(child)
    assert child.returncode == 1
    assert "ValueError: a bug of ours" in err
    assert not bug["ended"]
    assert bug["log"] == ["leftover cancelled", "closed"] and bug["loop_closed"]
