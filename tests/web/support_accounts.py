"""Helpers for the contest server's account and submission tests: a real ladder made by the
real CLI, a real ``thousand ladder serve`` subprocess (uvicorn on 127.0.0.1, a free port), its
whole stderr kept in a file (the tests read it for leaked tokens), and real uploads built as
real archives.

Nothing is mocked: a token is one ``ladder invite`` printed, a submission is built by gcc in
bwrap and checked by the referee's own conformance check.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from tests.inprocess import invoke

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
C_BOT = ROOT / "tests" / "web" / "bots" / "cbot"
PY_BOT = ROOT / "bots" / "random_bot.py"
QUICK_DICE = 'preset = "simple"\ngoal = 300\n'
"""Dice played to 300: a conformance check in about a second."""


def thousand() -> list[str]:
    found = shutil.which("thousand")
    return [found] if found else [PY, "-m", "referee.cli.main"]


def ladder(*args: object, timeout: float = 120.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*thousand(), "ladder", *(str(a) for a in args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        check=False,
    )


def quick(*args: object) -> subprocess.CompletedProcess[str]:
    """``thousand ladder ARGS`` in this process through click's runner: the same command code
    on the same files, without an interpreter's start-up, for the many short error tests.
    An exception escaping the command shows as a traceback on stderr, as it would for real."""
    argv = ["ladder", *(str(a) for a in args)]
    return subprocess.CompletedProcess(argv, *invoke(argv))


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    """A refused command: non-zero exit, no traceback, one ``thousand: error:`` line."""
    assert done.returncode != 0, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout, done.stderr
    errors = [line for line in done.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1, done.stderr
    return errors[0]


def make_ladder(folder: Path, *extra: str, players: int = 2) -> Path:
    """A ladder made by the real ``ladder init``, run in this process (what is tested is the
    server on it, not the command's process: that saves an interpreter's start-up a ladder).
    Its conformance check plays one game (``--check-games 1``, unless ``extra`` says another
    count): an upload's admission is what these tests wait for, not how many games it takes
    (tests/ladder/test_ladder_check_games.py)."""
    rules = folder / "quick.toml"
    rules.write_text(QUICK_DICE)
    db = folder / "contest.db"
    games = () if "--check-games" in extra else ("--check-games", "1")
    done = quick(
        "init", db, "--game", "dice", "--rules", rules, "--players", players, "--seed", 7,
        *games, *extra,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return db


def invite(db: Path, name: str, *extra: str) -> str:
    """A contestant's token, printed by the real ``ladder invite`` (run in this process: the
    tests invite dozens; test_web_accounts runs it as a program too)."""
    done = quick("invite", db, name, *extra)
    assert done.returncode == 0, done.stderr
    token = done.stdout.strip()
    assert re.fullmatch(r"[A-Za-z0-9_-]{40,}", token), done.stdout
    return token


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]
    log: Path

    def client(self, token: str | None = None, **kwargs: Any) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=60.0, **kwargs)

    def stderr(self) -> str:
        return self.log.read_text(errors="replace")


def _wait_listening(log: Path, process: subprocess.Popen[bytes], within: float) -> str:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace") if log.exists() else ""
        found = re.search(r"serving (http://\S+)", text)
        if found:
            url = found.group(1)
            while time.monotonic() < deadline:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(url + "/api/bots/mine", timeout=2.0).status_code == 401:
                        return url
                if process.poll() is not None:
                    break
                time.sleep(0.05)
        if process.poll() is not None:
            raise AssertionError(f"the server stopped at once:\n{text}")
        time.sleep(0.05)
    raise AssertionError(f"the server did not start:\n{log.read_text(errors='replace')}")


@contextlib.contextmanager
def serving(db: Path, *extra: str) -> Iterator[Server]:
    """``thousand ladder serve DB --port 0 EXTRA`` until the block ends (then SIGTERM)."""
    log = db.with_name(f"serve-{os.getpid()}-{time.monotonic_ns()}.log")
    with log.open("wb") as out:
        process = subprocess.Popen(
            [*thousand(), "ladder", "serve", str(db), "--port", "0", *extra],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            start_new_session=True,
        )
    try:
        url = _wait_listening(log, process, 90.0)  # a loaded CI machine starts slowly
        yield Server(url, process, log)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def tar_gz(files: dict[str, bytes | tarfile.TarInfo], *, folder: str = "") -> bytes:
    """A .tar.gz of ``files`` (a TarInfo entry is written as it is: links, devices)."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, content in files.items():
            if isinstance(content, tarfile.TarInfo):
                tar.addfile(content)
                continue
            info = tarfile.TarInfo(folder + name)
            info.size = len(content)
            info.mode = 0o755
            tar.addfile(info, io.BytesIO(content))
    return out.getvalue()


def c_bot_archive() -> bytes:
    return tar_gz(
        {name: (C_BOT / name).read_bytes() for name in ("bot.c", "bot.toml")}, folder="cbot/"
    )


def submit(server: Server, token: str, data: bytes, filename: str) -> httpx.Response:
    with server.client(token) as client:
        return client.post("/api/bots", files={"file": (filename, data)})


def wait_finished(server: Server, token: str, submission: int, within: float = 90.0) -> Any:
    """The submission's entry in /api/bots/mine once it is accepted, refused or failed."""
    deadline = time.monotonic() + within
    with server.client(token) as client:
        while time.monotonic() < deadline:
            mine = client.get("/api/bots/mine").json()
            entry = next(s for s in mine["submissions"] if s["id"] == submission)
            if entry["status"] in ("accepted", "refused", "error"):
                return entry
            time.sleep(0.2)
    raise AssertionError(f"submission {submission} still {entry['status']}")
