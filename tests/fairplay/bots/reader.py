#!/usr/bin/env python3
"""A bot that tries to reach files outside its own: ``reader.py [PATH...]``.

When it receives the hello it tries, for every path on its command line and every path in
``TARGETS`` (a test writes its own copy of this file with that list filled in), to list it, to
read it (a folder: the files under it, a few dozen at most), and to write into it (a folder:
create and remove a file; a file: open it for writing without changing it). It reports on
stderr one line ``REPORT {json}`` per path: whether it exists for the bot, what it listed, the
first bytes of every file it read, and whether it could write. Then it plays at random.
"""

from __future__ import annotations

import json
import os
import random
import sys
from typing import Any

TARGETS: list[str] = []

WRITTEN = "fairplay-probe-written"
"""The file it creates in every folder it can write to."""
MAX_FILES = 40
"""Files read under one folder (a report line must stay well under the referee's 1 MiB log)."""


def read_head(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            return handle.read(200).decode("latin-1")
    except OSError:
        return None


def attack(path: str) -> dict[str, Any]:
    found: dict[str, Any] = {"path": path, "exists": os.path.exists(path)}
    try:
        found["listed"] = sorted(os.listdir(path))
    except OSError:
        found["listed"] = None
    read: dict[str, str] = {}
    if os.path.isdir(path):
        for folder, _, files in os.walk(path):
            for name in files[:MAX_FILES]:
                head = read_head(os.path.join(folder, name))
                if head is not None:
                    read[os.path.join(folder, name)] = head
            if len(read) >= MAX_FILES:
                break
    else:
        head = read_head(path)
        if head is not None:
            read[path] = head
    found["read"] = read
    try:
        if os.path.isdir(path):
            with open(os.path.join(path, WRITTEN), "wb"):
                pass  # left there: the test looks for it on the real file system
        else:
            with open(path, "r+b"):
                pass
        found["writable"] = True
    except OSError:
        found["writable"] = False
    return found


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    rng = random.Random(1)
    attacked = False
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            # Before answering the hello: every game has one, while a game may end before
            # this seat is asked anything (the chance of a match is a secret, so which games).
            if not attacked:
                attacked = True
                for path in [*sys.argv[1:], *TARGETS]:
                    if path.startswith("/"):
                        sys.stderr.write("REPORT " + json.dumps(attack(path)) + "\n")
                sys.stderr.flush()
            send({"type": "hello", "name": "reader", "protocol": 1})
        elif kind == "request":
            send({"type": "action", "id": message["id"], "action": rng.choice(message["legal"])})
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
