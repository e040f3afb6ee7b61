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


def game_option_of(*, required: bool) -> Callable[[F], F]:
    """``--game``: a ladder must name its game; a match or a tournament defaults to cards."""
    if required:
        return click.option("--game", type=click.Choice(GAME_NAMES), required=True)
    return click.option("--game", type=click.Choice(GAME_NAMES), default="cards", show_default=True)


game_option: Callable[[F], F] = game_option_of(required=False)
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


PIN_TABLES = (
    "Play each table and its bots on one core of their own (table i on core i, round "
    "robin): faster with single-threaded bots that answer quickly, as no move waits for an "
    "idle core to wake up; a multi-threaded bot then has one core. Local tables only."
)


def pin_option(help_text: str = PIN_TABLES) -> Callable[[F], F]:
    """``--pin``: where the tables (or a ladder's matches) and their bots run."""
    return click.option("--pin", is_flag=True, help=help_text)


def executor_option(help_text: str) -> Callable[[F], F]:
    """``--executor``: local, or a Dask scheduler's address (checked when opened)."""
    return click.option(
        "--executor", "executor_text", default="local", show_default=True, help=help_text
    )


def refuse_pin_on_cluster(pin: bool, executor_text: str, what: str) -> None:
    """--pin places processes on this machine's cores; a cluster's workers are pinned where
    they run (docs/cluster.md)."""
    if pin and executor_text != "local":
        raise click.UsageError(
            f"--pin places local {what}; pin the cluster's workers instead (docs/cluster.md)"
        )


def concurrency_option(help_text: str) -> Callable[[F], F]:
    return click.option(
        "--concurrency",
        type=int_range(1, MAX_CONCURRENCY),
        default=1,
        show_default=True,
        help=help_text,
    )


FREE_WITH_RESUME = frozenset(
    {"resume", "bots", "as_json", "pin", "executor_text", "html_out", "force", "logs"}
)
"""What a resumed run may still be told: where and how to report, and where to play. All else
(the game, rules, bots, seed, games, clocks, sandbox, concurrency, …) comes from the run."""


def refuse_with_resume(context: click.Context) -> None:
    """One clear error when ``--resume`` comes with an option the run itself fixes: it would
    be ignored, and a person who typed it expects it to count."""
    typed = (click.core.ParameterSource.COMMANDLINE, click.core.ParameterSource.ENVIRONMENT)
    given = sorted(
        parameter.opts[0]
        for parameter in context.command.params
        if parameter.name is not None
        and parameter.name not in FREE_WITH_RESUME
        and context.get_parameter_source(parameter.name) in typed
    )
    if given:
        raise click.UsageError(
            f"{', '.join(given)}: a resumed run keeps the options it was started with "
            "(its manifest); give --resume DIR with output options only"
        )
