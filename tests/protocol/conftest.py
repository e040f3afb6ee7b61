"""Helpers for the protocol tests: the real `thousand` command line and real bot processes.

Nothing is mocked: every bot is a process the referee starts. The helper bot
(tests/protocol/bots/wire_bot.py) ignores the words after its options, so each test gives its
bots a unique marker word and checks afterwards, by scanning /proc, that none was left behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator, validators
from jsonschema._keywords import oneOf as one_of_keyword

from tests.bot_access import open_to_bots
from tests.inprocess import Invoked, invoke
from tests.processes import leftovers, processes_with

ROOT = Path(__file__).resolve().parents[2]
WIRE_BOT = Path(__file__).resolve().parent / "bots" / "wire_bot.py"
PY = sys.executable


def thousand() -> list[str]:
    found = shutil.which("thousand")
    return [found] if found else [PY, "-m", "referee.cli.main"]


def wire_bot(marker: str, *options: str) -> str:
    """A BOT argument: the helper bot with ``options``, then the marker word."""
    return shlex.join([PY, str(WIRE_BOT), *options, marker])


def run(*args: str, timeout: float = 120.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*thousand(), *args], capture_output=True, text=True, timeout=timeout, check=False, cwd=ROOT
    )


def in_process(*args: object) -> Invoked:
    """``thousand ARGS`` run in this process from the checkout (tests/inprocess.py): what a
    command says and its exit code, without the interpreter start-up of ``run``; the bots it
    starts are real processes all the same."""
    return invoke(args, cwd=ROOT)


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_bytes().splitlines()]


@pytest.fixture(scope="session")
def document() -> dict[str, Any]:
    """The published JSON Schemas, as `thousand protocol schema` prints them: printed once a
    session (a worker's, under xdist) and only read."""
    done = run("protocol", "schema")
    assert done.returncode == 0, done.stderr
    printed: dict[str, Any] = json.loads(done.stdout)
    return printed


def schema_validator(schema: dict[str, Any]) -> Draft202012Validator:
    """A Draft 2020-12 validator of ``schema`` (itself checked against the meta-schema first)
    that remembers which values passed each ``oneOf`` of it.

    A transcript holds the same event, legal action or card many times over (every seat is
    told each event; the legal moves repeat from request to request) and jsonschema decides a
    ``oneOf`` by trying every branch, building the errors of each that fails: four fifths of a
    transcript's validation went there. A value that passed one ``oneOf`` passes it again (its
    verdict depends on the value and the schema, nothing else: these schemas have no
    ``$dynamicRef``), so a repeat is not tried again; a value that fails is tried every time,
    and its errors are the validator's own."""
    Draft202012Validator.check_schema(schema)
    passed: set[tuple[int, str]] = set()

    def one_of(
        validator: Any, branches: list[Any], instance: Any, subschema: dict[str, Any]
    ) -> Iterator[Any]:
        key = (id(subschema), json.dumps(instance, sort_keys=True))
        if key in passed:
            return
        errors = list(one_of_keyword(validator, branches, instance, subschema))
        if not errors:
            passed.add(key)
        yield from errors

    remembering = validators.extend(Draft202012Validator, {"oneOf": one_of})
    checker: Draft202012Validator = remembering(schema)
    return checker


@pytest.fixture
def marker() -> Iterator[str]:
    """A word unique to this test on its bots' command lines; leftovers are checked after."""
    word = f"mark-{uuid.uuid4().hex}"
    yield word
    left = leftovers(word)
    for proc in processes_with(word):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(proc.pid, signal.SIGKILL)
    assert not left, f"processes left behind: {[p.cmdline for p in left]}"


def match_json(
    bots: Sequence[str], *options: str, game: str = "dice", ok: bool = True
) -> dict[str, Any]:
    """The JSON report of a real match (the referee in this process); ``ok``: it must also
    exit 0."""
    done = in_process("match", *bots, "--game", game, "--json", *options)
    assert done.returncode == 0 or not ok, done.stderr
    document: dict[str, Any] = json.loads(done.stdout)
    return document


@pytest.fixture
def tmp_path(tmp_path: Path) -> Path:
    """pytest's own, opened to the bots: these tests' bots write what they saw into it
    (tests/bot_access.py)."""
    return open_to_bots(tmp_path)
