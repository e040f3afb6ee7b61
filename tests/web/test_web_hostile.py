"""Requests a stranger or a hostile contestant can send to a real ``ladder serve``: none may
end in a 500 or a traceback in the server's log, none may leave an account locked out.

Everything here is sent for real — over httpx where it can say it, over a raw socket where
the request is one no well-behaved client would send (a request line of 100 KB, bytes that
are not text in a header). The uploads are real archives whose ``bot.toml`` is nested 5,000
deep, too big, of the wrong types, or whose members cannot be read; the ids are the ones
SQLite cannot hold. The server's own output (its access log and any traceback) is read at the
end of the module.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import itertools
import socket
import struct
import tarfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from referee.players.botspec import BotSpecError, parse_bot
from tests.web.support_accounts import (
    PY_BOT,
    Server,
    invite,
    make_ladder,
    serving,
    submit,
    tar_gz,
    wait_finished,
)

BIG = "99999999999999999999"
"""An id just past SQLite's largest integer (2^63 - 1 has 19 digits)."""
HUGE = "9" * 5000
"""An id longer than Python converts to text by default (4300 digits)."""


@pytest.fixture(scope="module")
def server_of_module(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Server]]:
    db = make_ladder(tmp_path_factory.mktemp("hostile"))
    with serving(db, "--submissions-per-hour", "1000") as server:
        yield db, server


@dataclass
class Contest:
    """The module's server, and where its log stood when this test began: each test reads
    only what its own requests made the server print."""

    db: Path
    server: Server
    since: int

    def assert_clean_log(self) -> None:
        """No traceback, no 500 in what the server printed since the test began."""
        with self.server.log.open("rb") as log:
            log.seek(self.since)
            text = log.read().decode(errors="replace")
        assert "Traceback" not in text, text[max(0, text.find("Traceback") - 2000) :][:8000]
        assert "Exception in ASGI application" not in text, text[:8000]
        failed = [line for line in text.splitlines() if '" 500 ' in line]
        assert failed == [], failed


@pytest.fixture
def contest(server_of_module: tuple[Path, Server]) -> Contest:
    db, server = server_of_module
    return Contest(db, server, server.log.stat().st_size)


_names = itertools.count()


def contestant(db: Path) -> str:
    """A fresh account's token: each hostile upload has its own, so that none waits for the
    previous one's check."""
    return invite(db, f"hostile{next(_names)}")


# ------------------------------------------------------------------------------ ids


OUT_OF_RANGE = [
    f"/games/{BIG}",
    f"/api/games/{BIG}",
    f"/games/{BIG}/replay/1",
    f"/games/1/replay/{BIG}",
    f"/games/-{BIG}",
    f"/api/games/-{BIG}",
    f"/games/{HUGE}",
    f"/api/games/{HUGE}",
    f"/games/{HUGE}/replay/{HUGE}",
    "/games/-1",
    "/api/games/-1",
    "/games/0",
    "/games/1/replay/-1",
    "/games/1/replay/0",
    f"/games/1?game={BIG}",
    f"/games/1?game={HUGE}",
    "/games/1?game=-1",
]
NOT_NUMBERS = [
    "/games/abc",
    "/api/games/abc",
    "/games/1.5",
    "/games/1e3",
    "/games/0x10",
    "/games/%00",
    "/games/1/replay/abc",
    "/games/1?game=abc",
]


def test_ids_sqlite_cannot_hold_are_not_found(contest: Contest) -> None:
    """Issue 27, item 5: a 500 (OverflowError) and a reset connection. One keep-alive
    connection for all of them: an answer must not reset it either. A word that is no number
    is a malformed address (422), as it was."""
    server = contest.server
    answers: dict[str, int] = {}
    with server.client() as client:
        for path in OUT_OF_RANGE + NOT_NUMBERS:
            answers[path] = client.get(path).status_code
        assert client.get("/api/standings").status_code == 200
    wrong = {p: code for p, code in answers.items() if code != (404 if p in OUT_OF_RANGE else 422)}
    assert wrong == {}
    contest.assert_clean_log()


def test_an_id_out_of_range_shows_the_not_found_page(contest: Contest) -> None:
    server = contest.server
    with server.client() as client:
        page = client.get(f"/games/{BIG}")
        api = client.get(f"/api/games/{BIG}")
    assert page.headers["content-type"].startswith("text/html")
    assert 'data-page="error"' in page.text
    assert api.headers["content-type"].startswith("application/json")
    assert isinstance(api.json()["detail"], str)


