"""`thousand ladder serve --run --pin`: the match loop beside the pages plays each match on one
core, as `ladder run --pin` does. A real server process, a real ladder, bots that name their
cores in their hello (tests/bots/core_bot.py). The bots play the first legal action, which never
ends a dice turn: the games are capped at 3 rounds (the claim is where they ran, which the bots
say in their hello, not how long).
The refusal of --pin without --run is read in process (click's runner on the real command)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner
from pydantic import TypeAdapter

from referee.cli.main import main
from referee.ladder.standings import MatchRow
from tests.ladder.conftest import SHORT_DICE, make_ladder, py_bot, quick_ok
from tests.web.conftest import Server

CORE_BOT = Path(__file__).resolve().parents[1] / "bots" / "core_bot.py"
CORES = sorted(os.sched_getaffinity(0))
PINNED_DICE = SHORT_DICE + "max_rounds = 3\n"
"""The short rules cut at 3 rounds: bots that never stop a turn end a game at the cap."""


def test_the_served_match_loop_pins_its_matches(
    tmp_path: Path, serve: Callable[..., Server]
) -> None:
    bots = {f"core{i}": py_bot(CORE_BOT, i) for i in range(3)}
    rules = tmp_path / "pinned.toml"
    rules.write_text(PINNED_DICE, encoding="utf-8")
    db = make_ladder(tmp_path, bots, rules=str(rules))
    serve(db, "--run", "--pin", "--concurrency", "2", "--allow-weak-sandbox")
    deadline = time.monotonic() + 60
    replays: list[str] = []
    while time.monotonic() < deadline and len(replays) < 12:
        time.sleep(0.5)
        listed = quick_ok("games", db, "--json").stdout  # `ladder games`, in this process
        matches = TypeAdapter(list[MatchRow]).validate_json(listed)
        replays = [path for match in matches if match.status == "done" for path in match.replays]
    assert len(replays) >= 12, "two matches were not played in a minute"
    for path in replays:
        header = json.loads(Path(path).read_text().splitlines()[0])
        names = {seat["name"].partition("#")[0] for seat in header["seats"]}
        assert len(names) == 1 and names <= {f"cores-{core}" for core in CORES}, names


def test_pin_without_run_is_refused(tmp_path: Path) -> None:
    db = make_ladder(tmp_path, {f"r{i}": "builtin:random" for i in range(3)})
    done = CliRunner().invoke(main, ["ladder", "serve", str(db), "--pin"], prog_name="thousand")
    assert done.exit_code == 2, done.output
    assert "--pin places the matches that --run plays" in done.stderr
