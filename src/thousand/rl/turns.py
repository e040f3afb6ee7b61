"""What a PettingZoo environment does with its game at every step, PettingZoo's bookkeeping
aside: apply the chosen action, draw chance up to the next decision, index the legal actions,
and hand out a seat's observation with its action mask.

Why a module of its own: it imports neither numpy nor PettingZoo, so setup.py compiles it with
the card engine (mypyc), and a step is one call from Python for the move and one for the
observation, where the Python environment spent about as long in its own glue as the engine
in the move (bench/learning.py).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any, Final

from thousand.game import CHANCE, OVER, Action, GameState

NOT_LEGAL: Final = -100
"""What ``play`` answers for an index that is not one of the mover's legal actions."""


class Turns:
    """One game being stepped: its state, the mover and the mover's legal actions by index."""

    def __init__(
        self,
        state: GameState,
        legal_of: Callable[[GameState, int], dict[int, Action]],
        observe: Callable[[GameState, int], Any],
        actions: int,
        wrap: Callable[[bytearray, Any], Any],
        mask_dtype: Any,
    ) -> None:
        self.state = state
        self.mover = CHANCE
        """The seat to decide, or ``OVER``, as of the last ``advance``."""
        self.legal: dict[int, Action] = {}
        """The mover's legal actions by index; empty once the game is over."""
        self._legal_of = legal_of
        self._observe = observe
        self._actions = actions
        self._wrap = wrap
        """numpy's ``frombuffer``: a mask is a fresh bytearray, wrapped without a copy."""
        self._mask_dtype = mask_dtype

    def advance(self, rng: Random) -> int:
        """Draw chance up to the next decision or the end: the seat to decide, or ``OVER``."""
        state = self.state
        seat = state.to_move()
        while seat == CHANCE:
            state.chance(rng)
            seat = state.to_move()
        self.mover = seat
        self.legal = {} if seat == OVER else self._legal_of(state, seat)
        return seat

    def play(self, index: int, rng: Random) -> int:
        """The mover's action at ``index``, then chance up to the next decision: the seat to
        decide, or ``OVER``; ``NOT_LEGAL`` (and nothing done) for an index not in the mask."""
        chosen = self.legal.get(index)
        if chosen is None:
            return NOT_LEGAL
        self.state.apply(chosen)
        return self.advance(rng)

    def observation(self, seat: int) -> dict[str, Any]:
        """``seat``'s observation and its action mask: 1 at the mover's legal indices, all 0
        for the others (a new buffer each time: whoever keeps or changes it changes nothing
        here)."""
        mask = bytearray(self._actions)
        if seat == self.mover:
            for index in self.legal:
                mask[index] = 1
        return {
            "observation": self._observe(self.state, seat),
            "action_mask": self._wrap(mask, self._mask_dtype),
        }


UNBOUNDED: Final = 1 << 62
"""``max_iter`` at or above this is no bound (PettingZoo's default is 2**63, which a compiled
int would carry boxed through every step)."""


class AgentIterator:
    """PettingZoo's ``agent_iter``: the agent to act, while any agent is left, at most
    ``max_iter`` times. Compiled, each step's ``next`` is a C slot, not a Python method (about
    a quarter of a µs of a dice step of four)."""

    def __init__(self, env: Any, max_iter: int) -> None:
        self._env = env
        self._bounded = max_iter < UNBOUNDED
        self._left = max_iter if self._bounded else 0

    def __iter__(self) -> AgentIterator:
        return self

    def __next__(self) -> Any:
        env = self._env
        if not env.agents:
            raise StopIteration
        if self._bounded:
            if self._left <= 0:
                raise StopIteration
            self._left -= 1
        return env.agent_selection
