"""The referee run by an ordinary user, as contestants run it on their own machines.

Root can always make a PID namespace; an unprivileged user can make one only inside a user
namespace, which most Linux systems allow. The test drops to user ``nobody`` with setpriv (no
capability kept) and runs ``thousand`` from a Python that user may run, with this checkout
installed in it (THOUSAND_WORLD_PYTHON: .ci/world-python makes one, and .ci/run exports it;
pyenv's Python lives under /root, closed to other users). Its bots, copied into a folder the
user may read, leave a daemon behind on purpose: nothing of it may survive the match.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.referee.conftest import FAULTY, RANDOM_BOT, assert_no_leftovers
from tests.requirements import need, unavailable

NOBODY = 65534
DROP = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
UNSHARE_USER_PID = (
    "import ctypes, sys; sys.exit(ctypes.CDLL(None).unshare(0x10000000 | 0x20000000) != 0)"
)
UNSHARE_PID = "import ctypes, sys; sys.exit(ctypes.CDLL(None).unshare(0x20000000) != 0)"
WORLD_PYTHON = os.environ.get("THOUSAND_WORLD_PYTHON", "")


def as_nobody(*argv: str, **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # type: ignore[call-overload,no-any-return]
        [*DROP, *argv], capture_output=True, text=True, check=False, timeout=60, **options
    )


@pytest.fixture(scope="module")
def world_python() -> str:
    need("root", "setpriv", "world-python")  # root, to act as the unprivileged user
    if as_nobody(WORLD_PYTHON, "-S", "-E", "-c", UNSHARE_PID).returncode == 0:
        unavailable("user nobody may make a PID namespace here: not an unprivileged setup")
    if as_nobody(WORLD_PYTHON, "-S", "-E", "-c", UNSHARE_USER_PID).returncode != 0:
        unavailable("user namespaces are off on this machine: the referee cannot contain it")
    return WORLD_PYTHON


@pytest.mark.parametrize("sandbox", ["none", "rlimits"])
def test_an_unprivileged_referee_leaves_no_daemon_behind(
    world_python: str, marker: str, sandbox: str
) -> None:
    with tempfile.TemporaryDirectory(prefix="thousand-nobody-") as scratch:
        folder = Path(scratch)
        folder.chmod(0o755)
        for script in (FAULTY, RANDOM_BOT):
            shutil.copy(script, folder / script.name)
            (folder / script.name).chmod(0o644)
        os.chown(folder, NOBODY, NOBODY)
        thousand = str(Path(world_python).with_name("thousand"))
        done = as_nobody(
            "env", f"HOME={folder}", f"PATH={os.environ['PATH']}",
            thousand, "match",
            f"{world_python} {folder / FAULTY.name} daemon 1 {marker}",
            f"{world_python} {folder / RANDOM_BOT.name} 1 {marker}",
            "--game", "dice", "--games", "1", "--sandbox", sandbox, "--json",
            cwd=scratch,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert '"faults": {}' in done.stdout
    assert_no_leftovers(marker)
