"""Engine speed: random-policy games in-process, no referee, one core.

Prints, for each game and player count: games/s, decisions/s, and for cards deals/s (a card
game is many deals; strong bots simulate deals, so deals/s is the figure that matters there).
Usage: python bench/engine.py [--seconds S]  (every preset configuration below is measured)
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

from thousand.game import CHANCE, OVER
from thousand.play import new_state


def play(game: str, players: int, preset: str, seed: int) -> tuple[int, int]:
    """Play one game; return (decisions, deals)."""
    state = new_state(game, preset, players)
    rng = random.Random(seed)
    decisions = deals = 0
    while True:
        to_move = state.to_move()
        if to_move == OVER:
            return decisions, deals
        if to_move == CHANCE:
            action = state.sample_chance(rng)
            deals += action["type"] == "deal"
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            decisions += 1
        state.apply(action)


def measure(game: str, players: int, preset: str, seconds: float) -> dict[str, float]:
    games = decisions = deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        d, k = play(game, players, preset, games)
        games += 1
        decisions += d
        deals += k
    elapsed = time.perf_counter() - start
    return {
        "games_s": games / elapsed,
        "decisions_s": decisions / elapsed,
        "deals_s": deals / elapsed,
        "games": games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="per configuration")
    args = parser.parse_args()
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"python {platform.python_version()} on {platform.machine()}, pinned to one core")
    configurations = [
        ("cards", 3, "classic"),
        ("cards", 3, "everything"),
        ("cards", 4, "four"),
        ("cards", 2, "duel"),
        ("dice", 2, "classic"),
        ("dice", 3, "classic"),
        ("dice", 3, "ussr"),
        ("dice", 3, "barrel850"),
        ("dice", 3, "simple"),
        ("dice", 8, "classic"),
    ]
    for game, players, preset in configurations:
        figures = measure(game, players, preset, args.seconds)
        line = (
            f"{game:5} {preset:10} {players}p: {figures['games_s']:9.1f} games/s "
            f"{figures['decisions_s']:11,.0f} decisions/s"
        )
        if game == "cards":
            line += f" {figures['deals_s']:9,.0f} deals/s"
        print(line, f"({figures['games']} games)", flush=True)
    sys.exit(0)


if __name__ == "__main__":
    main()
