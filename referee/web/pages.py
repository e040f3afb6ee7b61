"""Server-rendered pages: standings, entrants, games, live matches, the contest's rules."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
