"""A contest's final played by Dask workers (issue 30): two duplicate groups a table, the
final's origin carried home, the standings frozen, every replay holding to the master seed."""

from __future__ import annotations

import json
from pathlib import Path

from referee.games.chance import commitment
from tests.cluster.conftest import Cluster
from tests.ladder.conftest import Ladders, ok, quick_ok
from tests.replay.conftest import thousand


def test_a_final_on_the_cluster_verifies_against_the_seed(
    tmp_path: Path, shared_cluster: Cluster, ladders: Ladders
) -> None:
    db = ladders.copy(tmp_path, {name: "builtin:random" for name in ("anna", "boris", "vera")})
    quick_ok("phase", db, "--deadline", "now")
    done = ok(
        "final", db, "--rounds", 1, "--games-per-table", 12, "--json",
        "--executor", shared_cluster.executor,
    )  # fmt: skip
    table = json.loads(done.stdout)
    # Three finalists at three seats: one table a round, two duplicate groups of six games.
    assert table["frozen"] and table["matches_done"] == 1 and table["games"] == 12
    assert {r["games"] for r in table["rows"]} == {12}
    quick_ok("reveal", db)
    replays = sorted((db.parent / "ladder.db.files" / "replays").glob("final-*/game-*"))
    assert len(replays) == 12
    seed = 0  # the test ladders' (tests/ladder/conftest.py make_ladder)
    checked = thousand(
        "replay", "verify", "--seed", seed, "--commitment", commitment(seed), *replays
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count(": OK") == 12
