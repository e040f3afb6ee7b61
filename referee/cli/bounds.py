"""The sane range of every number a person types into `thousand match` or `thousand ladder init`.

One place for the limits, so that both commands refuse the same values in the same words and
their --help shows the same ranges. Every range is finite on both sides: NaN, infinity and
absurd magnitudes are refused at the command line, before they can reach a clock (a NaN
allowance never runs out, so a ladder waited on it forever) or an allocation (a planned list of
300 million games).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from referee.cli.bundle import bundled

if TYPE_CHECKING:
    from referee.players.time_control import TimeControl

F = TypeVar("F", bound=Callable[..., Any])

MAX_PER_MOVE = 3600.0
"""Seconds per move: an hour is more than any bot of a contest should think."""
MAX_STARTUP = 3600.0
"""Seconds to start and say hello: an hour covers a cold JIT or a large model load."""
MAX_BANK = 86400.0
"""Seconds of bank per game: one day."""
MAX_GAMES = 100_000
"""Games of one match: a match keeps a few KB of results a game for its report (about
270 MB at this bound, measured at 2,000 games); more is a ladder's job, or several matches."""
MAX_SEATS = 8
"""Seats at a table: the most any game's rules allow (the dice game's eight)."""
MAX_CONCURRENCY = 256
"""Tables at once: each runs every bot of the match as its own process."""
MAX_MATCHES = 10_000_000
"""Matches of one ladder run (--matches, --total): years of play at a match a second."""
MAX_LISTED = 100_000
"""Rows a listing prints (ladder games --last)."""


class FiniteFloat(click.FloatRange):
    """A ``FloatRange`` that also refuses NaN (every comparison with NaN is false, so
    click's own range check lets it through)."""

    name = "float range"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if isinstance(number, float) and math.isnan(number):
            self.fail(f"{value!r} is not a number (allowed: {self._describe_range()})", param, ctx)
        return number


def seconds(maximum: float, *, zero_ok: bool = False, least: float = 0.0) -> FiniteFloat:
    """A time in seconds, the one type of every command's seconds: above zero (or zero, for a
    bank or a pace; or at least ``least``) and at most ``maximum``, never NaN or infinite."""
    if least:
        return FiniteFloat(min=least, max=maximum)
    return FiniteFloat(min=0, max=maximum, min_open=not zero_ok)


def int_range(minimum: int, maximum: int) -> click.IntRange:
    return click.IntRange(min=minimum, max=maximum)


def time_options(clock: str, clock_help: str) -> Callable[[F], F]:
    """--time-per-move, --time-bank, --startup-time and --clock, in the same words and
    ranges for a match, a tournament and a ladder (only the default clock, and why, differs);
    the command receives them as one ``time: TimeControl``."""
    options = [
        click.option(
            "--time-per-move",
            type=seconds(MAX_PER_MOVE),
            default=1.0,
            show_default=True,
            help="Seconds.",
        ),
        click.option(
            "--time-bank",
            type=seconds(MAX_BANK, zero_ok=True),
            default=10.0,
            show_default=True,
            help="Seconds a game.",
        ),
        click.option(
            "--startup-time",
            type=seconds(MAX_STARTUP),
            default=10.0,
            show_default=True,
            help="Seconds.",
        ),
        click.option(
            "--clock",
            type=click.Choice(["wall", "cpu"]),
            default=clock,
            show_default=True,
            help=clock_help,
        ),
    ]

    def build(per_move: float, bank: float, startup: float, clock: str) -> TimeControl:
        from referee.players.time_control import TimeControl  # not at start: --help stays quick

        return TimeControl(startup=startup, bank=bank, per_move=per_move, clock=clock)

    names = ("time_per_move", "time_bank", "startup_time", "clock")
    return bundled(options, names, build, "time")
