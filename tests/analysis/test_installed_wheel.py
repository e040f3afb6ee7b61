"""``thousand analyse`` from an installed wheel, without a source checkout: the wheel built by
pip (in its isolated build environment, as a user's ``pip install .``) from a copy of the
project, installed into a fresh virtual environment, run from a folder holding nothing but
replays. The experts' files must come with the wheel (pyproject.toml's data-files) and be
found there (referee/analysis/experts.py); before that, the analysis read bots/ beside the
source tree and failed in any installed copy.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.inprocess import invoke
from tests.native.test_build import _build, _copy, run_checked

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``thousand`` program of a virtual environment holding the wheel and its
    dependencies, nothing of this checkout (pure engines: compiling is not what is tested)."""
    base = tmp_path_factory.mktemp("wheel")
    # the project as a checkout holds it (the two experts among its files), built by pip
    wheel, _ = _build(_copy(base), base, THOUSAND_PURE="1")
    python = sys.executable
    venv = base / "venv"
    run_checked([python, "-m", "venv", str(venv)], base)
    run_checked([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)], base)
    return venv / "bin" / "thousand"


def _replay(folder: Path, game: str, bots: list[str]) -> Path:
    out = folder / game
    argv = ["match", "--game", game, "--games", "1", "--seed", "5", "--replays", out, *bots]
    done = invoke(argv, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    (path,) = out.glob("match-*/game-*.jsonl")
    return path


@pytest.mark.slow
def test_the_installed_wheel_analyses_with_its_own_experts(installed: Path, tmp_path: Path) -> None:
    """A dice game valued from the installed table, a card game sampled with the installed card
    expert, in a folder with no bots/ anywhere above it; the files found are the venv's."""
    dice = _replay(tmp_path, "dice", ["builtin:random", "builtin:random"])
    cards = _replay(tmp_path, "cards", ["builtin:random"] * 3)
    away = tmp_path / "elsewhere"
    away.mkdir()
    venv = installed.parents[1]
    where = run_checked(
        [
            str(venv / "bin" / "python"),
            "-c",
            "from referee.analysis.experts import expert_file; "
            "print(expert_file('card_expert.py')); print(expert_file('dice_expert.py'))",
        ],
        away,
    )
    for line in where.stdout.split():
        assert Path(line).is_relative_to(venv / "share" / "thousand" / "bots"), where.stdout
    argv = [str(installed), "analyse", str(dice), str(cards), "--json", "--budget-ms", "5"]
    done = run_checked(argv, away)
    document = json.loads(done.stdout)
    assert document["errors"] == []
    by_game = {game["game"]: game for game in document["games"]}
    assert by_game["dice"]["basis"] == "abstracted" and by_game["dice"]["decisions"]
    assert by_game["cards"]["basis"] == "sampled"
    sampled = [d for d in by_game["cards"]["decisions"] if len(d["options"]) > 1]
    assert sampled and all(o["samples"] for d in sampled for o in d["options"])