# ------------------------------------------------------------------------ manifests


def nested_arrays(depth: int) -> bytes:
    return b"command = " + b"[" * depth + b"]" * depth + b"\n"


def nested_tables(depth: int) -> bytes:
    return b"command = " + b"{a = " * depth + b"1" + b"}" * depth + b"\n"


def test_a_manifest_nested_5000_deep_is_one_line_and_frees_its_account(
    contest: Contest,
) -> None:
    """Issue 27, item 4: the upload was a 500, the submission stayed queued for ever and every
    later upload of the account got 429 until the server restarted."""
    db, server = contest.db, contest.server
    token = contestant(db)
    answer = submit(server, token, tar_gz({"bot.toml": nested_arrays(5000)}), "deep.tar.gz")
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    assert "bot.toml" in detail and "nested too deeply" in detail and "\n" not in detail
    with server.client(token) as client:
        first = client.get("/api/bots/mine").json()["submissions"][0]
    assert first["status"] == "refused" and first["reasons"] == [detail]
    again = submit(server, token, PY_BOT.read_bytes(), "bot.py")
    assert again.status_code == 202, again.text
    assert wait_finished(server, token, again.json()["id"])["status"] == "accepted"
    contest.assert_clean_log()


ARCHIVE_MANIFESTS: dict[str, tuple[bytes, str]] = {
    "arrays nested 5000 deep": (nested_arrays(5000), "nested too deeply"),
    "tables nested 5000 deep": (nested_tables(5000), "nested too deeply"),
    "larger than the limit": (b'command = "./bot"\n' + b"#" * (80 << 10) + b"\n", "larger than"),
    "command is a number": (b"command = 7\n", "command"),
    "command of numbers": (b"command = [1, 2]\n", "command"),
    "env of lists": (b'command = "./bot"\nenv = { A = [1] }\n', "env"),
    "build is a table": (b'command = "./bot"\nbuild = { x = 1 }\n', "build"),
    "a key the manifest has not": (b'command = "./bot"\ncwd = "/"\n', "cwd"),
    "'=' in an env name": (b'command = "./bot"\nenv = { "LD_PRELOAD=x" = "1" }\n', "env"),
    "a number of 5000 digits": (b"command = " + HUGE.encode() + b"\n", "not valid"),
    "not UTF-8": (b'command = "\xff\xfe"\n', "not valid"),
    "not TOML": (b'command = "./bot\n', "not valid"),
    "an empty command": (b'command = ""\n', "empty"),
    "an unbalanced quote": (b'command = "\'./bot"\n', "split"),
    "NUL in the command": (b'command = "./bot\\u0000x"\n', "NUL"),
    "300 words": (b"command = [" + b'"x", ' * 300 + b"]\n", "more than"),
    "a word of 5000 bytes": (b'command = ["./bot", "' + b"y" * 5000 + b'"]\n', "longer than"),
    "NUL in a build word": (b'command = "./bot"\nbuild = ["cc", "a\\u0000b"]\n', "NUL"),
    "NUL in the build line": (b'command = "./bot"\nbuild = "cc \\u0000"\n', "NUL"),
    "a build of 1000 words": (
        b'command = "./bot"\nbuild = [' + b'"x", ' * 1000 + b"]\n",
        "more than",
    ),
}


@pytest.mark.parametrize("case", list(ARCHIVE_MANIFESTS))
def test_a_hostile_manifest_is_refused_in_one_line(
    contest: Contest, case: str, tmp_path: Path
) -> None:
    """Refused at once (422), recorded as refused, and — where the command line's manifest
    has the same fields — in the very words the command line says it: one reader for both."""
    db, server = contest.db, contest.server
    manifest, words = ARCHIVE_MANIFESTS[case]
    token = contestant(db)
    answer = submit(server, token, tar_gz({"bot.toml": manifest, "bot": b"#!/bin/sh\n"}), "b.tgz")
    assert answer.status_code == 422, (case, answer.status_code, answer.text[:300])
    detail = answer.json()["detail"]
    assert words in detail and "\n" not in detail and len(detail) < 600, detail
    assert "bot.toml" in detail and str(db.parent) not in detail, detail
    with server.client(token) as client:
        mine = client.get("/api/bots/mine").json()
    assert [s["status"] for s in mine["submissions"]] == ["refused"]
    contest.assert_clean_log()
    if b"build" in manifest or b"cwd" in manifest:
        return  # fields of the server's bot.toml only, or the command line's only
    (tmp_path / "bot.toml").write_bytes(manifest)
    with pytest.raises(BotSpecError) as refused:
        parse_bot(str(tmp_path / "bot.toml"))
    assert str(refused.value).replace(str(tmp_path) + "/", "") == detail


