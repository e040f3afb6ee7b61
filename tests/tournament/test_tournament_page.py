"""The tournament's page (``tournament --html``) shows a bot's name as text, whatever the name
holds: markup, a template expression, quotes and ampersands. The page is drawn from a document
of the shape ``tournament --json`` writes (two bots of three duplicate pairs at 2-player
tables), so no bot need be run to give it a name."""

from __future__ import annotations

import json
import re
import urllib.parse
from pathlib import Path
from typing import Any

from referee.games.tournament_report import tournament_html
from tests.inprocess import invoke
from tests.page_text import HOSTILE_PAGE_NAMES, Page

PENTANOMIAL = {
    "bots": [0, 1],
    "pairs": 3,
    "counts": [0, 0, 1, 0, 2],
    "score": 0.83,
    "score_95": [0.4, 1.0],
    "elo": 280.0,
    "elo_95": [-70.0, None],
    "stderr": 0.1,
    "trinomial": {"stderr": 0.1, "score_95": [0.5, 1.0], "elo_95": [7.0, None]},
    "narrower": None,
}


def pairs(bots: int) -> list[tuple[int, int]]:
    return [(a, b) for a in range(bots) for b in range(a + 1, bots)]


def document(names: list[str]) -> dict[str, Any]:
    bots = len(names)
    return {
        "game": "dice",
        "format": "round-robin",
        "rules": "classic",
        "players": 2,
        "seed": "7",
        "tables": [
            {"table": t, "bots": [a, b], "games_played": 1, "replays": None}
            for t, (a, b) in enumerate(pairs(bots))
        ],
        "games": [
            {
                "table": t,
                "game": 0,
                "seating": [a, b],
                "ranking": [1, 0],
                "scores": [640, 1005],
                "reason": "goal",
                "faults": [],
                "replay": None,
            }
            for t, (a, b) in enumerate(pairs(bots))
        ],
        "games_played": 6,
        "bots": [
            {"bot": b, "name": n, "games": 6, "wins": 3, "mean_place": 1.5, "mean_score": 480.0}
            for b, n in enumerate(names)
        ],
        "ranking": [
            {"rank": b + 1, "bot": b, "name": n, "elo": 0.0, "elo_95": [-90.0, 90.0]}
            for b, n in enumerate(names)
        ],
        "crosstable": [
            [
                None if a == b else {"games": 6, "ahead": 3, "share": 0.5, "share_95": [0.2, 0.8]}
                for b in range(bots)
            ]
            for a in range(bots)
        ],
        "pentanomial": [PENTANOMIAL],
    }


def test_hostile_names_are_text_on_the_tournament_page() -> None:
    names = HOSTILE_PAGE_NAMES
    text = tournament_html(document(names))
    page = Page(text)
    # Nothing but the page's own markup: no script, no image, no bold, no extra table.
    assert {"script", "img", "b"}.isdisjoint(page.tags)
    tables = pairs(len(names))
    assert page.tags.count("table") == 2 + len(tables)
    ranking = 7  # rank, bot, rating, games, wins, mean place, mean score
    ranked = page.cells[: ranking * len(names)]
    assert ranked[1::ranking] == [f"{b}: {n}" for b, n in enumerate(names)]
    width = 1 + len(names)
    crosstable = page.cells[ranking * len(names) :][: width * len(names)]
    assert crosstable[::width] == [f"{b}: {n}" for b, n in enumerate(names)]
    # Each table's game: the places by name (the winner, seat 1, first), as text.
    games = page.cells[ranking * len(names) + width * len(names) :]
    per_game = 5  # game, places, scores, ended by, replay
    assert games[1::per_game] == [f"{names[b]}, {names[a]}" for a, b in tables]
    assert set(games[3::per_game]) == {"reached the goal"}
    assert "{{7*7}}" in text and ">49<" not in text
    (line,) = page.items
    assert line.startswith(f"{names[0]} vs {names[1]}: pentanomial [0, 0, 1, 0, 2]")


def test_every_game_links_the_replay_the_run_wrote(tmp_path: Path) -> None:
    """A real tournament (built-in players, in this process) with --replays and --html: the
    page, written into another folder, lists every game of every table, each linking,
    relative to the page, to a replay file that exists."""
    pages = tmp_path / "published" / "report"
    pages.mkdir(parents=True)
    argv = ["tournament", "--game", "dice", "--rules", "simple", "--players", "2"]
    argv += ["--games-per-table", "2", "--replays", "out", "--json"]
    argv += ["--html", str(pages / "index.html")]
    argv += ["builtin:random", "builtin:first", "builtin:random"]
    done = invoke(argv, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    html = (pages / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="([^"]+)">', html)
    assert len(links) == len(doc["games"]) == 6
    for link in links:
        assert (pages / urllib.parse.unquote(link)).resolve().is_file(), link
