"""`thousand bots check` with real bots: a single-game bot is told in plain words that the other
game was not checked (from its hello's ``games`` or from its stopping without a hello), a
crashing bot's report shows the end of its stderr, and the check says what it is doing.

The check runs in this process (what it says), its bots are real processes; one game a rule set
(``--games 1``): what is checked here is decided by the hello and the first request, not by how
many games follow."""

from __future__ import annotations

import json
import shlex
from typing import Any

from tests.protocol.conftest import PY, ROOT, in_process, wire_bot


def check(bot: str, *options: str) -> tuple[int, dict[str, Any], str]:
    done = in_process(
        "bots", "check", bot, "--json", "--time-per-move", "5", "--games", "1", *options
    )
    return done.returncode, json.loads(done.stdout), done.stderr


def by_game(document: dict[str, Any], game: str) -> list[dict[str, Any]]:
    return [r for r in document["rule_sets"] if r["rules"].startswith(f"{game}/")]


def test_a_dice_bot_that_says_it_plays_dice_is_checked_only_at_dice(marker: str) -> None:
    code, document, stderr = check(wire_bot(marker, "--only", "dice", "--games", "dice"))
    assert code == 0, stderr
    assert document["ok"] is True
    for report in by_game(document, "cards"):
        assert report["skipped"] == "does not play cards (its hello says it plays: dice)"
        assert report["games"] == 0 and report["problems"] == []
    dice = by_game(document, "dice")
    assert dice and all(r["skipped"] is None and r["games"] > 0 for r in dice)
    assert all("roll" in r["decisions_answered"] for r in dice)


def test_a_dice_bot_that_does_not_say_is_reported_as_not_playing_cards(marker: str) -> None:
    code, document, stderr = check(wire_bot(marker, "--only", "dice"))
    assert code == 0, stderr
    for report in by_game(document, "cards"):
        assert report["skipped"].startswith("does not play cards: offered a cards game it ")
        assert "exited with code 0" in report["skipped"]
        assert '"games": ["dice"]' in report["skipped"]
        assert report["problems"] == []
    assert "crash" not in json.dumps(document["rule_sets"])


def test_a_bot_that_plays_no_checked_game_fails_the_check(marker: str) -> None:
    code, document, _ = check(wire_bot(marker, "--games", "dice"), "--game", "cards")
    assert code == 1 and document["ok"] is False
    assert [r["skipped"] for r in document["rule_sets"]] == [
        "does not play cards (its hello says it plays: dice)"
    ] * len(document["rule_sets"])


def test_a_crash_shows_the_end_of_the_bots_stderr(marker: str) -> None:
    code, document, _ = check(
        wire_bot(marker, "--crash", "Traceback: KeyError 'legal'"), "--game", "dice"
    )
    assert code == 1
    problems = [p for r in document["rule_sets"] for p in r["problems"]]
    assert problems and all(p["fault"] == "crash" for p in problems)
    assert problems[0]["stderr"] == "Traceback: KeyError 'legal'\nwire_bot: giving up"


def test_the_check_announces_each_phase_on_stderr(marker: str) -> None:
    bot = wire_bot(marker, "--only", "dice")
    done = in_process("bots", "check", bot, "--game", "dice", "--games", "1")
    assert done.returncode == 0, done.stderr
    phases = [line for line in done.stderr.splitlines() if line.startswith("bots check: ")]
    assert phases[0] == "bots check: starting the bot with a dice hello"
    assert sum("rule set" in line for line in phases) == 2
    assert "the bot passed every check" in done.stdout


def test_the_example_dice_bot_passes_and_is_not_checked_at_cards() -> None:
    """The issue's case: `bots check` on bots/dice_bot.py reported "crashed — exited with code
    0" for cards."""
    code, document, stderr = check(shlex.join([PY, str(ROOT / "bots" / "dice_bot.py")]))
    assert code == 0, stderr
    cards = by_game(document, "cards")
    assert cards and {r["skipped"] for r in cards} == {
        "does not play cards (its hello says it plays: dice)"
    }
    assert all(r["problems"] == [] for r in document["rule_sets"])
