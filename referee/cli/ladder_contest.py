"""``thousand ladder phase / final-version / final / reveal``: a contest's deadline and end
(click commands only; the work is in ``referee.ladder.contest``, ``finalists`` and ``final``).

Their refusals are ``LadderError`` lines raised below, which the ladder group prints as the one
``thousand: error:`` line: no command here catches them itself."""

from __future__ import annotations

import asyncio
import datetime
import sqlite3
import sys
from pathlib import Path

import click

from referee.cli.bounds import MAX_MATCHES, int_range
from referee.cli.ladder_open import open_ladder, runnable
from referee.cli.options import concurrency_option, executor_option
from referee.errors import fail, note
from referee.ladder import contest, final, final_standings, finalists, readiness, store
from referee.running import Running
from referee.safetext import NAME_LIMIT, for_rich, for_terminal

MAX_ROUNDS = 1000
MAX_GAMES_PER_TABLE = 10_000


def _print_state(state: contest.ContestState, as_json: bool) -> None:
    if as_json:
        click.echo(state.model_dump_json(indent=2))
        return
    click.echo("\n".join(_state_lines(state)))


def _state_lines(state: contest.ContestState) -> list[str]:
    lines = [
        f"phase: {state.line()}",
        f"commitment (SHA-256 of the master seed): {state.commitment}",
    ]
    if state.seed is not None:
        lines.append(f"master seed (revealed {state.revealed}): {state.seed}")
    return lines


def _moment(text: str) -> datetime.datetime:
    try:
        return contest.deadline_from(text)
    except contest.ContestError as error:
        raise click.BadParameter(str(error), param_hint="--deadline") from None


@click.command("phase", short_help="Show the contest's phase; set or move its deadline.")
@click.argument("db", type=click.Path(dir_okay=False))
@click.option(
    "--deadline",
    default=None,
    metavar="WHEN",
    help="Close submissions at WHEN: ISO 8601 in UTC unless an offset is given "
    "(2026-12-10T18:00Z), or 'now'. Movable until the final begins.",
)
@click.option("--no-deadline", is_flag=True, help="Take the deadline away: submissions open.")
@click.option("--json", "as_json", is_flag=True, help="Print the state as JSON.")
def ladder_phase(db: str, deadline: str | None, no_deadline: bool, as_json: bool) -> None:
    """Where the contest in DB stands: open, closed (past the deadline), final, finished;
    the time left and the commitment to the master seed.

    \b
    thousand ladder phase contest.db --deadline 2026-12-10T18:00Z
    thousand ladder phase contest.db --deadline now     # close submissions at once
    """
    if deadline is not None and no_deadline:
        raise click.UsageError("give --deadline or --no-deadline, not both")
    conn = open_ladder(db, write=deadline is not None or no_deadline)
    if deadline is not None or no_deadline:
        state = contest.set_deadline(conn, None if no_deadline else _moment(deadline or ""))
    else:
        state = contest.state(conn)
    _print_state(state, as_json)


@click.command("final-version", short_help="Show or mark an entrant's version for the final.")
@click.argument("db", type=click.Path(dir_okay=False))
@click.argument("name")
@click.argument("version", type=int_range(1, 1 << 62), required=False)
@click.option("--latest", is_flag=True, help="Take the mark back: the latest version plays.")
@click.option("--json", "as_json", is_flag=True, help="Print the choice as JSON.")
def ladder_final_version(
    db: str, name: str, version: int | None, latest: bool, as_json: bool
) -> None:
    """NAME's version for the final: VERSION marks one (before the deadline), --latest takes
    the mark back, neither shows the choice. Contestants mark their own on the server."""
    if version is not None and latest:
        raise click.UsageError("give VERSION or --latest, not both")
    conn = open_ladder(db, write=version is not None or latest)
    entrant = store.entrant_by_name(conn, name)
    if version is not None or latest:
        chosen = finalists.mark(conn, entrant, version)
    else:
        chosen = finalists.choice(conn, entrant)
    if as_json:
        click.echo(chosen.model_dump_json(indent=2))
        return
    how = "marked" if chosen.marked else "the latest, by default"
    click.echo(
        f"{for_terminal(chosen.name, NAME_LIMIT)}: version {chosen.version} plays the final "
        f"({how}; versions on record: {', '.join(map(str, chosen.versions)) or 'none'})"
    )


