"""Every fault of protocol.md, end to end: a misbehaving bot (tests/bots/faulty.py) against a
good one through the real `thousand match --json`.

For each mode the match must finish (exit 0, every game played), record the documented fault
kind per game and per bot, rank the faulting seat last, write a replay per game whose last line
is the result, and leave no process behind — neither the bot nor anything it forked.

The claims are about the bots' processes and what the referee makes of them, not about the
referee's own process: the referee runs in the test's process (play_match, real bot processes,
no interpreter start-up) except where its memory is measured (huge_line, line_flood: the real
program under a peak-RSS probe) or its tables run in processes of their own (--concurrency).
Nor are they about how long a game is: the games are cut off after ``ROUNDS`` rounds
(short_rules), past every mode's first moves and its fault.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from conftest import (
    FAST,
    MIB,
    assert_no_leftovers,
    faulty,
    play_match,
    random_bot,
    read_replay,
    run_match,
    short_rules,
    verify_replays,
)

from tests.requirements import need

# mode, AFTER (correct moves first), the fault kind of each game (None: no fault); the core
# cases play two games (the bot restarted, in the other seat), variants of them one.
# Bots that cannot start (crash before hello, bad hello, wrong protocol, no hello) are not
# started again: their later games are "absent".
CASES = [
    ("crash_start", 0, ["crash", "absent"]),
    ("crash", 2, ["crash", "crash"]),
    ("segfault", 2, ["crash"]),
    ("hang", 0, ["timeout", "timeout"]),
    ("sleep", 0, ["timeout", "timeout"]),
    ("ignore_signals", 0, ["timeout"]),
    ("garbage", 1, ["malformed_json", "malformed_json"]),
    ("invalid_utf8", 1, ["invalid_utf8", "invalid_utf8"]),
    ("huge_line", 1, ["line_too_long", "line_too_long"]),
    ("line_flood", 1, ["malformed_json"]),
    ("wrong_id", 1, ["wrong_id", "wrong_id"]),
    ("illegal", 1, ["illegal_action", "illegal_action"]),
    ("close_stdout", 1, ["closed_stdout", "closed_stdout"]),
    ("fork_child", 1, ["crash", "crash"]),
    ("bad_hello", 0, ["bad_hello", "absent"]),
    ("bad_protocol", 0, ["incompatible_protocol", "absent"]),
    ("no_hello", 0, ["startup", "absent"]),
    ("stderr_flood", 0, [None, None]),
    ("ignore_sigterm", 0, [None, None]),
    ("fork_late", 0, [None, None]),
    ("daemon", 1, [None, None]),
    ("split_line", 0, [None]),
    ("reorder", 0, [None]),
    ("max_line", 1, [None]),
    ("max_line_plus", 1, ["line_too_long"]),
]

START_MODES = {"crash_start", "bad_hello", "bad_protocol", "no_hello"}
"""Modes whose bot fails before its hello: every game's fault is at the start, not at a move."""
LINE_KINDS = {"malformed_json", "invalid_utf8", "wrong_id"}
ROUNDS = 10
"""Dice rounds a game lasts here: each seat is asked at least once a round, so stderr_flood's
120 kB a request passes its log's 1 MiB cap within its two games."""
MEASURED = {"huge_line", "line_flood"}
"""Modes whose referee runs as the real program, its peak memory measured."""
MEMORY_LIMIT_KB = 128 * 1024
"""The referee alone peaks near 45 MB here; buffering a 100 MB line would pass 140 MB."""


