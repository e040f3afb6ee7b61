"""A real Dask cluster on 127.0.0.1 for the cluster tests: ``dask scheduler`` and
``dask worker`` processes (no nanny, so a SIGKILLed worker stays dead), each worker with a
bundle cache of its own, as on separate machines. Every process is started in a session of its
own and killed by that group id at the end."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

DASK = [sys.executable, "-m", "dask"]
"""The dask command of this Python (its console script may not be on PATH)."""

QUIET = {
    "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
    "DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL": "1s",
    "DASK_DISTRIBUTED__ADMIN__SYSTEM_MONITOR__INTERVAL": "2s",
    "DASK_DISTRIBUTED__ADMIN__SYSTEM_MONITOR__GIL__ENABLED": "False",
    "DASK_DISTRIBUTED__WORKER__MEMORY__MONITOR_INTERVAL": "1s",
}
"""Dask's own monitoring, slowed for the tests' schedulers and workers (issue 29): by default a
worker samples its threads every 10 ms for a profile no one reads and every server checks its
event loop every 20 ms, which cost an idle worker 5 % of a core (an idle scheduler 2.5 %), and
the session's cluster idles for as long as the session lasts; so set, 0.5 %. None of it is
what the referee relies on: workers' heartbeats, task retries and deaths are untouched."""


class Cluster:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.file = root / "scheduler.json"
        self.address = ""

    def _spawn(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> None:
        log = open(self.root / f"{name}.log", "wb")  # noqa: SIM115 - the child holds it
        self.procs[name] = subprocess.Popen(
            argv,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, **QUIET, **(env or {})},
        )
        log.close()

    def start_scheduler(self) -> str:
        self.file.unlink(missing_ok=True)
        argv = [*DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard"]
        self._spawn("scheduler", [*argv, "--scheduler-file", str(self.file)])
        deadline = time.monotonic() + 30
        while not self.file.exists() or not self.file.read_text().strip():
            if time.monotonic() > deadline:
                raise AssertionError("the dask scheduler did not start")
            time.sleep(0.05)
        time.sleep(0.05)
        self.address = json.loads(self.file.read_text())["address"]
        return self.address

    def start_scheduler_at(self, address: str) -> None:
        """Again on the same port (a restarted scheduler)."""
        port = address.rsplit(":", 1)[1]
        argv = [*DASK, "scheduler", "--host", "127.0.0.1", "--port", port, "--no-dashboard"]
        self._spawn("scheduler", argv)

    def start_worker(
        self,
        name: str,
        *,
        preload: str | None = None,
        threads: int = 1,
        env: dict[str, str] | None = None,
        wrap: list[str] | None = None,
    ) -> None:
        argv = [*(wrap or []), *DASK, "worker", self.address, "--name", name]
        argv += ["--nthreads", str(threads)]
        argv += ["--no-nanny", "--no-dashboard", "--death-timeout", "20"]
        if preload is not None:
            argv += ["--preload", preload]
        cache = self.root / f"cache-{name}"
        self._spawn(name, argv, {"THOUSAND_BUNDLE_CACHE": str(cache), **(env or {})})

    def wait_for_workers(self, count: int) -> None:
        from distributed import Client

        with Client(self.address, timeout=30) as client:
            client.wait_for_workers(count, timeout=60)

    def kill(self, name: str) -> None:
        proc = self.procs.pop(name)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()

    def close(self) -> None:
        for name in list(self.procs):
            self.kill(name)

    @property
    def executor(self) -> str:
        return "dask://" + self.address.removeprefix("tcp://")


def start(root: Path, workers: int = 2) -> Cluster:
    cluster = Cluster(root)
    cluster.start_scheduler()
    for index in range(workers):
        cluster.start_worker(f"w{index}")
    if workers:
        cluster.wait_for_workers(workers)
    return cluster


@pytest.fixture(scope="session")
def shared_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """Two workers for the tests that leave the cluster as they found it."""
    cluster = start(tmp_path_factory.mktemp("cluster"))
    try:
        yield cluster
    finally:
        cluster.close()


@pytest.fixture
def own_cluster(tmp_path: Path) -> Iterator[Cluster]:
    """A cluster a test may break (kill a worker, the scheduler), workers left to the test."""
    root = tmp_path / "cluster"
    root.mkdir()
    cluster = start(root, workers=0)
    try:
        yield cluster
    finally:
        cluster.close()


# The ladder tests' fixtures: the same session-wide ladder templates and bot marker.
from tests.ladder.conftest import ROOT, ladders, marker, runs, thousand  # noqa: E402, F401


def match(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``thousand match ARGS`` as the real program, with ``env`` added to the environment."""
    return subprocess.run(
        [*thousand(), "match", *(str(a) for a in args)],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        check=False,
    )
