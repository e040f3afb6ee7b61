"""The person's seat in a terminal: the table as ``replay show --seat K`` draws it, each step
of the others one after another at a readable pace (referee/play/pace.py), the legal actions
with short keys, and a prompt that explains a wrong line and asks again without losing the turn.

While the others' steps pass, the person's line is read too: Enter skips to their own turn (the
rest of the steps in one short line each, then the table as it now is), and ``quit`` leaves, as
it does at the move prompt. Nothing is asked after each step: a seat that paged through the
others' moves cost a person more presses than their own moves did.
"""

from __future__ import annotations

import select
import sys
import time
from collections.abc import Callable
from typing import IO, Any, TextIO

from rich.console import Console
from rich.text import Text

from referee.play.follow import Follow
from referee.play.keys import NotUnderstood, choices, choose
from referee.play.pace import step_seconds
from referee.replay.frames import Frame
from referee.replay.render import (
    describe_step,
    display_names,
    render_cards,
    render_dice,
    render_frame,
    safe_line,
)
from referee.safetext import NAME_LIMIT, for_terminal

FINAL_STEPS = 12
"""Steps after the person's last move shown one by one; more are summed up in one line."""
SKIP = ""
"""The line (a bare Enter) that skips the others' remaining steps to the person's own turn."""
QUIT = "quit"


class Stopped(Exception):
    """The person left the table (``quit``, or the end of their input)."""


def read_line(stream: TextIO, prompt: str, out: IO[str], timeout: float | None) -> str:
    """One line from the person; ``TimeoutError`` when their clock runs out first, ``Stopped``
    at the end of the input. Bounded: a line longer than 4 KiB is cut (and then refused)."""
    out.write(prompt)
    out.flush()
    if timeout is not None:
        ready, _, _ = select.select([stream], [], [], max(0.0, timeout))
        if not ready:
            out.write("\n")
            raise TimeoutError
    line = stream.readline(4096)
    if not line:
        raise Stopped
    return line.rstrip("\r\n")


class TerminalFront:
    """A ``Front`` (referee/players/person.py) for a terminal."""

    def __init__(
        self,
        game: str,
        follow: Follow,
        *,
        pace: float | None = None,
        console: Console | None = None,
        stdin: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.follow = follow
        self.pace = step_seconds(pace)  # seconds each of the others' steps is shown
        self.console = console or Console(highlight=False)
        self.stdin: TextIO = stdin or sys.stdin
        self.clock = clock
        self.seat = 0
        self.names: list[str] = []

    def _out(self) -> IO[str]:
        return self.console.file

    def begin(self, seat: int, names: list[str]) -> None:
        self.seat = seat
        self.names = [for_terminal(n, NAME_LIMIT) for n in names]
        self.console.print(
            Text(f"You play seat {seat} ({self.names[seat]}) at {self.game}.", style="bold")
        )
        if self.pace > 0:
            self.console.print(
                Text(
                    f"The others' steps follow {self.pace:g} s apart: Enter skips to your turn; "
                    f"{QUIT} leaves (at any moment).",
                    style="dim",
                )
            )

    def _names(self) -> list[str]:
        header = self.follow.header
        return display_names(header) if header is not None else self.names

    def _frame(self, frame: Frame) -> None:
        self.console.print()
        self.console.print(
            render_frame(frame, self.follow.total, self._names(), self.game, self.seat)
        )

    def _own(self, frame: Frame) -> bool:
        record = frame.record or {}
        return record.get("kind") == "move" and record.get("seat") == self.seat

    def _pause(self) -> bool:
        """Let a step stand for the pace; True when the person pressed Enter to skip ahead.
        ``quit`` (or the end of the input) leaves; any other line is explained, not guessed."""
        if self.pace <= 0:
            return False
        deadline = self.clock() + self.pace
        while (left := deadline - self.clock()) > 0:
            ready, _, _ = select.select([self.stdin], [], [], left)
            if not ready:
                return False
            line = self.stdin.readline(4096)
            if not line:
                raise Stopped
            word = line.strip().lower()
            if word == QUIT:
                raise Stopped
            if word == SKIP:
                return True
            self.console.print(
                Text(
                    f"  {for_terminal(word, 40)!r} is not a move: the others are still playing "
                    f"(Enter skips to your turn, {QUIT} leaves)",
                    style="yellow",
                )
            )
        return False

    def _skipped(self, rest: list[Frame]) -> None:
        """The steps the person skipped, one short line each (their description), and the
        table after the last of them: what the turn is played from is always drawn in full."""
        if not rest:
            return
        passed = [frame for frame in rest[:-1] if not self._own(frame)]
        names = self._names()
        self.console.print(Text(f"(skipped ahead over {len(passed)} step(s))", style="dim"))
        for frame in passed:
            head, *events = describe_step(frame, names, self.seat)
            self.console.print(safe_line(Text(f"  step {frame.index} · {head}")))
            for event in events:
                self.console.print(safe_line(Text(f"  {event}", style="dim")))
        self._frame(rest[-1])

    def show_steps(self, *, wait_last: bool, most: int | None = None) -> None:
        """Each step since the person last looked, as the table after it, one after another
        at the pace (their own moves are not drawn again, unless last). With ``most``: only
        the last step when more than that many are new."""
        frames = self.follow.new_frames()
        if most is not None and len(frames) > most:
            where = for_terminal(str(self.follow.final))
            self.console.print(
                Text(
                    f"({len(frames) - 1} more steps were played: "
                    f"thousand replay show --seat {self.seat} {where})",
                    style="dim",
                )
            )
            frames = frames[-1:]
        for number, frame in enumerate(frames, start=1):
            last = number == len(frames)
            if self._own(frame):
                if last:
                    self._frame(frame)
                continue
            self._frame(frame)
            if (not last or wait_last) and self._pause():
                self._skipped(frames[number:])
                return

    def _table(self, view: dict[str, Any]) -> None:
        """The table from the request's own view (when the replay is not at hand)."""
        names = self.names
        body = (
            render_cards(view, names, self.seat)
            if self.game == "cards"
            else render_dice(view, names, self.seat)
        )
        for line in body:
            self.console.print(line)

    def decide(
        self, view: dict[str, Any], legal: list[dict[str, Any]], left: float | None
    ) -> tuple[dict[str, Any], float]:
        self.show_steps(wait_last=False)
        if self.follow.total == 0:
            self._table(view)
        names = self._names()
        listed = choices(legal, names)
        self.console.print(Text("Your move:", style="bold green"))
        width = max(len(c.key) for c in listed)
        for choice in listed:
            self.console.print(Text(f"  #{choice.number:<3} {choice.key:<{width}}  {choice.label}"))
        asked = self.clock()
        deadline = None if left is None else asked + left
        while True:
            remaining = None if deadline is None else deadline - self.clock()
            clock = "" if remaining is None else f" ({max(0.0, remaining):.0f} s left)"
            line = read_line(self.stdin, f"your move{clock}> ", self._out(), remaining)
            if line.strip().lower() == QUIT:
                raise Stopped
            try:
                return choose(line, legal, self.game, names), self.clock() - asked
            except NotUnderstood as why:
                self.console.print(Text(f"  {why}", style="yellow"))

    def end(self, message: dict[str, Any]) -> None:
        return None

    def finish(self) -> None:
        """After the game: the steps after the person's last move (a few one by one; a seat
        whose clock ran out may have missed the whole rest of the game: then the end only)."""
        self.show_steps(wait_last=False, most=FINAL_STEPS)
