#!/usr/bin/env python3
"""A bot whose name is an attack on every display: HTML, a terminal escape, Markdown. It plays
the first legal action. Words after the program are ignored (the tests pass a marker word)."""

from __future__ import annotations

import json
import sys

NAME = '<script>alert("pwn")</script><img src=x onerror=alert(1)>\x1b[2J|x|'


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            reply = {"type": "hello", "name": NAME, "protocol": 1}
        elif kind == "request":
            reply = {"type": "action", "id": message["id"], "action": message["legal"][0]}
        elif kind == "bye":
            return
        else:
            continue
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