def _print_standings(table: final_standings.FinalStandings, as_json: bool, markdown: bool) -> None:
    if as_json:
        click.echo(table.model_dump_json(indent=2))
        return
    if markdown:
        click.echo(final_standings.markdown(table), nl=False)
        return
    from rich.console import Console
    from rich.table import Table

    title = "final standings" if table.frozen else "final (provisional)"
    view = Table(
        title=f"{title} · {table.games} games · {table.matches_done} of "
        f"{table.matches_planned} matches · {table.rounds} rounds"
    )
    for column in ("place", "name", "v", "rating", "95 % interval", "games", "wins", "mean place"):
        view.add_column(column, justify="left" if column == "name" else "right")
    for r in table.rows:
        view.add_row(
            str(r.place) + ("" if r.separated in (True, None) else " ≈"),
            for_rich(r.name, NAME_LIMIT),
            str(r.version),
            f"{r.elo:+.0f}",
            f"{r.low:+.0f} … {r.high:+.0f}",
            str(r.games),
            str(r.wins),
            "—" if r.mean_place is None else f"{r.mean_place:.2f}",
        )
    out = Console()
    Console(width=120).print(view) if not out.is_terminal else out.print(view)
    if any(r.separated is False for r in table.rows):
        click.echo("≈: not separated from the next at that confidence")


@click.command("final", short_help="Play the final evaluation (resumable); print its standings.")
@click.argument("db", type=click.Path(dir_okay=False))
@click.option(
    "--rounds",
    type=int_range(1, MAX_ROUNDS),
    default=None,
    help=f"Rounds to play (default {final.DEFAULT_ROUNDS}); in a round every finalist sits at "
    "as many tables as a table has seats.",
)
@click.option(
    "--games-per-table",
    type=int_range(1, MAX_GAMES_PER_TABLE),
    default=None,
    help="Games each table plays, rounded up to whole duplicate groups (default: one group).",
)
@click.option(
    "--until-settled",
    is_flag=True,
    help="Add rounds until every pair of neighbours is separated at --confidence, or "
    "--max-games is spent.",
)
@click.option(
    "--confidence",
    type=click.FloatRange(0.5, 1.0, min_open=True, max_open=True),
    default=final.DEFAULT_CONFIDENCE,
    show_default=True,
    help="One-sided confidence at which neighbours count as separated.",
)
@click.option(
    "--max-games",
    type=int_range(1, MAX_MATCHES * 100),
    default=None,
    help="With --until-settled: the game budget (no round begun beyond it).",
)
@click.option(
    "--top",
    type=int_range(2, 1 << 20),
    default=None,
    help="Only the ladder's top N by μ − 3σ play the final (default: every enabled entrant).",
)
@concurrency_option("Final matches at once, each with its own bot processes.")
@executor_option("Where the final's matches are played: local, or dask://HOST:PORT.")
@click.option(
    "--allow-weak-sandbox",
    is_flag=True,
    help="Play even if the bots would not be in a bubblewrap sandbox (bots you trust only).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the standings as JSON.")
