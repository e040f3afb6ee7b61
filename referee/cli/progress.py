"""What a run of games shows: while it plays, a live bar on a terminal's stderr, or one line
per finished game when stdout is a log (nohup, cron, CI), as cutechess-cli prints; at its end,
the report or its JSON document. One display for ``match`` and ``tournament``, so both look
and behave alike."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import TracebackType
from typing import Any

import orjson
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from referee.errors import warn, warning_line
from referee.safetext import for_rich


def print_document(
    document: dict[str, Any],
    as_json: bool,
    report: Callable[[dict[str, Any], Console], None],
    log_width: int,
) -> None:
    """The run's document as JSON on stdout, or as ``report`` draws it: on a terminal at its
    width, in a pipe or a log at ``log_width`` (room for the whole table, never wrapped at
    a guessed 80)."""
    if as_json:
        sys.stdout.buffer.write(orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n")
        return
    out = Console()
    if not out.is_terminal:
        out = Console(width=log_width)
    report(document, out)


class GameProgress:
    def __init__(self, description: str, total: int, completed: int, *, as_json: bool) -> None:
        self.err = Console(stderr=True)
        self.bar = self.err.is_terminal
        self.lines = not as_json and not sys.stdout.isatty()
        self.progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=self.err,
            disable=not self.bar,
            transient=True,
        )
        self.task = self.progress.add_task(for_rich(description), total=total, completed=completed)

    def advance(self, description: str | None = None) -> None:
        if self.bar:
            self.progress.update(self.task, advance=1)
            if description is not None:
                self.describe(description)

    def describe(self, description: str) -> None:
        """A new text before the bar (a cluster's state, the table in play); bots' names
        in it are shown, never read as rich markup."""
        if self.bar:
            self.progress.update(self.task, description=for_rich(description))

    def line(self, text: str) -> None:
        """A finished game's line, for a log only (a terminal has the bar)."""
        if self.lines:
            print(text, flush=True)

    def warn(self, text: str) -> None:
        """A warning during the run, above the bar rather than through it."""
        if self.bar:
            self.progress.console.print(for_rich(warning_line(text)), highlight=False)
        else:
            warn(text)

    def __enter__(self) -> GameProgress:
        self.progress.__enter__()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.progress.__exit__(kind, error, trace)
