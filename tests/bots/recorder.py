#!/usr/bin/env python3
"""A bot that records every line the referee sends it: ``recorder.py LOGFILE [ignored...]``.

Each received line is appended to LOGFILE unchanged (one line each), so that a test can check
afterwards exactly what this seat was told. It plays at random, seeded per game and seat, but
passes more often than uniform in the card game's bidding so that the declarer often takes the
talon unseen by the others (the case where the talon must stay hidden). Standard library only.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any


def choose(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    passes = [a for a in legal if a.get("type") == "pass"]
    if passes and len(legal) > 1 and rng.random() < 0.6:
        return passes[0]
    return rng.choice(legal)


def main() -> None:
    log = open(sys.argv[1], "ab")  # noqa: SIM115 - kept open for the life of the bot
    rng = random.Random(0)
    for raw in sys.stdin.buffer:
        log.write(raw if raw.endswith(b"\n") else raw + b"\n")
        log.flush()
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "hello":
            reply: dict[str, Any] = {"type": "hello", "name": "recorder", "protocol": 1}
            print(json.dumps(reply), flush=True)
        elif kind == "game_start":
            rng = random.Random(f"{message['game']}:{message['seat']}")
        elif kind == "request":
            action = choose(message["legal"], rng)
            print(json.dumps({"type": "action", "id": message["id"], "action": action}), flush=True)
        elif kind == "bye":
            break
    log.close()


if __name__ == "__main__":
    main()
