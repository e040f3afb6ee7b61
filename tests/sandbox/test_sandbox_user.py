"""Who a bot is on the host: never root, whatever the sandbox mode, and never more than a
stranger.

A root referee runs every bot, build and conformance check as the sandbox user (``nobody``
by default). The attacker is tests/sandbox/bots/prowler.py: at its hello it reads the paths it
is given and reports its loot. The test leaves root-only files (mode 600 in a mode-700
folder) in /opt, /usr/local and /srv and a ladder in a mode-700 folder of /opt, and one file
anyone may read in /opt: the prowler reads that one (so it can read what is there to read)
and none of the others — in every mode, from a match, a build, ``bots check`` and
``ladder add``. Its host uid is read from outside, in /proc, while it waits at its hello:
inside bwrap's user namespace ``/proc/self/uid_map`` says ``65534 0 1`` whoever it is, so
only the host's view can tell. On main before the sandbox user (63718f2) every one of these
read the root-only files: the bot was root on the host.

The same attack is made on an unprivileged referee (a normal user running ``thousand`` from a
Python it may read, THOUSAND_WORLD_PYTHON, which .ci/run prepares): its bots run as itself,
and under bwrap its own private ladder folder in /opt is hidden from them.

The referee runs in this process (tests/inprocess.py: the match, ``bots check`` and ``ladder
add`` through click) wherever the claim is about the bot, which stays a real process in the
real sandbox: a root referee's bots are the sandbox user whether the referee is a process of
its own or not. The normal user's referee is a real `thousand` process: its uid is the claim.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from referee.players.containment import LAUNCHER
from referee.players.sandbox import DEFAULT_USER, Sandbox, host_user
from referee.web.build import run_build
from referee.web.settings import BuildLimits
from tests.inprocess import invoke
from tests.ladder.conftest import quick, quick_ok
from tests.processes import processes_with
from tests.referee.conftest import PY, play_match, short_rules
from tests.requirements import need

PROWLER = Path(__file__).resolve().parent / "bots" / "prowler.py"
TOPS = ("/opt", "/usr/local", "/srv")
FAST = ("--time-per-move", "2", "--startup-time", "20")
"""With ``--rules short_rules(...)``: six rounds, as the prowler's attack is at its hello."""


@dataclass
class Private:
    """What the test leaves on the host for the prowler to find."""

    token: str  # in the paths
    word: str  # in the secret files only: a leak, never an echo of a path
    root_only: list[Path]  # secret files, mode 600, each in a mode-700 folder
    ladder: Path  # a mode-700 folder holding a real ladder
    open_file: Path  # readable by anyone: the prowler must get this one

    @property
    def targets(self) -> list[str]:
        return [*(str(p) for p in self.root_only), str(self.ladder), str(self.open_file)]

    def forbidden(self, loot: dict[str, str]) -> list[str]:
        """What the prowler got that it must not: anything but the open file."""
        return [path for path in loot if path != str(self.open_file)]


def _private_folder(top: str, token: str, mode: int = 0o700) -> Path:
    folder = Path(top) / f"thousand-test-{token}"
    folder.mkdir(mode=mode)
    folder.chmod(mode)
    return folder


