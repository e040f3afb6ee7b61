"""`thousand bots check` as a person reads it: the skipped game in words, a crash's stderr tail
shown on the terminal with the bot's control characters made visible. The check runs in this
process, its bots are real processes, one game a rule set."""

from __future__ import annotations

from tests.protocol.conftest import in_process, wire_bot


def test_the_text_report_shows_the_stderr_tail_and_the_skipped_game(marker: str) -> None:
    crasher = wire_bot(marker, "--crash", "boom\x1b[2J")
    crash = in_process("bots", "check", crasher, "--game", "dice", "--games", "1")
    assert crash.returncode == 1
    assert "      stderr: boom" in crash.stdout and "\x1b[2J" not in crash.stdout
    single = in_process(
        "bots", "check", wire_bot(marker, "--only", "dice", "--games", "dice"), "--games", "1"
    )
    assert single.returncode == 0, single.stderr
    assert "not checked, does not play cards (its hello says it plays: dice)" in single.stdout
