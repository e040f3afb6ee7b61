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
CHECKED = ["src", "referee", "bots", "tests", "bench", "setup.py"]


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
