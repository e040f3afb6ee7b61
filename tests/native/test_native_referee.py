"""The compiled referee (setup.py's REFEREE group: the match loop, the request and the answer,
the bot's CPU clock) is its source, only faster.

The suite imports the installed referee (pytest's ``--import-mode=append``), so in CI every
other test already runs the compiled modules. What remains is to show that compiling changed
nothing a bot or a replay can see: the same match, with real bots, faults among them, played by
the installed command and by the source (a child with the checkout first on its path), gives
the same document and the same replays, but for the measured times.
"""

from __future__ import annotations

import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import orjson
import pytest

import referee.games.match
import referee.players.cpu
import referee.players.players
import referee.players.process
import referee.players.protocol
from tests.referee.conftest import (
    ROOT,
    assert_no_leftovers,
    faulty,
    random_bot,
    read_replays,
    run_match,
)
from tests.requirements import need, requires

TURN = (
    referee.games.match,
    referee.players.cpu,
    referee.players.players,
    referee.players.process,
    referee.players.protocol,
)
TIMINGS = {"wall_ms", "cpu_ms"}
SOURCE = (
    "import sys; sys.path.insert(0, sys.argv.pop(1)); import referee.games.match as match; "
    "assert match.__file__.endswith('.py'), match.__file__; "
    "from referee.cli.main import main; main(sys.argv[1:], prog_name='thousand')"
)
"""The source referee: the checkout first on the path (``thousand`` stays the installed one)."""


def test_a_ci_install_runs_the_compiled_referee() -> None:
    """A wheel build that left the referee pure would pass every other test, slower."""
    need("compiled-engines")
    pure = [module.__name__ for module in TURN if str(module.__file__).endswith(".py")]
    assert not pure, f"not compiled: {pure}; `pip install -v .` says why"


def _without_timings(doc: dict[str, Any]) -> dict[str, Any]:
    doc = {k: v for k, v in doc.items() if k not in ("replays", "logs")}
    doc["bots"] = [{k: v for k, v in b.items() if k != "think_ms"} for b in doc["bots"]]
    doc["games"] = [{k: v for k, v in g.items() if k != "replay"} for g in doc["games"]]
    return doc


def _replays(doc: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [
        [{k: v for k, v in r.items() if k != "started"} for r in replay[:1]]
        + [{k: v for k, v in r.items() if k not in TIMINGS} for r in replay[1:]]
        for replay in read_replays(doc)
    ]


@requires("compiled-engines")
@pytest.mark.parametrize(
    ("game", "modes"),
    [("cards", ("illegal", "reorder")), ("dice", ("wrong_id", "split_line"))],
)
def test_the_compiled_referee_plays_a_match_as_its_source(
    tmp_path: Path, game: str, modes: tuple[str, ...]
) -> None:
    """Full requests to a random bot, a bot whose answers are unusual but valid and one that
    faults after a few moves (its seat then played by the fallback): both referees write the
    same games, events, faults and results."""
    marker = f"mark-{uuid.uuid4().hex}"
    bots = [random_bot(marker, 3), *(faulty(mode, 4, marker) for mode in modes)]
    options = ("--games", "3", "--seed", "5", "--time-per-move", "5")
    compiled = run_match(bots, *options, game=game, replays=tmp_path / "compiled")
    assert compiled.returncode == 0, compiled.explain()
    argv = ["match", *bots, "--game", game, *options, "--replays", str(tmp_path / "source")]
    source = subprocess.run(
        [sys.executable, "-c", SOURCE, str(ROOT), *argv, "--json"],
        capture_output=True,
        check=False,
        cwd=tmp_path,
        timeout=120,
    )
    assert source.returncode == 0, source.stderr.decode()[-2000:]
    theirs = orjson.loads(source.stdout)
    assert _without_timings(compiled.doc) == _without_timings(theirs)
    ours = _replays(compiled.doc)
    assert ours == _replays(theirs)
    faults = [g["faults"] for g in compiled.doc["games"]]
    assert all(faults), faults  # the faulting bot faulted in every game: the fault path ran
    assert sum(len(replay) for replay in ours) > 30  # whole games, not a stub
    assert_no_leftovers(marker)
