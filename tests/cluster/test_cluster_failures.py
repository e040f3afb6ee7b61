"""What happens to a ladder run when the cluster fails, with real processes: a worker
SIGKILLed mid-match, the scheduler lost, the coordinator SIGKILLed, a worker that holds its
task for as long as the test wants. Every case ends with the ladder's invariants and
``rerate --check`` identical."""

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


def field(marker: str) -> dict[str, str]:
    return {f"r{i}": py_bot(RANDOM_BOT, i, marker) for i in range(4)}


def replay_files(db: Path) -> set[str]:
    return {str(p) for p in (db.parent / "ladder.db.files").rglob("*") if p.is_file()}


def test_a_worker_killed_mid_match_is_replaced_and_the_match_recorded_once(
    tmp_path: Path, own_cluster: Cluster, runs: Runs, ladders: Ladders, marker: str
) -> None:
    own_cluster.start_worker("doomed")
    own_cluster.start_worker("steady")
    own_cluster.wait_for_workers(2)
    db = ladders.copy(tmp_path, field(marker))
    run = runs.start(db, "--matches", 6, "--concurrency", 2, "--executor", own_cluster.executor)
    # One match recorded, and the doomed worker in the middle of another: kill it there.
    wait_until(lambda: counts(db)["done"] >= 1, 60, "a recorded match")
    from distributed import Client

    with Client(own_cluster.address, timeout=30) as client:
        doomed = next(
            address
            for address, info in client.scheduler_info(n_workers=-1)["workers"].items()
            if info["name"] == "doomed"
        )
        wait_until(lambda: bool(client.processing()[doomed]), 60, "a match on the doomed worker")
        own_cluster.kill("doomed")
    stdout, stderr = run.communicate(timeout=120)
    assert run.returncode == 0, stderr
    assert recorded(stdout) == 6
    assert check_consistent(db) == {"done": 6, "running": 0, "abandoned": 0}
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    assert leftovers(marker) == []


def test_a_slow_worker_does_not_stall_the_run(
    tmp_path: Path, own_cluster: Cluster, runs: Runs, ladders: Ladders, marker: str
) -> None:
    gate = tmp_path / "gate" / "open"
    gate.parent.mkdir()
    own_cluster.start_worker("slow", preload=GATED, env={"THOUSAND_TEST_GATE": str(gate)})
    own_cluster.wait_for_workers(1)
    holding = lambda: any(gate.parent.glob("holding-*"))  # noqa: E731
    db = ladders.copy(tmp_path, field(marker))
    run = runs.start(db, "--matches", 4, "--concurrency", 2, "--executor", own_cluster.executor)
    wait_until(holding, 60, "the slow worker to take a match")
    own_cluster.start_worker("fast")
    # The slow worker holds one match; the fast one plays the others meanwhile.
    wait_until(lambda: counts(db)["done"] >= 3, 90, "three matches past the slow worker")
    assert counts(db)["running"] >= 1
    gate.touch()
    stdout, stderr = run.communicate(timeout=120)
    assert run.returncode == 0, stderr
    assert recorded(stdout) == 4
    assert check_consistent(db) == {"done": 4, "running": 0, "abandoned": 0}


def test_coordinator_killed_then_scheduler_lost_and_a_restart_completes_the_ladder(
    tmp_path: Path, own_cluster: Cluster, runs: Runs, ladders: Ladders, marker: str
) -> None:
    own_cluster.start_worker("w0")
    own_cluster.start_worker("w1")
    own_cluster.wait_for_workers(2)
    total = 6
    db = ladders.copy(tmp_path, field(marker))
    args = ("--total", total, "--concurrency", 2, "--executor", own_cluster.executor)

    # The coordinator SIGKILLed: as a local run killed, and no task of it writes later.
    first = runs.start(db, *args)
    wait_until(lambda: counts(db)["done"] >= 1, 60, "a recorded match")
    os.killpg(first.pid, signal.SIGKILL)
    assert first.wait(10) == -signal.SIGKILL
    killed = check_consistent(db)
    assert 1 <= killed["done"] < total and killed["running"] <= 2
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    from distributed import Client

    with Client(own_cluster.address, timeout=30) as client:
        # The scheduler forgets a dead client's tasks: once no worker processes any, nothing
        # of the dead coordinator can arrive (and workers never write into the ladder).
        wait_until(lambda: not any(client.processing().values()), 60, "the dead client's tasks")
    files = replay_files(db)

    # The scheduler lost mid-run: one line, the matches in flight abandoned, nothing half done.
    second = runs.start(db, *args)
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
    for name in ("w0", "w1"):
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
