"""Content-Security-Policy: the one builder of every policy a page of thousand carries.

Each page states what it loads (its own script files, inline scripts by their exact text, inline
styles, ``data:`` images, requests back to its own server, ...) and gets a policy that allows
exactly that: everything starts from ``default-src 'none'``, so whatever a page does not name
is refused by the browser. That is what makes a contestant's name harmless even if some page
forgot to escape it: a ``<script>`` it smuggled in matches no hash and no file, and runs not.

A page served by a server carries its policy in a header; a page written to a file (the replay
viewer, the standings, the tournament report) carries it in a ``<meta http-equiv>`` element,
which the browser honours for everything but ``frame-ancestors`` (it ignores that directive
there, with a console error), so the meta form leaves it out.

Module of its own, at the top of ``referee``, because the pages are spread over the layers
(replay, games, ladder, web, play) and none of them may import a layer above it.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable

HEADER = "Content-Security-Policy"

_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def inline_scripts(page: str) -> list[str]:
    """The texts of a page's inline scripts, as the browser hashes them. Only a bare
    ``<script>`` counts: a data block (``<script type="application/octet-stream">``) is never
    run, so it needs no permission."""
    return _INLINE_SCRIPT.findall(page)


def script_hash(script: str) -> str:
    """A CSP source that allows this exact script text and nothing else."""
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def policy(
    *,
    scripts: Iterable[str] = (),
    script_files: bool = False,
    style_files: bool = False,
    inline_styles: bool = False,
    image_files: bool = False,
    data_images: bool = False,
    font_files: bool = False,
    fetches: bool = False,
    frames: bool = False,
    forms: bool = False,
    framed: bool = False,
    meta: bool = False,
) -> str:
    """The policy of a page that needs what the arguments say, all of it from its own origin
    (``'self'``) or inline, never another origin:

    - ``scripts``: the exact texts of its inline scripts (each allowed by its hash; any other
      inline script, an event-handler attribute or ``eval`` stays blocked);
    - ``script_files``, ``style_files``, ``image_files``, ``font_files``: files from its server;
    - ``inline_styles``: ``<style>`` and ``style=`` (they run nothing);
    - ``data_images``: ``data:`` images (card faces, an icon drawn in the page);
    - ``fetches``: requests back to its server (the live page, the browser seat);
    - ``frames``: pages of its server in an ``<iframe>`` (the game page shows the viewer);
    - ``forms``: forms posted to its server (else no form may be sent anywhere);
    - ``framed``: the page may be framed by its own server's pages (else by no page);
    - ``meta``: the policy goes into a ``<meta>`` element, so ``frame-ancestors`` is left out.

    ``<base>`` and plugins are refused to every page: none needs them, and a ``<base>`` smuggled
    into a page would move every relative link."""
    hashes = [script_hash(script) for script in scripts]
    sources: dict[str, list[str]] = {
        "script-src": (["'self'"] if script_files else []) + hashes,
        "style-src": (["'self'"] if style_files else [])
        + (["'unsafe-inline'"] if inline_styles else []),
        "img-src": (["'self'"] if image_files else []) + (["data:"] if data_images else []),
        "font-src": ["'self'"] if font_files else [],
        "connect-src": ["'self'"] if fetches else [],
        "frame-src": ["'self'"] if frames else [],
    }
    # A fetch directive that allows nothing is default-src already: only the ones that allow
    # something are written.
    directives = ["default-src 'none'"] + [
        f"{name} {' '.join(allowed)}" for name, allowed in sources.items() if allowed
    ]
    directives += [
        # form-action and base-uri do not fall back to default-src: each is always said.
        "form-action " + ("'self'" if forms else "'none'"),
        "base-uri 'none'",
        # Falls back to default-src 'none', but said anyway: plugins are the one kind of
        # content a reader of the policy should not have to work out.
        "object-src 'none'",
    ]
    if not meta:
        directives.append("frame-ancestors " + ("'self'" if framed else "'none'"))
    return "; ".join(directives)


__all__ = ["HEADER", "inline_scripts", "policy", "script_hash"]
