"""bench/referee.py's choice of instant bot: the compiled one where cc builds it, the Python
one otherwise — and the header must say which, since the two give different figures (the
Python bot's own parsing of a full card request is about twice the floor)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.protocol.conftest import ROOT
from tests.requirements import c_compiler
from tests.script_module import load


def _bench() -> ModuleType:
    """A fresh copy each test: choose_instant sets the module's INSTANT."""
    return load(ROOT / "bench" / "referee.py", "bench_referee")


def test_auto_builds_the_c_bot_and_it_answers(tmp_path: Path) -> None:
    c_compiler()
    bench = _bench()
    assert bench.choose_instant("auto", str(tmp_path)) == "c"
    command = bench.INSTANT
    assert Path(command).parent == tmp_path
    done = subprocess.run(
        [command],
        input=b'{"type":"hello","protocol":1}\n{"type":"request","id":7,"legal":[{"type":"pass"}]}\n',
        capture_output=True,
        timeout=10,
        check=True,
    )
    assert done.stdout.splitlines()[1] == b'{"type":"action","id":7,"action":{"type":"pass"}}'


def test_auto_without_a_compiler_falls_back_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "no-such-bin"))
    bench = _bench()
    python_bot = bench.INSTANT
    said = bench.choose_instant("auto", str(tmp_path))
    assert said.startswith("python (bench/instant_bot.c could not be built: ")
    assert python_bot.endswith("instant_bot.py")
    assert python_bot == bench.INSTANT


def test_c_without_a_compiler_is_one_line_and_an_exit(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": str(tmp_path / "no-such-bin")}
    done = subprocess.run(
        [sys.executable, "bench/referee.py", "--instant", "c", "--placement", "one"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("bench/referee.py: --instant c: cannot build bench/instant_bot.c")
    assert done.stderr.count("\n") == 1
    assert done.stdout == ""


def test_python_is_taken_as_asked(tmp_path: Path) -> None:
    bench = _bench()
    assert bench.choose_instant("python", str(tmp_path)) == "python"
    assert bench.INSTANT.endswith("instant_bot.py")
    assert list(tmp_path.iterdir()) == []
