"""``thousand ladder …``: host a contest ladder (a click group; the work is in the modules)."""

from __future__ import annotations

import asyncio
import datetime
import json
import sqlite3
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from referee.cli import ladder_contest, ladder_server
from referee.cli.bounds import MAX_LISTED, MAX_MATCHES, MAX_SEATS, int_range, time_options
from referee.cli.ladder_open import open_ladder as _open
from referee.cli.ladder_open import runnable as _runnable
from referee.cli.options import (
    concurrency_option,
    executor_option,
    game_option_of,
    gzip_option,
    pin_option,
    refuse_pin_on_cluster,
    rules_option,
    seed_option,
)
from referee.cli.sandbox_options import sandbox_options_defaulting
from referee.errors import fail, warn
from referee.games.chance import commitment, fresh_seed, is_guessable
from referee.ladder import (
    contest,
    names,
    paths,
    ratings,
    readiness,
    rerate,
    service,
    standings,
    store,
)
from referee.ladder.privacy import exposed_warning
from referee.players.botspec import BotSpec, BotSpecError, parse_bot
from referee.players.sandbox import Sandbox, SandboxError, visible_paths
from referee.replay.reader import ReplayError
from referee.running import Ended, Running
from referee.safetext import NAME_LIMIT, for_rich, for_terminal
from thousand.errors import RulesError
from thousand.registry import game_spec
from thousand.rules_io import load_rules

if TYPE_CHECKING:
    from rich.console import Console

    from referee.ladder.dask_executor import Started
    from referee.players.time_control import TimeControl

ladder_sandbox_options = sandbox_options_defaulting("bwrap")


def _check_name(name: str) -> None:
    problem = names.name_problem(name)
    if problem is not None:
        fail(problem)


