"""`thousand ladder serve --run --pin`: the match loop beside the pages plays each match on one
core, as `ladder run --pin` does. A real server process, a real ladder, bots that name their
cores in their hello (tests/bots/core_bot.py)."""

from __future__ import annotations

import json
import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from pydantic import TypeAdapter

from referee.ladder.standings import MatchRow
from tests.ladder.conftest import make_ladder, ok, py_bot, thousand
from tests.web.conftest import Server

CORE_BOT = Path(__file__).resolve().parents[1] / "bots" / "core_bot.py"
CORES = sorted(os.sched_getaffinity(0))


def test_the_served_match_loop_pins_its_matches(
    tmp_path: Path, serve: Callable[..., Server]
) -> None:
    db = make_ladder(tmp_path, {f"core{i}": py_bot(CORE_BOT, i) for i in range(3)})
    serve(db, "--run", "--pin", "--concurrency", "2", "--allow-weak-sandbox")
    deadline = time.monotonic() + 60
    replays: list[str] = []
    while time.monotonic() < deadline and len(replays) < 12:
        time.sleep(0.5)
        matches = TypeAdapter(list[MatchRow]).validate_json(ok("games", db, "--json").stdout)
        replays = [path for match in matches if match.status == "done" for path in match.replays]
    assert len(replays) >= 12, "two matches were not played in a minute"
    for path in replays:
        header = json.loads(Path(path).read_text().splitlines()[0])
        names = {seat["name"].partition("#")[0] for seat in header["seats"]}
        assert len(names) == 1 and names <= {f"cores-{core}" for core in CORES}, names


def test_pin_without_run_is_refused(tmp_path: Path) -> None:
    db = make_ladder(tmp_path, {f"r{i}": "builtin:random" for i in range(3)})
    done = subprocess.run(
        [*thousand(), "ladder", "serve", str(db), "--pin"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 2
    assert "--pin places the matches that --run plays" in done.stderr
