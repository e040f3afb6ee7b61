"""Submissions: what an upload may hold, and what the server does with one.

The archive tests unpack real hostile archives (built here byte by byte with tarfile and
zipfile: zip-slip, absolute paths, links, devices, FIFOs, bombs) into real folders and look
at the disk afterwards: nothing may land outside the submission's folder. The server tests
POST real uploads to a real ``ladder serve``: a hostile archive and a failing build are
refused with their reasons, a bot that breaks the protocol is refused by the conformance
check with the check's own words, and a refused upload never becomes an entrant.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import secrets
import signal
import sqlite3
import stat
import tarfile
import time
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.web import archive
from tests.web.support_accounts import (
    C_BOT,
    PY_BOT,
    Server,
    c_bot_archive,
    invite,
    make_ladder,
    serving,
    submit,
    tar_gz,
    wait_finished,
)

LIMITS = archive.Limits(upload_bytes=1 << 20, unpacked_bytes=4 << 20, files=50)
MANIFEST = b'command = "./bot"\n'


def unpack(tmp_path: Path, data: bytes, filename: str = "bot.tar.gz") -> Path:
    root = tmp_path / "sub" / "bot"
    root.mkdir(parents=True)
    archive.unpack(data, filename, root, LIMITS)
    return root


def refused(tmp_path: Path, data: bytes, filename: str = "bot.tar.gz") -> str:
    with pytest.raises(archive.ArchiveError) as caught:
        unpack(tmp_path, data, filename)
    return str(caught.value)


def nothing_outside(tmp_path: Path) -> None:
    """Only the submission's folder was written (the test's folder holds nothing else)."""
    outside = [p for p in tmp_path.rglob("*") if not p.is_relative_to(tmp_path / "sub")]
    assert outside == [], outside


def member(name: str, kind: bytes, **fields: object) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    for key, value in fields.items():
        setattr(info, key, value)
    return info


# ------------------------------------------------------------------------ archives


def test_a_plain_archive_unpacks_with_its_modes(tmp_path: Path) -> None:
    root = unpack(
        tmp_path, tar_gz({"bot.toml": MANIFEST, "bot": b"#!/bin/sh\n", "lib/x.txt": b"x"})
    )
    assert (root / "bot.toml").read_bytes() == MANIFEST
    assert (root / "bot").stat().st_mode & stat.S_IXUSR
    assert (root / "lib" / "x.txt").read_text() == "x"


def test_an_archive_of_one_folder_is_lifted(tmp_path: Path) -> None:
    root = unpack(tmp_path, tar_gz({"bot.toml": MANIFEST, "bot.c": b"int main;"}, folder="mine/"))
    assert sorted(p.name for p in root.iterdir()) == ["bot.c", "bot.toml"]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("../../evil", "climbs out"),
        ("ok/../../evil", "climbs out"),
        ("/etc/evil", "absolute"),
        ("C:/evil", "absolute"),
        ("a\\..\\evil", "backslash"),
        ("a/" * 20 + "deep", "nested deeper"),
    ],
)
def test_zip_slip_and_absolute_paths_are_refused(tmp_path: Path, name: str, words: str) -> None:
    for data, kind in ((tar_gz({"bot.toml": MANIFEST, name: b"x"}), "t"), (None, "z")):
        if kind == "z":
            out = io.BytesIO()
            with zipfile.ZipFile(out, "w") as z:
                z.writestr("bot.toml", MANIFEST)
                z.writestr(name, b"x")
            data = out.getvalue()
        assert data is not None
        folder = tmp_path / kind
        folder.mkdir()
        assert words in refused(folder, data, f"bot.{'zip' if kind == 'z' else 'tar.gz'}")
        nothing_outside(folder)


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        (member("link", tarfile.SYMTYPE, linkname="/etc/passwd"), "link"),
        (member("hard", tarfile.LNKTYPE, linkname="bot.toml"), "link"),
        (member("null", tarfile.CHRTYPE, devmajor=1, devminor=3), "device"),
        (member("disk", tarfile.BLKTYPE, devmajor=8, devminor=0), "device"),
        (member("pipe", tarfile.FIFOTYPE), "FIFO"),
    ],
)
def test_links_devices_and_fifos_are_refused(
    tmp_path: Path, entry: tarfile.TarInfo, words: str
) -> None:
    message = refused(tmp_path, tar_gz({"bot.toml": MANIFEST, entry.name: entry}))
    assert words in message
    assert not (tmp_path / "sub" / "bot" / entry.name).exists()
    nothing_outside(tmp_path)


def test_a_symlink_in_a_zip_is_refused(tmp_path: Path) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("bot.toml", MANIFEST)
        link = zipfile.ZipInfo("escape")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(link, "/etc/passwd")
    assert "link" in refused(tmp_path, out.getvalue(), "bot.zip")


def test_a_tar_bomb_stops_at_the_limit(tmp_path: Path) -> None:
    """100 MiB of zeros in a ~100 KiB .tar.gz: refused after inflating a few MiB."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w:") as tar:
        info = tarfile.TarInfo("zeros")
        info.size = 100 << 20
        tar.addfile(info, io.BytesIO(bytes(100 << 20)))
    packed = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    bomb = packed.compress(raw.getvalue()) + packed.flush()
    assert len(bomb) < LIMITS.upload_bytes
    assert "unpacks to more than" in refused(tmp_path, bomb)
    written = sum(p.stat().st_size for p in (tmp_path / "sub").rglob("*") if p.is_file())
    assert written <= LIMITS.unpacked_bytes


