"""The game so far, read back from the replay the match is writing.

The referee writes its replay out while a player thinks (``Player.idle``), and the person's
seat does that work first, so when the person is asked to move, every step up to that moment
is in ``game-NNNNN.jsonl.part``. Drawing the table from
those steps (the engine's ``view(seat)`` after each, as ``frames.py`` makes them) shows the
person each bot's move one by one, exactly as ``thousand replay show --seat K`` draws the same
file, and never anything that seat did not know.

The file is read once, as it grows: one reader stays open (a rename of the finished file does
not disturb it) and each new line is applied to one engine state, so a long card game (ten
thousand steps between random bots) costs each of the person's turns only its new steps.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.replay.frames import Frame
from referee.replay.reader import Header, ReplayError, ReplayReader
from thousand.game import GameState
from thousand.registry import game_spec


def replay_path(folder: Path, index: int = 0) -> Path:
    """The finished replay of game ``index`` in ``folder`` (as the match names it)."""
    return folder / f"game-{index:05d}.jsonl"


class Follow:
    """Hands out each step of the game once, in order (frame 0, the empty table, is not)."""

    def __init__(self, folder: Path, index: int = 0) -> None:
        self.final = replay_path(folder, index)
        self.partial = self.final.with_name(self.final.name + ".part")
        self.reader: ReplayReader | None = None
        self.state: GameState | None = None
        self.index = 0  # frames made so far, the empty table included
        self.talon: list[str] | None = None
        self.result: dict[str, Any] | None = None

    @property
    def header(self) -> Header | None:
        return None if self.reader is None else self.reader.header

    @property
    def total(self) -> int:
        return self.index

    def _open(self) -> ReplayReader | None:
        if self.reader is not None:
            return self.reader
        for path in (self.partial, self.final):
            if path.is_file():
                reader = ReplayReader(path)
                spec = game_spec(reader.header.game)
                rules = spec.rules_model.model_validate(reader.header.raw["rules"])
                self.state = spec.new_game(rules, reader.header.players)
                self.reader, self.index = reader, 1
                return reader
        return None

    def new_frames(self) -> list[Frame]:
        reader = self._open()
        if reader is None or self.state is None or self.result is not None:
            return []
        fresh: list[Frame] = []
        for number, record in reader:
            if record.get("kind") == "result":
                self.result = record
                break
            action = record.get("action") or {}
            if record.get("kind") == "chance" and action.get("type") == "deal":
                self.talon = action.get("talon")
            try:
                self.state.apply(record["action"])
            except Exception as error:
                raise ReplayError.at(
                    reader.path, number, f"cannot replay this step: {error}"
                ) from None
            fresh.append(Frame(self.index, number, record, self.state.clone(), self.talon))
            self.index += 1
        return fresh

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()
