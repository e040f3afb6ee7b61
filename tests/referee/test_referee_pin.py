"""`thousand match --pin`: each table and every bot it starts run on one core of their own.

The bots here say in their hello which cores they may run on, so each game's replay names the
cores its bots had; no scheduler is mocked."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.inprocess import invoke
from tests.referee.conftest import bot, read_replays, run_match, thousand

CORE_BOT = Path(__file__).resolve().parents[1] / "bots" / "core_bot.py"

CORES = sorted(os.sched_getaffinity(0))


def core_names(tmp_path: Path, *options: str) -> list[set[str]]:
    """Per game (in game order), the cores its bots announced."""
    rules = tmp_path / "short.json"
    rules.write_text('{"preset": "classic", "max_rounds": 3}')
    run = run_match(
        [bot(CORE_BOT), bot(CORE_BOT)],
        "--games",
        "6",
        "--seed",
        "3",
        "--rules",
        str(rules),
        *options,
        replays=tmp_path / "replays",
    )
    assert run.returncode == 0, run.explain()
    return [
        {seat["name"].partition("#")[0] for seat in replay[0]["seats"]}
        for replay in read_replays(run.doc)
    ]


def test_pinned_tables_put_their_bots_on_a_core_each(tmp_path: Path) -> None:
    names = core_names(tmp_path, "--concurrency", "2", "--pin")
    # Game i is played on table i mod 2, which runs on core i mod the cores there are.
    assert names == [{f"cores-{CORES[(i % 2) % len(CORES)]}"} for i in range(6)]


def test_unpinned_bots_may_run_on_every_core(tmp_path: Path) -> None:
    every = "cores-" + "-".join(map(str, CORES))
    assert core_names(tmp_path, "--concurrency", "2") == [{every}] * 6


def test_pin_is_refused_with_a_cluster_executor() -> None:
    """What the command says: in this process."""
    cluster = ["--executor", "dask://127.0.0.1:1"]
    done = invoke(["match", "--pin", *cluster, "builtin:random", "builtin:random"])
    assert done.returncode == 2
    assert "--pin places local tables" in done.stderr


def test_a_pinned_tournament_plays_each_game_on_one_core(tmp_path: Path) -> None:
    rules = tmp_path / "short.json"
    rules.write_text('{"preset": "classic", "max_rounds": 3}')
    done = subprocess.run(
        [*thousand(), "tournament", "--game", "dice", "--players", "2", "--seed", "4"]
        + ["--games-per-table", "2", "--concurrency", "2", "--pin", "--rules", str(rules)]
        + ["--replays", str(tmp_path / "replays"), "--json"]
        + [bot(CORE_BOT, n) for n in range(3)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    replays = sorted((tmp_path / "replays").glob("tournament-*/table-*/game-*.jsonl"))
    assert len(replays) == 6  # three tables of two games
    per_game = []
    for path in replays:
        header = json.loads(path.read_text().splitlines()[0])
        per_game.append({seat["name"].partition("#")[0] for seat in header["seats"]})
    # The two games of a table play side by side, on the first and the second core.
    expected = [{f"cores-{CORES[slot % len(CORES)]}"} for _ in range(3) for slot in (0, 1)]
    assert per_game == expected
