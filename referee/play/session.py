"""One game with a person in one seat and bots in the others, played by the match loop itself.

The person is one more ``Player`` (referee/players/person.py) handed to ``run_match`` ready-made
(``MatchConfig.seat_players``), so the game, its replay, the fault policy and the result are
exactly a match's: ``thousand replay verify`` checks a person's game like any other.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from referee.games.chance import fresh_seed
from referee.games.match import play_table
from referee.games.match_types import GameOutcome, MatchConfig
from referee.games.matchfolders import FolderError, new_match_folder
from referee.players.botspec import BotSpec
from referee.players.person import Front, Person, person_spec
from referee.players.players import Player
from referee.players.sandbox import Sandbox
from referee.players.time_control import TimeControl


@dataclass
class Table:
    """Who sits where: ``bots`` fill every seat but ``seat`` in order."""

    game: str
    rules: BaseModel
    rules_label: str
    bots: list[BotSpec]
    seat: int
    seed: int | None = None
    clock: float | None = None  # the person's seconds for the whole game; None: no clock
    time: TimeControl | None = None  # the bots' time control
    sandbox: Sandbox | None = None

    @property
    def players(self) -> int:
        return len(self.bots) + 1


def replay_folder(replays: Path | None) -> Path:
    """A new folder for this game's replay: under ``replays`` as ``match`` makes one, else
    under the system's temporary folder (kept: the summary names the file)."""
    if replays is not None:
        return new_match_folder(replays)
    try:
        return Path(tempfile.mkdtemp(prefix="thousand-play-"))
    except OSError as error:
        raise FolderError(
            f"cannot create a replay folder in {tempfile.gettempdir()}: {error.strerror}"
        ) from None


def match_config(table: Table, folder: Path, person: Callable[[], Player]) -> MatchConfig:
    """One game, seated as asked: the person is bot ``seat`` and the first game of a match
    seats bot i in seat i."""
    specs = list(table.bots)
    specs.insert(table.seat, person_spec())
    options: dict[str, Any] = {}
    if table.time is not None:
        options["time"] = table.time
    if table.sandbox is not None:
        options["sandbox"] = table.sandbox
    return MatchConfig(
        game=table.game,
        rules=table.rules,
        rules_label=table.rules_label,
        bots=specs,
        games=1,
        seed=fresh_seed() if table.seed is None else table.seed,
        replays=folder,
        logs=folder,
        seat_players={table.seat: person},
        **options,
    )


def play_one(table: Table, folder: Path, front: Front) -> GameOutcome:
    """Play the game; the person decides through ``front``. Ctrl-C (or the front's own stop)
    propagates after the match has stopped every bot.

    In this thread, not in a table thread of run_match: Ctrl-C must reach the person's
    blocking input, and the table loop stops every bot before it returns, whatever happens."""

    def person() -> Player:
        return Person(front, table.clock)

    config = match_config(table, folder, person)
    outcomes: list[GameOutcome] = []
    play_table(config, 0, [0], outcomes.append, lambda first: False)
    return outcomes[0]
