"""The contest server's pages over a real uvicorn server: served as HTML that works without
JavaScript (httpx), drawn by a real headless Chromium (standings, the entrant's rating chart,
the game page with the replay viewer), every contestant's name escaped, no console error, no
CSP violation, nothing fetched from elsewhere. (Nothing of a running match is shown: a real
one, held half-way, in test_web_live.py.)"""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path

import pytest

from referee.safetext import NAME_LIMIT, for_terminal
from tests.browser import Page
from tests.inputs.conftest import ESCAPED_TITLE, RAW_CONTROLS
from tests.web.conftest import NAMES, Server, assert_clean_page, wait_for

SCRIPT = "<script>alert(1)</script>"
ARTEFACTS = Path(__file__).resolve().parents[2] / "artefacts"
"""Screenshots of the pages drawn (gitignored), for a person to look at."""


def segment(name: str) -> str:
    return urllib.parse.quote(name, safe="")


def entrant_pages(server: Server) -> list[str]:
    return [f"/entrants/{segment(r['name'])}" for r in server.get("/api/standings").json()["rows"]]


# ---------------------------------------------------------------------- without a browser


def test_every_page_is_html_without_javascript(example_server: Server) -> None:
    for path in ["/", "/live", "/rules", "/games/1", "/entrants/alpha"]:
        response = example_server.get(path)
        assert response.status_code == 200, path
        assert response.headers["content-type"].startswith("text/html"), path
        page = response.text
        assert '<a href="/live">Live</a>' in page and "/static/live.js" in page, path
        # No inline script anywhere: the CSP forbids it and the pages do not need it.
        assert re.findall(r"<script[^>]*>", page) == ['<script src="/static/live.js" defer>'], path
        assert " style=" not in page, path
    standings = example_server.get("/").text
    for name in NAMES:
        assert f'<a href="/entrants/{name}">{name}</a>' in standings
    rows = example_server.get("/api/standings").json()["rows"]
    assert standings.count('<td class="name"><a href="/entrants/') == len(rows)


def test_rules_page_shows_every_rule_and_the_curl_line(example_server: Server) -> None:
    page = example_server.get("/rules").text
    rules = example_server.get("/api/rules").json()
    for key in rules["rules"]:
        assert f"<th>{key}</th>" in page, key
    for key in rules["time"]:
        assert f"<th>{key}</th>" in page, key
    curl = rules["submit"].replace('"', "&#34;")
    assert f'<pre id="curl">{curl}</pre>' in page


def test_hostile_names_are_escaped_on_every_page(example_server: Server) -> None:
    matches = [m["id"] for m in example_server.get("/api/live").json()["recent"]]
    paths = ["/", "/live", *entrant_pages(example_server), *(f"/games/{m}" for m in matches)]
    for path in paths:
        response = example_server.get(path)
        assert response.status_code == 200, path
        page = response.text
        assert SCRIPT not in page, path
        assert "<img" not in page and "onerror" not in page.lower(), path
        for raw in RAW_CONTROLS:
            assert raw not in page, (path, raw)
    standings = example_server.get("/").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in standings
    assert ESCAPED_TITLE in standings and "\\u202eevil" in standings
    # The chart's title and label on the page of a hostile name.
    page = example_server.get(f"/entrants/{segment(SCRIPT)}").text
    assert "<title>Rating history of &lt;script&gt;alert(1)&lt;/script&gt;</title>" in page


def test_replay_viewer_page_has_its_own_strict_policy(example_server: Server) -> None:
    response = example_server.get("/games/1/replay/1")
    assert response.status_code == 200
    policy = response.headers["content-security-policy"]
    assert "script-src 'sha256-" in policy and "unsafe-inline" not in policy.split(";")[1]
    assert "default-src 'none'" in policy and "frame-ancestors 'self'" in policy


