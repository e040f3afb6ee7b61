"""What contestants read: the standings table (text, JSON, Markdown, a self-contained HTML
page) and the list of matches with their replays."""

from __future__ import annotations

import hashlib
import itertools
import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel

from referee import htmlpages
from referee.ladder import paths, store
from referee.ladder.ratings import Rating
from referee.outputs import HTML_PAGE, check_output, write_atomic
from referee.safetext import NAME_LIMIT, for_markdown

FAULTY = 0.5
"""Entrants that faulted in at least this share of their games are flagged."""


class StandingRow(BaseModel):
    rank: int
    name: str
    rating: float
    mu: float
    sigma: float
    matches: int
    games: int
    wins: int
    mean_place: float | None
    faults: int
    fault_games: int
    flagged: bool
    enabled: bool
    version: int
    last_played: str | None


class Standings(BaseModel):
    game: str
    rules: str
    players: int
    sandbox: str | None
    matches_done: int
    rows: list[StandingRow]
    executor: str | None = None
    """Where the last ``ladder run`` played its matches: local, or a Dask scheduler."""


class EntrantRow(BaseModel):
    name: str
    bot: str
    version: int
    enabled: bool
    digest: str | None
    added: str


class MatchRow(BaseModel):
    id: int
    status: str
    finished: str | None
    entrants: list[str]
    ranks: list[int] | None
    replays: list[str]


def standings(db: sqlite3.Connection) -> Standings:
    meta = store.read_meta(db)
    field = store.entrants(db)
    field.sort(key=lambda e: (-Rating(e.mu, e.sigma).conservative, e.name))
    rows = [
        StandingRow(
            rank=index,
            name=e.name,
            rating=round(Rating(e.mu, e.sigma).conservative, 3),
            mu=round(e.mu, 3),
            sigma=round(e.sigma, 3),
            matches=e.matches,
            games=e.games,
            wins=e.wins,
            mean_place=round(e.place_sum / e.games, 3) if e.games else None,
            faults=e.faults,
            fault_games=e.fault_games,
            flagged=e.games > 0 and e.fault_rate >= FAULTY,
            enabled=e.enabled,
            version=e.version,
            last_played=e.last_played,
        )
        for index, e in enumerate(field, start=1)
    ]
    sandbox = meta.get("sandbox")
    mode = meta.get("sandbox_effective") or (
        sandbox.get("mode") if isinstance(sandbox, dict) else sandbox
    )
    done = done_matches(db)
    return Standings(
        game=meta["game"],
        rules=meta.get("rules_label", "?"),
        players=int(meta["players"]),
        sandbox=mode,
        matches_done=int(done),
        rows=rows,
        executor=meta.get("executor"),
    )


def done_matches(db: sqlite3.Connection) -> int:
    """The matches recorded: every match less the running and abandoned ones (the only other
    states the table allows). Counting the done ones walks a million entries of
    ``matches_status`` (~50 ms, bench/scale.py) on every change of a running ladder; counting
    all rows adds up the index's pages without reading their entries (~7 ms), and the others
    are a few."""
    every = db.execute(EVERY_MATCH).fetchone()[0]
    query = "SELECT COUNT(*) FROM matches WHERE status IN ('running', 'abandoned')"
    return int(every) - int(db.execute(query).fetchone()[0])


EVERY_MATCH = "SELECT COUNT(*) FROM matches"
"""A bare count, which SQLite answers from the number of entries each page of the smallest
index records."""


def matches(db: sqlite3.Connection, bot: str | None = None, last: int = 20) -> list[MatchRow]:
    """The latest matches, their replays as absolute paths (found from the database's
    location, whatever the working directory)."""
    here = store.location(db)
    names = {e.id: e.name for e in store.entrants(db)}
    if bot is None:
        chosen: Iterable[store.Match] = itertools.islice(store.matches(db), last)
    else:
        entrant_id = store.entrant_by_name(db, bot).id
        chosen = (store.match(db, i) for i in _match_ids_of(db, entrant_id, last))
    return [
        MatchRow(
            id=match.id,
            status=match.status,
            finished=match.finished,
            entrants=[names.get(i, f"#{i}") for i in match.entrants],
            ranks=match.ranks,
            replays=[str(paths.replay_file(r, here)) for r in match.replays],
        )
        for match in chosen
    ]


def _match_ids_of(db: sqlite3.Connection, entrant_id: int, last: int) -> list[int]:
    """The ids of the entrant's latest ``last`` matches, newest first: the finished ones from
    its results (by index), the running and abandoned ones, which have none, from the few
    matches in those states. Reading every match newest first until ``last`` of its turned up
    took 0.14 s at a million matches for an entrant that plays, and a walk of the whole table
    for one that has not lately."""
    found = [
        int(row[0])
        for row in db.execute(
            "SELECT match_id FROM results WHERE entrant_id = ? ORDER BY match_id DESC LIMIT ?",
            (entrant_id, last),
        )
    ]
    others = db.execute(
        "SELECT id, entrants FROM matches WHERE status IN ('running', 'abandoned') ORDER BY id DESC"
    )
    unfinished: list[int] = []
    for match_id, text in others:
        if len(unfinished) >= last:
            break
        try:
            seated = json.loads(text)
        except (ValueError, TypeError):
            seated = None
        if not isinstance(seated, list):
            seated = store.match(db, match_id).entrants  # says what is damaged
        if entrant_id in seated:
            unfinished.append(int(match_id))
    others.close()
    return sorted(found + unfinished, reverse=True)[:last]


