"""Replays made by real matches through the real CLI, shared by the replay tests."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def make_replays(
    folder: Path, game: str, rules: str, bots: list[str], games: int = 1, seed: int = 7
) -> list[Path]:
    done = subprocess.run(
        [
            "thousand",
            "match",
            "--game",
            game,
            "--rules",
            rules,
            "--games",
            str(games),
            "--seed",
            str(seed),
            "--replays",
            str(folder),
            "--json",
            *bots,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=300,
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
