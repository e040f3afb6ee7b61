"""A tournament's results: one JSON document, the same as rich tables, and an HTML page.

The document holds, over the games of every table together: per bot its games, wins, mean
place and score; a crosstable of every pair (the share of the games both played in which the
row bot placed above the column bot, with a 95 % Wilson interval — over duplicate groups, the
effective number of games their spread stands for, as ``match`` does); one ranking from a
Plackett–Luce fit of every game (referee/games/plackett_luce.py says why that model); and,
at 2-player tables of duplicate pairs, pentanomial statistics per pair.

Bot names are the bots' own words: every display escapes them (referee/safetext.py).
"""

from __future__ import annotations

import os
import urllib.parse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee import htmlpages
from referee.games import plackett_luce
from referee.games.match_types import GameOutcome
from referee.games.report import END_WORDS, count, pentanomial_line
from referee.games.stats import bot_table, head_to_head, pentanomial
from referee.games.tournament import Tournament
from referee.safetext import NAME_LIMIT, for_rich, for_terminal

MODEL = {
    "name": "plackett-luce",
    "fit": "maximum likelihood (MM, Hunter 2004) with one virtual win and loss against a "
    "reference per bot",
    "scale": "Elo (log strength x 400/ln 10), centred on the bots' mean",
    "error_bars": "95%: 1.96 standard errors from the observed information",
}


def tournament_document(
    tournament: Tournament,
    names: Sequence[str],
    outcomes: Sequence[GameOutcome],
    tables: list[dict[str, Any]],
    stopped: str | None,
    logs: str | None,
) -> dict[str, Any]:
    """``outcomes`` in tournament bot numbers (``tournament.relabel``)."""
    bots = len(tournament.bots)
    stats = bot_table(outcomes, names)
    ratings = plackett_luce.fit(
        bots,
        [[o.plan.seating[seat] for seat in o.result.ranking] for o in outcomes],
    )
    entries = [s.to_json() for s in stats]
    for entry, rating in zip(entries, ratings, strict=True):
        low, high = rating.interval
        entry["rating"] = {"elo": rating.elo, "elo_95": [low, high], "stderr": rating.stderr}
    order = sorted(range(bots), key=lambda b: (-ratings[b].elo, b))
    ranking = [
        {
            "rank": rank,
            "bot": bot,
            "name": names[bot],
            "elo": ratings[bot].elo,
            "elo_95": list(ratings[bot].interval),
            "games": stats[bot].games,
            "mean_place": entries[bot]["mean_place"],
            "mean_score": entries[bot]["mean_score"],
        }
        for rank, bot in enumerate(order, start=1)
    ]
    document: dict[str, Any] = {
        "kind": "tournament",
        "game": tournament.game,
        "rules": tournament.rules_label,
        "players": tournament.seats,
        "format": tournament.form,
        "rotate": tournament.rotate,
        "games_per_table": tournament.games_a_table(),
        "seed": str(tournament.seed),
        "tables": tables,
        "games_planned": tournament.games_planned(),
        "games_played": len(outcomes),
        "time": tournament.time.to_json(),
        "sandbox": tournament.sandbox.describe(),
        "bots": entries,
        "model": MODEL,
        "ranking": ranking,
        "crosstable": crosstable(outcomes, bots, tournament.rotate),
        "stopped": stopped,
        "replays": str(tournament.folder) if tournament.folder else None,
        "logs": logs,
        "games": [game_json(o, tournament.games_a_table()) for o in outcomes],
    }
    if tournament.seats == 2 and tournament.rotate:
        pairs = []
        for a in range(bots):
            for b in range(a + 1, bots):
                penta = pentanomial(outcomes, a, b)
                if penta is not None:
                    pairs.append(penta.to_json())
        document["pentanomial"] = pairs
    return document


def game_json(outcome: GameOutcome, games_a_table: int) -> dict[str, Any]:
    """One game as ``match --json`` lists it, with its table; bots in tournament numbers."""
    return {
        "table": outcome.plan.index // games_a_table,
        "game": outcome.plan.index % games_a_table,
        "seating": list(outcome.plan.seating),
        "ranking": outcome.result.ranking,
        "scores": outcome.result.scores,
        "reason": outcome.result.reason,
        "faults": [f.to_json() for f in outcome.faults],
        "replay": str(outcome.replay) if outcome.replay else None,
    }


