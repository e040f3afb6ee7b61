"""Hostile bots against the sandbox: `thousand match` runs, one attack per test.

Each bot (tests/sandbox/bots/hostile.py) is a real process in the real sandbox (the launcher,
bwrap, the cgroup, the PID namespace); the referee runs in this process (tests/inprocess.py),
without the interpreter start-up a `thousand` process costs, as the claims are about what the
bot can do, not about the referee's process. The limits are set in the launcher, a process of
its own, so nothing is applied to this one. Where a bot attacks the referee, it is given this
process's pid; where it looks for the referee's environment in /proc, a process started with
that environment stands in for it (this one's /proc environ is the one it was started with).
The real program in a sandbox: test_sandbox_model's bwrap-missing test (its fallback plays a
match), test_sandbox_user's normal-user referee.

Each bot attacks at its first request and writes what it saw
to stderr as ``REPORT {json}``; the referee keeps that in the bot's log. Every test checks that
the match finished, that the attack ended as docs/security.md says (a recorded fault naming the
limit, or a harmless outcome), and that no process carrying the test's unique marker is left.
Tests of a mode skip, saying why, where the machine cannot provide it (no bwrap, no namespaces,
no cgroup). Tests named ``..._documented`` pin down a limitation that docs/security.md admits.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.inprocess import invoke
from tests.processes import leftovers, processes_with
from tests.referee.conftest import short_rules
from tests.requirements import requires

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = Path(__file__).resolve().parent / "bots" / "hostile.py"
RANDOM_BOT = ROOT / "bots" / "random_bot.py"
PY = sys.executable
FAST = ("--time-per-move", "0.5", "--time-bank", "0.5", "--startup-time", "5")
CANARY = "THOUSAND_CANARY"
SECRET = "the-referee-secret"

needs_pidns = requires("pidns")


def mode_param(mode: str) -> Any:
    return pytest.param(mode, marks=[requires("bwrap")] if mode == "bwrap" else [], id=mode)


LIMITED = [mode_param("rlimits"), mode_param("bwrap")]


def needs_cgroup(controller: str) -> pytest.MarkDecorator:
    """Without it the limit is not enforced here (docs/security.md)."""
    return requires(f"cgroup-{controller}")


# ---------------------------------------------------------------------------- helpers


@dataclass
class Run:
    argv: list[str]
    returncode: int
    stdout: str
    stderr: str
    replays: Path

    @property
    def doc(self) -> dict[str, Any]:
        try:
            document: dict[str, Any] = json.loads(self.stdout)
        except ValueError:
            pytest.fail(f"not one JSON document:\n{self.stdout[:2000]}\n{self.stderr[-2000:]}")
        return document

    def faults(self) -> list[dict[str, Any]]:
        return [fault for game in self.doc["games"] for fault in game["faults"]]

    def replay_faults(self) -> list[dict[str, Any]]:
        found = []
        for path in sorted(self.replays.glob("game-*.jsonl")):
            last = json.loads(path.read_text().splitlines()[-1])
            assert last["kind"] == "result", path
            found += last["faults"]
        return found

    def movers(self) -> list[int]:
        """The bot (its index on the command line) of each move of the game, in order."""
        (path,) = self.replays.glob("game-*.jsonl")
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        bot_of = [seat["bot"] for seat in lines[0]["seats"]]
        return [bot_of[line["seat"]] for line in lines[1:] if line.get("kind") == "move"]

    def reports(self, bot: int = 0) -> list[dict[str, Any]]:
        found = []
        for log in sorted((self.replays / "logs").glob(f"bot{bot}-*.stderr.log")):
            for line in log.read_text(errors="replace").splitlines():
                if line.startswith("REPORT "):
                    found.append(json.loads(line[len("REPORT ") :]))
        return found

    def report(self, bot: int = 0) -> dict[str, Any]:
        reports = self.reports(bot)
        assert reports, f"bot {bot} reported nothing\n{self.explain()}"
        return reports[0]

    def explain(self) -> str:
        logs = "\n".join(
            f"--- {log.name}\n{log.read_text(errors='replace')[-1500:]}"
            for log in sorted((self.replays / "logs").glob("*.log"))
        )
        return f"$ {shlex.join(self.argv)}\nexit {self.returncode}\n{self.stderr[-2000:]}\n{logs}"


def hostile(mode: str, marker: str, arg: object = None) -> str:
    words = [PY, str(HOSTILE), mode, *([] if arg is None else [str(arg)]), marker]
    return shlex.join(words)


def opponent(marker: str) -> str:
    return shlex.join([PY, str(RANDOM_BOT), "1", marker])


def play(
    bots: Sequence[str],
    sandbox: str,
    replays: Path,
    *options: str,
) -> Run:
    """``thousand match`` in this process (its environment holding the canary while it runs),
    from the checkout's root; the bots are processes in the sandbox ``sandbox``. A game of six
    rounds: every attack is made at the bot's first request (the snoop's again at each of its
    decisions, the other bot's secret written at its first), and the rest of a full game (a
    thousand moves) is only the referee's and the bots' CPU."""
    argv = ["match", *bots, "--game", "dice", "--games", "1", "--seed", "3"]
    argv += ["--rules", short_rules(replays)]
    argv += [*FAST, "--sandbox", sandbox, "--replays", str(replays), "--json", *options]
    done = invoke(argv, env={CANARY: SECRET}, cwd=ROOT)
    # Each match writes into a new sub-folder of --replays: the newest is this one's.
    folder = max(replays.glob("match-*"), key=lambda p: p.stat().st_mtime_ns, default=replays)
    run = Run(["thousand", *argv], done.returncode, done.stdout, done.stderr, folder)
    assert done.returncode == 0, run.explain()
    assert len(run.doc["games"]) == 1, run.explain()
    return run


def assert_no_leftovers(marker: str) -> None:
    left = [str(proc) for proc in leftovers(marker, 3.0)]
    assert not left, "processes left behind:\n" + "\n".join(left)


@pytest.fixture
def marker() -> Iterator[str]:
    word = f"mark-{uuid.uuid4().hex}"
    yield word
    for proc in processes_with(word):  # a failed test must not leak into the next
        with contextlib.suppress(OSError):
            os.kill(proc.pid, signal.SIGKILL)


def assert_limit_fault(run: Run, words: str) -> None:
    faults = run.faults()
    assert [f["kind"] for f in faults] == ["resource_limit"], run.explain()
    assert words in faults[0]["detail"], run.explain()
    assert faults == run.replay_faults()


# ---------------------------------------------------------------------------- limits


@needs_pidns
@pytest.mark.parametrize("sandbox", LIMITED)
def test_endless_allocation_is_a_memory_limit_fault(
    sandbox: str, marker: str, tmp_path: Path
) -> None:
    """Time enough for the move: on a loaded machine (a load of 9 on 2 cores) touching
    128 MiB took longer than 0.5 s, and the bot's fault was a timeout."""
    run = play(
        [hostile("memory", marker), opponent(marker)],
        sandbox,
        tmp_path,
        "--memory",
        "128",
        "--time-per-move",
        "20",
    )
    assert_limit_fault(run, "memory limit 128 MiB exceeded")
    assert_no_leftovers(marker)


