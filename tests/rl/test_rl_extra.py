"""The rl extra is installed wherever tests/rl should run (CI installs it with '.[test]')."""

from __future__ import annotations

import importlib.util

from tests.requirements import unavailable
from tests.rl.conftest import MISSING, RL_MODULES


def test_the_rl_extra_is_installed() -> None:
    if MISSING:
        unavailable(f"{', '.join(MISSING)} not installed: pip install '.[rl]'")
    assert all(importlib.util.find_spec(name) is not None for name in RL_MODULES)
