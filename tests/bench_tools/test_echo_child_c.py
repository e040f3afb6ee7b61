"""bench/echo_child.c, the compiled floor of `bench/referee.py` (the issue's moonshot): a
floor is a fair yardstick only if it does the Python echo child's work, so both are run on the
same lines and must answer byte for byte alike, and the bench's own timing loop runs with it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from tests.protocol.conftest import ROOT
from tests.requirements import c_compiler
from tests.script_module import load


@pytest.fixture(scope="module")
def echo_c(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("echo-c") / "echo_child"
    command = [c_compiler(), "-O2", "-Wall", "-Wextra", "-Werror", "-o", str(target)]
    subprocess.run(
        [*command, "bench/echo_child.c"],
        cwd=ROOT,
        check=True,
    )
    return target


def _answers(command: list[str], lines: bytes) -> bytes:
    return subprocess.run(command, input=lines, capture_output=True, timeout=20, check=True).stdout


def test_it_answers_as_the_python_floor_does(echo_c: Path) -> None:
    payloads = [
        {"type": "request", "id": i, "view": {"dice": [1, 5, 3, 3, 4], "pad": "x" * size}}
        for i, size in ((0, 180), (7, 0), (123456789, 5000), (42, 70000))
    ]
    lines = b"".join(orjson.dumps(p) + b"\n" for p in payloads)
    python = _answers([sys.executable, str(ROOT / "bench" / "echo_child.py")], lines)
    compiled = _answers([str(echo_c)], lines)
    assert compiled == python
    assert compiled.count(b"\n") == len(payloads)


def test_the_bench_times_a_round_trip_with_it(echo_c: Path, tmp_path: Path) -> None:
    bench = load(ROOT / "bench" / "referee.py", "bench_referee_echo")
    bench.ECHO_C = str(tmp_path / "no-such-child")
    with pytest.raises(FileNotFoundError):  # the compiled floor is the child it names
        bench.floor_us(10, compiled=True)
    bench.ECHO_C = str(echo_c)
    assert bench.floor_us(200, compiled=True) > 0
