"""The dice observation read back field by field against the engine's view of the same seat,
at every decision of played-out games (every preset, 2 to 8 players, chosen keeps); the
environments' encoder (from the state) byte for byte against the view's
(``dice_codec.encode``) at every state, throws included; and the action indices against the
legal actions."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.rl.games import DICE_TABLES, decisions, every_state, make, table_id
from thousand.rl import dice_codec
from thousand.rl.dice_actions import ACTIONS, KEEPS, ROLL_KEEP, STOP_KEEP
from thousand.rl.dice_layout import LAYOUT, PHASES


def faces(vector: np.ndarray[Any, Any], field: str) -> list[int]:
    counts = [round(float(c) * 5) for c in vector[LAYOUT[field]]]
    return [face for face in range(1, 7) for _ in range(counts[face - 1])]


def check_observation(vector: np.ndarray[Any, Any], view: dict[str, Any], rules: Any) -> None:
    me, n = view["seat"], view["players"]
    assert vector.shape == (LAYOUT.size,) and vector.dtype == np.float32
    assert PHASES[int(np.argmax(vector[LAYOUT["phase"]]))] == view["phase"]
    mover = np.flatnonzero(vector[LAYOUT["mover"]])
    assert [(me + int(i)) % n for i in mover] == ([] if view["turn"] is None else [view["turn"]])
    assert vector[LAYOUT["present"]].tolist() == [1.0] * n + [0.0] * (8 - n)
    for slot in range(n):
        seat = (me + slot) % n
        at = {f.name: float(vector[LAYOUT[f.name]][slot]) for f in LAYOUT.fields if f.size == 8}
        assert round(at["score"] * rules.goal) == view["scores"][seat]
        assert bool(at["opened"]) is view["opened"][seat]
        assert bool(at["on_barrel"]) is view["on_barrel"][seat]
        for key in ("bolts", "barrel_attempts", "barrel_falls", "barrel_points"):
            assert round(at[key] * 3) == view[key][seat], key
    assert round(float(vector[LAYOUT["turn_total"]][0]) * rules.goal) == view["turn_total"]
    assert int(np.argmax(vector[LAYOUT["dice_left"]])) == view["dice_left"]
    assert faces(vector, "set_aside") == sorted(view["set_aside"])
    assert faces(vector, "throw") == sorted(view["throw"] or ())
    for key in ("must_roll", "confirming", "choosing"):
        assert bool(vector[LAYOUT[key]][0]) is view[key], key
    for key in ("need", "cap"):
        assert round(float(vector[LAYOUT[key]][0]) * rules.goal) == (view[key] or 0), key
    assert round(float(vector[LAYOUT["round"]][0]) * rules.max_rounds) == view["round"]


@pytest.mark.parametrize("entry", DICE_TABLES, ids=table_id)
def test_every_seat_observes_exactly_its_view(entry: tuple[str, Any, int | None]) -> None:
    played = make(entry)
    kinds: set[str] = set()
    ended = False
    for state in decisions(played, 1, 3000):
        for seat in range(played.players):
            check_observation(played.observe(state, seat), state.view(seat), played.rules)
        seat = state.to_move()
        if seat < 0:
            ended = True
            continue
        legal = state.legal_actions()
        indices = [played.index(action, seat) for action in legal]
        assert len(set(indices)) == len(legal) and all(0 <= i < ACTIONS for i in indices)
        for action, index in zip(legal, indices, strict=True):
            keep = action.get("keep")
            kinds.add(action["type"] + ("_keep" if keep else ""))
            if keep is not None:
                base = ROLL_KEEP if action["type"] == "roll" else STOP_KEEP
                assert KEEPS[index - base] == tuple(sorted(keep))
    assert ended
    choose = not isinstance(entry[1], str)
    assert kinds == ({"roll_keep", "stop_keep"} if choose else {"roll", "stop"})


@pytest.mark.parametrize("entry", DICE_TABLES, ids=table_id)
def test_the_state_encoder_writes_the_view_encoders_bytes(
    entry: tuple[str, Any, int | None],
) -> None:
    played = make(entry)
    rules = played.rules
    phases: set[str] = set()
    for state in every_state(played, 2, 3000):
        for seat in range(played.players):
            view = state.view(seat)
            fast = played.observe(state, seat)
            assert fast.dtype == np.float32 and fast.shape == (LAYOUT.size,)
            expected = dice_codec.encode(view, rules.goal, rules.max_rounds).tobytes()
            assert fast.tobytes() == expected, (view["phase"], seat)
            phases.add(view["phase"])
    assert phases == set(PHASES)
