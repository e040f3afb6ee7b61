"""The example dice bot under a hostile announced name: it relays bots/dice_bot.py (its
arguments passed on, the referee's stdin inherited) and rewrites the name in its hello, so
that a replay, and every analysis of it, carries a name made to break a page or a terminal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

DICE_BOT = Path(__file__).resolve().parents[3] / "bots" / "dice_bot.py"
HOSTILE = "<script>alert(1)</script>\x1b[2J\u202eevil"


def main() -> int:
    child = subprocess.Popen(
        [sys.executable, str(DICE_BOT), *sys.argv[1:]], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    for line in child.stdout:
        message = json.loads(line)
        if message.get("type") == "hello":
            message["name"] = HOSTILE
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()
    return child.wait()


if __name__ == "__main__":
    sys.exit(main())
