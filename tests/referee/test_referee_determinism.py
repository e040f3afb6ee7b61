"""Same rules + same seed + same deterministic bots → the same replay, event for event.

bots/random_bot.py reseeds itself per game and seat, so it is deterministic per game; the only
things allowed to differ between two runs are the header's start time and the measured
wall_ms/cpu_ms of each move. A faulted seat's fallback is seeded from the game too, so a run
with a faulting bot must repeat exactly as well; and concurrency must not change any game.

The matches of one table run in the test's process (play_match: the same command, real bots);
the concurrent case keeps the real program, whose tables are processes of their own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import (
    assert_no_leftovers,
    faulty,
    play_match,
    random_bot,
    read_replays,
    run_match,
    write_json,
)

TIMINGS = {"wall_ms", "cpu_ms"}


def normalised(replay: list[dict[str, Any]]) -> list[dict[str, Any]]:
    header = {k: v for k, v in replay[0].items() if k != "started"}
    return [header] + [{k: v for k, v in r.items() if k not in TIMINGS} for r in replay[1:]]


def document_without_timings(doc: dict[str, Any]) -> dict[str, Any]:
    doc = {k: v for k, v in doc.items() if k not in ("replays", "logs")}
    doc["bots"] = [{k: v for k, v in b.items() if k != "think_ms"} for b in doc["bots"]]
    doc["games"] = [{k: v for k, v in g.items() if k != "replay"} for g in doc["games"]]
    return doc


def play(
    tmp_path: Path, name: str, bots: list[str], game: str, seed: int, *options: str
) -> tuple[dict[str, Any], list[list[dict[str, Any]]]]:
    runner = run_match if "--concurrency" in options else play_match
    run = runner(
        bots,
        "--seed",
        str(seed),
        "--time-per-move",
        "5",
        *options,
        game=game,
        replays=tmp_path / name,
    )
    assert run.returncode == 0, run.explain()
    doc = run.doc
    return doc, [normalised(r) for r in read_replays(doc)]


@pytest.mark.parametrize("case", ["dice", "cards", "dice-faults-concurrent"])
def test_same_seed_same_replays_other_seed_other_replays(
    case: str, marker: str, tmp_path: Path
) -> None:
    game = "cards" if case == "cards" else "dice"
    # Short games (a cap on rounds or deals): determinism shows in the first moves as well.
    short = {"max_deals": 3} if game == "cards" else {"max_rounds": 8}
    rules = write_json(tmp_path / "short.json", short)
    options = ["--games", "2" if game == "cards" else "3", "--rules", str(rules)]
    if case == "cards":
        bots = [random_bot(marker, 1), random_bot(marker, 2), random_bot(marker, 3)]
    elif case == "dice-faults-concurrent":
        bots = [faulty("illegal", 5, marker), random_bot(marker)]
        options += ["--concurrency", "2"]
    else:
        bots = [random_bot(marker, 1), random_bot(marker, 2)]

    doc_a, first = play(tmp_path, "a", bots, game, 99, *options)
    doc_b, second = play(tmp_path, "b", bots, game, 99, *options)
    assert len(first) == len(second) == doc_a["games_played"]
    for index, (one, two) in enumerate(zip(first, second, strict=True)):
        assert len(one) == len(two), f"game {index}: {len(one)} vs {len(two)} records"
        for left, right in zip(one, two, strict=True):
            assert left == right, f"game {index} differs at record {left.get('n')}"
    assert document_without_timings(doc_a) == document_without_timings(doc_b)
    if case == "dice-faults-concurrent":
        assert doc_a["bots"][0]["faults"] == {"illegal_action": 3}
        assert_no_leftovers(marker)
        return  # another seed is tried in the other cases

    # Every bot move records both timings (they are the only thing that may differ).
    raw = read_replays(doc_a)
    moves = [r for replay in raw for r in replay if r.get("kind") == "move" and "by" not in r]
    assert moves and all(r.keys() >= TIMINGS for r in moves)

    _, other = play(tmp_path, "c", bots, game, 100, *options)
    chance = [[r["action"] for r in g if r.get("kind") == "chance"] for g in first]
    other_chance = [[r["action"] for r in g if r.get("kind") == "chance"] for g in other]
    assert chance != other_chance
    assert [g[0]["seed"] for g in first] != [g[0]["seed"] for g in other]
    assert_no_leftovers(marker)
