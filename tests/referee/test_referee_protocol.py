"""The conversation of protocol.md as a bot sees it, recorded on the wire by tests/bots/recorder.py:
hello, game_start, requests with growing ids and a chess clock, game_end, bye; every event of
the game reaches each seat exactly once and in order; and a bank that runs dry ends in a
timeout.

The referee runs in the test's process (play_match): what the bots receive on their pipes is
the claim, not the referee's own process."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import (
    FAULTY,
    NAPPER,
    PY,
    RECORDER,
    assert_no_leftovers,
    bot,
    play_match,
    random_bot,
    read_replay,
    write_json,
)

PER_MOVE_MS = 700
BANK_MS = 1500


def read_log(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_bytes().splitlines()]


def visible(event: dict[str, Any], seat: int) -> bool:
    return "to" not in event or event["to"] == seat


def test_conversation_clock_and_events(marker: str, tmp_path: Path) -> None:
    rules = write_json(tmp_path / "short.json", {"max_rounds": 8})
    logs = [tmp_path / "seen-0.jsonl", tmp_path / "seen-1.jsonl"]
    games = 3
    run = play_match(
        [bot(RECORDER, log, marker) for log in logs],
        "--rules",
        str(rules),
        "--games",
        str(games),
        "--seed",
        "31",
        "--time-per-move",
        str(PER_MOVE_MS / 1000),
        "--time-bank",
        str(BANK_MS / 1000),
        "--startup-time",
        "7",
        replays=tmp_path / "replays",
    )
    assert run.returncode == 0, run.explain()
    doc = run.doc
    assert_no_leftovers(marker)
    replays = {g["game"]: read_replay(g["replay"]) for g in doc["games"]}

    for bot_index, log in enumerate(logs):
        messages = read_log(log)
        hello, bye = messages[0], messages[-1]
        assert hello["type"] == "hello" and hello["protocol"] == 1
        assert (hello["game"], hello["players"], hello["games"]) == ("dice", 2, games)
        assert hello["rules"]["max_rounds"] == 8 and "preset" in hello["rules"]
        assert hello["time"] == {
            "clock": "wall",
            "startup_ms": 7000,
            "bank_ms": BANK_MS,
            "per_move_ms": PER_MOVE_MS,
        }
        assert bye == {"type": "bye"}
        assert [m["type"] for m in messages].count("hello") == 1  # started once per match

        ids = [m["id"] for m in messages if m["type"] == "request"]
        assert ids == sorted(set(ids)), "request ids must grow within a match"

        # Split into games: game_start, requests, game_end.
        body = messages[1:-1]
        starts = [i for i, m in enumerate(body) if m["type"] == "game_start"]
        assert len(starts) == games
        for begin, end in zip(starts, [*starts[1:], len(body)], strict=True):
            start, *requests, finish = body[begin:end]
            assert finish["type"] == "game_end" and finish["game"] == start["game"]
            assert all(r["type"] == "request" for r in requests)
            index, seat = start["game"], start["seat"]
            game = doc["games"][index]
            assert game["seating"][seat] == bot_index
            assert start["players"] == 2 and start["names"] == ["recorder", "recorder"]
            records = replays[index]
            assert finish["result"]["ranking"] == game["ranking"]
            assert finish["result"] == {
                k: v for k, v in records[-1].items() if k in finish["result"]
            }

            # Every event of the game reaches this seat once, in order, if it may see it.
            expected = [e for r in records[1:-1] for e in r.get("events", []) if visible(e, seat)]
            received = [e for m in (*requests, finish) for e in m["events"]]
            assert received == expected and len(expected) > 10

            # The chess clock: the bank starts full, every move adds its allowance, the time
            # taken (as the referee measured it, in the replay) is taken off.
            moves = [r for r in records if r.get("kind") == "move" and r["seat"] == seat]
            assert len(moves) == len(requests)
            left = BANK_MS + PER_MOVE_MS
            for request, move in zip(requests, moves, strict=True):
                assert request["clock"]["move_ms"] == PER_MOVE_MS
                assert abs(request["clock"]["left_ms"] - left) <= 2, (request, left)
                assert move["action"] in request["legal"]
                left = request["clock"]["left_ms"] - move["wall_ms"] + PER_MOVE_MS


def test_an_exhausted_bank_is_a_timeout(marker: str, tmp_path: Path) -> None:
    # 200 ms a move against 100 ms of allowance and a 500 ms bank: the bank shrinks by about
    # 100 ms a move, so the bot times out after a few moves, not at its first.
    rules = write_json(tmp_path / "short.json", {"max_rounds": 30})
    run = play_match(
        [bot(NAPPER, 0.2, "sleep", marker), random_bot(marker)],
        "--rules",
        str(rules),
        "--games",
        "1",
        "--seed",
        "3",
        "--time-per-move",
        "0.1",
        "--time-bank",
        "0.5",
        replays=tmp_path / "replays",
    )
    assert run.returncode == 0, run.explain()
    assert_no_leftovers(marker)
    (game,) = run.doc["games"]
    (fault,) = game["faults"]
    assert fault["kind"] == "timeout"
    records = read_replay(game["replay"])
    mine = [r for r in records if r.get("kind") == "move" and r["seat"] == fault["seat"]]
    good = [r for r in mine if "by" not in r]
    assert 2 <= len(good) <= 6, [r.get("wall_ms") for r in mine]
    assert all(r["wall_ms"] >= 190 for r in good)


def test_a_bot_gets_a_small_environment(marker: str, tmp_path: Path) -> None:
    """protocol.md: PATH, LANG=C.UTF-8, HOME and what a bot manifest names — never the
    referee's own environment (an organiser's secrets)."""
    manifest = write_json(
        tmp_path / "envbot.json",
        {
            "name": "envbot",
            "command": [PY, str(FAULTY), "env", "0", marker],
            "env": {"BOT_LEVEL": "3"},
        },
    )
    replays, logs = tmp_path / "replays", tmp_path / "stderr-logs"
    run = play_match(
        [str(manifest), random_bot(marker)],
        "--games",
        "1",
        "--rules",
        str(write_json(tmp_path / "short.json", {"max_rounds": 2})),
        "--logs",
        str(logs),
        replays=replays,
        env={"THOUSAND_TEST_SECRET": "hunter2"},
    )
    assert run.returncode == 0, run.explain()
    assert run.doc["bots"][0]["faults"] == {}
    assert run.doc["bots"][0]["name"] == "faulty-env"  # the hello's name wins
    assert_no_leftovers(marker)
    assert not (Path(run.doc["replays"]) / "logs").exists()  # --logs puts them elsewhere
    (log,) = logs.glob("match-*/bot0-*.stderr.log")  # in the match's own sub-folder
    seen = json.loads(log.read_bytes().splitlines()[0])
    env = seen["env"]
    assert "THOUSAND_TEST_SECRET" not in env
    assert "hunter2" not in json.dumps(env)
    assert env["LANG"] == "C.UTF-8" and env["BOT_LEVEL"] == "3"
    assert {"PATH", "HOME"} <= env.keys()
    # Nothing else but a temporary folder and the shell's idea of the working directory.
    assert env.keys() <= {"PATH", "LANG", "HOME", "BOT_LEVEL", "TMPDIR", "PWD"}, env.keys()
