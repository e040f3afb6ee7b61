"""The CPU clock (`--clock cpu`): a bot is charged the CPU time it used, not the wall time, so
a bot that sleeps is not faulted (up to the wall guard of 3 x allowance + 1 s), while the same
bot under the wall clock with the same allowance times out; a bot that burns CPU times out
under either. Replays record both wall_ms and cpu_ms for every bot move.

The referee runs in the test's process (play_match): the clocks measure the bots' real
processes, which is the claim; the referee's own interpreter start-up adds nothing to it."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    NAPPER,
    assert_no_leftovers,
    bot,
    play_match,
    random_bot,
    read_replays,
    write_json,
)

NAP = 0.2
ALLOWANCE = ("--time-per-move", "0.1", "--time-bank", "0")  # 100 ms a move, no bank


def play(clock: str, how: str, marker: str, tmp_path: Path, games: int = 1) -> dict[str, Any]:
    rules = write_json(tmp_path / "short.json", {"max_rounds": 2})
    run = play_match(
        [bot(NAPPER, NAP if how == "sleep" else 0.3, how, marker), random_bot(marker)],
        "--rules",
        str(rules),
        "--games",
        str(games),
        "--seed",
        "6",
        "--clock",
        clock,
        *ALLOWANCE,
        replays=tmp_path / f"{clock}-{how}",
    )
    assert run.returncode == 0, run.explain()
    assert_no_leftovers(marker)
    return run.doc


def test_cpu_clock_does_not_charge_sleep(marker: str, tmp_path: Path) -> None:
    doc = play("cpu", "sleep", marker, tmp_path)
    assert doc["time"]["clock"] == "cpu"
    napper = doc["bots"][0]
    assert napper["faults"] == {}
    assert napper["moves"] >= 2
    assert napper["think_ms"]["mean_wall"] >= 1000 * NAP * 0.95
    assert napper["think_ms"]["max_cpu"] < 50
    moves = [
        r
        for replay in read_replays(doc)
        for r in replay[1:-1]
        if r["kind"] == "move" and "by" not in r
    ]
    assert moves
    for record in moves:
        # Both figures, for every move of every bot.
        assert isinstance(record["wall_ms"], float | int) and isinstance(
            record["cpu_ms"], float | int
        )
        assert record["cpu_ms"] >= 0
    seat = doc["games"][0]["seating"].index(0)
    mine = [r for r in moves if r["seat"] == seat]
    assert len(mine) == napper["moves"]
    assert all(r["wall_ms"] >= 1000 * NAP * 0.95 and r["cpu_ms"] < 50 for r in mine)


def test_wall_clock_times_the_same_sleeper_out(marker: str, tmp_path: Path) -> None:
    doc = play("wall", "sleep", marker, tmp_path, games=2)
    assert doc["bots"][0]["faults"] == {"timeout": 2}
    for game in doc["games"]:
        (fault,) = [f for f in game["faults"] if f["bot"] == 0]
        assert fault["kind"] == "timeout"
        # Ranked below every seat that did not fault (on a very loaded machine the other bot
        # may run out of its 100 ms too).
        faulted = {f["seat"] for f in game["faults"]}
        ranking = game["ranking"]
        assert all(
            ranking.index(fault["seat"]) > ranking.index(s) for s in ranking if s not in faulted
        )


def test_cpu_clock_charges_a_cpu_burner(marker: str, tmp_path: Path) -> None:
    doc = play("cpu", "burn", marker, tmp_path)
    assert doc["bots"][0]["faults"] == {"timeout": 1}
    (fault,) = doc["games"][0]["faults"]
    assert fault["kind"] == "timeout"


def burner(how: str, marker: str) -> str:
    """A bot that burns 0.3 s of CPU a move in a child process behind a shell ("; true" keeps
    sh from exec-ing it in place) or in a worker thread."""
    if how == "children":
        return shlex.join(["/bin/sh", "-c", f"{bot(NAPPER, 0.3, 'burn', marker)}; true"])
    return bot(NAPPER, 0.3, "thread", marker)


@pytest.mark.parametrize("how", ["children", "thread"])
@pytest.mark.parametrize("sandbox", ["rlimits", "none"])
def test_cpu_clock_charges_cpu_the_bot_spends_elsewhere(
    sandbox: str, how: str, marker: str, tmp_path: Path
) -> None:
    rules = write_json(tmp_path / "short.json", {"max_rounds": 2})
    run = play_match(
        [burner(how, marker), random_bot(marker)],
        "--rules",
        str(rules),
        "--games",
        "1",
        "--seed",
        "6",
        "--clock",
        "cpu",
        *ALLOWANCE,
        "--sandbox",
        sandbox,
    )
    assert run.returncode == 0, run.explain()
    assert_no_leftovers(marker)
    assert run.doc["bots"][0]["faults"] == {"timeout": 1}


@pytest.mark.parametrize(
    "sandbox",
    ["rlimits", "none"],
)
def test_cpu_ms_of_each_move_is_physically_possible(
    sandbox: str, marker: str, tmp_path: Path
) -> None:
    run = play_match(
        [bot(NAPPER, 0.01, "pool", marker), random_bot(marker)],
        "--games",
        "1",
        "--seed",
        "1",
        "--clock",
        "cpu",
        "--time-per-move",
        "1",
        "--sandbox",
        sandbox,
        replays=tmp_path / "replays",
    )
    assert run.returncode == 0, run.explain()
    assert_no_leftovers(marker)
    (game,) = run.doc["games"]
    assert game["faults"] == []
    seat = game["seating"].index(0)
    moves = [
        r
        for r in read_replays(run.doc)[0]
        if r.get("kind") == "move" and r["seat"] == seat and "by" not in r
    ]
    assert len(moves) > 40
    cores = os.cpu_count() or 1
    # One move cannot use more CPU than its wall time on every core (plus a clock tick).
    assert all(r["cpu_ms"] <= r["wall_ms"] * cores + 20 for r in moves), max(
        (r["cpu_ms"], r["wall_ms"]) for r in moves
    )