@click.option("--markdown", is_flag=True, help="Print the standings as Markdown.")
def ladder_final(
    db: str,
    rounds: int | None,
    games_per_table: int | None,
    until_settled: bool,
    confidence: float,
    max_games: int | None,
    top: int | None,
    concurrency: int,
    executor_text: str,
    allow_weak_sandbox: bool,
    as_json: bool,
    markdown: bool,
) -> None:
    """Play the final among each entrant's final version, after the deadline: a balanced
    schedule of duplicate matches, one Plackett–Luce ranking of all its games with 95 %
    intervals, frozen at the end. Killed at any moment, the same command resumes it. Once
    finished, prints the frozen standings."""
    if until_settled and rounds is not None:
        raise click.UsageError("give --rounds or --until-settled, not both")
    if max_games is not None and not until_settled:
        raise click.UsageError("--max-games is the budget of --until-settled")
    conn = open_ladder(db)
    held = final_standings.frozen(conn)
    if held is not None:
        _print_standings(held, as_json, markdown)
        return
    meta = store.read_meta(conn)
    wanted = final.FinalSettings(
        rounds=None if until_settled else (rounds or final.DEFAULT_ROUNDS),
        groups=final.groups_for(games_per_table, int(meta["players"])) if games_per_table else 1,
        until_settled=until_settled,
        confidence=confidence,
        max_games=max_games,
        top=top,
    )
    begun = final.begin(conn, wanted)
    if begun.resumed and begun.settings != wanted and _given(rounds, games_per_table, top):
        note(
            "resuming the final with the settings it began with "
            f"({begun.settings.model_dump_json(exclude_none=True)}); the options given are unused"
        )
    table = _play(conn, Path(db), begun.settings, concurrency, executor_text, allow_weak_sandbox)
    _print_standings(table, as_json, markdown)


def _given(*values: object) -> bool:
    return any(v is not None for v in values)


def _play(
    conn: sqlite3.Connection,
    db: Path,
    settings: final.FinalSettings,
    concurrency: int,
    executor_text: str,
    allow_weak_sandbox: bool,
) -> final_standings.FinalStandings:
    from rich.console import Console

    from referee.cluster.connect import ClusterError
    from referee.ladder.dask_executor import start_executor

    here = runnable(conn, db, allow_weak_sandbox)
    err = Console(stderr=True)
    stop = asyncio.Event()
    running = Running(
        said="stopping after the running final matches (Ctrl-C again to stop now)",
        say=err.print,
        finish_first=stop.set,
    )
    with running:
        try:
            started = start_executor(executor_text, here.chosen, running.loop, conn, False)
        except (ClusterError, store.LadderError) as error:
            fail(str(error))
        running.close_after(started.close)
        readiness.record_run(conn, here.chosen, started.name)

        def on_recorded(done: int, planned: int) -> None:
            err.print(f"final: {done} of {planned} matches recorded")

        def on_failure(match_id: int, error: Exception) -> None:
            err.print(
                f"final match {match_id} failed ({type(error).__name__}: {for_rich(error)}); "
                "stopping: run the same command to resume"
            )

        ended = running.run(
            final.play(db, started.executor, settings, concurrency, stop, on_recorded, on_failure),
            errors=(store.LadderError, ClusterError),
        )
    if ended.error is not None:
        fail(str(ended.error))
    if ended.result is None:
        err.print("stopped; run the same command to resume the final")
        sys.exit(130 if ended.interrupted else 1)
    return ended.result


@click.command("reveal", short_help="Publish the master seed, once the contest is finished.")
@click.argument("db", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the state as JSON.")
def ladder_reveal(db: str, as_json: bool) -> None:
    """Reveal the master seed of a finished contest: every page and /api/rules then show it,
    and anyone can check every final replay against the commitment published from the start:

    \b
    thousand replay verify --seed SEED --commitment HEX REPLAYS…
    """
    state = contest.reveal(open_ladder(db))
    _print_state(state, as_json)
    if as_json:
        return
    click.echo(
        f"check a replay: thousand replay verify --seed {state.seed} "
        f"--commitment {state.commitment} FILES…"
    )


def register(group: click.Group) -> None:
    for command in (ladder_phase, ladder_final_version, ladder_final, ladder_reveal):
        group.add_command(command)
