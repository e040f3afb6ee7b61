"""Every page the contest server renders, checked for its structure in a real headless
Chromium, not only for its text: a tab title without markup, ``<body data-page>`` naming the
page, the body made of the header, the main part and the footer and nothing loose beside
them, and a contestant's bot logs each shown once.

Issue 27, item 7: /mine had its "bot's stderr" section pasted into ``{% block title %}`` and
``{% block page %}``. Every test that looked for the text still passed — the text was there,
three times: as the tab's title, as loose text above the navigation bar ending in ``">``, and
in its place.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import markupsafe

from referee.ladder import paths
from referee.safetext import NAME_LIMIT, for_terminal
from tests.browser import Page
from tests.web.conftest import (
    FORGED,
    OWNED,
    OWNER,
    Contestants,
    Server,
    assert_clean_page,
    copy_ladder,
    own,
    wait_for,
)
from tests.web.support_accounts import invite

STRUCTURE = """(() => {
  const body = document.body;
  const loose = [...body.childNodes]
    .filter(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim())
    .map(n => n.textContent.trim().slice(0, 80));
  return {
    title: document.title,
    page: body.dataset.page,
    children: [...body.children].map(e => e.tagName),
    loose: loose,
    titles: document.querySelectorAll('head > title').length,
    navs: document.querySelectorAll('body > header > nav').length,
  };
})()"""


def structure(page: Page, url: str) -> dict[str, Any]:
    page.open(url)
    found: dict[str, Any] = page.js(STRUCTURE)
    return found


def assert_page(page: Page, server: Server, path: str, name: str, title: str) -> None:
    """The page at ``path`` is the page ``name``, titled ``title`` as text."""
    found = structure(page, server.url + path)
    assert found["page"] == name, (path, found)
    assert found["title"] == title, (path, found)
    assert found["children"] == ["HEADER", "MAIN", "FOOTER"], (path, found)
    assert found["loose"] == [], (path, found)
    assert found["titles"] == 1 and found["navs"] == 1, (path, found)
    if name == "error":  # the browser reports the 404 itself, as it should: that one only
        page.flush()
        answered = f"status of 404 (Not Found) {server.url}{path}"
        page.errors[:] = [e for e in page.errors if not e.endswith(answered)]
    assert_clean_page(page, server)


def assert_answered_page(page: Page, name: str, title: str) -> None:
    """The page a form's answer left in the tab is the page ``name``, titled ``title``."""
    found = page.js(STRUCTURE)
    assert found["page"] == name and found["title"] == title, found
    assert found["children"] == ["HEADER", "MAIN", "FOOTER"] and found["loose"] == [], found


def segment(name: str) -> str:
    return urllib.parse.quote(name, safe="")


def test_every_public_page_has_its_structure(page: Page, contestants: Contestants) -> None:
    """On the contestants' copy of the example ladder: its hostile names, and one forging an
    event of the live stream."""
    server = contestants.server
    page.call("Network.clearBrowserCookies")  # a stranger's, whatever the module did before
    rows = server.get("/api/standings").json()["rows"]
    recent = server.get("/api/live").json()["recent"][0]["id"]
    pages = [
        ("/", "standings", "Standings — Thousand ladder"),
        ("/live", "live", "Live — Thousand ladder"),
        ("/rules", "rules", "Rules — Thousand ladder"),
        (f"/games/{recent}", "game", f"Match {recent} — Thousand ladder"),
        (f"/games/{recent}?game=2", "game", f"Match {recent} — Thousand ladder"),
        ("/login", "login", "Log in · Thousand ladder"),
        ("/games/999999", "error", "Not found — Thousand ladder"),
        ("/games/99999999999999999999", "error", "Not found — Thousand ladder"),
        (f"/games/{recent}?game=99", "error", "Not found — Thousand ladder"),
        ("/games/1/replay/99", "error", "Not found — Thousand ladder"),
        ("/entrants/nobody", "error", "Not found — Thousand ladder"),
        ("/no/such/page", "error", "Not found — Thousand ladder"),
    ]
    # Every entrant's page, the hostile names among them: its title is the name as text. Not
    # the one holding line breaks (FORGED, there for the live stream's test): no page answers
    # to it — the route's path parameter stops at a newline — a limit of its own, not this
    # test's claim.
    for row in rows:
        if row["name"] == FORGED:
            continue
        title = for_terminal(row["name"], NAME_LIMIT) + " — Thousand ladder"
        pages.append((f"/entrants/{segment(row['name'])}", "entrant", title))
    for path, name, title in pages:
        assert_page(page, server, path, name, title)
    # The replay viewer is its own document (the page `replay export` writes), in a frame of
    # the game page: its title is text too.
    page.open(server.url + f"/games/{recent}/replay/1")
    assert "<" not in page.js("document.title")


def log_in(page: Page, server: Server, token: str) -> None:
    """Through the login form, as a person would (the session cookie is the browser's)."""
    page.open(server.url + "/login")
    page.js(f"document.getElementById('token').value = {token!r}")
    page.js("document.querySelector('form[action=\"/login\"]').submit()")
    wait_for(
        page,
        "location.pathname === '/mine' && document.readyState === 'complete'",
        20,
        "the /mine page",
    )


