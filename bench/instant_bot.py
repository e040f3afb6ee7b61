#!/usr/bin/env python3
"""The instant bot of bench/referee.py: answers every request with its first legal action.

It does the least a correct bot can do, so what a match with it costs is the referee's cost
plus the floor of the pipe itself. ``instant_bot.py --omit view,events``: its hello asks the
requests to leave those parts out (protocol.md, "hello"), as a bot that reads only ``legal``
may — the lean requests' figures of the bench. ``--think-ms T``: it spends T ms of its own CPU
on every request before it answers, a stand-in for a bot that searches (the bench's CPU share
beside bots that think as long as a real one does).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

loads: Callable[[bytes], Any]

try:
    import orjson

    loads = orjson.loads

    def dumps(obj: object) -> bytes:
        return orjson.dumps(obj)

except ImportError:  # pragma: no cover - the bench runs where orjson is installed
    import json

    loads = json.loads

    def dumps(obj: object) -> bytes:
        return json.dumps(obj).encode()


def main() -> None:
    args = sys.argv[1:]
    hello = b'{"type":"hello","name":"instant","protocol":1}\n'
    if "--omit" in args:
        parts = [part for part in args[args.index("--omit") + 1].split(",") if part]
        hello = b'{"type":"hello","name":"instant","protocol":1,"omit":%s}\n' % dumps(parts)
    rng = random.Random(0) if "--random" in args else None
    think = float(args[args.index("--think-ms") + 1]) / 1000 if "--think-ms" in args else 0.0
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        message = loads(line)
        kind = message["type"]
        if kind == "request":
            if think:
                until = time.thread_time() + think
                while time.thread_time() < until:
                    pass
            legal = message["legal"]
            action = legal[0] if rng is None else legal[rng.randrange(len(legal))]
            out.write(b'{"type":"action","id":%d,"action":%s}\n' % (message["id"], dumps(action)))
            out.flush()
        elif kind == "game_start" and rng is not None:
            rng.seed(f"{message['game']}:{message['seat']}")  # the same game, whatever before
        elif kind == "hello":
            out.write(hello)
            out.flush()
        elif kind == "bye":
            return


if __name__ == "__main__":
    main()
