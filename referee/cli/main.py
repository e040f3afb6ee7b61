"""The ``thousand`` command line: thin click commands that parse, call and print.

Every mistake a person can make ends in one line on stderr and a non-zero exit (``UsageError``
exit 2 for bad options, exit 1 for bad inputs), never a traceback.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from referee.cli.bounds import (
    MAX_GAMES,
    MAX_PER_MOVE,
    MAX_STARTUP,
    int_range,
    seconds,
    time_options,
)
from referee.cli.options import (
    concurrency_option,
    executor_option,
    game_option,
    gzip_option,
    json_option,
    pin_option,
    refuse_pin_on_cluster,
    refuse_with_resume,
    rules_option,
    seed_option,
)
from referee.cli.sandbox_options import sandbox_options
from referee.errors import fail, report_error
from referee.players.sandbox import Sandbox
from thousand import __version__
from thousand.errors import RulesError, ThousandError
from thousand.registry import GAME_NAMES, game_spec
from thousand.rules_io import load_rules, rules_table

if TYPE_CHECKING:
    from referee.games.check import CheckReport
    from referee.players.time_control import TimeControl

GAME_OPTION = click.Choice(GAME_NAMES)


LAZY_COMMANDS = {
    "ladder": "referee.cli.ladder",
    "tournament": "referee.cli.tournament",
    "protocol": "referee.cli.protocol",
    "play": "referee.cli.play",
    "analyse": "referee.cli.analyse",
}
"""Command groups imported only when named: each start of ``thousand match`` (a bot author's
thousands, the test suite's hundreds) no longer imports the contest server, the ladder's store
and the tournament's reports it never uses. Each module holds a click command of its name."""


class ThousandGroup(click.Group):
    """The top command group: click's own errors (a bad option, a value out of range, an unknown
    command) print in the same one-line shape as every other error, ``thousand: error: ...``,
    instead of click's three-line usage block; usage errors keep click's exit code 2."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LAZY_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS and cmd_name not in self.commands:
            module = importlib.import_module(LAZY_COMMANDS[cmd_name])
            self.add_command(getattr(module, cmd_name), cmd_name)
        return super().get_command(ctx, cmd_name)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # a bare group: its help, not an error
                error.show()
                sys.exit(error.exit_code)
            where = error.ctx.command_path if error.ctx is not None else "thousand"
            fail(f"{error.format_message()} (see '{where} --help')", error.exit_code)
        except click.ClickException as error:
            fail(error.format_message(), error.exit_code)
        except ThousandError as error:
            # What a person, a bot or a file caused, which the command did not say itself: still
            # one line. Anything else is a bug and stays a traceback for someone to fix.
            fail(str(error))
        except click.Abort:
            fail("aborted")
        sys.exit(code if isinstance(code, int) else 0)


@click.group(
    cls=ThousandGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, prog_name="thousand")
def main() -> None:
    """Arena for the game Thousand (Тысяча): the 3-player card game and the dice game.

    Run bots against each other with `thousand match`, step through games with
    `thousand replay`, and host a contest with `thousand ladder`.
    """


@main.group()
def rules() -> None:
    """Show the rule presets of both games (every rule is an option)."""


@rules.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def rules_list(as_json: bool) -> None:
    """List the presets of both games."""
    listing: dict[str, list[str]] = {}
    for name in GAME_NAMES:
        listing[name] = list(game_spec(name).presets)
    if as_json:
        click.echo(json.dumps(listing))
        return
    for name, presets in listing.items():
        click.echo(f"{name}: {', '.join(presets)}")


@rules.command("show")
@click.argument("preset", required=False, default="classic")
@click.option("--game", type=GAME_OPTION, default="cards", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the rules as one JSON object.")
def rules_show(preset: str, game: str, as_json: bool) -> None:
    """Print the full rule table of PRESET (a preset name or a .json/.toml rules file)."""
    try:
        chosen = load_rules(game, preset)
    except RulesError as error:
        others = [g for g in GAME_NAMES if g != game and preset in game_spec(g).presets]
        hint = f" (hint: {preset} is a {others[0]} preset: --game {others[0]})" if others else ""
        fail(f"{error}{hint}")
        return
    if as_json:
        click.echo(json.dumps({"game": game, **chosen.model_dump(mode="json")}, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{game_spec(game).title} — rules {preset}")
    table.add_column("option", style="bold")
    table.add_column("value")
    table.add_column("meaning")
    for field, value, meaning in rules_table(chosen):
        table.add_row(field, value, meaning)
    Console().print(table)


@main.command(short_help="Play a match between bots; results, Elo, SPRT, replays.")
@click.argument("bots", nargs=-1, required=False, metavar="BOT BOT [BOT...]")
@game_option
@rules_option
@click.option(
    "--games",
    type=int_range(1, MAX_GAMES),
    default=10,
    show_default=True,
    help="With --rotate, rounded up to whole duplicate groups (announced).",
)
@seed_option("Reproduce a match. Default: a fresh secret 128-bit seed, shown in the report.")
@click.option("--rotate", is_flag=True, help="Duplicate format: every seed in every seating.")
@time_options("wall", "Charge wall time or the bot's CPU time.")
@concurrency_option("Tables at once, each with its own bot processes.")
@click.option(
    "--replays",
    type=click.Path(file_okay=False),
    default=None,
    help="Replay folder: each match writes into a new sub-folder match-DATE-TIME-XXXX of it "
    "(printed at the end), never over another match's files.",
)
@gzip_option
@click.option(
    "--logs",
    type=click.Path(file_okay=False),
    default=None,
    help="Folder for the bots' stderr logs, in a new sub-folder per match (default: the "
    "match's replay folder/logs, else a new folder under the system's temporary folder). "
    "A fault report names the faulting bot's log.",
)
@click.option(
    "--sprt",
    default=None,
    metavar="ELO0,ELO1[,ALPHA,BETA]",
    help="Two bots: stop when a sequential test decides.",
)
@executor_option(
    "Where the games are played: local, or dask://HOST:PORT (a Dask scheduler's "
    "workers, in tasks of whole duplicate groups; pip install 'thousand[dask]'; "
    "docs/cluster.md). The same seed gives the same games either way."
)
@pin_option()
@sandbox_options
@click.option(
    "--resume",
    type=click.Path(file_okay=False),
    default=None,
    help="Continue a run started with --replays and stopped half-way (its folder): finished "
    "games are kept, the rest played with the same seeds; bots, rules and options come from "
    "the run (bots must be unchanged).",
)
@json_option
def match(
    bots: tuple[str, ...],
    game: str,
    rules_arg: str,
    games: int,
    seed: int | None,
    rotate: bool,
    time: TimeControl,
    concurrency: int,
    replays: str | None,
    compress: bool,
    logs: str | None,
    sprt: str | None,
    sandbox: Sandbox,
    resume: str | None,
    executor_text: str,
    pin: bool,
    as_json: bool,
) -> None:
    """Play GAMES games between the BOTs (their number is the number of players).

    A BOT is a command line in one string ("python3 bots/random_bot.py"), an executable, a
    bot manifest (.json/.toml), or a built-in (builtin:random, builtin:first).

    When stdout is not a terminal (a pipe, a log), one line per finished game comes before
    the results. Every time and count option has a finite range, shown below.

    \b
    Exit codes: 0 the match was played; 1 an error (bad rules, bot command, folder, full
    disk); 2 a bad option; 3 a bot never played a game (it could not start in any);
    130 interrupted.
    """
    from referee.cli.match import run_match_command
    from referee.runs.match import MatchRequest

    if not bots and resume is None:
        raise click.UsageError("Missing argument 'BOT BOT [BOT...]' (or --resume DIR).")
    if resume is not None:
        refuse_with_resume(click.get_current_context())
    refuse_pin_on_cluster(pin, executor_text, "tables")
    request = MatchRequest(
        bots=bots,
        game=game,
        rules_arg=rules_arg,
        games=games,
        seed=seed,
        rotate=rotate,
        time=time,
        concurrency=concurrency,
        replays=Path(replays) if replays else None,
        compress=compress,
        logs=Path(logs) if logs else None,
        sprt_text=sprt,
        sandbox=sandbox,
        pin=pin,
        executor=executor_text,
        resume=Path(resume) if resume else None,
    )
    sys.exit(run_match_command(request, as_json=as_json))


@main.group()
def bots() -> None:
    """Tools for bot authors."""


@bots.command("check", short_help="Conformance check: every kind of decision, problems in words.")
@click.argument("bot")
@click.option("--game", type=GAME_OPTION, default=None, help="Check one game only (default both).")
@click.option(
    "--time-per-move", type=seconds(MAX_PER_MOVE), default=2.0, show_default=True, help="Seconds."
)
@click.option(
    "--startup-time", type=seconds(MAX_STARTUP), default=10.0, show_default=True, help="Seconds."
)
@click.option(
    "--games",
    "max_games",
    type=int_range(1, MAX_GAMES),
    default=12,
    show_default=True,
    help="At most this many games per rule set.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def bots_check(
    bot: str,
    game: str | None,
    time_per_move: float,
    startup_time: float,
    max_games: int,
    as_json: bool,
) -> None:
    """Check that BOT speaks the protocol: the handshake and every kind of decision.

    Plays short games against built-in random bots under several rule sets and reports each
    problem (late reply, wrong id, illegal action, crash, ...) with the line that caused it.
    Exits 1 when there is any problem.
    """
    from referee.games.check import run_check
    from referee.players.time_control import TimeControl

    games = [game] if game else list(GAME_NAMES)
    time = TimeControl(startup_time, 0.0, time_per_move)
    reports = run_check(bot, games, time, max_games)  # a bad BOT: a ThousandError, one line
    problems = sum(len(r.problems) for r in reports)
    problems += not any(r.skipped is None for r in reports)  # a bot that plays no game here
    if as_json:
        document = {"bot": bot, "ok": problems == 0, "rule_sets": [r.to_json() for r in reports]}
        click.echo(json.dumps(document, indent=2))
        sys.exit(1 if problems else 0)
    for report in reports:
        _print_check(report)
    if problems:
        click.echo(f"{problems} problem(s) found", err=True)
        sys.exit(1)
    click.echo("the bot passed every check")


def _print_check(report: CheckReport) -> None:
    """One rule set's checks: what the bot answered, and each problem once (with a count of
    its repeats), quoting what the bot sent — shown, never obeyed."""
    from referee.safetext import for_terminal

    if report.skipped is not None:
        click.echo(f"- {report.label}: not checked, {for_terminal(report.skipped)}")
        return
    mark = click.style("✓", fg="green") if not report.problems else click.style("✗", fg="red")
    answered = ", ".join(sorted(report.answered)) or "nothing"
    click.echo(f"{mark} {report.label}: {report.games} games; answered {answered}")
    missing = sorted(report.offered - report.answered)
    if missing and not report.problems:
        click.echo(f"    not asked of this bot in these games: {', '.join(missing)}")
    shown: dict[tuple[str, str], int] = {}
    for problem in report.problems:
        key = (problem["fault"], problem["detail"])
        shown[key] = shown.get(key, 0) + 1
        if shown[key] > 1:
            continue
        where = f"move {problem['move']}" if problem["move"] is not None else "start-up"
        click.echo(f"    {where}: {problem['problem']} — {for_terminal(problem['detail'])}")
        if problem["line"]:
            click.echo(f"      line: {for_terminal(problem['line'])}")
        for text in (problem.get("stderr") or "").splitlines():
            click.echo(f"      stderr: {for_terminal(text)}")
    for (kind, detail), count in shown.items():
        if count > 1:
            click.echo(f"    ({count - 1} more: {kind} — {for_terminal(detail)})")


@main.group()
def replay() -> None:
    """Step through, verify, summarise and export logged games."""


def _replay_paths(files: tuple[str, ...]) -> list[Path]:
    from referee.replay.reader import replay_files
    from referee.safetext import for_terminal

    paths = [Path(f) for f in files]
    for path in paths:
        if not path.exists():
            fail(f"no such file or folder: {for_terminal(str(path))}")
    found = list(replay_files(paths))
    if not found:
        fail("no replay files found in " + ", ".join(for_terminal(f) for f in files))
    return found


def _replay_fail(error: Exception) -> None:
    """One line for a replay that cannot be read: its text quotes the file (names, values),
    which anyone may have written, so it is shown escaped."""
    from referee.safetext import for_terminal

    fail(for_terminal(str(error)))


@replay.command("verify", short_help="Re-run games through the engine and check them.")
@click.argument("files", nargs=-1, required=True, metavar="FILE|DIR...")
@seed_option(
    "A ladder's revealed master seed: every deal and throw must also be the one it dictates "
    "for the game the replay's origin names."
)
@click.option(
    "--commitment",
    metavar="HEX",
    help="The SHA-256 the ladder published for its seed: the seed must be the one it promised.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per file, one per line.")
@click.option("--quiet", "-q", is_flag=True, help="Print only failures and the total.")
def replay_verify(
    files: tuple[str, ...], seed: int | None, commitment: str | None, as_json: bool, quiet: bool
) -> None:
    """Re-run every game through the engine from its recorded chance outcomes and actions.

    With --seed (a ladder's master seed, revealed when its contest is over), each game's seed
    must also be the one the master seed gives the match its header's origin names, and every
    recorded chance outcome the one that seed draws. With --commitment the seed must first
    match the commitment the ladder published at its start.

    Prints OK, or the first disagreement with its line number; exits 1 if any file fails.
    """
    from referee.games.provenance import check_commitment
    from referee.games.revealed import verify_against
    from referee.replay.verify import verify_file
    from referee.safetext import for_terminal

    if commitment is not None:
        if seed is None:
            raise click.UsageError("--commitment checks a seed: give --seed too")
        check_commitment(seed, commitment)  # a ThousandError: one line, exit 1
    failed = checked = 0
    for path in _replay_paths(files):
        verdict = verify_file(path) if seed is None else verify_against(path, seed)
        checked += 1
        failed += not verdict.ok
        shown = for_terminal(str(path))
        if as_json:
            click.echo(json.dumps(verdict.to_json()))
        elif not verdict.ok:
            where = f"{shown}: line {verdict.line}" if verdict.line else shown
            click.echo(f"{where}: {for_terminal(verdict.message)}")
        elif not quiet:
            click.echo(f"{shown}: OK ({verdict.steps} steps)")
    if not as_json:
        against = "" if seed is None else " against the seed"
        click.echo(f"{checked - failed} of {checked} replays verified{against}", err=True)
    sys.exit(1 if failed else 0)


@replay.command("summary")
@click.argument("files", nargs=-1, required=True, metavar="FILE|DIR...")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per game, one per line.")
def replay_summary(files: tuple[str, ...], as_json: bool) -> None:
    """One line per game: players, winner, scores, length, faults."""
    from referee.replay.summary import ReplayError, summarise

    bad = 0
    for path in _replay_paths(files):
        try:
            summary = summarise(path)
        except ReplayError as error:
            bad += 1
            report_error(str(error))
            continue
        click.echo(json.dumps(summary.to_json()) if as_json else summary.line())
    sys.exit(1 if bad else 0)


@replay.command("show", short_help="Step through a game in the terminal.")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", type=int, default=None, help="Show only what this seat knew.")
@click.option("--at", type=click.IntRange(min=0), default=0, help="Start at step N.")
@click.option("--no-step", is_flag=True, help="Print the whole game (automatic in a pipe).")
@click.option("--analysis", is_flag=True, help="Under each step: thousand analyse's line.")
def replay_show(file: str, seat: int | None, at: int, no_step: bool, analysis: bool) -> None:
    """Step through a game: the table at every step, cards as cards, dice as dice.

    Keys: n/→/space next, p/← previous, g go to a deal (cards) or turn (dice), j jump to a
    step, s start, e end, q quit.
    """
    from referee.replay.reader import ReplayError
    from referee.replay.viewer import show

    try:
        notes = _analysis_notes(Path(file), seat) if analysis else None
        show(Path(file), seat, at, not no_step, notes)
    except (ReplayError, ValueError) as error:
        _replay_fail(error)


def _analysis_notes(path: Path, seat: int | None) -> dict[int, str]:
    """thousand analyse's line of each step (of ``seat``'s decisions only, when given: a card
    game's every decision is sampled for --budget-ms's default 200 ms)."""
    from referee.analysis.games import analyse_file
    from referee.analysis.notes import step_notes

    return step_notes(analyse_file(path, seat))


def _analysis_page(path: Path) -> tuple[dict[int, str], dict[str, Any]]:
    from referee.analysis.games import analyse_file
    from referee.analysis.notes import page_chart, step_notes

    game = analyse_file(path)
    return step_notes(game), page_chart(game)


@replay.command("export", short_help="Write one self-contained HTML page of a game.")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--html",
    "out",
    required=True,
    type=click.Path(dir_okay=False),
    help="Write one self-contained HTML page here.",
)
@click.option(
    "--force",
    is_flag=True,
    help="Replace OUT even if it is not a page thousand wrote (never the replay itself).",
)
@click.option("--analysis", is_flag=True, help="Add thousand analyse's line to each step.")
def replay_export(file: str, out: str, force: bool, analysis: bool) -> None:
    """Export a game as one self-contained HTML page (no network, no external scripts).

    OUT is written in one step (a temporary file renamed over it); an existing OUT that is not
    a page written by thousand is left alone unless --force is given.
    """
    from referee.replay.export import export_html
    from referee.replay.reader import ReplayError
    from referee.safetext import for_terminal

    try:
        notes, chart = _analysis_page(Path(file)) if analysis else (None, None)
        written = export_html(Path(file), Path(out), force=force, notes=notes, analysis=chart)
    except (ReplayError, OSError) as error:
        _replay_fail(error)
        return
    click.echo(f"wrote {for_terminal(str(written))}")


if __name__ == "__main__":
    main()
