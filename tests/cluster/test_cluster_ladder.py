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
    quick,
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


MATCHES = 6
"""Three rounds of two matches at once over the two workers (each of the five bots drawn into
three or four): the count is not the claim, the invariants after a run over the cluster are."""


def test_matches_over_the_cluster_keep_the_ladder_invariants(
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
    tmp_path: Path, ladders: Ladders
) -> None:
    bot = tmp_path / "mine" / "bot.py"
    bot.parent.mkdir()
    bot.write_bytes(RANDOM_BOT.read_bytes())
    db = ladders.copy(tmp_path, {"r1": py_bot(RANDOM_BOT, 1), "r2": py_bot(RANDOM_BOT, 2)})
    quick_ok("add", db, "mine", py_bot(bot, 3), "--no-check")
    bot.write_bytes(RANDOM_BOT.read_bytes() + b"\n# edited after admission\n")
    # Refused before any scheduler is asked anything (this address answers nobody): what the
    # command says, read in this process.
    refused = quick("run", db, "--matches", 2, "--executor", "dask://127.0.0.1:9")
    line = one_error_line(refused)
    assert "'mine'" in line and "changed since it was admitted" in line, line
    assert check_consistent(db) == {"done": 0, "running": 0, "abandoned": 0}


def test_an_executor_that_cannot_be_used_is_one_line(tmp_path: Path, ladders: Ladders) -> None:
    """The refusals of an address are words: read in this process. The scheduler that does
    not answer is the real program, told to wait one second for it, not five (the wait is
    not the claim, the line is)."""
    db = ladders.copy(tmp_path, {"r1": py_bot(RANDOM_BOT, 1), "r2": "builtin:random"})
    line = one_error_line(quick("run", db, "--matches", 1, "--executor", "dask://nowhere:x"))
    assert "dask://HOST:PORT" in line
    hostile = one_error_line(quick("run", db, "--matches", 1, "--executor", "dask://\x1b[2J:1"))
    assert "\x1b" not in hostile and "dask://HOST:PORT" in hostile
    unreachable = ("run", db, "--matches", 1, "--executor", "dask://127.0.0.1:9")
    line = one_error_line(cli(*unreachable, env={"THOUSAND_DASK_RECONNECT_WAIT": "1"}))
    assert "cannot reach the Dask scheduler" in line
    assert check_consistent(db) == {"done": 0, "running": 0, "abandoned": 0}
