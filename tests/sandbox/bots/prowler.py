#!/usr/bin/env python3
"""A bot that goes after the host's private files: ``prowler.py [--linger S] [--leak] PATH...``.

At the hello it tries to read every PATH (a folder: to list it and read the files in it) and
writes on stderr one line ``REPORT {json}``: who it is (uid, gid, groups, as the kernel tells
it inside its box) and what it read (the first bytes of each file). ``--linger S`` makes it
wait S seconds before it answers, so that a test can look at it from outside (its host uid
in /proc). ``--leak`` makes it crash at once, with what it read on stderr, when it read
anything: so that a conformance check, which shows a crashed bot's stderr, shows the loot.
Otherwise it plays the first legal action. Standard library only.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any


def read_head(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            return handle.read(200).decode("latin-1")
    except OSError:
        return None


def prowl(paths: list[str]) -> dict[str, str]:
    loot: dict[str, str] = {}
    for path in paths:
        try:
            names = [os.path.join(path, name) for name in os.listdir(path)]
        except OSError:
            names = [path]
        for name in names[:40]:
            head = read_head(name)
            if head is not None:
                loot[name] = head
    return loot


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    args = sys.argv[1:]
    linger, leak = 0.0, False
    while args and args[0].startswith("--"):
        option = args.pop(0)
        if option == "--linger":
            linger = float(args.pop(0))
        elif option == "--leak":
            leak = True
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            loot = prowl(args)
            report = {
                "uid": os.getuid(),
                "gid": os.getgid(),
                "groups": os.getgroups(),
                "read": loot,
            }
            sys.stderr.write("REPORT " + json.dumps(report) + "\n")
            sys.stderr.flush()
            if leak and loot:
                sys.stderr.write("LEAKED " + json.dumps(loot) + "\n")
                sys.exit(3)
            time.sleep(linger)
            send({"type": "hello", "name": "prowler", "version": "1", "protocol": 1})
        elif kind == "request":
            send({"type": "action", "id": message["id"], "action": message["legal"][0]})
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
