"""`thousand ladder run --pin`: every match and its bots on one core, a core a match while
matches run side by side. Real ladder, real SQLite, real bot processes that say in their hello
which cores they may use (tests/bots/core_bot.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from pydantic import TypeAdapter

from referee.ladder.standings import MatchRow
from tests.ladder.conftest import (
    leftovers,
    make_ladder,
    ok,
    one_error_line,
    py_bot,
    quick,
    quick_ok,
)

CORE_BOT = Path(__file__).resolve().parents[1] / "bots" / "core_bot.py"
CORES = sorted(os.sched_getaffinity(0))


def test_each_pinned_match_plays_on_one_core(tmp_path: Path, marker: str) -> None:
    """Two matches of two players (two games each): the two that start together are the
    claim's, and a larger table would only start more bots on the same core."""
    # The core bot plays the first legal action, never stopping a turn: the capped rules.
    bots = {f"core{i}": py_bot(CORE_BOT, i, marker) for i in range(2)}
    db = make_ladder(tmp_path, bots, rules="capped", players=2)
    ok("run", db, "--matches", 2, "--concurrency", 2, "--pin")
    assert leftovers(marker) == []
    matches = TypeAdapter(list[MatchRow]).validate_json(quick_ok("games", db, "--json").stdout)
    assert len(matches) == 2
    used = []
    for match in matches:
        names = set()
        for replay in match.replays:
            header = json.loads(Path(replay).read_text().splitlines()[0])
            names |= {seat["name"].partition("#")[0] for seat in header["seats"]}
        assert len(names) == 1, names  # both games of the match, both bots: one core
        (name,) = names
        used.append(name)
    # The two matches start together, on a core each.
    assert set(used) == {f"cores-{core}" for core in CORES[:2]}


def test_pin_is_refused_with_a_cluster_executor(tmp_path: Path) -> None:
    db = make_ladder(tmp_path, {f"r{i}": "builtin:random" for i in range(3)})
    done = quick("run", db, "--matches", 1, "--pin", "--executor", "dask://127.0.0.1:1")
    assert "--pin places local matches" in one_error_line(done)
