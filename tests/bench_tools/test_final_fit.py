"""bench/final_fit.py runs and prints one row per field size (its figures are in
docs/benchmarks.md, not asserted here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_final_fit_bench_prints_a_row_per_size() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "final_fit.py"), "--finalists", "4", "9",
         "--rounds", "2", "--repeat", "1"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()[1:]]
    assert [(r[0], r[1]) for r in rows] == [("4", str(2 * 4 * 6)), ("9", str(2 * 9 * 6))]