class LadderGroup(click.Group):
    """Any ``LadderError`` a command lets through (a full disk, a ladder that stayed locked)
    becomes the one ``thousand: error:`` line, never a traceback."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except store.LadderError as error:
            fail(str(error))
            raise


def _refuse_after_deadline(conn: sqlite3.Connection) -> None:
    """No new entrant nor version once the deadline has passed: said with the deadline."""
    try:
        contest.refuse_entry(conn)
    except store.LadderError as error:
        fail(str(error))


def _entrant(conn: sqlite3.Connection, name: str) -> store.Entrant:
    try:
        return store.entrant_by_name(conn, name)
    except store.LadderError as error:
        fail(str(error))
        raise


@click.group(
    cls=LadderGroup, short_help="Host a contest ladder: entrants, matches, ratings, standings."
)
def ladder() -> None:
    """Host a contest ladder: entrants, round-the-clock matches, ratings, standings.

    \b
    thousand ladder init contest.db --game dice --rules classic --players 3
    thousand ladder add contest.db alice "python3 bots/dice_bot.py"
    thousand ladder run contest.db --matches 30 --concurrency 2
    thousand ladder standings contest.db
    """


@ladder.command("init")
@click.argument("db", type=click.Path(dir_okay=False))
@game_option_of(required=True)
@rules_option
@gzip_option
@click.option(
    "--players",
    type=int_range(2, MAX_SEATS),
    default=None,
    help="Seats per match (default: the game's).",
)
@time_options("cpu", "CPU clocks keep a loaded ladder machine fair.")
@seed_option(
    "Master seed of every deal and throw. Default: a fresh secret 128-bit seed, kept "
    "in the database only. A seed someone can guess lets them predict every deal."
)
@ladder_sandbox_options
@click.option(
    "--allow-weak-sandbox",
    is_flag=True,
    help="Let the ladder run bots under --sandbox rlimits or none (or fall back to rlimits "
    "where bwrap does not work): bots could then read the replays, the database and each "
    "other's files. Only for bots you trust.",
)
@click.option(
    "--check-games",
    type=int_range(1, store.MAX_CHECK_GAMES),
    default=store.CHECK_GAMES,
    show_default=True,
    help="Games of the ladder's rules the conformance check plays at most before it admits "
    "a bot (ladder add and update, uploads): fewer for long games, more to be surer.",
)
@click.option(
    "--deadline",
    default=None,
    metavar="WHEN",
    help="Close submissions at WHEN (ISO 8601, UTC unless an offset is given, e.g. "
    "2026-12-10T18:00Z); set or move it later with: thousand ladder phase DB --deadline WHEN.",
)
def ladder_init(
    db: str,
    game: str,
    rules_arg: str,
    players: int | None,
    time: TimeControl,
    seed: int | None,
    sandbox: Sandbox,
    allow_weak_sandbox: bool,
    compress: bool,
    check_games: int,
    deadline: str | None,
) -> None:
    """Create a ladder in the SQLite file DB.

    Its commitment (the SHA-256 of its master seed) is printed and published from the
    start; the seed itself only after the contest: thousand ladder reveal."""
    if (sandbox.mode != "bwrap" or sandbox.allow_fallback) and not allow_weak_sandbox:
        weakness = _weakness(sandbox.mode, sandbox.allow_fallback)
        fail(
            f"a ladder runs strangers' bots: {weakness} would let a "
            "bot read the replays being written, the database and other bots' files; use "
            "--sandbox bwrap (the default), or say --allow-weak-sandbox for bots you trust"
        )
    if seed is None:
        seed = fresh_seed()
    elif is_guessable(seed):
        warn(
            f"seed {seed} is guessable: anyone who guesses it can predict "
            "every deal and throw of this ladder (leave --seed out for a secret one)"
        )
    try:
        rules = load_rules(game, rules_arg)
        spec = game_spec(game)
        count = spec.default_players if players is None else players
        if players is None and count not in rules.allowed_players():  # type: ignore[attr-defined]
            count = rules.allowed_players()[0]  # type: ignore[attr-defined]
        spec.check_players(rules, count)
        meta = service.meta_for_init(
            game,
            rules.model_dump(mode="json"),
            rules_arg,
            count,
            {
                "startup": time.startup,
                "bank": time.bank,
                "per_move": time.per_move,
                "clock": time.clock,
            },
            seed,
            sandbox.model_dump(mode="json"),
            compress=compress,
            check_games=check_games,
        )
        meta["weak_sandbox"] = allow_weak_sandbox
        if deadline is not None:
            meta["deadline"] = contest.parse_moment(deadline).isoformat()
        store.init(Path(db), meta)
        exposed = exposed_warning(Path(db), sandbox)
    except (RulesError, store.LadderError, SandboxError) as error:
        fail(str(error))
    if exposed is not None:
        warn(exposed)
    click.echo(f"created ladder {db}: {game}, rules {rules_arg}, {count} players a match")
    click.echo(f"commitment to its master seed (SHA-256): {commitment(seed)}")
    if deadline is not None:
        shown = contest.shown_moment(contest.parse_moment(deadline))
        click.echo(f"submissions close at {shown}")


def _weakness(mode: str, fallback: bool) -> str:
    if mode == "bwrap":
        return "falling back to --sandbox rlimits"
    return f"--sandbox {mode}"


def _parse(bot: str) -> tuple[str, BotSpec]:
    """The BOT argument as the ladder stores it — every path in it absolute, so that the
    entrant starts the same from any working directory — and its spec."""
    try:
        parse_bot(bot)  # errors in the words the organiser typed
        stored = paths.absolute_bot(bot, Path.cwd())
        return stored, parse_bot(stored)
    except BotSpecError as error:
        fail(str(error))
        raise


def _refuse_shared_folder(db_path: str, spec: BotSpec) -> None:
    """What a bot's sandbox shows it (its own files, its interpreter's installation) must not
    hold the ladder."""
    ladder = Path(db_path).resolve()
    files = paths.files_dir(ladder)
    for named in visible_paths(spec.argv, spec.own):  # its own files and its runtime
        own = Path(named).resolve()  # a link is bound with what it points to
        if ladder.is_relative_to(own) or files.is_relative_to(own) or own.is_relative_to(files):
            fail(
                f"the bot's own files ({own}) hold the ladder {db_path} or lie among its replays "
                "and logs: its sandbox would show it them; keep each bot in a folder of its own"
            )


def _refuse_untravelled(spec: BotSpec) -> None:
    """Admission's bundle test, before the conformance check and also without it."""
    from referee.ladder import admission

    why = admission.travel_problem(spec)
    if why is not None:
        fail(f"{admission.TRAVEL}: {why}")


