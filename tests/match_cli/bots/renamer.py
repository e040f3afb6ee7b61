#!/usr/bin/env python3
"""A bot that calls itself something new every time it starts (``renamer-`` and a random word)
and exits at its first request, so the referee restarts it, under another name, for every game.
Words after the program are ignored (the tests pass a marker word)."""

from __future__ import annotations

import json
import os
import sys


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            hello = {"type": "hello", "name": f"renamer-{os.urandom(4).hex()}", "protocol": 1}
            sys.stdout.write(json.dumps(hello) + "\n")
            sys.stdout.flush()
        elif message["type"] == "request":
            os._exit(1)
        elif message["type"] == "bye":
            return


if __name__ == "__main__":
    main()