def test_static_files_are_only_the_servers_own(example_server: Server) -> None:
    script = example_server.get("/static/live.js")
    assert script.status_code == 200
    assert script.headers["content-type"].startswith("text/javascript")
    for path in [
        "/static/..%2Fpages.py",
        "/static/%2E%2E%2Fapp.py",
        "/static/../pages.py",
        "/static/.hidden.js",
        "/static/nothing.css",
        "/static/live.py",
    ]:
        assert example_server.get(path).status_code == 404, path


# ------------------------------------------------------------------------------ in a browser


def test_standings_drawn_in_the_browser(page: Page, example_server: Server) -> None:
    rows = example_server.get("/api/standings").json()["rows"]
    page.open(example_server.url + "/")
    wait_for(page, "document.documentElement.dataset.updates", 10, "the first live update")
    shown = page.js(
        "[...document.querySelectorAll('#standings tbody tr td.name a')].map(a => a.textContent)"
    )
    assert shown == [for_terminal(r["name"], NAME_LIMIT) for r in rows]
    # The hostile names are text: no element came out of them.
    assert page.js("document.querySelectorAll('script').length") == 1
    assert page.js("document.querySelectorAll('img').length") == 0
    assert page.js("document.title") == "Standings — Thousand ladder"
    page.screenshot(ARTEFACTS / "web-standings.png")
    assert_clean_page(page, example_server)


def test_entrant_chart_drawn_in_the_browser(page: Page, example_server: Server) -> None:
    rows = example_server.get("/api/standings").json()["rows"]
    played = [r for r in rows if r["matches"]]
    # The busiest entrant, and the hostile names that played (the schedule decides which).
    chosen = [max(played, key=lambda r: r["matches"])]
    chosen += [r for r in played if r["name"] not in NAMES][:3]
    for row in chosen:
        page.open(example_server.url + f"/entrants/{segment(row['name'])}")
        drawn = page.js(
            "(p => ({points: p.getAttribute('d').split(/[ML]/).filter(Boolean).length, "
            "declared: +p.dataset.points, length: p.getTotalLength(), "
            "width: p.getBoundingClientRect().width, "
            "title: document.querySelector('#rating-chart title').textContent}))"
            "(document.querySelector('#rating-chart path.rating'))"
        )
        assert drawn["points"] == drawn["declared"] == row["matches"] + 1, drawn
        assert drawn["length"] > 0 and drawn["width"] > 100, drawn
        assert drawn["title"] == "Rating history of " + for_terminal(row["name"], NAME_LIMIT)
        recent = page.js("document.querySelectorAll('#recent tbody tr').length")
        assert recent == min(row["matches"], 20)
        page.screenshot(ARTEFACTS / f"web-entrant-{chosen.index(row)}.png")
        assert_clean_page(page, example_server)
    for row in rows:
        if not row["matches"]:
            page.open(example_server.url + f"/entrants/{segment(row['name'])}")
            assert page.js("document.getElementById('rating-chart')") is None
            assert "No rated match yet." in page.js("document.body.textContent")


@pytest.mark.parametrize("game", [1, 2])
def test_game_page_shows_the_replay_viewer(page: Page, example_server: Server, game: int) -> None:
    page.open(example_server.url + f"/games/3?game={game}")
    frame = "document.getElementById('viewer').contentDocument"
    # Null-safe: the frame's document is made (and replaced) while the page loads.
    wait_for(page, f"{frame}?.documentElement?.dataset.ready", 20, "the replay viewer")
    assert page.js(f"{frame}.documentElement.dataset.errors || ''") == ""
    assert page.js(f"{frame}.location.pathname") == f"/games/3/replay/{game}"
    # One legend entry a seat (the replay names the bots as they introduced themselves).
    assert page.js(f"{frame}.querySelectorAll('#legend .dot').length") == 3
    # The viewer drew the table, and its inline script ran under the server's policy.
    assert page.js(f"{frame}.getElementById('table').children.length") > 0
    assert page.js("document.getElementById('viewer').contentWindow.__csp || []") == []
    page.screenshot(ARTEFACTS / f"web-game-{game}.png")
    assert_clean_page(page, example_server)