def _admit(db_path: str, bot: str) -> tuple[str, str | None]:
    """Run the conformance check under the ladder's own rules; refuse with the reasons.
    Returns the bot as stored (absolute paths) and its fingerprint."""
    from referee.ladder import admission

    db = _open(db_path)
    meta = store.read_meta(db)
    db.close()
    stored, spec = _parse(bot)
    _refuse_shared_folder(db_path, spec)
    _refuse_untravelled(spec)
    try:
        terms = admission.terms(meta)
    except SandboxError as error:
        fail(str(error))
        raise
    if terms.warning is not None:
        warn(terms.warning)
    click.echo(f"checking {bot} ...", err=True)
    report = asyncio.run(admission.check(spec, terms))
    if report.problems:
        fail("the bot failed the conformance check: " + "; ".join(admission.reasons(report)))
    return stored, spec.digest


def _admitted(db: str, bot: str, no_check: bool) -> tuple[str, str | None]:
    """The bot as stored and its fingerprint; without ``no_check`` it must pass the check."""
    if not no_check:
        return _admit(db, bot)
    stored, spec = _parse(bot)
    _refuse_shared_folder(db, spec)
    _refuse_untravelled(spec)
    return stored, spec.digest


@ladder.command("add", short_help="Admit an entrant after the conformance check.")
@click.argument("db", type=click.Path(dir_okay=False))
@click.argument("name")
@click.argument("bot")
@click.option("--no-check", is_flag=True, help="Admit without the conformance check.")
def ladder_add(db: str, name: str, bot: str, no_check: bool) -> None:
    """Admit a new entrant NAME playing BOT (a command, executable, manifest or builtin:…).

    Paths in BOT are stored absolute: the ladder can then run from any folder."""
    _check_name(name)
    _refuse_after_deadline(_open(db))  # also: not a ladder, or read-only, said before the check
    stored, digest = _admitted(db, bot, no_check)
    conn = _open(db)
    start = ratings.Rating()
    try:
        with store.transaction(conn):
            cursor = conn.execute(
                "INSERT INTO entrants (name, bot, digest, added, mu, sigma) VALUES (?,?,?,?,?,?)",
                (name, stored, digest, store.now_iso(), start.mu, start.sigma),
            )
            store.record_version(conn, int(cursor.lastrowid or 0), 1, stored, digest)
    except sqlite3.IntegrityError:
        fail(f"an entrant named {name!r} exists already (use: thousand ladder update)")
    click.echo(f"added {name}")


@ladder.command("update", short_help="Replace an entrant's bot with a new version.")
@click.argument("db", type=click.Path(dir_okay=False))
@click.argument("name")
@click.argument("bot")
@click.option("--reset-rating", is_flag=True, help="Start the new version's rating afresh.")
@click.option("--no-check", is_flag=True, help="Admit without the conformance check.")
def ladder_update(db: str, name: str, bot: str, reset_rating: bool, no_check: bool) -> None:
    """Replace NAME's bot with a new version (the rating is kept unless --reset-rating)."""
    conn = _open(db)
    entrant = _entrant(conn, name)
    _refuse_after_deadline(conn)
    stored, digest = _admitted(db, bot, no_check)
    start = ratings.Rating()
    with store.transaction(conn):
        conn.execute(
            "UPDATE entrants SET bot = ?, digest = ?, version = version + 1 WHERE id = ?",
            (stored, digest, entrant.id),
        )
        store.record_version(conn, entrant.id, entrant.version + 1, stored, digest)
        if reset_rating:
            conn.execute(
                "UPDATE entrants SET mu = ?, sigma = ? WHERE id = ?",
                (start.mu, start.sigma, entrant.id),
            )
            conn.execute(
                "INSERT INTO rating_events (kind, entrant_id) VALUES ('reset', ?)", (entrant.id,)
            )
    kept = "reset" if reset_rating else "kept"
    click.echo(f"updated {name} to version {entrant.version + 1} (rating {kept})")


