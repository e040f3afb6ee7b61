"""Waits a person may widen through the environment, read once at import.

Each is a number of seconds with a default the referee was measured with; the variable exists
for a machine much slower than ours and for a test that must not depend on the load of the
one it runs on. An environment variable has no one to answer an error to: a value that is not
a number, or outside (0, most], leaves the default.
"""

from __future__ import annotations

import os


def seconds(name: str, default: float, most: float) -> float:
    """``os.environ[name]`` as seconds in (0, ``most``], else ``default``."""
    try:
        value = float(os.environ.get(name, ""))
    except ValueError:
        return default
    return value if 0 < value <= most else default