def crosstable(outcomes: Sequence[GameOutcome], bots: int, paired: bool) -> list[list[Any]]:
    """``cells[a][b]``: how bot ``a`` fared against bot ``b`` in the games both played (None
    on the diagonal and for pairs that never met)."""
    cells: list[list[Any]] = [[None] * bots for _ in range(bots)]
    for a in range(bots):
        for b in range(a + 1, bots):
            h2h = head_to_head(outcomes, paired, a, b)
            if h2h is None:
                continue
            ahead = round(h2h.score * h2h.games)
            cells[a][b] = {
                "games": h2h.games,
                "ahead": ahead,
                "share": h2h.score,
                "share_95": [h2h.low, h2h.high],
            }
            cells[b][a] = {
                "games": h2h.games,
                "ahead": h2h.games - ahead,
                "share": 1.0 - h2h.score,
                "share_95": [1.0 - h2h.high, 1.0 - h2h.low],
            }
    return cells


def _cell(cell: dict[str, Any] | None) -> str:
    if cell is None:
        return "·"
    low, high = cell["share_95"]
    return f"{100 * cell['share']:.0f}% ({100 * low:.0f}–{100 * high:.0f})"


def _number(value: float | None, digits: int) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def print_tournament(document: dict[str, Any], console: Console) -> None:
    title = (
        f"{document['game']} {document['format']} · rules {for_rich(document['rules'])} · "
        f"{count(len(document['tables']), 'table')} of {document['players']} · "
        f"{count(document['games_played'], 'game')} · seed {document['seed']}"
    )
    table = Table(title=title)
    for column, justify in (
        ("rank", "right"),
        ("bot", "left"),
        ("rating (95% CI)", "right"),
        ("games", "right"),
        ("wins", "right"),
        ("mean place", "right"),
        ("mean score", "right"),
        ("faults", "left"),
    ):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    bots = document["bots"]
    for row in document["ranking"]:
        entry = bots[row["bot"]]
        low, high = row["elo_95"]
        faults = ", ".join(f"{k} {v}" for k, v in sorted(entry["faults"].items())) or "—"
        table.add_row(
            str(row["rank"]),
            Text(f"{row['bot']}: {for_terminal(row['name'], NAME_LIMIT)}"),
            f"{row['elo']:+.0f} ({low:+.0f} to {high:+.0f})",
            str(entry["games"]),
            str(entry["wins"]),
            _number(entry["mean_place"], 2),
            _number(entry["mean_score"], 1),
            faults,
        )
    console.print(table)
    cross = Table(title="crosstable: how often the row bot placed above the column bot (95% CI)")
    cross.add_column("bot", justify="left")
    for entry in bots:
        cross.add_column(str(entry["bot"]), justify="right")
    for entry, cells in zip(bots, document["crosstable"], strict=True):
        cross.add_row(
            Text(f"{entry['bot']}: {for_terminal(entry['name'], NAME_LIMIT)}"),
            *(_cell(cell) for cell in cells),
        )
    console.print(cross)
    console.print(
        "rating: Plackett–Luce fit of every game (Elo scale, mean 0); see docs/tournament.md"
    )
    for penta in document.get("pentanomial", []):
        a, b = penta["bots"]
        console.print(
            Text(
                f"{for_terminal(bots[a]['name'], NAME_LIMIT)} vs "
                f"{for_terminal(bots[b]['name'], NAME_LIMIT)}: {pentanomial_line(penta)}"
            )
        )
    if document.get("stopped"):
        console.print(f"stopped: {document['stopped']}")
    if document.get("sandbox"):
        console.print(f"sandbox: {document['sandbox']}")
    if document.get("replays"):
        console.print(Text(f"replays in {for_terminal(document['replays'])}"))
    if document.get("logs"):
        console.print(Text(f"bot stderr logs in {for_terminal(document['logs'])}"))


def replay_link(replay: str | None, page_folder: Path | None) -> str | None:
    """A replay's address from the page: relative to the folder the page is written to, so the
    report and its replays can be moved or published together; percent-encoded, as a path in
    an ``href`` must be."""
    if replay is None:
        return None
    target = os.path.abspath(replay)
    start = os.path.abspath(page_folder if page_folder is not None else os.curdir)
    return urllib.parse.quote(os.path.relpath(target, start))


def tournament_html(document: dict[str, Any], page_folder: Path | None = None) -> str:
    """A self-contained page (no script, no outside resource): games/templates/tournament.html,
    rendered with autoescape (referee/htmlpages.py), so every text from a bot or the command
    line is escaped. Each table lists its games with a link to the replay the run wrote
    (``page_folder``: where the page goes; the links are relative to it)."""
    title = (
        f"Thousand tournament · {for_terminal(document['game'])} "
        f"{for_terminal(document['format'])} · {count(document['games_played'], 'game')}"
    )
    return htmlpages.render(
        "referee.games",
        "tournament.html",
        title=title,
        document=document,
        bots=document["bots"],
        pentanomial=document.get("pentanomial", []),
        count=count,
        cell_text=_cell,
        pentanomial_line=pentanomial_line,
        games_of=lambda table: [g for g in document.get("games", []) if g["table"] == table],
        replay_link=lambda replay: replay_link(replay, page_folder),
        end_words=END_WORDS,
    )
