"""A tournament run below the command line: prepare it, play it, document it.

The tournament's counterpart of referee/runs/match.py (read that first): the command parses
its options into a ``TournamentRequest``, ``prepare_tournament`` checks it, resumes it and makes
its folders (or refuses it with one line for a person), and the command plays the result with
its own display; ``finish`` gives the document of the report, the JSON and the HTML page.
"""

from __future__ import annotations

import datetime
import os
import secrets
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.games.chance import fresh_seed
from referee.games.labels import BotLabels
from referee.games.match_types import GameOutcome, MatchConfig
from referee.games.matchfolders import (
    FolderError,
    new_match_folder,
    temporary_log_folder,
    tidy_temporary_logs,
)
from referee.games.report import count
from referee.games.resume import (
    ResumedRun,
    ResumeError,
    RunManifest,
    finished_games,
    logs_folder,
    time_to_json,
    write_manifest,
)
from referee.games.tournament import (
    MAX_TABLES,
    TableGame,
    Tournament,
    play,
    relabel,
    table_folder_name,
    table_seed,
)
from referee.games.tournament_report import tournament_document
from referee.players.botspec import parse_bot
from referee.players.sandbox import Sandbox, resolve
from referee.players.time_control import TimeControl
from referee.runs.match import (
    RunRefused,
    Say,
    check_seats,
    open_resumed,
    resuming,
    unfair_duplicate,
)
from referee.safetext import for_terminal
from thousand.registry import game_spec
from thousand.rules_io import load_rules

OnTable = Callable[[int, MatchConfig], None]


@dataclass(frozen=True)
class TournamentRequest:
    """A tournament as a person asked for it; with ``resume``, its bots, rules and options
    come from the run's manifest instead."""

    bots: tuple[str, ...] = ()
    game: str = "cards"
    rules_arg: str = "classic"
    players: int | None = None
    form: str = "round-robin"
    games_per_table: int = 6
    rotate: bool = True
    seed: int | None = None
    time: TimeControl = field(default_factory=TimeControl)
    concurrency: int = 1
    replays: Path | None = None
    compress: bool = False
    sandbox: Sandbox = field(default_factory=Sandbox)
    pin: bool = False
    resume: Path | None = None


def default_players(game: str, rules: Any) -> int:
    """The rules' own table size; where they allow several, the game's usual one."""
    allowed: tuple[int, ...] = rules.allowed_players()
    usual = game_spec(game).default_players
    return usual if usual in allowed else allowed[0]


@dataclass
class TournamentSession:
    """A tournament ready to play, and its games so far (kept ones first)."""

    plan: Tournament
    tables: list[tuple[int, ...]]
    remaining: dict[int, tuple[int, ...]] | None  # a resume: each table's games still to play
    log_root: Path | None  # the temporary logs of a run without --replays
    labels: BotLabels
    games: list[TableGame] = field(default_factory=list)
    kept: int = 0

    @property
    def total(self) -> int:
        return len(self.tables) * self.plan.games_a_table()

    def logs(self, number: int) -> Path | None:
        """Each table's bots' stderr beside its replays (a resume: a new folder there)."""
        if self.plan.folder is not None:
            table_dir = self.plan.folder / table_folder_name(number)
            table_dir.mkdir(parents=True, exist_ok=True)
            return logs_folder(table_dir)
        assert self.log_root is not None
        folder = self.log_root / table_folder_name(number)
        folder.mkdir(exist_ok=True)
        return folder

    def record(self, game: TableGame) -> None:
        self.games.append(game)
        self.labels.see(game.outcome, game.bots)

    def play(
        self, on_game: Callable[[TableGame], None], on_table: OnTable | None = None
    ) -> Coroutine[Any, Any, list[TableGame]]:
        """Every table's games still to play; ``on_game`` sees each after ``record``."""

        def seen(game: TableGame) -> bool:
            self.record(game)
            on_game(game)
            return False

        return play(self.plan, seen, remaining=self.remaining, logs=self.logs, on_table=on_table)

    def failure(self, error: OSError) -> str:
        kept = f"; finished replays are in {self.plan.folder}" if self.plan.folder else ""
        return for_terminal(
            f"cannot write {error.filename or self.plan.folder}: {error.strerror or error}{kept}"
        )

    def finish(self, cancelled: bool) -> tuple[list[GameOutcome], dict[str, Any]]:
        """Every game of the run in tournament numbers, and the report's document."""
        per_table = self.plan.games_a_table()
        self.games.sort(key=lambda g: (g.table, g.outcome.plan.index))
        outcomes = [relabel(game, per_table) for game in self.games]
        rows = [
            {
                "table": number,
                "bots": list(table),
                "games_played": sum(1 for g in self.games if g.table == number),
                "replays": str(self.plan.folder / table_folder_name(number))
                if self.plan.folder
                else None,
            }
            for number, table in enumerate(self.tables)
        ]
        if self.log_root is not None and tidy_temporary_logs(self.log_root):
            self.log_root = None  # every log was empty: nothing is left in the temporary folder
        stopped = f"interrupted after {count(len(self.games), 'game')}" if cancelled else None
        logs = str(self.log_root) if self.log_root is not None else None
        document = tournament_document(
            self.plan, self.labels.labels(), outcomes, rows, stopped, logs
        )
        return outcomes, document


