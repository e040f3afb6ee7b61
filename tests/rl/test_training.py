"""A smoke run of each training script (a few hundred decisions, as CI affords): it trains,
measures, and writes a policy that bots/policy_bot.py loads and plays."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.script_module import load

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", ["dice", "cards"])
def test_a_short_training_run_writes_a_policy_the_bot_plays(game: str, tmp_path: Path) -> None:
    policy, curve = tmp_path / "policy.npz", tmp_path / "curve.json"
    argv = ["--steps", "300", "--batch", "300", "--evaluations", "2", "--eval-games", "1"]
    done = subprocess.run(
        [
            sys.executable,
            f"examples/train_{game}.py",
            *argv,
            "--out",
            str(policy),
            "--curve",
            str(curve),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "OMP_NUM_THREADS": "1"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    points = json.loads(curve.read_text())["curve"]
    assert points[0]["steps"] == 0 and points[-1]["steps"] >= 300
    assert all(0 <= p["vs_random"] <= 1 for p in points)
    bot = load(ROOT / "bots" / "policy_bot.py", "policy_bot_smoke")
    loaded = bot.Policy(str(policy))
    assert loaded.game == game
    with np.load(policy) as saved:
        assert str(saved["command"]).startswith(f"python examples/train_{game}.py --steps 300")
        assert not np.array_equal(saved["w1"], np.zeros_like(saved["w1"]))
