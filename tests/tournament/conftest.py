"""Tournament tests reuse the match tests' real command line and process hygiene, and read
refusals in this process (``in_process``)."""

from __future__ import annotations

from pathlib import Path

from tests.inprocess import invoke
from tests.match_cli.conftest import Run, marker

__all__ = ["in_process", "marker"]


def in_process(args: list[str], cwd: Path) -> Run:
    """``thousand ARGS`` in this process, from ``cwd`` (tests/inprocess.py): the real command
    group, printing its errors as the program does (no interpreter start-up per refusal)."""
    return Run(["thousand", *args], *invoke(args, cwd=cwd))
