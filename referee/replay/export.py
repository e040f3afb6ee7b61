"""HTML export of a replay (being written: see the replay issue)."""

from __future__ import annotations

from pathlib import Path


def export_html(replay: Path, out: Path) -> Path:
    raise OSError("HTML export is not available yet")
