#!/usr/bin/env python3
"""A bot for the protocol tests: ``wire_bot.py [OPTIONS] [ignored...]``, standard library only.

It plays at random (seeded per game and seat) and can misbehave in the ways the tests need:

    --log PREFIX     append every line received to PREFIX.in.jsonl and every line sent to
                     PREFIX.out.jsonl, unchanged, so a test sees both sides of the wire
    --float-id       answer each request with its id written as a float (``"id": 3.0``)
    --games A,B      announce ``"games": [A, B]`` in the hello (``--games ""``: an empty list)
    --only GAME      stop without a hello when offered another game (an old single-game bot)
    --crash TEXT     at the first request, write TEXT and a second line to stderr, exit 3
    --protocol N     announce protocol version N in the hello
    --omit JSON      announce ``"omit": JSON`` in the hello, written as given (``'["view"]'``,
                     or anything hostile), and check every request against it: a request
                     that carries a part the bot left out makes it exit 4

Words after the options are ignored (the tests' marker for finding leftover processes).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any, BinaryIO


def main() -> None:
    args = sys.argv[1:]
    options: dict[str, str] = {}
    while args and args[0].startswith("--"):
        name = args.pop(0)[2:]
        options[name] = "" if name == "float-id" else args.pop(0)
    logs: tuple[BinaryIO, BinaryIO] | None = None
    if "log" in options:
        logs = (
            open(options["log"] + ".in.jsonl", "ab"),  # noqa: SIM115 - open for the bot's life
            open(options["log"] + ".out.jsonl", "ab"),  # noqa: SIM115
        )

    def send(message: dict[str, Any]) -> None:
        data = (json.dumps(message) + "\n").encode()
        if logs is not None:
            logs[1].write(data)
            logs[1].flush()
        sys.stdout.buffer.write(data)
        sys.stdout.flush()

    rng = random.Random(0)
    for raw in sys.stdin.buffer:
        if logs is not None:
            logs[0].write(raw)
            logs[0].flush()
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "hello":
            if "only" in options and message.get("game") != options["only"]:
                print(f"wire_bot plays only {options['only']}", file=sys.stderr, flush=True)
                return
            version = int(options.get("protocol", "1"))
            hello: dict[str, Any] = {"type": "hello", "name": "wire", "protocol": version}
            if "games" in options:
                hello["games"] = [g for g in options["games"].split(",") if g]
            if "omit" in options:
                hello["omit"] = json.loads(options["omit"])
            send(hello)
        elif kind == "game_start":
            rng = random.Random(f"{message['game']}:{message['seat']}")
        elif kind in ("request", "game_end") and "omit" in options:
            sent = [part for part in json.loads(options["omit"]) if part in message]
            if sent:
                print(f"wire_bot: told {sent} although it left them out", file=sys.stderr)
                sys.exit(4)
        if kind == "request":
            if "crash" in options:
                print(options["crash"], file=sys.stderr)
                print("wire_bot: giving up", file=sys.stderr, flush=True)
                sys.exit(3)
            action = rng.choice(message["legal"])
            rid = float(message["id"]) if "float-id" in options else message["id"]
            send({"type": "action", "id": rid, "action": action})
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
