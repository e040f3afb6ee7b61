"""A standalone script of the project (a bot in bots/, a bench in bench/) loaded as a module."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load(path: Path, name: str) -> ModuleType:
    """The file at ``path`` run afresh as module ``name``: its own file, not a copy, so a test
    exercises what the referee or a user runs. Registered in sys.modules under ``name``
    (dataclasses look their module up by name); each call makes a new module."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
