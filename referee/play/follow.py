"""The game so far, read back from the replay the match is writing.

The referee flushes its replay before it waits for any seat, so when the person is asked to
move, every step up to that moment is in ``game-NNNNN.jsonl.part``. Drawing the table from
those frames (``frames.py``: the engine's ``view(seat)`` at each step) shows the person each
bot's move one by one, exactly as ``thousand replay show --seat K`` draws the same file, and
never anything that seat did not know.
"""

from __future__ import annotations

from pathlib import Path

from referee.replay.frames import Frame, LoadedReplay, load_frames
from referee.replay.reader import Header, ReplayError


def replay_path(folder: Path, index: int = 0) -> Path:
    """The finished replay of game ``index`` in ``folder`` (as the match names it)."""
    return folder / f"game-{index:05d}.jsonl"


class Follow:
    """Hands out each step of the game once, in order."""

    def __init__(self, folder: Path, index: int = 0) -> None:
        self.final = replay_path(folder, index)
        self.partial = self.final.with_name(self.final.name + ".part")
        self.shown = -1  # index of the last frame handed out
        self.loaded: LoadedReplay | None = None

    @property
    def header(self) -> Header | None:
        return None if self.loaded is None else self.loaded.header

    @property
    def total(self) -> int:
        return 0 if self.loaded is None else len(self.loaded.frames)

    def _load(self) -> LoadedReplay | None:
        for path in (self.final, self.partial):
            if path.is_file():
                try:
                    return load_frames(path)
                except ReplayError:
                    if path == self.partial and self.final.is_file():
                        continue  # renamed while being read: the finished file follows
                    raise
        return None

    def new_frames(self) -> list[Frame]:
        """The steps not handed out yet (frame 0, the empty table, is skipped)."""
        loaded = self._load()
        if loaded is None:
            return []
        self.loaded = loaded
        fresh = [f for f in loaded.frames if f.index > max(self.shown, 0)]
        if fresh:
            self.shown = fresh[-1].index
        return fresh