@pytest.mark.parametrize(("mode", "after", "kinds"), CASES, ids=[c[0] for c in CASES])
def test_fault_is_recorded_and_contained(
    mode: str, after: int, kinds: list[str | None], marker: str, tmp_path: Path
) -> None:
    replays = tmp_path / "replays"
    bots = [faulty(mode, after, marker), random_bot(marker)]
    options = [
        *("--games", str(len(kinds)), "--seed", "7"),
        *("--rules", short_rules(tmp_path, length=ROUNDS), *FAST),
    ]
    measured = mode in MEASURED
    if measured:
        run = run_match(bots, *options, replays=replays, measure_rss=True)
    else:
        run = play_match(bots, *options, replays=replays)
    # A bot that could not start in any game makes the match exit 3.
    assert run.returncode == (3 if mode in START_MODES else 0), run.explain()
    assert "Traceback" not in run.stderr, run.explain()
    doc = run.doc
    assert doc["games_played"] == len(kinds) == len(doc["games"])

    # Per bot: exactly the documented kinds, and the good bot has none.
    expected = Counter(k for k in kinds if k is not None)
    assert doc["bots"][0]["faults"] == dict(expected)
    assert doc["bots"][0]["fault_games"] == sum(k is not None for k in kinds)
    assert doc["bots"][1]["faults"] == {}

    for game, kind in zip(doc["games"], kinds, strict=True):
        seat = game["seating"].index(0)
        records = read_replay(game["replay"])
        result = records[-1]
        assert result["kind"] == "result"
        assert result["ranking"] == game["ranking"]
        assert result["scores"] == game["scores"]
        assert result["faults"] == game["faults"]
        assert records[0]["format"] == "thousand-replay"
        if kind is None:
            assert game["faults"] == []
            assert all("fault" not in r and r.get("by") != "fallback" for r in records[1:-1])
            continue
        (fault,) = game["faults"]
        assert fault["kind"] == kind
        assert (fault["bot"], fault["seat"]) == (0, seat)
        assert fault["detail"]
        # The faulting seat is ranked last and is not the winner.
        assert game["ranking"][-1] == seat
        assert result["places"][seat] == len(game["seating"])
        assert result["winner"] != seat
        # Its moves from the fault on are the fallback's, and the replay says so.
        mine = [r for r in records if r.get("kind") == "move" and r.get("seat") == seat]
        if mode in START_MODES:
            assert fault["move"] is None
            assert mine and all(r["by"] == "fallback" for r in mine)
        else:
            (faulted,) = [r for r in mine if "fault" in r]
            assert faulted["n"] == fault["move"]
            assert faulted["fault"]["kind"] == kind
            assert faulted["by"] == "fallback"
            assert sum("by" not in r for r in mine) == after  # its good moves came first
            assert all(r["by"] == "fallback" for r in mine if r["n"] > faulted["n"])
            if kind in LINE_KINDS:
                assert faulted["fault"]["line"]  # the offending line's first 200 characters
                assert len(faulted["fault"]["line"]) <= 200
            if mode == "garbage":
                assert faulted["fault"]["line"] == "this is not json"

    if measured:
        assert run.maxrss_kb is not None
        assert run.maxrss_kb < MEMORY_LIMIT_KB, f"peak RSS {run.maxrss_kb} kB"
    if mode == "stderr_flood":
        (log,) = (Path(doc["replays"]) / "logs").glob("bot0-*.stderr.log")
        data = log.read_bytes()
        assert MIB <= len(data) <= MIB + 200, len(data)
        assert data.startswith(b"noise noise")
        assert b"more bytes of stderr dropped" in data[-200:]
    assert_no_leftovers(marker)


def test_stderr_log_stays_capped_across_restarts(marker: str, tmp_path: Path) -> None:
    """The 1 MiB cap is per log file, not per process: a bot restarted after each fault does
    not add another MiB every game."""
    replays = tmp_path / "replays"
    run = play_match(
        [faulty("stderr_crash", 0, marker), random_bot(marker)],
        "--games",
        "3",
        "--rules",
        short_rules(tmp_path, length=ROUNDS),
        *FAST,
        replays=replays,
    )
    assert run.returncode == 0, run.explain()
    assert run.doc["bots"][0]["faults"] == {"crash": 3}
    assert_no_leftovers(marker)
    (log,) = (Path(run.doc["replays"]) / "logs").glob("bot0-*.stderr.log")
    assert log.stat().st_size <= MIB + 200


def test_line_too_long_keeps_the_start_of_the_line(marker: str, tmp_path: Path) -> None:
    """protocol.md: the fault record keeps a bad line's first 200 characters — a line that is
    too long too."""
    run = play_match(
        [faulty("huge_line", 0, marker), random_bot(marker)],
        "--games",
        "1",
        "--rules",
        short_rules(tmp_path, length=ROUNDS),
        *FAST,
        replays=tmp_path / "replays",
    )
    assert run.returncode == 0, run.explain()
    assert_no_leftovers(marker)
    (game,) = run.doc["games"]
    (faulted,) = [r for r in read_replay(game["replay"]) if "fault" in r]
    assert faulted["fault"]["kind"] == "line_too_long"
    assert faulted["fault"].get("line") == "x" * 200


