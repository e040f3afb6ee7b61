"""The final's ranking at scale (issue 30): the Plackett–Luce fit of FINALISTS finalists over
ROUNDS rounds of the final's own schedule, the games drawn from hidden strengths, timed.

The fit runs whenever /final or /api/final is asked for a new state of the final, and once at
its end: it must stay well under a page's patience at a contest's size.

Usage:
    python bench/final_fit.py                       # 100, 300 and 1,000 finalists, 3 seats
    python bench/final_fit.py --finalists 1000 --rounds 8 --players 4
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]  # bench/referee.py

from referee.games import plackett_luce  # noqa: E402
from referee.games.match_types import duplicate_seatings  # noqa: E402
from referee.ladder import final_schedule  # noqa: E402


def games_of(finalists: int, players: int, rounds: int, seed: int) -> list[list[int]]:
    """Every game's order, best first: strength times noise, a duplicate group a table."""
    rng = random.Random(seed)
    strength = [rng.lognormvariate(0.0, 0.5) for _ in range(finalists)]
    met: Counter[tuple[int, int]] = Counter()
    games = []
    group = len(duplicate_seatings(players))
    for _ in range(rounds):
        for table in final_schedule.plan_round(range(finalists), players, rng, met):
            for _ in range(group):
                games.append(sorted(table, key=lambda b: -strength[b] * rng.random()))
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--finalists", type=int, nargs="*", default=[100, 300, 1000])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3, help="fits timed per size (median)")
    args = parser.parse_args()
    print(f"{'finalists':>9} {'games':>7} {'fit: median s':>14} {'runs':>24}")
    for finalists in args.finalists:
        games = games_of(finalists, args.players, args.rounds, finalists)
        runs = []
        for _ in range(args.repeat):
            begun = time.perf_counter()
            plackett_luce.fit(finalists, games)
            runs.append(time.perf_counter() - begun)
        median = sorted(runs)[len(runs) // 2]
        shown = " ".join(f"{r:.2f}" for r in runs)
        print(f"{finalists:>9} {len(games):>7} {median:>14.2f} {shown:>24}")


if __name__ == "__main__":
    main()
