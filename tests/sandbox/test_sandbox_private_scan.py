"""The private files bwrap hides follow the machine while a ladder runs (issue 29 found it).

A folder under /opt that only the bot's host user may read is hidden inside bwrap with a tmpfs
on its path. The scan was made once per process: when such a folder was removed later, bwrap
could not create the mount point in the read-only /opt ("Can't mkdir …: Read-only file
system") and no bot could start again — a test that made and removed one beside a running
ladder turned 23 of its games into absences. Real folders, real bwrap here."""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

from referee.players import sandbox as sandbox_module
from referee.players.sandbox import Sandbox, bwrap_argv, private_now
from tests.requirements import need, requires

NOBODY = (65534, frozenset({65534}))


def _private_to_nobody() -> Path:
    folder = Path("/opt") / f"thousand-scan-{uuid.uuid4().hex}"
    folder.mkdir(mode=0o700)
    os.chown(folder, *[65534, 65534])
    return folder


@requires("bwrap", "root")
def test_a_hidden_folder_removed_later_does_not_stop_bots_from_starting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sandbox_module, "_scans", {})  # no scan from before the folder
    folder = _private_to_nobody()
    try:
        assert (str(folder), True) in private_now(*NOBODY)  # scanned while it is there
    finally:
        shutil.rmtree(folder)
    assert (str(folder), True) not in private_now(*NOBODY)  # the same scan, still fresh
    workdir = tmp_path / "work"
    workdir.mkdir()
    argv = bwrap_argv(Sandbox(mode="bwrap"), str(workdir), [], user=(65534, 65534))
    done = subprocess.run(
        [*argv, "/bin/true"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert str(folder) not in " ".join(argv)


def test_a_private_folder_made_after_a_scan_is_hidden_once_the_scan_is_old(
    monkeypatch: object,
) -> None:
    need("root")
    private_now(*NOBODY)  # a scan before the folder exists
    folder = _private_to_nobody()
    try:
        sandbox_module.PRIVATE_RESCAN_SECONDS = 0.0  # every call rescans
        assert (str(folder), True) in private_now(*NOBODY)
    finally:
        sandbox_module.PRIVATE_RESCAN_SECONDS = 60.0
        shutil.rmtree(folder)
