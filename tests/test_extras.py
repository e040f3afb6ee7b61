"""The web stack is an extra (``thousand[server]``): without it, the two commands that need it
say the one install line, and every other command works.

Run in a real environment that lacks the packages: a child Python started without its
site-packages (``-S``), given instead a folder that links every installed distribution but the
web stack's (``site.addsitedir`` reads the ``.pth`` files there, as the normal start-up would,
so an editable install works too). Nothing is patched inside the command.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from referee.cli.extras import SERVER_MODULES

WEB_STACK = ("fastapi", "uvicorn", "python_multipart", "multipart", "starlette")
"""Top-level names left out: the server extra's packages (and the shim python-multipart still
installs as ``multipart``); Starlette comes only with FastAPI."""


@pytest.fixture(scope="module")
def without_web(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("site-without-web")
    installed = Path(sysconfig.get_paths()["purelib"])
    for entry in installed.iterdir():
        top = entry.name.split("-", 1)[0].split(".", 1)[0].lower()
        if top not in WEB_STACK:
            (site / entry.name).symlink_to(entry)
    return site


def _thousand(site: Path, *argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    script = (
        "import site, sys; site.addsitedir(sys.argv[1]); "
        "from referee.cli.main import main; main(sys.argv[2:], prog_name='thousand')"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [sys.executable, "-S", "-c", script, str(site), *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
        check=False,
    )


def test_the_environment_lacks_the_web_stack_and_only_it(without_web: Path, tmp_path: Path) -> None:
    probe = (
        "import site, sys, importlib.util as u; site.addsitedir(sys.argv[1]); "
        "print([m for m in sys.argv[2:] if u.find_spec(m) is None])"
    )
    names = [*SERVER_MODULES, "click", "pydantic", "jinja2", "referee", "thousand"]
    done = subprocess.run(
        [sys.executable, "-S", "-c", probe, str(without_web), *names],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert done.stdout.strip() == repr(list(SERVER_MODULES))


def test_serve_and_the_browser_seat_say_the_install_line(without_web: Path, tmp_path: Path) -> None:
    db = tmp_path / "contest.db"
    init = _thousand(without_web, "ladder", "init", str(db), "--game", "dice", cwd=tmp_path)
    assert init.returncode == 0, init.stderr  # the ladder itself needs no web stack
    for argv, what in (
        (["ladder", "serve", str(db)], "thousand ladder serve"),
        (["play", "--web", "--game", "dice", "builtin:random"], "thousand play --web"),
    ):
        done = _thousand(without_web, *argv, cwd=tmp_path)
        assert done.returncode == 1, done.stderr
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("thousand: error: " + what), done.stderr
        assert "pip install 'thousand[server]'" in lines[0]
