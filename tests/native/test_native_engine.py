"""The compiled engines (setup.py: mypyc) are the pure ones, only faster.

An install from a wheel runs the engine modules compiled where a C compiler was at hand; the
tests, the oracles and every replay check then exercise the compiled ones. What remains is to
show that compiling changed nothing a bot, a replay or the referee can see: the same games,
step by step, through the compiled modules (this process) and through the pure source
(a child with ``src/`` first on its path), hostile actions and their refusals included.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson
import pytest

import thousand.cards.state
import thousand.dice.state
from tests.native.transcript import GAMES, digests, steps
from tests.referee.conftest import ROOT
from tests.requirements import need, requires

SEEDS = (1, 2)
"""One seed of each way to draw: chance() on even seeds, sample_chance() and apply() on odd
ones (transcript.steps); every game of GAMES whole for each, some 9,000 steps a card game."""
COMPILED = [
    module.__file__ is not None and not module.__file__.endswith(".py")
    for module in (thousand.cards.state, thousand.dice.state)
]


def test_a_ci_install_runs_the_compiled_engines() -> None:
    """A build that silently fell back to pure Python would pass every other test, slower:
    under CI=true, where a compiler is installed, that is a failure of the build."""
    need("compiled-engines")
    assert all(COMPILED), (
        "the installed engines are not compiled: `pip install -v .` says why "
        "(look for 'thousand: the engines stay pure Python')"
    )


def test_a_ci_install_holds_the_compiled_shuffle_and_sweep() -> None:
    """thousand.shuffle (every keyed deal) and referee.analysis.dice_pass (thousand analyse's
    dice turn pass) are compiled with the engines' groups; the referee's one is not what the
    tests import from a checkout, so the folder the compiled engines came from is looked in."""
    need("compiled-engines")
    installed = Path(str(thousand.cards.state.__file__)).parents[2]
    for module in ("thousand/shuffle", "referee/analysis/dice_pass"):
        compiled = list(installed.glob(module + ".*.so"))
        assert compiled, f"{module} is not compiled in {installed}"


@requires("compiled-engines")
def test_the_compiled_engines_play_every_step_as_their_source() -> None:
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; "
            "from tests.native.transcript import main; main(sys.argv[3:])",
            str(ROOT / "src"),
            str(ROOT),
            *map(str, SEEDS),
        ],
        capture_output=True,
        check=True,
        cwd=ROOT,
    )
    lines = [orjson.loads(line) for line in child.stdout.splitlines()]
    modules = lines.pop()
    assert all(path.endswith(".py") for path in modules), modules  # the child ran the source
    games = [(seed, *game) for seed in SEEDS for game in GAMES]
    assert len(lines) == len(games)
    checked = 0
    for (seed, game, preset, players), pure in zip(games, lines, strict=True):
        compiled = digests(game, preset, players, seed)
        for number, (ours, theirs) in enumerate(zip(compiled, pure, strict=False)):
            if ours != theirs:
                record = steps(game, preset, players, seed)[number].decode()
                pytest.fail(f"{game} {preset} seed {seed}, step {number}: compiled {record[:600]}")
        assert len(compiled) == len(pure), (game, preset, seed)
        checked += len(compiled)
    assert checked > 1000  # whole games, not a stub: hundreds of steps each
