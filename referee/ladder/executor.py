"""Where a match runs. The run loop hands an executor a ``MatchSpec`` and gets a
``MatchOutcome`` back; it neither knows nor cares whether the match ran here (``LocalExecutor``,
asyncio processes) or, later, on a cluster.
"""

from __future__ import annotations

import dataclasses
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from referee.games.match_types import GameOutcome, MatchConfig, duplicate_seatings
from referee.games.provenance import Origin
from referee.games.tables import run_match
from referee.players.botspec import BotSpec, parse_bot_or_unavailable
from referee.players.sandbox import Sandbox
from referee.players.time_control import TimeControl
from thousand.rules_io import rules_from_mapping


@dataclass(frozen=True)
class MatchSpec:
    """Everything needed to play one ladder match, as plain data (it may cross a network)."""

    match_id: int
    game: str
    rules: dict[str, Any]
    rules_label: str
    bots: list[str]
    names: list[str]
    seed: int
    time: dict[str, float | str]
    replays: str
    options: dict[str, Any] = field(default_factory=dict)
    groups: int = 1
    """Duplicate groups the match plays (a ladder match one; a final's table may play more)."""
    origin: Origin | None = None
    """Which match of the ladder this is: its replays say so (referee/games/provenance.py)."""

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def games(self) -> int:
        """``groups`` duplicate groups (see ``duplicate_seatings``)."""
        return self.groups * len(duplicate_seatings(self.players))


@dataclass
class EntrantOutcome:
    games: int = 0
    wins: int = 0
    place_sum: int = 0
    score_sum: int = 0
    faults: int = 0
    fault_games: int = 0

    @property
    def mean_place(self) -> float:
        return self.place_sum / self.games if self.games else math.inf


@dataclass
class MatchOutcome:
    entrants: list[EntrantOutcome]
    replays: list[str]
    fault_kinds: dict[str, int] = field(default_factory=dict)
    rankings: list[list[int]] = field(default_factory=list)
    """Each game's order, best first, as indexes into ``MatchSpec.bots`` (the final's fit)."""
    unrunnable: dict[int, str] = field(default_factory=dict)
    """Seat (index into ``MatchSpec.bots``) -> why that entrant's bot could not be run at all
    (its files gone or changed since admission, its bundle refused): the entrant forfeited,
    and is the match's named cause (``service.record``)."""


def unrunnable_seats(bots: list[BotSpec]) -> dict[int, str]:
    """The seats whose bot cannot be started (``parse_bot_or_unavailable`` said why)."""
    return {i: bot.unavailable for i, bot in enumerate(bots) if bot.unavailable is not None}


def outcome_from_games(
    players: int, outcomes: list[GameOutcome], unrunnable: dict[int, str] | None = None
) -> MatchOutcome:
    per = [EntrantOutcome() for _ in range(players)]
    kinds: dict[str, int] = {}
    for game in outcomes:
        faulted = {f.bot for f in game.faults}
        for bot in range(players):
            entry = per[bot]
            place = game.place_of(bot)
            entry.games += 1
            entry.wins += place == 1
            entry.place_sum += place
            entry.score_sum += game.score_of(bot)
            entry.fault_games += bot in faulted
        for fault in game.faults:
            per[fault.bot].faults += 1
            kinds[fault.kind] = kinds.get(fault.kind, 0) + 1
    replays = [str(g.replay) for g in outcomes if g.replay is not None]
    rankings = [[g.plan.seating[seat] for seat in g.result.ranking] for g in outcomes]
    return MatchOutcome(per, replays, kinds, rankings, dict(unrunnable or {}))


class Executor(Protocol):
    """Where a ladder's matches are played. ``run`` raising ``ExecutorLost``
    (referee.cluster.connect: only a cluster can be lost) stops the run: the matches in flight
    are abandoned, and a later run resumes."""

    async def run(self, spec: MatchSpec) -> MatchOutcome: ...


def match_config(spec: MatchSpec, sandbox: Sandbox | None) -> MatchConfig:
    """The ``MatchConfig`` of a ladder match, wherever it is played: one duplicate group with
    the ladder's rules, clocks and sandbox; replays (and bots' logs) in the match's folder."""
    rules = rules_from_mapping(spec.game, {k: v for k, v in spec.rules.items()})
    time = TimeControl(
        startup=float(spec.time["startup"]),
        bank=float(spec.time["bank"]),
        per_move=float(spec.time["per_move"]),
        clock=str(spec.time.get("clock", "wall")),
    )
    replays = Path(spec.replays)
    config = MatchConfig(
        game=spec.game,
        rules=rules,
        rules_label=spec.rules_label,
        bots=[parse_bot_or_unavailable(b) for b in spec.bots],
        games=spec.games,
        seed=spec.seed,
        rotate=True,
        time=time,
        concurrency=1,
        # Each match in a process of its own: a ladder running several at once uses every
        # core (one Python process runs one thread at a time), and a match that breaks its
        # process cannot take the run loop with it.
        processes=True,
        public=True,  # standings and replays are published: no bot's stderr in them
        replays=replays,
        logs=replays / "logs",
        compress=bool(spec.options.get("compress")),
        close_grace=1.0,
        origin=spec.origin,
    )
    stored = spec.options.get("sandbox")
    if sandbox is not None:
        return dataclasses.replace(config, sandbox=sandbox)
    if stored:
        return dataclasses.replace(config, sandbox=Sandbox.model_validate(stored))
    return config


class LocalExecutor:
    """Plays the match in this process's event loop with real bot processes. Pinned
    (``ladder run --pin``), each match and its bots run on the core with the fewest matches
    running, so that at a concurrency up to the cores every match has a core of its own."""

    def __init__(self, sandbox: Sandbox | None = None, pin: bool = False) -> None:
        self.sandbox = sandbox
        self.running: dict[int, int] | None = (
            dict.fromkeys(sorted(os.sched_getaffinity(0)), 0) if pin else None
        )

    async def run(self, spec: MatchSpec) -> MatchOutcome:
        config = match_config(spec, self.sandbox)
        unrunnable = unrunnable_seats(config.bots)
        running = self.running
        if running is None:
            outcomes = await run_match(config)
            return outcome_from_games(spec.players, outcomes, unrunnable)
        core = min(running, key=lambda c: (running[c], c))  # one event loop: no race
        running[core] += 1
        try:
            outcomes = await run_match(dataclasses.replace(config, cores=(core,)))
        finally:
            running[core] -= 1
        return outcome_from_games(spec.players, outcomes, unrunnable)
