"""The person's screen follows the replay as it grows: read once, line by line, it gives the
same steps (the same views for every seat) as reading the finished file whole. The replay is
played by ``thousand match`` in this process: built-in players, no process to test."""

from __future__ import annotations

import json
from pathlib import Path

from referee.play.follow import Follow
from referee.replay.frames import load_frames
from tests.inprocess import invoke


def test_following_a_growing_replay_gives_every_step_once(tmp_path: Path) -> None:
    rules = tmp_path / "two-deals.json"
    rules.write_text(json.dumps({"max_deals": 2}))
    played = invoke(
        [
            "match",
            "--game",
            "cards",
            "--rules",
            rules,
            "--games",
            "1",
            "--seed",
            "2",
            "--replays",
            tmp_path / "m",
            "builtin:random",
            "builtin:random",
            "builtin:random",
        ]
    )
    assert played.returncode == 0, played.stdout + played.stderr
    (finished,) = tmp_path.glob("m/*/game-00000.jsonl")
    whole = load_frames(finished)
    lines = finished.read_bytes().splitlines(keepends=True)
    folder = tmp_path / "live"
    folder.mkdir()
    growing = folder / "game-00000.jsonl.part"
    follow = Follow(folder)
    assert follow.new_frames() == []  # nothing written yet
    seen = []
    for start in range(0, len(lines), 7):  # the referee flushes several steps at a time
        with growing.open("ab") as out:
            out.write(b"".join(lines[start : start + 7]))
        seen += follow.new_frames()
    growing.rename(folder / "game-00000.jsonl")  # as the writer finishes it
    seen += follow.new_frames()
    follow.close()
    assert [f.index for f in seen] == list(range(1, len(whole.frames)))
    for mine, theirs in zip(seen, whole.frames[1:], strict=True):
        assert mine.record == theirs.record
        for seat in range(3):
            assert mine.view(seat) == theirs.view(seat)
    assert follow.result == whole.result
