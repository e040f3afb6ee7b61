"""A ladder refuses a bot for another game in plain words ("does not play dice"), from its
hello's ``games`` or from its stopping without a hello, instead of "the bot crashed"."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tests.protocol.conftest import PY, ROOT, in_process, wire_bot


@pytest.mark.parametrize(
    "bot",
    [
        shlex.join([PY, str(ROOT / "bots" / "card_bot.py")]),
        "WIRE --only cards",
        "WIRE --games cards",
    ],
)
def test_a_card_bot_is_refused_by_a_dice_ladder_as_not_playing_dice(
    tmp_path: Path, marker: str, bot: str
) -> None:
    if bot.startswith("WIRE"):
        bot = wire_bot(marker, *bot.split()[1:])
    db = str(tmp_path / "contest.db")
    made = in_process("ladder", "init", db, "--game", "dice", "--players", "2")
    assert made.returncode == 0, made.stderr
    done = in_process("ladder", "add", db, "cardy", bot)
    assert done.returncode == 1
    error = [line for line in done.stderr.splitlines() if line.startswith("thousand: error: ")]
    assert len(error) == 1, done.stderr
    assert "the bot does not play dice: does not play dice" in error[0]
    assert "crashed" not in error[0]