def _set_enabled(db: str, name: str, enabled: bool) -> None:
    conn = _open(db)
    entrant = _entrant(conn, name)
    with store.transaction(conn):
        conn.execute("UPDATE entrants SET enabled = ? WHERE id = ?", (int(enabled), entrant.id))
    click.echo(f"{'enabled' if enabled else 'disabled'} {name}")


@ladder.command("disable")
@click.argument("db", type=click.Path(dir_okay=False))
@click.argument("name")
def ladder_disable(db: str, name: str) -> None:
    """Stop scheduling NAME (its results and rating stay)."""
    _set_enabled(db, name, False)


@ladder.command("enable")
@click.argument("db", type=click.Path(dir_okay=False))
@click.argument("name")
def ladder_enable(db: str, name: str) -> None:
    """Schedule NAME again."""
    _set_enabled(db, name, True)


@ladder.command("list")
@click.argument("db", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True)
def ladder_list(db: str, as_json: bool) -> None:
    """List the entrants and their bots."""
    conn = _open(db, write=False)
    field = store.entrants(conn)
    if as_json:
        rows = [
            standings.EntrantRow(
                name=e.name,
                bot=e.bot,
                version=e.version,
                enabled=e.enabled,
                digest=e.digest,
                added=e.added,
            ).model_dump(mode="json")
            for e in field
        ]
        click.echo(json.dumps(rows, indent=2))
        return
    for e in field:
        state = "enabled" if e.enabled else "disabled"
        # Names and bot commands are the contestants' text: shown, never obeyed.
        name = for_terminal(e.name, NAME_LIMIT)
        click.echo(f"{name:20} v{e.version} {state:8} {for_terminal(e.bot)}")


def _parse_until(text: str) -> float:
    try:
        moment = datetime.datetime.fromisoformat(text)
    except ValueError:
        try:
            clock = datetime.time.fromisoformat(text)
        except ValueError:
            raise click.BadParameter(
                "use an ISO time (2026-12-01T08:00 or 08:00)", param_hint="--until"
            ) from None
        today = datetime.datetime.now()
        moment = datetime.datetime.combine(today.date(), clock)
        if moment <= today:
            moment += datetime.timedelta(days=1)
    return moment.timestamp()


