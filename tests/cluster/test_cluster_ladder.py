"""A ladder played on a real Dask cluster (a scheduler and two workers, real processes): the
same invariants as the local ladder, the executor named in the standings, and a bot edited
after admission refused by its digest."""

from __future__ import annotations

from pathlib import Path

from referee.ladder.standings import Standings
from tests.cluster.conftest import Cluster
from tests.ladder.conftest import (
    DICE_BOT,
    RANDOM_BOT,
    Ladders,
    check_consistent,
    cli,
    leftovers,
    ok,
    one_error_line,
    py_bot,
    quick_ok,
)


def field(marker: str) -> dict[str, str]:
    """Five example bots: two dice bots, two Python random bots and the built-in random."""
    return {
        "dice1": py_bot(DICE_BOT, 1, marker),
        "dice2": py_bot(DICE_BOT, 2, marker),
        "random1": py_bot(RANDOM_BOT, 1, marker),
        "random2": py_bot(RANDOM_BOT, 2, marker),
        "builtin": "builtin:random",
    }


MATCHES = 12
"""Six rounds of two matches at once over the two workers (each of the five bots drawn into
about seven): the count is not the claim, the invariants after a run over the cluster are."""


def test_a_dozen_matches_over_the_cluster_keep_the_ladder_invariants(
    tmp_path: Path, shared_cluster: Cluster, ladders: Ladders, marker: str
) -> None:
    db = ladders.copy(tmp_path, field(marker))
    args = ("--matches", MATCHES, "--concurrency", 2, "--executor", shared_cluster.executor)
    run = ok("run", db, *args)
    assert f"recorded {MATCHES} matches" in run.stdout
    assert check_consistent(db) == {"done": MATCHES, "running": 0, "abandoned": 0}
    # The commands that only read the ladder run in this process (quick_ok): the same code
    # on the same files, without a second of interpreter start-up each.
    assert "identical" in quick_ok("rerate", db, "--check").stdout
    table = Standings.model_validate_json(quick_ok("standings", db, "--json").stdout)
    assert table.matches_done == MATCHES
    assert sum(row.matches for row in table.rows) == MATCHES * 3
    assert sum(row.games for row in table.rows) == MATCHES * 3 * 6
    assert all(row.faults == 0 for row in table.rows), table.rows
    assert table.executor is not None and shared_cluster.address in table.executor
    # The title may wrap at a long rules path (a pipe's width is 160): read it as words.
    assert "executor dask" in " ".join(quick_ok("standings", db).stdout.split())
    assert "executor: dask" in quick_ok("standings", db, "--markdown").stdout
    page = tmp_path / "standings.html"
    quick_ok("standings", db, "--html", page)
    assert f"executor: dask {shared_cluster.address}" in page.read_text(encoding="utf-8")
    # The coordinator wrote every match's replays where a local run would have.
    files = db.parent / "ladder.db.files" / "replays"
    assert len(list(files.glob("match-*/game-*.jsonl*"))) == MATCHES * 6
    assert leftovers(marker) == []


def test_a_bot_edited_after_admission_is_refused_by_digest(
    tmp_path: Path, shared_cluster: Cluster, ladders: Ladders
) -> None:
    bot = tmp_path / "mine" / "bot.py"
    bot.parent.mkdir()
    bot.write_bytes(RANDOM_BOT.read_bytes())
    db = ladders.copy(tmp_path, {"r1": py_bot(RANDOM_BOT, 1), "r2": py_bot(RANDOM_BOT, 2)})
    quick_ok("add", db, "mine", py_bot(bot, 3), "--no-check")
    bot.write_bytes(RANDOM_BOT.read_bytes() + b"\n# edited after admission\n")
    refused = cli("run", db, "--matches", 2, "--executor", shared_cluster.executor)
    line = one_error_line(refused)
    assert "'mine'" in line and "changed since it was admitted" in line, line
    assert check_consistent(db) == {"done": 0, "running": 0, "abandoned": 0}


def test_an_executor_that_cannot_be_used_is_one_line(tmp_path: Path, ladders: Ladders) -> None:
    db = ladders.copy(tmp_path, {"r1": py_bot(RANDOM_BOT, 1), "r2": "builtin:random"})
    line = one_error_line(cli("run", db, "--matches", 1, "--executor", "dask://nowhere:x"))
    assert "dask://HOST:PORT" in line
    hostile = one_error_line(cli("run", db, "--matches", 1, "--executor", "dask://\x1b[2J:1"))
    assert "\x1b" not in hostile and "dask://HOST:PORT" in hostile
    line = one_error_line(cli("run", db, "--matches", 1, "--executor", "dask://127.0.0.1:9"))
    assert "cannot reach the Dask scheduler" in line
    assert check_consistent(db) == {"done": 0, "running": 0, "abandoned": 0}


def test_a_scheduler_without_workers_is_one_line(
    tmp_path: Path, own_cluster: Cluster, ladders: Ladders
) -> None:
    db = ladders.copy(tmp_path, {"r1": py_bot(RANDOM_BOT, 1), "r2": "builtin:random"})
    line = one_error_line(cli("run", db, "--matches", 1, "--executor", own_cluster.executor))
    assert "has no workers" in line
    assert check_consistent(db) == {"done": 0, "running": 0, "abandoned": 0}


def test_a_ladder_no_worker_can_play_stops_with_one_line(
    tmp_path: Path, own_cluster: Cluster, ladders: Ladders
) -> None:
    import os
    import subprocess
    import sys

    from tests.ladder.conftest import ROOT, thousand

    runtime = tmp_path / "runtime"
    (runtime / "bin").mkdir(parents=True)
    (runtime / "bin" / "pyx").symlink_to(sys.executable)
    own_cluster.start_worker(
        "blind", wrap=["bwrap", "--dev-bind", "/", "/", "--tmpfs", str(runtime)]
    )
    own_cluster.wait_for_workers(1)
    env = {**os.environ, "PATH": f"{runtime / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    db = ladders.copy(tmp_path, {"r1": "builtin:random", "r2": "builtin:first"})
    argv = [*thousand(), "ladder"]
    subprocess.run(
        [*argv, "add", db, "pyx", f"pyx {RANDOM_BOT} 1", "--no-check"], env=env, check=True
    )
    run = subprocess.run(
        [*argv, "run", db, "--matches", "3", "--executor", own_cluster.executor],
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    errors = [line for line in run.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and "no worker of the cluster can run these bots" in errors[0]
    found = check_consistent(db)
    assert found["done"] == 0 and found["running"] == 0 and found["abandoned"] == 1, found
