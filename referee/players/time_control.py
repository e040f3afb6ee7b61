"""The chess-clock time control a match plays by.

Its own module, out of the compiled referee (setup.py's REFEREE group): a match's config
carries it to a table's process or a Dask worker, pickled, and a compiled frozen dataclass
cannot be unpickled.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TimeControl:
    """Chess-clock time control, in seconds (protocol.md, "Time control")."""

    startup: float = 10.0
    bank: float = 10.0
    per_move: float = 1.0
    clock: str = "wall"

    def to_json(self) -> dict[str, Any]:
        return {
            "clock": self.clock,
            "startup_ms": round(self.startup * 1000),
            "bank_ms": round(self.bank * 1000),
            "per_move_ms": self.move_ms,
        }

    @functools.cached_property
    def move_ms(self) -> int:
        """The per-move allowance as every request states it (once, not per request)."""
        return round(self.per_move * 1000)
