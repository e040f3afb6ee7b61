"""``thousand match --executor dask://…``: one match's planned games split into tasks for the
cluster's workers, with the result a local run would give.

Every task plays a share of the plan with ``MatchConfig.only``, so game i keeps the seed and
seating it has in the whole match whichever worker plays it; under ``--rotate`` a task holds
whole duplicate groups. Outcomes reach ``on_game`` in game order (later games wait for earlier
ones), so an SPRT decides on the same sequence of results as a local run would, and its error
rates hold. In-flight work is bounded (the cluster's threads, one task more each), so a slow
worker holds up one task, not the run.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import math

from referee.cluster.bundles import PortableBot, bundle_bot, verify_travels
from referee.cluster.connect import ClusterError, distributed_module, parse_executor
from referee.cluster.returns import write_returned
from referee.cluster.submit import Cluster
from referee.cluster.worker import Task, TaskResult
from referee.games.match_types import (
    GameOutcome,
    MatchConfig,
    OnGame,
    duplicate_seatings,
    planned_games,
)

MAX_TASK_GAMES = 60
"""The most games one task plays: small enough that work spreads over the workers and an SPRT
stops soon after its decision, large enough that shipping and scheduling stay a few percent."""


def split(indices: list[int], group: int, tasks_wanted: int) -> list[tuple[int, ...]]:
    """The games in tasks of whole groups (``group`` consecutive games), about
    ``tasks_wanted`` tasks but never more than ``MAX_TASK_GAMES`` games each."""
    groups: list[list[int]] = []
    for index in indices:
        if groups and groups[-1][0] // group == index // group:
            groups[-1].append(index)
        else:
            groups.append([index])
    per = max(1, math.ceil(len(groups) / max(1, tasks_wanted)))
    per = max(1, min(per, MAX_TASK_GAMES // group))
    return [
        tuple(i for g in groups[start : start + per] for i in g)
        for start in range(0, len(groups), per)
    ]


async def run_match_on_cluster(
    config: MatchConfig, on_game: OnGame | None = None, *, cluster: Cluster
) -> list[GameOutcome]:
    """``run_match`` on the cluster: same arguments, same outcomes (in game order)."""
    await cluster.start()
    if not cluster.workers():
        raise ClusterError(f"the Dask scheduler at {cluster.address} has no workers (start some)")
    players = len(config.bots)
    count = planned_games(players, config.games, config.rotate)
    if count != config.games:
        config = dataclasses.replace(config, games=count)
    wanted = None if config.only is None else set(config.only)
    indices = [i for i in range(count) if wanted is None or i in wanted]
    bots: list[PortableBot] = []
    bundles: dict[str, bytes | None] = {}
    for spec in config.bots:
        portable, bundle = bundle_bot(spec)
        bots.append(portable)
        if bundle is not None:
            # Unpacked here first, as a worker will: a bot whose files do not survive it
            # stops the match with one line now, and a worker that fails where this did is
            # unfit (its tasks go elsewhere), not a reason to stop.
            await asyncio.to_thread(verify_travels, bundle)
            bundles[bundle.digest] = bundle.data
    slots = max(1, cluster.threads(), config.concurrency)
    group = len(duplicate_seatings(players)) if config.rotate else 1
    shares = split(indices, group, slots * 4)
    shipped = dataclasses.replace(config, bots=[], logs=None, concurrency=1)
    files = config.replays is not None or config.logs is not None

    pending = list(reversed(shares))
    running: dict[asyncio.Task[TaskResult], tuple[int, ...]] = {}
    arrived: dict[int, GameOutcome] = {}
    delivered: list[GameOutcome] = []
    order = iter(indices)
    expected = next(order, None)
    try:
        while pending or running:
            while pending and len(running) < slots + 1:
                share = pending.pop()
                task = Task(shipped, bots, bundles, share, files)
                running[asyncio.ensure_future(cluster.run(task))] = share
            finished, _ = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
            for done in finished:
                running.pop(done)
                result = done.result()
                # In a thread: the loop keeps handing out tasks while replays are synced.
                await asyncio.to_thread(
                    write_returned, result.files, config.replays, config.logs, result.outcomes
                )
                for outcome in result.outcomes:
                    arrived[outcome.plan.index] = outcome
            while expected is not None and expected in arrived:
                outcome = arrived.pop(expected)
                delivered.append(outcome)
                expected = next(order, None)
                if on_game is not None and on_game(outcome):
                    return delivered
        return delivered
    finally:
        for left in running:
            left.cancel()
        with contextlib.suppress(Exception):
            await asyncio.gather(*running, return_exceptions=True)


def open_cluster(text: str) -> Cluster:
    """The cluster an ``--executor dask://HOST:PORT`` names (connected when the match
    starts), or ``ClusterError`` for anything else but ``local``."""
    address = parse_executor(text)
    if address is None:
        raise ClusterError("open_cluster needs a dask:// executor")
    distributed_module()  # without Dask installed: one line now, not in the event loop
    return Cluster(address)
