#!/usr/bin/env python3
"""A bot that misbehaves on purpose, one way per MODE, after playing AFTER moves correctly.

Used by the referee's fault tests with real processes: every fault of protocol.md has a mode.
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


def send(message: dict[str, object]) -> None:
    send_raw(json.dumps(message).encode() + b"\n")


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
            if MODE == "ignore_sigterm":
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
            send({"type": "hello", "name": f"faulty-{MODE}", "protocol": 1})
        elif kind == "request":
            if MODE == "stderr_flood":
                sys.stderr.write("noise " * 20000 + "\n")
            if moves >= AFTER and MODE not in ("stderr_flood", "ignore_sigterm", "fork_late"):
                misbehave(message)
            moves += 1
            send({"type": "action", "id": message["id"], "action": message["legal"][0]})
        elif kind == "bye":
            if MODE == "ignore_sigterm":
                time.sleep(3600)  # never leaves on its own: must be killed
            if MODE == "fork_late":
                if os.fork() == 0:
                    time.sleep(3600)
                    os._exit(0)
            break


if __name__ == "__main__":
    main()
