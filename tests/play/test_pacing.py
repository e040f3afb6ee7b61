"""The others' steps pass at a pace in a real terminal (pexpect): a whole dice game costs the
person one press per own move and none for the others' steps, Enter skips to the person's own
turn, and ``quit`` leaves from the middle of the others' steps as from the move prompt, with
the bots stopped and the game so far kept."""

from __future__ import annotations

import itertools
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pexpect

from referee.play.pace import DEFAULT_PACE
from referee.replay.frames import load_frames
from tests.play.conftest import ANSI
from tests.play.test_terminal import PROMPT, options, spawn

STEP = re.compile(r"step (\d+)/\d+ · line \d+ · what you knew")
STOPPED = r"thousand: play stopped; every bot was stopped \(the game so far: ([^)]+)\)"


def cards_at_seat_2(tmp_path: Path, *pace: str) -> pexpect.spawn:
    """A card deal where seats 0 and 1 (random bots) bid before the person at seat 2: the
    deal and two bids pass before the person's first turn (seed 8)."""
    rules = tmp_path / "one-deal.json"
    rules.write_text(json.dumps({"max_deals": 1}))
    return spawn(
        [
            "--game",
            "cards",
            "--rules",
            str(rules),
            "--seat",
            "2",
            "--seed",
            "8",
            *pace,
            "--replays",
            str(tmp_path / "out"),
            "builtin:random",
            "builtin:random",
        ],
        tmp_path,
    )


def test_a_whole_dice_game_costs_one_press_per_own_move(tmp_path: Path, replay_of: Any) -> None:
    """A whole two-player dice game (the default rules, to 1000) against builtin:random,
    seed 1: N = the person's own moves in the replay (153 here). Every press is a move; the
    others' steps (over 400, each once a press of Enter) ask for none. Any prompt but the move
    prompt is answered with Enter and counted, so a seat that asks for a press per step fails
    here. The pace is 0.02 s only to keep the test short: the default's 0.7 s would make it
    five minutes; the default itself is timed below."""
    rng = random.Random(1)
    child = spawn(
        [
            "--game",
            "dice",
            "--seed",
            "1",
            "--pace",
            "0.02",
            "--replays",
            str(tmp_path / "out"),
            "builtin:random",
        ],
        tmp_path,
    )
    presses = moves = 0
    screens = ""
    while True:
        at = child.expect([PROMPT, r"\[[^\]\n]*\] *$|Enter[^\n]*> *$", r"Game over\.", pexpect.EOF])
        screens += child.before
        if at == 1:
            child.sendline("")
            presses += 1
            continue
        if at != 0:
            break
        number, _, _ = rng.choice(options(screens))
        screens = ""
        child.sendline(f"#{number}")
        presses += 1
        moves += 1
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    _, loaded = replay_of(tmp_path / "out")
    own = [f for f in loaded.frames[1:] if f.record and f.record.get("kind") == "move"]
    assert sum(1 for f in own if f.record and f.record.get("seat") == 0) == moves
    theirs = sum(1 for f in own if f.record and f.record.get("seat") == 1)
    assert theirs > 100  # the bot played a real game the person watched
    assert presses == moves, f"{presses} presses for {moves} own moves"


def test_the_default_pace_needs_no_press(tmp_path: Path) -> None:
    """Without --pace the deal and the two bids come by themselves, DEFAULT_PACE apart."""
    child = cards_at_seat_2(tmp_path)
    child.expect("Enter skips to your turn")
    seen = []
    while child.expect([STEP, PROMPT]) == 0:
        seen.append(time.monotonic())
    gaps = [b - a for a, b in itertools.pairwise(seen)]
    assert len(seen) >= 3 and all(gap >= DEFAULT_PACE * 0.8 for gap in gaps), gaps
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_enter_skips_to_the_persons_turn(tmp_path: Path) -> None:
    """At 30 s a step, Enter after the first step brings the person's turn at once: the steps
    between are one line each, the last one drawn in full."""
    child = cards_at_seat_2(tmp_path, "--pace", "30")
    child.expect(STEP)
    first = int(child.match.group(1))
    child.sendline("")
    child.expect(PROMPT, timeout=10)  # not 30 s a step
    after = ANSI.sub("", child.before)
    assert re.search(r"\(skipped ahead over \d+ step\(s\)\)", after), after
    assert re.search(rf"  step {first + 1} · \S+", after), after
    assert STEP.search(after)  # the table the turn is played from
    assert options(after)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()


def quit_kept(child: pexpect.spawn, tmp_path: Path) -> None:
    """``quit`` ends the game as docs/play.md promises: exit 130, every bot stopped, one line
    naming where the game so far is kept, and that replay reads back step by step."""
    child.sendline("quit")
    child.expect(STOPPED, timeout=10)
    folder = Path(child.match.group(1))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in child.before
    assert folder.parent == tmp_path / "out"
    (kept,) = folder.glob("game-00000.jsonl*")
    assert len(load_frames(kept).frames) >= 2


def test_quit_among_the_others_steps(tmp_path: Path) -> None:
    child = cards_at_seat_2(tmp_path, "--pace", "30")
    child.expect(STEP)
    quit_kept(child, tmp_path)


def test_quit_at_the_move_prompt(tmp_path: Path) -> None:
    child = cards_at_seat_2(tmp_path, "--pace", "0")
    child.expect(PROMPT)
    quit_kept(child, tmp_path)
