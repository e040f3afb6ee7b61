"""A bot manifest refused for where it lives says why in words a person understands.

Issue 27, item 6: a manifest kept straight in /tmp was refused with "cwd None is outside the
manifest's folder or a shared folder" — it names no cwd, and /tmp is not outside its own
folder. The rule is that the bot's folder (the manifest's, unless ``cwd`` names one inside
it) is shown to the bot by its sandbox, so it must hold that bot's files only: /tmp, a home
or the root hold everybody's. The first test runs the real ``thousand bots check`` program; the
others, whose claim is the wording of the line, run the same command in the test's process
(tests/inprocess.py: the same code, no interpreter start-up).
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.inprocess import Invoked, invoke
from tests.inputs.conftest import PY, ROOT
from tests.web.support_accounts import thousand


def refusal(manifest: Path, *, program: bool = False) -> str:
    """The one line ``thousand bots check`` prints for ``manifest``: as the real program with
    ``program``, else in this process."""
    argv = ["bots", "check", str(manifest)]
    if program:
        done: subprocess.CompletedProcess[str] | Invoked = subprocess.run(
            [*thousand(), *argv], capture_output=True, text=True, timeout=120, cwd=ROOT, check=False
        )
    else:
        done = invoke(argv, cwd=ROOT)
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("thousand: error: bot manifest"), lines
    return lines[0]


@pytest.fixture
def in_tmp() -> Iterator[Path]:
    """A manifest straight in the shared temporary folder (not in a folder of its own)."""
    handle, name = tempfile.mkstemp(prefix="thousand-bot-", suffix=".json")
    os.close(handle)
    path = Path(name)
    path.write_text(json.dumps({"command": [PY, "bot.py"]}))
    try:
        yield path
    finally:
        path.unlink()


def test_a_manifest_in_the_temporary_folder_says_what_is_wrong(in_tmp: Path) -> None:
    line = refusal(in_tmp, program=True)
    assert "None" not in line and "outside" not in line, line
    assert f"the manifest is in {in_tmp.parent}" in line, line
    assert "shared" in line and "folder of their own" in line, line


def test_a_cwd_naming_the_temporary_folder_says_it_is_shared(in_tmp: Path) -> None:
    """``cwd = "."`` in /tmp is inside the manifest's folder: the fault is that it is shared,
    not that it is outside."""
    in_tmp.write_text(json.dumps({"command": [PY, "bot.py"], "cwd": "."}))
    line = refusal(in_tmp)
    assert "outside" not in line, line
    assert f"cwd '.' is {in_tmp.parent}, which is shared" in line, line
    assert "folder of their own" in line, line


def test_a_cwd_that_climbs_out_still_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "bot"
    folder.mkdir()
    manifest = folder / "bot.json"
    manifest.write_text(json.dumps({"command": [PY, "bot.py"], "cwd": "../.."}))
    line = refusal(manifest)
    assert "cwd '../..' is outside the manifest's folder" in line and "None" not in line, line


def test_a_bot_toml_with_its_build_plays_on_the_command_line_as_it_is(tmp_path: Path) -> None:
    """The folder a contestant uploads (``bot.toml`` with ``build``) is the one they check
    and play locally: the command line reads the same file and leaves the build to them."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "bot.py").write_bytes((ROOT / "bots" / "random_bot.py").read_bytes())
    (folder / "bot.toml").write_text(
        f'command = ["{PY}", "bot.py"]\nbuild = "python3 -m compileall -q ."\n'
    )
    done = invoke(
        ["match", "--game", "dice", "--games", "2", str(folder / "bot.toml"), "builtin:random"],
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert not (folder / "__pycache__").exists()  # the build was not run
    (folder / "bot.toml").write_text('command = "./bot"\nbuild = 7\n')
    line = refusal(folder / "bot.toml")
    assert "build" in line, line
