"""Bot bundles with real files: deterministic digests, hostile folders and archives refused,
a cached copy that changed is replaced before use, and what a worker returns cannot name a
path outside the match's folders."""

from __future__ import annotations

import io
import os
import sys
import tarfile
from pathlib import Path

import pytest

from referee.cluster import bundles
from referee.cluster.bundles import (
    BundleError,
    bundle_bot,
    check_admitted,
    digest_of,
    materialise,
    unpack,
)
from referee.cluster.returns import write_returned
from referee.players.botspec import parse_bot
from tests.ladder.conftest import RANDOM_BOT


def manifest_bot(folder: Path) -> Path:
    folder.mkdir()
    (folder / "bot.py").write_bytes(RANDOM_BOT.read_bytes())
    (folder / "data").mkdir()
    (folder / "data" / "book.txt").write_text("opening book\n")
    manifest = folder / "bot.toml"
    manifest.write_text(f'name = "mine"\ncommand = ["{sys.executable}", "bot.py", "5"]\n')
    return manifest


def test_a_bundle_is_its_files_bytes_not_their_times(tmp_path: Path) -> None:
    manifest = manifest_bot(tmp_path / "bot")
    portable, bundle = bundle_bot(parse_bot(str(manifest)))
    assert bundle is not None and portable.bundle == bundle.digest == digest_of(bundle.data)
    os.utime(tmp_path / "bot" / "bot.py", (1, 1))
    assert bundle_bot(parse_bot(str(manifest)))[1] == bundle
    (tmp_path / "bot" / "data" / "book.txt").write_text("another book\n")
    changed = bundle_bot(parse_bot(str(manifest)))[1]
    assert changed is not None and changed.digest != bundle.digest


def test_a_worker_runs_the_unpacked_copy(tmp_path: Path) -> None:
    manifest = manifest_bot(tmp_path / "bot")
    portable, bundle = bundle_bot(parse_bot(str(manifest)))
    assert bundle is not None
    root = unpack(bundle.digest, bundle.data, tmp_path / "cache")
    spec = materialise(portable, root)
    assert spec.cwd == str(root / "0") and spec.own == (str(root / "0"),)
    assert spec.argv == (sys.executable, "bot.py", "5")  # relative to its moved folder
    assert (root / "0" / "data" / "book.txt").read_text() == "opening book\n"
    # Cached: the bytes are not needed again while the copy is intact.
    assert unpack(bundle.digest, None, tmp_path / "cache") == root


def test_a_cached_copy_that_changed_is_replaced_before_use(tmp_path: Path) -> None:
    manifest = manifest_bot(tmp_path / "bot")
    _, bundle = bundle_bot(parse_bot(str(manifest)))
    assert bundle is not None
    root = unpack(bundle.digest, bundle.data, tmp_path / "cache")
    (root / "0" / "bot.py").write_text("print('a bot rewrote itself')\n")
    with pytest.raises(BundleError, match="not in the cache"):
        unpack(bundle.digest, None, tmp_path / "cache")
    again = unpack(bundle.digest, bundle.data, tmp_path / "cache")
    assert (again / "0" / "bot.py").read_bytes() == RANDOM_BOT.read_bytes()


def test_bytes_that_do_not_hash_to_their_name_are_refused(tmp_path: Path) -> None:
    manifest = manifest_bot(tmp_path / "bot")
    _, bundle = bundle_bot(parse_bot(str(manifest)))
    assert bundle is not None
    with pytest.raises(BundleError, match="bundle refused"):
        unpack(bundle.digest, bundle.data + b"\0", tmp_path / "cache")
    with pytest.raises(BundleError, match="not a bundle digest"):
        unpack("../../etc", bundle.data, tmp_path / "cache")
    assert not (tmp_path / "cache" / bundle.digest).exists()


