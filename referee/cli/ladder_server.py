"""``thousand ladder invite / revoke / serve``: a hosted contest (click commands only; the
work is in ``referee.web``)."""

from __future__ import annotations

import errno
import json
import socket
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

import click

from referee.cli.bounds import seconds
from referee.cli.extras import need_server
from referee.cli.ladder_open import open_ladder
from referee.cli.options import concurrency_option, pin_option
from referee.errors import fail, warn
from referee.ladder import readiness, service, store
from referee.players.sandbox import Sandbox, SandboxError
from referee.safetext import for_terminal

if TYPE_CHECKING:
    from referee.web.settings import ServerSettings

MIB = 1 << 20


def _open(db: str) -> sqlite3.Connection:
    """The ladder (``open_ladder``) with the server's own tables brought up to date."""
    from referee.web import schema

    conn = open_ladder(db)
    try:
        schema.ensure(conn)
    except store.LadderError as error:
        fail(str(error))
        raise
    return conn


@click.command("invite", short_help="Make a contestant's account; print its token once.")
@click.argument("db", type=click.Path(dir_okay=False))
@click.argument("name")
@click.option(
    "--organiser",
    is_flag=True,
    help="An organiser's token instead: may disable and enable entrants over the API, "
    "submits no bot.",
)
@click.option(
    "--new-token",
    is_flag=True,
    help="Replace the token of an existing account (lost or leaked): the old one and its "
    "sessions stop working, a revoked account is live again, its entrant stays its own.",
)
@click.option("--json", "as_json", is_flag=True, help="Print {name, token} as JSON.")
def invite(db: str, name: str, organiser: bool, new_token: bool, as_json: bool) -> None:
    """Make an account NAME (its entrant gets the same name) and print its secret token.

    The token is shown this once and stored only as a hash: hand it to the contestant over
    a private channel. They submit with it (see docs/server.md):

    \b
    curl -H "Authorization: Bearer TOKEN" -F file=@bot.tar.gz https://HOST/api/bots
    """
    from referee.web import accounts

    conn = _open(db)
    try:
        if new_token:
            token = accounts.rekey(conn, name)
        else:
            token = accounts.invite(conn, name, organiser=organiser)
    except accounts.AccountError as error:
        fail(str(error))
        return
    if as_json:
        click.echo(json.dumps({"name": name, "organiser": organiser, "token": token}))
        return
    what = "organiser" if organiser else "contestant"
    click.echo(
        f"invited {what} {for_terminal(name)}; the token, shown this once (keep it secret):",
        err=True,
    )
    click.echo(token)


@click.command("revoke", short_help="End an account: its token and sessions stop working.")
@click.argument("db", type=click.Path(dir_okay=False))
@click.argument("name")
def revoke(db: str, name: str) -> None:
    """End the account NAME at once. Its entrant stays (``ladder disable`` takes it out of
    the schedule)."""
    from referee.web import accounts

    conn = _open(db)
    try:
        accounts.revoke(conn, name)
    except accounts.AccountError as error:
        fail(str(error))
        return
    click.echo(f"revoked {for_terminal(name)}")


@click.command("accounts", short_help="List the contest's accounts (never their tokens).")
@click.argument("db", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True)
def accounts_list(db: str, as_json: bool) -> None:
    """List the accounts: name, kind, when made, when revoked. Tokens are not stored, so
    they cannot be shown: ``invite NAME --new-token`` replaces a lost one."""
    from referee.web import accounts

    conn = _open(db)
    found = accounts.listing(conn)
    if as_json:
        rows = [
            {
                "name": a.name,
                "organiser": a.organiser,
                "created": a.created,
                "revoked": a.revoked,
            }
            for a in found
        ]
        click.echo(json.dumps(rows, indent=2))
        return
    for a in found:
        kind = "organiser" if a.organiser else "contestant"
        state = f"revoked {a.revoked}" if a.revoked else "active"
        click.echo(f"{for_terminal(a.name):20} {kind:10} {a.created}  {state}")


