"""The standings page (``ladder standings --html``) shows a contestant's name as text, whatever
the name holds: markup, a template expression, quotes and ampersands."""

from __future__ import annotations

from referee.ladder.standings import MatchRow, StandingRow, Standings, html_page
from tests.page_text import HOSTILE_PAGE_NAMES, Page

NAMES = HOSTILE_PAGE_NAMES


def row(rank: int, name: str, *, flagged: bool = False) -> StandingRow:
    return StandingRow(
        rank=rank,
        name=name,
        rating=1.5,
        mu=25.0,
        sigma=8.0,
        matches=2,
        games=4,
        wins=1,
        mean_place=2.0,
        faults=0,
        fault_games=0,
        flagged=flagged,
        enabled=True,
        version=1,
        last_played="2026-12-03T10:00:00",
    )


def test_hostile_names_are_text_on_the_standings_page() -> None:
    table = Standings(
        game="dice",
        rules="classic",
        players=3,
        sandbox="bwrap",
        matches_done=1,
        rows=[row(rank, name, flagged=rank == 2) for rank, name in enumerate(NAMES, start=1)],
    )
    match = MatchRow(
        id=1,
        status="done",
        finished="2026-12-03T10:00:00",
        entrants=NAMES[:3],
        ranks=[2, 1, 3],
        replays=[],
    )
    text = html_page(table, [(match, [("game 1", "index-games/a&b/match-1.html")])])
    page = Page(text)
    # Nothing but the page's own markup: no script, no image, no bold, no second table.
    assert {"script", "img", "b"}.isdisjoint(page.tags)
    assert page.tags.count("table") == 1
    columns = 10  # rank, name, rating, μ ± σ, matches, games, wins, mean place, faults, last
    assert len(page.cells) == columns * len(NAMES)
    assert [cell.removesuffix(" ⚠ faulty") for cell in page.cells[1::columns]] == NAMES
    assert "{{7*7}}" in text and ">49<" not in text
    (recent,) = page.items
    assert recent.startswith("match 1 · 2026-12-03T10:00:00 · ")
    assert f"{NAMES[0]} (2), {NAMES[1]} (1), {NAMES[2]} (3)" in recent
    assert page.links == ["index-games/a&b/match-1.html"]