@needs_pidns
@needs_cgroup("memory")
def test_memory_spread_over_children_is_capped_by_the_cgroup(marker: str, tmp_path: Path) -> None:
    """Four processes of 256 MiB each stay under a 300 MiB address-space limit one by one;
    the memory cgroup caps them together and its out-of-memory kill is named as such."""
    run = play(
        [hostile("memory_children", marker), opponent(marker)],
        "rlimits",
        tmp_path,
        "--memory",
        "300",
        "--time-per-move",
        "20",
    )
    assert_limit_fault(run, "memory limit 300 MiB exceeded")
    assert_no_leftovers(marker)


@needs_pidns
@pytest.mark.parametrize("sandbox", LIMITED)
def test_cpu_spin_is_killed_at_the_cpu_limit(sandbox: str, marker: str, tmp_path: Path) -> None:
    run = play(
        [hostile("cpu", marker), opponent(marker)],
        sandbox,
        tmp_path,
        "--cpu-seconds",
        "1",
        "--time-per-move",
        "20",
    )
    assert_limit_fault(run, "killed after 1.0 s CPU")
    assert_no_leftovers(marker)


@needs_pidns
@needs_cgroup("pids")
@pytest.mark.parametrize("sandbox", LIMITED)
def test_forking_hundreds_stops_at_the_process_cap(
    sandbox: str, marker: str, tmp_path: Path
) -> None:
    run = play(
        [hostile("fork", marker), opponent(marker)], sandbox, tmp_path, "--max-processes", "20"
    )
    assert_limit_fault(run, "process limit 20 reached")
    assert_no_leftovers(marker)


@needs_pidns
def test_opening_files_until_refused_is_an_open_files_fault(marker: str, tmp_path: Path) -> None:
    run = play(
        [hostile("files", marker), opponent(marker)], "rlimits", tmp_path, "--max-open-files", "64"
    )
    assert_limit_fault(run, "open files limit 64 reached")
    assert_no_leftovers(marker)


