"""The solved two-player dice table: the probability that the player about to throw wins,
for every pair of player states between turns, and the value of any position within a turn.

One copy of the solution exists, in ``bots/dice_expert.py``: the bot's policy bits and these
values, side by side, each between its own marker lines. The values live in the bot's file,
not beside it, because the ladder's sandbox shows a command-line bot its own file only: a bot
that read a second file would stop working there. The bot reads its policy section; the
analysis reads the values section as text (``ast.literal_eval`` of two string literals: the
bot's code is never run here), once per process.

A position inside a turn (turn total, dice left) is valued from the between-turn values by one
backward pass over the turn total, exactly as bench/dice_solver.py's sweep values it; the pass
is cached per pair of states.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import itertools
import json
import lzma
import sys
from array import array
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final

from referee.analysis.dice_model import (
    DICE,
    SCORE_MIN,
    STEP,
    Model,
    Outcomes,
    PlayerState,
    Win,
    bust,
    need,
    player_states,
    stop,
    throw_outcomes,
)
from referee.analysis.dice_pass import sweep
from referee.analysis.experts import expert_file
from thousand.dice import DiceRules
from thousand.errors import ThousandError
from thousand.rules_io import rules_from_mapping

BOT_FILE: Final = expert_file("dice_expert.py")
VALUES_BEGIN: Final = "# --- value table: written by bench/dice_table.py, do not edit ---"
VALUES_END: Final = "# --- end of value table ---"
POLICY_BEGIN: Final = "# --- policy table: written by bench/dice_solver.py, do not edit ---"
POLICY_END: Final = "# --- end of policy table ---"
FORMAT_VERSION: Final = 1
SCALE: Final = 2**27  # a value v is stored as round(v * SCALE): steps of 7.5e-9, the
# solve's own tolerance (10^-8)


class TableError(ThousandError):
    """The solved table cannot be read: a missing file, a missing or damaged section."""


def _literals(text: str, begin: str, end: str, where: Path) -> dict[str, str]:
    """The ``NAME = ("..." "...")`` string assignments between two marker lines."""
    first, last = text.find(begin), text.find(end)
    if first < 0 or last < first:
        raise TableError(f"{where} has no section {begin!r}")
    found: dict[str, str] = {}
    for node in ast.parse(text[first:last]).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            value = ast.literal_eval(node.value)
            if isinstance(value, str):
                found[node.targets[0].id] = value
    return found


@dataclass(frozen=True)
class Turn:
    """One turn's values for a pair (mover, other): ``stops[row]`` the mover's probability of
    winning after recording ``row * STEP`` (-1 where the total may not be recorded), and
    ``throws[n][row]`` after throwing ``n`` dice with that total gathered."""

    low: int  # the lowest row computed
    stops: list[float]
    throws: list[list[float]]


@dataclass
class SolvedTable:
    """The values of the solved rules, and the turn passes asked of them (cached)."""

    header: dict[str, Any]
    rules: DiceRules
    model: Model
    states: list[PlayerState]
    values: array[float]
    outcomes: dict[int, Outcomes]
    rows: int
    gain: int  # the most rows one throw can add
    _index: dict[PlayerState, int] = field(default_factory=dict)
    _turns: dict[tuple[int, int], Turn] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._index = {state: i for i, state in enumerate(self.states)}

    def clear_turns(self) -> None:
        """Forget the turn passes (a benchmark times a game from cold)."""
        self._turns.clear()

    def index(self, state: PlayerState) -> int:
        return self._index[state]

    def win(self, mover: int, other: int) -> float:
        """W(mover, other): the mover, about to throw at the start of a turn, wins."""
        return self.values[mover * len(self.states) + other]

    def reach(self, mover: PlayerState) -> int:
        """The row from which every stop of this mover lands alike (the barrel, the win)."""
        if mover.tries >= 0:
            return (self.model.goal - self.model.barrel_start) // STEP
        return min((self.model.barrel_start - mover.points) // STEP, self.rows - 2)

    def turn(self, mover: int, other: int, row: int) -> Turn:
        """The turn pass of (mover, other) down to ``row`` at least."""
        known = self._turns.get((mover, other))
        if known is None or known.low > row:
            known = self._turns[mover, other] = self._pass(mover, other, row)
        return known

    def _pass(self, mover: int, other: int, low: int) -> Turn:
        """bench/dice_solver.py's backward pass over the turn total, for one pair."""
        model, states, size, values = self.model, self.states, len(self.states), self.values
        me, them = states[mover], states[other]
        rows = min(self.reach(me) + 2, self.rows)
        last = rows - 1
        low = min(max(low, 0), last)
        smallest = need(model, me)
        stops = [-1.0] * rows
        for row in range(low, rows):
            total = row * STEP
            if total < smallest:
                continue
            landing = stop(model, me, them, total)
            if isinstance(landing, Win):
                stops[row] = 1.0
            else:
                mine, theirs = landing
                stops[row] = 1.0 - values[self._index[theirs] * size + self._index[mine]]
        busted = 1.0 - values[other * size + self._index[bust(model, me)]]
        # after[dice left][row], 0: hot dice; padded past the last row with the last row's
        # value, which is what every higher total is worth (no bounds check in the loop)
        width = rows + self.gain
        after = [[0.0] * width for _ in range(DICE)]
        throws = [[0.0] * rows for _ in range(DICE + 1)]
        best = max(stops[last], busted)
        zero, outcomes = self.outcomes[DICE]
        hot = sum(p for p, _, used in outcomes if used == DICE)
        hot_value = (zero * busted + (1.0 - zero - hot) * best) / (1.0 - hot)
        for left in range(DICE):
            after[left][last:] = [best if left else hot_value] * (width - last)
        chances = [
            (n, zero, [(p, gained, after[n - used]) for p, gained, used in outcomes])
            for n, (zero, outcomes) in sorted(self.outcomes.items())
        ]
        sweep(chances, after, throws, stops, busted, last, low)
        return Turn(low, stops, throws)

    def values_at(
        self, mover: PlayerState, other: PlayerState, total: int, left: int
    ) -> tuple[float, float]:
        """(stop, throw): the mover's probability of winning after recording ``total`` now, and
        after throwing its ``left`` dice instead."""
        a, b = self._index[mover], self._index[other]
        row = total // STEP
        turn = self.turn(a, b, row)
        row = min(row, len(turn.stops) - 1)
        return turn.stops[row], turn.throws[left][row]


