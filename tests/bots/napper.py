#!/usr/bin/env python3
"""A bot that takes its time on every move: ``napper.py SECONDS [sleep|burn] [ignored...]``.

``sleep`` (the default) sleeps SECONDS before each answer, using almost no CPU; ``burn`` spins
until it has used SECONDS of CPU time (however long that takes on a loaded machine);
``thread`` does the same spinning in a worker thread started for the move and joined;
``pool`` does it in one worker thread that the bot starts at its first move and keeps. Used by
the clock tests: under ``--clock cpu`` a sleeper is charged almost nothing, a burner its full
time. Plays uniformly at random, seeded per game and seat. Standard library only.
"""

from __future__ import annotations

import json
import queue
import random
import sys
import threading
import time

SECONDS = float(sys.argv[1])
HOW = sys.argv[2] if len(sys.argv) > 2 else "sleep"


def burn() -> None:
    end = time.process_time() + SECONDS
    while time.process_time() < end:
        pass


_jobs: queue.Queue[threading.Event] = queue.Queue()


def _pool_worker() -> None:
    while True:
        done = _jobs.get()
        burn()
        done.set()


def take_time() -> None:
    if HOW == "pool":
        if threading.active_count() == 1:
            threading.Thread(target=_pool_worker, daemon=True).start()
        done = threading.Event()
        _jobs.put(done)
        done.wait()
    elif HOW == "burn":
        burn()
    elif HOW == "thread":
        worker = threading.Thread(target=burn)
        worker.start()
        worker.join()
    else:
        time.sleep(SECONDS)


def main() -> None:
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            print(json.dumps({"type": "hello", "name": f"napper-{HOW}"}), flush=True)
        elif kind == "game_start":
            rng = random.Random(f"{message['game']}:{message['seat']}")
        elif kind == "request":
            take_time()
            action = rng.choice(message["legal"])
            print(json.dumps({"type": "action", "id": message["id"], "action": action}), flush=True)
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
