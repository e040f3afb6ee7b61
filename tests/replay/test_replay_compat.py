"""Every replay format version the referee ever wrote stays readable and verifiable.

``tests/data`` keeps an example file of each version (plain and gzip); when the format or the
engines' events change, a new version gets its own example and these old ones must still pass
through the reader's upgrade path.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from referee.replay.reader import (
    SUPPORTED_VERSIONS,
    ReplayReader,
    score_renames,
    upgrade_record,
)
from referee.replay.summary import summarise
from referee.replay.verify import verify_file
from tests.replay.conftest import thousand
from thousand.registry import game_spec

DATA = Path(__file__).resolve().parents[1] / "data"
EXAMPLES = sorted(DATA.glob("replay-v*.jsonl*"))


def test_there_is_an_example_of_every_supported_version() -> None:
    versions = set()
    for path in EXAMPLES:
        with ReplayReader(path) as replay:
            versions.add(replay.version)
    assert versions == set(SUPPORTED_VERSIONS)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_old_examples_verify_and_summarise(path: Path) -> None:
    verdict = verify_file(path)
    assert verdict.ok, verdict.message
    summary = summarise(path)
    assert summary.complete and summary.scores is not None
    done = thousand("replay", "show", "--no-step", "--at", "5", path)
    assert done.returncode == 0, done.stderr
    assert "result:" in done.stdout


def test_a_newer_version_is_refused_with_advice(tmp_path: Path) -> None:
    source = DATA / "replay-v1-cards.jsonl"
    lines = source.read_text().splitlines()
    header = json.loads(lines[0])
    header["version"] = max(SUPPORTED_VERSIONS) + 1
    (tmp_path / "tampered").mkdir()
    newer = tmp_path / "tampered" / "newer.jsonl"
    newer.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    verdict = verify_file(newer)
    assert not verdict.ok and "upgrade thousand" in verdict.message


OLD_LANDING = Path(__file__).parent / "data" / "dice-ussr-landing-old-name.jsonl.gz"
"""A ussr replay an earlier referee wrote, whose landing of a jump to the goal on the barrel
carries the old reason ``barrel_clamp`` (tests/replay/data/README.md says how it was made)."""


def _score_reasons(records: list[dict[str, Any]]) -> list[str]:
    return [
        event["reason"]
        for record in records
        for event in record.get("events", [])
        if event["type"] == "score" and event["reason"] not in ("turn", "overtaken")
    ]


def test_an_old_ussr_landing_named_barrel_clamp_still_verifies_and_reads_as_today() -> None:
    raw = [json.loads(line) for line in gzip.decompress(OLD_LANDING.read_bytes()).splitlines()]
    assert raw[0]["rules"]["barrel_clamp"] is False
    assert "barrel_clamp" in _score_reasons(raw[1:])  # it is an old replay
    verdict = verify_file(OLD_LANDING)
    assert verdict.ok, verdict.message
    with ReplayReader(OLD_LANDING) as replay:
        read = [record for _, record in replay]
    assert "barrel_clamp" not in _score_reasons(read)
    assert "barrel_landing" in _score_reasons(read)
    done = thousand("replay", "show", "--no-step", OLD_LANDING)
    assert done.returncode == 0, done.stderr
    assert "delta=-290 score=900 reason=barrel_landing" in done.stdout
    assert "reason=barrel_clamp" not in done.stdout


def test_todays_engine_plays_the_old_game_with_the_new_name_and_nothing_else_changed() -> None:
    """The fixture's recorded actions through today's engine: every event as recorded, but for
    the landing's reason."""
    lines = gzip.decompress(OLD_LANDING.read_bytes()).splitlines()
    header, steps = json.loads(lines[0]), [json.loads(line) for line in lines[1:-1]]
    spec = game_spec("dice")
    state = spec.new_game(spec.rules_model.model_validate(header["rules"]), header["players"])
    renamed = 0
    for step in steps:
        events = json.loads(json.dumps(state.apply(step["action"])))
        for old, new in zip(step["events"], events, strict=True):
            if old != new:
                assert (old["reason"], new["reason"]) == ("barrel_clamp", "barrel_landing")
                assert {**old, "reason": "barrel_landing"} == new
                renamed += 1
    assert renamed == 1


def test_the_clamp_keeps_its_name_where_the_rules_clamp() -> None:
    """Only a game without the clamp reads ``barrel_clamp`` as the landing: in classic the
    clamp is what acted, and its name stays."""
    classic = {"game": "dice", "rules": {"barrel_clamp": True}}
    record = {"events": [{"type": "score", "reason": "barrel_clamp"}]}
    assert upgrade_record(record, 1, score_renames(classic)) == record
    assert score_renames({"game": "cards", "rules": {"barrel_clamp": False}}) == {}
