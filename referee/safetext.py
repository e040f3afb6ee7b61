"""Bot-supplied text made safe to show: the one owner of that job.

A bot's hello (name, version, author), an entrant's name, a line a bot sent, and every field
of a replay file (anyone can hand you one) are data that a hostile author chose. Shown as is,
such text can clear a terminal, retitle its window or forge a link (escape sequences), flip
the order of what follows it (bidi overrides), break a rich table (``[/]`` is markup), add a
column to a Markdown table (``|``) or run script in a page (``<script>``). Every place that
shows such text passes it through one of the functions here, chosen by where it goes:

- ``for_terminal``: plain output to a terminal or a pipe;
- ``for_rich``: a string that rich will parse as markup (table cells, ``console.print``);
- ``for_markdown``: a Markdown table cell;
- ``for_html``: HTML text or an attribute value.

Nothing is dropped silently: a control character is replaced by its visible escape (ESC
becomes the four characters ``\\x1b``, a right-to-left override ``\\u202e``), so a reader sees
that the name was odd and what it held.
"""

from __future__ import annotations

import html
import re
from typing import Any

from rich.markup import escape as _rich_escape

NAME_LIMIT = 64
"""Longest name shown in a table cell, in characters (the protocol cuts a hello's name at 64
too; entrant names and replay headers are not cut by anyone else)."""

_BIDI_AND_SEPARATORS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029"
)
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|~])")


# Cc: C0 and C1 controls, DEL (ESC, BEL, CSI, newline: all of them are layout or commands to
# a terminal); Cs: lone surrogates, which cannot even be encoded for output; and the bidi
# controls and line separators. One character class, because every line `replay show` prints
# is checked: a search takes ~1 µs a 78-character line where asking each character's category
# took ~25 µs, a tenth of showing a long dice game (tests/inputs/test_bot_text.py holds the
# class equal to the Unicode categories, code point by point).
_UNSAFE = re.compile(
    r"[\x00-\x1f\x7f-\x9f\ud800-\udfff" + "".join(sorted(_BIDI_AND_SEPARATORS)) + "]"
)


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def is_clean(text: str) -> bool:
    """True when ``for_terminal`` would leave ``text`` as it is."""
    return _UNSAFE.search(text) is None


def shorten(text: str, limit: int) -> str:
    """At most ``limit`` characters, an ellipsis marking a cut."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def as_text(value: Any) -> str:
    """Any value read from a hostile file as a string (a name may arrive as a number, a list or
    null in a replay someone edited)."""
    return value if isinstance(value, str) else str(value)


def for_terminal(value: Any, limit: int | None = None) -> str:
    """Text with every control character, bidi override and line separator replaced by its
    visible escape, cut to ``limit`` characters when given (after escaping, so the cut never
    splits an escape into a raw character)."""
    text = as_text(value)
    if not is_clean(text):
        text = _UNSAFE.sub(_visible, text)
    return text if limit is None else shorten(text, limit)


def for_rich(value: Any, limit: int | None = None) -> str:
    """Text for a string rich parses as markup: terminal-safe, and ``[...]`` kept literal."""
    return _rich_escape(for_terminal(value, limit))


def for_markdown(value: Any, limit: int | None = None) -> str:
    """Text for a Markdown table cell: terminal-safe, HTML escaped (Markdown passes HTML
    through), and Markdown's own punctuation (``|`` above all, which would add a column)
    backslash-escaped."""
    text = html.escape(for_terminal(value, limit), quote=False)
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def for_html(value: Any, limit: int | None = None) -> str:
    """Text for HTML content or a quoted attribute value."""
    return html.escape(for_terminal(value, limit), quote=True)


__all__ = [
    "NAME_LIMIT",
    "as_text",
    "for_html",
    "for_markdown",
    "for_rich",
    "for_terminal",
    "is_clean",
    "shorten",
]