@needs_pidns
@pytest.mark.parametrize("sandbox", LIMITED)
def test_a_huge_file_is_a_file_size_fault(sandbox: str, marker: str, tmp_path: Path) -> None:
    run = play(
        [hostile("bigfile", marker), opponent(marker)], sandbox, tmp_path, "--max-file-size", "4"
    )
    assert_limit_fault(run, "file size limit 4 MiB exceeded")
    assert_no_leftovers(marker)


# ---------------------------------------------------------------------------- isolation


class Listener:
    """A TCP server on 127.0.0.1 that records whether anybody connected."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.connections = 0
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                connection, _ = self.server.accept()
                self.connections += 1
                connection.close()

    def close(self) -> None:
        self.server.close()


@needs_pidns
@requires("bwrap")
def test_bwrap_bot_cannot_reach_the_network(marker: str, tmp_path: Path) -> None:
    listener = Listener()
    try:
        run = play([hostile("connect", marker, listener.port), opponent(marker)], "bwrap", tmp_path)
    finally:
        listener.close()
    assert run.faults() == [], run.explain()
    assert run.report()["connected"] is False
    assert listener.connections == 0
    assert_no_leftovers(marker)


@needs_pidns
def test_rlimits_bot_can_reach_localhost_documented(marker: str, tmp_path: Path) -> None:
    """docs/security.md: without bwrap a bot shares the machine's network."""
    listener = Listener()
    try:
        run = play(
            [hostile("connect", marker, listener.port), opponent(marker)], "rlimits", tmp_path
        )
    finally:
        listener.close()
    assert run.report()["connected"] is True
    assert listener.connections == 1
    assert_no_leftovers(marker)


