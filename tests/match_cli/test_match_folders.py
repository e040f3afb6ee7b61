"""`thousand match --replays DIR` never overwrites or appends to another match's files: every
match writes into a new sub-folder of its own and says which; a full disk ends the match with
one line, every replay left behind complete or clearly a ``.part``.

Two matches at once run as two real programs; what one match writes and says is checked in
this process (``invoke``: the real command, real bot processes, real files)."""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.replay.verify import verify_file
from tests.match_cli.conftest import (
    FAST,
    assert_no_leftovers,
    faulty,
    invoke,
    match_folders,
    random_bot,
    short_dice,
    start,
)
from tests.requirements import unavailable


def _snapshot(folder: Path) -> dict[str, tuple[int, str]]:
    """Every file under ``folder``: its modification time and a digest of its bytes."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            found[str(path.relative_to(folder))] = (
                path.stat().st_mtime_ns,
                hashlib.sha256(path.read_bytes()).hexdigest(),
            )
    return found


def _replays(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith("game-"))


def test_two_matches_at_once_into_one_folder_keep_every_game(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    args = [
        "match",
        "builtin:random",
        "builtin:random",
        "--game",
        "dice",
        "--games",
        "6",
        "--rules",
        short_dice(tmp_path),
        "--json",
        "--replays",
        str(replays),
    ]
    first = start([*args, "--seed", "1"], tmp_path)
    second = start([*args, "--seed", "2"], tmp_path)
    outputs = [p.communicate(timeout=120) for p in (first, second)]
    assert first.returncode == second.returncode == 0, outputs
    folders = match_folders(replays)
    assert len(folders) == 2, sorted(p.name for p in replays.rglob("*"))
    for folder in folders:
        names = [p.name for p in _replays(folder)]
        assert names == [f"game-{i:05d}.jsonl" for i in range(6)]
        assert all(verify_file(p).ok for p in _replays(folder))
    # Each run said where its games are, and they are where it said.
    said = sorted(out.split('"replays": "', 1)[1].split('"', 1)[0] for out, _ in outputs)
    assert said == [str(f) for f in folders]


def test_a_second_match_never_touches_the_first_ones_files(marker: str, tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    common = ["--game", "dice", "--games", "3", *FAST, "--replays", str(replays), "--json"]
    common += ["--rules", short_dice(tmp_path)]
    bots = [random_bot(marker, 1), random_bot(marker, 2)]
    first = invoke(["match", *bots, *common, "--seed", "1"], cwd=tmp_path)
    assert first.returncode == 0, first.explain()
    (folder,) = match_folders(replays)
    assert first.doc["replays"] == str(folder)
    assert len(_replays(folder)) == 3 and list((folder / "logs").iterdir())
    before = _snapshot(replays)
    second = invoke(["match", *bots, *common, "--seed", "2"], cwd=tmp_path)
    assert second.returncode == 0, second.explain()
    after = _snapshot(replays)
    assert {k: v for k, v in after.items() if k in before} == before  # untouched, byte for byte
    (new,) = [f for f in match_folders(replays) if f != folder]
    assert second.doc["replays"] == str(new)
    assert {g["replay"] for g in second.doc["games"]} == {str(p) for p in _replays(new)}
    assert_no_leftovers(marker)


def test_the_human_report_says_where_the_replays_are(tmp_path: Path) -> None:
    replays = tmp_path / "replays"
    done = invoke(
        [
            "match",
            "builtin:random",
            "builtin:random",
            "--game",
            "dice",
            "--games",
            "1",
            "--seed",
            "1",
            "--replays",
            str(replays),
        ],
        env={"COLUMNS": "400"},
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.explain()
    (folder,) = match_folders(replays)
    assert f"replays in {folder}" in done.stdout


# ------------------------------------------------------------------------------- a full disk


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 200 KiB tmpfs: a few dice games fill it."""
    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        unavailable(f"cannot mount a small tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_full_disk_gives_one_line_and_nothing_half_recorded(
    small_disk: Path, tmp_path: Path
) -> None:
    done = invoke(
        [
            "match",
            "builtin:random",
            "builtin:random",
            "--game",
            "dice",
            "--games",
            "200",
            "--seed",
            "1",
            "--gzip",
            "--replays",
            str(small_disk),
            "--json",
        ],
        cwd=tmp_path,
    )
    shown = done.explain()
    assert done.returncode == 1, shown
    assert "Traceback" not in done.stderr, shown
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("thousand: error:"), shown
    assert "No space left on device" in lines[0], shown
    (folder,) = match_folders(small_disk)
    assert str(folder) in lines[0], shown
    files = [p for p in folder.iterdir() if p.is_file()]
    complete = [p for p in files if p.name.endswith(".jsonl.gz")]
    assert complete, "the disk filled before a single game was recorded: make it larger"
    for path in files:
        # The run manifest (--resume) besides the replays, whole and cut short.
        assert path.name == "run.json" or path.name.endswith((".jsonl.gz", ".jsonl.gz.part")), path
    for path in complete:
        verdict = verify_file(path)
        assert verdict.ok, f"{path}: {verdict.message}"


def test_a_full_disk_under_the_bots_logs_gives_one_line(
    small_disk: Path, tmp_path: Path, marker: str
) -> None:
    """The bots' stderr is written from a pipe callback, not from the game loop: a full disk
    there must end the match the same way."""
    done = invoke(
        [
            "match",
            faulty("stderr_flood", 0, marker),
            random_bot(marker),
            "--game",
            "dice",
            "--games",
            "3",
            "--seed",
            "1",
            *FAST,
            "--logs",
            str(small_disk),
            "--json",
        ],
        cwd=tmp_path,
    )
    shown = done.explain()
    assert done.returncode == 1, shown
    assert "Traceback" not in done.stderr, shown
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("thousand: error:"), shown
    assert "No space left on device" in lines[0], shown
    assert_no_leftovers(marker)
