"""``thousand match --executor dask://…`` on a real cluster: the same seed gives the same games
as a local run (results table and --json alike but for measured times), outcomes reach the
match in game order so an SPRT stops where a local run would, duplicate groups stay whole in a
task, and a bot's files cross the network once a worker. (Workers unfit for a task's bots:
test_cluster_unfit.py.)"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from referee.cluster.match import run_match_on_cluster, split
from referee.cluster.submit import Cluster as Coordinator
from referee.games.match_types import GameOutcome, MatchConfig
from referee.players.botspec import parse_bot
from referee.players.sandbox import Sandbox
from tests.cluster.conftest import Cluster, match
from tests.ladder.conftest import DICE_BOT, RANDOM_BOT, SHORT_DICE
from thousand.rules_io import rules_from_mapping

ROOT = Path(__file__).resolve().parents[2]


def comparable(document: dict[str, Any]) -> dict[str, Any]:
    """A match's --json without what is measured or placed per run (thinking times, folders)."""
    document = json.loads(json.dumps(document))
    for bot in document["bots"]:
        bot.pop("think_ms")
    for key in ("logs", "replays"):
        document.pop(key)
    for game in document["games"]:
        assert game.pop("replay").endswith(f"game-{game['game']:05d}.jsonl")
    return document


GAMES = 8
"""Four rotated pairs: for the shared cluster's two threads the match cuts them into four
tasks of one pair each (``split``), more than the workers hold at once."""


def test_games_over_the_cluster_are_the_local_games(
    tmp_path: Path, shared_cluster: Cluster
) -> None:
    rules = tmp_path / "short.toml"
    rules.write_text(SHORT_DICE, encoding="utf-8")
    bots = [f"{sys.executable} {DICE_BOT} 1", "builtin:random"]
    common = [*bots, "--game", "dice", "--rules", rules, "--games", GAMES, "--seed", 4242]
    common += ["--rotate", "--sandbox", "rlimits", "--json"]
    local = match(*common, "--replays", tmp_path / "local")
    assert local.returncode == 0, local.stderr
    remote = match(*common, "--replays", tmp_path / "remote", "--executor", shared_cluster.executor)
    assert remote.returncode == 0, remote.stderr
    here, there = json.loads(local.stdout), json.loads(remote.stdout)
    assert comparable(here) == comparable(there)
    assert len(there["games"]) == GAMES
    # The coordinator wrote every replay, named as a local run names them.
    names = lambda root: sorted(p.name for p in root.rglob("game-*.jsonl"))  # noqa: E731
    assert names(tmp_path / "remote") == names(tmp_path / "local") and names(tmp_path / "local")


def test_outcomes_arrive_in_game_order_and_a_stop_ends_the_run(shared_cluster: Cluster) -> None:
    config = MatchConfig(
        game="dice",
        rules=rules_from_mapping("dice", {"preset": "simple", "goal": 300}),
        bots=[parse_bot("builtin:random"), parse_bot("builtin:first")],
        games=80,
        seed=7,
        rotate=True,
        sandbox=Sandbox(mode="rlimits"),
    )
    seen: list[int] = []

    def on_game(outcome: GameOutcome) -> bool:
        seen.append(outcome.plan.index)
        return len(seen) == 25  # as an SPRT deciding after game 25

    async def play() -> list[GameOutcome]:
        coordinator = Coordinator(shared_cluster.address)
        try:
            played = await run_match_on_cluster(config, on_game, cluster=coordinator)
            # What live progress shows: workers, tasks in flight, rate.
            status = coordinator.status()
            assert status.startswith("2 workers, 0 in flight, ") and "tasks/min" in status
            return played
        finally:
            await coordinator.close()

    played = asyncio.run(play())
    assert seen == list(range(25))
    assert [o.plan.index for o in played] == seen


def test_tasks_hold_whole_duplicate_groups() -> None:
    shares = split(list(range(36)), 6, 4)
    assert [len(s) for s in shares] == [12, 12, 12]
    assert all(s[0] % 6 == 0 and len(s) % 6 == 0 for s in shares)
    assert [i for s in shares for i in s] == list(range(36))
    # A resumed run's leftovers: a group cut short stays in one task.
    assert split([3, 4, 5, 6, 7], 6, 8) == [(3, 4, 5), (6, 7)]
    assert max(len(s) for s in split(list(range(6000)), 6, 1)) <= 60


def test_a_bots_files_cross_the_network_once_a_worker(
    tmp_path: Path, shared_cluster: Cluster
) -> None:
    import shutil

    from referee.cluster.bundles import bundle_bot
    from referee.cluster.worker import Task

    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "bot.py").write_bytes(RANDOM_BOT.read_bytes())
    (folder / "bot.json").write_text(json.dumps({"command": [sys.executable, "bot.py", "3"]}))
    portable, bundle = bundle_bot(parse_bot(str(folder / "bot.json")))
    assert bundle is not None
    config = MatchConfig(
        game="dice",
        rules=rules_from_mapping("dice", {"preset": "simple", "goal": 300}),
        bots=[],
        games=1,
        seed=3,
        sandbox=Sandbox(mode="rlimits"),
    )
    task = Task(
        config, [portable, bot_portable("builtin:random")], {bundle.digest: bundle.data}, None
    )

    async def play() -> None:
        coordinator = Coordinator(shared_cluster.address)
        try:
            for _ in range(20):  # until both workers have played it (Dask spreads tasks)
                result = await coordinator.run(task)
                assert not result.outcomes[0].faults
                if len(coordinator.holders[bundle.digest]) == 2:
                    break
            sent = coordinator.shipped
            assert sent >= len(bundle.data)
            await coordinator.run(task)
            assert coordinator.shipped == sent  # cached everywhere: no bytes sent
            # A worker whose cache was wiped asks for the bytes and plays anyway.
            for cache in shared_cluster.root.glob("cache-*"):
                shutil.rmtree(cache)
            result = await coordinator.run(task)
            assert not result.outcomes[0].faults
            assert coordinator.shipped == sent + len(bundle.data)
        finally:
            await coordinator.close()

    asyncio.run(play())


def bot_portable(argument: str) -> Any:
    from referee.cluster.bundles import bundle_bot

    return bundle_bot(parse_bot(argument))[0]
