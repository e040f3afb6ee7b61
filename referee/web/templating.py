"""The Jinja2 environment of the contest server's pages.

Autoescape is on for every template: a contestant's name reaches a page only through it.
Names also pass ``shown`` (``referee.safetext.for_terminal``, cut to ``NAME_LIMIT``), so that
a control character or a right-to-left override in a name appears as its visible escape, as
in every other table the referee prints, instead of silently reordering the page.
"""

from __future__ import annotations

import urllib.parse
from pathlib import Path
from typing import Any

import jinja2
from fastapi.templating import Jinja2Templates

from referee.safetext import NAME_LIMIT, for_terminal
from referee.web.banner import banner

TEMPLATES = Path(__file__).resolve().parent / "templates"


def shown(value: Any, limit: int = NAME_LIMIT) -> str:
    """A contestant's text as a page shows it (HTML escaping follows, by autoescape)."""
    return for_terminal(value, limit)


def log_text(value: Any) -> str:
    """A log a contestant's bot or build wrote, as its owner's page shows it: its lines kept,
    and within them every control character and bidi override shown as its escape (a log
    pasted from the page into a terminal must not command it; HTML escaping follows)."""
    if value is None:
        return ""
    return "\n".join(for_terminal(line) for line in str(value).split("\n"))


def segment(value: Any) -> str:
    """One URL path segment: a name with ``/``, ``?`` or ``#`` in it still names one entrant."""
    return urllib.parse.quote(str(value), safe="")


def share(wins: int, games: int) -> str:
    return f"{100.0 * wins / games:.1f} %" if games else "—"


def number(value: float | None, digits: int = 2) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


environment = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    lstrip_blocks=True,
)
templates = Jinja2Templates(env=environment)
templates.env.filters.update(shown=shown, segment=segment, number=number, log_text=log_text)
templates.env.globals.update(share=share)
templates.context_processors.append(banner)
