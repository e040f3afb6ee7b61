"""The code gates the README promises: ruff (lint and format) and mypy --strict.

They run inside the test suite so that the README's one test command is the whole gate.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["src", "referee", "bots", "tests", "bench", "examples", "setup.py"]


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False)


def _need(tool: str) -> None:
    if shutil.which(tool) is None:
        pytest.fail(f"{tool} is not installed: pip install '.[test]'")


def test_ruff_lint_is_clean() -> None:
    _need("ruff")
    done = _run("ruff", "check", *CHECKED)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_clean() -> None:
    _need("ruff")
    done = _run("ruff", "format", "--check", *CHECKED)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_is_clean() -> None:
    done = _run(sys.executable, "-m", "mypy", "--strict", "src/thousand", "referee", "setup.py")
    assert done.returncode == 0, done.stdout + done.stderr


VULTURE_DECORATED = (
    "@*.command",  # click commands, called by click
    "@*.group",
    "@*.get",  # FastAPI routes, called by the server
    "@*.post",
    "@*.put",
    "@*.delete",
    "@*.websocket",
    "@*.middleware",
    "@*.exception_handler",
    "@field_validator",  # pydantic validators, called by pydantic
    "@model_validator",
    "@*.fixture",  # pytest
    "@*.hookimpl",
)
VULTURE_USED_ELSEWHERE = {
    "model_config": "pydantic reads it",
    "row_factory": "sqlite3 reads it",
    "delaybeforesend": "pexpect reads it",
    "pytest_*": "pytest's hooks",
    "dask_setup": "the worker preload hook Dask calls (tests/cluster)",
    "handle_starttag": "html.parser calls it (tests/page_text.py)",
    "handle_data": "html.parser",
    "handle_endtag": "html.parser",
    "mtime": "tarfile.TarInfo fields set for a bundle (cluster/bundles.py)",
    "gname": "tarfile.TarInfo",
    "uname": "tarfile.TarInfo",
    "linkname": "tarfile.TarInfo",
    "_randbelow": "random.Random's hook, overridden by the keyed chance (games/chance.py)",
    "should_exit": "uvicorn.Server reads it (play/browser.py)",
    "height": "the rating chart's template reads it (web/chart.py)",
    "bottom": "the rating chart's template",
    "first_played": "the entrant page's template (web/queries.py)",
    "VALUES_HEADER": "bots/dice_expert.py's value table, read as text by the game analysis",
    "VALUES": "bots/dice_expert.py's value table (referee/analysis/dice_table.py)",
    "win_share": "the pages' templates",
    "sandbox_mode": "the rules page's template",
    "matches_a_pairing": "the rules page's template",
    "JACK": "one of the rank enumeration NINE..ACE (cards/cards.py)",
    "_legal_actions": "OpenSpiel calls a Python game's hooks (thousand/rl/spiel.py)",
    "_apply_action": "OpenSpiel",
    "_action_to_string": "OpenSpiel",
}
"""Names vulture cannot see used, each with who uses it. The protocol's message models
(thousand/*/messages.py, players/schema.py) are left out whole: their fields describe the wire
for the published JSON Schemas, and nothing in Python needs to read them."""


def test_no_dead_code() -> None:
    """Dead code beside live code (a second way to compute a wait, a flag nobody asks) makes a
    reader guess which one runs; vulture finds what nothing uses, at 60 % confidence."""
    _need("vulture")
    done = _run(
        "vulture",
        *[path for path in CHECKED if path != "tests"],
        "tests",
        "--min-confidence",
        "60",
        "--exclude",
        "*/messages.py,*/players/schema.py",
        "--ignore-decorators",
        ",".join(VULTURE_DECORATED),
        "--ignore-names",
        ",".join(VULTURE_USED_ELSEWHERE),
    )
    assert done.returncode == 0, done.stdout + done.stderr