def _listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound now so that a port in use is one clear line."""
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as error:
        fail(f"cannot listen on {host!r}: {error.strerror}")
        raise
    # The protocol named (IPPROTO_TCP), not 0: asyncio turns Nagle's algorithm off only on
    # sockets that say they are TCP, and with it on every response waited ~40 ms for the
    # client's delayed ACK.
    sock = socket.socket(info[0], socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(info[4])
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            fail(f"port {port} on {host} is in use (another server?); choose one with --port")
        fail(f"cannot listen on {host}:{port}: {error.strerror}")
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


@click.command("serve", short_help="The contest's web server: pages, API, submissions.")
@click.argument("db", type=click.Path(dir_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--run",
    "run_matches",
    is_flag=True,
    help="Also play the ladder's matches in this service (else run `ladder run --forever` "
    "beside it).",
)
@concurrency_option("With --run: matches at once, each with its own bot processes.")
@pin_option("With --run: each match and its bots on one core (as `ladder run --pin`).")
@click.option(
    "--allow-weak-sandbox",
    is_flag=True,
    help="Take submissions (and, with --run, play) even where the ladder's sandbox cannot "
    "keep bots from reading each other's files. Only among people you trust.",
)
@click.option(
    "--on-resubmit",
    type=click.Choice(["keep", "reset"]),
    default="keep",
    show_default=True,
    help="A new version of a bot keeps its entrant's rating, or starts afresh.",
)
@click.option("--max-upload-mib", type=click.IntRange(1, 1024), default=8, show_default=True)
@click.option("--max-unpacked-mib", type=click.IntRange(1, 4096), default=64, show_default=True)
@click.option("--max-files", type=click.IntRange(1, 100000), default=1000, show_default=True)
@click.option("--submissions-per-hour", type=click.IntRange(1, 10000), default=6, show_default=True)
@click.option(
    "--build-seconds",
    type=seconds(3600, least=1),
    default=120.0,
    show_default=True,
    help="Wall and CPU time of a submission's build.",
)
@click.option(
    "--build-memory", type=click.IntRange(64, 65536), default=1024, show_default=True, help="MiB."
)
@click.option(
    "--secure-cookies",
    is_flag=True,
    help="Mark the session cookie Secure: set it when a TLS reverse proxy serves the site.",
)
@click.option(
    "--analysis/--no-analysis",
    default=True,
    show_default=True,
    help="Analyse each finished game in the background (a separate process at the lowest CPU "
    "priority, never on the match path) and show it on its game page and the API.",
)
@click.option(
    "--analysis-budget-ms",
    type=click.FloatRange(1, 10000),
    default=50.0,
    show_default=True,
    help="CPU milliseconds the background analysis samples per card decision (dice games "
    "are valued exactly, whatever it is).",
)
@click.option(
    "--analysis-cpu",
    type=click.IntRange(1, 100),
    default=10,
    show_default=True,
    help="The share of one core, in percent, the background analysis may use (it also runs "
    "at the lowest priority); 100: as much as the machine leaves it.",
)
@click.option(
    "--forwarded-allow-ips",
    default=None,
    help="Trust X-Forwarded-* headers from these proxy addresses (comma-separated).",
)
def serve(
    db: str,
    host: str,
    port: int,
    run_matches: bool,
    concurrency: int,
    pin: bool,
    allow_weak_sandbox: bool,
    on_resubmit: str,
    max_upload_mib: int,
    max_unpacked_mib: int,
    max_files: int,
    submissions_per_hour: int,
    build_seconds: float,
    build_memory: int,
    secure_cookies: bool,
    analysis: bool,
    analysis_budget_ms: float,
    analysis_cpu: int,
    forwarded_allow_ips: str | None,
) -> None:
    """Serve the ladder DB on the web: standings, entrants, games, live matches, rules, and
    submissions by invited contestants. Put a TLS reverse proxy in front of it to expose it
    (docs/server.md)."""
    if pin and not run_matches:
        raise click.UsageError("--pin places the matches that --run plays: give --run too")
    need_server("thousand ladder serve")
    from referee.ladder.analyses import Settings as AnalysisSettings
    from referee.web.archive import Limits
    from referee.web.settings import BuildLimits, ServerSettings

    conn = _open(db)
    _say_sandbox(conn, Path(db), run_matches, allow_weak_sandbox)
    conn.close()
    settings = ServerSettings(
        allow_weak_sandbox=allow_weak_sandbox,
        run_matches=run_matches,
        concurrency=concurrency,
        pin=pin,
        on_resubmit="reset" if on_resubmit == "reset" else "keep",
        upload=Limits(max_upload_mib * MIB, max_unpacked_mib * MIB, max_files),
        build=BuildLimits(seconds=build_seconds, memory_mib=build_memory),
        submissions_per_hour=submissions_per_hour,
        secure_cookies=secure_cookies,
        analysis=AnalysisSettings(card_budget_ms=analysis_budget_ms, cpu_share=analysis_cpu / 100)
        if analysis
        else None,
    )
    if host not in ("127.0.0.1", "localhost", "::1") and not secure_cookies:
        warn(
            f"serving plain HTTP on {host}: tokens and session cookies "
            "cross the network unencrypted; listen on 127.0.0.1 behind a TLS reverse proxy "
            "and serve with --secure-cookies (docs/server.md)"
        )
    _serve(Path(db), settings, host, port, forwarded_allow_ips)


def _say_sandbox(
    conn: sqlite3.Connection, db: Path, run_matches: bool, allow_weak_sandbox: bool
) -> None:
    """What the ladder's sandbox means here, before serving: with --run, the same refusal as
    ``ladder run``; without a sandbox that keeps bots apart, submissions closed (the server
    says so on its pages too)."""
    try:
        here = readiness.machine_sandbox(conn, db)
    except SandboxError as error:  # served all the same: submissions closed, pages say why
        here = readiness.MachineSandbox(Sandbox(mode="none"), str(error), None, False)
    if here.fallback:
        warn(here.fallback)
    if here.exposed is not None:
        warn(here.exposed)
    mode = here.chosen.mode
    if mode != "bwrap":
        if run_matches and not (here.weak_allowed or allow_weak_sandbox):
            fail(
                readiness.weak_refusal(
                    mode,
                    "serve without --run, or with --allow-weak-sandbox for bots you trust",
                )
            )
        if not allow_weak_sandbox:
            warn(
                f"bots would run under --sandbox {mode} here: "
                "submissions are closed (--allow-weak-sandbox opens them, for people you trust)"
            )
    if run_matches:
        for entrant, why in service.unavailable(conn):
            warn(f"entrant {for_terminal(entrant.name)!r} cannot start: {why}")


def _serve(
    db: Path, settings: ServerSettings, host: str, port: int, forwarded_allow_ips: str | None
) -> None:
    """The contest server on uvicorn, on a socket bound before the app starts (the address
    it prints is the one it got: port 0 picks a free one)."""
    import uvicorn

    from referee.web.app import create_app
    from referee.web.serving import StreamClosingServer

    sock = _listen(host, port)
    bound = sock.getsockname()[1]
    app = create_app(db, settings)
    config = uvicorn.Config(
        app,
        log_level="info",
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
        server_header=False,
        timeout_graceful_shutdown=5,  # live pages keep event streams open: do not wait on them
    )
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"serving http://{shown}:{bound}", err=True)
    StreamClosingServer(config, app).run(sockets=[sock])


def register(group: click.Group) -> None:
    for command in (invite, revoke, accounts_list, serve):
        group.add_command(command)
