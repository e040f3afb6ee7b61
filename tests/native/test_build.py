"""setup.py's promise: a build that cannot compile the engines still makes a whole wheel.

Real builds with pip (the build back end in its own isolated environment, as a user's
``pip install .`` runs it) of a copy of the project, with compiling made impossible (a C
compiler that fails) or switched off (``THOUSAND_PURE=1``): each wheel must hold every pure
module, no compiled one, and the build must say why on its output.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.referee.conftest import ROOT
from tests.requirements import c_compiler

PROJECT = (
    "pyproject.toml",
    "setup.py",
    "MANIFEST.in",
    "README.md",
    "src",
    "referee",
    # the wheel's data files (pyproject.toml, tool.setuptools.data-files): thousand analyse's
    "bots/card_expert.py",
    "bots/dice_expert.py",
)


def _copy(tmp_path: Path) -> Path:
    """The project as a user's checkout holds it, without this one's build/ (no cache)."""
    copy = tmp_path / "project"
    copy.mkdir()
    for name in PROJECT:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    return copy


def run_checked(argv: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """A program run to its end (ten minutes at most) with ``env`` added to this one's; its
    output's tails are the failure's message when it exits non-zero."""
    done = subprocess.run(
        argv,
        cwd=cwd,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done


def _build(copy: Path, out: Path, **env: str) -> tuple[Path, str]:
    """pip's build of the checkout in place (build/ stays in it, as between the quick start's
    two commands): the wheel and the build's output."""
    done = run_checked(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out), "."], copy, **env
    )
    (wheel,) = out.glob("thousand-*.whl")
    return wheel, done.stdout + done.stderr


def _wheel(tmp_path: Path, **env: str) -> tuple[list[str], str]:
    wheel, output = _build(_copy(tmp_path), tmp_path, **env)
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist(), output


def _assert_pure(names: list[str]) -> None:
    assert [name for name in names if name.endswith((".so", ".pyd"))] == []
    for module in ("thousand/cards/state.py", "thousand/dice/state.py", "referee/cli/main.py"):
        assert module in names


@pytest.mark.slow
def test_a_compiler_failing_half_way_keeps_nothing_it_compiled(tmp_path: Path) -> None:
    """An engine's library and some modules compiled, one module not: the wheel must not hold
    the others, which would load beside a pure copy of the one (two CardStates, say).

    This is also the test of a compiler that fails outright (``CC=/bin/false``): the same
    error from the same compile step, after more was compiled. The real compiler runs at -O0
    (the last -O given wins): how well the C is optimised is not what is tested here, and
    mypyc's -O3 made this most of a minute."""
    compiler = c_compiler()  # without one nothing compiles half-way
    log = tmp_path / "cc.log"
    wrapper = tmp_path / "cc-but-dice-state"
    wrapper.write_text(
        f'#!/bin/sh\necho "$*" >> {log}\n'
        f'case "$*" in *thousand/dice/state.c*) exit 1;; esac\nexec {compiler} "$@" -O0 -g0\n'
    )
    wrapper.chmod(0o755)
    names, output = _wheel(tmp_path, CC=str(wrapper), THOUSAND_PURE="0")
    _assert_pure(names)
    assert "thousand: the engines stay pure Python (compiling failed" in output
    # Half way indeed: the card engine's library and its modules were compiled and linked
    # (beside the dice engine's, on another core), and the one failure was dice/state.c.
    calls = log.read_text().splitlines()
    linked = [call for call in calls if "-shared" in call.split()]
    assert any("thousand_cards__mypyc" in call for call in linked), calls
    assert any("thousand/cards/state" in call for call in linked), calls
    assert not any("thousand/dice/state" in call for call in linked), calls
    assert any("thousand/dice/state.c" in call for call in calls), calls


def test_thousand_pure_builds_no_compiled_module(tmp_path: Path) -> None:
    names, output = _wheel(tmp_path, THOUSAND_PURE="1")
    _assert_pure(names)
    assert "thousand: the engines stay pure Python (THOUSAND_PURE=1)" in output
