"""``thousand tournament``: the click command, and its work behind it (inputs, progress, report).

The options of time and sandbox are ``match``'s own definitions (bounds.time_options,
sandbox_options), so both commands take the same values in the same words.
"""

from __future__ import annotations

import datetime
import os
import secrets
import sys
from pathlib import Path
from typing import Any

import click
import orjson
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from referee.cli.bounds import int_range, time_options
from referee.cli.match import NEVER_PLAYED, distinct_labels, never_played, presets_hint
from referee.cli.options import (
    concurrency_option,
    game_option,
    gzip_option,
    json_option,
    pin_option,
    refuse_with_resume,
    rules_option,
    seed_option,
)
from referee.cli.sandbox_options import sandbox_options
from referee.errors import report_error, warn
from referee.games.chance import fresh_seed
from referee.games.match import GameOutcome, MatchConfig
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
    resume_run,
    time_to_json,
    write_manifest,
)
from referee.games.tournament import (
    FORMATS,
    MAX_TABLES,
    TableGame,
    Tournament,
    TournamentError,
    play,
    relabel,
    table_folder_name,
    table_seed,
)
from referee.games.tournament_report import print_tournament, tournament_document, tournament_html
from referee.outputs import HTML_PAGE, OutputRefused, check_output, write_atomic
from referee.players.botspec import BotSpecError, parse_bot
from referee.players.players import TimeControl
from referee.players.sandbox import Sandbox, SandboxError, resolve
from referee.running import Running
from referee.safetext import for_rich, for_terminal
from thousand.errors import RulesError
from thousand.registry import game_spec
from thousand.rules_io import load_rules

MAX_GAMES_PER_TABLE = 10_000


@click.command(short_help="Play every table of more bots than seats; crosstable, ranking.")
@click.argument("bots", nargs=-1, required=False, metavar="BOT BOT BOT [BOT...]")
@game_option
@rules_option
@click.option(
    "--players",
    type=int_range(2, 8),
    default=None,
    help="Seats at a table (default: the rules' own number, 3 where they allow several).",
)
@click.option(
    "--format",
    "form",
    type=click.Choice(FORMATS),
    default="round-robin",
    show_default=True,
    help="round-robin: every combination of the bots at a table; gauntlet: the first bot "
    "with every combination of the others.",
)
@click.option(
    "--games-per-table",
    type=int_range(1, MAX_GAMES_PER_TABLE),
    default=6,
    show_default=True,
    help="With --rotate, rounded up to whole duplicate groups (6 games at 3 seats, 2 at 2).",
)
@click.option(
    "--rotate/--no-rotate",
    default=True,
    show_default=True,
    help="Duplicate format at every table: every seed in every seating.",
)
@seed_option("Reproduce a tournament. Default: a fresh secret 128-bit seed, shown in the report.")
@time_options("wall", "Charge wall time or the bot's CPU time.")
@concurrency_option("Games at once (of one table at a time), each with its own bot processes.")
@click.option(
    "--replays",
    type=click.Path(file_okay=False),
    default=None,
    help="Replay folder: the tournament writes into a new sub-folder tournament-DATE-TIME-XXXX "
    "of it, one table-NNNN folder a table; needed for --resume.",
)
@gzip_option
@click.option(
    "--resume",
    type=click.Path(file_okay=False),
    default=None,
    help="Continue a tournament started with --replays (its folder): finished games are kept, "
    "the rest played with the same seeds; bots and options come from the run.",
)
@pin_option()
@sandbox_options
@json_option
@click.option(
    "--html",
    "html_out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also write the results as one HTML page.",
)
@click.option("--force", is_flag=True, help="Let --html replace a file thousand did not write.")
def tournament(
    bots: tuple[str, ...],
    game: str,
    rules_arg: str,
    players: int | None,
    form: str,
    games_per_table: int,
    rotate: bool,
    seed: int | None,
    time: TimeControl,
    concurrency: int,
    replays: str | None,
    compress: bool,
    resume: str | None,
    sandbox: Sandbox,
    pin: bool,
    as_json: bool,
    html_out: str | None,
    force: bool,
) -> None:
    """Play a tournament of the BOTs: more bots than seats, every table a duplicate match.

    Prints each bot's games, mean place and score, a crosstable of every pair (how often the
    row bot placed above the column bot, with 95% intervals) and one ranking with error bars
    from a Plackett-Luce fit of every game; at 2-player tables, pentanomial statistics. A BOT
    is given as for `thousand match`; one bot may be given twice (a self-play check).

    \b
    Exit codes: 0 played; 1 an error (bad rules, bot, folder, resume refused); 2 a bad
    option; 3 a bot never played a game; 130 interrupted (resume with --resume).
    """
    if not bots and resume is None:
        raise click.UsageError("Missing argument 'BOT BOT BOT [BOT...]' (or --resume DIR).")
    if resume is not None:
        refuse_with_resume(click.get_current_context())
    sys.exit(
        run_tournament_command(
            bots=bots,
            game=game,
            rules_arg=rules_arg,
            players=players,
            form=form,
            games_per_table=games_per_table,
            rotate=rotate,
            seed=seed,
            time=time,
            concurrency=concurrency,
            replays=replays,
            compress=compress,
            resume=resume,
            sandbox=sandbox,
            as_json=as_json,
            html_out=html_out,
            force=force,
            pin=pin,
        )
    )


