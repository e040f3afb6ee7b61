#!/usr/bin/env python3
"""A bot in front of a bot, for the protocol tests: ``added_keys.py LOG BOT [ignored...]``.

It starts ``BOT`` (a Python bot's script, run by this interpreter) and passes every line
between it and the referee, after adding a key this protocol version does not know to every
object of the referee's messages that a bot only reads: the message itself, each event, the
view, the result, the clock, the time and the rules. Not to a legal action: a bot sends that
back unchanged and the referee compares it with its own list, so only a real referee can add
keys there. The bot behind it thus plays a game as a later referee may send it (protocol.md:
"later protocol versions may add keys without changing the version number"). Every message as
the bot received it is appended to ``LOG`` (JSON lines), for the test to check. Standard
library only; words after ``BOT`` are ignored (the tests' marker for leftover processes).
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

ADDED = "added_in_a_later_version"
NESTED = ("view", "result", "clock", "time", "rules")


def with_added_keys(message: dict[str, Any]) -> dict[str, Any]:
    message[ADDED] = {"ignore": "me"}
    for key in NESTED:
        if isinstance(message.get(key), dict):
            message[key][ADDED] = 1
    for event in message.get("events") or []:
        event[ADDED] = [1, 2]
    return message


def main() -> None:
    log_path, script = sys.argv[1], sys.argv[2]
    bot = subprocess.Popen(
        [sys.executable, script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
    )
    assert bot.stdin is not None and bot.stdout is not None
    with open(log_path, "ab") as log:
        for raw in sys.stdin.buffer:
            message = with_added_keys(json.loads(raw))
            line = (json.dumps(message) + "\n").encode()
            log.write(line)
            log.flush()
            try:
                bot.stdin.write(line)
                bot.stdin.flush()
            except BrokenPipeError:
                break
            if message.get("type") in ("hello", "request"):
                answer = bot.stdout.readline()
                if not answer:
                    break
                sys.stdout.buffer.write(answer)
                sys.stdout.flush()
            if message.get("type") == "bye":
                break
    bot.stdin.close()
    sys.exit(bot.wait())


if __name__ == "__main__":
    main()
