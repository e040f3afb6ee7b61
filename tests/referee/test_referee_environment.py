"""The waits a person may widen through the environment take a sane number and nothing else
(referee/environment.py): THOUSAND_SETTLE_SECONDS, THOUSAND_LADDER_LOCK_WAIT and
THOUSAND_DASK_RECONNECT_WAIT."""

from __future__ import annotations

import subprocess
import sys

import pytest

from referee.environment import seconds


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7", 7.0),
        ("0.25", 0.25),
        ("60", 60.0),
        ("", 1.0),
        ("abc", 1.0),
        ("nan", 1.0),
        ("inf", 1.0),
        ("-1", 1.0),
        ("0", 1.0),
        ("61", 1.0),
        ("1e400", 1.0),
        (" 2 ", 2.0),
    ],
)
def test_only_a_number_in_range_replaces_the_default(
    text: str, expected: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_TEST_WAIT", text)
    assert seconds("THOUSAND_TEST_WAIT", 1.0, most=60.0) == expected


def test_the_referee_the_ladder_and_the_cluster_read_their_variables() -> None:
    code = (
        "from referee.players.process import SETTLE_SECONDS as s;"
        "from referee.ladder.store import LOCK_WAIT as w;"
        "from referee.cluster.connect import RECONNECT_SECONDS as r; print(s, w, r)"
    )
    env = {
        "THOUSAND_SETTLE_SECONDS": "9",
        "THOUSAND_LADDER_LOCK_WAIT": "2.5",
        "THOUSAND_DASK_RECONNECT_WAIT": "40",
        "PATH": "",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.split() == ["9.0", "2.5", "40.0"]
