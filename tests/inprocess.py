"""``thousand`` run inside the test's own process: the same command code on the same files,
without the interpreter start-up (~0.3 s, several seconds on a loaded machine) that a process
costs. For claims about what a command says and its exit code — wording, one error line,
option ranges, report shapes — not about processes (signals, memory, a pipe or a terminal),
which keep running the real program.

click's runner keeps stderr apart from stdout; an exception escaping the command is appended
to stderr as the traceback the real program would print, so "no traceback" asserts hold alike.
"""

from __future__ import annotations

import contextlib
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

import click
from click.testing import CliRunner


class Invoked(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


def invoke(
    argv: Sequence[object],
    *,
    command: click.Command | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> Invoked:
    """``thousand ARGV`` (or ``command ARGV``), from ``cwd`` if given (this process's folder
    while it runs: a worker's tests run one at a time), with ``env`` over the environment."""
    if command is None:
        from referee.cli.main import main

        command = main
    args = [str(a) for a in argv]
    with contextlib.chdir(cwd) if cwd is not None else contextlib.nullcontext():
        result = CliRunner(env=env).invoke(command, args, catch_exceptions=True)
    stderr = result.stderr
    error = result.exception
    if error is not None and not isinstance(error, SystemExit):
        stderr += "Traceback (most recent call last):\n" + "".join(
            traceback.format_exception(type(error), error, error.__traceback__)
        )
    return Invoked(result.exit_code, result.stdout, stderr)
