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
"""

from __future__ import annotations

import argparse
import importlib.util
import json
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


def load_bot(path: Path) -> ModuleType:
    """The bot file as a module, exactly as shipped (its table included)."""
    spec = importlib.util.spec_from_file_location("dice_expert", path)
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", help="a preset or rules file (default: the solved rules)")
    parser.add_argument("--bot", default=str(ROOT / "bots" / "dice_expert.py"))
    args = parser.parse_args(argv)
    try:
        bot = load_bot(Path(args.bot))
        header = json.loads(bot.TABLE_HEADER)
        if args.rules is None:
            rules = rules_from_mapping("dice", header["rules"])
        else:
            rules = load_rules("dice", args.rules)
    except (RulesError, OSError, ValueError, KeyError) as error:
        print(f"thousand: error: {error}", file=sys.stderr)
        return 2
    policy = bot.SolvedPolicy()

    def choose(view: Any, legal: list[Any]) -> Any:
        return policy.choose(view, legal)

    began = time.perf_counter()
    first_wins = capped = 0
    for game in range(args.games):
        played = play_game("dice", [choose, choose], seed=args.seed * 1_000_003 + game, rules=rules)
        view = played.state.view(0)
        if view["winner"] is None:
            capped += 1
        elif view["winner"] == view["first_player"]:
            first_wins += 1
    low, high = wilson(first_wins, args.games)
    print(f"rules: {args.rules or header['rules']}")
    print(f"solved first-player win probability: {header['first_player']:.6f}")
    print(
        f"self-play: first player won {first_wins}/{args.games} = "
        f"{first_wins / args.games:.4f} (95 % interval {low:.4f} .. {high:.4f}); "
        f"{capped} games reached the round cap; {time.perf_counter() - began:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