@ladder.command("run")
@click.argument("db", type=click.Path(dir_okay=False))
@click.option("--matches", type=int_range(1, MAX_MATCHES), default=None, help="Play N matches.")
@click.option("--until", default=None, help="Stop scheduling at this time (ISO, or HH:MM).")
@click.option(
    "--total",
    type=int_range(1, MAX_MATCHES),
    default=None,
    help="Stop once the ladder holds N finished matches (a restart completes it).",
)
@click.option("--forever", is_flag=True, help="Play until interrupted.")
@concurrency_option("Matches at once, each with its own bot processes.")
@executor_option(
    "Where matches are played: local, or dask://HOST:PORT (a Dask scheduler's workers; "
    "pip install 'thousand[dask]', see docs/cluster.md)."
)
@pin_option(
    "Run each match and its bots on one core (the one with the fewest matches): at "
    "--concurrency up to the cores, a core a match. Local matches only (pin Dask workers "
    "instead, docs/cluster.md)."
)
@click.option("--uniform", is_flag=True, hidden=True, help="Random pairing (benchmarks).")
@click.option(
    "--allow-weak-sandbox",
    is_flag=True,
    help="Run even if the bots would not be in a bubblewrap sandbox (bots you trust only).",
)
def ladder_run(
    db: str,
    matches: int | None,
    until: str | None,
    total: int | None,
    forever: bool,
    concurrency: int,
    executor_text: str,
    pin: bool,
    uniform: bool,
    allow_weak_sandbox: bool,
) -> None:
    """Schedule and play matches, updating ratings after each.

    Ctrl-C stops cleanly after the running matches; a second Ctrl-C stops at once.
    """
    if sum(x is not None for x in (matches, until, total)) + forever != 1:
        raise click.UsageError("give exactly one of --matches, --until, --total, --forever")
    refuse_pin_on_cluster(pin, executor_text, "matches")
    conn = _open(db)
    if contest.state(conn).seed is not None:
        fail(
            "the master seed of this ladder is revealed: its deals and throws are known to "
            "anyone, so it plays no more matches"
        )
    here = _runnable(conn, Path(db), allow_weak_sandbox)
    from rich.console import Console

    from referee.cluster.connect import ClusterError
    from referee.ladder.dask_executor import start_executor

    err = Console(stderr=True)
    stop = asyncio.Event()
    running = Running(
        said="stopping after the running matches (Ctrl-C again to stop now)",
        say=err.print,
        finish_first=stop.set,  # the matches in play are finished and recorded first
    )
    with running:
        try:
            started = start_executor(executor_text, here.chosen, running.loop, conn, pin)
        except (ClusterError, store.LadderError) as error:
            fail(str(error))
        running.close_after(started.close)
        readiness.record_run(conn, here.chosen, started.name)
        conn.close()
        budget = service.Budget(matches, _parse_until(until) if until else None, total)
        if here.fallback:
            err.print(here.fallback)
        ended = _play(running, err, started, Path(db), budget, concurrency, stop, uniform)
        recorded = _recorded(ended, err)
    click.echo(f"recorded {recorded} match{'' if recorded == 1 else 'es'}")
    if ended.interrupted:
        sys.exit(130)


def _recorded(ended: Ended[int], err: Console) -> int:
    """The matches a run recorded, or its end said in one line (a full disk, a lost
    scheduler, a second Ctrl-C)."""
    if isinstance(ended.error, store.DiskFull):
        fail(
            f"{ended.error}: the run stopped; every recorded match is complete and none "
            "is half recorded; free some space and run again"
        )
    if ended.error is not None:
        fail(str(ended.error))
    if ended.result is None:  # a second signal cancelled the run
        err.print("stopped; the matches in flight were abandoned")
        sys.exit(130)
    return ended.result


def _play(
    running: Running,
    err: Console,
    started: Started,
    db: Path,
    budget: service.Budget,
    concurrency: int,
    stop: asyncio.Event,
    uniform: bool,
) -> Ended[int]:
    """The ladder's matches under a live line (matches, rate, leader, the cluster's state);
    a run's end that is no bug (a full disk, a ladder error, a lost scheduler) comes back in
    ``Ended.error``."""
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from referee.cluster.connect import ClusterError

    begun = time.monotonic()
    progress = Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=err,
        disable=not err.is_terminal,
        transient=True,
    )
    task = progress.add_task("ladder: starting", total=None)

    def on_recorded(count: int, leader: store.Entrant | None) -> None:
        rate = count / max(1e-9, time.monotonic() - begun) * 60
        lead = f", leader {for_rich(leader.name, NAME_LIMIT)}" if leader else ""
        live = started.status()
        live = f", {live}" if live else ""
        progress.update(task, description=f"ladder: {count} matches, {rate:.1f}/min{lead}{live}")

    def on_failure(match_id: int, error: Exception) -> None:
        err.print(f"match {match_id} abandoned: {type(error).__name__}: {for_rich(error)}")

    with progress:
        return running.run(
            service.run(
                db,
                started.executor,
                budget,
                concurrency,
                stop,
                on_recorded,
                uniform=uniform,
                on_failure=on_failure,
            ),
            errors=(store.LadderError, ClusterError),
        )