def default_players(game: str, rules: Any) -> int:
    """The rules' own table size; where they allow several, the game's usual one."""
    allowed: tuple[int, ...] = rules.allowed_players()
    usual = game_spec(game).default_players
    return usual if usual in allowed else allowed[0]


def _new_run_folder(parent: Path) -> Path:
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    for _ in range(100):
        name = f"tournament-{stamp}-{secrets.token_hex(2)}"
        if not (parent / name).exists():
            return new_match_folder(parent, name)
    raise FolderError(f"cannot find a free folder name in {parent}")


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


def run_tournament_command(
    *,
    bots: tuple[str, ...],
    game: str,
    rules_arg: str,
    players: int | None,
    form: str,
    games_per_table: int,
    rotate: bool,
    seed: int | None,
    time: TimeControl,
    concurrency: int,
    replays: str | None,
    compress: bool,
    resume: str | None,
    sandbox: Sandbox,
    as_json: bool,
    html_out: str | None,
    force: bool,
    pin: bool = False,
) -> int:
    html_path = Path(html_out) if html_out else None
    if html_path is not None:
        # Refused before the first game, not after the last.
        parent = html_path.parent if str(html_path.parent) else Path(".")
        if not parent.is_dir():
            return report_error(
                f"cannot write {for_terminal(str(html_path))}: folder "
                f"{for_terminal(str(parent))} does not exist"
            )
        try:
            check_output(html_path, [], HTML_PAGE, force)
        except OutputRefused as error:
            return report_error(str(error))
    previous: dict[int, dict[int, GameOutcome]] = {}
    if resume is not None:
        if bots:
            return report_error("--resume takes the bots from the run's manifest: give no BOT")
        try:
            resumed = resume_run(Path(resume), "tournament")
            if resumed.warning is not None:
                warn(resumed.warning)
            plan = _from_manifest(resumed)
            tables = plan.tables()
            for number, table in enumerate(tables):
                folder = resumed.folder / table_folder_name(number)
                if folder.is_dir():
                    previous[number] = finished_games(
                        folder,
                        plan.seats,
                        table_seed(plan.seed, table),
                        plan.rotate,
                        plan.games_a_table(),
                    )
        except (ResumeError, TournamentError) as error:
            return report_error(str(error))
        try:
            chosen, warning = resolve(plan.sandbox)
        except SandboxError as error:
            return report_error(str(error))
        plan.sandbox = chosen
    else:
        try:
            rules = load_rules(game, rules_arg)
        except RulesError as error:
            return report_error(str(error))
        seats = players if players is not None else default_players(game, rules)
        try:
            game_spec(game).check_players(rules, seats)
        except RulesError as error:
            return report_error(f"{error}{presets_hint(game, seats)}")
        if len(bots) < 2:
            return report_error(
                "a tournament needs at least two bots (more than the seats of a table)"
            )
        try:
            specs = [parse_bot(b) for b in bots]
        except BotSpecError as error:
            return report_error(str(error))
        try:
            chosen, warning = resolve(sandbox)
        except SandboxError as error:
            return report_error(str(error))
        plan = Tournament(
            game=game,
            rules=rules,
            rules_label=rules_arg,
            bots=specs,
            seats=seats,
            form=form,
            games_per_table=games_per_table,
            seed=fresh_seed() if seed is None else seed,
            rotate=rotate,
            time=time,
            sandbox=chosen,
            concurrency=concurrency,
            compress=compress,
        )
        try:
            tables = plan.tables()
        except TournamentError as error:
            return report_error(str(error))
        if len(tables) > MAX_TABLES:
            return report_error(
                f"{len(tables)} tables: more than {MAX_TABLES} (fewer bots, or a ladder)"
            )
    if warning is not None:
        warn(warning)
    if pin:  # a resumed run too: where it plays is not part of what it plays
        plan.cores = tuple(sorted(os.sched_getaffinity(0)))
    if plan.rotate and plan.sandbox.mode != "bwrap" and resume is None:
        warn(
            f"with --sandbox {plan.sandbox.mode} a bot can keep notes on "
            "disk from one seating of a duplicate deal to the next; a fair duplicate "
            "tournament needs --sandbox bwrap (docs/security.md, Fair play)"
        )
    log_root: Path | None = None
    try:
        if resume is None and replays:
            plan.folder = _new_run_folder(Path(replays))
            write_manifest(plan.folder, _manifest(plan, bots))
        if plan.folder is None:
            log_root = temporary_log_folder()
    except OSError as error:
        return report_error(f"cannot write the tournament's folder: {for_terminal(str(error))}")

    def logs(number: int) -> Path | None:
        """Each table's bots' stderr beside its replays (a resume: a new folder there)."""
        if plan.folder is not None:
            table_dir = plan.folder / table_folder_name(number)
            table_dir.mkdir(parents=True, exist_ok=True)
            return logs_folder(table_dir)
        assert log_root is not None
        folder = log_root / table_folder_name(number)
        folder.mkdir(exist_ok=True)
        return folder

    return _play_and_report(
        plan, tables, previous if resume is not None else None, logs, log_root, as_json, html_path
    )


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