def markdown(table: Standings) -> str:
    lines = [
        f"# Ladder standings — {table.game}, rules {for_markdown(table.rules)}, "
        f"{table.players} players",
        "",
        f"{table.matches_done} matches played · sandbox: "
        f"{for_markdown(table.sandbox or 'none recorded')}"
        + (f" · executor: {for_markdown(table.executor)}" if table.executor else ""),
        "",
        "| rank | name | rating (μ−3σ) | μ ± σ | matches | games | wins | mean place | faults |"
        " last played |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in table.rows:
        flag = " ⚠" if r.flagged else ""
        off = " (disabled)" if not r.enabled else ""
        mean = f"{r.mean_place:.2f}" if r.mean_place is not None else "—"
        # An entrant's name is the contestant's text: a "|" in it must not add a column.
        name = for_markdown(r.name, NAME_LIMIT)
        lines.append(
            f"| {r.rank} | {name}{off}{flag} | {r.rating:.2f} | {r.mu:.2f} ± {r.sigma:.2f} | "
            f"{r.matches} | {r.games} | {r.wins} | {mean} | {r.faults} | "
            f"{for_markdown(r.last_played or '—')} |"
        )
    return "\n".join(lines) + "\n"


def _placed(match: MatchRow) -> list[tuple[str, int | None]]:
    """Who played the match, each with the place they took when the match recorded places."""
    if not match.ranks:
        return [(name, None) for name in match.entrants]
    return list(zip(match.entrants, match.ranks, strict=False))


def html_page(table: Standings, recent: list[tuple[MatchRow, list[tuple[str, str]]]]) -> str:
    """``recent``: matches with (label, relative link) pairs to their exported replays. The page
    is ladder/templates/standings.html, rendered with autoescape (referee/htmlpages.py)."""
    return htmlpages.render(
        "referee.ladder",
        "standings.html",
        title=f"Thousand ladder — {table.game} ({table.rules})",
        table=table,
        recent=[(match, _placed(match), links) for match, links in recent],
    )


def _stale(page: Path, replay: Path) -> bool:
    """A game page is written again when it is missing or older than its replay (a replay
    replaced after the page was made)."""
    try:
        return page.stat().st_mtime_ns < replay.stat().st_mtime_ns
    except FileNotFoundError:
        return True


def _page_for(pages: Path, match_id: int, index: int, replay: Path) -> Path:
    """The game page of one replay, named by a digest of the replay's bytes: a replay whose
    content changed gets a new page whatever its timestamps say (a copy with ``cp -p``), and
    the page of the content it replaced is removed."""
    digest = hashlib.sha256(replay.read_bytes()).hexdigest()[:16]
    stem = f"match-{match_id:06d}-game-{index}"
    page = pages / f"{stem}-{digest}.html"
    for old in pages.glob(f"{stem}-*.html"):
        if old != page:
            old.unlink(missing_ok=True)
    return page


def _database_files(db: sqlite3.Connection) -> list[Path]:
    """The ladder's files: the database and the journals SQLite keeps beside it."""
    files = []
    for _, schema, name in db.execute("PRAGMA database_list"):
        if schema == "main" and name:
            main = Path(name)
            files += [
                main,
                *(main.with_name(main.name + end) for end in ("-wal", "-shm", "-journal")),
            ]
    return files


def write_html(db: sqlite3.Connection, out: Path, recent: int = 10, *, force: bool = False) -> Path:
    """Write the standings page, exporting the replays of the recent matches next to it.
    ``out`` must not be the ladder's database, nor (without ``force``) a file that is not one
    of our pages (referee/outputs.py); it appears in one rename, whole."""
    from referee.replay.export import export_html

    check_output(out, _database_files(db), HTML_PAGE, force)
    table = standings(db)
    out.parent.mkdir(parents=True, exist_ok=True)
    # One folder per ladder (its id): a ladder made anew at the same path never links a page
    # exported from the old one's games, which had the same match numbers.
    pages = out.parent / (out.stem + "-games") / store.ladder_id(db)
    pages.mkdir(parents=True, exist_ok=True)
    linked: list[tuple[MatchRow, list[tuple[str, str]]]] = []
    for match in matches(db, last=recent):
        if match.status != "done":
            continue
        links = []
        for index, replay in enumerate(match.replays):
            source = Path(replay)
            if not source.is_file():
                continue  # deleted by hand: nothing to show, and no page to link
            target = _page_for(pages, match.id, index, source)
            if _stale(target, source):
                export_html(source, target)
            links.append((f"game {index + 1}", str(target.relative_to(out.parent))))
        linked.append((match, links))
    return write_atomic(out, html_page(table, linked))
