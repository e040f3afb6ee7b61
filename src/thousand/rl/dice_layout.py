"""The dice observation's fields, without numpy: the view's encoder (``dice_codec``), the
state's encoder (``dice_observe``, compiled with the engines where it can be, so it may import
nothing that a build lacks) and docs/learning.md share this one list.
"""

from __future__ import annotations

from thousand.rl.layout import Field, Layout

SEATS = 8
"""Seat slots in every dice observation: the largest table (8 players); unused slots are 0."""

PHASES = ("lot", "throw", "decide", "over")

LAYOUT = Layout(
    (
        Field("phase", 4, "one-hot: " + ", ".join(PHASES)),
        Field("present", SEATS, "per seat slot: the seat exists at this table"),
        Field("mover", SEATS, "per seat slot: the seat whose turn it is"),
        Field("score", SEATS, "per seat slot: score / goal"),
        Field("opened", SEATS, "per seat slot: has opened (passed the entry)"),
        Field("bolts", SEATS, "per seat slot: bolts / 3"),
        Field("on_barrel", SEATS, "per seat slot: sits on the barrel"),
        Field("barrel_attempts", SEATS, "per seat slot: turns used on the barrel / 3"),
        Field("barrel_falls", SEATS, "per seat slot: falls from the barrel / 3"),
        Field("barrel_points", SEATS, "per seat slot: open-barrel points / 3"),
        Field("turn_total", 1, "points gathered this turn / goal"),
        Field("dice_left", 6, "one-hot: dice left to throw, 0 to 5"),
        Field("set_aside", 6, "dice set aside this turn, count of each face 1 to 6 / 5"),
        Field("throw", 6, "the last throw, count of each face 1 to 6 / 5"),
        Field("must_roll", 1, "the mover must throw again (hot dice to confirm, a forced roll)"),
        Field("confirming", 1, "the next throw confirms hot dice"),
        Field("choosing", 1, "the mover chooses which scoring dice to keep"),
        Field("need", 1, "the smallest turn total the mover may record now / goal"),
        Field("cap", 1, "the largest turn total the mover may gather / goal (0: no cap)"),
        Field("round", 1, "the round / the round cap"),
    )
)
OBSERVATION_SIZE = LAYOUT.size