def player_state(table: SolvedTable, view: dict[str, Any], seat: int) -> PlayerState:
    """A seat of an engine view as the table's state: scores below the table's floor are read
    as the floor, counts beyond the table's as its last (the abstraction bots/dice_expert.py
    reads the game with)."""
    model = table.model
    if not view["opened"][seat]:
        return PlayerState(None)
    bolts = min(max(int(view["bolts"][seat]), 0), model.bolt_limit - 1)
    if view["on_barrel"][seat]:
        tries = min(max(int(view["barrel_attempts"][seat]), 0), model.attempts - 1)
        return PlayerState(model.barrel_start, tries, bolts)
    score = int(view["scores"][seat])
    score = min(max(score - score % STEP, SCORE_MIN), model.barrel_start - STEP)
    return PlayerState(score, -1, bolts)


def decode_values(encoded: str, count: int, row: int) -> array[float]:
    """The section's text as the values: base64 of lzma of big-endian int32s, each row of
    ``row`` values (one mover against every other state) stored as differences from the
    previous value, which the values' smoothness makes small and lzma makes short."""
    raw = array("i")
    raw.frombytes(lzma.decompress(base64.b64decode(encoded)))
    if sys.byteorder == "little":
        raw.byteswap()
    if len(raw) != count:
        raise TableError(f"the value table holds {len(raw)} values, not {count}")
    whole: list[int] = []
    for start in range(0, count, row):
        whole.extend(itertools.accumulate(raw[start : start + row]))
    return array("d", [v / SCALE for v in whole])


def encode_values(values: list[float], row: int) -> str:
    """The inverse of ``decode_values`` (bench/dice_table.py writes the section with it)."""
    fixed = [round(min(max(v, 0.0), 1.0) * SCALE) for v in values]
    deltas = array("i", [v - (fixed[i - 1] if i % row else 0) for i, v in enumerate(fixed)])
    if sys.byteorder == "little":
        deltas.byteswap()
    return base64.b64encode(
        lzma.compress(deltas.tobytes(), preset=9 | lzma.PRESET_EXTREME)
    ).decode()


def policy_digest(path: Path = BOT_FILE) -> str:
    """SHA-256 of the bot's policy section as written: the values name the policy they sit with."""
    text = path.read_text(encoding="utf-8")
    policy = _literals(text, POLICY_BEGIN, POLICY_END, path)
    return hashlib.sha256((policy["TABLE_HEADER"] + policy["TABLE"]).encode()).hexdigest()


@cache
def load_table(path: Path = BOT_FILE) -> SolvedTable:
    """The table in ``path`` (the expert bot's file), read once per process."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise TableError(
            f"cannot read the solved dice table (bots/dice_expert.py of a source checkout or of "
            f"the installed wheel): {error}"
        ) from None
    section = _literals(text, VALUES_BEGIN, VALUES_END, path)
    try:
        header = json.loads(section["VALUES_HEADER"])
        if header.get("version") != FORMAT_VERSION:
            raise TableError(f"{path}: value table version {header.get('version')!r}, not 1")
        made = rules_from_mapping("dice", header["rules"])
    except (KeyError, ValueError) as error:
        raise TableError(f"{path}: a damaged value table: {error}") from None
    assert isinstance(made, DiceRules)
    model = Model.from_rules(made)
    states = player_states(model)
    values = decode_values(section["VALUES"], len(states) ** 2, len(states))
    outcomes = {n: throw_outcomes(made, n) for n in range(1, DICE + 1)}
    rows = (model.barrel_start - SCORE_MIN) // STEP + 2
    gain = max(gained for _, chances in outcomes.values() for _, gained, _ in chances)
    return SolvedTable(header, made, model, states, values, outcomes, rows, gain)