def test_a_hostile_archive_writes_nothing_outside_the_cache(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        evil = tarfile.TarInfo("../../escaped.txt")
        evil.size = 4
        tar.addfile(evil, io.BytesIO(b"evil"))
    data = buffer.getvalue()
    with pytest.raises(BundleError, match="cannot be unpacked"):
        unpack(digest_of(data), data, tmp_path / "a" / "cache")
    assert not (tmp_path / "escaped.txt").exists() and not (tmp_path / "a" / "escaped.txt").exists()


def test_a_link_out_of_the_bots_folder_is_refused(tmp_path: Path) -> None:
    manifest = manifest_bot(tmp_path / "bot")
    secret = tmp_path / "secret.txt"
    secret.write_text("the organiser's")
    (tmp_path / "bot" / "peek").symlink_to(secret)
    with pytest.raises(BundleError, match="link out of the bot's folder"):
        bundle_bot(parse_bot(str(manifest)))


def test_a_folder_too_large_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manifest = manifest_bot(tmp_path / "bot")
    monkeypatch.setattr(bundles, "MAX_BUNDLE_FILES", 2)
    with pytest.raises(BundleError, match="more than 2"):
        bundle_bot(parse_bot(str(manifest)))


def test_admission_fingerprint(tmp_path: Path) -> None:
    bot = tmp_path / "bot.py"
    bot.write_bytes(RANDOM_BOT.read_bytes())
    spec = parse_bot(f"{sys.executable} {bot}")
    admitted = spec.digest
    assert check_admitted(spec, admitted) is None
    assert check_admitted(spec, None) is None  # admitted before fingerprints: not checked
    bot.write_bytes(RANDOM_BOT.read_bytes() + b"#")
    refused = check_admitted(parse_bot(f"{sys.executable} {bot}"), admitted)
    assert refused is not None and "changed since it was admitted" in refused


def test_returned_files_are_written_only_by_plain_names(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, data in (
            ("replays/game-00000.jsonl", b"{}\n"),
            ("replays/../../escaped.jsonl", b"evil"),
            ("logs/.hidden", b"evil"),
            ("logs/bot0-x-table0.stderr.log", b"line\n"),
            ("elsewhere/file", b"evil"),
        ):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    replays, logs = tmp_path / "match" / "replays", tmp_path / "match" / "logs"
    write_returned(buffer.getvalue(), replays, logs, [])
    write_returned(buffer.getvalue(), replays, logs, [])
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert written == ["match/logs/bot0-x-table0.stderr.log", "match/replays/game-00000.jsonl"]
    assert (logs / "bot0-x-table0.stderr.log").read_bytes() == b"line\nline\n"  # appended


def test_the_core_commands_do_not_import_dask() -> None:
    """``thousand[dask]`` is an extra: the CLI, the ladder and the cluster modules load
    without it (distributed is imported only when a dask:// executor is used)."""
    import subprocess

    code = (
        "import sys, referee.cli.main, referee.cli.match, referee.ladder.dask_executor, "
        "referee.cluster.match; sys.exit('distributed' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize("kind", ["parent", "absolute", "symlink", "fifo"])
def test_without_tarfiles_data_filter_the_same_archives_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """Python 3.11 before 3.11.4 (Debian 12's 3.11.2) has no ``data`` filter: the checks by
    hand refuse what it would, and a real bundle still unpacks."""
    monkeypatch.delattr(tarfile, "data_filter", raising=False)
    manifest = manifest_bot(tmp_path / "bot")
    _, bundle = bundle_bot(parse_bot(str(manifest)))
    assert bundle is not None
    root = unpack(bundle.digest, bundle.data, tmp_path / "cache")
    assert (root / "0" / "data" / "book.txt").read_text() == "opening book\n"
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        member = tarfile.TarInfo(
            {"parent": "../escaped.txt", "absolute": str(tmp_path / "escaped.txt")}.get(kind, "x")
        )
        if kind == "symlink":
            member.type, member.linkname = tarfile.SYMTYPE, str(tmp_path / "escaped.txt")
        elif kind == "fifo":
            member.type = tarfile.FIFOTYPE
        else:
            member.size = 4
        tar.addfile(member, io.BytesIO(b"evil") if member.size else None)
    data = buffer.getvalue()
    with pytest.raises(BundleError, match="cannot be unpacked"):
        unpack(digest_of(data), data, tmp_path / "other")
    assert not (tmp_path / "escaped.txt").exists()
