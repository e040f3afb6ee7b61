"""Sending tasks to the cluster and getting their results back, whatever happens to it.

- A worker that dies mid-task (SIGKILL, a lost machine): Dask's scheduler runs the task again on
  another worker; the coordinator sees one result, so what it records, it records once.
- A worker that cannot run a bot (``WorkerUnfit``): the task goes again to the other workers,
  and the worker is reported (``unfit``).
- The scheduler lost for longer than the client waits for it: ``ExecutorLost``, and the caller
  stops cleanly (a ladder run abandons the matches in flight; a later run resumes).
- The coordinator's own task cancelled: its Dask task is cancelled too, so nothing of it runs
  on for nobody (and if the coordinator itself dies, the scheduler drops its tasks with it).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.cluster.connect import ExecutorLost, connect
from referee.cluster.worker import BundleMissing, Task, TaskResult, WorkerUnfit, play
from referee.errors import warn

if TYPE_CHECKING:
    from distributed import Client


class NoWorkerFits(ExecutorLost):
    """Every worker was tried and none can run a task's bots: the run stops (a ladder would
    otherwise abandon match after match) until the organiser fixes the workers."""


REFRESH_SECONDS = 2.0
"""How stale the coordinator's list of workers may be (it is asked for before a task)."""


class Cluster:
    """One coordinator's connection to a scheduler, and the bookkeeping live progress shows."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.client: Client | None = None
        self.in_flight = 0
        self.finished = 0
        self.started = time.monotonic()
        self.unfit: dict[str, str] = {}
        self.on_unfit: Callable[[str, str], None] | None = _warn_unfit
        self._workers: dict[str, int] = {}
        self.holders: dict[str, set[str]] = {}
        """Bundle digest -> the workers that played a task with it (so have it cached)."""
        self.shipped = 0
        """Bundle bytes sent with tasks so far."""
        self._refreshed = 0.0

    async def start(self) -> None:
        if self.client is None:
            self.client = await connect(self.address)
            await self.refresh()

    async def refresh(self) -> None:
        """Ask the scheduler which workers it has (address -> threads)."""
        if self.client is None:
            return
        self._refreshed = time.monotonic()
        try:
            identity = await self.client.scheduler.identity()  # type: ignore[union-attr]
        except Exception:  # the scheduler is gone: the next task says so
            return
        self._workers = {
            address: int(info.get("nthreads", 1))
            for address, info in dict(identity.get("workers", {})).items()
        }

    async def close(self) -> None:
        if self.client is not None:
            with contextlib.suppress(Exception):
                await self.client.close()  # type: ignore[no-untyped-call]
            self.client = None

    def workers(self) -> list[str]:
        """The workers as last seen (``refresh``)."""
        return sorted(self._workers)

    def threads(self) -> int:
        return sum(self._workers.values())

    def describe(self) -> str:
        """``dask tcp://HOST:PORT`` — the name standings and progress give the executor."""
        return f"dask {self.address}"

    def status(self) -> str:
        """One line for live progress: workers, tasks in flight, rate."""
        minutes = max(1e-9, time.monotonic() - self.started) / 60
        return (
            f"{len(self.workers())} workers, {self.in_flight} in flight, "
            f"{self.finished / minutes:.1f} tasks/min"
        )

    def _lost(self) -> bool:
        return self.client is None or self.client.status not in ("running", "connecting")

    async def run(self, task: Task) -> TaskResult:
        """Play ``task`` on some worker fit to run its bots."""
        await self.start()
        assert self.client is not None
        self.in_flight += 1
        try:
            excluded: set[str] = set()
            resend = False
            while True:
                if excluded or time.monotonic() - self._refreshed > REFRESH_SECONDS:
                    await self.refresh()  # for the progress line, and to skip unfit workers
                if self._lost():
                    raise ExecutorLost(_lost_message(self.address))
                allowed = [w for w in self.workers() if w not in excluded]
                if excluded and not allowed:
                    reasons = "; ".join(f"{w}: {self.unfit[w]}" for w in sorted(excluded))
                    raise NoWorkerFits(f"no worker of the cluster can run these bots ({reasons})")
                options: dict[str, Any] = {"pure": False}
                if excluded:
                    options.update(workers=allowed, allow_other_workers=False)
                sent = self._lighten(task, resend)
                self.shipped += sum(len(data) for data in sent.bundles.values() if data)
                try:
                    result = await self._await(self.client.submit(play, sent, **options))
                except BundleMissing as missing:
                    self.holders.get(missing.digest, set()).discard(missing.worker)
                    resend = True
                    continue
                except WorkerUnfit as unfit:
                    excluded.add(unfit.worker)
                    if unfit.worker not in self.unfit:
                        self.unfit[unfit.worker] = unfit.reason
                        if self.on_unfit is not None:
                            self.on_unfit(unfit.worker, unfit.reason)
                    continue
                self.finished += 1
                for digest in task.bundles:
                    self.holders.setdefault(digest, set()).add(result.worker)
                return result
        finally:
            self.in_flight -= 1

    def _lighten(self, task: Task, resend: bool) -> Task:
        """The task without the bytes of bundles every worker has cached: a bot's files cross
        the network once a worker, not once a task. A worker that lacks one after all says
        so (``BundleMissing``) and gets the bytes."""
        if resend:
            return task
        everyone = set(self._workers)
        light = {
            digest: None if everyone and everyone <= self.holders.get(digest, set()) else data
            for digest, data in task.bundles.items()
        }
        return dataclasses.replace(task, bundles=light)

    async def _await(self, future: Any) -> TaskResult:
        try:
            result: TaskResult = await future
            return result
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(future.cancel()), 5.0)
            raise
        except Exception as error:
            if isinstance(error, (WorkerUnfit, BundleMissing)):
                raise
            if self._lost() or _is_connection_loss(error):
                raise ExecutorLost(_lost_message(self.address)) from None
            raise


def _lost_message(address: str) -> str:
    return (
        f"lost the Dask scheduler at {address}: the work in flight was dropped, nothing of it "
        "recorded; start the scheduler and its workers again, then rerun to resume"
    )


def _is_connection_loss(error: BaseException) -> bool:
    from concurrent.futures import CancelledError

    return isinstance(error, (CancelledError, OSError, TimeoutError))


def _warn_unfit(worker: str, reason: str) -> None:
    """Said once per worker: the organiser has a machine to fix."""
    warn(f"worker {worker} cannot run a bot ({reason}); its tasks go to the other workers")
