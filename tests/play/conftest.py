"""Shared pieces of the `thousand play` tests: the command, short tables, and the check that a
seat's screen never shows a card the seat did not know."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.replay.frames import LoadedReplay, load_frames
from tests.inprocess import invoke

ROOT = Path(__file__).resolve().parents[2]
DICE_BOT = f"{sys.executable} {ROOT / 'bots' / 'dice_bot.py'}"
CARD_BOT = f"{sys.executable} {ROOT / 'bots' / 'card_bot.py'}"
PLAY = ["thousand", "play"]
CARD_SHOWN = re.compile(r"(10|[9JQKA])([♠♣♦♥])")
CARD_CODE = re.compile(r"\b([9TJQKA][SCDH])\b")
SUITS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.fixture
def one_deal(tmp_path: Path) -> Path:
    """Card rules that end the game after one deal: a whole deal in a few seconds."""
    path = tmp_path / "one-deal.json"
    path.write_text(json.dumps({"max_deals": 1}))
    return path


@pytest.fixture
def short_dice(tmp_path: Path) -> Path:
    """A dice game to 200 without barrel, pits or samosval, where a keep is chosen by faces."""
    path = tmp_path / "short-dice.json"
    path.write_text(
        json.dumps(
            {"goal": 200, "barrel": "none", "pits": [], "samosval": None, "set_aside": "choose"}
        )
    )
    return path


def play_env() -> dict[str, str]:
    env = dict(os.environ)
    env.update({"NO_COLOR": "1", "COLUMNS": "200", "LINES": "50", "TERM": "xterm"})
    return env


def verify(replay: Path) -> None:
    """``thousand replay verify REPLAY`` passes (in this process: the claim is the verdict,
    not the command's process)."""
    done = invoke(["replay", "verify", replay])
    assert done.returncode == 0, done.stdout + done.stderr


def shown_cards(text: str) -> set[str]:
    """Every card a screen draws (``Q♠``, ``10♥``), as the engine's codes."""
    plain = ANSI.sub("", text)
    return {("T" if r == "10" else r) + SUITS[s] for r, s in CARD_SHOWN.findall(plain)}


def view_cards(view: Any) -> set[str]:
    return set(CARD_CODE.findall(json.dumps(view)))


def known_at(loaded: LoadedReplay, seat: int, index: int) -> set[str]:
    """The cards ``seat`` knew at frame ``index`` or the one before (a step's description names
    the card that has just left the view: a trick taken, a card given)."""
    frames = loaded.frames
    known = view_cards(frames[index].view(seat))
    if index > 0:
        known |= view_cards(frames[index - 1].view(seat))
    return known


STEP_TITLE = re.compile(r"step (\d+)/\d+ · line \d+ · what (.+?) knew")


def leaked_in_screens(output: str, loaded: LoadedReplay, seat: int) -> list[str]:
    """Cut a terminal session into its screens (each starts at a frame's title) and name every
    card a screen shows that the seat did not know at that step."""
    problems = []
    # What the person typed, echoed, and the explanation of a wrong line (with its examples)
    # are the person's own words, not the table.
    plain = "\n".join(
        line
        for line in ANSI.sub("", output).splitlines()
        if "your move" not in line and "legal actions" not in line and "several" not in line
    )
    marks = list(STEP_TITLE.finditer(plain))
    assert marks, "no screens in the output"
    for k, mark in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(plain)
        index = int(mark.group(1))
        extra = shown_cards(plain[mark.start() : end]) - known_at(loaded, seat, index)
        if extra:
            problems.append(f"step {index}: {sorted(extra)}")
    return problems


@pytest.fixture
def replay_of() -> Iterator[Any]:
    def find(folder: Path) -> tuple[Path, LoadedReplay]:
        (replay,) = sorted(folder.rglob("game-*.jsonl"))
        return replay, load_frames(replay)

    yield find