@pytest.mark.slow
@pytest.mark.parametrize("sandbox", ["none", "bwrap"])
@pytest.mark.parametrize("mode", ["daemon", "fork_child"])
def test_no_process_left_under_other_sandboxes(
    mode: str, sandbox: str, marker: str, tmp_path: Path
) -> None:
    """The cases where a bot's descendants outlive it, under the other --sandbox modes (the
    default, rlimits, is covered above): nothing may survive the match either way."""
    if sandbox == "bwrap":
        need("bwrap")
    run = play_match(
        [faulty(mode, 1, marker), random_bot(marker)],
        "--games",
        "2",
        "--sandbox",
        sandbox,
        "--rules",
        short_rules(tmp_path, length=ROUNDS),
        *FAST,
    )
    assert run.returncode == 0, run.explain()
    expected = {"crash": 2} if mode == "fork_child" else {}
    assert run.doc["bots"][0]["faults"] == expected
    assert_no_leftovers(marker)


def test_a_hello_that_is_not_json_is_a_bad_hello(marker: str, tmp_path: Path) -> None:
    run = play_match(
        [faulty("garbage_hello", 0, marker), random_bot(marker)],
        "--games",
        "2",
        "--rules",
        short_rules(tmp_path, length=ROUNDS),
        *FAST,
    )
    assert run.returncode == 3, run.explain()  # the bot never played a game
    assert_no_leftovers(marker)
    assert run.doc["bots"][0]["faults"] == {"bad_hello": 1, "absent": 1}


@pytest.mark.parametrize("game", ["dice", "cards"])
def test_faulted_seats_are_ranked_last_the_others_as_the_game_ended(
    game: str, marker: str, tmp_path: Path
) -> None:
    """Three players, two of them faulting at different moves: both go to the bottom, the
    others keep the engine's order, and the winner is never a faulted seat."""
    rules = tmp_path / "short.json"
    rules.write_text('{"max_deals": 3}' if game == "cards" else '{"max_rounds": 10}')
    options = ["--games", "3", "--seed", "12", "--rules", str(rules), *FAST]
    run = play_match(
        [faulty("crash", 3, marker), faulty("garbage", 6, marker), random_bot(marker)],
        *options,
        game=game,
        replays=tmp_path / "replays",
    )
    assert run.returncode == 0, run.explain()
    doc = run.doc
    assert doc["games_played"] == 3
    assert doc["bots"][0]["faults"] == {"crash": 3}
    assert doc["bots"][1]["faults"] == {"malformed_json": 3}
    assert doc["bots"][2]["faults"] == {}
    for entry in doc["games"]:
        result = read_replay(entry["replay"])[-1]
        faulted = {f["seat"] for f in entry["faults"]}
        assert len(faulted) == 2
        engine = result["engine"]["ranking"]
        expected = [s for s in engine if s not in faulted] + [s for s in engine if s in faulted]
        assert entry["ranking"] == result["ranking"] == expected
        assert result["winner"] not in faulted
        assert result["scores"] == result["engine"]["scores"]  # scores are not touched
    assert_no_leftovers(marker)
    verify_replays(tmp_path / "replays")


@pytest.mark.slow
def test_eight_seats_misbehaving_at_once(marker: str, tmp_path: Path) -> None:
    """One dice table of eight, seven of them misbehaving in different ways at once, on two
    tables in parallel (a game on each): every fault is told apart, the good bot is untouched,
    nothing is left."""
    bots = {
        "crash": (2, "crash"),
        "invalid_utf8": (0, "invalid_utf8"),
        "huge_line": (1, "line_too_long"),
        "fork_child": (1, "crash"),
        "close_stdout": (1, "closed_stdout"),
        "daemon": (1, None),
        "garbage": (2, "malformed_json"),
    }
    rules = tmp_path / "short.json"
    rules.write_text('{"max_rounds": 6}')
    run = run_match(
        [*(faulty(mode, after, marker) for mode, (after, _) in bots.items()), random_bot(marker)],
        "--games",
        "2",
        "--concurrency",
        "2",
        "--rules",
        str(rules),
        *FAST,
        replays=tmp_path / "replays",
    )
    assert run.returncode == 0, run.explain()
    doc = run.doc
    assert doc["games_played"] == 2
    for index, (_, kind) in enumerate(bots.values()):
        assert doc["bots"][index]["faults"] == ({kind: 2} if kind else {}), index
    assert doc["bots"][7]["faults"] == {}
    for game in doc["games"]:
        faulted = {f["seat"] for f in game["faults"]}
        assert len(faulted) == 6
        assert set(game["ranking"][-6:]) == faulted
    assert_no_leftovers(marker)
    verify_replays(tmp_path / "replays")
