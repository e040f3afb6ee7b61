"""The dice game's seat view as a fixed-size vector, and its actions as fixed indices.

Dice hide nothing, but the observation is still read from ``view(seat)`` alone, with seats
relative to the observer (slot 0) so that one policy plays from every chair. Scores and turn
totals are scaled by the table's goal.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.rl.dice_layout import LAYOUT, OBSERVATION_SIZE, PHASES

_O = LAYOUT.offsets
_PHASE = {name: _O["phase"] + i for i, name in enumerate(PHASES)}
_PER_SEAT = (
    ("score", "scores"),
    ("opened", "opened"),
    ("bolts", "bolts"),
    ("on_barrel", "on_barrel"),
    ("barrel_attempts", "barrel_attempts"),
    ("barrel_falls", "barrel_falls"),
    ("barrel_points", "barrel_points"),
)

Observation = npt.NDArray[np.float32]


_THIRDS = tuple(name for key, name in _PER_SEAT if key not in ("score", "opened", "on_barrel"))


@lru_cache(maxsize=64)
def _places(me: int, n: int) -> tuple[list[int], list[int]]:
    """Where the seat slots' ones go (present) and where every value goes, in ``encode``'s
    order: the same for every view of one seat at one table."""
    slots = [(seat - me) % n for seat in range(n)]
    ones = [_O["present"] + slot for slot in slots]
    keys = ["score", "opened", "on_barrel"]
    keys += [key for key, name in _PER_SEAT if name in _THIRDS]
    where = [_O[key] + slot for key in keys for slot in slots]
    where += range(_O["set_aside"], _O["set_aside"] + 6)
    where += range(_O["throw"], _O["throw"] + 6)
    where += [_O[key] for key in ("turn_total", "must_roll", "confirming", "choosing")]
    where += [_O[key] for key in ("need", "cap", "round")]
    return ones, where


def encode(view: dict[str, Any], goal: int, max_rounds: int) -> Observation:
    """The observation of the seat whose view this is (see ``LAYOUT``), written at once from
    lists (an environment encodes at every step; numpy's per-item writes cost more)."""
    me: int = view["seat"]
    n: int = view["players"]
    present, where = _places(me, n)
    ones = [_PHASE[view["phase"]], _O["dice_left"] + view["dice_left"], *present]
    mover = view["turn"]
    if mover is not None:
        ones.append(_O["mover"] + (mover - me) % n)
    values = [score / goal for score in view["scores"]]
    values += view["opened"]
    values += view["on_barrel"]
    for name in _THIRDS:
        values += [value / 3 for value in view[name]]
    faces = [0] * 12
    for die in view["set_aside"]:
        faces[die - 1] += 1
    throw = view["throw"]
    if throw:
        for die in throw:
            faces[die + 5] += 1
    values += [count / 5 for count in faces]
    need, cap = view["need"], view["cap"]
    values += (
        view["turn_total"] / goal,
        view["must_roll"],
        view["confirming"],
        view["choosing"],
        0.0 if need is None else need / goal,
        0.0 if cap is None else cap / goal,
        view["round"] / max_rounds,
    )
    vector = [0.0] * OBSERVATION_SIZE
    for i, value in zip(where, values, strict=True):
        vector[i] = value
    for i in ones:
        vector[i] = 1.0
    return np.array(vector, dtype=np.float32)
