"""A bot whose hello names the cores it may run on ("cores-0", "cores-0-1"): the --pin tests
read where each game's bots ran from the replays. Plays the first legal action; extra command
line words (a test's marker) are ignored."""

from __future__ import annotations

import json
import os
import sys


def main() -> None:
    cores = "-".join(map(str, sorted(os.sched_getaffinity(0))))
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            hello = {"type": "hello", "name": f"cores-{cores}", "protocol": 1}
            print(json.dumps(hello), flush=True)
        elif message["type"] == "request":
            answer = {"type": "action", "id": message["id"], "action": message["legal"][0]}
            print(json.dumps(answer), flush=True)
        elif message["type"] == "bye":
            break


if __name__ == "__main__":
    main()
