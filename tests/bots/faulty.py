#!/usr/bin/env python3
"""A bot that misbehaves on purpose, one way per MODE, after playing AFTER moves correctly.

Used by the referee's fault tests with real processes: every fault of protocol.md has a mode.
Words after AFTER are ignored: the tests pass a unique marker there, so that every process of a
test (the bot, and whatever it forks or execs, which keep the marker in their argv) can be
found in /proc afterwards.

Modes added for the referee suite (tests/referee):
- line_flood: 100 MB of short newline-terminated garbage lines as fast as the pipe takes them;
- daemon: fork a child that sleeps (same process group) and a double-forked, setsid()-ed
  daemon that execs a sleeping Python (new session, holds the pipes), then play on normally;
- daemon_sleep: the same, then sleep forever (the referee has to time it out or be killed);
- ignore_signals: ignore SIGTERM, SIGINT and SIGHUP, then sleep forever;
- stderr_crash: write 2 MiB to stderr, then exit with code 5 (a restarted bot that floods);
- garbage_hello: answer the hello with a line that is not JSON;
- split_line: no fault — the first answers are written in three pieces, a few ms apart;
- reorder: no fault — keys of the answer and of its action in reverse order, with spaces;
- env: no fault — first writes its environment and working directory to stderr as JSON;
- max_line: no fault — answer AFTER is padded with spaces to exactly 1,048,576 bytes with its
  newline (the longest line protocol.md allows); max_line_plus: one byte more (a fault).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time

MODE = sys.argv[1]
AFTER = int(sys.argv[2]) if len(sys.argv) > 2 else 0


def send_raw(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


_split = [20]  # split_line: how many more answers to write in pieces


def send(message: dict[str, object]) -> None:
    data = json.dumps(message).encode() + b"\n"
    if MODE == "split_line" and _split[0] > 0:
        _split[0] -= 1
        third = len(data) // 3
        for piece in (data[:third], data[third : 2 * third], data[2 * third :]):
            send_raw(piece)
            time.sleep(0.003)
        return
    send_raw(data)


def spawn_sleepers() -> None:
    """A forked child in our process group and a daemon in a session of its own, both asleep
    with our argv (so with the test's marker) and holding our stdin/stdout/stderr."""
    if os.fork() == 0:
        time.sleep(3600)
        os._exit(0)
    middle = os.fork()
    if middle == 0:
        os.setsid()
        if os.fork() == 0:
            argv = [sys.executable, "-c", "import time; time.sleep(3600)", *sys.argv[1:]]
            try:
                os.execv(sys.executable, argv)
            finally:
                os._exit(127)
        os._exit(0)
    os.waitpid(middle, 0)


def misbehave(request: dict[str, object]) -> None:
    rid = request["id"]
    legal = request["legal"]
    assert isinstance(legal, list)
    if MODE == "crash":
        os._exit(3)
    if MODE == "segfault":
        os.kill(os.getpid(), signal.SIGSEGV)
    if MODE == "hang":
        while True:
            pass
    if MODE == "sleep":
        time.sleep(3600)
    if MODE == "garbage":
        send_raw(b"this is not json\n")
    elif MODE == "invalid_utf8":
        send_raw(b'{"type":"action","id":' + str(rid).encode() + b',"x":"\xff\xfe"}\n')
    elif MODE == "huge_line":
        chunk = b"x" * (1 << 20)
        for _ in range(100):
            send_raw(chunk)
        time.sleep(3600)
    elif MODE == "line_flood":
        chunk = b"x\n" * (1 << 19)
        for _ in range(100):
            send_raw(chunk)
        time.sleep(3600)
    elif MODE == "daemon_sleep":
        spawn_sleepers()
        time.sleep(3600)
    elif MODE == "ignore_signals":
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        time.sleep(3600)
    elif MODE == "stderr_crash":
        sys.stderr.write("e" * (2 << 20))
        sys.stderr.flush()
        os._exit(5)
    elif MODE == "wrong_id":
        send({"type": "action", "id": int(str(rid)) + 1000, "action": legal[0]})
    elif MODE == "illegal":
        send({"type": "action", "id": rid, "action": {"type": "no-such-move"}})
    elif MODE == "close_stdout":
        os.close(1)
        time.sleep(3600)
    elif MODE == "fork_child":
        if os.fork() == 0:
            time.sleep(3600)  # the child keeps stdin/stdout/stderr open
            os._exit(0)
        os._exit(4)
    elif MODE == "ignore_sigterm":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        time.sleep(3600)
    time.sleep(3600)


def main() -> None:
    if MODE == "env":
        sys.stderr.write(json.dumps({"env": dict(os.environ), "cwd": os.getcwd()}) + "\n")
        sys.stderr.flush()
    if MODE == "crash_start":
        os._exit(2)
    if MODE == "stderr_flood":
        pass
    moves = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if MODE == "no_hello":
                time.sleep(3600)
            if MODE == "bad_protocol":
                send({"type": "hello", "name": "future", "protocol": 99})
                continue
            if MODE == "bad_hello":
                send({"type": "hello"})
                continue
            if MODE == "garbage_hello":
                send_raw(b"HELLO, I am a bot\n")
                continue
            if MODE == "ignore_sigterm":
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
            send({"type": "hello", "name": f"faulty-{MODE}", "protocol": 1})
        elif kind == "request":
            if MODE == "stderr_flood" and moves < 40:  # 4.8 MB: well past the 1 MiB cap
                sys.stderr.write("noise " * 20000 + "\n")
            if MODE == "daemon" and moves == AFTER:
                spawn_sleepers()
            if moves >= AFTER and MODE not in (
                "stderr_flood",
                "ignore_sigterm",
                "fork_late",
                "daemon",
                "split_line",
                "reorder",
                "env",
                "max_line",
                "max_line_plus",
            ):
                misbehave(message)
            moves += 1
            action = message["legal"][0]
            if MODE in ("max_line", "max_line_plus") and moves == AFTER + 1:
                body = json.dumps({"type": "action", "id": message["id"], "action": action})
                size = (1 << 20) + (MODE == "max_line_plus")  # with the newline
                padded = body[:-1] + " " * (size - 1 - len(body)) + "}\n"
                send_raw(padded.encode())
                continue
            if MODE == "reorder":
                backwards = dict(reversed(list(action.items())))
                reply = {"action": backwards, "id": message["id"], "type": "action"}
                send_raw(json.dumps(reply, indent=None, separators=(" , ", " : ")).encode() + b"\n")
                continue
            send({"type": "action", "id": message["id"], "action": action})
        elif kind == "bye":
            if MODE == "ignore_sigterm":
                time.sleep(3600)  # never leaves on its own: must be killed
            if MODE == "fork_late" and os.fork() == 0:
                time.sleep(3600)  # a child that outlives its parent, holding the pipes
                os._exit(0)
            break


if __name__ == "__main__":
    main()
