"""``thousand tournament``: the click command, and its work behind it (inputs, progress, report).

The options of time and sandbox are ``match``'s own definitions (bounds.time_options,
sandbox_options), so both commands take the same values in the same words.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from referee.cli.bounds import MAX_SEATS, int_range, time_options
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
from referee.cli.progress import GameProgress, print_document
from referee.cli.sandbox_options import sandbox_options
from referee.errors import note, report_error, warn
from referee.games.labels import NEVER_PLAYED, never_played
from referee.games.match_types import MatchConfig
from referee.games.report import game_line
from referee.games.tournament import FORMATS, TableGame
from referee.games.tournament_report import print_tournament, tournament_html
from referee.outputs import HTML_PAGE, check_output, write_atomic
from referee.players.sandbox import Sandbox
from referee.players.time_control import TimeControl
from referee.running import Running
from referee.runs.match import RunRefused
from referee.runs.tournament import TournamentRequest, prepare_tournament
from referee.safetext import for_terminal

MAX_GAMES_PER_TABLE = 10_000


@click.command(short_help="Play every table of more bots than seats; crosstable, ranking.")
@click.argument("bots", nargs=-1, required=False, metavar="BOT BOT BOT [BOT...]")
@game_option
@rules_option
@click.option(
    "--players",
    type=int_range(2, MAX_SEATS),
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
    request = TournamentRequest(
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
        replays=Path(replays) if replays else None,
        compress=compress,
        sandbox=sandbox,
        pin=pin,
        resume=Path(resume) if resume else None,
    )
    html_path = Path(html_out) if html_out else None
    sys.exit(run_tournament_command(request, as_json=as_json, html_path=html_path, force=force))


def run_tournament_command(
    request: TournamentRequest, *, as_json: bool, html_path: Path | None, force: bool
) -> int:
    """Play the tournament and report it; the exit code (a refused request raises a
    ``ThousandError``, which the command group prints as one line)."""
    if html_path is not None:
        _check_html(html_path, force)  # refused before the first game, not after the last
    session = prepare_tournament(request, warn=warn, note=note)
    plan = session.plan
    shown = GameProgress(f"{plan.game} {plan.form}", session.total, session.kept, as_json=as_json)

    def on_game(game: TableGame) -> None:
        shown.advance()
        names = session.labels.labels()
        shown.line(
            game_line(
                game.outcome, len(session.games), session.total, names, (game.table, game.bots)
            )
        )

    def on_table(number: int, config: MatchConfig) -> None:
        names = session.labels.labels()
        table = session.tables[number]
        shown.describe(
            f"table {number + 1}/{len(session.tables)}: " + ", ".join(names[bot] for bot in table)
        )

    with Running() as running, shown:
        ended = running.run(session.play(on_game, on_table), errors=(OSError,))
    if isinstance(ended.error, OSError):
        return report_error(session.failure(ended.error))
    outcomes, document = session.finish(ended.cancelled)
    print_document(document, as_json, print_tournament, log_width=160)
    if html_path is not None:
        write_atomic(html_path, tournament_html(document, html_path.parent))
        if not as_json:
            note(f"wrote {for_terminal(str(html_path))}")
    if ended.interrupted:
        if plan.folder is not None:
            note(f"continue with: thousand tournament --resume {for_terminal(str(plan.folder))}")
        return 130
    absent = never_played(outcomes, session.labels.labels())
    if absent:
        return report_error("; ".join(absent), code=NEVER_PLAYED)
    return 0


def _check_html(html_path: Path, force: bool) -> None:
    parent = html_path.parent if str(html_path.parent) else Path(".")
    if not parent.is_dir():
        raise RunRefused(
            f"cannot write {for_terminal(str(html_path))}: folder "
            f"{for_terminal(str(parent))} does not exist"
        )
    check_output(html_path, [], HTML_PAGE, force)
