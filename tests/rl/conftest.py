"""tests/rl needs the rl extra's packages; without them only test_rl_extra.py runs, and it
skips on a laptop but fails under CI=true (tests/requirements.py's rule)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

RL_MODULES = ("pettingzoo", "gymnasium", "pyspiel", "numpy")
MISSING = [name for name in RL_MODULES if importlib.util.find_spec(name) is None]


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Without the extra, every test module here but the one that says so would fail to import."""
    if MISSING and collection_path.name.startswith("test_"):
        return collection_path.name != "test_rl_extra.py"
    return None
