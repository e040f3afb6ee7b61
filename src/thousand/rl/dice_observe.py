"""The dice observation read straight from the engine's state: what the environments build at
every step, the same numbers as ``dice_codec.encode`` of the seat's view, byte for byte.

Why not the view: dice hide nothing, and building the view's dict only to read it back cost
more than the encoding. The numbers go into a copy of a zeroed ``array('f')``, which numpy
wraps without copying, and only those that are not 0 are written. tests/rl compare this with
the view's encoding at every decision of played games (every preset, 2 to 8 players, chosen
keeps), for every seat.

The attributes of ``DiceState`` read (the engine's owner keeps them): ``_phase``,
``_pending``, ``current``, ``score_list``, ``opened``, ``bolts``, ``on_barrel``, ``tries``,
``falls``, ``points``, ``turns``, ``turn_total``, ``dice_left``, ``kept``, ``last_throw``,
``must_roll``, ``confirming``, and the methods ``need()`` and ``cap()``.

This module imports neither numpy nor anything that does, so that setup.py can compile it with
the engines (mypyc) in a build that has only the build's own requirements.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast

from thousand.dice.state import DiceState
from thousand.game import GameState
from thousand.rl.dice_layout import LAYOUT, OBSERVATION_SIZE

if TYPE_CHECKING:  # array is generic to mypy only before Python 3.12
    HandOut = tuple[Callable[[array[float], Any], Any], Any]
    """A function of the vector and a second argument (numpy's ``frombuffer`` and its dtype)."""

_O = LAYOUT.offsets
PHASE: Final = _O["phase"]
PRESENT: Final = _O["present"]
MOVER: Final = _O["mover"]
SCORE: Final = _O["score"]
OPENED: Final = _O["opened"]
BOLTS: Final = _O["bolts"]
ON_BARREL: Final = _O["on_barrel"]
BARREL_ATTEMPTS: Final = _O["barrel_attempts"]
BARREL_FALLS: Final = _O["barrel_falls"]
BARREL_POINTS: Final = _O["barrel_points"]
TURN_TOTAL: Final = _O["turn_total"]
DICE_LEFT: Final = _O["dice_left"]
SET_ASIDE: Final = _O["set_aside"]
THROW: Final = _O["throw"]
MUST_ROLL: Final = _O["must_roll"]
CONFIRMING: Final = _O["confirming"]
CHOOSING: Final = _O["choosing"]
NEED: Final = _O["need"]
CAP: Final = _O["cap"]
ROUND: Final = _O["round"]

THROW_PHASE: Final = 1
DECIDE_PHASE: Final = 2
"""The engine's phase numbers (``PHASES``' order is the engine's) in which a seat has the turn."""

_ZEROS: Final = array("f", bytes(4 * OBSERVATION_SIZE))


_FACES: dict[tuple[int, ...], array[float]] = {}
"""Each set of dice met so far as the six numbers of its faces (at most the 9,331 sequences of
0 to 5 dice), so that a throw or the dice set aside are one look-up and one slice copy."""


def _faces(dice: tuple[int, ...]) -> array[float]:
    """How many dice show each face, / 5: counted first and divided once, as the view's
    encoder does, so that the float32 numbers are the same."""
    found = _FACES.get(dice)
    if found is None:
        counts = [0, 0, 0, 0, 0, 0]
        for die in dice:
            counts[die - 1] += 1
        found = _FACES[dice] = array("f", [count / 5 for count in counts])
    return found


class DiceObserver:
    """The observation of any seat of one table's states, scaled by that table's rules."""

    def __init__(
        self, players: int, goal: int, max_rounds: int, hand_out: HandOut | None = None
    ) -> None:
        self.hand_out = hand_out
        """How an observation leaves ``observation``: the environments pass numpy's
        ``frombuffer`` and float32 (a numpy array on the vector, no copy); None, the vector."""
        self.players = players
        self.goal = goal
        self.max_rounds = max_rounds
        self.slots: list[list[int]] = [
            [(seat - me) % players for seat in range(players)] for me in range(players)
        ]
        """``slots[me][seat]``: where ``seat`` sits as ``me`` sees the table (0 is ``me``)."""
        self.blank = _ZEROS[:]
        """The vector every observation starts from: zeros, and a 1 for each seat present."""
        self.blank[PRESENT : PRESENT + players] = array("f", [1.0] * players)

    def observation(self, state: GameState, me: int) -> Any:
        """``me``'s observation handed out (``hand_out``): the environments' hook at every
        step, one call from Python into this module when it is compiled."""
        vector = self.observe(cast(DiceState, state), me)
        hand_out = self.hand_out
        return vector if hand_out is None else hand_out[0](vector, hand_out[1])

    def observe(self, state: DiceState, me: int) -> array[float]:
        """``me``'s observation (``dice_layout.LAYOUT``) as float32 numbers."""
        n = self.players
        goal = self.goal
        slot = self.slots[me]
        vector = self.blank[:]
        phase = state._phase
        vector[PHASE + phase] = 1.0
        if phase in (THROW_PHASE, DECIDE_PHASE):  # a seat has the turn
            vector[MOVER + slot[state.current]] = 1.0
            need = state.need()
            if need:
                vector[NEED] = need / goal
            cap = state.cap()
            if cap:
                vector[CAP] = cap / goal
        self._per_seat(vector, state, slot)
        if state.turn_total:
            vector[TURN_TOTAL] = state.turn_total / goal
        vector[DICE_LEFT + state.dice_left] = 1.0
        kept = state.kept
        if kept:
            vector[SET_ASIDE : SET_ASIDE + 6] = _faces(kept)
        throw = state.last_throw
        if throw:
            vector[THROW : THROW + 6] = _faces(throw)
        if state.must_roll:
            vector[MUST_ROLL] = 1.0
        if state.confirming:
            vector[CONFIRMING] = 1.0
        if state._pending is not None:
            vector[CHOOSING] = 1.0
        vector[ROUND] = (state.turns // n + 1) / self.max_rounds
        return vector

    def _per_seat(self, vector: array[float], state: DiceState, slot: list[int]) -> None:
        """The per-seat numbers, each written only where it is not 0 (the vector's zeros)."""
        goal = self.goal
        scores = state.score_list
        opened = state.opened
        bolts = state.bolts
        on_barrel = state.on_barrel
        tries = state.tries
        falls = state.falls
        points = state.points
        for seat in range(self.players):
            at = slot[seat]
            if scores[seat]:
                vector[SCORE + at] = scores[seat] / goal
            if opened[seat]:
                vector[OPENED + at] = 1.0
            if on_barrel[seat]:
                vector[ON_BARREL + at] = 1.0
            if bolts[seat]:
                vector[BOLTS + at] = bolts[seat] / 3
            if tries[seat]:
                vector[BARREL_ATTEMPTS + at] = tries[seat] / 3
            if falls[seat]:
                vector[BARREL_FALLS + at] = falls[seat] / 3
            if points[seat]:
                vector[BARREL_POINTS + at] = points[seat] / 3
