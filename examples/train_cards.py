#!/usr/bin/env python3
"""Train a policy for the two-player card game (the duel preset) from scratch
(docs/learning.md):

    OMP_NUM_THREADS=1 nice -n 19 python examples/train_cards.py --out bots/policies/cards_duel.npz \
        --curve docs/learning-cards.json --plot docs/learning-cards.png

Needs `pip install 'thousand[rl]'` (and `thousand[train]` for --plot)."""

from __future__ import annotations

import sys

from reinforce import main

if __name__ == "__main__":
    main(
        "cards",
        "duel",
        "card_bot",
        {
            "minutes": 15,
            "steps": 1_500_000,
            "batch": 8192,
            "rate": 0.002,
            "gamma": 0.97,
            "against": "mix",
            "eval_games": 60,
        },
        sys.argv[1:],
    )
