#!/usr/bin/env python3
"""Solve two-player dice "1000" for the probability of winning, and ship the policy in a bot.

The method is the one Busche and Neller used for Farkle (and Neller and Presser for Pig): the
value of a position is the probability that the player about to throw wins the game; at the
end of a turn the other player becomes the mover, so ``W(a, b) = best over the turn of
1 - W(b', a')``. Value iteration over every pair of player states, each iteration solving every
turn exactly (the turn total only grows within a turn, so a turn is one backward pass over the
turn total), repeated until no value moves by more than the tolerance.

A player's state is what changes the outcome: opened or not, the score (multiples of 5), the
bolts counted so far, and on the barrel the attempts used. The turn adds the turn total and
the dice left. What is NOT in the state (the abstraction, see docs/bots.md "Dice expert"): the
count of barrel falls, which would multiply the pairs by 9 again. The model is exact, up to
the round cap, for the rules ``ABSTRACT_RULES``: classic where every fall costs 100 (classic:
the third sets the score to 0) and penalties stop at -200. Under ``classic`` the same policy
plays, and the cost of the abstraction is measured by play.

The bolts cannot simply be left out: without their cost a player 20 below the barrel never
climbs first (the other would knock it off), both throw on until they bust, and the game
stalls until the round cap; value iteration then oscillates instead of converging.

The shipped table is the policy itself, not the values: for every (my state, the other's
state without its bolt count, dice left 1..4) one bit per turn total saying "stop", packed,
zlib-compressed and base64-encoded into ``bots/dice_expert.py`` between two marker lines, so
that the bot needs no other file (the ladder's sandbox shows a bot only its own file).

numpy is a development extra here (``pip install '.[solver]'``): a full solve is about 10^9
multiply-adds per iteration, minutes with numpy and hours in pure Python. The bot reads the
table with the standard library only.

    python bench/dice_solver.py                       # solve classic, print the figures
    python bench/dice_solver.py --write bots/dice_expert.py
    python bench/dice_solver.py --rules rules.json    # another rule set (same abstraction)
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from typing import Any

from thousand import RulesError
from thousand.dice import DiceRules, score_throw
from thousand.rules_io import load_rules, rules_from_mapping

try:
    import numpy as np
except ImportError:  # pragma: no cover - the message below is the whole handling
    np = None  # type: ignore[assignment]

DICE = 5
STEP = 5  # every score, turn total and penalty of the supported rules is a multiple of 5
SCORE_MIN = -200  # the table's lowest score: penalties stop there (score_floor)
# The rules the shipped policy is solved for, exactly: classic, except that a fall always
# costs 100 (classic: the third fall sets the score to 0) and penalties stop at -200.
ABSTRACT_RULES: dict[str, Any] = {
    "preset": "classic",
    "barrel_max_falls": None,
    "score_floor": SCORE_MIN,
}
BEGIN_MARK = "# --- policy table: written by bench/dice_solver.py, do not edit ---"
END_MARK = "# --- end of policy table ---"
WIN = "win"
GROUP = 20  # movers solved together: large enough for numpy, small enough for memory


class SolverError(Exception):
    """A rule set this solver does not model, or a bot file without the table markers."""


@dataclass(frozen=True)
class Model:
    """The part of the rules the solver plays, read from a DiceRules.

    Anything the model cannot play exactly and that is not a deliberate abstraction (bolts,
    the fall count) is refused, so a figure is never reported for a game that was not solved.
    """

    entry: int
    pits: tuple[tuple[int, int], ...]
    samosval: int | None
    overtake: int
    barrel: bool  # True: the classic barrel by points; False: first to the goal wins
    barrel_start: int
    goal: int
    attempts: int | None
    fall_penalty: int
    bolt_penalty: int  # 0: bolts not counted
    bolt_limit: int  # 1 when bolts are not counted
    rules: DiceRules

    @classmethod
    def from_rules(cls, rules: DiceRules) -> Model:
        unsupported = []
        if rules.set_aside != "all":
            unsupported.append("set_aside must be 'all'")
        if rules.confirm_hot_dice or rules.five_of_a_kind_wins or rules.samosval_mid_turn:
            unsupported.append("no confirm_hot_dice, five_of_a_kind_wins, samosval_mid_turn")
        if rules.barrel == "open":
            unsupported.append("barrel must be 'points' or 'none'")
        if rules.barrel == "points" and (not rules.barrel_clamp or rules.barrel_usurp != "fall"):
            unsupported.append("the barrel needs barrel_clamp and barrel_usurp 'fall'")
        if rules.score_floor not in (None, SCORE_MIN):
            unsupported.append(f"score_floor null or {SCORE_MIN}")
        if rules.bolts and (
            rules.bolts_in_a_row
            or rules.bolts_while_unopened
            or rules.bolts_in_pit
            or rules.bolts_on_barrel
        ):
            unsupported.append("bolts: the classic exemptions, not in a row")
        amounts = [rules.entry, rules.goal, rules.barrel_start, rules.overtake_penalty]
        amounts += [rules.barrel_fall_penalty, *(x for pit in rules.pits for x in pit)]
        amounts += [rules.bolt_penalty if rules.bolts else 0]
        if any(x % STEP for x in amounts):
            unsupported.append(f"every amount a multiple of {STEP}")
        if unsupported:
            raise SolverError("this rule set is not modelled: " + "; ".join(unsupported))
        return cls(
            entry=rules.entry,
            pits=tuple((low, high) for low, high in rules.pits),
            samosval=rules.samosval,
            overtake=rules.overtake_penalty,
            barrel=rules.barrel == "points",
            barrel_start=rules.barrel_start,
            goal=rules.goal,
            attempts=rules.barrel_attempts,
            fall_penalty=rules.barrel_fall_penalty,
            bolt_penalty=rules.bolt_penalty if rules.bolts else 0,
            bolt_limit=rules.bolt_limit if rules.bolts else 1,
            rules=rules,
        )

    @property
    def top(self) -> int:
        """The first score that is no longer an ordinary score (the barrel, or the goal)."""
        return self.barrel_start if self.barrel else self.goal


@dataclass(frozen=True)
class PlayerState:
    """One player between turns: ``score`` None means not opened (score 0)."""

    score: int | None
    tries: int = -1  # attempts used on the barrel; -1: not on the barrel
    bolts: int = 0  # counted bolts (always 0 while not opened, or with bolt_limit 1)

    @property
    def points(self) -> int:
        return 0 if self.score is None else self.score


def player_states(model: Model) -> list[PlayerState]:
    """Every player state, in the order of the table's index: unopened, then the opened
    scores, then the barrel's attempts, each with its bolt counts (bolts vary fastest)."""
    counts = range(model.bolt_limit)
    states = [PlayerState(None)]
    states += [PlayerState(s, -1, k) for s in range(SCORE_MIN, model.top, STEP) for k in counts]
    if model.barrel:
        tries = range(model.attempts or 1)
        states += [PlayerState(model.barrel_start, t, k) for t in tries for k in counts]
    return states


