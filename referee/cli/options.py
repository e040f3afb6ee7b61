"""Options that several commands share (match, tournament, play): one definition each, with
the wording that differs from command to command passed in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from referee.cli.bounds import MAX_CONCURRENCY, int_range
from referee.games.chance import MAX_SEED
from thousand.registry import GAME_NAMES

F = TypeVar("F", bound=Callable[..., Any])

game_option: Callable[[F], F] = click.option(
    "--game", type=click.Choice(GAME_NAMES), default="cards", show_default=True
)
rules_option: Callable[[F], F] = click.option(
    "--rules", "rules_arg", default="classic", show_default=True, help="Preset or rules file."
)
gzip_option: Callable[[F], F] = click.option(
    "--gzip", "compress", is_flag=True, help="Write replays as .jsonl.gz."
)
json_option: Callable[[F], F] = click.option(
    "--json", "as_json", is_flag=True, help="Print the results as one JSON document."
)


def seed_option(help_text: str) -> Callable[[F], F]:
    """``--seed``: any integer a master seed may be; without it a fresh secret seed."""
    return click.option(
        "--seed", type=click.IntRange(min=0, max=MAX_SEED), default=None, help=help_text
    )


pin_option = click.option(
    "--pin",
    is_flag=True,
    help="Play each table and its bots on one core of their own (table i on core i, round "
    "robin): faster with single-threaded bots that answer quickly, as no move waits for an "
    "idle core to wake up; a multi-threaded bot then has one core. Local tables only.",
)


def concurrency_option(help_text: str) -> Callable[[F], F]:
    return click.option(
        "--concurrency",
        type=int_range(1, MAX_CONCURRENCY),
        default=1,
        show_default=True,
        help=help_text,
    )
