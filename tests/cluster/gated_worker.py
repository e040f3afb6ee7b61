"""A ``dask worker --preload`` for the slow-worker test: every task this worker runs waits
until the file named by $THOUSAND_TEST_GATE exists — a worker as slow as the test wants,
without a timed sleep."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import referee.cluster.worker as worker_module

_play = worker_module.play
GATE = Path(os.environ["THOUSAND_TEST_GATE"])


def _gated_play(task: Any) -> Any:
    (GATE.parent / f"holding-{os.getpid()}").touch()
    while not GATE.exists():
        time.sleep(0.05)
    return _play(task)


def dask_setup(worker: Any) -> None:
    worker_module.play = _gated_play  # tasks name the function by module and name
