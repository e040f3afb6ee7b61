"""The ladder's executor on a Dask cluster: each match is one task, played by a worker with
the same referee code as ``LocalExecutor``; its replays come back and are written here, and
the run loop's transaction (``service.record``) records it — so the coordinator alone writes.

Each entrant's bot is checked against the fingerprint the ladder admitted before it is packed:
a bot edited after admission is refused (its games are its faults, as for a bot whose files
have gone) and never plays under the old name's rating.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
import time

from referee.cluster.bundles import PortableBot, bundle_bot, check_admitted
from referee.cluster.connect import ClusterError, parse_executor
from referee.cluster.returns import write_returned
from referee.cluster.submit import Cluster
from referee.cluster.worker import Task
from referee.ladder import store
from referee.ladder.executor import (
    LocalExecutor,
    MatchOutcome,
    MatchSpec,
    match_config,
    outcome_from_games,
)
from referee.players.botspec import BotSpec, BotSpecError, parse_bot
from referee.players.sandbox import Sandbox


class DaskExecutor:
    """Plays ladder matches on the workers of the scheduler at ``address``."""

    def __init__(self, address: str, sandbox: Sandbox | None = None) -> None:
        self.cluster = Cluster(address)
        self.sandbox = sandbox
        self.timings: list[tuple[float, float]] = []
        """Per match: seconds from bundling to replays written here, and seconds the worker
        spent playing (the difference is what the cluster path costs: bench/cluster.py)."""

    async def start(self) -> None:
        await self.cluster.start()

    async def close(self) -> None:
        await self.cluster.close()

    async def run(self, spec: MatchSpec) -> MatchOutcome:
        started = time.perf_counter()
        config = match_config(spec, self.sandbox)
        admitted = spec.options.get("digests") or [None] * len(config.bots)
        bots: list[PortableBot] = []
        bundles: dict[str, bytes | None] = {}
        for bot, digest in zip(config.bots, admitted, strict=True):
            refused = check_admitted(bot, digest)
            if refused is not None:
                bot = BotSpec(label=bot.label, argv=("false",), unavailable=refused)
            portable, bundle = bundle_bot(bot)
            bots.append(portable)
            if bundle is not None:
                bundles[bundle.digest] = bundle.data
        shipped = dataclasses.replace(config, bots=[], replays=config.replays, logs=None)
        result = await self.cluster.run(Task(shipped, bots, bundles, None))
        # In a thread: the run loop keeps handing out matches while replays are synced.
        await asyncio.to_thread(
            write_returned, result.files, config.replays, config.logs, result.outcomes
        )
        self.timings.append((time.perf_counter() - started, result.play_seconds))
        return outcome_from_games(spec.players, result.outcomes)


class Started:
    """The executor a ``ladder run`` plays with, started, with its name and live status."""

    def __init__(self, executor: LocalExecutor | DaskExecutor, name: str) -> None:
        self.executor = executor
        self.name = name

    def status(self) -> str:
        if isinstance(self.executor, DaskExecutor):
            return self.executor.cluster.status()
        return ""

    async def close(self) -> None:
        if isinstance(self.executor, DaskExecutor):
            await self.executor.close()


def start_executor(
    text: str,
    sandbox: Sandbox,
    loop: asyncio.AbstractEventLoop,
    db: sqlite3.Connection,
    pin: bool = False,
) -> Started:
    """``--executor`` made real: ``local``, or a connection to a Dask scheduler whose workers
    are there. Raises ``ClusterError`` (one line) when it cannot be used, and
    ``store.LadderError`` when an entrant's bot changed since admission (nothing played)."""
    address = parse_executor(text)
    if address is None:
        return Started(LocalExecutor(sandbox, pin), "local")
    changed = changed_since_admission(db)
    if changed:
        raise store.LadderError(
            "refusing to ship bots that changed since admission: "
            + "; ".join(f"entrant {e.name!r}: {why}" for e, why in changed)
            + " — nothing was played"
        )
    executor = DaskExecutor(address, sandbox)
    loop.run_until_complete(executor.start())
    count = len(executor.cluster.workers())
    if count == 0:
        loop.run_until_complete(executor.close())
        raise ClusterError(f"the Dask scheduler at {address} has no workers (start some first)")
    return Started(executor, f"{executor.cluster.describe()} ({count} workers at the start)")


def changed_since_admission(db: sqlite3.Connection) -> list[tuple[store.Entrant, str]]:
    """The enabled entrants whose bot's fingerprint is no longer the admitted one."""
    found = []
    for entrant in store.entrants(db, enabled_only=True):
        try:
            spec = parse_bot(entrant.bot)
        except BotSpecError:
            continue  # service.unavailable says so
        why = check_admitted(spec, entrant.digest)
        if why is not None:
            found.append((entrant, why))
    return found