def start_state(model: Model) -> PlayerState:
    return PlayerState(None) if model.entry > 0 else PlayerState(0)


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
    """An opened player's state after penalties: samosval, the floor of the table."""
    if model.samosval is not None and score == model.samosval:
        score = 0
    return PlayerState(max(score, SCORE_MIN), -1, bolts)


def stop(model: Model, me: PlayerState, other: PlayerState, total: int) -> Any:
    """Where recording ``total`` (a legal total) leaves the table: WIN or (me', other')."""
    if me.tries >= 0:
        return WIN  # on the barrel a legal record reaches the goal
    start = me.points
    new = start + total
    if not model.barrel and new >= model.goal:
        return WIN
    other_after = other
    if model.barrel and new >= model.barrel_start:
        mine = PlayerState(model.barrel_start, 0, me.bolts)
        if other.tries >= 0:  # the sitter is knocked off: a counted fall with its penalty
            other_after = PlayerState(model.barrel_start - model.fall_penalty, -1, other.bolts)
        new = model.barrel_start
    else:
        mine = PlayerState(new, -1, me.bolts)
    # overtaking is judged against the other's score before the turn; an unopened player
    # cannot be overtaken, and nobody overtakes a sitter (the barrel is the highest score)
    if model.overtake and other.score is not None and start < other.score < new:
        other_after = _settle(model, other.score - model.overtake, other.bolts)
    elif other_after.tries < 0 and other_after.score is not None:
        other_after = _settle(model, other_after.score, other_after.bolts)
    if mine.tries < 0:
        mine = _settle(model, new, me.bolts)
    return mine, other_after


