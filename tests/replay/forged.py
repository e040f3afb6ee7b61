"""Replays forged as an organiser who chose a deal or a throw would forge them: consistent, so
the plain ``replay verify`` (results follow from the recorded chance) passes them, and only
the chance check against the revealed seed can tell.

Every genuine step before the forged one is kept as recorded; the forged chance outcome is
applied by the engine, and the game is played on from there by the engine itself (chance from
a fixed generator, every decision by the referee's random fallback), with every event, score
and the result recomputed. The copy lives under a ``tampered`` folder, which the suite's final
check of every written replay (tests/conftest.py) leaves alone.
"""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.players.builtin import random_choice
from thousand.game import CHANCE, OVER
from thousand.registry import game_spec

Record = dict[str, Any]


def read_records(path: Path) -> list[Record]:
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as file:
        return [json.loads(line) for line in file]


def write_records(path: Path, records: list[Record]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def tampered_copy(source: Path, folder: Path, records: list[Record]) -> Path:
    """``records`` written as a plain copy of ``source`` under ``folder/tampered/``."""
    name = source.name.removesuffix(".gz")
    return write_records(folder / "tampered" / source.parent.name / name, records)


def forged(
    source: Path, folder: Path, line: int, alter: Callable[[Record], Record]
) -> tuple[Path, Record, Record]:
    """A consistent copy of ``source`` whose chance outcome at ``line`` is ``alter(outcome)``;
    gives the copy, the genuine outcome and the forged one."""
    records = read_records(source)
    header = records[0]
    spec = game_spec(header["game"])
    state = spec.new_game(spec.rules_model.model_validate(header["rules"]), header["players"])
    out = [header]
    for kept in records[1 : line - 1]:
        state.apply(kept["action"])
        out.append(kept)
    genuine = records[line - 1]
    assert genuine["kind"] == "chance" and state.to_move() == CHANCE, genuine
    outcome = alter(json.loads(json.dumps(genuine["action"])))
    assert outcome != genuine["action"], "the forgery must change the outcome"
    rng, choose = random.Random(line), random_choice(random.Random(line))
    scores = state.scores()
    step, action, kind = genuine["n"], outcome, "chance"
    while True:
        record: Record = {"n": step, "kind": kind, "action": action}
        if kind == "move":
            record["seat"] = state.to_move()
        record["events"] = state.apply(action)
        if state.scores() != scores:
            record["scores"] = scores = state.scores()
        out.append(json.loads(json.dumps(record)))
        to_move = state.to_move()
        if to_move == OVER:
            break
        step += 1
        if to_move == CHANCE:
            kind, action = "chance", state.sample_chance(rng)
        else:
            kind, action = "move", choose(state.view(to_move), state.legal_actions())
    result = state.result()
    assert result is not None
    decisions = sum(1 for r in out[1:] if r["kind"] == "move")
    final = result.to_json()
    out.append({"kind": "result", **final, "engine": final, "faults": [], "decisions": decisions})
    return tampered_copy(source, folder, out), genuine["action"], outcome


def with_a_throw_changed(source: Path, folder: Path) -> tuple[Path, int]:
    """A consistent copy of a dice replay whose first throw shows another face on its first
    die; gives the copy and the forged line (what a seed check must name)."""
    records = read_records(source)
    line = next(
        number
        for number, record in enumerate(records, 1)
        if record.get("action", {}).get("type") == "throw"
    )

    def other_face(throw: Record) -> Record:
        throw["dice"][0] = throw["dice"][0] % 6 + 1
        return throw

    copy, _, _ = forged(source, folder, line, other_face)
    return copy, line