# ------------------------------------------------------------------- unreadable archives


def truncated_tar() -> bytes:
    """A tar whose member claims 10,000 bytes and holds 100, in a gzip stream that is whole."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w:") as tar:
        info = tarfile.TarInfo("bot.toml")
        info.size = 10_000
        tar.addfile(info, io.BytesIO(b"x" * 10_000))
    return gzip.compress(raw.getvalue()[: 512 + 100])


def zip_with(method: int, data: bytes, *, corrupt: bool = False) -> bytes:
    """A zip whose one member is stored with ``method``; ``corrupt`` spoils its data."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr(zipfile.ZipInfo("bot.toml"), data, compress_type=method)
    raw = bytearray(out.getvalue())
    if corrupt:
        start = 30 + len("bot.toml")
        for i in range(start, start + 16):
            raw[i] ^= 0x5A
    return bytes(raw)


def zip_of_unknown_method() -> bytes:
    raw = bytearray(zip_with(zipfile.ZIP_STORED, b'command = "./bot"\n'))
    # The method field of the local header (offset 8) and of the central directory's entry.
    raw[8:10] = struct.pack("<H", 99)
    central = raw.rfind(b"PK\x01\x02")
    raw[central + 10 : central + 12] = struct.pack("<H", 99)
    return bytes(raw)


def zip_with_bad_crc() -> bytes:
    raw = bytearray(zip_with(zipfile.ZIP_STORED, b'command = "./bot"\n'))
    raw[14] ^= 0xFF  # the local header's CRC
    central = raw.rfind(b"PK\x01\x02")
    raw[central + 16] ^= 0xFF
    return bytes(raw)


UNREADABLE = {
    "a tar cut short inside": truncated_tar,
    "a zip of an unknown method": zip_of_unknown_method,
    "a zip with a wrong CRC": zip_with_bad_crc,
    "a damaged bzip2 member": lambda: zip_with(zipfile.ZIP_BZIP2, b"x" * 4000, corrupt=True),
    "a damaged lzma member": lambda: zip_with(zipfile.ZIP_LZMA, b"x" * 4000, corrupt=True),
    "a damaged deflate member": lambda: zip_with(zipfile.ZIP_DEFLATED, b"x" * 4000, corrupt=True),
}


@pytest.mark.parametrize("case", list(UNREADABLE))
def test_an_archive_that_cannot_be_read_is_refused(contest: Contest, case: str) -> None:
    db, server = contest.db, contest.server
    token = contestant(db)
    data = UNREADABLE[case]()
    name = "bot.tar.gz" if data.startswith(b"\x1f\x8b") else "bot.zip"
    answer = submit(server, token, data, name)
    assert answer.status_code == 422, (case, answer.status_code, answer.text[:300])
    assert "\n" not in answer.json()["detail"]
    again = submit(server, token, PY_BOT.read_bytes(), "bot.py")
    assert again.status_code == 202, (case, again.text)
    assert wait_finished(server, token, again.json()["id"])["status"] == "accepted"
    contest.assert_clean_log()


# ------------------------------------------------------------------- bad requests


def raw_request(server: Server, request: bytes) -> bytes:
    """Send bytes as they are and read the answer to its end (the server closes)."""
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=60) as sock:
        sock.sendall(request)
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def status_of(answer: bytes) -> int:
    if not answer:
        return 0  # closed without an answer: an HTTP parser's refusal, not an application's
    return int(answer.split(b" ", 2)[1])


