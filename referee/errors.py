"""The one shape of every error a person can cause: ``thousand: error: MESSAGE``, one line on
stderr, escaped for the terminal; and of every warning, ``thousand: warning: MESSAGE``.
Messages quote bots' names, paths, files and lines — hostile until escaped — so the escaping
is here, once, and not left to each command (four of eight error printers, and eight of
sixteen warning printers, had forgotten it)."""

from __future__ import annotations

import sys
from typing import NoReturn

from referee.safetext import for_terminal

PREFIX = "thousand: error: "
WARNING = "thousand: warning: "


def error_line(message: str) -> str:
    return PREFIX + for_terminal(message)


def report_error(message: str, code: int = 1) -> int:
    """Print the line and give back ``code``, for a command that returns its exit code."""
    print(error_line(message), file=sys.stderr, flush=True)
    return code


def fail(message: str, code: int = 1) -> NoReturn:
    """Print the line and exit with ``code``."""
    report_error(message)
    sys.exit(code)


def warning_line(message: str) -> str:
    return WARNING + for_terminal(message)


def warn(message: str) -> None:
    """Print the warning line on stderr; the command goes on."""
    print(warning_line(message), file=sys.stderr, flush=True)


def note(message: str) -> None:
    """Print a line of what the command is doing (``thousand: …``) on stderr: not a warning,
    nothing went wrong; the text is escaped for the terminal by whoever builds it."""
    print(f"thousand: {message}", file=sys.stderr, flush=True)