def test_a_zip_bomb_is_counted_by_what_it_really_inflates_to(tmp_path: Path) -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("bot.toml", MANIFEST)
        z.writestr("zeros", bytes(20 << 20))
    assert "unpacks to more than" in refused(tmp_path, out.getvalue(), "bot.zip")


def test_too_many_files_and_duplicates_are_refused(tmp_path: Path) -> None:
    many = {f"f{i}": b"" for i in range(LIMITS.files + 1)}
    (tmp_path / "a").mkdir()
    assert "more than 50 files" in refused(tmp_path / "a", tar_gz(many))
    twice = io.BytesIO()
    with tarfile.open(fileobj=twice, mode="w:gz") as tar:
        for _ in range(2):
            info = tarfile.TarInfo("bot.toml")
            info.size = len(MANIFEST)
            tar.addfile(info, io.BytesIO(MANIFEST))
    (tmp_path / "b").mkdir()
    assert "twice" in refused(tmp_path / "b", twice.getvalue())


def test_uploads_that_are_not_bots_are_refused(tmp_path: Path) -> None:
    cases = [
        (b"", "empty"),
        (bytes(LIMITS.upload_bytes + 1), "larger than"),
        (b"just some text", "single file must be"),
        (tar_gz({"readme": b"x"}), "no bot.toml"),
        (b"\x1f\x8bnot really gzip", "damaged"),
        (b"PK\x03\x04broken", "not a valid zip"),
    ]
    for index, (data, words) in enumerate(cases):
        folder = tmp_path / str(index)
        folder.mkdir()
        assert words in refused(folder, data), words


def test_single_files_keep_a_plain_name_only(tmp_path: Path) -> None:
    assert archive.safe_filename("../../etc/passwd") == "passwd"
    assert archive.safe_filename(".hidden") == "bot"
    assert archive.safe_filename("<script>.py") == "bot"
    assert archive.safe_filename(None) == "bot"
    root = unpack(tmp_path, b"#!/bin/sh\necho\n", "../../x/run.sh")
    assert [p.name for p in root.iterdir()] == ["run.sh"]
    assert (root / "run.sh").stat().st_mode & stat.S_IXUSR
    nothing_outside(tmp_path)


# ------------------------------------------------------------------------ the server

BAD_PROTOCOL = b"""#!/usr/bin/env python3
import sys
for line in sys.stdin:
    print("<b>not json</b> \\x1b[2J", flush=True)
"""


@pytest.fixture(scope="module")
def contest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Server]]:
    db = make_ladder(tmp_path_factory.mktemp("submit"))
    with serving(db, "--submissions-per-hour", "50") as server:
        yield db, server


