"""Paths bound into bubblewrap: a bot sees its own files and the system, never a path it
names.

The reader (bots/reader.py) tries to list, read and write every path on its command line and a
few written into its own code: a secret folder of the test's, /root, a secret file in the real
/tmp, a ladder's folder with its database, another bot's folder. Under ``--sandbox bwrap`` it
reaches none of them, as a manifest bot (the paths in its ``command``) and as a command-line bot
(``python3 /abs/reader.py /secret/dir ...``). Under ``--sandbox none`` the same probe reads them
all, so the test can fail. A manifest whose ``cwd`` would make a shared folder its own is
refused with one line.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from referee.players.sandbox import DEFAULT_USER, host_user, permitted
from tests.bot_access import open_to_bots
from tests.fairplay.conftest import play, py_bot, reader_copy, reports
from tests.inprocess import invoke
from tests.ladder.conftest import quick_ok
from tests.referee.conftest import PY, ROOT
from tests.requirements import need


@dataclass
class Secrets:
    token: str
    named: list[str]  # given on the bot's command line
    written: list[str]  # written into the bot's code

    @property
    def paths(self) -> list[str]:
        return [*self.named, *self.written]

    def written_files(self) -> list[Path]:
        """The files the probe managed to create in these folders, on the real file system
        (inside bwrap a folder on the sandbox's own root, such as /root holding the bound
        runtime, may take a file that never reaches the machine)."""
        return [Path(p) / WRITTEN for p in self.paths if (Path(p) / WRITTEN).exists()]


@pytest.fixture
def secrets(tmp_path: Path) -> Iterator[Secrets]:
    token = f"secret-{uuid.uuid4().hex}"
    folder = tmp_path / "secret"
    folder.mkdir()
    (folder / "secret.txt").write_text(token)
    in_tmp = Path(f"/tmp/fairplay-{token}.txt")
    in_tmp.write_text(token)
    other = tmp_path / "other-bot"
    other.mkdir()
    (other / "strategy.py").write_text(f"# {token}\n")
    ladder = tmp_path / "ladder"
    ladder.mkdir()
    quick_ok(
        "init", ladder / "contest.db", "--game", "dice", "--seed", "12345678901234567890123456789"
    )
    # Open to a root referee's sandbox user, as to the referee: what bwrap hides it hides by
    # not showing it, not by permissions; and the ladder as older versions made it (mode 644).
    (ladder / "contest.db").chmod(0o644)
    for path in (folder, in_tmp, other, ladder):
        open_to_bots(path)
    found = Secrets(token, [str(folder), str(in_tmp)], [str(ladder), str(other), "/root"])
    try:
        yield found
    finally:
        for path in [in_tmp, *found.written_files()]:
            with contextlib.suppress(OSError):
                path.unlink()


WRITTEN = "fairplay-probe-written"  # as in bots/reader.py
RUNTIMES = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
"""The organiser's Python, which a bot run by it is shown read-only (here under /root)."""


def runtime_only(path: str, listed: list[str]) -> bool:
    """A listing that shows nothing but the way down to the organiser's runtime."""
    return all(
        any(
            r.startswith(os.path.join(path, name) + "/") or r == os.path.join(path, name)
            for r in RUNTIMES
        )
        for name in listed
    )


def reached(found: list[dict[str, Any]], token: str) -> list[str]:
    """Everything the probe got at (a listing, a file read, a write) beyond the runtime."""
    got = []
    for report in found:
        if report["listed"] and not runtime_only(report["path"], report["listed"]):
            got.append(f"listed {report['path']}: {report['listed'][:5]}")
        for name, head in report["read"].items():
            if any(name.startswith(r + "/") for r in RUNTIMES):
                continue
            got.append(f"read {name}" + (" (the secret)" if token in head else ""))
        if report["writable"] and not os.path.isdir(report["path"]):
            got.append(f"opened {report['path']} for writing")
    return got


def manifest_bot(folder: Path, secrets: Secrets) -> Path:
    probe = reader_copy(folder, secrets.written)
    manifest = folder / "reader.json"
    manifest.write_text(json.dumps({"command": [PY, probe.name, *secrets.named]}))
    return manifest


def run_reader(tmp_path: Path, bot: str, mode: str) -> list[dict[str, Any]]:
    _, folder = play([bot, "builtin:random"], "dice", tmp_path, "--games", "1", "--sandbox", mode)
    return reports(folder / "logs")


def test_bwrap_shows_no_path_the_bot_names(tmp_path: Path, secrets: Secrets) -> None:
    """The paths named in a manifest and on a command line: two probes at one table (one
    match, one set of secrets, issue 29), each read from its own log."""
    need("bwrap")
    kinds = {
        "manifest": str(manifest_bot(tmp_path / "bot-manifest", secrets)),
        "command line": py_bot(
            reader_copy(tmp_path / "bot-command", secrets.written), *secrets.named
        ),
    }
    bots = [*kinds.values(), "builtin:random"]
    _, folder = play(bots, "dice", tmp_path, "--games", "1", "--sandbox", "bwrap")
    for index, kind in enumerate(kinds):
        found = reports(folder / "logs", f"bot{index}-*.stderr.log")
        assert sorted(r["path"] for r in found) == sorted(secrets.paths), (kind, found)
        assert reached(found, secrets.token) == [], kind
    assert secrets.written_files() == []


def test_without_a_sandbox_the_same_probe_reads_them_all(tmp_path: Path, secrets: Secrets) -> None:
    found = run_reader(tmp_path, str(manifest_bot(tmp_path / "bot", secrets)), "none")
    got = reached(found, secrets.token)
    assert sum("(the secret)" in line for line in got) == 3, got  # secret, /tmp, other bot
    assert any(line.startswith("read") and "contest.db" in line for line in got), got
    if bot_may("/root", os.R_OK | os.X_OK):
        assert any(line.startswith("listed /root") for line in got), got
    assert any("opened" in line and secrets.token in line for line in got), got
    # The secret, ladder and other bot's folders, and /root where the bot may write there.
    assert len(secrets.written_files()) == 3 + bot_may("/root", os.W_OK | os.X_OK)


def bot_may(path: str, mode: int) -> bool:
    """Whether a bot of this referee may do ``mode`` on ``path``: as the referee's own user,
    or for a root referee as the sandbox user (who may not enter root's /root)."""
    if os.geteuid() != 0:
        return os.access(path, mode)
    uid, gid = host_user(DEFAULT_USER)
    return permitted(os.stat(path), uid, (gid,), mode)


@pytest.mark.parametrize("cwd", ["/", "../..", "/tmp"])
def test_a_manifest_cannot_make_a_shared_folder_its_own(tmp_path: Path, cwd: str) -> None:
    """What the command says, read in this process: no bot is started."""
    folder = tmp_path / "a" / "b"
    folder.mkdir(parents=True)
    manifest = folder / "bot.json"
    manifest.write_text(json.dumps({"command": [PY, "reader.py"], "cwd": cwd}))
    run = invoke(["match", manifest, "builtin:random", "--game", "dice"], cwd=ROOT)
    assert run.returncode == 1, run
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("thousand: error: bot manifest"), run
    assert "cwd" in lines[0], lines
