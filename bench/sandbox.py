"""What containment costs a bot at start-up: median time from spawn to its hello, per mode.

Usage: python bench/sandbox.py [--runs 10]. The bot is bots/random_bot.py (a ~30 ms Python start).
Also the launcher's own CPU a start (it runs once per bot per game, before every mode's bot):
launcher.py exec'ing /bin/true, no namespace, over ``--runs`` x 4 starts.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.players.botspec import parse_bot  # noqa: E402
from referee.players.containment import launcher_argv  # noqa: E402
from referee.players.players import ProcessPlayer  # noqa: E402
from referee.players.protocol import hello_message  # noqa: E402
from referee.players.sandbox import Sandbox, SandboxError, resolve  # noqa: E402
from referee.players.time_control import TimeControl  # noqa: E402

BOT = f"{sys.executable} {HERE.parent / 'bots' / 'random_bot.py'}"


def start_once(mode: str) -> float:
    player = ProcessPlayer(parse_bot(BOT), sandbox=Sandbox(mode=mode))
    began = time.perf_counter()
    player.start(hello_message("dice", 2, 1, {}, {}), TimeControl())
    elapsed = time.perf_counter() - began
    player.close(0.2)
    return elapsed


def launcher_cpu(starts: int) -> float:
    """CPU seconds (user + system) of one launcher start, the interpreter's start-up in it."""
    argv = [*launcher_argv({"pidns": False, "rlimits": {}, "cgroups": []}), "/bin/true"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(starts):
        subprocess.run(argv, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used / starts


def main(runs: int) -> None:
    print(f"launcher {launcher_cpu(runs * 4) * 1000:5.1f} ms CPU a start ({runs * 4} starts)")
    for mode in ("none", "rlimits", "bwrap"):
        try:
            resolve(Sandbox(mode=mode))
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