def prepare_tournament(request: TournamentRequest, *, warn: Say, note: Say) -> TournamentSession:
    """Check everything before the first game, resume, and make the run's folders; raises a
    ``ThousandError`` (one line for a person) for anything wrong."""
    previous: dict[int, dict[int, GameOutcome]] | None = None
    if request.resume is not None:
        resumed = open_resumed(request.resume, request.bots, "tournament", warn)
        plan = _from_manifest(resumed)
        previous = _finished(plan, resumed.folder)
    else:
        plan = _new_plan(request)
    tables = plan.tables()
    chosen, warning = resolve(plan.sandbox)
    plan.sandbox = chosen
    if warning is not None:
        warn(warning)
    if request.pin:  # a resumed run too: where it plays is not part of what it plays
        plan.cores = tuple(sorted(os.sched_getaffinity(0)))
    if plan.rotate and plan.sandbox.mode != "bwrap" and request.resume is None:
        warn(unfair_duplicate(plan.sandbox.mode, "tournament"))
    log_root: Path | None = None
    try:
        if request.resume is None and request.replays:
            plan.folder = _new_run_folder(request.replays)
            write_manifest(plan.folder, _manifest(plan, request.bots))
        if plan.folder is None:
            log_root = temporary_log_folder()
    except OSError as error:
        raise RunRefused(
            f"cannot write the tournament's folder: {for_terminal(str(error))}"
        ) from None
    session = TournamentSession(plan, tables, None, log_root, BotLabels(plan.bots))
    if previous is not None:
        _keep(session, previous)
        assert plan.folder is not None
        note(resuming(plan.folder, session.kept, session.total - session.kept))
    return session


def _new_plan(request: TournamentRequest) -> Tournament:
    rules = load_rules(request.game, request.rules_arg)
    seats = request.players if request.players is not None else default_players(request.game, rules)
    check_seats(request.game, rules, seats)
    if len(request.bots) < 2:
        raise RunRefused("a tournament needs at least two bots (more than the seats of a table)")
    plan = Tournament(
        game=request.game,
        rules=rules,
        rules_label=request.rules_arg,
        bots=[parse_bot(b) for b in request.bots],
        seats=seats,
        form=request.form,
        games_per_table=request.games_per_table,
        seed=fresh_seed() if request.seed is None else request.seed,
        rotate=request.rotate,
        time=request.time,
        sandbox=request.sandbox,
        concurrency=request.concurrency,
        compress=request.compress,
    )
    tables = plan.tables()
    if len(tables) > MAX_TABLES:
        raise RunRefused(f"{len(tables)} tables: more than {MAX_TABLES} (fewer bots, or a ladder)")
    return plan


def _from_manifest(resumed: ResumedRun) -> Tournament:
    manifest, options = resumed.manifest, resumed.manifest.options
    try:
        return Tournament(
            game=manifest.game,
            rules=resumed.rules,
            rules_label=manifest.rules_label,
            bots=resumed.specs,
            seats=int(options["players"]),
            form=str(options["format"]),
            games_per_table=int(options["games_per_table"]),
            seed=manifest.seed,
            rotate=bool(options["rotate"]),
            time=resumed.time,
            sandbox=resumed.sandbox,
            concurrency=int(options["concurrency"]),
            compress=bool(options["compress"]),
            folder=resumed.folder,
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ResumeError(f"the run manifest is damaged ({for_terminal(str(error), 80)})") from None


def _finished(plan: Tournament, folder: Path) -> dict[int, dict[int, GameOutcome]]:
    """Per table, the games its replays already hold."""
    previous: dict[int, dict[int, GameOutcome]] = {}
    for number, table in enumerate(plan.tables()):
        table_dir = folder / table_folder_name(number)
        if table_dir.is_dir():
            previous[number] = finished_games(
                table_dir,
                plan.seats,
                table_seed(plan.seed, table),
                plan.rotate,
                plan.games_a_table(),
            )
    return previous


def _keep(session: TournamentSession, previous: dict[int, dict[int, GameOutcome]]) -> None:
    """A resume: the kept games first, and per table the games its replays do not hold."""
    per_table = session.plan.games_a_table()
    for number in sorted(previous):
        for _, outcome in sorted(previous[number].items()):
            session.record(TableGame(number, session.tables[number], outcome))
    session.kept = len(session.games)
    session.remaining = {
        number: tuple(i for i in range(per_table) if i not in previous.get(number, {}))
        for number in range(len(session.tables))
    }


def _new_run_folder(parent: Path) -> Path:
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    for _ in range(100):
        name = f"tournament-{stamp}-{secrets.token_hex(2)}"
        if not (parent / name).exists():
            return new_match_folder(parent, name)
    raise FolderError(f"cannot find a free folder name in {parent}")


def _manifest(plan: Tournament, bots: tuple[str, ...]) -> RunManifest:
    return RunManifest(
        kind="tournament",
        cwd=os.getcwd(),
        bots=list(bots),
        digests=[spec.digest for spec in plan.bots],
        game=plan.game,
        rules_label=plan.rules_label,
        rules=plan.rules.model_dump(mode="json"),
        seed=plan.seed,
        options={
            "players": plan.seats,
            "format": plan.form,
            "games_per_table": plan.games_per_table,
            "rotate": plan.rotate,
            "concurrency": plan.concurrency,
            "compress": plan.compress,
            "time": time_to_json(plan.time),
            "sandbox": plan.sandbox.model_dump(mode="json"),
        },
    )
