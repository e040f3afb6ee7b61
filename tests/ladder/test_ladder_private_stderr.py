"""A ladder publishes its replays and standings; a bot's stderr is its owner's alone.

A bot whose program cannot be run says why on stderr (exit 127, as a shell or the launcher
does). In `thousand match` that line is quoted in the fault, for the author who runs it; in a
ladder the fault's detail lands in replays every visitor reads, so it must not quote the bot's
words — they stay in the bot's log.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from tests.inprocess import invoke
from tests.ladder.conftest import PY, RANDOM_BOT, make_ladder, py_bot, quick_ok

SECRET = "stderr-secret-7f3a9c"


def test_a_fault_detail_in_a_ladder_replay_does_not_quote_the_bot_s_stderr(
    tmp_path: Path,
) -> None:
    failing = tmp_path / "failing.sh"
    failing.write_text(f"#!/bin/sh\necho 'cannot run: {SECRET}' >&2\nexit 127\n")
    failing.chmod(0o755)
    db = make_ladder(
        tmp_path,
        {
            "quiet": str(failing),
            "alice": py_bot(RANDOM_BOT, 1),
            "bob": py_bot(RANDOM_BOT, 2),
        },
    )
    quick_ok("run", db, "--matches", "1")  # in this process; the bots are real programs
    files = db.with_name(db.name + ".files")
    replays = [p for p in files.rglob("*.jsonl*") if p.is_file()]
    assert replays, list(files.rglob("*"))
    texts = []
    for path in replays:
        data = path.read_bytes()
        texts.append(gzip.decompress(data).decode() if path.suffix == ".gz" else data.decode())
    details = [
        fault["detail"]
        for text in texts
        for record in (json.loads(line) for line in text.splitlines())
        if record.get("kind") == "result"
        for fault in record.get("faults", [])
    ]
    assert any("could not be run" in d for d in details), details
    assert not any(SECRET in text for text in texts), "the bot's stderr reached a replay"
    standings = quick_ok("standings", db, "--json").stdout
    assert SECRET not in standings
    # The owner still has it, in the bot's own log.
    logs = [p for p in files.rglob("*.log") if p.is_file()]
    assert any(SECRET in p.read_text(errors="replace") for p in logs), logs


def test_a_match_still_quotes_it_for_the_author(tmp_path: Path) -> None:
    failing = tmp_path / "failing.sh"
    failing.write_text(f"#!/bin/sh\necho 'cannot run: {SECRET}' >&2\nexit 127\n")
    failing.chmod(0o755)
    # In this process: the claim is what the match reports (its JSON), the bots are real.
    done = invoke(
        ["match", failing, f"{PY} {RANDOM_BOT}", "--game", "dice", "--games", "1", "--json"]
    )
    faults = [f for game in json.loads(done.stdout)["games"] for f in game["faults"]]
    assert any(SECRET in f["detail"] for f in faults), faults