@ladder.command("standings", short_help="Ranking by μ − 3σ: text, JSON, Markdown or HTML.")
@click.argument("db", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True)
@click.option("--markdown", is_flag=True)
@click.option(
    "--html",
    "html_out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write a self-contained page linking recent games' replays.",
)
@click.option(
    "--force",
    is_flag=True,
    help="With --html: replace the file even if it is not a page thousand wrote "
    "(never the ladder's database).",
)
def ladder_standings(
    db: str, as_json: bool, markdown: bool, html_out: str | None, force: bool
) -> None:
    """Rank, name, rating (μ − 3σ) with its uncertainty, games, wins, mean place, faults."""
    conn = _open(db, write=False)
    table = standings.standings(conn)
    if html_out:
        try:
            path = standings.write_html(conn, Path(html_out), force=force)
        except (OSError, ReplayError) as error:  # a refused output, a damaged replay: one line
            fail(str(error))
            return
        click.echo(f"wrote {for_terminal(str(path))}")
        return
    if as_json:
        click.echo(table.model_dump_json(indent=2))
        return
    if markdown:
        click.echo(standings.markdown(table), nl=False)
        return
    from rich.console import Console
    from rich.table import Table

    view = Table(
        title=f"{table.game} ladder · rules {for_rich(table.rules)} · "
        f"{table.matches_done} matches · sandbox {for_rich(table.sandbox or '—')}"
        + (f" · executor {for_rich(table.executor)}" if table.executor else "")
    )
    for column in (
        "rank",
        "name",
        "rating",
        "μ ± σ",
        "games",
        "wins",
        "mean place",
        "faults",
        "last played",
    ):
        view.add_column(column, justify="left" if column == "name" else "right")
    for r in table.rows:
        name = for_rich(r.name, NAME_LIMIT) + (" ⚠" if r.flagged else "")
        name += "" if r.enabled else " (off)"
        view.add_row(
            str(r.rank),
            name,
            f"{r.rating:.2f}",
            f"{r.mu:.1f} ± {r.sigma:.1f}",
            str(r.games),
            str(r.wins),
            f"{r.mean_place:.2f}" if r.mean_place is not None else "—",
            str(r.faults),
            r.last_played or "—",
        )
    out = Console()
    Console(width=160).print(view) if not out.is_terminal else out.print(view)


@ladder.command("games")
@click.argument("db", type=click.Path(dir_okay=False))
@click.option("--bot", default=None, help="Only matches of this entrant.")
@click.option("--last", type=int_range(1, MAX_LISTED), default=20, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def ladder_games(db: str, bot: str | None, last: int, as_json: bool) -> None:
    """List matches (newest first) with their replay files."""
    conn = _open(db, write=False)
    try:
        rows = standings.matches(conn, bot, last)
    except store.LadderError as error:
        fail(str(error))
        return
    if as_json:
        click.echo(json.dumps([r.model_dump(mode="json") for r in rows], indent=2))
        return
    for r in rows:
        ranks = r.ranks or []
        names = [for_terminal(n, NAME_LIMIT) for n in r.entrants]
        who = ", ".join(f"{n} ({ranks[i]})" if i < len(ranks) else n for i, n in enumerate(names))
        click.echo(f"match {r.id} [{r.status}] {r.finished or ''} {who}")
        for replay in r.replays:
            click.echo(f"    {for_terminal(replay)}")


@ladder.command("rerate")
@click.argument("db", type=click.Path(dir_okay=False))
@click.option("--check", is_flag=True, help="Only compare; change nothing (exit 1 on a diff).")
def ladder_rerate(db: str, check: bool) -> None:
    """Recompute every rating from the stored match history."""
    conn = _open(db)
    rerated = rerate.check(conn) if check else rerate.rerate(conn)
    if not rerated.differing:
        click.echo(f"recomputed {rerated.matches} matches: identical to the stored ratings")
        return
    click.echo(
        f"recomputed {rerated.matches} matches: {len(rerated.differing)} entrants differ: "
        + ", ".join(rerated.differing)
    )
    if check:
        sys.exit(1)
    click.echo("stored ratings replaced by the recomputed ones")


ladder_server.register(ladder)  # invite, revoke, serve: the hosted contest
ladder_contest.register(ladder)  # phase, final-version, final, reveal: a contest's end
