"""A tournament: more bots than seats, every table of them playing a duplicate match.

Formats: a round-robin seats every combination of the bots at a table of the game's size
(every triple of them for a 3-player game); a gauntlet seats the first bot with every
combination of the others (a new version against the field). Every table is one
``run_match`` of whole duplicate groups (``rotate``), so each bot of a table meets the same
luck from every seat.

Seeds: one secret master seed for the tournament; each table's match seed is derived from it
and the table's bots (their numbers in the tournament), never from the order tables are
played in, so a table's games are the same however the tables are scheduled, resumed or run
side by side, and a second tournament with the same seed and a new version of one bot deals
that bot the same cards.

Concurrency: tables are played one after another, each with ``run_match(concurrency=K)``.
``run_match`` already owns playing games side by side (its tables are threads or processes,
its fault policy, its ordered hand-over of outcomes); running several matches at once would
add a second scheduler over it. The price is a few idle slots while the last games of a table
finish (at most K - 1 games' time a table), which whole duplicate groups keep small.

Statistics (referee/games/tournament_report.py) are taken over all tables together: every
game is re-labelled with the tournament's bot numbers and a group number of its own.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from referee.games.chance import derive_int
from referee.games.match_types import GameOutcome, GamePlan, MatchConfig, planned_games
from referee.games.tables import run_match
from referee.players.botspec import BotSpec
from referee.players.sandbox import Sandbox
from referee.players.time_control import TimeControl
from thousand.errors import ThousandError

FORMATS = ("round-robin", "gauntlet")
MAX_TABLES = 1000
"""Tables of one tournament: 20 bots in a 3-player round-robin make 1,140 tables; past this a
tournament is a ladder's job."""


class TournamentError(ThousandError, ValueError):
    """A tournament that cannot be played as asked; the message is one line for a person."""


def tables(form: str, bots: int, seats: int) -> list[tuple[int, ...]]:
    """The tables of a tournament, each a tuple of bot numbers in increasing order."""
    if form not in FORMATS:
        raise TournamentError(f"unknown format {form!r} (known: {', '.join(FORMATS)})")
    if form == "round-robin":
        if bots < seats:
            raise TournamentError(
                f"a round-robin at tables of {seats} needs at least {seats} bots, got {bots}"
            )
        return list(itertools.combinations(range(bots), seats))
    if bots < seats:
        raise TournamentError(
            f"a gauntlet at tables of {seats} needs the first bot and at least {seats - 1} "
            f"others, got {bots} bots"
        )
    return [(0, *rest) for rest in itertools.combinations(range(1, bots), seats - 1)]


def table_seed(master: int, table: tuple[int, ...]) -> int:
    """The match seed of the table of these bots: from the master seed and the bots alone."""
    return derive_int(master, "table", "-".join(str(bot) for bot in table))


def table_folder_name(number: int) -> str:
    return f"table-{number:04d}"


@dataclass
class Tournament:
    """Everything fixed when a tournament starts (and kept in its run manifest)."""

    game: str
    rules: BaseModel
    rules_label: str
    bots: list[BotSpec]
    seats: int
    form: str
    games_per_table: int
    seed: int
    rotate: bool = True
    time: TimeControl = dataclasses.field(default_factory=TimeControl)
    sandbox: Sandbox = dataclasses.field(default_factory=Sandbox)
    concurrency: int = 1
    compress: bool = False
    folder: Path | None = None  # replays: one sub-folder per table
    cores: tuple[int, ...] = ()  # --pin: MatchConfig.cores

    def tables(self) -> list[tuple[int, ...]]:
        return tables(self.form, len(self.bots), self.seats)

    def games_a_table(self) -> int:
        return planned_games(self.seats, self.games_per_table, self.rotate)

    def games_planned(self) -> int:
        return len(self.tables()) * self.games_a_table()

    def config(self, number: int, table: tuple[int, ...], logs: Path | None) -> MatchConfig:
        """The match the table of ``number`` plays."""
        replays = None if self.folder is None else self.folder / table_folder_name(number)
        return MatchConfig(
            game=self.game,
            rules=self.rules,
            rules_label=self.rules_label,
            bots=[self.bots[bot] for bot in table],
            games=self.games_a_table(),
            seed=table_seed(self.seed, table),
            rotate=self.rotate,
            time=self.time,
            concurrency=self.concurrency,
            replays=replays,
            logs=logs,
            compress=self.compress,
            sandbox=self.sandbox,
            cores=self.cores,
        )


@dataclass
class TableGame:
    """A game of one table, in the table's own bot numbers (as its replay has them)."""

    table: int
    bots: tuple[int, ...]
    outcome: GameOutcome


def relabel(game: TableGame, games_a_table: int) -> GameOutcome:
    """The game in tournament bot numbers, with a game and group number unique in the
    tournament, so that every statistic of a match applies to all tables at once."""
    outcome, bots = game.outcome, game.bots
    plan = outcome.plan
    base = game.table * games_a_table
    relabelled = GamePlan(
        base + plan.index,
        base + plan.group,
        plan.seed,
        tuple(bots[bot] for bot in plan.seating),
    )
    faults = [dataclasses.replace(f, bot=bots[f.bot], game=base + f.game) for f in outcome.faults]
    return dataclasses.replace(
        outcome,
        plan=relabelled,
        faults=faults,
        think={bots[bot]: think for bot, think in outcome.think.items()},
    )


OnGame = Callable[[TableGame], bool]
"""Called after every game; True stops the tournament (Ctrl-C is handled by the caller)."""


async def play(
    tournament: Tournament,
    on_game: OnGame | None = None,
    *,
    remaining: dict[int, tuple[int, ...]] | None = None,
    logs: Callable[[int], Path | None] = lambda number: None,
    on_table: Callable[[int, MatchConfig], None] | None = None,
) -> list[TableGame]:
    """Play every table in turn; ``remaining`` (a resume) names, per table number, the games
    still to play — a table absent from it is finished. Returns the games played now."""
    played: list[TableGame] = []
    stop = False
    for number, table in enumerate(tournament.tables()):
        if remaining is not None and not remaining.get(number):
            continue
        config = tournament.config(number, table, logs(number))
        if remaining is not None:
            config = dataclasses.replace(config, only=remaining[number])
        if on_table is not None:
            on_table(number, config)

        def seen(
            outcome: GameOutcome, number: int = number, table: tuple[int, ...] = table
        ) -> bool:
            nonlocal stop
            game = TableGame(number, table, outcome)
            played.append(game)
            if on_game is not None and on_game(game):
                stop = True
            return stop

        await run_match(config, seen)
        if stop:
            break
    return played
