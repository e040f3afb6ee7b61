#!/usr/bin/env python3
"""A random bot for both games: the smallest complete example of the protocol (protocol.md).

It answers the referee's hello with its name, and every request with a random pick from the
legal actions it was sent; it never needs to know a rule. Copy it and replace `choose`.
Standard library only.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any


def choose(view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Pick an action. The whole strategy of this bot lives here."""
    return rng.choice(legal)


def send(message: dict[str, Any]) -> None:
    # One line per message, flushed at once: the referee's clock runs until it arrives.
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    rng = random.Random(seed)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            send({"type": "hello", "name": "random", "version": "1.0", "protocol": 1})
        elif kind == "game_start":
            # Re-seed per game: the same game then gets the same choices, whatever came before.
            rng = random.Random(f"{seed}:{message['game']}:{message['seat']}")
        elif kind == "request":
            action = choose(message["view"], message["legal"], rng)
            send({"type": "action", "id": message["id"], "action": action})
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
