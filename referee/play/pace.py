"""How fast the others' steps pass before the person, one meaning for both seats.

A person sits down to play, not to page: by default each of the others' steps stays on the
screen for ``DEFAULT_PACE`` seconds and the next follows by itself (one press of Enter in the
terminal, or "show the latest step" in the browser, skips to the person's own turn). The
terminal once asked for Enter after every step, which came to hundreds of presses in one dice
game; the browser already played the steps at this pace, and both now read ``pace=None`` the
same way.
"""

from __future__ import annotations

DEFAULT_PACE = 0.7
"""Seconds a step of the others stays before the next: long enough to read its one line."""


def step_seconds(pace: float | None) -> float:
    """The seconds each of the others' steps is shown (``None``: the default; 0: at once)."""
    return DEFAULT_PACE if pace is None else pace
