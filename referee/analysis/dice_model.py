"""The two-player dice game as the solved table models it: player states and their moves.

This is bench/dice_solver.py's model (the states it solved, where a stop or a zero throw
leaves both players), read here without numpy so the analysis can value any turn position
from the table's between-turn values. tests/analysis/test_dice_table.py checks every
transition against the solver's own, so the two cannot drift apart silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Final, NamedTuple

from thousand.dice import DiceRules, score_throw

DICE: Final = 5
STEP: Final = 5  # every score, turn total and penalty of the modelled rules is a multiple of 5
SCORE_MIN: Final = -200  # the table's lowest score: lower scores are read as this one


class Win:
    """The landing of a stop that wins the game (the mover's probability is 1)."""


WIN: Final = Win()


class PlayerState(NamedTuple):
    """One player between turns: ``score`` None means not opened (score 0). A tuple, not a
    dataclass: a long game's turn passes make and look up some 20,000 of them in the table's
    index, and a tuple's hash and equality are C (with the compiled sweep, that game's analysis
    84 -> 38-51 ms CPU; issue 32 asks under 50 ms a game)."""

    score: int | None
    tries: int = -1  # attempts used on the barrel; -1: not on the barrel
    bolts: int = 0  # counted bolts (always 0 while not opened)

    @property
    def points(self) -> int:
        return 0 if self.score is None else self.score


@dataclass(frozen=True)
class Model:
    """The part of classic's rules the table was solved with (bench/dice_solver.py's Model)."""

    entry: int
    pits: tuple[tuple[int, int], ...]
    samosval: int | None
    overtake: int
    barrel_start: int
    goal: int
    attempts: int
    fall_penalty: int
    bolt_penalty: int
    bolt_limit: int

    @classmethod
    def from_rules(cls, rules: DiceRules) -> Model:
        return cls(
            entry=rules.entry,
            pits=tuple((low, high) for low, high in rules.pits),
            samosval=rules.samosval,
            overtake=rules.overtake_penalty,
            barrel_start=rules.barrel_start,
            goal=rules.goal,
            attempts=rules.barrel_attempts or 1,
            fall_penalty=rules.barrel_fall_penalty,
            bolt_penalty=rules.bolt_penalty if rules.bolts else 0,
            bolt_limit=rules.bolt_limit if rules.bolts else 1,
        )


def player_states(model: Model) -> list[PlayerState]:
    """Every player state in the table's order: unopened, the opened scores, the barrel's
    attempts, each with its bolt counts (bolts vary fastest)."""
    counts = range(model.bolt_limit)
    states = [PlayerState(None)]
    states += [
        PlayerState(s, -1, k) for s in range(SCORE_MIN, model.barrel_start, STEP) for k in counts
    ]
    states += [PlayerState(model.barrel_start, t, k) for t in range(model.attempts) for k in counts]
    return states


def need(model: Model, me: PlayerState) -> int:
    """The smallest turn total this player may record (opening, pit, barrel)."""
    if me.tries >= 0:
        return model.goal - model.barrel_start
    if me.score is None:
        return model.entry
    for low, high in model.pits:
        if low <= me.score < high:
            return high - me.score
    return 0


def _settle(model: Model, score: int, bolts: int) -> PlayerState:
    if model.samosval is not None and score == model.samosval:
        score = 0
    return PlayerState(max(score, SCORE_MIN), -1, bolts)


def stop(
    model: Model, me: PlayerState, other: PlayerState, total: int
) -> Win | tuple[PlayerState, PlayerState]:
    """Where recording ``total`` (a legal total) leaves the game: WIN, or (me', other')."""
    if me.tries >= 0:
        return WIN  # on the barrel a legal record reaches the goal
    start = me.points
    new = start + total
    other_after = other
    if new >= model.barrel_start:
        mine = PlayerState(model.barrel_start, 0, me.bolts)
        if other.tries >= 0:  # the sitter is knocked off: a fall and its penalty
            other_after = PlayerState(model.barrel_start - model.fall_penalty, -1, other.bolts)
        new = model.barrel_start  # clamped: overtaking is judged against the barrel's score
    else:
        mine = _settle(model, new, me.bolts)
    # overtaking is judged on the scores before the turn; nobody overtakes a sitter
    if model.overtake and other.score is not None and start < other.score < new:
        other_after = _settle(model, other.score - model.overtake, other.bolts)
    elif other_after.tries < 0 and other_after.score is not None:
        other_after = _settle(model, other_after.score, other_after.bolts)
    return mine, other_after


def bust(model: Model, me: PlayerState) -> PlayerState:
    """The mover after a turn that recorded nothing: a barrel attempt used (maybe a fall), or
    off the barrel a counted bolt (opened, not in a pit) and, at the limit, its penalty."""
    if me.tries < 0:
        if me.score is None or not model.bolt_penalty:
            return me
        if any(low <= me.score < high for low, high in model.pits):
            return me
        if me.bolts + 1 < model.bolt_limit:
            return PlayerState(me.score, -1, me.bolts + 1)
        return _settle(model, me.score - model.bolt_penalty, 0)
    used = me.tries + 1
    if used >= model.attempts:
        return _settle(model, model.barrel_start - model.fall_penalty, me.bolts)
    return PlayerState(model.barrel_start, used, me.bolts)


Outcomes = tuple[float, tuple[tuple[float, int, int], ...]]


def throw_outcomes(rules: DiceRules, dice: int) -> Outcomes:
    """For a throw of ``dice`` dice: P(zero), and (probability, rows gained, dice used) of each
    scoring result, merged, as the engine scores every ordered throw."""
    zero = 0
    merged: dict[tuple[int, int], int] = {}
    for throw in product(range(1, 7), repeat=dice):
        best = score_throw(throw, rules)
        if not best.scoring:
            zero += 1
        else:
            key = (best.points, len(best.scoring))
            merged[key] = merged.get(key, 0) + 1
    whole = 6**dice
    outcomes = tuple(
        (count / whole, points // STEP, used) for (points, used), count in sorted(merged.items())
    )
    return zero / whole, outcomes
