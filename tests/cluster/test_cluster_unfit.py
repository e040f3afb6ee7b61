"""Workers that cannot run a task's bots, on a real scheduler with real workers: a scheduler
with no workers at all, a worker without the bots' interpreter, one that cannot write its
bundle cache, one whose ``tarfile`` cannot unpack a bundle the coordinator verified. Each is
unfit for the task, not the bots' fault: with only such workers a match or a ladder run stops
with one line (a ladder abandons the match it had started), and once a fit worker joins they
hand their tasks on to it and every game is played.

One cluster for all of it (issue 29): the workers' kinds are told apart by the reason each
gives, so one worker can be two kinds at once, and a scheduler and three workers do the work
of four schedulers and six workers."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from referee.cli.ladder import ladder
from tests.cluster.conftest import Cluster, match
from tests.cluster.test_cluster_unrunnable import manifest_folder
from tests.inprocess import invoke
from tests.ladder.conftest import (
    RANDOM_BOT,
    Ladders,
    check_consistent,
    cli,
    ok,
    one_error_line,
    quick_ok,
    read_only,
)

OLD_TAR = str(Path(__file__).with_name("old_tar_worker.py"))


def test_workers_unfit_for_the_bots_hand_their_tasks_on_and_without_a_fit_one_it_stops(
    tmp_path: Path, own_cluster: Cluster, ladders: Ladders
) -> None:
    # A ladder with an entrant whose folder holds a link inside it (which travels), for the
    # worker that cannot unpack it.
    (tmp_path / "linked").mkdir()
    linked_db = ladders.copy(tmp_path / "linked", {"r1": "builtin:random", "f1": "builtin:first"})
    manifest = manifest_folder(tmp_path, "linked-bot")
    (manifest.parent / "latest").symlink_to("bot.py")
    quick_ok("add", linked_db, "linked", manifest, "--no-check")

    # A scheduler without workers: one line, nothing played.
    line = one_error_line(cli("run", linked_db, "--matches", 1, "--executor", own_cluster.executor))
    assert "has no workers" in line
    assert check_consistent(linked_db) == {"done": 0, "running": 0, "abandoned": 0}

    # An interpreter the organiser installed on this machine's PATH (so not shipped), which the
    # "blind" worker does not have: bubblewrap hides its folder from that worker. The same
    # worker's tarfile has no data filter (old_tar_worker.py: Python 3.11 before 3.11.4), so it
    # cannot unpack a bundle with a link that the coordinator unpacked and verified.
    runtime = tmp_path / "runtime"
    (runtime / "bin").mkdir(parents=True)
    (runtime / "bin" / "pyx").symlink_to(sys.executable)
    blind = ["bwrap", "--dev-bind", "/", "/", "--tmpfs", str(runtime)]
    own_cluster.start_worker("blind", wrap=blind, preload=OLD_TAR)
    # And one that cannot write its bundle cache (its disk as good as full).
    own_cluster.start_worker("jammed", env={"THOUSAND_BUNDLE_CACHE": "/dev/null/cache"})
    own_cluster.wait_for_workers(2)
    env = {"PATH": f"{runtime / 'bin'}{os.pathsep}{os.environ['PATH']}"}

    # A ladder no worker can play stops with one line; the match it started is abandoned.
    stopped = cli("run", linked_db, "--matches", 3, "--executor", own_cluster.executor)
    line = one_error_line(stopped)
    assert "no worker of the cluster can run these bots" in line and "unpacked" in line, line
    assert check_consistent(linked_db) == {"done": 0, "running": 0, "abandoned": 1}

    pyx = f"pyx {RANDOM_BOT} 1"
    argv = [pyx, "builtin:random", "--game", "dice", "--games", 4, "--rules", "simple"]
    argv += ["--sandbox", "rlimits", "--executor", own_cluster.executor]
    alone = match(*argv, env=env)
    assert alone.returncode == 1 and "Traceback" not in alone.stderr, alone.stderr
    assert "no worker of the cluster can run these bots" in alone.stderr
    assert "is not installed on this worker" in alone.stderr
    assert "cannot write its files (Not a directory: /dev/null/cache" in alone.stderr

    (tmp_path / "pyx").mkdir()
    pyx_db = ladders.copy(tmp_path / "pyx", {"r1": "builtin:random", "r2": "builtin:first"})
    # Admission finds pyx on the organiser's PATH (in this process: only the words matter).
    added = invoke(["add", pyx_db, "pyx", pyx, "--no-check"], command=ladder, env=env)
    assert added.returncode == 0, added
    run = cli("run", pyx_db, "--matches", 3, "--executor", own_cluster.executor, env=env)
    line = one_error_line(run)
    assert "no worker of the cluster can run these bots" in line, run.explain()
    found = check_consistent(pyx_db)
    assert found["done"] == 0 and found["running"] == 0 and found["abandoned"] == 1, found

    # A fit worker joins: the unfit ones hand their tasks on to it.
    own_cluster.start_worker("sighted")
    own_cluster.wait_for_workers(3)
    both = match(*argv[:5], 10, *argv[6:], "--json", env=env)
    assert both.returncode == 0, both.stderr
    document = json.loads(both.stdout)
    assert document["games_played"] == 10
    assert all(bot["fault_games"] == 0 for bot in document["bots"])
    # The unfit workers were given tasks too (three idle workers), each named once.
    assert 1 <= both.stderr.count("cannot run a bot") <= 2, both.stderr

    # Not the entrant's fault: with a worker that can unpack it, its matches are played.
    run = ok("run", linked_db, "--matches", 3, "--executor", own_cluster.executor)
    assert check_consistent(linked_db) == {"done": 3, "running": 0, "abandoned": 1}
    assert "could not be run" not in run.stderr, run.explain()
    conn = read_only(linked_db)
    try:
        linked = conn.execute("SELECT * FROM entrants WHERE name = 'linked'").fetchone()
    finally:
        conn.close()
    assert linked["enabled"] and linked["faults"] == 0 and linked["matches"] == 3