def _remove(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def private() -> Iterator[Private]:
    need("root")  # only root can leave root-only files in /opt, /usr/local and /srv
    token, word = uuid.uuid4().hex, uuid.uuid4().hex
    made: list[Path] = []
    try:
        secrets = []
        for top in TOPS:
            folder = _private_folder(top, token)
            made.append(folder)
            secret = folder / "secret.txt"
            secret.write_text(f"{word} root-only in {top}\n")
            secret.chmod(0o600)
            secrets.append(secret)
        ladder = _private_folder("/opt", f"ladder-{token}")
        made.append(ladder)
        quick_ok("init", ladder / "contest.db", "--game", "dice")
        public = _private_folder("/opt", f"open-{token}", 0o755)
        made.append(public)
        open_file = public / "open.txt"
        open_file.write_text(f"{word} for anyone\n")
        open_file.chmod(0o644)
        yield Private(token, word, secrets, ladder, open_file)
    finally:
        for folder in made:
            _remove(folder)


def _prowler(*options: str, targets: list[str], python: str = PY, script: Path = PROWLER) -> str:
    return " ".join([python, str(script), *options, *targets])


def _loot(logs: Path) -> list[dict[str, object]]:
    found = []
    for log in sorted(logs.rglob("*.stderr.log")):
        for line in log.read_text(errors="replace").splitlines():
            if line.startswith("REPORT "):
                found.append(json.loads(line[len("REPORT ") :]))
    return found


MODES = ["none", "rlimits", "bwrap"]


@pytest.mark.parametrize("mode", MODES)
def test_a_bot_reads_no_root_only_file_in_any_mode(
    mode: str, private: Private, tmp_path: Path
) -> None:
    if mode == "bwrap":
        need("bwrap")
    bot = _prowler(targets=private.targets)
    run = play_match(
        [bot, "builtin:random"], "--games", "1", "--sandbox", mode, *FAST,
        "--rules", short_rules(tmp_path), replays=tmp_path / "replays", as_json=False,
    )  # fmt: skip
    assert run.returncode == 0, run.explain()
    reports = _loot(tmp_path / "replays")
    assert reports, run.explain()
    for report in reports:
        loot = report["read"]
        assert isinstance(loot, dict)
        assert private.forbidden(loot) == [], loot
        assert str(private.open_file) in loot, report  # it reads what anyone may read
        assert report["uid"] == 65534, report


LAUNCH_PROGRAM = Path(LAUNCHER).name  # the launcher's program, in a world install's path too


def _host_credentials(marker: str, within: float = 20.0) -> dict[str, str]:
    """The status lines (Uid, Gid, Groups, CapEff) of the process running the prowler itself —
    not the launcher or bwrap in front of it, whose command lines hold the prowler's too."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        for proc in processes_with(marker):
            words = proc.cmdline.split()
            if LAUNCH_PROGRAM in proc.cmdline or os.path.basename(words[0]) == "bwrap":
                continue
            if not any(word.endswith("prowler.py") for word in words[:2]):
                continue
            with contextlib.suppress(OSError):
                status = Path(f"/proc/{proc.pid}/status").read_text()
                return {
                    key: value.strip()
                    for key, _, value in (line.partition(":") for line in status.splitlines())
                    if key in ("Uid", "Gid", "Groups", "CapEff", "CapPrm")
                }
        time.sleep(0.02)
    raise AssertionError(f"no prowler carrying {marker} seen within {within} s")


UNNAMED_UID = 64999
"""A uid with no account, as --sandbox-user may name (container images often run such)."""


@pytest.mark.parametrize(
    ("mode", "user"), [*((mode, DEFAULT_USER) for mode in MODES), ("bwrap", str(UNNAMED_UID))]
)
def test_the_bot_is_the_sandbox_user_on_the_host(
    mode: str, user: str, private: Private, tmp_path: Path
) -> None:
    if mode == "bwrap":
        need("bwrap")
    uid, gid = host_user(user)
    marker = f"prowler-{uuid.uuid4().hex}"
    bot = _prowler("--linger", "2", targets=[marker])
    seen: dict[str, str] = {}
    watcher = threading.Thread(target=lambda: seen.update(_host_credentials(marker)))
    watcher.start()
    run = play_match(
        [bot, "builtin:random"], "--games", "1", "--sandbox", mode, "--sandbox-user", user,
        *FAST, "--rules", short_rules(tmp_path), replays=tmp_path / "replays", as_json=False,
    )  # fmt: skip
    watcher.join()
    assert run.returncode == 0, run.explain()
    assert seen["Uid"].split() == [str(uid)] * 4, seen  # real, effective, saved, file system
    assert seen["Gid"].split() == [str(gid)] * 4, seen
    assert seen["Groups"] == "", seen
    assert int(seen["CapEff"], 16) == 0 and int(seen["CapPrm"], 16) == 0, seen


@pytest.mark.parametrize("mode", ["rlimits", "bwrap"])
def test_a_build_reads_no_root_only_file(mode: str, private: Private, tmp_path: Path) -> None:
    if mode == "bwrap":
        need("bwrap")
    folder = tmp_path / "bot"
    folder.mkdir()
    reads = " ".join(f"cat {path} {path}/* 2>/dev/null;" for path in private.targets)
    log = tmp_path / "build.log"
    result = run_build(
        folder, f"{reads} id -u > uid.txt", Sandbox(mode=mode), BuildLimits(seconds=30), log
    )
    assert result.ok, (result, log.read_text())
    text = log.read_text()
    assert f"{private.word} for anyone" in text, text  # the build could read
    assert "root-only" not in text and "SQLite" not in text, text
    made = folder / "uid.txt"
    assert made.read_text().strip() == "65534"
    # The folder is the referee's again, readable by the sandbox user's group only.
    assert made.stat().st_uid == os.geteuid()
    assert made.stat().st_gid == host_user(DEFAULT_USER)[1]
    assert made.stat().st_mode & 0o777 == 0o640, oct(made.stat().st_mode)


def test_the_conformance_check_reads_no_root_only_file(private: Private) -> None:
    """``bots check`` (its own default sandbox) and ``ladder add`` (the ladder's, bwrap):
    a prowler that read anything crashes with it on stderr, which the check shows."""
    bot = _prowler("--leak", targets=[p for p in private.targets if p != str(private.open_file)])
    done = invoke(["bots", "check", "--game", "dice", "--games", "1", bot])
    assert private.word not in done.stdout + done.stderr, done.stdout + done.stderr
    assert done.returncode == 0, done.stdout + done.stderr
    # The same prowler given the open file crashes, and the check shows what it read.
    greedy = _prowler("--leak", targets=[str(private.open_file)])
    done = invoke(["bots", "check", "--game", "dice", "--games", "1", greedy])
    assert done.returncode == 1 and "LEAKED" in done.stdout + done.stderr


def test_ladder_add_checks_in_a_box_that_reads_no_root_only_file(
    private: Private, tmp_path: Path
) -> None:
    need("bwrap")
    db = tmp_path / "contest.db"
    quick_ok("init", db, "--game", "dice", "--players", "2")
    bot = _prowler("--leak", targets=[p for p in private.targets if p != str(private.open_file)])
    added = quick("add", db, "prowler", bot)
    assert private.word not in added.stdout + added.stderr, added.explain()
    assert added.returncode == 0, added.explain()


# ---------------------------------------------------------------------------- a normal user

WORLD_PYTHON = os.environ.get("THOUSAND_WORLD_PYTHON", "")
"""A Python that a normal user may run, with this checkout installed in it (.ci/run makes one
in /opt/thousand-ci: pyenv's Python under /root, mode 700, is not)."""


def _world_python() -> str:
    need("world-python", "setpriv")  # setpriv: to act as a normal user
    return WORLD_PYTHON


@pytest.mark.parametrize("mode", ["rlimits", "bwrap"])
def test_a_normal_users_bots_read_no_root_only_file_nor_under_bwrap_its_own(
    mode: str, private: Private
) -> None:
    """As a normal user (``nobody`` here) the referee's bots run as itself: root-only files
    stay closed in every mode, and under bwrap the user's own mode-700 ladder folder in /opt
    is hidden too. Under rlimits that folder is the bot's to read (docs/security.md)."""
    python = _world_python()
    if mode == "bwrap":
        need("bwrap")
    uid, gid = host_user(DEFAULT_USER)
    os.chown(private.ladder, uid, gid)
    for path in private.ladder.iterdir():
        os.chown(path, uid, gid)
    with tempfile.TemporaryDirectory(prefix="thousand-normal-user-") as scratch:
        folder = Path(scratch)
        folder.chmod(0o755)
        script = folder / "prowler.py"
        shutil.copy(PROWLER, script)
        script.chmod(0o644)
        os.chown(folder, uid, gid)
        bot = _prowler(targets=private.targets, python=python, script=script)
        thousand = os.path.join(os.path.dirname(python), "thousand")
        argv = [
            "setpriv", f"--reuid={uid}", f"--regid={gid}", "--clear-groups",
            thousand, "match", bot, "builtin:random", "--game", "dice", "--games", "1",
            "--sandbox", mode, *FAST, "--replays", str(folder / "replays"),
        ]  # fmt: skip
        env = {"PATH": os.environ["PATH"], "HOME": scratch, "LANG": "C.UTF-8"}
        done = subprocess.run(
            argv, capture_output=True, text=True, timeout=120, check=False, cwd=scratch, env=env
        )
        assert done.returncode == 0, done.stdout + done.stderr
        reports = _loot(folder / "replays")
    assert reports, done.stdout + done.stderr
    for report in reports:
        loot = report["read"]
        assert isinstance(loot, dict)
        assert str(private.open_file) in loot, report
        assert not any("root-only" in text for text in loot.values()), loot
        in_ladder = [path for path in loot if path.startswith(str(private.ladder))]
        assert bool(in_ladder) == (mode == "rlimits"), loot


@pytest.mark.parametrize(
    ("user", "said"),
    [
        ("root", "is root or in root's group"),
        ("0", "is root or in root's group"),
        ("no-such-user-here", "does not exist on this machine"),
        ("Bad User\x1b[31m", "a user name"),
    ],
)
def test_a_sandbox_user_that_cannot_be_is_one_error_line(user: str, said: str) -> None:
    if "a user name" not in said:
        need("root")  # only a root referee becomes the sandbox user
    run = play_match(["builtin:random", "builtin:random"], "--sandbox-user", user, as_json=False)
    lines = run.stderr.strip().splitlines()
    assert run.returncode in (1, 2) and len(lines) == 1, run.explain()
    assert lines[0].startswith("thousand: error:") and said in lines[0], lines
    assert "\x1b" not in run.stderr
