"""A replay as a list of frames: the game as it stood after each recorded step.

The terminal viewer and the HTML export both draw frames, and neither knows a rule: the
engine re-applies the recorded steps and says, at every step, what each seat knew (``view``)
and what lay on the table (``table_view`` where the engine has one: hidden cards included, for
viewers of a finished game only — never sent to a bot).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.replay.reader import Header, ReplayError, ReplayReader
from thousand.game import GameState, IllegalAction
from thousand.registry import game_spec


@dataclass
class Frame:
    index: int  # 0 = before the first step
    line: int  # line of the replay file this step came from (1 = header)
    record: dict[str, Any] | None
    state: GameState
    dealt_talon: list[str] | None = None  # the last deal's talon, from the replay's chance step

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` knew at this step, or the whole table when ``seat`` is None."""
        if seat is not None:
            return self.state.view(seat)
        table_view = getattr(self.state, "table_view", None)
        if callable(table_view):
            result: dict[str, Any] = table_view()
            return result
        table = merged_view(self.state)
        if self.dealt_talon and table.get("talon") is None and table.get("declarer") is None:
            # Nobody has seen the talon yet; a viewer of the finished game may.
            table["talon_hidden"] = self.dealt_talon
        return table


def merged_view(state: GameState) -> dict[str, Any]:
    """Everything the seats knew between them (for engines without ``table_view``)."""
    views = [state.view(seat) for seat in range(state.num_players)]
    table = dict(views[0])
    if "hand" in table:
        table["hands"] = [v.get("hand", []) for v in views]
        table.pop("hand", None)
        talons = [v.get("talon") for v in views if v.get("talon")]
        table["talon"] = talons[0] if talons else None
    table["seat"] = None
    return table


def iter_frames(
    replay: ReplayReader, results: list[dict[str, Any]] | None = None
) -> Iterator[Frame]:
    """Frame 0 is the empty table; then one frame per step. The result line, if any, is not a
    frame: it is appended to ``results`` when the caller passes a list."""
    header = replay.header
    try:
        spec = game_spec(header.game)
        rules = spec.rules_model.model_validate(header.raw["rules"])
        state = spec.new_game(rules, header.players)
    except Exception as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise ReplayError.at(
            replay.path, 1, f"the header does not describe a playable game: {first}"
        ) from None
    yield Frame(0, 1, None, state.clone())
    talon: list[str] | None = None
    for index, (number, record) in enumerate(replay, start=1):
        if record.get("kind") == "result":
            if results is not None:
                results.append(record)
            return
        action = record.get("action") or {}
        if record.get("kind") == "chance" and action.get("type") == "deal":
            talon = action.get("talon")
        try:
            state.apply(record["action"])
        except (IllegalAction, KeyError) as error:
            raise ReplayError.at(replay.path, number, f"cannot replay this step: {error}") from None
        except Exception as error:
            raise ReplayError.at(
                replay.path, number, f"cannot replay this step: {type(error).__name__}: {error}"
            ) from None
        yield Frame(index, number, record, state.clone(), talon)


@dataclass
class LoadedReplay:
    header: Header
    frames: list[Frame]
    result: dict[str, Any] | None
    incomplete: bool


def load_frames(path: Path) -> LoadedReplay:
    """All frames of one game (a game is small: a few thousand steps at most), in one pass."""
    results: list[dict[str, Any]] = []
    with ReplayReader(path) as replay:
        frames = list(iter_frames(replay, results))
        result = results[0] if results else None
        incomplete = replay.incomplete or result is None
    return LoadedReplay(replay.header, frames, result, incomplete)
