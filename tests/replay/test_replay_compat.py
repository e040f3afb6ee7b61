"""Every replay format version the referee ever wrote stays readable and verifiable.

``tests/data`` keeps an example file of each version (plain and gzip); when the format or the
engines' events change, a new version gets its own example and these old ones must still pass
through the reader's upgrade path.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.replay.reader import SUPPORTED_VERSIONS, ReplayReader
from referee.replay.summary import summarise
from referee.replay.verify import verify_file
from tests.replay.conftest import thousand

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
