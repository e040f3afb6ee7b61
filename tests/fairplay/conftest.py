"""Helpers for the fair-play attack tests: real `thousand` runs with probe bots that cheat.

Each probe (tests/fairplay/bots/) attacks the way a contestant would and writes what it
achieved on stderr as ``REPORT {json}`` lines, which the referee keeps in the match's bot logs.
The tests read those reports and compare them with the replays. Every attack is also run where
the protection is deliberately absent (a guessable explicit seed, a weaker sandbox mode), so
each test shows that its probe does find what it looks for when it is there.

A test that needs bubblewrap or a C compiler skips with the reason where the machine lacks it,
but fails under ``CI=true``: a green CI must mean the sandbox was really attacked.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.bot_access import open_to_bots
from tests.processes import processes_with
from tests.referee.conftest import PY, RECORDER, ROOT, MatchRun, kill_by_pid, play_match
from tests.shared import built_once

HERE = Path(__file__).resolve().parent
BOTS = HERE / "bots"
PREDICTOR = BOTS / "predictor.py"
MEMORY = BOTS / "memory.py"
READER = BOTS / "reader.py"
PRELOAD_C = BOTS / "preload.c"
RANDOM_BOT = ROOT / "bots" / "random_bot.py"
SHORT_DICE = 'preset = "simple"\ngoal = 300\n'
"""Dice played to 300 with the simple table: a game in a few dozen throws."""
ONE_DEAL = '{"preset": "classic", "max_deals": 1}'
"""The card game cut to one deal: every game is a fresh deal and over in a few dozen moves."""
CANDIDATES = 1000
"""Master seeds 0..CANDIDATES a predictor tries: a person's seed is a small number."""


def rules_file(folder: Path, game: str) -> Path:
    path = folder / ("one-deal.json" if game == "cards" else "short.toml")
    path.write_text(ONE_DEAL if game == "cards" else SHORT_DICE, encoding="utf-8")
    return path


def reports(folder: Path, pattern: str = "*.stderr.log") -> list[dict[str, Any]]:
    """Every ``REPORT`` line in the bot logs under ``folder``, in file then line order."""
    found = []
    for log in sorted(folder.rglob(pattern)):
        for line in log.read_text(errors="replace").splitlines():
            if line.startswith("REPORT "):
                found.append(json.loads(line[len("REPORT ") :]))
    return found


def match_folder(replays: Path) -> Path:
    """The one match-* folder a `thousand match --replays DIR` wrote."""
    found = sorted(replays.glob("match-*"))
    assert len(found) == 1, found
    return found[0]


def game_replays(folder: Path) -> list[list[dict[str, Any]]]:
    return [
        [json.loads(line) for line in path.read_text().splitlines()]
        for path in sorted(folder.glob("game-*.jsonl"))
    ]


def reported_seed(run: MatchRun) -> int:
    """The master seed from the text report's ``· seed N`` (shown only at the end; the title
    may wrap before the number where a long rules path fills the line)."""
    found = re.search(r"seed\s+(\d+)", run.stdout)
    assert found, run.explain() + run.stdout[-2000:]
    return int(found.group(1))


def play(bots: Iterable[str], game: str, folder: Path, *options: str) -> tuple[MatchRun, Path]:
    """`thousand match` with text output (its report shows the master seed); returns the run
    and its match folder (replays, and the bots' logs under ``logs/``). In this process
    (``play_match``, issue 29): the claims are about what a probe can learn or reach from its
    real process in its real sandbox, which the referee starts alike from here; a `thousand`
    process would add ~0.3-0.6 s of CPU a match and test nothing of them."""
    replays = folder / "replays"
    rules = rules_file(folder, game)
    run = play_match(
        list(bots),
        "--rules",
        str(rules),
        *options,
        replays=replays,
        game=game,
        as_json=False,
    )
    assert run.returncode == 0, run.explain()
    return run, match_folder(replays)


def py_bot(path: Path, *args: object) -> str:
    return shlex.join([PY, str(path), *(str(a) for a in args)])


@pytest.fixture
def marker() -> Iterator[str]:
    """A word unique to the test on its bots' command lines; whatever still carries it after
    the test is killed by pid (the test itself asserts that nothing was left)."""
    word = f"fairplay-{uuid.uuid4().hex}"
    yield word
    kill_by_pid(processes_with(word))


@dataclass(frozen=True)
class Recorded:
    """One unseeded dice match of three recording bots: its run (the text report, which shows
    the master seed), its match folder (replays, logs), each bot's transcript and the rules."""

    run: MatchRun
    folder: Path
    transcripts: list[Path]
    rules: Path


RECORDED_GAMES = 4


def record(root: Path) -> Path:
    """Play the recorded match into ``root``: the bots' transcripts, the match folder, the
    rules, and the run itself as ``run.json`` (for the workers that read it, tests/shared.py)."""
    transcripts = [open_to_bots(root) / f"seen-{i}.jsonl" for i in range(3)]
    bots = [py_bot(RECORDER, log) for log in transcripts]
    games = str(RECORDED_GAMES)
    run, _ = play(bots, "dice", root, "--games", games, "--sandbox", "none")
    fields = {**asdict(run), "replays": None if run.replays is None else str(run.replays)}
    (root / "run.json").write_text(json.dumps(fields), encoding="utf-8")
    return root


@pytest.fixture(scope="session")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Recorded:
    """Played once for the test run (issue 29; shared by the xdist workers, tests/shared.py)
    and only read: test_fairplay_dice checks what each seat was sent against the replays,
    test_fairplay_seeds what the published seeds give away. Real bot processes
    (tests/bots/recorder.py) without a sandbox: what they are told is the claim, not what they
    can reach."""
    root = built_once(tmp_path_factory, "recorded", record)
    fields = json.loads((root / "run.json").read_text(encoding="utf-8"))
    replays = fields.pop("replays")
    run = MatchRun(**fields, replays=None if replays is None else Path(replays))
    transcripts = [root / f"seen-{i}.jsonl" for i in range(3)]
    return Recorded(run, match_folder(root / "replays"), transcripts, root / "short.toml")


def reader_copy(folder: Path, targets: Iterable[str]) -> Path:
    """A copy of bots/reader.py in ``folder`` with ``targets`` hard-coded in it."""
    folder.mkdir(parents=True, exist_ok=True)
    source = READER.read_text(encoding="utf-8")
    filled = source.replace("TARGETS: list[str] = []", f"TARGETS: list[str] = {list(targets)!r}")
    assert filled != source
    path = folder / "reader.py"
    path.write_text(filled, encoding="utf-8")
    return path


KNOWN_SEED_CANDIDATES = 20
"""Master seeds 0..KNOWN_SEED_CANDIDATES a predictor tries where the test gives the match a
small seed to show that the probe works (issue 29): the seed is among them, so are wrong ones;
trying a thousand there would only cost each game a second of CPU."""


def predictor(candidates: int = CANDIDATES) -> str:
    """The predictor's command line, trying master seeds 0..``candidates``: it is handed this
    test's import path to find the referee and the engines (see bots/predictor.py)."""
    return py_bot(PREDICTOR, candidates, os.pathsep.join(p for p in sys.path if p))
