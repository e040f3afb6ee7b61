"""The private files bwrap hides follow the machine while a ladder runs (issue 29 found it).

A folder under /opt that only the bot's host user may read is hidden inside bwrap. It used to
be covered with a tmpfs on its own path, for which bwrap must make a mount point: when the
folder was removed between the look at the machine and the bot's start, bwrap could not make
it in the read-only /opt ("Can't mkdir …: Read-only file system") and the bot never started —
a test that made and removed one beside a running ladder turned the games of two matches into
absences on CI. Real folders, real bwrap here."""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.players import private_view
from referee.players.private_view import organiser_view
from referee.players.sandbox import Sandbox, bwrap_argv
from tests.requirements import need, requires

NOBODY = (65534, frozenset({65534}))


@pytest.fixture
def in_opt() -> Iterator[tuple[Path, Path]]:
    """A folder only ``nobody`` may read and one anyone may, side by side in /opt."""
    need("root")
    token = uuid.uuid4().hex
    hidden = Path("/opt") / f"thousand-scan-{token}"
    public = Path("/opt") / f"thousand-open-{token}"
    hidden.mkdir(mode=0o700)
    os.chown(hidden, 65534, 65534)
    (hidden / "secret.txt").write_text("secret\n")
    public.mkdir(mode=0o755)
    (public / "open.txt").write_text("open\n")
    try:
        yield hidden, public
    finally:
        shutil.rmtree(hidden, ignore_errors=True)
        shutil.rmtree(public, ignore_errors=True)


def _in_bwrap(argv: list[str], *command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*argv, *command], capture_output=True, text=True, timeout=60, check=False
    )


@requires("bwrap")
def test_a_bot_starts_when_what_the_look_saw_is_gone_and_sees_only_the_public_folder(
    in_opt: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(private_view, "_views", {})  # a look that sees both folders
    hidden, public = in_opt
    workdir = tmp_path / "work"
    workdir.mkdir()
    argv = bwrap_argv(Sandbox(mode="bwrap"), str(workdir), [], user=(65534, 65534))
    view = organiser_view(*NOBODY)
    assert str(hidden) in view.hidden and str(public) not in view.hidden
    assert str(hidden) not in argv  # not shown, not even as an empty folder

    # What the bot sees of /opt: the public folder and its file, not the hidden one.
    seen = _in_bwrap(argv, "/bin/sh", "-c", f"ls /opt; cat {public}/open.txt")
    assert seen.returncode == 0, seen.stderr
    assert public.name in seen.stdout and "open" in seen.stdout
    assert hidden.name not in seen.stdout

    # Both folders go after the look and before the bot starts (the race CI met): it starts.
    shutil.rmtree(hidden)
    shutil.rmtree(public)
    started = _in_bwrap(argv, "/bin/true")
    assert started.returncode == 0, started.stderr


@requires("bwrap")
def test_a_folder_made_after_the_look_beside_a_hidden_one_is_shown_only_if_public(
    in_opt: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folders around a hidden path are listed at each start: a folder anyone may read,
    made a moment after the look, is there for the bot (a build reads an organiser's new
    tools at once; CI caught a first version that showed only what the look saw), and a
    private one made as quickly is not."""
    monkeypatch.setattr(private_view, "_views", {})
    hidden, _ = in_opt
    workdir = tmp_path / "work"
    workdir.mkdir()
    organiser_view(*NOBODY)  # the look, while /opt holds the hidden folder
    token = uuid.uuid4().hex
    private, public = (
        Path("/opt") / f"thousand-later-{token}",
        Path("/opt") / f"thousand-new-{token}",
    )
    private.mkdir(mode=0o700)
    public.mkdir(mode=0o755)
    try:
        os.chown(private, 65534, 65534)
        (public / "tool.txt").write_text("new tool\n")
        argv = bwrap_argv(Sandbox(mode="bwrap"), str(workdir), [], user=(65534, 65534))
        seen = _in_bwrap(argv, "/bin/sh", "-c", f"ls /opt; cat {public}/tool.txt")
        assert seen.returncode == 0, seen.stderr
        assert "new tool" in seen.stdout and public.name in seen.stdout
        assert private.name not in seen.stdout and hidden.name not in seen.stdout
        assert str(private) not in organiser_view(*NOBODY).hidden  # the look is not redone
    finally:
        shutil.rmtree(private)
        shutil.rmtree(public)


def test_a_private_folder_made_after_a_look_is_hidden_once_the_look_is_old(
    in_opt: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    organiser_view(*NOBODY)  # a look before the folder exists
    later = Path("/opt") / f"thousand-later-{uuid.uuid4().hex}"
    later.mkdir(mode=0o700)
    try:
        os.chown(later, 65534, 65534)
        assert str(later) not in organiser_view(*NOBODY).hidden  # the look still serves
        monkeypatch.setattr(private_view, "RESCAN_SECONDS", 0.0)  # every call looks again
        assert str(later) in organiser_view(*NOBODY).hidden
    finally:
        shutil.rmtree(later)