def test_the_contestants_pages_have_their_structure_and_each_log_once(
    page: Page, contestants: Contestants
) -> None:
    """As the account that owns ``gamma`` (the example dice bot, which writes to stderr)."""
    server, token = contestants.server, contestants.token
    page.call("Network.clearBrowserCookies")
    bearer = {"Authorization": f"Bearer {token}"}
    mine = server.client.get("/api/bots/mine", headers=bearer).json()
    logs = {m["match"]: len(m["logs"]) for m in mine["matches"]}
    assert mine["entrant"]["name"] == OWNED and sum(logs.values()) >= 2, mine

    log_in(page, server, token)
    assert_page(page, server, "/mine", "mine", "My bot · Thousand ladder")
    shown = page.js(
        "[...document.querySelectorAll('details.match-logs')].map(d => "
        "[d.id, d.querySelectorAll('pre').length])"
    )
    assert shown == [[f"logs-{match}", count] for match, count in logs.items()]
    # Each log's own text is in its match's section.
    for match in mine["matches"]:
        for log in match["logs"]:
            sections = page.js(
                "(text => [...document.querySelectorAll('pre')]"
                ".filter(p => p.textContent === text).map(p => p.closest('details')?.id))"
                f"({json.dumps(log['text'])})"
            )
            assert f"logs-{match['match']}" in sections, (match["match"], log["file"], sections)
    # And each section is sent once (the broken page sent it three times: twice as text).
    with httpx.Client(base_url=server.url, cookies=page_cookies(page)) as browser:
        html = browser.get("/mine").text
    for match in logs:
        assert html.count(f'id="logs-{match}"') == 1, match
    # Each log's text once, in its <pre>, and none of it in the tab's title.
    title = html[html.index("<title>") : html.index("</title>")]
    texts = [log["text"] for m in mine["matches"] for log in m["logs"] if log["text"].strip()]
    for text in texts:
        sent = f"<pre>{markupsafe.escape(text)}</pre>"
        assert html.count(sent) == texts.count(text), text[:200]
        assert text.strip().splitlines()[0][:40] not in title

    assert_page(page, server, "/submit", "submit", "Submit · Thousand ladder")
    # The submit page again, with the server's refusal in it (this ladder's sandbox is weak:
    # submissions are closed).
    page.js("document.querySelector('form[action=\"/submit\"] input[type=file]').required = false")
    page.js("document.querySelector('form[action=\"/submit\"]').submit()")
    wait_for(page, "!!document.querySelector('.error')", 20, "the refusal")
    assert_answered_page(page, "submit", "Submit · Thousand ladder")


def page_cookies(page: Page) -> dict[str, str]:
    """The browser's cookies for the server (its session), to fetch the page's HTML as sent."""
    cookies = page.call("Network.getCookies")["cookies"]
    return {c["name"]: c["value"] for c in cookies}


def test_a_failed_login_is_still_the_login_page(page: Page, contestants: Contestants) -> None:
    server = contestants.server
    page.call("Network.clearBrowserCookies")  # not logged in, whatever the module did before
    page.open(server.url + "/login")
    page.js("document.getElementById('token').value = 'not-a-token'")
    page.js("document.querySelector('form[action=\"/login\"]').submit()")
    wait_for(page, "!!document.querySelector('.error')", 20, "the refusal")
    assert_answered_page(page, "login", "Log in · Thousand ladder")


HOSTILE_LOG = (
    '</pre></details>"><script>alert(1)</script>{% endblock %}</title>\n'
    "\x1b[2J\x1b]0;pwned\x07 \u202eevil\r\n"
    "a second line\n"
)
"""What a bot can write on its stderr: markup closing the page's elements and the title,
template syntax, terminal commands and a right-to-left override."""


def test_a_hostile_log_is_shown_once_as_text(
    page: Page, example_ladder: Path, tmp_path: Path, serve: Callable[..., Server]
) -> None:
    """The owner's page shows the log exactly once, escaped for HTML and for a terminal (its
    lines kept), and nothing of it reaches the tab's title or the body's data-page."""
    db = copy_ladder(example_ladder, tmp_path)
    token = invite(db, OWNER)
    own(db, OWNER, OWNED)
    server = serve(db)
    bearer = {"Authorization": f"Bearer {token}"}
    latest = server.client.get("/api/bots/mine", headers=bearer).json()["matches"][0]
    logs = paths.files_dir(db) / "replays" / f"match-{latest['match']:06d}" / "logs"
    (logs / latest["logs"][0]["file"]).write_text(HOSTILE_LOG, encoding="utf-8")

    page.call("Network.clearBrowserCookies")
    log_in(page, server, token)
    assert_page(page, server, "/mine", "mine", "My bot · Thousand ladder")
    escaped = "\n".join(for_terminal(line) for line in HOSTILE_LOG.split("\n"))
    shown = page.js(
        "(text => [...document.querySelectorAll('pre')].filter(p => p.textContent === text)"
        f".map(p => p.closest('details')?.id))({json.dumps(escaped)})"
    )
    assert shown == [f"logs-{latest['match']}"]
    assert page.js("document.querySelectorAll('script').length") == 1  # live.js alone
    with httpx.Client(base_url=server.url, cookies=page_cookies(page)) as browser:
        html = browser.get("/mine").text
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") == 1
    assert "<script>alert" not in html and "\x1b" not in html and "\u202e" not in html
    assert "{% endblock %}" in html  # as text: a log is never a template
