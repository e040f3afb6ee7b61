"""The referee run by an ordinary user, as contestants run it on their own machines.

Root can always make a PID namespace; an unprivileged user can make one only inside a user
namespace, which most Linux systems allow. The test drops to user ``nobody`` with setpriv,
keeping only the file-access capabilities it needs to run this root-installed Python (not
CAP_SYS_ADMIN: no namespace without a user namespace, no cgroup needed with --sandbox none).
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import FAULTY, PY, RANDOM_BOT, ROOT, assert_no_leftovers

NOBODY = 65534
DROP = [
    "setpriv",
    f"--reuid={NOBODY}",
    f"--regid={NOBODY}",
    "--clear-groups",
    "--inh-caps=-all,+dac_read_search,+dac_override",
    "--ambient-caps=+dac_read_search,+dac_override",
]
UNSHARE_USER_PID = (
    "import ctypes, sys; sys.exit(ctypes.CDLL(None).unshare(0x10000000 | 0x20000000) != 0)"
)
UNSHARE_PID = "import ctypes, sys; sys.exit(ctypes.CDLL(None).unshare(0x20000000) != 0)"


def as_nobody(*argv: str, **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # type: ignore[call-overload,no-any-return]
        [*DROP, *argv], capture_output=True, text=True, check=False, timeout=60, **options
    )


@pytest.fixture(scope="module")
def unprivileged() -> None:
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to act as an unprivileged user")
    if as_nobody(PY, "-S", "-E", "-c", UNSHARE_PID).returncode == 0:
        pytest.skip("user nobody may make a PID namespace here: not an unprivileged setup")
    if as_nobody(PY, "-S", "-E", "-c", UNSHARE_USER_PID).returncode != 0:
        pytest.skip("user namespaces are off on this machine: the referee cannot contain it")


def _reached_only_through_capabilities(*paths: Path) -> bool:
    """Whether user nobody can reach these only through the capabilities DROP keeps: some
    folder above them that others may not enter (a Python under /root, as with pyenv)."""
    for path in paths:
        for folder in Path(os.path.realpath(path)).parents:
            if not folder.stat().st_mode & stat.S_IXOTH:
                return True
    return False


@pytest.mark.xfail(
    _reached_only_through_capabilities(Path(PY), ROOT),
    strict=True,
    reason="limitation of this test's setup: the referee now tries CLONE_NEWUSER|CLONE_NEWPID "
    "when unprivileged, but 'nobody' reaches this machine's Python (under /root) only through "
    "ambient capabilities, which do not hold inside a new user namespace, so the bots cannot "
    "start (exit 126); an unprivileged referee with its own Python is contained",
)
def test_an_unprivileged_referee_leaves_no_daemon_behind(unprivileged: None, marker: str) -> None:
    # The bots as executables in a folder the user can reach (access(2) ignores capabilities,
    # and pytest's own temporary folders are private to root).
    with tempfile.TemporaryDirectory(prefix="thousand-nobody-") as folder:
        Path(folder).chmod(0o755)
        run_as_nobody(Path(folder), marker)
    assert_no_leftovers(marker)


def run_as_nobody(tmp_path: Path, marker: str) -> None:
    for name, script in (("faulty.sh", FAULTY), ("random.sh", RANDOM_BOT)):
        wrapper = tmp_path / name
        wrapper.write_text(f'#!/bin/sh\nexec {PY} {script} "$@"\n')
        wrapper.chmod(0o755)
    done = as_nobody(
        "env",
        f"HOME={tmp_path}",
        PY,
        "-m",
        "referee.cli.main",
        "match",
        f"{tmp_path / 'faulty.sh'} daemon 1 {marker}",
        f"{tmp_path / 'random.sh'} 1 {marker}",
        "--game",
        "dice",
        "--games",
        "1",
        "--sandbox",
        "none",
        "--json",
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert '"faults": {}' in done.stdout
