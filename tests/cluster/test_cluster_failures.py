"""What happens to a ladder run when the cluster fails, with real processes: a worker that
holds its task for as long as the test wants, a worker SIGKILLed mid-match, the coordinator
SIGKILLed, the scheduler lost. Every case ends with the ladder's invariants and ``rerate
--check`` identical.

The cases run one after another on one cluster and one ladder (issue 29): a scheduler and each
worker cost seconds of start-up, and every case leaves the cluster in a state the next one can
start from (the slow worker, its gate open, is the one later killed; the scheduler is killed
last). Each phase counts from where the last one left the ladder."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from tests.cluster.conftest import Cluster
from tests.ladder.conftest import (
    RANDOM_BOT,
    Ladders,
    Runs,
    check_consistent,
    counts,
    leftovers,
    ok,
    py_bot,
    quick_ok,
    wait_until,
)
from tests.ladder.test_ladder_reliability import recorded

GATED = str(Path(__file__).with_name("gated_worker.py"))

SCHEDULER_WAIT = "1"
"""``THOUSAND_DASK_RECONNECT_WAIT`` for the run whose scheduler is killed: the coordinator
waits this long for it to come back (5 s by default) before it says it lost it; the scheduler
does not come back within it, so the wait only decides how soon the test goes on."""


def field(marker: str) -> dict[str, str]:
    """Two bot processes and two built-in players: every match of three has a process with
    the marker in it (what a killed worker or coordinator could leave behind), at half the
    processes of four."""
    bots = {f"r{i}": py_bot(RANDOM_BOT, i, marker) for i in range(2)}
    return {**bots, "b2": "builtin:random", "b3": "builtin:random"}


def replay_files(db: Path) -> set[str]:
    return {str(p) for p in (db.parent / "ladder.db.files").rglob("*") if p.is_file()}


def test_slow_killed_and_lost_parts_of_the_cluster_never_cost_a_match_twice(
    tmp_path: Path, own_cluster: Cluster, runs: Runs, ladders: Ladders, marker: str
) -> None:
    from distributed import Client

    db = ladders.copy(tmp_path, field(marker))
    executor = ("--concurrency", 2, "--executor", own_cluster.executor)

    # A slow worker does not stall the run: it holds one match; a fast one plays the others.
    gate = tmp_path / "gate" / "open"
    gate.parent.mkdir()
    own_cluster.start_worker("slow", preload=GATED, env={"THOUSAND_TEST_GATE": str(gate)})
    own_cluster.wait_for_workers(1)
    holding = lambda: any(gate.parent.glob("holding-*"))  # noqa: E731
    run = runs.start(db, "--matches", 4, *executor)
    wait_until(holding, 60, "the slow worker to take a match")
    own_cluster.start_worker("fast")
    wait_until(lambda: counts(db)["done"] >= 3, 90, "three matches past the slow worker")
    assert counts(db)["running"] >= 1
    gate.touch()
    stdout, stderr = run.communicate(timeout=120)
    assert run.returncode == 0, stderr
    assert recorded(stdout) == 4
    assert check_consistent(db) == {"done": 4, "running": 0, "abandoned": 0}

    # A worker killed mid-match (the slow one, its gate open now): Dask runs its task again on
    # the other worker, and the match is recorded once.
    run = runs.start(db, "--matches", 4, *executor)
    wait_until(lambda: counts(db)["done"] >= 5, 60, "a recorded match")
    with Client(own_cluster.address, timeout=30) as client:
        doomed = next(
            address
            for address, info in client.scheduler_info(n_workers=-1)["workers"].items()
            if info["name"] == "slow"
        )
        wait_until(lambda: bool(client.processing()[doomed]), 60, "a match on the doomed worker")
        own_cluster.kill("slow")
    stdout, stderr = run.communicate(timeout=120)
    assert run.returncode == 0, stderr
    assert recorded(stdout) == 4
    assert check_consistent(db) == {"done": 8, "running": 0, "abandoned": 0}
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    assert leftovers(marker) == []

    # The coordinator SIGKILLed: as a local run killed, and no task of it writes later.
    own_cluster.start_worker("w1")
    own_cluster.wait_for_workers(2)
    total = 14
    args = ("--total", total, *executor)
    first = runs.start(db, *args)
    wait_until(lambda: counts(db)["done"] >= 9, 60, "a recorded match")
    os.killpg(first.pid, signal.SIGKILL)
    assert first.wait(10) == -signal.SIGKILL
    killed = check_consistent(db)
    assert 9 <= killed["done"] < total and killed["running"] <= 2
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    with Client(own_cluster.address, timeout=30) as client:
        # The scheduler forgets a dead client's tasks: once no worker processes any, nothing
        # of the dead coordinator can arrive (and workers never write into the ladder).
        wait_until(lambda: not any(client.processing().values()), 60, "the dead client's tasks")
    files = replay_files(db)

    # The scheduler lost mid-run: one line, the matches in flight abandoned, nothing half done.
    second = runs.start(db, *args, env={"THOUSAND_DASK_RECONNECT_WAIT": SCHEDULER_WAIT})
    wait_until(lambda: counts(db)["done"] > killed["done"], 60, "a match of the second run")
    own_cluster.kill("scheduler")
    _, stderr = second.communicate(timeout=120)
    assert second.returncode == 1, stderr
    errors = [line for line in stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and "lost the Dask scheduler" in errors[0], stderr
    assert "Traceback" not in stderr
    stopped = check_consistent(db)
    assert stopped["running"] == 0 and stopped["done"] < total, stopped
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    assert files <= replay_files(db)

    # The scheduler back on its address, its workers restarted: a run completes the total.
    own_cluster.start_scheduler_at(own_cluster.address)
    for name in ("fast", "w1"):
        own_cluster.kill(name)
        own_cluster.start_worker(name)
    own_cluster.wait_for_workers(2)
    again = ok("run", db, *args)
    assert recorded(again.stdout) == total - stopped["done"]
    final = check_consistent(db)
    assert final["done"] == total and final["running"] == 0
    assert final["abandoned"] == stopped["abandoned"]
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    assert leftovers(marker) == []
