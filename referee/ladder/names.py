"""What an entrant's name may be: the one rule for ``ladder add`` and a contestant's account.

A name is shown in terminals, pages, tables and URLs: it must be something a person can read,
tell apart and type, and reach in a browser (``/entrants/NAME``).
"""

from __future__ import annotations

import unicodedata

from referee.safetext import NAME_LIMIT

_INVISIBLE = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def name_problem(name: str, what: str = "an entrant's name") -> str | None:
    """Why ``name`` cannot be an entrant's (``what`` names it in the reason), or None."""
    if not name.strip():
        return f"{what} must not be empty or only spaces"
    if name != name.strip():
        return f"{what} must not start or end with a space: {name!r}"
    if len(name) > NAME_LIMIT:  # what every table shows of a name
        return f"{what} is at most {NAME_LIMIT} characters ({len(name)} given)"
    if any(unicodedata.category(c) in _INVISIBLE for c in name):
        return f"{what} must not hold control or invisible characters: {name!r}"
    if name in (".", ".."):  # a browser folds them out of /entrants/NAME: the page is unreachable
        return f"{what} must not be {name!r}"
    return None
