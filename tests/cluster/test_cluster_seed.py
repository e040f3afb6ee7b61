"""A ladder's matches played by Dask workers carry their origin home: every replay the
coordinator writes from a worker's return verifies against the ladder's master seed
(issue 30), as a local run's do (tests/replay/test_replay_seed.py)."""

from __future__ import annotations

import json
from pathlib import Path

from referee.games.chance import commitment
from tests.cluster.conftest import Cluster
from tests.ladder.conftest import Ladders, ok
from tests.replay.conftest import thousand


def test_replays_played_on_the_cluster_verify_against_the_seed(
    tmp_path: Path, shared_cluster: Cluster, ladders: Ladders
) -> None:
    db = ladders.copy(tmp_path, {name: "builtin:random" for name in ("anna", "boris", "vera")})
    ok("run", db, "--matches", 2, "--executor", shared_cluster.executor)
    files = db.parent / "ladder.db.files"
    seed = 0  # the test ladders' (tests/ladder/conftest.py make_ladder)
    done = thousand(
        "replay", "verify", "--seed", seed, "--commitment", commitment(seed), "--json", files
    )
    assert done.returncode == 0, done.stdout + done.stderr
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(verdicts) == 2 * 6 and all(v["ok"] for v in verdicts), verdicts
    wrong = thousand("replay", "verify", "--seed", seed + 1, files)
    assert wrong.returncode == 1 and wrong.stdout.count(": line 1: seed ") == 2 * 6
