"""Every decision of a recorded dice game, valued with the solved table.

A decision is a move where the seat had more than one legal action (under classic: throw again
or record the turn total); a forced throw is not one, nor a move the referee's fallback made for
a faulted seat. Each is valued by the probability of winning the game after each action.
"""

from __future__ import annotations

import itertools
from typing import Any, Final

from referee.analysis.dice_model import PlayerState
from referee.analysis.dice_table import SolvedTable, load_table, player_state
from referee.analysis.marks import DICE_MARKS, Mark, mark
from referee.analysis.report import Basis, Decision, Option, WinPoint
from referee.replay.frames import Frame
from thousand.dice import DiceRules

# what may differ from the solved rules without changing a value: the label and the round cap
# (never reached in self-play); the abstraction reads a classic game's falls and low scores
IGNORED: Final = {"preset", "max_rounds"}
ABSTRACTED: Final = {"barrel_max_falls", "score_floor"}


def dice_basis(rules: DiceRules, players: int, table: SolvedTable) -> Basis:
    """How this game's positions can be valued by the table."""
    mine = rules.model_dump(mode="json")
    solved = table.rules.model_dump(mode="json")
    differs = {name for name in solved if mine.get(name) != solved[name]} - IGNORED
    if differs - ABSTRACTED:
        return "none"
    if players > 2:
        return "estimate"
    return "abstracted" if differs else "exact"


def _opponent(view: dict[str, Any]) -> int:
    """The seat a many-player position is read against, as bots/dice_expert.py reads it: one
    on the barrel first, then the highest score."""
    me = view["seat"]
    others = [seat for seat in range(view["players"]) if seat != me]
    return max(others, key=lambda s: (bool(view["on_barrel"][s]), view["scores"][s]))


def _pair(table: SolvedTable, view: dict[str, Any]) -> tuple[PlayerState, PlayerState]:
    return player_state(table, view, view["seat"]), player_state(table, view, _opponent(view))


def _phase(action: dict[str, Any]) -> str:
    return "stop" if action.get("type") == "stop" else "throw"


def bot_move(after: Frame) -> dict[str, Any] | None:
    """The record of the step to ``after`` when a seat's bot moved there, else None (a chance
    step, or the referee's fallback moving for a faulted seat): no decision of the bot's."""
    record = after.record
    if record is None or record.get("kind") != "move" or record.get("by") == "fallback":
        return None
    return record


def valued_decision(
    after: Frame,
    record: dict[str, Any],
    options: list[Option],
    chosen: Option,
    marks: tuple[tuple[float, Mark], ...],
    total: int,
    left: int,
) -> Decision:
    """A dice decision from its valued options, the solved table's or the expert's estimate
    (``marks`` their thresholds): the loss of the chosen option against the best."""
    best = max(options, key=lambda option: option.value)
    loss = max(best.value - chosen.value, 0.0)
    return Decision(
        step=int(record.get("n", after.index)),
        line=after.line,
        seat=int(record["seat"]),
        phase=_phase(chosen.action),
        chosen=chosen.action,
        best=best.action if loss > 0 else chosen.action,
        value_chosen=chosen.value,
        value_best=best.value,
        loss=loss,
        mark=mark(loss, marks),
        options=options,
        turn_total=total,
        dice_left=left,
    )


def decision(table: SolvedTable, before: Frame, after: Frame) -> Decision | None:
    """The decision of the step from ``before`` to ``after``, or None when it was no decision
    (a chance step, a forced throw, the fallback's move, a position off the table)."""
    record = bot_move(after)
    if record is None:
        return None
    state = before.state
    legal = state.legal_actions()
    if len(legal) < 2:
        return None
    seat = int(record["seat"])
    view = state.view(seat)
    left = int(view["dice_left"])
    if view["choosing"] or not 1 <= left <= 5:
        return None  # keeps to choose: set_aside "choose", which no table models
    me, other = _pair(table, view)
    total = int(view["turn_total"])
    stop_value, throw_value = table.values_at(me, other, total, left)
    options = [
        Option(action=action, value=stop_value if action["type"] == "stop" else throw_value)
        for action in legal
    ]
    chosen = next(o for o in options if o.action.get("type") == record["action"].get("type"))
    return valued_decision(after, record, options, chosen, DICE_MARKS, total, left)


def _point(step: int, mover: int, value: float) -> WinPoint:
    values = [0.0, 0.0]
    values[mover], values[1 - mover] = value, 1.0 - value
    return WinPoint(step=step, values=[round(v, 6) for v in values])


def turn_point(table: SolvedTable, frame: Frame) -> WinPoint | None:
    """Each seat's probability of winning at the start of a turn, or at the end of the game;
    None elsewhere (within a turn the line is drawn at the decisions)."""
    state = frame.state
    if state.num_players != 2:
        return None
    result = state.result()
    if result is not None:
        won = [1.0 if seat == result.winner else 0.0 for seat in range(2)]
        return WinPoint(step=frame.index, values=won)
    view = state.view(0)
    if state.to_move() >= 0 or view["turn"] is None or view["turn_total"] or view["dice_left"] != 5:
        return None
    mover = int(view["turn"])
    me, other = _pair(table, state.view(mover))
    return _point(frame.index, mover, table.win(table.index(me), table.index(other)))


def analyse_dice_frames(
    frames: list[Frame], rules: DiceRules, players: int, seat: int | None
) -> tuple[Basis, list[Decision], list[WinPoint]]:
    """The decisions of ``seat`` (every seat when None) and the win-probability line: at each
    turn's start and after each decision (every seat's, so the line is whole with --seat)."""
    table = load_table()
    basis = dice_basis(rules, players, table)
    if basis == "none":
        return basis, [], []
    found: list[Decision] = []
    curve: list[WinPoint] = []
    for before, after in itertools.pairwise(frames):
        made = decision(table, before, after)
        if made is not None and (seat is None or made.seat == seat):
            found.append(made)
        if basis == "estimate":
            continue  # no line for an estimate: the duel reading is no probability of the game
        if made is not None:  # the value after the chosen action: the line at a decision
            curve.append(_point(after.index, made.seat, made.value_chosen))
        else:
            point = turn_point(table, after)
            if point is not None:
                curve.append(point)
    return basis, found, curve