def bust(model: Model, me: PlayerState) -> PlayerState:
    """The mover after a turn that recorded nothing: a barrel attempt used, maybe a fall; off
    the barrel a counted bolt (opened, not in a pit) and its penalty."""
    if me.tries < 0:
        if me.score is None or not model.bolt_penalty:
            return me
        if any(low <= me.score < high for low, high in model.pits):
            return me
        if me.bolts + 1 < model.bolt_limit:
            return PlayerState(me.score, -1, me.bolts + 1)
        return _settle(model, me.score - model.bolt_penalty, 0)
    used = me.tries + 1
    if model.attempts is not None and used >= model.attempts:
        return _settle(model, model.barrel_start - model.fall_penalty, me.bolts)
    return PlayerState(model.barrel_start, used if model.attempts is not None else 0, me.bolts)


def throw_outcomes(rules: DiceRules, dice: int) -> tuple[float, list[tuple[float, int, int]]]:
    """For a throw of ``dice`` dice: P(zero), and the (probability, points, dice used) of the
    scoring throws, merged by (points, dice used), as the engine scores them."""
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
    outcomes = [(count / whole, pts, used) for (pts, used), count in sorted(merged.items())]
    return zero / whole, outcomes


class Solver:
    """The value iteration, with every transition precomputed as indices into the values."""

    def __init__(self, model: Model, log: Callable[[str], None] = lambda _: None) -> None:
        if np is None:
            raise SolverError("the solver needs numpy: pip install '.[solver]'")
        self.model = model
        self.log = log
        self.bits: Any = None
        self.states = player_states(model)
        self.index = {state: i for i, state in enumerate(self.states)}
        size = self.size = len(self.states)
        # turn totals 0 .. top: beyond the lowest score's distance to the top every stop is
        # the same (the barrel, or the win), so the last row stands for all higher totals
        self.rows = (model.top - SCORE_MIN) // STEP + 2
        self.outcomes = {n: throw_outcomes(model.rules, n) for n in range(1, DICE + 1)}
        self.win_cell = size * size  # W there is 0: the other "to move" has lost
        self.illegal_cell = size * size + 1  # W there is 2: 1 - 2 = -1, never the best
        stop_cells = np.empty((self.rows, size, size), dtype=np.int32)
        bust_cells = np.empty((size, size), dtype=np.int32)
        reach = [self.settled_row(state) for state in self.states]
        for a, me in enumerate(self.states):
            low = need(model, me)
            for b, other in enumerate(self.states):
                bust_cells[a, b] = b * size + self.index[bust(model, me)]
                for row in range(self.rows):
                    if row > reach[a]:  # the same landing for every higher total
                        stop_cells[row, a, b] = stop_cells[row - 1, a, b]
                        continue
                    total = row * STEP
                    if total < low:
                        stop_cells[row, a, b] = self.illegal_cell
                        continue
                    after = stop(model, me, other, total)
                    if after == WIN:
                        stop_cells[row, a, b] = self.win_cell
                    else:
                        mine, theirs = after
                        stop_cells[row, a, b] = self.index[theirs] * size + self.index[mine]
        self.stop_cells = stop_cells
        self.bust_cells = bust_cells
        # movers in groups of similar reach: a group's turns need rows up to its reach only
        order = sorted(range(size), key=lambda a: reach[a])
        self.groups = []
        for first in range(0, size, GROUP):
            movers = np.array(order[first : first + GROUP])
            rows = min(max(reach[a] for a in movers) + 2, self.rows)
            self.groups.append((movers, rows))
        self.values = np.full(size * size + 2, 0.5)
        self.values[self.win_cell] = 0.0
        self.values[self.illegal_cell] = 2.0

    def sweep(self, keep: bool = False) -> float:
        """One Gauss-Seidel sweep: every turn solved with the current values, a group of
        movers at a time, their new values used at once by the next groups.

        Returns the largest change; with ``keep`` also records the stop bits (``self.bits``:
        me x other x dice left 1..4 x rows).
        """
        size = self.size
        values = self.values
        largest = 0.0
        if keep:
            self.bits = np.ones((size, size, 4, self.rows), dtype=bool)
        for movers, rows in self.groups:
            stops = 1.0 - values[self.stop_cells[:rows, movers]]  # rows x movers x other
            busted = 1.0 - values[self.bust_cells[movers]]
            after = np.empty((rows, DICE, len(movers), size))  # index 1: dice left
            start = busted
            for row in range(rows - 1, -1, -1):
                if row == rows - 1:
                    # Past every threshold each stop lands the same way, at every higher total:
                    # record it, or throw on until the dice bust (the bust may be better than
                    # that landing: the barrel can be a bad place). After hot dice the throw of
                    # five is compulsory and may be hot again: H = P(zero) bust + P(scoring,
                    # not hot) best + P(hot) H.
                    best = np.maximum(stops[row], busted)
                    after[row] = best
                    zero, outcomes = self.outcomes[DICE]
                    hot = sum(p for p, _, used in outcomes if used == DICE)
                    after[row, 0] = (zero * busted + (1.0 - zero - hot) * best) / (1.0 - hot)
                    if keep:
                        stopping = (stops[row] >= busted)[:, :, None, None]
                        self.bits[movers, :, :, row:] = stopping
                    continue
                throws = []
                for n in range(1, DICE + 1):
                    zero, outcomes = self.outcomes[n]
                    acc = zero * busted
                    for p, pts, used in outcomes:
                        acc = acc + p * after[min(row + pts // STEP, rows - 1), n - used]
                    throws.append(acc)
                after[row, 0] = throws[DICE - 1]  # hot dice: the throw of five is compulsory
                for left in range(1, DICE):
                    stopping = stops[row] >= throws[left - 1]
                    after[row, left] = np.where(stopping, stops[row], throws[left - 1])
                    if keep:
                        self.bits[movers, :, left - 1, row] = stopping
                if row == 0:
                    start = throws[DICE - 1]
            cells = (movers[:, None] * size + np.arange(size)[None, :]).ravel()
            largest = max(largest, float(np.max(np.abs(values[cells] - start.ravel()))))
            values[cells] = start.ravel()
        return largest

    def solve(self, tolerance: float = 1e-9, max_iterations: int = 5000) -> int:
        """Sweep to convergence; returns the number of sweeps."""
        for iteration in range(1, max_iterations + 1):
            began = time.perf_counter()
            delta = self.sweep()
            if iteration % 10 == 0 or delta < tolerance:
                self.log(
                    f"sweep {iteration}: largest change {delta:.3g}, "
                    f"first player {self.first_player():.8f} "
                    f"({time.perf_counter() - began:.1f} s)"
                )
            if delta < tolerance:
                return iteration
        raise SolverError(f"no convergence in {max_iterations} sweeps")

    def settled_row(self, me: PlayerState) -> int:
        """The turn-total row from which every stop of this mover lands the same way (the
        barrel, or the win): the turn needs no higher rows."""
        model = self.model
        if me.tries >= 0:
            return (model.goal - model.barrel_start) // STEP
        return min((model.top - me.points) // STEP, self.rows - 2)

    def value(self, me: PlayerState, other: PlayerState) -> float:
        return float(self.values[self.index[me] * self.size + self.index[other]])

    def first_player(self) -> float:
        """The probability that the first player wins, both playing optimally."""
        opening = start_state(self.model)
        return self.value(opening, opening)

    def plain_states(self) -> list[PlayerState]:
        """The states without their bolt count: how the bot reads the other player."""
        return [state for state in self.states if state.bolts == 0]

    def policy(self) -> bytes:
        """The stop bits, packed: for each (me, the other without its bolts, dice left 1..4)
        ``rows`` bits. The other's bolt count changes few decisions; leaving it out divides
        the table by three, and the bit kept is the majority over the other's counts."""
        self.sweep(keep=True)
        limit = self.model.bolt_limit
        members = []
        for plain in self.plain_states():
            same = [
                self.index[state]
                for state in self.states
                if (state.score, state.tries) == (plain.score, plain.tries)
            ]
            members.append((same * limit)[:limit] if len(same) < limit else same)
        table = np.array(members)  # plain other x bolt count
        votes = np.zeros((self.size, len(members), 4, self.rows), dtype=np.uint8)
        for count in range(limit):
            votes += self.bits[:, table[:, count]]
        return bytes(np.packbits(votes * 2 > limit, axis=-1).tobytes())


def table_literal(model: Model, solver: Solver, packed: bytes, tolerance: float) -> str:
    """The Python source between the bot's markers: header and the encoded table."""
    header = {
        "rules": ABSTRACT_RULES,
        "score_min": SCORE_MIN,
        "step": STEP,
        "top": model.top,
        "rows": solver.rows,
        "row_bytes": (solver.rows + 7) // 8,
        "states": len(solver.states),
        "other_states": len(solver.plain_states()),
        "bolt_limit": model.bolt_limit,
        "attempts": model.attempts,
        "first_player": round(solver.first_player(), 6),
        "tolerance": tolerance,
    }
    encoded = base64.b64encode(zlib.compress(packed, 9)).decode("ascii")
    text = json.dumps(header, sort_keys=True)
    lines = [BEGIN_MARK, "TABLE_HEADER = ("]
    chunks = [text[i : i + 88] for i in range(0, len(text), 88)]
    # the quotes ruff format would choose: double unless the chunk holds one
    lines += [f"    {chunk!r}" if '"' in chunk else f'    "{chunk}"' for chunk in chunks]
    lines += [")", "TABLE = ("]
    lines += [f'    "{encoded[i : i + 88]}"' for i in range(0, len(encoded), 88)]
    lines += [")", END_MARK]
    return "\n".join(lines)


def write_bot(path: Path, literal: str) -> None:
    """Replace the table between the markers of the bot file (the rest is kept)."""
    text = path.read_text(encoding="utf-8")
    begin, end = text.find(BEGIN_MARK), text.find(END_MARK)
    if begin < 0 or end < begin:
        raise SolverError(f"{path} has no policy-table markers")
    path.write_text(text[:begin] + literal + text[end + len(END_MARK) :], encoding="utf-8")


def read_rules(preset_or_path: str | None) -> DiceRules:
    """A preset or rules file as the referee reads it; None: the abstracted classic."""
    if preset_or_path is None:
        rules = rules_from_mapping("dice", ABSTRACT_RULES)
    else:
        rules = load_rules("dice", preset_or_path)
    assert isinstance(rules, DiceRules)
    return rules


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", help="a JSON rules file (default: the abstracted classic)")
    parser.add_argument("--tolerance", type=float, default=1e-9)
    parser.add_argument("--write", metavar="BOT", help="write the policy table into this bot")
    parser.add_argument(
        "--values", metavar="NPY", help="start from these values if the file exists; save them"
    )
    args = parser.parse_args(argv)
    try:
        rules = read_rules(args.rules)
        model = Model.from_rules(rules)
        began = time.perf_counter()
        solver = Solver(model, log=lambda line: print(line, file=sys.stderr, flush=True))
        saved = Path(args.values) if args.values else None
        if saved is not None and saved.exists():
            solver.values[: solver.size**2] = np.load(saved)
        iterations = solver.solve(args.tolerance)
        if saved is not None:
            np.save(saved, solver.values[: solver.size**2])
        print(f"states per player: {len(solver.states)}; turn-total rows: {solver.rows}")
        print(f"converged in {iterations} iterations ({time.perf_counter() - began:.0f} s)")
        print(f"first player wins: {solver.first_player():.6f}")
        if args.write:
            packed = solver.policy()
            literal = table_literal(model, solver, packed, args.tolerance)
            write_bot(Path(args.write), literal)
            print(f"policy: {len(packed)} bytes packed, {len(literal)} characters in {args.write}")
    except (SolverError, RulesError, OSError) as error:
        print(f"thousand: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
