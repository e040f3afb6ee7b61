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
import json
import resource
import subprocess
import sys
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


_CHILD = """
import json, os, sys, traceback
from click.testing import CliRunner
from referee.cli.main import main

answers = {}
for key, case in json.load(sys.stdin).items():
    os.chdir(case["cwd"])
    try:
        result = CliRunner(env=case["env"]).invoke(main, case["argv"], catch_exceptions=True)
        code, out, err, error = result.exit_code, result.stdout, result.stderr, result.exception
    except BaseException as escaped:  # what the runner itself could not hold (MemoryError)
        code, out, err, error = 1, "", "", escaped
    if error is not None and not isinstance(error, SystemExit):
        err += "Traceback (most recent call last):\\n" + "".join(
            traceback.format_exception(type(error), error, error.__traceback__)
        )
    answers[key] = [code, out, err]
sys.stdout.write(json.dumps(answers))
"""


def invoke_all(
    cases: Mapping[str, tuple[Sequence[object], Path]],
    *,
    env: Mapping[str, str] | None = None,
    address_space: int | None = None,
    timeout: float = 600.0,
) -> dict[str, Invoked]:
    """Each case's ``thousand ARGV`` (name -> (argv, cwd)), all in ONE fresh interpreter: one
    start-up instead of one per case, yet still a process of its own, for cases that could
    hang or eat memory — bounded by ``timeout`` for all of them and ``address_space`` bytes
    (RLIMIT_AS), which a case that escaped its bound runs into instead of swapping."""

    def limited() -> None:
        if address_space is not None:
            resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))

    payload = {
        name: {"argv": [str(a) for a in argv], "cwd": str(cwd), "env": dict(env or {})}
        for name, (argv, cwd) in cases.items()
    }
    done = subprocess.run(
        [sys.executable, "-c", _CHILD],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        preexec_fn=limited,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout)
    assert set(found) == set(cases), sorted(set(cases) - set(found))
    return {name: Invoked(*answer) for name, answer in found.items()}
