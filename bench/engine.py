"""Engine speed: random-policy games in-process, no referee, one core.

Prints, for each game and player count: games/s, decisions/s, and for cards deals/s (a card
game is many deals; strong bots simulate deals, so deals/s is the figure that matters there).
Then the yardstick (issue 35): the classic card deal and dice turn written straight in
bench/bare.py, beside the engines playing the same rules with the same policy, in the same run,
as a ratio engine ÷ bare (time per deal or per decision: the engines' overhead, comparable
across machines). Cards are compared on played-out deals: the policy is uniform among the legal
actions but never redeal or concede (drawn again when it hits one, which keeps it uniform over
the rest), since the bare deal always plays its 8 tricks; and once more with the mover's view
built at every decision, as play_game and the referee build it (the bare loop builds none, so
that row prices the view).
Usage: python bench/engine.py [--seconds S] [--rounds R] [--bare-only] [--count WHAT GAMES]
(instructions, deterministic where time is not on a shared machine: run `valgrind
--tool=cachegrind --cache-sim=no python bench/engine.py --count cards 10` and `--count cards 0`,
and divide the difference of their I refs by the deals printed; dice by the decisions)
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import thousand.cards.state as card_state
from thousand.game import CHANCE, OVER
from thousand.play import new_state


def _load_bare() -> ModuleType:
    """bench/bare.py by its path: bench/ is not a package, and the yardstick sits beside this."""
    spec = importlib.util.spec_from_file_location("bench_bare", Path(__file__).with_name("bare.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bare = _load_bare()

NOT_PLAYED_OUT = frozenset({"redeal", "concede"})


def play(
    game: str, players: int, preset: str, seed: int, played_out: bool = False, views: bool = False
) -> tuple[int, int]:
    """Play one game; return (decisions, deals). ``played_out``: never redeal nor concede;
    ``views``: the mover's view built at every decision, as play_game and the referee do.

    Chance is drawn and applied in one step (``state.chance``), as the referee's match loop
    does it; the methods are looked up once, as a tight loop written by a bot author would:
    what is timed is the engine, not this loop (the bare loop beside it calls no method)."""
    state = new_state(game, preset, players)
    rng = random.Random(seed)
    randrange = rng.randrange
    to_move = state.to_move
    chance = state.chance
    legal_actions = state.legal_actions
    apply = state.apply
    view = state.view
    decisions = deals = 0
    while True:
        mover = to_move()
        if mover == OVER:
            return decisions, deals
        if mover == CHANCE:
            deals += chance(rng)[0]["type"] == "deal"
            continue
        if views:
            view(mover)
        legal = legal_actions()
        action = legal[randrange(len(legal))]
        while played_out and action["type"] in NOT_PLAYED_OUT:
            action = legal[randrange(len(legal))]
        decisions += 1
        apply(action)


def measure(
    game: str,
    players: int,
    preset: str,
    seconds: float,
    one: Callable[[int], tuple[int, int]] | None = None,
) -> dict[str, float]:
    """Games for ``seconds``; ``one(seed)`` -> (decisions, deals) replaces the engine's game."""
    games = decisions = deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        d, k = one(games) if one is not None else play(game, players, preset, games)
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


YARDSTICK: tuple[
    tuple[str, str, Callable[[int], tuple[int, int]], Callable[[int], tuple[int, int]]], ...
] = (
    (
        "cards classic 3p played out, deals/s",
        "deals_s",
        lambda seed: play("cards", 3, "classic", seed, played_out=True),
        bare.card_game,
    ),
    (
        "cards classic 3p played out, a view each decision, deals/s",
        "deals_s",
        lambda seed: play("cards", 3, "classic", seed, played_out=True, views=True),
        bare.card_game,
    ),
    (
        "dice classic 3p, decisions/s",
        "decisions_s",
        lambda seed: play("dice", 3, "classic", seed),
        bare.dice_game,
    ),
)
"""(what, figure, the engine's game, the bare game): each pair measured back to back."""


def yardstick(seconds: float, rounds: int) -> None:
    """The engines beside the bare loops, interleaved round by round; the median ratio."""
    print(f"yardstick (bench/bare.py), {rounds} round(s) of {seconds:g} s each side, interleaved:")
    for what, figure, engine_game, bare_game in YARDSTICK:
        ratios = []
        for r in range(rounds):
            engine = measure("", 0, "", seconds, engine_game)[figure]
            loop = measure("", 0, "", seconds, bare_game)[figure]
            ratios.append(loop / engine)
            print(
                f"  {what} round {r + 1}: engine {engine:11,.0f}  bare {loop:11,.0f}"
                f"  engine ÷ bare {loop / engine:5.2f}×",
                flush=True,
            )
        print(f"  {what}: median engine ÷ bare {statistics.median(ratios):.2f}×", flush=True)


COUNTED: dict[str, Callable[[int], tuple[int, int]]] = {
    "cards": YARDSTICK[0][2],
    "cards-view": YARDSTICK[1][2],
    "dice": YARDSTICK[2][2],
    "bare-cards": bare.card_game,
    "bare-dice": bare.dice_game,
}
"""The yardstick's games by name, for ``--count``."""


def count(what: str, games: int) -> None:
    """Play games 0..games-1 of ``what`` untimed and print the decisions and deals: the work a
    run under ``valgrind --tool=cachegrind`` counts instructions for. With 0 games an engine
    still builds one game (its rules' tables, made once), so that a run of 0 is the start-up
    to subtract."""
    if games == 0 and not what.startswith("bare"):
        new_state("dice" if what == "dice" else "cards", "classic", 3)
    decisions = deals = 0
    for seed in range(games):
        d, k = COUNTED[what](seed)
        decisions += d
        deals += k
    if "dice" in what:
        print(f"{what}: {games} games, {decisions} decisions")
    else:
        print(f"{what}: {games} games, {decisions} decisions, {deals} deals")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="per configuration")
    parser.add_argument("--rounds", type=int, default=1, help="yardstick rounds (median shown)")
    parser.add_argument("--bare-only", action="store_true", help="only the yardstick")
    parser.add_argument(
        "--count",
        nargs=2,
        metavar=("WHAT", "GAMES"),
        help=f"play GAMES games of WHAT ({', '.join(COUNTED)}) untimed, seeds 0.., for "
        "counting instructions (valgrind --tool=cachegrind; 0 games: the start-up)",
    )
    args = parser.parse_args()
    if args.count:
        what, games = args.count
        if what not in COUNTED or not games.isdigit():
            parser.error(f"--count WHAT GAMES: WHAT one of {', '.join(COUNTED)}, GAMES a count")
        count(what, int(games))
        sys.exit(0)
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"python {platform.python_version()} on {platform.machine()}, pinned to one core")
    compiled = not str(getattr(card_state, "__file__", "")).endswith(".py")
    print(f"card engine: {'compiled' if compiled else 'pure Python'}")
    if args.bare_only:
        yardstick(args.seconds, args.rounds)
        sys.exit(0)
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
    yardstick(args.seconds, args.rounds)
    sys.exit(0)


if __name__ == "__main__":
    main()
