"""``thousand replay show``: step through a game in the terminal, or print it whole.

Keys (shown on screen): n/→/space next, p/← previous, g go to a deal (cards) or turn (dice),
j jump to a step, s/Home start, e/End end, q quit.
"""

from __future__ import annotations

import os
import sys
import termios
import tty
from collections.abc import Callable, Mapping
from pathlib import Path

from rich.console import Console
from rich.text import Text

from referee.replay.frames import Frame, LoadedReplay, load_frames
from referee.replay.render import display_names, render_frame, safe_line

Notes = Mapping[int, str] | None
"""A line to print under some steps (by step number), made by a layer above: the analysis."""
KEYS = "[n]ext [p]rev  [g]o to {unit}  [j]ump to step  [s]tart [e]nd  [q]uit"


def unit_of(game: str) -> str:
    return "deal" if game == "cards" else "turn"


def find_unit(loaded: LoadedReplay, number: int) -> int | None:
    """The first step at which deal ``number`` (cards) or turn ``number`` (dice) is under way."""
    game = loaded.header.game
    for frame in loaded.frames:
        view = frame.state.view(0)
        if game == "cards" and view.get("deal") == number:
            return frame.index
        if game == "dice" and view.get("turns_played") == number - 1 and frame.index > 0:
            return frame.index
    return None


def print_all(
    loaded: LoadedReplay, seat: int | None, start: int, console: Console, notes: Notes = None
) -> None:
    total = len(loaded.frames)
    names, game = display_names(loaded.header), loaded.header.game
    for frame in loaded.frames[start:]:
        console.print(render_frame(frame, total, names, game, seat))
        _print_note(frame, notes, console)
        console.print()
    _print_result(loaded, console)


def _print_note(frame: Frame, notes: Notes, console: Console) -> None:
    """The analysis' line of this step, when asked for (``replay show --analysis``)."""
    if notes and frame.index in notes:
        console.print(Text(notes[frame.index], style="cyan"))


def _print_result(loaded: LoadedReplay, console: Console) -> None:
    names = display_names(loaded.header)
    if loaded.incomplete or loaded.result is None:
        console.print(Text("incomplete replay: the game did not finish", style="bold red"))
        return
    result = loaded.result
    winner = result.get("winner")
    scores = ", ".join(f"{names[s]} {result['scores'][s]}" for s in result["ranking"])
    console.print(
        safe_line(
            Text(
                f"result: {names[winner] if winner is not None else 'no winner'} wins "
                f"({result.get('reason')}); {scores}",
                style="bold green",
            )
        )
    )


def read_key(fd: int) -> str:
    data = os.read(fd, 1)
    if data == b"\x1b":
        more = os.read(fd, 2)
        if more in (b"[4", b"[1"):
            os.read(fd, 1)  # the closing "~"
        return {b"[C": "n", b"[D": "p", b"[F": "e", b"[4": "e", b"[H": "s", b"[1": "s"}.get(
            more, ""
        )
    return data.decode("utf-8", "replace")


def read_number(fd: int, prompt: str, console: Console) -> int | None:
    console.print(Text(prompt, style="bold"), end="")
    digits = ""
    while True:
        char = os.read(fd, 1).decode("utf-8", "replace")
        if char in ("\r", "\n"):
            break
        if char == "\x1b":
            return None
        if char in ("\x7f", "\b"):
            digits = digits[:-1]
        elif char.isdigit():
            digits += char
        console.print(char if char.isdigit() else "", end="")
    return int(digits) if digits else None


def interactive(
    loaded: LoadedReplay, seat: int | None, start: int, console: Console, notes: Notes = None
) -> None:
    frames: list[Frame] = loaded.frames
    total = len(frames)
    names, game = display_names(loaded.header), loaded.header.game
    unit = unit_of(game)
    index = min(max(start, 0), total - 1)
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    message = ""
    actions: dict[str, Callable[[int], int]] = {
        "n": lambda i: min(i + 1, total - 1),
        " ": lambda i: min(i + 1, total - 1),
        "p": lambda i: max(i - 1, 0),
        "b": lambda i: max(i - 1, 0),
        "s": lambda i: 0,
        "e": lambda i: total - 1,
    }
    try:
        tty.setcbreak(fd)
        while True:
            console.clear()
            console.print(render_frame(frames[index], total, names, game, seat))
            _print_note(frames[index], notes, console)
            if index == total - 1:
                _print_result(loaded, console)
            if message:
                console.print(Text(message, style="yellow"))
                message = ""
            console.print(Text(KEYS.format(unit=unit), style="reverse"))
            key = read_key(fd)
            if key in ("q", "\x04", ""):
                if key == "":
                    continue
                break
            if key in actions:
                index = actions[key](index)
            elif key == "g":
                number = read_number(fd, f"{unit} number: ", console)
                found = find_unit(loaded, number) if number is not None else None
                if found is None:
                    message = f"no {unit} {number}"
                else:
                    index = found
            elif key == "j":
                number = read_number(fd, f"step (0–{total - 1}): ", console)
                if number is None or not 0 <= number < total:
                    message = f"no step {number}"
                else:
                    index = number
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def show(path: Path, seat: int | None, at: int, step: bool, notes: Notes = None) -> None:
    loaded = load_frames(path)
    if seat is not None and not 0 <= seat < loaded.header.players:
        raise ValueError(f"--seat must be between 0 and {loaded.header.players - 1}")
    if not 0 <= at < len(loaded.frames):
        raise ValueError(f"--at must be between 0 and {len(loaded.frames) - 1}")
    console = Console(highlight=False)
    if step and sys.stdin.isatty() and sys.stdout.isatty():
        interactive(loaded, seat, at, console, notes)
    else:
        print_all(loaded, seat, at, console, notes)
