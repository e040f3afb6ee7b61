"""A bot's own files are shown to it inside its sandbox, so a ladder refuses an entrant whose
own files hold the ladder: a manifest folder that contains the database, or a script that is
(a link to) the database or one of the ladder's replays."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.ladder.conftest import PY, RANDOM_BOT, make_ladder, one_error_line, quick, quick_ok


def test_a_manifest_folder_holding_the_ladder_is_refused(tmp_path: Path) -> None:
    db = make_ladder(tmp_path, {})  # tmp_path/ladder.db
    shutil.copy(RANDOM_BOT, tmp_path / "bot.py")
    manifest = tmp_path / "bot.json"
    manifest.write_text(json.dumps({"command": [PY, "bot.py"]}))
    refused = quick("add", db, "mallory", manifest, "--no-check")
    assert refused.returncode == 1
    assert "hold the ladder" in one_error_line(refused)
    # The same bot in a folder of its own is admitted.
    own = tmp_path / "alice"
    own.mkdir()
    shutil.copy(RANDOM_BOT, own / "bot.py")
    (own / "bot.json").write_text(json.dumps({"command": [PY, "bot.py"]}))
    quick_ok("add", db, "alice", own / "bot.json", "--no-check")


@pytest.mark.parametrize("target", ["database", "replay"])
def test_a_script_that_links_to_the_ladders_files_is_refused(tmp_path: Path, target: str) -> None:
    db = make_ladder(tmp_path, {})
    if target == "database":
        aim = db
    else:
        aim = tmp_path / "ladder.db.files" / "replays" / "match-000001" / "game-00000.jsonl"
        aim.parent.mkdir(parents=True)
        aim.write_text("{}\n")
    link = tmp_path / "mallory" / "bot.py"
    link.parent.mkdir()
    os.symlink(aim, link)
    refused = quick("add", db, "mallory", f"{PY} {link}", "--no-check")
    assert refused.returncode == 1
    assert "hold the ladder" in one_error_line(refused)


def test_a_program_whose_installation_holds_the_ladder_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A program found on PATH is shown with its installation (``bin``'s parent): that must
    not be the ladder's folder either."""
    db = make_ladder(tmp_path, {})
    program = tmp_path / "bin" / "mallory-bot"
    program.parent.mkdir()
    program.write_text(f"#!/bin/sh\nexec {PY} {RANDOM_BOT}\n")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{program.parent}{os.pathsep}{os.environ['PATH']}")
    refused = quick("add", db, "mallory", "mallory-bot", "--no-check")
    assert refused.returncode == 1
    assert "hold the ladder" in one_error_line(refused)
