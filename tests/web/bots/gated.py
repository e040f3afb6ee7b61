#!/usr/bin/env python3
"""A bot that holds its match until the test opens a gate: ``gated.py GATE [ignored...]``.

It plays uniformly at random (seeded per game and seat), but its first move in the match's
second game (game 1: the first game's replay is then finished, the second's being written)
waits until the file GATE exists. A live test sees the match running for as long as it needs
— however slow the machine — and ends it by creating the file, instead of guessing how long a
napping bot keeps a match going. Waiting sleeps: on the ladder's CPU clock it costs the bot no
time. Standard library only.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time

GATE = sys.argv[1]
HELD_GAME = 1


def main() -> None:
    rng = random.Random(0)
    game = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            print(json.dumps({"type": "hello", "name": "gated"}), flush=True)
        elif kind == "game_start":
            game = message["game"]
            rng = random.Random(f"{game}:{message['seat']}")
        elif kind == "request":
            while game >= HELD_GAME and not os.path.exists(GATE):
                time.sleep(0.02)
            action = rng.choice(message["legal"])
            print(json.dumps({"type": "action", "id": message["id"], "action": action}), flush=True)
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
