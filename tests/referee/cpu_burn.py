"""What the CPU meters' tests share: a real process that burns a known amount of CPU the way a
bot might (its own threads, a child it waits for, a child that keeps running), and a fixture
that kills it and its children afterwards."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

BURN = """
import os, sys, threading, time
def burn(seconds):
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass
how, seconds, gated = sys.argv[1], float(sys.argv[2]), sys.argv[3:] == ["gated"]
if gated:
    sys.stdin.readline()  # the test has put it where it is to be measured
if how == "threads":
    workers = [threading.Thread(target=burn, args=(seconds,)) for _ in range(2)]
    for w in workers: w.start()
    for w in workers: w.join()
elif how == "child":
    os.waitpid(os.spawnv(os.P_NOWAIT, sys.executable,
        [sys.executable, "-c", f"import time\\nend=time.process_time()+{seconds}\\n"
         "while time.process_time()<end: pass"]), 0)
elif how == "running":
    os.spawnv(os.P_NOWAIT, sys.executable,
        [sys.executable, "-c", "import time\\nwhile True: pass"])
else:
    burn(seconds)
print("done", flush=True)
time.sleep(60)
"""


def start_burn(
    spawn: list[subprocess.Popen[bytes]], how: str, seconds: float, *, gated: bool = False
) -> subprocess.Popen[bytes]:
    """``how``: "threads" (two), "child" (waited for), "running" (a child that never ends) or
    anything else (the process itself). A gated burn starts at a line on its stdin."""
    process = subprocess.Popen(
        [sys.executable, "-c", BURN, how, str(seconds), *(["gated"] if gated else [])],
        stdin=subprocess.PIPE if gated else None,
        stdout=subprocess.PIPE,
    )
    spawn.append(process)
    return process


@pytest.fixture
def spawn() -> Iterator[list[subprocess.Popen[bytes]]]:
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for process in started:
        with contextlib.suppress(OSError):
            children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text()
            for child in children.split():
                os.kill(int(child), signal.SIGKILL)
        process.kill()
        process.wait()
