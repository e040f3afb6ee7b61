#!/usr/bin/env python3
"""Check the solved dice policy against play: bots/dice_expert.py against itself, in-process.

The solver claims a first-player win probability; two copies of the bot playing each other
must show it, within the sampling interval, when they play the rules the table was solved for
(``--rules`` default: the solver's ABSTRACT_RULES). Under other rules (``--rules classic``) the
same count measures how far the real game is from the solved one. Games are played through
the engine (thousand.play.play_game) with the bot's own decision code, so the figure is the
bot's, not a re-implementation's; chance comes from ``--seed``.

    python bench/dice_selfplay.py --games 20000
    python bench/dice_selfplay.py --games 20000 --rules classic
    python bench/dice_selfplay.py --games 10000 --rules classic --against-example
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from collections.abc import Sequence
from math import sqrt
from pathlib import Path
from types import ModuleType
from typing import Any

from thousand import RulesError
from thousand.play import play_game
from thousand.rules_io import load_rules, rules_from_mapping

ROOT = Path(__file__).resolve().parents[1]


def load_bot(path: Path, name: str = "dice_expert") -> ModuleType:
    """A bot file as a module, exactly as shipped (the expert's table included)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise OSError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win share."""
    if games == 0:
        return 0.0, 1.0
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def read_rules(text: str | None, solved: dict[str, Any]) -> Any:
    """A preset, a rules file, or a JSON object on the command line; None: the solved rules."""
    if text is None:
        return rules_from_mapping("dice", solved)
    if text.lstrip().startswith("{"):
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("--rules: a JSON object of rule fields")
        return rules_from_mapping("dice", data)
    return load_rules("dice", text)


def example_policy(rules: Any) -> Any:
    """bots/dice_bot.py's decision, from its own file, for the same rules."""
    example = load_bot(ROOT / "bots" / "dice_bot.py", "dice_bot")
    fields = rules.model_dump(mode="json")
    table = example.Table(fields)
    rng = random.Random(1)

    def choose(view: Any, legal: list[Any]) -> Any:
        return example.choose(view, legal, fields, table, rng)

    return choose


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rules", help="a preset, a rules file or a JSON object (default: the solved rules)"
    )
    parser.add_argument("--bot", default=str(ROOT / "bots" / "dice_expert.py"))
    parser.add_argument(
        "--against-example",
        action="store_true",
        help="play bots/dice_bot.py instead of itself, every seed in both seatings",
    )
    args = parser.parse_args(argv)
    try:
        bot = load_bot(Path(args.bot))
        header = json.loads(bot.TABLE_HEADER)
        rules = read_rules(args.rules, header["rules"])
    except (RulesError, OSError, ValueError, KeyError) as error:
        print(f"thousand: error: {error}", file=sys.stderr)
        return 2
    policy = bot.SolvedPolicy()

    def choose(view: Any, legal: list[Any]) -> Any:
        return policy.choose(view, legal)

    began = time.perf_counter()
    print(f"rules: {args.rules or header['rules']}")
    if args.against_example:
        example = example_policy(rules)
        wins = 0
        for game in range(args.games):
            seed = args.seed * 1_000_003 + game
            for seat in (0, 1):
                seats = [choose, example] if seat == 0 else [example, choose]
                played = play_game("dice", seats, seed=seed, rules=rules, keep_record=False)
                wins += played.state.view(0)["winner"] == seat
        low, high = wilson(wins, 2 * args.games)
        print(
            f"expert vs dice_bot: won {wins}/{2 * args.games} = {wins / (2 * args.games):.4f} "
            f"(95 % interval {low:.4f} .. {high:.4f}); {time.perf_counter() - began:.0f} s"
        )
        return 0
    first_wins = capped = 0
    for game in range(args.games):
        seed = args.seed * 1_000_003 + game
        played = play_game("dice", [choose, choose], seed=seed, rules=rules, keep_record=False)
        view = played.state.view(0)
        if view["winner"] is None:
            capped += 1
        elif view["winner"] == view["first_player"]:
            first_wins += 1
    low, high = wilson(first_wins, args.games)
    print(f"solved first-player win probability: {header['first_player']:.6f}")
    print(
        f"self-play: first player won {first_wins}/{args.games} = "
        f"{first_wins / args.games:.4f} (95 % interval {low:.4f} .. {high:.4f}); "
        f"{capped} games reached the round cap; {time.perf_counter() - began:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
