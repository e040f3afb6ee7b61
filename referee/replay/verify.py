"""``thousand replay verify``: re-run a recorded game through the engine, without any random
generator, and check every recorded event, score and the result.

The replay holds every chance outcome, so the engine alone decides whether each recorded step
happened as written; the first disagreement is reported with its line number. This is what lets
anyone check that a published result is genuine.

That shows the results follow from the deals, not that the deals were fair: an organiser could
have chosen them. Given a ``ChanceSource`` (``replay verify --seed``: the generator a revealed
master seed dictates, referee/games/revealed.py), every recorded chance outcome must also be
the one that generator draws at that point, drawn as the game loop draws it
(``state.sample_chance(rng)``, one stream a game).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from referee.players.protocol import rank_faulted_last
from referee.replay.reader import ReplayError, ReplayReader
from thousand.errors import ThousandError
from thousand.game import CHANCE, OVER, IllegalAction, Result
from thousand.registry import game_spec


@dataclass(frozen=True)
class Verdict:
    path: Path
    ok: bool
    message: str
    line: int | None = None
    steps: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "file": str(self.path),
            "ok": self.ok,
            "line": self.line,
            "message": self.message,
            "steps": self.steps,
        }


class Disagreement(ThousandError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


ChanceSource = Callable[[dict[str, Any]], random.Random]
"""Given a replay's header, the generator its game's chance must have come from; raises a
``Disagreement`` (at line 1) when the header cannot say."""


def _same(recorded: Any, computed: Any) -> bool:
    if recorded == computed:
        return True
    # The engine may hand out tuples where JSON has lists: compare as JSON.
    return bool(orjson.loads(orjson.dumps(computed)) == recorded)


def _short(value: Any, limit: int = 160) -> str:
    text = orjson.dumps(value).decode()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _first_difference(recorded: list[Any], computed: list[Any]) -> str:
    computed = orjson.loads(orjson.dumps(computed))
    for index, (a, b) in enumerate(zip(recorded, computed, strict=False)):
        if a != b:
            return f"event {index + 1}: recorded {_short(a)}, the engine says {_short(b)}"
    if len(recorded) != len(computed):
        return f"recorded {len(recorded)} events, the engine produced {len(computed)}"
    return "events differ"


def verify_file(path: Path, chance: ChanceSource | None = None) -> Verdict:
    """Check one replay; with ``chance``, its chance outcomes against that generator too."""
    try:
        with ReplayReader(path) as replay:
            steps = _verify(replay, chance)
            if replay.incomplete:
                return Verdict(
                    path, False, "incomplete replay: the game was not finished", None, steps
                )
    except ReplayError as error:
        # The verdict is printed after the file's name: do not say it twice.
        message = error.problem.removeprefix(f"{path}: ").removeprefix(f"{path} ")
        return Verdict(path, False, message, error.line)
    except Disagreement as error:
        return Verdict(path, False, str(error), error.line)
    return Verdict(path, True, "OK", None, steps)


def _verify(replay: ReplayReader, chance: ChanceSource | None) -> int:
    header = replay.header.raw
    try:
        spec = game_spec(replay.header.game)
        rules = spec.rules_model.model_validate(header["rules"])
        state = spec.new_game(rules, replay.header.players)
    except Exception as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise Disagreement(1, f"the header does not describe a playable game: {first}") from None
    rng = None if chance is None else chance(header)
    faulted: set[int] = set()
    steps = 0
    for number, record in replay:
        kind = record.get("kind")
        if kind == "result":
            # (The reader refused the file before handing out a result with lines after it.)
            _check_result(number, record, state.result(), state.scores(), faulted)
            return steps
        if state.to_move() == OVER:
            raise Disagreement(number, f"a {kind} step after the game was over")
        steps += 1  # noqa: SIM113 - counts steps, not lines
        action = record.get("action")
        if not isinstance(action, dict):
            raise Disagreement(number, "the step has no action")
        if kind == "chance":
            if state.to_move() != CHANCE:
                raise Disagreement(
                    number, f"a chance step where seat {state.to_move()} was to decide"
                )
            if rng is not None:
                _check_drawn(number, state, action, rng)
        elif kind == "move":
            seat = record.get("seat")
            if seat != state.to_move():
                expected = "chance" if state.to_move() == CHANCE else f"seat {state.to_move()}"
                raise Disagreement(number, f"a move by seat {seat} where {expected} was next")
            if "fault" in record:
                faulted.add(seat)
                rejected = record.get("rejected")
                if rejected is not None and record["fault"].get("kind") == "illegal_action":
                    _check_rejected(number, state, rejected)
        else:
            raise Disagreement(number, f"unknown step kind {kind!r}")
        try:
            events = state.apply(action)
        except IllegalAction as error:
            raise Disagreement(
                number, f"the engine rejects the recorded action {_short(action)}: {error}"
            ) from None
        except Exception as error:
            raise Disagreement(
                number, f"the engine cannot apply the recorded action {_short(action)}: {error}"
            ) from None
        if not _same(record.get("events"), events):
            raise Disagreement(number, _first_difference(record.get("events") or [], events))
        if "scores" in record and not _same(record["scores"], state.scores()):
            raise Disagreement(
                number, f"scores recorded {record['scores']}, the engine says {state.scores()}"
            )
    raise ReplayError(f"{replay.path}: incomplete replay: no result line")


def _check_drawn(number: int, state: Any, recorded: dict[str, Any], rng: random.Random) -> None:
    """The recorded chance outcome must be the one ``rng`` draws now: the loop's draw."""
    try:
        drawn = state.sample_chance(rng)
    except Exception as error:
        raise Disagreement(number, f"the engine cannot draw this chance step: {error}") from None
    if not _same(recorded, drawn):
        raise Disagreement(
            number,
            f"chance recorded {_short(recorded)}, the seed draws {_short(drawn)}",
        )


def _check_rejected(number: int, state: Any, rejected: dict[str, Any]) -> None:
    """A fault for an illegal action must really have been illegal."""
    try:
        state.clone().apply(rejected)
    except Exception:
        return
    raise Disagreement(number, f"the rejected action {_short(rejected)} was in fact legal")


def _check_result(
    number: int,
    record: dict[str, Any],
    engine: Result | None,
    scores: list[int],
    faulted: set[int],
) -> None:
    if engine is None:
        raise Disagreement(number, "a result line before the game was over")
    if not _same(record.get("engine"), engine.to_json()):
        raise Disagreement(
            number,
            f"engine result recorded {_short(record.get('engine'))}, "
            f"the engine says {_short(engine.to_json())}",
        )
    faults = record.get("faults") or []
    faulted |= {f["seat"] for f in faults if isinstance(f, dict) and "seat" in f}
    final = rank_faulted_last(engine, faulted).to_json()
    for key in ("ranking", "scores", "places", "winner", "reason"):
        if not _same(record.get(key), final[key]):
            raise Disagreement(
                number,
                f"result {key} recorded {_short(record.get(key))}, should be {_short(final[key])}",
            )
    if not _same(record.get("scores"), scores):
        raise Disagreement(number, f"final scores recorded {record.get('scores')}, not {scores}")