def _play_and_report(
    plan: Tournament,
    tables: list[tuple[int, ...]],
    previous: dict[int, dict[int, GameOutcome]] | None,
    logs: Any,
    log_root: Path | None,
    as_json: bool,
    html_path: Path | None,
) -> int:
    per_table = plan.games_a_table()
    total = len(tables) * per_table
    kept = [
        TableGame(number, tables[number], outcome)
        for number in sorted(previous or {})
        for _, outcome in sorted(previous[number].items())  # type: ignore[index]
    ]
    remaining: dict[int, tuple[int, ...]] | None = None
    if previous is not None:  # a resume: per table, the games its replays do not hold
        remaining = {
            number: tuple(i for i in range(per_table) if i not in previous.get(number, {}))
            for number in range(len(tables))
        }
        print(
            f"thousand: resuming {for_terminal(str(plan.folder))}: "
            f"{count(len(kept), 'game')} finished, {count(total - len(kept), 'game')} to play",
            file=sys.stderr,
        )
    games: list[TableGame] = list(kept)
    announced: list[str | None] = [None] * len(plan.bots)

    def see(game: TableGame) -> None:
        for seat, bot in enumerate(game.outcome.plan.seating):
            if announced[game.bots[bot]] is None:
                announced[game.bots[bot]] = game.outcome.names[seat]

    def labels() -> list[str]:
        return distinct_labels(
            [
                name or spec.name or spec.label
                for name, spec in zip(announced, plan.bots, strict=True)
            ]
        )

    for game in kept:
        see(game)
    err = Console(stderr=True)
    show_progress = err.is_terminal
    progress_lines = not as_json and not sys.stdout.isatty()
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not show_progress,
        transient=True,
    )
    task = progress.add_task(f"{plan.game} {plan.form}", total=total, completed=len(kept))

    def on_game(game: TableGame) -> bool:
        games.append(game)
        see(game)
        if show_progress:
            progress.update(task, advance=1)
        if progress_lines:
            names = labels()
            outcome = game.outcome
            ranking = ", ".join(
                f"{names[game.bots[outcome.plan.seating[seat]]]} {outcome.result.scores[seat]}"
                for seat in outcome.result.ranking
            )
            print(
                for_terminal(
                    f"game {len(games)} of {total} finished (table {game.table}, "
                    f"#{outcome.plan.index}): {ranking}"
                ),
                flush=True,
            )
        return False

    def on_table(number: int, config: MatchConfig) -> None:
        if show_progress:
            names = labels()
            progress.update(
                task,
                description=for_rich(
                    f"table {number + 1}/{len(tables)}: "
                    + ", ".join(names[bot] for bot in tables[number])
                ),
            )

    with Running() as running, progress:
        ended = running.run(
            play(plan, on_game, remaining=remaining, logs=logs, on_table=on_table),
            errors=(OSError,),
        )
    stopped = f"interrupted after {count(len(games), 'game')}" if ended.cancelled else None
    if isinstance(ended.error, OSError):
        failure = ended.error
        kept_note = f"; finished replays are in {plan.folder}" if plan.folder else ""
        return report_error(
            for_terminal(
                f"cannot write {failure.filename or plan.folder}: "
                f"{failure.strerror or failure}{kept_note}"
            )
        )
    games.sort(key=lambda g: (g.table, g.outcome.plan.index))
    outcomes = [relabel(game, per_table) for game in games]
    names = labels()
    table_rows = [
        {
            "table": number,
            "bots": list(table),
            "games_played": sum(1 for g in games if g.table == number),
            "replays": str(plan.folder / table_folder_name(number)) if plan.folder else None,
        }
        for number, table in enumerate(tables)
    ]
    if log_root is not None and tidy_temporary_logs(log_root):
        log_root = None  # every log was empty: nothing is left in the temporary folder
    document = tournament_document(
        plan,
        names,
        outcomes,
        table_rows,
        stopped,
        str(log_root) if log_root is not None else None,
    )
    if as_json:
        sys.stdout.buffer.write(orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n")
    else:
        out = Console()
        if not out.is_terminal:
            out = Console(width=160)
        print_tournament(document, out)
    if html_path is not None:
        try:
            write_atomic(html_path, tournament_html(document))
        except OutputRefused as error:
            return report_error(str(error))
        if not as_json:
            print(f"thousand: wrote {for_terminal(str(html_path))}", file=sys.stderr)
    if ended.interrupted:
        if plan.folder is not None:
            print(
                f"thousand: continue with: thousand tournament --resume "
                f"{for_terminal(str(plan.folder))}",
                file=sys.stderr,
            )
        return 130
    absent = never_played(outcomes, names)
    if absent:
        return report_error("; ".join(absent), code=NEVER_PLAYED)
    return 0
