"""``thousand replay summary``: one line per game, read in one streaming pass per file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.replay.reader import ReplayError, ReplayReader
from referee.safetext import NAME_LIMIT, for_terminal


@dataclass(frozen=True)
class GameSummary:
    path: Path
    game: str
    players: list[str]
    steps: int
    decisions: int
    complete: bool
    winner: int | None = None
    scores: list[int] | None = None
    ranking: list[int] | None = None
    reason: str | None = None
    faults: list[dict[str, Any]] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "file": str(self.path),
            "game": self.game,
            "players": self.players,
            "complete": self.complete,
            "winner": self.winner,
            "winner_name": self.players[self.winner] if self.winner is not None else None,
            "scores": self.scores,
            "ranking": self.ranking,
            "reason": self.reason,
            "steps": self.steps,
            "decisions": self.decisions,
            "faults": self.faults or [],
        }

    def line(self) -> str:
        """The game in one line for a terminal: every name and word from the file (a replay
        anyone can hand you) made safe to print."""
        players = [for_terminal(name, NAME_LIMIT) for name in self.players]
        names = ", ".join(players)
        where = for_terminal(self.path.name)
        if not self.complete or self.scores is None:
            return f"{where}: {self.game} [{names}] incomplete after {self.steps} steps"
        winner = players[self.winner] if self.winner is not None else "nobody"
        faults = ""
        if self.faults:
            kinds = ", ".join(
                f"{players[f['seat']]}: {for_terminal(f['kind'], NAME_LIMIT)}"
                for f in self.faults
                if 0 <= f.get("seat", -1) < len(players)
            )
            faults = f"; faults {kinds}"
        return (
            f"{where}: {self.game} [{names}] winner {winner}, scores "
            f"{'/'.join(str(s) for s in self.scores)}, {self.decisions} decisions "
            f"({for_terminal(self.reason, NAME_LIMIT)}){faults}"
        )


def summarise(path: Path) -> GameSummary:
    """Raises ``ReplayError`` for a file that is not a readable replay."""
    with ReplayReader(path) as replay:
        steps = decisions = 0
        result: dict[str, Any] | None = None
        for _, record in replay:
            kind = record.get("kind")
            if kind == "result":
                result = record
            else:
                steps += 1
                decisions += kind == "move"
        header = replay.header
        if result is None or replay.incomplete:
            return GameSummary(path, header.game, header.names, steps, decisions, False)
        return GameSummary(
            path,
            header.game,
            header.names,
            steps,
            decisions,
            True,
            winner=result.get("winner"),
            scores=result.get("scores"),
            ranking=result.get("ranking"),
            reason=result.get("reason"),
            faults=result.get("faults"),
        )


__all__ = ["GameSummary", "ReplayError", "summarise"]
