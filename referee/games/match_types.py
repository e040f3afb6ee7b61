"""What a match is made of: its configuration, each game's plan and each game's outcome.

Plain classes, kept apart from the match loop (referee.games.match) because they travel: a
config and the plans go to a table's process or a Dask worker, the outcomes come back, all
pickled. The match loop is compiled (setup.py's REFEREE group), and a compiled frozen
dataclass cannot be unpickled (its fields are set one by one, which frozen refuses); these
stay ordinary Python classes, read a few times a game, never at every decision.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from referee.games.provenance import Origin, plan_seed
from referee.players.botspec import BotSpec
from referee.players.players import Player
from referee.players.protocol import FaultKind
from referee.players.sandbox import Sandbox
from referee.players.time_control import TimeControl
from thousand.game import Result


@dataclass(frozen=True)
class GamePlan:
    """One game: its number, the duplicate group it belongs to, its chance seed (64 hex digits,
    derived from the match seed: see referee/games/chance.py), the seating."""

    index: int
    group: int
    seed: str
    seating: tuple[int, ...]  # seating[seat] = bot index


@dataclass(frozen=True)
class FaultRecord:
    game: int
    bot: int
    seat: int
    kind: FaultKind
    detail: str
    move: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bot": self.bot,
            "seat": self.seat,
            "kind": self.kind,
            "detail": self.detail,
            "move": self.move,
        }


@dataclass
class Think:
    """A bot's thinking time in one game, summed as it goes: a long match keeps a few numbers
    a game, not one pair per move."""

    moves: int = 0
    wall_sum: float = 0.0
    wall_max: float = 0.0
    cpu_sum: float = 0.0
    cpu_max: float = 0.0

    def add(self, wall: float, cpu: float) -> None:
        self.moves += 1
        self.wall_sum += wall
        self.cpu_sum += cpu
        if wall > self.wall_max:
            self.wall_max = wall
        if cpu > self.cpu_max:
            self.cpu_max = cpu


@dataclass
class GameOutcome:
    plan: GamePlan
    result: Result  # after the fault policy: faulted seats ranked last
    engine_result: Result
    faults: list[FaultRecord]
    think: dict[int, Think]  # bot index -> its thinking in this game
    decisions: int
    replay: Path | None
    names: list[str]  # per seat, as the bots announced themselves

    def place_of(self, bot: int) -> int:
        return self.result.places[self.plan.seating.index(bot)]

    def score_of(self, bot: int) -> int:
        return self.result.scores[self.plan.seating.index(bot)]


@dataclass(frozen=True)
class MatchConfig:
    """Everything a match plays by, fixed once built: a change is a new config
    (``dataclasses.replace``), so no caller can alter a match another holds."""

    game: str
    rules: BaseModel
    bots: list[BotSpec]
    rules_label: str = "classic"
    games: int = 10
    seed: int = 0
    rotate: bool = False
    time: TimeControl = field(default_factory=TimeControl)
    concurrency: int = 1
    replays: Path | None = None
    logs: Path | None = None
    compress: bool = False
    pid_namespace: bool = True
    close_grace: float = 2.0
    sandbox: Sandbox = field(default_factory=Sandbox)
    only: tuple[int, ...] | None = None
    """Play only these game numbers of the plan (a cluster task's or a resumed run's share);
    each keeps the seed and seating it has in the whole match. None: every planned game."""
    public: bool = False
    """Its replays and fault details are published (a ladder's): a bot's stderr is never
    quoted in them — it stays in the bot's log, which only its owner reads."""
    seat_players: dict[int, Callable[[], Player]] = field(default_factory=dict)
    """Bots played by a ready-made Player instead of a process (bot index -> factory): the
    person of ``thousand play``. Such a match plays its tables in threads (a factory does not
    travel to another process)."""
    processes: bool | None = None
    """Play each table in a process of its own (True), in a thread of this one (False), or
    decide (None: processes when there is more than one table, so that tables use every core;
    a single table's thread costs no start-up)."""
    cores: tuple[int, ...] = ()
    """Pin table i, and the bots it starts, to core ``cores[i % len(cores)]`` (``--pin``);
    empty: not pinned. The bots of a table take turns, so one core serves a table; pinned,
    no move waits for an idle core to wake up (tens of µs on a virtual machine)."""
    origin: Origin | None = None
    """Which match of which ladder this is (a ladder's matches only): written in every
    replay's header, so that once the ladder's master seed is revealed anyone can recompute
    ``seed`` from it (referee/games/provenance.py)."""


def duplicate_seatings(players: int) -> list[tuple[int, ...]]:
    """Every permutation of the seats for up to 3 players (2 or 6 games a group); beyond that
    the n cyclic rotations, so each bot still plays the luck of every seat once (24 or more
    games a group would make a match too long to schedule)."""
    if players <= 3:
        return list(itertools.permutations(range(players)))
    return [tuple((seat + shift) % players for seat in range(players)) for shift in range(players)]


def planned_games(players: int, games: int, rotate: bool) -> int:
    """How many games a match plays: ``--rotate`` rounds up to whole duplicate groups."""
    if not rotate:
        return games
    size = len(duplicate_seatings(players))
    return -(-games // size) * size


def plan_game(players: int, index: int, seed: int, rotate: bool) -> GamePlan:
    """Game ``index`` of a match, made when it is played (a long match is never planned up
    front). With ``rotate`` every chance seed is played once per permutation of the seats
    (duplicate format), so each bot meets the same luck from every seat; otherwise seats
    rotate cyclically and every game has its own seed."""
    if rotate:
        seatings = duplicate_seatings(players)
        group = index // len(seatings)
        game_seed = plan_seed(seed, group, index, duplicate=True)
        return GamePlan(index, group, game_seed, seatings[index % len(seatings)])
    seating = tuple((seat + index) % players for seat in range(players))
    return GamePlan(index, index, plan_seed(seed, index, index, duplicate=False), seating)


def plan_games(players: int, games: int, seed: int, rotate: bool) -> list[GamePlan]:
    """Every game of a (short) match, in order."""
    count = planned_games(players, games, rotate)
    return [plan_game(players, index, seed, rotate) for index in range(count)]


OnGame = Callable[[GameOutcome], bool]
"""Called after every game; returning True stops the match (an SPRT decided)."""
