"""The ladder's executor on a Dask cluster: each match is one task, played by a worker with
the same referee code as ``LocalExecutor``; its replays come back and are written here, and
the run loop's transaction (``service.record``) records it — so the coordinator alone writes.

Each entrant's bot is checked against the fingerprint the ladder admitted before it is packed:
a bot edited after admission is refused (its games are its faults, as for a bot whose files
have gone) and never plays under the old name's rating. Its bundle is then made and, once per
digest, unpacked and verified here as a worker will: a bot whose files cannot travel any more
(a link out or a file too large put in its folder after admission) is found here, before any
worker sees it, and only its own seat forfeits — the match is played and recorded for its
table-mates, with that entrant named as the cause (``MatchOutcome.unrunnable``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
import time

from referee.cluster.bundles import (
    Bundle,
    BundleError,
    PortableBot,
    bundle_bot,
    check_admitted,
    verify_travels,
)
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
    unrunnable_seats,
)
from referee.players.botspec import BotSpec, BotSpecError, parse_bot
from referee.players.sandbox import Sandbox


class DaskExecutor:
    """Plays ladder matches on the workers of the scheduler at ``address``."""

    def __init__(self, address: str, sandbox: Sandbox | None = None) -> None:
        self.cluster = Cluster(address)
        self.sandbox = sandbox
        self.verified: set[str] = set()
        """Digests of bundles unpacked and verified here (``verify_travels``) in this run."""
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
        # In a thread: packing reads every file of every bot (up to a bundle's limit each), and
        # the run loop keeps recording other matches meanwhile.
        bots, bundles, unrunnable = await asyncio.to_thread(self._ship, config.bots, admitted)
        shipped = dataclasses.replace(config, bots=[], replays=config.replays, logs=None)
        result = await self.cluster.run(Task(shipped, bots, bundles, None))
        # In a thread: the run loop keeps handing out matches while replays are synced.
        await asyncio.to_thread(
            write_returned, result.files, config.replays, config.logs, result.outcomes
        )
        self.timings.append((time.perf_counter() - started, result.play_seconds))
        return outcome_from_games(spec.players, result.outcomes, unrunnable)

    def _ship(
        self, specs: list[BotSpec], admitted: list[str | None]
    ) -> tuple[list[PortableBot], dict[str, bytes | None], dict[int, str]]:
        """Each bot as it travels, its bundles, and the seats whose bot cannot be run at all:
        those travel as unavailable bots, which fault at once in every game (the seat's
        games are played to the end by the fallback policy, as for any bot that fails to
        start), so the match goes on without them."""
        unrunnable = unrunnable_seats(specs)
        bots: list[PortableBot] = []
        bundles: dict[str, bytes | None] = {}
        for seat, (bot, digest) in enumerate(zip(specs, admitted, strict=True)):
            why = unrunnable.get(seat) or check_admitted(bot, digest)
            bundle: Bundle | None = None
            if why is None:
                try:
                    portable, bundle = bundle_bot(bot)
                    if bundle is not None and bundle.digest not in self.verified:
                        verify_travels(bundle)
                        self.verified.add(bundle.digest)
                except BundleError as error:
                    why = f"its files cannot travel to the workers: {error}"
            if why is not None:
                unrunnable[seat] = why
                unavailable = BotSpec(label=bot.label, argv=("false",), unavailable=why)
                portable, bundle = bundle_bot(unavailable)
            bots.append(portable)
            if bundle is not None:
                bundles[bundle.digest] = bundle.data
        return bots, bundles, unrunnable


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