RAW_REQUESTS = {
    "a path of 100 KB": b"GET /entrants/" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    "a path of many segments": b"GET /entrants/" + b"a/" * 4000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    "a static name too long for the disk": b"GET /static/" + b"a" * 300 + b".js HTTP/1.1\r\n"
    b"Host: x\r\nConnection: close\r\n\r\n",
    "a static name with NUL": b"GET /static/a%00.js HTTP/1.1\r\nHost: x\r\n"
    b"Connection: close\r\n\r\n",
    "no Host": b"GET / HTTP/1.1\r\n\r\n",
    "HTTP/1.0 without Host": b"GET /api/standings HTTP/1.0\r\n\r\n",
    "bytes that are not text in a token": b"GET /api/bots/mine HTTP/1.1\r\nHost: x\r\n"
    b"Authorization: Bearer \xff\xfe\x80\r\nConnection: close\r\n\r\n",
    "bytes that are not text in a cookie": b"GET /mine HTTP/1.1\r\nHost: x\r\n"
    b"Cookie: thousand_session=\xff\xfe; thousand_login=\x80\r\nConnection: close\r\n\r\n",
    "a header line without a colon": b"GET / HTTP/1.1\r\nHost: x\r\nnonsense\r\n\r\n",
    "a negative length": b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    "a length that is no number": b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: ab\r\n\r\n",
    "a length of 30 digits": b"POST /api/bots HTTP/1.1\r\nHost: x\r\nContent-Length: "
    + b"9" * 30
    + b"\r\nAuthorization: Bearer x\r\n\r\n",
    "a broken chunk": b"POST /login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
    b"Content-Type: application/x-www-form-urlencoded\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
    "a request line of garbage": b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n",
    "a method of its own": b"BREW /api/standings HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    "a path that climbs": b"GET /static/../../../../etc/passwd HTTP/1.1\r\nHost: x\r\n"
    b"Connection: close\r\n\r\n",
    "an absolute URL for another host": b"GET http://evil.example/ HTTP/1.1\r\nHost: x\r\n"
    b"Connection: close\r\n\r\n",
}


@pytest.mark.parametrize("case", list(RAW_REQUESTS))
def test_a_malformed_request_is_refused_without_a_traceback(contest: Contest, case: str) -> None:
    server = contest.server
    code = status_of(raw_request(server, RAW_REQUESTS[case]))
    assert code < 500 or code == 501, (case, code)  # 501: a method no route has
    contest.assert_clean_log()


def multipart(parts: list[tuple[str, bytes]], boundary: str = "b0undary") -> bytes:
    """A multipart body from (part headers, content) exactly as given."""
    body = b""
    for headers, content in parts:
        body += f"--{boundary}\r\n{headers}\r\n\r\n".encode("latin-1") + content + b"\r\n"
    return body + f"--{boundary}--\r\n".encode()


FORM = {"Content-Type": "application/x-www-form-urlencoded"}
FILE = 'Content-Disposition: form-data; name="file"; filename="bot.py"'
BOT = b"#!/usr/bin/env python3\n"


def form_cases() -> dict[str, tuple[dict[str, str], bytes]]:
    typed = {"Content-Type": "multipart/form-data; boundary=b0undary"}
    return {
        "no boundary": ({"Content-Type": "multipart/form-data"}, multipart([(FILE, BOT)])),
        "another boundary": (typed, multipart([(FILE, BOT)], "other")),
        "cut short": (typed, multipart([(FILE, BOT)])[:-20]),
        "two files": (typed, multipart([(FILE, BOT), (FILE, BOT)])),
        "nine fields": (
            typed,
            multipart([(f'Content-Disposition: form-data; name="f{i}"', b"x") for i in range(9)]),
        ),
        "the file as text": (
            typed,
            multipart([('Content-Disposition: form-data; name="file"', b"x")]),
        ),
        "no name": (typed, multipart([("Content-Disposition: form-data", BOT)])),
        "no disposition": (typed, multipart([("Content-Type: text/plain", BOT)])),
        "a climbing file name": (
            typed,
            multipart([('Content-Disposition: form-data; name="file"; filename="../../x"', BOT)]),
        ),
        "a file name of 10,000 characters": (
            typed,
            multipart(
                [(f'Content-Disposition: form-data; name="file"; filename="{"n" * 10_000}"', BOT)]
            ),
        ),
        "an encoded file name": (
            typed,
            multipart(
                [("Content-Disposition: form-data; name=\"file\"; filename*=utf-8''%FF%00", BOT)]
            ),
        ),
        "form-urlencoded": ({"Content-Type": "application/x-www-form-urlencoded"}, b"file=%FF"),
        "plain text": ({"Content-Type": "text/plain"}, BOT),
        "no type": ({}, BOT),
    }


