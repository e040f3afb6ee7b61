"""Dice decisions under rules the solved table does not model (another preset, a rules file),
valued by bots/dice_expert.py's own estimate: its per-turn policy's expected points of the
turn for each action (``action_values``), the values it plays by there. An estimate, said as
one (basis ``estimate``, unit ``points``): a turn's expected points ignore the scores' race,
so a loss here is points of a turn given away, not winning chances.

The bot's file is loaded as a module, not copied, as the card analysis loads the card expert:
the analysis and the bot value alike. Its value table is never decoded here (the bot decodes
its tables only when it plays them).
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import sys
from functools import cache
from types import ModuleType
from typing import Any, Final

from referee.analysis.dice import bot_move, valued_decision
from referee.analysis.dice_table import BOT_FILE, TableError
from referee.analysis.marks import ESTIMATE_MARKS
from referee.analysis.report import Decision, Option
from referee.replay.frames import Frame
from thousand.dice import DiceRules

MODULE: Final = "thousand_dice_expert"


@cache
def dice_expert() -> ModuleType:
    """bots/dice_expert.py as a module (its ``main`` does not run), once per process."""
    spec = importlib.util.spec_from_file_location(MODULE, BOT_FILE)
    if spec is None or spec.loader is None:
        raise TableError(f"cannot load the dice expert {BOT_FILE}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[MODULE] = module
    try:
        spec.loader.exec_module(module)
    except OSError as error:
        raise TableError(
            f"cannot read the dice expert (bots/dice_expert.py of a source checkout or of the "
            f"installed wheel): {error}"
        ) from None
    return module


@cache
def _turn_table(rules_json: str) -> Any:
    """The expert's table of expected turn totals for one rule set (built once per rules)."""
    return dice_expert().Table(json.loads(rules_json))


def estimate_decision(rules: dict[str, Any], before: Frame, after: Frame) -> Decision | None:
    """The step from ``before`` to ``after`` valued by the expert's per-turn estimate, or None
    when it was no decision (a chance step, a forced throw, the fallback's move)."""
    record = bot_move(after)
    if record is None:
        return None
    legal = before.state.legal_actions()
    if len(legal) < 2 or record.get("action") not in legal:
        return None
    seat = int(record["seat"])
    view = before.state.view(seat)
    expert = dice_expert()
    table = _turn_table(json.dumps(rules, sort_keys=True))
    values = [float(v) for v in expert.action_values(view, legal, rules, table)]
    options = [Option(action=a, value=v) for a, v in zip(legal, values, strict=True)]
    chosen = options[legal.index(record["action"])]
    total, left = int(view["turn_total"]), int(view["dice_left"])
    return valued_decision(after, record, options, chosen, ESTIMATE_MARKS, total, left)


def estimate_dice_frames(frames: list[Frame], rules: DiceRules, seat: int | None) -> list[Decision]:
    """The decisions of ``seat`` (every seat when None), each valued by the expert's estimate."""
    plain = rules.model_dump(mode="json")
    found: list[Decision] = []
    for before, after in itertools.pairwise(frames):
        made = estimate_decision(plain, before, after)
        if made is not None and (seat is None or made.seat == seat):
            found.append(made)
    return found
