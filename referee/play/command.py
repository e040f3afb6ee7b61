"""``thousand play`` behind the click layer: check the table, seat the person, play, sum up.

Every mistake is one line on stderr and a non-zero exit; Ctrl-C (or ``quit``) stops the
bots through the match's own clean-up and says where the game so far was kept.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

from rich.console import Console
from rich.text import Text

from referee.errors import report_error
from referee.games.match_types import GameOutcome
from referee.games.matchfolders import FolderError
from referee.play.session import Table, play_one, replay_folder
from referee.play.terminal import Stopped, TerminalFront
from referee.players.botspec import parse_bot
from referee.players.person import Front
from referee.runs.match import RunRefused
from referee.safetext import NAME_LIMIT, for_terminal
from thousand.errors import RulesError
from thousand.registry import game_spec
from thousand.rules_io import load_rules

STOPPED = 130  # as a shell reports a command ended by Ctrl-C
LINGER = 600.0  # seconds the browser seat waits for its page to show the result


def make_table(
    game: str, rules_arg: str, bots: tuple[str, ...], seat: int, seed: int | None
) -> Table:
    """The table as asked, or a ``ThousandError`` with one line saying what is wrong (bad
    rules or bot: their own errors; a table the rules do not seat: ``RunRefused``)."""
    rules = load_rules(game, rules_arg)
    players = len(bots) + 1
    try:
        game_spec(game).check_players(rules, players)
    except RulesError as error:
        raise RunRefused(f"{error} (you and {len(bots)} bot(s) make {players} players)") from None
    if not 0 <= seat < players:
        raise RunRefused(f"--seat must be 0 to {players - 1} at a table of {players}, not {seat}")
    specs = [parse_bot(b) for b in bots]
    return Table(game, rules, rules_arg, specs, seat, seed)


def summary(console: Console, outcome: GameOutcome, seat: int) -> None:
    """Places, scores and the replay, in a few lines."""
    result = outcome.result
    names = [for_terminal(n, NAME_LIMIT) for n in outcome.names]
    console.print(Text("Game over.", style="bold"))
    for place, s in enumerate(result.ranking, start=1):
        you = "  ← you" if s == seat else ""
        console.print(Text(f"  {place}. {names[s]:<20} {result.scores[s]:>6}{you}"))
    for fault in outcome.faults:
        who = names[fault.seat] if 0 <= fault.seat < len(names) else "?"
        console.print(Text(f"  fault: {who}: {fault.kind}: {for_terminal(fault.detail, 200)}"))
    if outcome.replay is not None:
        path = for_terminal(str(outcome.replay))
        console.print(Text(f"replay: {path}"))
        console.print(Text(f"  check it: thousand replay verify {path}", style="dim"))
        console.print(Text(f"  watch it: thousand replay show --seat {seat} {path}", style="dim"))


def _stopped(folder: Path) -> int:
    if sys.stdin.isatty():
        print(file=sys.stderr)  # past the terminal's echo of ^C
    print(
        f"thousand: play stopped; every bot was stopped (the game so far: "
        f"{for_terminal(str(folder))})",
        file=sys.stderr,
    )
    return STOPPED


def run_terminal(table: Table, replays: Path | None, pace: float | None) -> int:
    try:
        folder = replay_folder(replays)
    except FolderError as error:
        return report_error(str(error))
    console = Console(highlight=False)
    from referee.play.follow import Follow

    front = TerminalFront(table.game, Follow(folder), pace=pace, console=console)
    try:
        outcome = play_one(table, folder, front)
        front.finish()
    except (KeyboardInterrupt, Stopped):
        return _stopped(folder)
    finally:
        front.follow.close()
    summary(console, outcome, table.seat)
    return 0


def run_web(table: Table, replays: Path | None, port: int, pace: float | None) -> int:
    # here, not at the top: only --web pays for loading FastAPI and uvicorn
    from referee.play.browser import SeatServer, WebFront

    try:
        folder = replay_folder(replays)
    except FolderError as error:
        return report_error(str(error))
    console = Console(highlight=False)
    front: WebFront = WebFront(table.game, folder, table.seat, pace=pace)
    try:
        server = SeatServer(front, port)
        url = server.start()
    except OSError as error:
        return report_error(f"cannot serve the seat on 127.0.0.1:{port}: {error.strerror or error}")
    print(f"open {url}", file=sys.stderr, flush=True)
    seat_front: Front = front
    try:
        try:
            outcome = play_one(table, folder, seat_front)
        except (KeyboardInterrupt, Stopped):
            return _stopped(folder)
        front.finish(outcome)
        summary(console, outcome, table.seat)
        # The page still has the last steps and the result to fetch: serve them first.
        with contextlib.suppress(KeyboardInterrupt):
            if not front.wait_seen(2.0):
                print("the page shows the result; Ctrl-C to leave", file=sys.stderr, flush=True)
                front.wait_seen(LINGER)
        return 0
    finally:
        server.stop()
        front.follow.close()