@pytest.mark.parametrize("case", list(form_cases()))
def test_a_malformed_upload_form_is_refused(contest: Contest, case: str) -> None:
    db, server = contest.db, contest.server
    headers, body = form_cases()[case]
    token = contestant(db)
    with server.client(token) as client:
        answer = client.post("/api/bots", headers=headers, content=body)
        assert answer.status_code < 500, (case, answer.status_code, answer.text[:300])
        mine = client.get("/api/bots/mine").json()
    for entry in mine["submissions"]:
        done = wait_finished(server, token, entry["id"])
        assert done["status"] in ("accepted", "refused"), (case, done)
    contest.assert_clean_log()


def test_bad_tokens_cookies_and_forms_are_refused(contest: Contest) -> None:
    db, server = contest.db, contest.server
    tries: list[tuple[str, str, dict[str, Any]]] = [
        ("GET", "/api/bots/mine", {"headers": {"Authorization": "Bearer " + "x" * 5000}}),
        ("GET", "/api/bots/mine", {"headers": {"Authorization": "Bearer \t x"}}),
        ("GET", "/api/bots/mine", {"headers": {"Authorization": "Bearer a b c"}}),
        ("GET", "/mine", {"headers": {"Cookie": "thousand_session=" + "x" * 4000}}),
        ("GET", "/mine", {"headers": {"Cookie": 'thousand_session="\\"; a=b; =;;'}}),
        ("GET", "/submit", {"headers": {"Cookie": "thousand_session=%00%FF"}}),
        ("POST", "/login", {"data": {"token": "x" * 100_000, "csrf": "y"}}),
        ("POST", "/login", {"content": b"token=%FF%FE&csrf=%00", "headers": FORM}),
        ("POST", "/login", {"content": b"&&&==&=%", "headers": FORM}),
        ("POST", "/login", {"data": {f"f{i}": "x" for i in range(9)}}),
        ("POST", "/login", {"files": {"token": ("t", b"x")}, "data": {"csrf": "y"}}),
        ("POST", "/logout", {"content": b"\xff" * 1000, "headers": FORM}),
        ("POST", "/logout", {"data": {f"f{i}": "x" for i in range(9)}}),
        ("POST", "/api/admin/entrants/x/disable", {"headers": {"Authorization": "Bearer x"}}),
        ("POST", "/api/admin/entrants/%00/%FF", {}),
        ("POST", "/api/admin/rerate", {"headers": {"Authorization": "Basic " + "=" * 10}}),
        ("GET", "/entrants/..%2F..%2F..%2Fetc%2Fpasswd", {}),
        ("GET", "/api/entrants/%FF%FE%00", {}),
        ("GET", "/static/..%2F..%2Fapp.py", {}),
        ("GET", "/static/%2e%2e%2fschema.py", {}),
        ("GET", "/live/events", {"headers": {"Last-Event-ID": "\x7f" * 100}}),
        ("GET", "/", {"headers": {"X-Forwarded-For": "<script>", "Host": "evil.example"}}),
    ]
    with server.client() as client:
        for method, path, options in tries:
            if path == "/live/events":
                with client.stream(method, path, **options) as stream:
                    assert stream.status_code == 200
                continue
            answer = client.request(method, path, **options)
            assert answer.status_code < 500, (method, path, answer.status_code, answer.text)
    # A session cookie and its CSRF token, then forms that break each in turn.
    token = contestant(db)
    with server.client() as browser:
        login = browser.get("/login")
        csrf = login.text.split('name="csrf" value="', 1)[1].split('"', 1)[0]
        assert browser.post("/login", data={"token": token, "csrf": csrf}).status_code == 303
        for files, data in [
            ({"file": ("x", b"")}, {"csrf": "\x00"}),
            ({"file": ("x", b"")}, {"csrf": "y" * 10_000}),
            (None, {"csrf": csrf}),
        ]:
            answer = browser.post("/submit", files=files, data=data)
            assert answer.status_code < 500, answer.text
    contest.assert_clean_log()


def test_the_server_still_answers_afterwards(contest: Contest) -> None:
    """Runs last: after every request above the server is up, nothing of it is stuck, and
    its whole log holds no traceback and no 500."""
    db, server = contest.db, contest.server
    with httpx.Client(base_url=server.url) as client:
        assert client.get("/api/standings").status_code == 200
    token = contestant(db)
    answer = submit(server, token, PY_BOT.read_bytes(), "bot.py")
    assert answer.status_code == 202, answer.text
    assert wait_finished(server, token, answer.json()["id"])["status"] == "accepted"
    Contest(db, server, since=0).assert_clean_log()
