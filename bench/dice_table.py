#!/usr/bin/env python3
"""Write the solved dice values into bots/dice_expert.py, beside its policy: the one copy of the
solution that the bot and the game analysis (referee/analysis/dice_table.py) both read.

The values are the solver's, W(mover, other) for every pair of player states between turns,
saved by ``bench/dice_solver.py --values FILE.npy``. The bot plays its policy section; the
analysis reads this section to value every decision of a game. The section names the policy it
sits with (the policy section's SHA-256), so a policy rewritten without new values is refused
by the analysis' tests rather than analysed with stale numbers.

    python bench/dice_solver.py --tolerance 1e-8 --values /tmp/values.npy
    python bench/dice_table.py --values /tmp/values.npy --write bots/dice_expert.py
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]  # bench/referee.py

from referee.analysis.dice_model import Model, player_states  # noqa: E402
from referee.analysis.dice_table import (  # noqa: E402
    FORMAT_VERSION,
    SCALE,
    VALUES_BEGIN,
    VALUES_END,
    encode_values,
    policy_digest,
)
from thousand.dice import DiceRules  # noqa: E402
from thousand.rules_io import rules_from_mapping  # noqa: E402

# bench/dice_solver.py's ABSTRACT_RULES: the rules its default solve is exact for
SOLVED_RULES = {"preset": "classic", "barrel_max_falls": None, "score_floor": -200}
COMMAND = (
    "python bench/dice_solver.py --tolerance 1e-8 --values V.npy && "
    "python bench/dice_table.py --values V.npy --write bots/dice_expert.py"
)


def section(values: list[float], digest: str, tolerance: float) -> str:
    """The Python source of the section: header and encoded values, 88 characters a line."""
    rules = rules_from_mapping("dice", SOLVED_RULES)
    assert isinstance(rules, DiceRules)
    states = len(player_states(Model.from_rules(rules)))
    if len(values) != states * states:
        raise ValueError(f"{len(values)} values, the solved rules have {states}^2 pairs")
    header = {
        "version": FORMAT_VERSION,
        "rules": SOLVED_RULES,
        "states": states,
        "scale": SCALE,
        "encoding": "round(W(mover, other) * scale) by mover then other, each mover's row as "
        "differences from the previous value; int32 big-endian, lzma, base64",
        "tolerance": tolerance,
        "policy_sha256": digest,
        "made_by": COMMAND,
    }
    text = json.dumps(header, sort_keys=True)
    encoded = encode_values(values, states)
    lines = [VALUES_BEGIN, "VALUES_HEADER = ("]
    lines += [f"    {text[i : i + 80]!r}" for i in range(0, len(text), 80)]
    lines += [")", "VALUES = ("]
    lines += [f'    "{encoded[i : i + 88]}"' for i in range(0, len(encoded), 88)]
    lines += [")", VALUES_END]
    return "\n".join(lines) + "\n"


def write(bot: Path, text: str) -> None:
    """Replace the section in the bot file, or add it before the bot's main guard."""
    source = bot.read_text(encoding="utf-8")
    begin, end = source.find(VALUES_BEGIN), source.find(VALUES_END)
    if begin >= 0 and end > begin:
        source = source[:begin] + text + source[end + len(VALUES_END) + 1 :]
    else:
        guard = source.rindex('\nif __name__ == "__main__":')
        head = source[:guard].rstrip("\n")
        source = head + "\n\n\n" + text + "\n\n" + source[guard + 1 :]
    bot.write_text(source, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--values", required=True, help="the solver's saved values (.npy)")
    parser.add_argument("--write", required=True, metavar="BOT", help="the expert bot's file")
    parser.add_argument("--tolerance", type=float, default=1e-8, help="the solve's tolerance")
    args = parser.parse_args(argv)
    import numpy as np  # the solver's extra: pip install '.[solver]'

    values = [float(v) for v in np.load(args.values)]
    bot = Path(args.write)
    write(bot, section(values, policy_digest(bot), args.tolerance))
    print(f"wrote {len(values)} values into {bot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
