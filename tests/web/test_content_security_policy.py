"""Every page's Content-Security-Policy is at least as strict as it was before one builder
(referee/csp.py) made them all.

``BEFORE`` holds the policy each kind of page carried when the builders were still separate,
read from the code of that day (commit ee20b52) and checked by eye. What each directive is
for:

- ``default-src 'none'``: whatever a page does not name below, it may not load at all;
- ``script-src``: ``'self'`` runs the server's own script files; ``'sha256-…'`` runs one inline
  script whose exact text the page vouches for (the viewer's); ``'unsafe-inline'`` runs any
  inline script, which is what the written viewer file allowed;
- ``style-src``: the server's style sheets (``'self'``) and inline styles (``'unsafe-inline'``,
  which run nothing: the pages draw with ``style=`` attributes);
- ``img-src``, ``font-src``: the server's images and fonts, and ``data:`` images (card faces,
  icons drawn in the page);
- ``connect-src 'self'``: requests back to the server (the live page's events, the browser
  seat's polls and choices);
- ``frame-src 'self'``: the game page shows the server's viewer page in a frame;
- ``form-action``: where a form may be sent (the server's own forms; no form anywhere else);
- ``base-uri 'none'``: no ``<base>``, which would move every relative link;
- ``object-src 'none'``: no plugins;
- ``frame-ancestors``: who may frame the page (its own server, or nobody) — a header-only
  directive, which a ``<meta>`` policy cannot carry.

The standings page carried no policy at all, so anything it gets is stricter.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import html
import re
from pathlib import Path

import pytest

from referee.csp import inline_scripts
from referee.games.tournament_report import tournament_html
from referee.ladder import standings, store
from referee.play.browser import HEADERS as SEAT_HEADERS
from referee.replay.export import export_html
from tests.web.conftest import Server

OWN_SCRIPT = "'sha256-(its own script)'"
"""In ``BEFORE``: the hash of the viewer page's own inline script, whatever that script is."""

BEFORE: dict[str, str | None] = {
    "server": (
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src 'self'; "
        "form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'self'"
    ),
    "viewer served": (
        f"default-src 'none'; script-src {OWN_SCRIPT}; style-src 'unsafe-inline'; "
        "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
    ),
    "viewer file": (
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"
    ),
    "seat": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "tournament file": "default-src 'none'; style-src 'unsafe-inline'",
    "standings file": None,
}

FALLBACK = {
    "script-src": ("default-src",),
    "style-src": ("default-src",),
    "img-src": ("default-src",),
    "font-src": ("default-src",),
    "connect-src": ("default-src",),
    "media-src": ("default-src",),
    "object-src": ("default-src",),
    "manifest-src": ("default-src",),
    "child-src": ("default-src",),
    "frame-src": ("child-src", "default-src"),
    "worker-src": ("child-src", "script-src", "default-src"),
    "base-uri": (),
    "form-action": (),
    "frame-ancestors": (),
}
"""Each directive a page's safety rests on, and where the browser looks when a policy does not
say it (a directive with no fallback and not said allows everything)."""

Sources = frozenset[str] | None
"""What a directive allows: a set of sources, or None for anything."""


def parse(policy: str | None, *, meta: bool = False) -> dict[str, frozenset[str]]:
    directives: dict[str, frozenset[str]] = {}
    for part in (policy or "").split(";"):
        words = part.split()
        if words and words[0].lower() not in directives:  # the browser keeps the first
            directives[words[0].lower()] = frozenset(w for w in words[1:] if w != "'none'")
    if meta:
        directives.pop("frame-ancestors", None)  # ignored in a <meta> policy
    return directives


def allowed(directives: dict[str, frozenset[str]], name: str) -> Sources:
    for looked in (name, *FALLBACK[name]):
        if looked in directives:
            return directives[looked]
    return None


def _inline(source: str) -> bool:
    return source.startswith(("'sha256-", "'sha384-", "'sha512-", "'nonce-"))


def covers(old: Sources, new: Sources) -> bool:
    """True when everything ``new`` allows, ``old`` allowed. One inline script by its hash is
    less than any inline script ('unsafe-inline', which a browser honours only in a directive
    holding no hash or nonce)."""
    if old is None:
        return True
    if new is None:
        return False
    any_inline = "'unsafe-inline'" in old and not any(_inline(s) for s in old)
    return all(s in old or (any_inline and _inline(s)) for s in new)


def at_least_as_strict(new: str, old: str | None, *, meta: bool) -> list[str]:
    """The directives in which ``new`` allows something ``old`` did not (none: as strict)."""
    before, after = parse(old, meta=meta), parse(new, meta=meta)
    return [name for name in FALLBACK if not covers(allowed(before, name), allowed(after, name))]


def meta_policy(page: str) -> str:
    """The page's one ``<meta http-equiv>`` policy."""
    found = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page)
    assert len(found) == 1, found
    return html.unescape(found[0])