def test_a_hostile_archive_is_refused_over_the_api(contest: tuple[Path, Server]) -> None:
    db, server = contest
    token = invite(db, "slipper")
    slip = tar_gz({"bot.toml": MANIFEST, "../../../escaped": b"x"})
    answer = submit(server, token, slip, "bot.tar.gz")
    assert answer.status_code == 422, answer.text
    assert "climbs out" in answer.json()["detail"]
    assert not (db.parent / "escaped").exists()
    with server.client(token) as client:
        mine = client.get("/api/bots/mine").json()
    assert mine["entrant"] is None
    assert mine["submissions"][0]["status"] == "refused"
    assert "climbs out" in mine["submissions"][0]["reasons"][0]


def test_a_bot_failing_the_check_is_refused_with_reasons(contest: tuple[Path, Server]) -> None:
    db, server = contest
    token = invite(db, "babbler")
    answer = submit(server, token, BAD_PROTOCOL, "babble.py")
    assert answer.status_code == 202, server.stderr()
    entry = wait_finished(server, token, answer.json()["id"])
    assert entry["status"] == "refused", entry
    assert entry["reasons"] and entry["reasons"][0].startswith("the conformance check:")
    assert entry["check"]["problems"], entry
    with server.client(token) as client:
        assert client.get("/api/bots/mine").json()["entrant"] is None
        standings = client.get("/api/standings")
    if standings.status_code == 200:  # 13B's API
        assert "babbler" not in standings.text


def test_a_failing_build_is_refused_with_its_log(contest: tuple[Path, Server]) -> None:
    db, server = contest
    token = invite(db, "builder")
    broken = tar_gz(
        {"bot.toml": b'command = "./bot"\nbuild = "gcc -o bot bot.c"\n', "bot.c": b"int x = ;\n"}
    )
    answer = submit(server, token, broken, "bot.tar.gz")
    assert answer.status_code == 202, server.stderr()
    entry = wait_finished(server, token, answer.json()["id"])
    assert entry["status"] == "refused"
    assert entry["reasons"] == ["build: the build failed with exit code 1"]
    assert "error" in entry["build"]["log"] and "bot.c" in entry["build"]["log"]


def test_a_build_cannot_write_outside_its_folder_nor_reach_the_network(
    contest: tuple[Path, Server],
) -> None:
    db, server = contest
    token = invite(db, "escaper")
    target = db.parent / "written-by-build"
    port = server.url.rsplit(":", 1)[1]  # the server itself listens on the host's loopback
    line = (
        f"touch {target}; touch ../outside; (exec 3<>/dev/tcp/127.0.0.1/{port}) "
        "&& echo REACH''ED; exit 3"
    )
    toml = f'command = "./bot"\nbuild = ["/bin/bash", "-c", "{line}"]\n'.encode()
    answer = submit(server, token, tar_gz({"bot.toml": toml}), "bot.tar.gz")
    entry = wait_finished(server, token, answer.json()["id"])
    assert entry["reasons"] == ["build: the build failed with exit code 3"], entry
    assert not target.exists()
    assert "REACHED" not in entry["build"]["log"]
    submission = db.parent / "contest.db.files" / "submissions"
    assert not any(p.name == "outside" for p in submission.rglob("outside"))


def test_the_c_bot_is_built_and_admitted(contest: tuple[Path, Server]) -> None:
    db, server = contest
    token = invite(db, "compiled")
    answer = submit(server, token, c_bot_archive(), "cbot.tar.gz")
    assert answer.status_code == 202, server.stderr()
    entry = wait_finished(server, token, answer.json()["id"])
    assert entry["status"] == "accepted", entry
    assert entry["build"]["ok"] and entry["version"] == 1
    with server.client(token) as client:
        mine = client.get("/api/bots/mine").json()
    assert mine["entrant"]["name"] == "compiled"
    # The uploaded files are nobody's to download, not even their owner's.
    for path in ("/submissions/", "/contest.db.files/submissions/", "/static/../contest.db"):
        with server.client() as client:
            assert client.get(path).status_code == 404, path


