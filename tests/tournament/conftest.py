"""Tournament tests reuse the match tests' real command line and process hygiene, and read
refusals in this process (``in_process``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import main
from tests.match_cli.conftest import Run, marker

__all__ = ["in_process", "marker"]


def in_process(args: list[str], cwd: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """``thousand ARGS`` in this process, from ``cwd``: the real command group through click's
    runner, printing its errors as the program does (no interpreter start-up per refusal)."""
    monkeypatch.chdir(cwd)
    result = CliRunner().invoke(main, args, prog_name="thousand", catch_exceptions=False)
    return Run(["thousand", *args], result.exit_code, result.stdout, result.stderr)
