"""Referee overhead: the pipe floor against the referee's cost per decision (issue: referee).

(a) floor: one ~300-byte JSON line to a child Python process and back, blocking reads, orjson.
(b) a match between instant bots through the real referee (processes, clocks, engine, replay
    off): wall time per bot decision.
Both are run with the same CPU placement; the ratio (b)/(a) is what the referee adds.
Also: full games/s of a 3-player card match and a 2-player dice match between stdlib random
bots.  Usage: python bench/referee.py [--placement one|two|both] [--games N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import orjson

HERE = Path(__file__).resolve().parent
# This file is named like the package it measures: keep its folder off the import path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.games.match import MatchConfig, run_match  # noqa: E402
from referee.players.botspec import parse_bot  # noqa: E402
from referee.players.players import TimeControl  # noqa: E402
from thousand.rules_io import load_rules  # noqa: E402

ROOT = HERE.parent


def pin(cores: set[int]) -> None:
    os.sched_setaffinity(0, cores)


def floor_us(rounds: int) -> float:
    child = subprocess.Popen(
        [sys.executable, str(HERE / "echo_child.py")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert child.stdin is not None and child.stdout is not None
    payload = {"type": "request", "id": 0, "view": {"dice": [1, 5, 3, 3, 4], "pad": "x" * 180}}
    write, readline = child.stdin, child.stdout.readline
    for warm in range(200):
        payload["id"] = warm
        write.write(orjson.dumps(payload) + b"\n")
        write.flush()
        orjson.loads(readline())
    start = time.perf_counter()
    for i in range(rounds):
        payload["id"] = i
        write.write(orjson.dumps(payload) + b"\n")
        write.flush()
        orjson.loads(readline())
    elapsed = time.perf_counter() - start
    write.close()
    child.wait()
    return elapsed / rounds * 1e6


def match_rate(game: str, bots: list[str], games: int, seed: int = 1) -> tuple[float, int, int]:
    """(seconds, games, decisions) of a match through the real referee."""
    config = MatchConfig(
        game=game,
        rules=load_rules(game, "classic"),
        bots=[parse_bot(b) for b in bots],
        games=games,
        seed=seed,
        time=TimeControl(startup=10, bank=60, per_move=10),
    )
    start = time.perf_counter()
    outcomes = asyncio.run(run_match(config))
    elapsed = time.perf_counter() - start
    return elapsed, len(outcomes), sum(o.decisions for o in outcomes)


def run(placement: str, games: int) -> None:
    cores = sorted(os.sched_getaffinity(0))
    if placement == "one":
        pin({cores[0]})
    label = "one core" if placement == "one" else f"{len(cores)} cores"
    floor = floor_us(20000)
    instant = f"{sys.executable} {HERE / 'instant_bot.py'}"
    # Per-decision cost: a long match so that start-up (~30 ms a bot) is negligible.
    elapsed, played, decisions = match_rate("dice", [instant, instant], games * 5)
    per_decision = elapsed / decisions * 1e6
    print(f"[{label}] floor (a): {floor:.1f} µs per round trip")
    print(
        f"[{label}] referee (b), dice, instant bots: {per_decision:.1f} µs per decision, "
        f"{decisions / elapsed:,.0f} decisions/s ({played} games, {decisions} decisions)"
    )
    print(f"[{label}] ratio (b)/(a): {per_decision / floor:.2f}")
    elapsed, played, decisions = match_rate("cards", [instant] * 3, max(1, games // 5))
    print(
        f"[{label}] referee (b), cards, instant bots: {elapsed / decisions * 1e6:.1f} µs per "
        f"decision ({played} games, {decisions} decisions, {elapsed:.2f} s)"
    )
    random_bot = f"{sys.executable} {ROOT / 'bots' / 'random_bot.py'}"
    elapsed, played, _ = match_rate("cards", [random_bot] * 3, max(1, games // 5))
    print(f"[{label}] cards, 3 stdlib random bots: {played / elapsed:.2f} games/s")
    elapsed, played, _ = match_rate("dice", [random_bot] * 2, games)
    print(f"[{label}] dice, 2 stdlib random bots: {played / elapsed:.1f} games/s")
    pin(set(cores))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--placement", choices=["one", "two", "both"], default="both")
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpus")
    for placement in ("one", "two") if args.placement == "both" else (args.placement,):
        run(placement, args.games)


if __name__ == "__main__":
    main()