def test_a_log_is_read_only_as_a_regular_file_never_through_a_link(tmp_path: Path) -> None:
    """Where a build could write beside its log (a weak sandbox), turning the log into a link
    or a FIFO shows its owner nothing of another file and never hangs the server."""
    from referee.web.submissions import tail

    secret = tmp_path / "secret"
    secret.write_text("server-only")
    log = tmp_path / "build.log"
    log.symlink_to(secret)
    assert tail(log) is None
    fifo = tmp_path / "fifo.log"
    os.mkfifo(fifo)
    assert tail(fifo) is None
    plain = tmp_path / "plain.log"
    plain.write_text("x" * 100)
    assert tail(plain, 10) == "…" + "x" * 10


def test_a_submission_cut_short_by_a_crash_is_taken_up_again(tmp_path: Path) -> None:
    """The server is killed (SIGKILL) in the middle of a build; started again, it builds,
    checks and admits the submission, and the killed build left no process behind."""
    db = make_ladder(tmp_path)
    token = invite(db, "patient")
    # The first build waits (to be killed); the one after the restart finds its mark and builds.
    # Its sleep's argument is this test's own (a fraction no other process on the machine
    # uses): a bare "sleep 60" was once matched in a shell of the person running CI.
    nap = f"60.{secrets.randbelow(10**6):06d}"
    build = f"[ -e started ] || {{ touch started; sleep {nap}; }}; gcc -o bot bot.c"
    slow = f'command = "./bot"\nbuild = "{build}"\n'.encode()
    upload = tar_gz({"bot.toml": slow, "bot.c": (C_BOT / "bot.c").read_bytes()})
    with serving(db) as server:
        answer = submit(server, token, upload, "slow.tar.gz")
        assert answer.status_code == 202, answer.text
        started = next((db.parent / "contest.db.files" / "submissions").rglob("started"), None)
        deadline = time.monotonic() + 30
        while started is None and time.monotonic() < deadline:
            time.sleep(0.05)
            started = next((db.parent / "contest.db.files" / "submissions").rglob("started"), None)
        assert started is not None, server.stderr()
        while not _sleeping(nap) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _sleeping(nap), "the build's sleep is not seen: nothing would prove it gone"
        os.killpg(server.process.pid, signal.SIGKILL)
        server.process.wait()
    deadline = time.monotonic() + 10  # the kernel's parent-death signals take a moment
    while _sleeping(nap) and time.monotonic() < deadline:
        time.sleep(0.05)
    survivors = _sleeping(nap)
    assert survivors == [], "the killed build's sleep survived its server:\n" + "\n".join(
        _whence(p) for p in survivors
    )
    with serving(db) as again:
        entry = wait_finished(again, token, answer.json()["id"])
    assert entry["status"] == "accepted", entry


def _sleeping(nap: str) -> list[Path]:
    return [p for p in Path("/proc").glob("[0-9]*") if _cmdline(p) == f"sleep\0{nap}\0"]


def _whence(proc: Path) -> str:
    """Who a surviving process is and where it hangs: its parent, namespaces' pids, user and
    cgroups, and its parent's command (it showed the once-matched "sleep 60" to be another's)."""
    try:
        status = dict(
            line.split(":\t", 1)
            for line in (proc / "status").read_text().splitlines()
            if line.split(":", 1)[0] in ("PPid", "NSpid", "Uid", "State")
        )
        parent = Path("/proc") / status.get("PPid", "0").strip()
        cgroups = (proc / "cgroup").read_text().replace("\n", " ")
    except OSError as error:
        return f"{proc}: gone ({error.strerror})"
    return f"{proc}: {status}; parent {_cmdline(parent)!r}; cgroups {cgroups}"


