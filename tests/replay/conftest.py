"""Replays made by real matches through the real CLI, shared by the replay tests.

The commands run in this process (tests/inprocess.py: the same command code without a second of
interpreter start-up each); what they are asked about is what they write and say, not how a
process behaves. The viewer in a terminal (test_replay_show.py) stays a real process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.inprocess import Invoked, invoke

ROOT = Path(__file__).resolve().parents[2]


def thousand(*args: object) -> Invoked:
    """``thousand ARGS`` in this process, from the checkout."""
    return invoke(args, cwd=ROOT)


def make_replays(
    folder: Path, game: str, rules: str, bots: list[str], games: int = 1, seed: int = 7
) -> list[Path]:
    done = thousand(
        *("match", "--game", game, "--rules", rules, "--games", games, "--seed", seed),
        *("--replays", folder, "--json", *bots),
    )
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    return [Path(g["replay"]) for g in document["games"]]


def short_cards_rules(folder: Path, preset: str = "classic", deals: int = 12) -> str:
    """A rules file capping the deals, so random card games stay short."""
    path = folder / f"cards-{preset}-{deals}.json"
    path.write_text(json.dumps({"preset": preset, "max_deals": deals}))
    return str(path)


@pytest.fixture(scope="session")
def card_replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cards")
    rules = short_cards_rules(folder, deals=8)
    bots = [f"python3 {ROOT / 'bots' / 'random_bot.py'}", "builtin:random", "builtin:random"]
    return make_replays(folder / "replays", "cards", rules, bots)[0]


@pytest.fixture(scope="session")
def dice_replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("dice")
    bots = [f"python3 {ROOT / 'bots' / 'random_bot.py'}", "builtin:random"]
    return make_replays(folder / "replays", "dice", "classic", bots)[0]
