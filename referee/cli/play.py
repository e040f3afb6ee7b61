"""``thousand play``: the click layer only (the work is in referee/play/command.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from referee.cli.bounds import MAX_SEATS, int_range, seconds
from referee.cli.extras import need_server
from referee.cli.options import game_option, rules_option, seed_option

MAX_CLOCK = 24 * 3600.0
MAX_PACE = 60.0


def _refuse_clock(context: click.Context, parameter: click.Parameter, value: str | None) -> None:
    """``--clock`` was this command's per-game time until it was named as in ``match``, where
    ``--clock`` says wall or cpu: the old spelling is refused with the new one, never read as
    something else."""
    if value is not None:
        raise click.UsageError(
            "--clock is now --time-bank: your seconds for the whole game "
            f"(--time-bank {value}); in match and tournament --clock says wall or cpu",
            context,
        )


@click.command(short_help="Take a seat yourself against bots, in the terminal or a browser.")
@click.argument("bots", nargs=-1, required=True, metavar="BOT [BOT...]")
@game_option
@rules_option
@click.option(
    "--seat", type=int_range(0, MAX_SEATS - 1), default=0, show_default=True, help="Your seat."
)
@seed_option("Replay the same deals. Default: a fresh secret seed.")
@click.option(
    "--replays",
    type=click.Path(file_okay=False),
    default=None,
    help="Keep the replay in a new sub-folder of this folder (default: a new folder under "
    "the system's temporary folder). The path is printed at the end.",
)
@click.option(
    "--time-bank",
    "clock",
    type=seconds(MAX_CLOCK, least=1),
    default=None,
    help="Your seconds for the whole game (default: no clock). Running out is a timeout: "
    "your seat is played on at random and ranked last, as a bot's would be.",
)
@click.option("--clock", "old_clock", hidden=True, expose_value=False, callback=_refuse_clock)
@click.option(
    "--pace",
    type=seconds(MAX_PACE, zero_ok=True),
    default=None,
    help="Seconds to show each of the others' steps (default: wait for Enter).",
)
@click.option("--web", is_flag=True, help="Play in the browser: prints an address on 127.0.0.1.")
@click.option(
    "--port",
    type=click.IntRange(min=0, max=65535),
    default=0,
    show_default=True,
    help="With --web: the port (0: any free port).",
)
def play(
    bots: tuple[str, ...],
    game: str,
    rules_arg: str,
    seat: int,
    seed: int | None,
    replays: str | None,
    clock: float | None,
    pace: float | None,
    web: bool,
    port: int,
) -> None:
    """Play one game yourself in seat --seat against BOTs (you and the bots fill the table:
    two bots for 3-player cards).

    \b
    Terminal: the table as `thousand replay show --seat K` draws it, then your legal actions
    with their keys: a card as QS, Q♠ or 10H (QS+ declares a marriage), a bid or contract by
    its value, dice to keep by their faces (r 155), a word by its first letter (p pass,
    r roll, s stop), any action by its number (#3). `quit` or Ctrl-C leaves.
    --web: the same game in the browser, on an address of 127.0.0.1 printed at the start.
    The game is written as a replay (verify it with `thousand replay verify`).
    More in docs/play.md.
    """
    if web:
        need_server("thousand play --web")
    from referee.play.command import make_table, run_terminal, run_web

    table = make_table(game, rules_arg, bots, seat, seed)  # a mistake: one line, by the group
    table.clock = clock
    folder = Path(replays) if replays else None
    code = run_web(table, folder, port, pace) if web else run_terminal(table, folder, pace)
    sys.exit(code)
