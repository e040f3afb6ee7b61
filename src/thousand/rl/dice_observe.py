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
    Wrap = Callable[[array[float], Any], Any]
    """A function of the vector and a dtype: numpy's ``frombuffer``."""

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

ONE: Final[Any] = 1.0
"""The number written most, as an object: compiled, a float literal is boxed anew at each
write (typed Any, mypyc keeps one object)."""
_ZEROS: Final = array("f", bytes(4 * OBSERVATION_SIZE))


_FACES: dict[tuple[int, ...], array[float]] = {}
"""Each set of dice met so far as the six numbers of its faces (at most the 9,331 sequences of
0 to 5 dice), so that a throw or the dice set aside are one look-up and one slice copy."""


def _faces(dice: tuple[int, ...]) -> array[float]:
    """How many dice show each face, / 5, kept in ``_FACES``: counted first and divided once,
    as the view's encoder does, so that the float32 numbers are the same."""
    counts = [0, 0, 0, 0, 0, 0]
    for die in dice:
        counts[die - 1] += 1
    found = _FACES[dice] = array("f", [count / 5 for count in counts])
    return found


def _items(vector: array[float]) -> memoryview[float]:
    """The vector's numbers to write one by one: an array's own item assignment parses a
    format for each number, a memoryview's packs it directly (about 3 times as fast)."""
    return cast("memoryview[float]", memoryview(vector))


class DiceObserver:
    """The observation of any seat of one table's states, scaled by that table's rules."""

    def __init__(
        self, players: int, goal: int, max_rounds: int, wrap: Wrap | None = None, dtype: Any = None
    ) -> None:
        self._wrap = wrap
        """How an observation leaves ``observation``, ``wrap(vector, dtype)``: the
        environments pass numpy's ``frombuffer`` and float32 (an array on the vector, no copy);
        None hands out the vector itself."""
        self._dtype = dtype
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
        """``me``'s observation (``dice_layout.LAYOUT``) as float32 numbers, handed out
        (``wrap``): the environments' hook at every step, one call from Python into this
        module when it is compiled, and one piece of code (a method call costs as much as a
        few of the writes it would hold)."""
        dice = cast(DiceState, state)
        n = self.players
        goal = self.goal
        slot = self.slots[me]
        vector = self.blank[:]
        out = _items(vector)
        phase = dice._phase
        out[PHASE + phase] = ONE
        if THROW_PHASE <= phase <= DECIDE_PHASE:  # a seat has the turn
            out[MOVER + slot[dice.current]] = ONE
            need = dice.need()
            if need:
                out[NEED] = need / goal
            cap = dice.cap()
            if cap:
                out[CAP] = cap / goal
        scores = dice.score_list
        opened = dice.opened
        bolts = dice.bolts
        on_barrel = dice.on_barrel
        tries = dice.tries
        falls = dice.falls
        points = dice.points
        for seat in range(n):  # each written only where it is not 0 (the vector's zeros)
            at = slot[seat]
            if scores[seat]:
                out[SCORE + at] = scores[seat] / goal
            if opened[seat]:
                out[OPENED + at] = ONE
            if on_barrel[seat]:
                out[ON_BARREL + at] = ONE
            if bolts[seat]:
                out[BOLTS + at] = bolts[seat] / 3
            if tries[seat]:
                out[BARREL_ATTEMPTS + at] = tries[seat] / 3
            if falls[seat]:
                out[BARREL_FALLS + at] = falls[seat] / 3
            if points[seat]:
                out[BARREL_POINTS + at] = points[seat] / 3
        if dice.turn_total:
            out[TURN_TOTAL] = dice.turn_total / goal
        out[DICE_LEFT + dice.dice_left] = ONE
        kept = dice.kept
        if kept:
            vector[SET_ASIDE : SET_ASIDE + 6] = _FACES.get(kept) or _faces(kept)
        throw = dice.last_throw
        if throw:
            vector[THROW : THROW + 6] = _FACES.get(throw) or _faces(throw)
        if dice.must_roll:
            out[MUST_ROLL] = ONE
        if dice.confirming:
            out[CONFIRMING] = ONE
        if dice._pending is not None:
            out[CHOOSING] = ONE
        out[ROUND] = (dice.turns // n + 1) / self.max_rounds
        wrap = self._wrap
        return vector if wrap is None else wrap(vector, self._dtype)
