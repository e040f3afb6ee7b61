"""The sandbox options shared by ``thousand match``, ``tournament`` and ``ladder init``.

One definition, so that a match and a ladder describe a bot's allowance in the same words,
and one value: the command receives a validated ``Sandbox`` as its ``sandbox`` parameter,
never the eight loose values behind it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click
from pydantic import ValidationError

from referee.cli.bounds import FiniteFloat
from referee.cli.bundle import bundled
from referee.players.sandbox import DEFAULT_USER, OPTION_OF_FIELD, Sandbox

F = TypeVar("F", bound=Callable[..., Any])


def sandbox_options(function: F) -> F:
    """``thousand match``'s sandbox options: an author testing their own bots gets the cheap
    ``rlimits`` mode by default."""
    return sandbox_options_defaulting("rlimits")(function)


def sandbox_options_defaulting(mode: str) -> Callable[[F], F]:
    """Add --sandbox (default ``mode``), --memory, --cpu-seconds, --max-processes,
    --max-open-files, --max-file-size, --allow-fallback and --sandbox-user to a click
    command, which receives them as one ``sandbox: Sandbox``."""
    return lambda function: _add_options(function, mode)


PARAMETERS = (
    "sandbox_mode",
    "memory",
    "cpu_seconds",
    "max_processes",
    "max_open_files",
    "max_file_size",
    "allow_fallback",
    "sandbox_user",
)


def _add_options(function: F, mode: str) -> F:
    decorators = [
        click.option(
            "--sandbox",
            "sandbox_mode",
            type=click.Choice(["none", "rlimits", "bwrap"]),
            default=mode,
            show_default=True,
            help="none: no limits; rlimits: resource limits and a cgroup; bwrap: those inside "
            "a bubblewrap sandbox (no network, read-only system, no other files). "
            "See docs/security.md.",
        ),
        click.option(
            "--memory",
            type=click.IntRange(min=16, max=1 << 20),
            default=512,
            show_default=True,
            help="MiB per bot.",
        ),
        click.option(
            "--cpu-seconds",
            type=FiniteFloat(min=0, max=1e6, min_open=True),
            default=600.0,
            show_default=True,
            help="CPU seconds per bot process over its life (usually the whole match).",
        ),
        click.option(
            "--max-processes",
            type=click.IntRange(min=1, max=1 << 16),
            default=64,
            show_default=True,
            help="Processes and threads per bot (needs a cgroup: see docs/security.md).",
        ),
        click.option(
            "--max-open-files",
            type=click.IntRange(min=16, max=1 << 20),
            default=256,
            show_default=True,
        ),
        click.option(
            "--max-file-size",
            type=click.IntRange(min=1, max=1 << 20),
            default=64,
            show_default=True,
            help="Largest file a bot may write, MiB.",
        ),
        click.option(
            "--allow-fallback",
            is_flag=True,
            help="If --sandbox bwrap does not work on this machine, run with rlimits instead.",
        ),
        click.option(
            "--sandbox-user",
            default=DEFAULT_USER,
            show_default=True,
            help="The host user (name or uid) bots and builds run as when thousand runs as "
            "root; never root. See docs/security.md.",
        ),
    ]
    return bundled(decorators, PARAMETERS, sandbox_from_options, "sandbox")(function)


def sandbox_from_options(
    mode: str,
    memory: int,
    cpu_seconds: float,
    max_processes: int,
    max_open_files: int,
    max_file_size: int,
    allow_fallback: bool,
    user: str = DEFAULT_USER,
) -> Sandbox:
    try:
        return Sandbox(
            mode=mode,
            memory_mib=memory,
            cpu_seconds=cpu_seconds,
            processes=max_processes,
            open_files=max_open_files,
            file_size_mib=max_file_size,
            allow_fallback=allow_fallback,
            user=user,
        )
    except ValidationError as error:
        first = error.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else "sandbox"
        message = first["msg"].removeprefix("Value error, ")
        raise click.BadParameter(message, param_hint=OPTION_OF_FIELD.get(field)) from None