def own_script(page: str) -> str:
    (script,) = re.findall(r"<script>(.*?)</script>", page, re.DOTALL)
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"


def test_the_comparison_refuses_a_looser_policy() -> None:
    """The comparison below can fail: each way a policy could be loosened is caught."""
    server = BEFORE["server"]
    assert server is not None
    assert at_least_as_strict(server, server, meta=False) == []
    looser = {
        "script-src": server.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
        "frame-ancestors": server.replace("; frame-ancestors 'self'", ""),
        "connect-src": server.replace("connect-src 'self'", "connect-src 'self' https:"),
        "base-uri": server.replace("base-uri 'none'", "base-uri 'self'"),
    }
    for directive, policy in looser.items():
        assert directive in at_least_as_strict(policy, server, meta=False), policy
    tournament = BEFORE["tournament file"]
    assert tournament is not None
    assert at_least_as_strict("default-src *", tournament, meta=True) != []
    assert at_least_as_strict(tournament + "; img-src data:", tournament, meta=True) == ["img-src"]
    # A hash is narrower than 'unsafe-inline'; 'unsafe-inline' is wider than a hash.
    assert (
        at_least_as_strict("script-src 'sha256-x'", "script-src 'unsafe-inline'", meta=True) == []
    )
    assert at_least_as_strict("script-src 'unsafe-inline'", "script-src 'sha256-x'", meta=True) == [
        "script-src",
        "worker-src",
    ]


@pytest.fixture(scope="module")
def served(
    example_server: Server, example_ladder: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, tuple[str, str, bool]]:
    """Each kind of page: (its policy now, the page, whether the policy is a <meta>)."""
    folder = tmp_path_factory.mktemp("policies")
    home = example_server.get("/")
    viewer = example_server.get("/games/1/replay/1")
    assert home.status_code == 200 and viewer.status_code == 200
    with contextlib.closing(store.connect(example_ladder, write=False)) as db:
        replay = Path(standings.matches(db, last=1)[0].replays[0])
        written = standings.write_html(db, folder / "index.html")
    viewer_file = export_html(replay, folder / "game.html").read_text(encoding="utf-8")
    standings_file = written.read_text(encoding="utf-8")
    report = tournament_html(TOURNAMENT)
    return {
        "server": (home.headers["content-security-policy"], home.text, False),
        "viewer served": (viewer.headers["content-security-policy"], viewer.text, False),
        "viewer file": (meta_policy(viewer_file), viewer_file, True),
        "seat": (SEAT_HEADERS["Content-Security-Policy"], "", False),
        "tournament file": (meta_policy(report), report, True),
        "standings file": (meta_policy(standings_file), standings_file, True),
    }


@pytest.mark.parametrize("kind", list(BEFORE))
def test_every_policy_is_at_least_as_strict_as_before(
    kind: str, served: dict[str, tuple[str, str, bool]]
) -> None:
    policy, page, meta = served[kind]
    before = BEFORE[kind]
    if before is not None and OWN_SCRIPT in before:
        before = before.replace(OWN_SCRIPT, own_script(page))
    assert at_least_as_strict(policy, before, meta=meta) == [], policy


@pytest.mark.parametrize("kind", list(BEFORE))
def test_no_page_runs_a_script_it_does_not_name(
    kind: str, served: dict[str, tuple[str, str, bool]]
) -> None:
    """Whatever else changes: no page runs an inline script but by its exact text, loads
    nothing from another origin, and takes no <base>; a page written to a file names every
    inline script it has."""
    policy, page, meta = served[kind]
    directives = parse(policy, meta=meta)
    assert directives["default-src"] == frozenset()
    scripts = allowed(directives, "script-src")
    assert scripts is not None
    assert all(s == "'self'" or s.startswith("'sha256-") for s in scripts), scripts
    assert not re.search(r"https?:|\*", policy)
    assert directives["base-uri"] == frozenset()
    if meta:
        hashes = {s for s in scripts if s.startswith("'sha256-")}
        assert len(hashes) == len(inline_scripts(page))


TOURNAMENT = {
    "game": "dice",
    "format": "round-robin",
    "rules": "classic",
    "players": 2,
    "seed": "1",
    "tables": [{"table": 0, "bots": [0, 1]}],
    "games_played": 2,
    "bots": [
        {"bot": 0, "name": "a", "games": 2, "wins": 1, "mean_place": 1.5, "mean_score": 500.0},
        {"bot": 1, "name": "b", "games": 2, "wins": 1, "mean_place": 1.5, "mean_score": 500.0},
    ],
    "ranking": [
        {"rank": 1, "bot": 0, "name": "a", "elo": 0.0, "elo_95": [-100.0, 100.0]},
        {"rank": 2, "bot": 1, "name": "b", "elo": 0.0, "elo_95": [-100.0, 100.0]},
    ],
    "crosstable": [[None, None], [None, None]],
}
"""The smallest tournament document the page draws (the page's policy does not depend on it)."""
