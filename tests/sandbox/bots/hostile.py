#!/usr/bin/env python3
"""A bot that attacks its sandbox, one way per MODE, at its first request; then plays on.

Usage: hostile.py MODE [ARG] MARKER. Every word after MODE is kept in the argv of whatever the
bot forks, so the tests find all its processes in /proc by the marker. What the bot observed
is written to stderr as one line ``REPORT {json}`` (the referee keeps stderr in the bot's log),
so a test can tell what the sandbox let through. Every attack is bounded: a test machine where
root has no process cap must survive a failed sandbox too.

Modes:
- memory: allocate and touch 32 MiB blocks, up to 4 GiB (then it would give up);
- memory_children: four children each allocate up to 256 MiB (a cap over all processes);
- cpu: spin forever;
- fork: fork up to 300 sleeping children; a refused fork raises;
- files: open /dev/null until refused (at most 100,000), then raise the error;
- bigfile: write a file in 1 MiB blocks, up to 2 GiB;
- connect PORT: connect to 127.0.0.1:PORT and say "hello" (report: connected or the error);
- env: look for the variable THOUSAND_CANARY in its environment and every /proc/*/environ;
- secret: write a secret file in its working directory and report the path (for snoop);
- snoop GLOBS: read every file matching one of the |-separated GLOBS (another bot's folder,
  the replays being written), report what it could read; at every decision, each GLOB until
  it has read a file by it (a glob of a crowded /tmp costs milliseconds, and a game has over a
  thousand decisions);
- signal PIDS: SIGKILL each of the comma-separated PIDS, its process group, and every process
  that carries the marker (other than itself and its ancestors); report what the kernel allowed;
- pipe: find the opponent (a process carrying the marker and "random_bot") and write a fake
  action line into its stdout pipe through /proc/PID/fd/1; report what happened;
- close_sleep: close stdout, then sleep forever;
- daemon: double-fork a setsid() daemon that sleeps for an hour, then play on.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
import time
from glob import glob
from typing import IO, Any

MODE = sys.argv[1]
ARG = sys.argv[2] if len(sys.argv) > 3 else ""
MARKER = sys.argv[-1]
snooped: set[str] = set()  # the snoop's GLOBS that it has read a file by


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def report(**facts: Any) -> None:
    sys.stderr.write("REPORT " + json.dumps(facts) + "\n")
    sys.stderr.flush()


def allocate(limit_mib: int) -> None:
    blocks = []
    for _ in range(limit_mib // 32):
        block = bytearray(32 << 20)
        for offset in range(0, len(block), 4096):
            block[offset] = 1
        blocks.append(block)
    report(allocated_mib=limit_mib)


def ancestors() -> set[int]:
    found, pid = {1}, os.getpid()  # PID 1 of our namespace is the launcher (or bwrap)
    while pid > 1:
        found.add(pid)
        try:
            with open(f"/proc/{pid}/stat") as handle:
                pid = int(handle.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError):
            break
    return found


def with_marker(word: str = "") -> list[int]:
    """Processes we can see that carry the marker (and ``word``), ourselves excepted."""
    mine = ancestors()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in mine:
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                cmdline = handle.read().decode(errors="replace")
        except OSError:
            continue
        if MARKER in cmdline and word in cmdline:
            found.append(int(entry))
    return found


def attack() -> None:
    if MODE == "memory":
        allocate(4096)
    elif MODE == "memory_children":
        children = []
        for _ in range(4):
            child = os.fork()
            if child == 0:
                allocate(256)
                time.sleep(1)  # hold it while the others allocate
                os._exit(0)
            children.append(child)
        statuses = [os.waitpid(child, 0)[1] for child in children]
        report(children=statuses)
        if any(statuses):
            os._exit(1)
    elif MODE == "cpu":
        while True:
            pass
    elif MODE == "fork":
        forked = 0
        for _ in range(300):
            child = os.fork()  # raises BlockingIOError when the process cap refuses
            if child == 0:
                time.sleep(30)
                os._exit(0)
            forked += 1
        report(forked=forked)
    elif MODE == "files":
        handles: list[IO[str]] = []
        while len(handles) < 100_000:
            handles.append(open(os.devnull))  # noqa: SIM115 - kept open on purpose
        report(opened=len(handles))
    elif MODE == "bigfile":
        block = b"x" * (1 << 20)
        with open("big.bin", "wb") as handle:
            for _ in range(2048):
                handle.write(block)
                handle.flush()
        report(written_mib=2048)
    elif MODE == "connect":
        try:
            with socket.create_connection(("127.0.0.1", int(ARG)), timeout=2) as connection:
                connection.sendall(b"hello from a bot\n")
            report(connected=True)
        except OSError as error:
            report(connected=False, error=str(error))
    elif MODE == "env":
        seen = [key for key in os.environ if "CANARY" in key]
        leaked = []
        for path in glob("/proc/*/environ"):
            try:
                with open(path, "rb") as handle:
                    if b"THOUSAND_CANARY" in handle.read():
                        leaked.append(path)
            except OSError:
                continue
        report(environ=seen, proc_environ=leaked, keys=sorted(os.environ))
    elif MODE == "secret":
        with open("secret.txt", "w") as handle:
            handle.write(f"secret of {MARKER}\n")
        report(secret=os.path.abspath("secret.txt"), cwd=os.getcwd(), home=os.environ["HOME"])
    elif MODE == "snoop":
        read = {}
        for pattern in ARG.split("|"):
            if pattern in snooped:
                continue
            for path in glob(pattern, recursive=True):
                try:
                    with open(path, "rb") as handle:
                        read[path] = handle.read(200).decode(errors="replace")
                except OSError:
                    continue
                snooped.add(pattern)
        report(read=read, cwd_files=os.listdir("."))
    elif MODE == "signal":
        done: dict[str, str] = {}
        targets = [*(int(pid) for pid in ARG.split(",")), *with_marker()]
        for pid in targets:
            for label, call in ((f"kill {pid}", os.kill), (f"killpg {pid}", os.killpg)):
                try:
                    call(pid, signal.SIGKILL)
                    done[label] = "ok"
                except OSError as error:
                    done[label] = error.strerror or str(error)
        try:
            os.kill(os.getppid(), signal.SIGKILL)
            done["parent"] = "ok"
        except OSError as error:
            done["parent"] = error.strerror or str(error)
        report(signals=done, visible=with_marker())
    elif MODE == "pipe":
        written = {}
        for pid in with_marker("random_bot"):
            try:
                with open(f"/proc/{pid}/fd/1", "w") as pipe:
                    pipe.write('{"type":"action","id":999999,"action":{"type":"stop"}}\n')
                written[pid] = "ok"
            except OSError as error:
                written[pid] = error.strerror or str(error)
        report(written=written, visible=with_marker())
    elif MODE == "close_sleep":
        os.close(1)
        time.sleep(3600)
    elif MODE == "daemon":
        middle = os.fork()
        if middle == 0:
            os.setsid()
            if os.fork() == 0:
                time.sleep(3600)
            os._exit(0)
        os.waitpid(middle, 0)
        report(daemon=True)


def main() -> None:
    attacked = False
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send({"type": "hello", "name": f"hostile-{MODE}", "protocol": 1})
        elif kind == "request":
            # snoop looks again at every decision: the other bot writes its secret at its
            # first decision, which may come after ours (the lot decides who starts).
            if not attacked or MODE == "snoop":
                attacked = True
                attack()
            send({"type": "action", "id": message["id"], "action": message["legal"][0]})
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
