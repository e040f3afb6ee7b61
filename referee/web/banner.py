"""The contest's state on every page (phase, time left, commitment): a Jinja context
processor, read at each request, since the time left moves even when the ladder does not."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from fastapi import Request

from referee.ladder import contest, store
from referee.web import queries


def banner(request: Request) -> dict[str, Any]:
    """``contest``: the state, or None where the page has no ladder to read (an error page of
    a server whose ladder went away)."""
    path: Path | None = getattr(request.app.state, "db_path", None)
    if path is None:
        return {"contest": None}
    try:
        with queries.reading(path) as db:
            return {"contest": contest.state(db)}
    except (store.LadderError, sqlite3.Error):
        return {"contest": None}
