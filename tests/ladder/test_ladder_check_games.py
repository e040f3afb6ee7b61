"""How many games the conformance check plays before a bot joins a ladder is the ladder's to
say (``ladder init --check-games``, kept in its settings): a card contest's games are long,
and an organiser who wants to be surer plays more. Real bot processes, the check of
``ladder add`` and of the contest server's uploads alike (``admission.check``)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from referee.ladder import admission, store
from referee.players.botspec import parse_bot
from tests.ladder.conftest import RANDOM_BOT, one_error_line, py_bot, quick, quick_ok


def _terms(db: Path) -> admission.Terms:
    conn = store.connect(db, write=False)
    try:
        return admission.terms(store.read_meta(conn))
    finally:
        conn.close()


def _init(db: Path, *extra: object) -> admission.Terms:
    quick_ok("init", db, "--game", "dice", "--players", "2", "--seed", "5", *extra)
    return _terms(db)


def test_the_check_plays_as_many_games_as_the_ladder_says(tmp_path: Path) -> None:
    bot = parse_bot(py_bot(RANDOM_BOT, 3))
    one = _init(tmp_path / "one.db", "--check-games", 1)
    assert one.check_games == 1
    report = asyncio.run(admission.check(bot, one))
    assert report.games == 1 and not report.problems, report
    # The default: up to four, and more than one for a bot that answers everything (the check
    # stops only after two games that showed nothing new).
    default = _init(tmp_path / "default.db")
    assert default.check_games == store.CHECK_GAMES == 4
    report = asyncio.run(admission.check(bot, default))
    assert 1 < report.games <= 4 and not report.problems, report
    # ladder add itself (the same check) admits under the one-game ladder.
    added = quick_ok("add", tmp_path / "one.db", "random", py_bot(RANDOM_BOT, 3))
    assert "added random" in added.stdout


@pytest.mark.parametrize("count", ["0", "101", "-1", "many"])
def test_a_count_out_of_range_is_one_line(tmp_path: Path, count: str) -> None:
    done = quick("init", tmp_path / "x.db", "--game", "dice", "--check-games", count)
    assert "--check-games" in one_error_line(done)
    assert not (tmp_path / "x.db").exists()