def _cmdline(proc: Path) -> str:
    try:
        return (proc / "cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


def test_the_program_files_of_versions_no_longer_played_are_removed(
    contest: tuple[Path, Server],
) -> None:
    """A contestant within the rate limit must not fill the server's disk: only the latest
    three accepted versions (one of which the entrant plays; any of them may be marked for the
    final) and one a running match still plays keep their upload and unpacked bot; every
    submission keeps its record."""
    db, server = contest
    token = invite(db, "reviser")
    root = db.parent / "contest.db.files" / "submissions"

    def send(data: bytes, name: str, status: str) -> Path:
        answer = submit(server, token, data, name)
        assert answer.status_code == 202, server.stderr()
        number = answer.json()["id"]
        assert wait_finished(server, token, number)["status"] == status
        return next(root.glob(f"*/{number}"))

    def kept(folder: Path) -> bool:
        return (folder / "upload").is_file() and (folder / "bot").is_dir()

    first = send(PY_BOT.read_bytes(), "v1.py", "accepted")
    # A match of version 1 is in flight (as `ladder run` records one) when later ones come.
    with sqlite3.connect(db) as conn:
        entrant = conn.execute("SELECT id FROM entrants WHERE name = 'reviser'").fetchone()[0]
        conn.execute(
            "INSERT INTO matches (status, entrants, versions, seed, worker, claimed, heartbeat)"
            " VALUES ('running', ?, '[1]', 1, 'test', 0, 0)",
            (json.dumps([entrant]),),
        )
    later = [send(PY_BOT.read_bytes(), f"v{n}.py", "accepted") for n in (2, 3, 4)]
    assert kept(first) and all(kept(folder) for folder in later)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE matches SET status = 'abandoned' WHERE worker = 'test'")
    refused = send(BAD_PROTOCOL, "v5.py", "refused")
    for gone in (first, refused):
        assert not (gone / "upload").exists() and not (gone / "bot").exists(), gone
        assert (gone / "manifest.json").is_file()
    assert all(kept(folder) for folder in later)
    assert (later[-1] / "bot" / "v4.py").is_file()
    with server.client(token) as client:
        mine = client.get("/api/bots/mine").json()
    assert mine["entrant"]["version"] == 4
    assert sorted(s["status"] for s in mine["submissions"]) == ["accepted"] * 4 + ["refused"]


def packed(files: dict[str, bytes], mtime: int, order: list[str]) -> bytes:
    """A .tar.gz of ``files`` in ``order``, every member and the gzip header stamped
    ``mtime``: the same bot packed again, by another ``tar`` run."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w") as tar:
        for name in order:
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(files[name]), 0o644, mtime
            info.uname = f"user{mtime}"
            tar.addfile(info, io.BytesIO(files[name]))
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", mtime=mtime) as packer:
        packer.write(raw.getvalue())
    return out.getvalue()


def test_the_same_bot_again_is_no_new_version(contest: tuple[Path, Server]) -> None:
    """Issue 31: each byte-identical upload made a new version. The same files — packed again
    with other timestamps, owners and order, under a hostile file name — are refused (409)
    with the version they are; one changed byte is a new version."""
    db, server = contest
    token = invite(db, "repeater")
    files = {"bot.toml": b'command = ["python3", "bot.py"]\n', "bot.py": PY_BOT.read_bytes()}
    first = packed(files, 1_000_000, ["bot.toml", "bot.py"])
    answer = submit(server, token, first, "bot.tar.gz")
    assert answer.status_code == 202, answer.text
    assert wait_finished(server, token, answer.json()["id"])["status"] == "accepted"

    again = packed(files, 2_000_000, ["bot.py", "bot.toml"])
    assert again != first
    for upload, name in ((first, "bot.tar.gz"), (again, "<script>alert(1)</script>.tar.gz")):
        refused = submit(server, token, upload, name)
        assert refused.status_code == 409, refused.text
        detail = refused.json()["detail"]
        assert "same files as version 1" in detail and "script" not in detail, detail
    with server.client(token) as client:
        mine = client.get("/api/bots/mine").json()
    assert mine["entrant"]["version"] == 1
    assert mine["submissions"][0]["status"] == "refused"
    assert mine["submissions"][0]["filename"] == "bot"  # not a plain name: not kept

    changed = {**files, "bot.py": files["bot.py"] + b"\n# version two\n"}
    answer = submit(server, token, packed(changed, 1_000_000, ["bot.toml", "bot.py"]), "b.tar.gz")
    assert answer.status_code == 202, answer.text
    entry = wait_finished(server, token, answer.json()["id"])
    assert entry["status"] == "accepted" and entry["version"] == 2, entry
    refused = submit(server, token, packed(changed, 5, ["bot.py", "bot.toml"]), "b.tar.gz")
    assert refused.status_code == 409 and "version 2" in refused.json()["detail"]