@contextlib.contextmanager
def outsider(marker: str, env: dict[str, str] | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """A process of the test's user outside any sandbox, in a session of its own, carrying the
    marker: what a bot must neither signal nor read (``env``: its environment). Handed on once
    its exec is through: Popen returns when the exec has closed the child's files, which is
    before the kernel lays out the new argv and environment (/proc/PID/environ read empty)."""
    process = subprocess.Popen(
        [PY, "-c", "import time; time.sleep(60)", marker], start_new_session=True, env=env
    )
    try:
        cmdline = Path(f"/proc/{process.pid}/cmdline")
        deadline = time.monotonic() + 10
        while marker.encode() not in cmdline.read_bytes() and time.monotonic() < deadline:
            time.sleep(0.005)
        yield process
    finally:
        process.kill()
        process.wait()


@needs_pidns
@pytest.mark.parametrize("sandbox", [mode_param("none"), *LIMITED])
def test_the_referees_environment_does_not_leak(sandbox: str, marker: str, tmp_path: Path) -> None:
    """Not inherited (the referee's environment holds the canary while the match runs), and
    not read in /proc from a process of the referee's user started with it (standing in for
    the referee's own process, which a `thousand` process would be)."""
    with outsider(marker, env={**os.environ, CANARY: SECRET}) as holder:
        environ = Path(f"/proc/{holder.pid}/environ")
        assert CANARY.encode() in environ.read_bytes()  # there to be found
        run = play([hostile("env", marker), opponent(marker)], sandbox, tmp_path)
    report = run.report()
    assert report["environ"] == []
    allowed = {"PATH", "LANG", "HOME", "TMPDIR"} | ({"PWD"} if sandbox == "bwrap" else set())
    assert set(report["keys"]) == allowed
    if sandbox != "none":  # mode none keeps the machine's /proc (docs/security.md)
        assert report["proc_environ"] == []
    assert_no_leftovers(marker)


def _snoop(sandbox: str, marker: str, tmp_path: Path) -> tuple[Run, dict[str, Any]]:
    pattern = f"{tempfile.gettempdir()}/thousand-bot-*/secret.txt|{tmp_path}/**/*.jsonl.part"
    run = play([hostile("secret", marker), hostile("snoop", marker, pattern)], sandbox, tmp_path)
    secret = run.report(0)
    assert not os.path.exists(secret["cwd"]), "the working directory was not removed"
    assert secret["cwd"] == secret["home"] != str(ROOT)
    snoops = run.reports(1)  # one a decision: what it read at any of them
    assert snoops, run.explain()
    movers = run.movers()  # the secret is written at its bot's first move: looked at after it
    assert 1 in movers[movers.index(0) + 1 :], movers
    read = {path: text for snoop in snoops for path, text in snoop["read"].items()}
    return run, {"read": read, "cwd_files": snoops[0]["cwd_files"]}


@needs_pidns
@requires("bwrap")
def test_bwrap_bot_sees_neither_the_other_bot_nor_the_replay(marker: str, tmp_path: Path) -> None:
    run, snoop = _snoop("bwrap", marker, tmp_path)
    assert snoop["read"] == {}, snoop
    assert snoop["cwd_files"] == []
    assert run.faults() == []
    assert_no_leftovers(marker)


@needs_pidns
def test_rlimits_bot_can_read_other_files_documented(marker: str, tmp_path: Path) -> None:
    """docs/security.md: in mode rlimits a bot reads what its host user can read — another
    bot's working directory (every bot runs as the same user). An unprivileged referee's bots
    run as the referee, and read the replay being written too; a root referee's run as the
    sandbox user, to whom the referee's private folder (pytest's, mode 700) is closed."""
    _, snoop = _snoop("rlimits", marker, tmp_path)
    assert snoop["cwd_files"] == []  # its own folder starts empty
    assert any(path.endswith("secret.txt") for path in snoop["read"]), snoop
    replay_read = any(path.endswith(".jsonl.part") for path in snoop["read"])
    assert replay_read == (os.geteuid() != 0), snoop
    assert_no_leftovers(marker)


@needs_pidns
@pytest.mark.parametrize("sandbox", LIMITED)
def test_signals_to_the_parent_and_others_do_not_land(
    sandbox: str, marker: str, tmp_path: Path
) -> None:
    """The bot SIGKILLs its parent, a process outside (another session), the referee (this
    process: were it hit, the test's worker would die) and whatever carries the marker."""
    referee = os.getpid()
    with outsider(marker) as target:
        pids = f"{target.pid},{referee}"
        run = play([hostile("signal", marker, pids), opponent(marker)], sandbox, tmp_path)
        assert target.poll() is None, "the bot killed a process outside its sandbox"
    report = run.report()
    assert report["visible"] == [], report
    for pid in (target.pid, referee):
        assert report["signals"][f"kill {pid}"] != "ok", report
        assert report["signals"][f"killpg {pid}"] != "ok", report
    assert run.faults() == [], run.explain()  # the opponent (and the bot itself) played on
    assert_no_leftovers(marker)


@needs_pidns
@pytest.mark.parametrize("sandbox", LIMITED)
def test_the_opponents_pipe_is_out_of_reach(sandbox: str, marker: str, tmp_path: Path) -> None:
    run = play([hostile("pipe", marker), opponent(marker)], sandbox, tmp_path)
    report = run.report()
    assert report["written"] == {} and report["visible"] == [], report
    assert run.faults() == [], run.explain()
    assert_no_leftovers(marker)


# ---------------------------------------------------------------------------- lifetime


@needs_pidns
@pytest.mark.parametrize("sandbox", LIMITED)
def test_sleeping_after_closing_stdout_is_a_fault(
    sandbox: str, marker: str, tmp_path: Path
) -> None:
    """Under bwrap the sandbox's own processes hold the pipe too, so the closed stdout is only
    noticed when the bot's time is up (docs/security.md) — but it is still named as such."""
    run = play([hostile("close_sleep", marker), opponent(marker)], sandbox, tmp_path)
    assert [f["kind"] for f in run.faults()] == ["closed_stdout"], run.explain()
    assert_no_leftovers(marker)


@needs_pidns
@pytest.mark.parametrize("sandbox", [mode_param("none"), *LIMITED])
def test_a_double_forked_daemon_dies_with_the_bot(
    sandbox: str, marker: str, tmp_path: Path
) -> None:
    run = play([hostile("daemon", marker), opponent(marker)], sandbox, tmp_path)
    assert run.report() == {"daemon": True}
    assert run.faults() == [], run.explain()
    assert_no_leftovers(marker)


@needs_pidns
@pytest.mark.parametrize("sandbox", [mode_param("none"), *LIMITED])
def test_a_bot_named_by_relative_path_runs_from_its_fresh_folder(
    sandbox: str, marker: str, tmp_path: Path
) -> None:
    relative = shlex.join([PY, str(HOSTILE.relative_to(ROOT)), "secret", marker])
    run = play([relative, opponent(marker)], sandbox, tmp_path)
    report = run.report()
    assert run.faults() == [], run.explain()
    assert Path(report["cwd"]).name.startswith("thousand-bot-")
    assert not os.path.exists(report["cwd"])
    assert_no_leftovers(marker)
