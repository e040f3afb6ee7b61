"""`thousand replay show`: the interactive viewer driven through a real terminal (pexpect),
checked against the engine's state at the chosen step; and `--seat` never shows what that
seat could not know."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect

from referee.replay.frames import load_frames
from referee.replay.render import card_text
from referee.replay.viewer import find_unit
from tests.replay.conftest import thousand

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]")


def plain(text: str) -> str:
    return ANSI.sub("", text)


def spawn(*args: str) -> pexpect.spawn:
    child = pexpect.spawn(
        "thousand", ["replay", "show", *args], dimensions=(60, 200), encoding="utf-8", timeout=30
    )
    child.delaybeforesend = None
    return child


def screen_after(child: pexpect.spawn, keys: str, marker: str) -> str:
    """Send keys and return the screen printed up to the key legend that ends every frame."""
    child.send(keys)
    child.expect(marker)
    head = str(child.after)
    child.expect(r"\[q\]uit")
    return plain(head + (child.before or ""))


def test_stepping_forward_back_jump_and_quit(card_replay: Path) -> None:
    loaded = load_frames(card_replay)
    total = len(loaded.frames)
    child = spawn(str(card_replay))
    child.expect(r"\[q\]uit")
    assert f"step 0/{total - 1}" in plain(child.before or "")
    assert f"step 1/{total - 1}" in screen_after(child, "n", "step 1/")
    assert f"step 0/{total - 1}" in screen_after(child, "p", "step 0/")
    # Jump to a step in the middle of a deal and check the whole table against the engine.
    target = next(
        f.index for f in loaded.frames if f.index > 10 and f.view(None).get("phase") == "play"
    )
    screen = screen_after(child, f"j{target}\r", f"step {target}/")
    table = loaded.frames[target].view(None)
    for hand in table["hands"]:
        if hand:
            assert " ".join(card_text(c).plain for c in hand) in screen
    for seat, score in enumerate(table["scores"]):
        assert f"score {score:>5}" in screen, (seat, screen)
    # Go to deal 2: the step the viewer lands on is where the engine says deal 2 began.
    expected = find_unit(loaded, 2)
    assert expected is not None
    screen = screen_after(child, "g2\r", f"step {expected}/")
    assert "deal 2 " in screen
    screen = screen_after(child, "e", f"step {total - 1}/")
    assert "result:" in screen
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_dice_screen_shows_the_throw_of_that_step(dice_replay: Path) -> None:
    loaded = load_frames(dice_replay)
    target = next(f.index for f in loaded.frames if f.index > 5 and f.view(None).get("throw"))
    child = spawn("--at", str(target), str(dice_replay))
    child.expect(r"\[q\]uit")
    screen = plain(child.before or "")
    view = loaded.frames[target].view(None)
    assert f"step {target}/" in screen
    assert f"turn total {view['turn_total']}" in screen
    faces = " ".join(f"{'⚀⚁⚂⚃⚄⚅'[d - 1]}{d}" for d in view["throw"])
    assert faces in screen
    child.send("q")
    child.expect(pexpect.EOF)


def test_seat_view_never_shows_another_seats_hidden_cards(card_replay: Path) -> None:
    loaded = load_frames(card_replay)
    seat = 1
    done = thousand("replay", "show", "--no-step", "--seat", seat, card_replay)
    assert done.returncode == 0, done.stderr
    blocks = re.split(r"(?m)^cards · step ", plain(done.stdout))[1:]
    assert len(blocks) == len(loaded.frames)
    checked = 0
    for frame, block in zip(loaded.frames, blocks, strict=True):
        table = frame.view(None)
        mine = frame.view(seat)
        known = set(mine.get("hand") or []) | set(mine.get("talon") or [])
        known |= {g["card"] for g in mine.get("given") or [] if g.get("card")}
        hidden = {
            card
            for other, hand in enumerate(table.get("hands") or [])
            if other != seat
            for card in hand
        } - known
        if table.get("talon_hidden"):
            hidden |= set(table["talon_hidden"]) - known
        for card in hidden:
            assert card_text(card).plain not in block.split(), (frame.index, card)
        checked += bool(hidden)
    assert checked > len(loaded.frames) // 2
