"""Shared check of an engine's ``chance``: the one-step path must be the two-step path.

``chance(rng)`` applies the engine's own draw without checking it again (the referee's hot
path); ``sample_chance`` then ``apply`` is what a replay and every other caller use. At every
chance step of seeded random games, a clone takes the two-step path from a generator in the
same state, and the two must agree on the outcome, the events and everything the state shows
afterwards: every seat's view, the legal actions, whose turn, the scores, and the result.
Where the engine offers ``chance_events`` (the events alone), a third clone takes that path
and must agree on the events and the state likewise.
"""

from __future__ import annotations

import random
from typing import Any

from thousand.game import CHANCE, OVER


def _shown(state: Any) -> tuple[Any, ...]:
    views = [state.view(seat) for seat in range(state.num_players)]
    return views, state.legal_actions(), state.to_move(), state.scores(), state.result()


def assert_chance_is_sample_then_apply(state: Any, seed: int, max_steps: int = 20_000) -> int:
    """Play ``state`` to its end with random decisions, checking every chance step; the number
    of chance steps checked."""
    chooser = random.Random(f"decide:{seed}")
    rng = random.Random(f"chance:{seed}")
    checked = 0
    for _ in range(max_steps):
        seat = state.to_move()
        if seat == OVER:
            return checked
        if seat != CHANCE:
            legal = state.legal_actions()
            state.apply(legal[chooser.randrange(len(legal))])
            continue
        other = state.clone()
        twin = random.Random()
        twin.setstate(rng.getstate())
        quiet = state.clone() if hasattr(state, "chance_events") else None
        triplet = random.Random()
        triplet.setstate(rng.getstate())
        action, events = state.chance(rng)
        expected_action = other.sample_chance(twin)
        expected_events = other.apply(expected_action)
        assert action == expected_action
        assert events == expected_events
        assert rng.getstate() == twin.getstate(), "the two paths drew differently"
        assert _shown(state) == _shown(other)
        if quiet is not None:  # the events alone, for a caller that records no outcome
            assert quiet.chance_events(triplet) == events
            assert triplet.getstate() == rng.getstate(), "chance_events drew differently"
            assert _shown(quiet) == _shown(state)
        checked += 1
    raise AssertionError(f"the game did not end within {max_steps} steps")
