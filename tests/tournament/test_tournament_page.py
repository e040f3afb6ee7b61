"""The tournament's page (``tournament --html``) shows a bot's name as text, whatever the name
holds: markup, a template expression, quotes and ampersands. The page is drawn from a document
of the shape ``tournament --json`` writes (two bots of three duplicate pairs at 2-player
tables), so no bot need be run to give it a name."""

from __future__ import annotations

from typing import Any

from referee.games.tournament_report import tournament_html
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


def document(names: list[str]) -> dict[str, Any]:
    bots = len(names)
    return {
        "game": "dice",
        "format": "round-robin",
        "rules": "classic",
        "players": 2,
        "seed": "7",
        "tables": [{}] * 3,
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
    assert page.tags.count("table") == 2
    ranking = 7  # rank, bot, rating, games, wins, mean place, mean score
    ranked = page.cells[: ranking * len(names)]
    assert ranked[1::ranking] == [f"{b}: {n}" for b, n in enumerate(names)]
    crosstable = page.cells[ranking * len(names) :]
    assert crosstable[:: 1 + len(names)] == [f"{b}: {n}" for b, n in enumerate(names)]
    assert "{{7*7}}" in text and ">49<" not in text
    (line,) = page.items
    assert line.startswith(f"{names[0]} vs {names[1]}: pentanomial [0, 0, 1, 0, 2]")
