"""The dice actions at fixed indices, for a policy's fixed output layer: the environments map
the engine's legal actions to them at every step.

This module imports neither numpy nor anything that does, so that setup.py can compile it with
the dice engine (mypyc).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from thousand.game import Action, GameState

KEEPS: tuple[tuple[int, ...], ...] = tuple(
    keep for size in range(1, 6) for keep in combinations_with_replacement(range(1, 7), size)
)
"""Every multiset of 1 to 5 dice, sorted: what a ``keep`` may name (461 of them)."""
_KEEP_INDEX = {keep: i for i, keep in enumerate(KEEPS)}

ROLL, STOP = 0, 1
ROLL_KEEP = 2
STOP_KEEP = ROLL_KEEP + len(KEEPS)
ACTIONS = STOP_KEEP + len(KEEPS)
"""0 throw again, 1 stop; then throw again keeping each multiset of ``KEEPS``, then stop
keeping each (the keeps exist only where the rules let the mover choose, ``set_aside``)."""


def legal(state: GameState, seat: int) -> dict[int, Action]:
    """The legal actions of the seat to act in ``state``, by index."""
    del seat  # a dice action names no seat
    return indexed(state.legal_actions())


def indexed(actions: list[Action]) -> dict[int, Action]:
    """The legal actions by index; a plain throw or stop (a decision's usual two) the quick
    way."""
    found = {}
    for action in actions:
        if len(action) == 1:
            found[ROLL if action["type"] == "roll" else STOP] = action
        else:
            found[action_index(action)] = action
    return found


def action_index(action: Action) -> int:
    """The index of a legal dice action."""
    keep = action.get("keep")
    roll = action["type"] == "roll"
    if keep is None:
        return ROLL if roll else STOP
    return (ROLL_KEEP if roll else STOP_KEEP) + _KEEP_INDEX[tuple(sorted(keep))]
