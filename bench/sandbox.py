"""What containment costs a bot at start-up: median time from spawn to its hello, per mode.

Usage: python bench/sandbox.py [--runs 10]. The bot is bots/random_bot.py (a ~30 ms Python start).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.players.botspec import parse_bot  # noqa: E402
from referee.players.players import ProcessPlayer, TimeControl  # noqa: E402
from referee.players.protocol import hello_message  # noqa: E402
from referee.players.sandbox import Sandbox, SandboxError, resolve  # noqa: E402

BOT = f"{sys.executable} {HERE.parent / 'bots' / 'random_bot.py'}"


def start_once(mode: str) -> float:
    player = ProcessPlayer(parse_bot(BOT), sandbox=Sandbox(mode=mode))  # type: ignore[arg-type]
    began = time.perf_counter()
    player.start(hello_message("dice", 2, 1, {}, {}), TimeControl())
    elapsed = time.perf_counter() - began
    player.close(0.2)
    return elapsed


def main(runs: int) -> None:
    for mode in ("none", "rlimits", "bwrap"):
        try:
            resolve(Sandbox(mode=mode))  # type: ignore[arg-type]
        except SandboxError as error:
            print(f"{mode}: not usable here ({error})")
            continue
        times = [start_once(mode) for _ in range(runs)]
        median = statistics.median(times) * 1000
        print(f"{mode:8} median {median:5.0f} ms spawn to hello ({runs} runs)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10)
    main(parser.parse_args().runs)
