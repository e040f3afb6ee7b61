"""What fair duplicate matches cost: a fresh set of bot processes for every game of a group.

In the duplicate format (``--rotate``, every ladder match) no bot process may carry the memory
of a deal into its next seating, so every bot is started afresh for every game. This measures
the price per game: the same number of games between the same example bots, played as a
duplicate match (a fresh process per bot per game) and as an ordinary one (processes kept for
the whole match), per sandbox mode. Per game the two differ by the start-up (and the
polite stop) of every seat's process; the games themselves are alike on average.

Usage: python bench/duplicate.py [--groups 5] [--game dice] [--modes rlimits,bwrap]
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.games.match_types import MatchConfig, duplicate_seatings  # noqa: E402
from referee.games.tables import run_match  # noqa: E402
from referee.players.botspec import parse_bot  # noqa: E402
from referee.players.sandbox import Sandbox, SandboxError, resolve  # noqa: E402
from thousand.rules_io import load_rules  # noqa: E402

BOTS = {
    "dice": ["dice_bot.py", "random_bot.py", "random_bot.py"],
    "cards": ["card_bot.py", "random_bot.py", "card_bot.py"],
}


def _cpu_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


async def one_run(game: str, mode: str, games: int, rotate: bool) -> tuple[float, float]:
    """Wall seconds and bot CPU seconds per game."""
    bots = [parse_bot(f"{sys.executable} {HERE.parent / 'bots' / name}") for name in BOTS[game]]
    config = MatchConfig(
        game=game,
        rules=load_rules(game, "classic"),
        bots=bots,
        games=games,
        seed=12345,
        rotate=rotate,
        sandbox=Sandbox(mode=mode),  # type: ignore[arg-type]
    )
    cpu0, wall0 = _cpu_children(), time.perf_counter()
    outcomes = await run_match(config)
    wall, cpu = time.perf_counter() - wall0, _cpu_children() - cpu0
    return wall / len(outcomes), cpu / len(outcomes)


async def main(groups: int, game: str, modes: list[str]) -> None:
    games = groups * len(duplicate_seatings(len(BOTS[game])))
    print(f"{game}, 3 example bots, {games} games a run (seed 12345)")
    for mode in modes:
        try:
            resolve(Sandbox(mode=mode))  # type: ignore[arg-type]
        except SandboxError as error:
            print(f"{mode}: not usable here ({error})")
            continue
        kept = await one_run(game, mode, games, rotate=False)
        fresh = await one_run(game, mode, games, rotate=True)
        print(
            f"{mode:8} processes kept: {kept[0] * 1000:7.1f} ms/game ({kept[1] * 1000:6.1f} ms "
            f"bot CPU) | fresh each game (--rotate): {fresh[0] * 1000:7.1f} ms/game "
            f"({fresh[1] * 1000:6.1f} ms bot CPU) | cost {1000 * (fresh[0] - kept[0]):+.1f} ms "
            f"wall, {1000 * (fresh[1] - kept[1]):+.1f} ms CPU a game"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--groups", type=int, default=5)
    parser.add_argument("--game", choices=sorted(BOTS), default="dice")
    parser.add_argument("--modes", default="rlimits,bwrap")
    args = parser.parse_args()
    asyncio.run(main(args.groups, args.game, args.modes.split(",")))
