"""``thousand analyse``: where did a bot lose? Parse, call referee.analysis, print."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from referee.analysis.cards import Budget
from referee.analysis.games import analyse_files
from referee.analysis.notes import action_label
from referee.analysis.report import AnalysisDocument, Decision, GameAnalysis
from referee.cli.bounds import MAX_SEATS, int_range
from referee.errors import fail, report_error
from referee.replay.reader import replay_files
from referee.safetext import NAME_LIMIT, for_terminal

MAX_BUDGET_MS = 60_000


@click.command(short_help="Value every decision of games; mark the costly ones.")
@click.argument("files", nargs=-1, required=True, metavar="FILE|DIR...")
@click.option("--seat", type=int_range(0, MAX_SEATS - 1), default=None, help="Only this seat.")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print one JSON document (its schema: docs/analysis.schema.json).",
)
@click.option(
    "--html",
    "out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also write a self-contained HTML page of the analysis here.",
)
@click.option(
    "--budget-ms",
    type=int_range(1, MAX_BUDGET_MS),
    default=200,
    show_default=True,
    help="Card decisions: CPU time to sample each one.",
)
def analyse(
    files: tuple[str, ...], seat: int | None, as_json: bool, out: str | None, budget_ms: int
) -> None:
    """Value every decision of the games in FILE|DIR (replays) and mark the costly ones.

    Dice, two players, classic: the probability of winning after each choice, from the solved
    table; a loss of 1 %, 3 %, 8 % of winning chances is an inaccuracy, a mistake, a blunder.
    Other dice rules: the expert's estimate, expected points of the turn (10, 25, 50 points).
    Cards: each play, bid (open or blind, or a look), redeal, give or discard, talon and
    contract scored by sampling the cards the seat could not see (--budget-ms each), marked at
    10, 25, 50 points only when significant. More games: each bot's accuracy across them and
    its costliest decisions (docs/analysis.md).
    Exit 1 when a file cannot be analysed (the others still are).
    """
    paths = [Path(f) for f in files]
    for path in paths:
        if not path.exists():
            fail(f"no such file or folder: {path}")
    found = list(replay_files(paths))
    if not found:
        fail("no replay files found in " + ", ".join(files))
    document = analyse_files(found, seat, Budget(cpu_ms=budget_ms))
    if as_json:
        click.echo(document.model_dump_json(indent=2))
    else:
        _print_document(document)
    if out is not None:
        from referee.analysis.html import analysis_page
        from referee.outputs import HTML_PAGE, OutputRefused, write_output

        try:
            write_output(Path(out), analysis_page(document), found, HTML_PAGE, force=False)
        except OutputRefused as error:
            fail(str(error))
        if not as_json:
            click.echo(f"wrote {for_terminal(out)}")
    for refused in document.errors:
        report_error(f"{refused.file}: {refused.error}")
    sys.exit(1 if document.errors else 0)


def _print_document(document: AnalysisDocument) -> None:
    for game in document.games:
        _print_game(game)
    if len(document.games) > 1:
        _print_bots(document)


def _print_game(game: GameAnalysis) -> None:
    names = ", ".join(for_terminal(n, NAME_LIMIT) for n in game.names)
    note = f" ({for_terminal(game.note)})" if game.note else ""
    click.echo(f"{for_terminal(game.file)}: {game.game} [{names}] basis {game.basis}{note}")
    for made in game.decisions:
        if made.mark is not None:
            click.echo("  " + _decision_line(made, game))
    for acc in game.seats:
        click.echo(
            f"  seat {acc.seat} {for_terminal(acc.name, NAME_LIMIT)}: {acc.decisions} decisions, "
            f"mean loss {_amount(acc.mean_loss, game.unit)}, {acc.inaccuracies} inaccuracies, "
            f"{acc.mistakes} mistakes, {acc.blunders} blunders"
        )


def _amount(value: float, unit: str) -> str:
    return f"{value * 100:.2f} %" if unit == "win_probability" else f"{value:.1f} points"


def _decision_line(made: Decision, game: GameAnalysis) -> str:
    name = for_terminal(game.names[made.seat], NAME_LIMIT)
    where = ""
    if made.turn_total is not None:
        dice = "die" if made.dice_left == 1 else "dice"
        where = f" at {made.turn_total} with {made.dice_left} {dice}"
    chosen = action_label(made.chosen)
    best = action_label(made.best)
    return (
        f"step {made.step} (line {made.line}) {name}: {chosen}{where} "
        f"{_amount(made.value_chosen, game.unit)}, best {best} "
        f"{_amount(made.value_best, game.unit)}: {made.mark} (-{_amount(made.loss, game.unit)})"
    )


def _print_bots(document: AnalysisDocument) -> None:
    unit = document.games[0].unit
    for bot in document.bots:
        click.echo(
            f"{for_terminal(bot.name, NAME_LIMIT)}: {bot.games} games, {bot.decisions} decisions, "
            f"mean loss {_amount(bot.mean_loss, unit)}; {bot.inaccuracies} inaccuracies, "
            f"{bot.mistakes} mistakes, {bot.blunders} blunders"
        )
        for phase in bot.by_phase:
            click.echo(
                f"  {for_terminal(phase.phase)}: {phase.decisions} decisions, lost "
                f"{_amount(phase.total_loss, unit)} in all"
            )
        for costly in bot.costliest:
            click.echo(
                f"  costly: {for_terminal(costly.file)} step {costly.step} (line {costly.line}) "
                f"{costly.phase}: -{_amount(costly.loss, unit)} {costly.mark or ''}".rstrip()
            )
