"""What a test needs of the machine, said once, by name: ``@requires("bwrap", "cc")`` on a
test, or ``need("chromium")`` inside one. A need that the machine cannot meet skips the test
on a laptop and fails it under ``CI=true``: a green CI must mean the sandbox, the browser
pages, the compiled engines and the rest were really tested, never skipped for want of a tool.

Every skip that depends on the machine goes through here (tests/conftest.py checks the marks
as each test is set up); a plain ``pytest.skip`` is left for a test's own reasons. For a need with
no name (a fixture found the machine cannot do something, e.g. mount a tmpfs),
``unavailable(reason)`` is the same rule.

``THOUSAND_TEST_PRETEND_MISSING=bwrap,node`` makes those needs unmet (to see what skips without
them, and for tests/ci/test_ci_tools.py, which checks this rule itself).
"""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
from collections.abc import Callable
from typing import NoReturn

import pytest

from referee.players.containment import has_pid_namespace
from referee.players.sandbox import bwrap_problem, cgroup_controllers


def _tool(name: str, package: str) -> Callable[[], str | None]:
    return lambda: None if shutil.which(name) else f"{name} is not installed ({package})"


def _cgroup(controller: str) -> Callable[[], str | None]:
    def check() -> str | None:
        if controller in cgroup_controllers():
            return None
        return f"no writable {controller} cgroup here (needs root on cgroup v1 or a delegation)"

    return check


def _bwrap() -> str | None:
    problem = bwrap_problem()
    return None if problem is None else f"bwrap unusable here: {problem}"


def _root() -> str | None:
    return None if os.geteuid() == 0 else "needs root"


def _pidns() -> str | None:
    return None if has_pid_namespace() else "no PID namespace here (needs root or user namespaces)"


def _world_python() -> str | None:
    found = os.environ.get("THOUSAND_WORLD_PYTHON", "")
    if found and os.access(found, os.X_OK):
        return None
    return (
        "no Python a normal user may run with thousand installed "
        "(THOUSAND_WORLD_PYTHON; .ci/world-python makes one)"
    )


def _compiled() -> str | None:
    import thousand.cards.state
    import thousand.dice.state

    modules = (thousand.cards.state, thousand.dice.state)
    if all(m.__file__ is not None and not m.__file__.endswith(".py") for m in modules):
        return None
    return "the engines are pure here (an editable install, or no C compiler at install)"


def _numpy() -> str | None:
    if importlib.util.find_spec("numpy") is not None:
        return None
    return "numpy is not installed (the dice solver needs it: pip install '.[solver]')"


CHECKS: dict[str, Callable[[], str | None]] = {
    "bwrap": _bwrap,
    "chromium": _tool("chromium", "Debian: apt-get install chromium"),
    "node": _tool("node", "Debian: apt-get install nodejs"),
    "cc": lambda: (
        None
        if shutil.which("cc") or shutil.which("gcc")
        else "no C compiler (cc) here (Debian: apt-get install gcc)"
    ),
    "setpriv": _tool("setpriv", "Debian: util-linux"),
    "cgroup-memory": _cgroup("memory"),
    "cgroup-pids": _cgroup("pids"),
    "cgroup-cpu": _cgroup("cpuacct"),
    "pidns": _pidns,
    "root": _root,
    "world-python": _world_python,
    "compiled-engines": _compiled,
    "numpy": _numpy,
}
"""Each need, and how to tell why the machine does not meet it (None: it does)."""


@functools.cache
def missing(name: str) -> str | None:
    """Why the machine does not meet the need ``name``, or None."""
    if name not in CHECKS:
        raise KeyError(f"unknown test requirement {name!r}: one of {sorted(CHECKS)}")
    pretended = os.environ.get("THOUSAND_TEST_PRETEND_MISSING", "").split(",")
    if name in pretended:
        return f"{name}: pretended missing (THOUSAND_TEST_PRETEND_MISSING)"
    return CHECKS[name]()


def unavailable(reason: str) -> NoReturn:
    """Skip for something the machine cannot do; under CI=true, fail."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true: this test must run, but {reason}", pytrace=False)
    pytest.skip(reason)


def need(*names: str) -> None:
    """Go on only where the machine meets every need in ``names`` (see ``unavailable``)."""
    for name in names:
        reason = missing(name)
        if reason is not None:
            unavailable(reason)


def requires(*names: str) -> pytest.MarkDecorator:
    """The mark form of ``need``, checked as the test is set up."""
    for name in names:
        if name not in CHECKS:
            raise KeyError(f"unknown test requirement {name!r}: one of {sorted(CHECKS)}")
    return pytest.mark.requires(*names)


def c_compiler() -> str:
    """The C compiler's path, where there is one (see ``need``)."""
    need("cc")
    found = shutil.which("cc") or shutil.which("gcc")
    assert found is not None
    return found
