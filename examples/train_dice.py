#!/usr/bin/env python3
"""Train a policy for the two-player dice game from scratch (docs/learning.md):

    OMP_NUM_THREADS=1 nice -n 19 python examples/train_dice.py --out bots/policies/dice_duel.npz \
        --curve docs/learning-dice.json --plot docs/learning-dice.png

Needs `pip install 'thousand[rl]'` (and `thousand[train]` for --plot)."""

from __future__ import annotations

import sys

from reinforce import main

if __name__ == "__main__":
    main(
        "dice",
        "classic",
        "dice_bot",
        {
            "minutes": 12,
            "steps": 600_000,
            "batch": 4096,
            "rate": 0.003,
            "gamma": 0.98,
            "against": "mix",
            "eval_games": 200,
        },
        sys.argv[1:],
    )
