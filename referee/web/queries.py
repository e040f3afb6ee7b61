"""What the contest server's pages and JSON API show, read from the ladder's database.

Each page has one pydantic model here and one function that fills it; the page renders the
model through a template and the API returns the same model, so the two never disagree and
OpenAPI publishes the schema of what a page shows.

Nothing here shows what a contestant must not see: an entrant's bot command (paths of the
uploaded files), its logs, or the replay of a match that is still running (its games hold
hidden cards until they end). Names are returned as the contestants wrote them: escaping is
the renderer's job (Jinja2's autoescape, ``referee.safetext``), done where the text is shown.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, Field

from referee.ladder import contest, paths, store
from referee.ladder.contest import ContestState
from referee.ladder.ratings import Rating
from referee.ladder.standings import Standings, done_matches, standings
from referee.replay.reader import ReplayError, ReplayReader
from referee.replay.summary import GameSummary, summarise
from referee.safetext import as_text, shorten
from referee.web import database
from thousand.errors import ThousandError

T = TypeVar("T")

RECENT = 20
"""Matches listed on an entrant's page and on the live page."""
FAULT_MATCHES = 5
"""Faulty matches whose replays are read for an entrant's fault details."""
FAULT_DETAILS = 10
"""Fault details shown for one match."""
DETAIL_LIMIT = 300
"""Characters of a fault's detail shown (it may quote a line the bot wrote)."""
HISTORY_LIMIT = 1000
"""Points of an entrant's rating chart: the latest ones (a chart of more says no more)."""


class RatingPoint(BaseModel):
    """The rating after one match (``match_id`` None: the starting rating)."""

    match_id: int | None
    finished: str | None
    mu: float
    sigma: float
    rating: float


class EntrantVersion(BaseModel):
    version: int
    matches: int
    first_played: str | None
    last_played: str | None
    current: bool


class FaultDetail(BaseModel):
    """One fault of an entrant in one game, as the replay recorded it (public once the match
    is over, as the whole replay is)."""

    game: int
    """1-based, as on the match's page."""
    kind: str
    detail: str


class EntrantMatch(BaseModel):
    id: int
    finished: str | None
    version: int
    rank: int
    games: int
    wins: int
    faults: int
    fault_games: int
    others: list[str]
    fault_kinds: dict[str, int]
    """Faults of the whole match by kind (every seat's)."""
    details: list[FaultDetail] = []
    """This entrant's own faults, read from the replays (the latest faulty matches only)."""


class EntrantPage(BaseModel):
    name: str
    version: int
    enabled: bool
    added: str
    digest: str | None
    rank: int
    rating: float
    mu: float
    sigma: float
    matches: int
    games: int
    wins: int
    win_share: float | None
    faults: int
    fault_games: int
    history: list[RatingPoint]
    versions: list[EntrantVersion]
    recent: list[EntrantMatch]
    faulty: list[EntrantMatch]
    """The latest matches in which this entrant faulted."""


class GameSeat(BaseModel):
    name: str
    version: int
    rank: int | None
    games: int | None
    wins: int | None
    faults: int | None


class GameFault(BaseModel):
    """One fault in one game, as its replay recorded it."""

    seat: int = Field(description="The seat that faulted (0-based, as in the replay).")
    entrant: str = Field(description="The entrant in that seat.")
    kind: str = Field(description="What went wrong: illegal, timeout, crash, garbage, …")
    detail: str = Field(description="The referee's words (it may quote the bot), shortened.")


class GameLink(BaseModel):
    """One game of a finished match: who sat where, how it ended, and its replay."""

    index: int = Field(description="The game's number in its match, from 1 (as every URL says).")
    viewer: str = Field(description="The URL of the replay viewer page for this game.")
    replay: str = Field(
        description="The URL of the replay file itself (JSON lines, gzipped where the ladder "
        "compresses them), to download."
    )
    seating: list[str] = Field(
        description="The entrant in each seat of this game (seat 0 first): a duplicate match "
        "seats its entrants differently from game to game."
    )
    announced: list[str] = Field(
        description="The name each seat's bot announced in its hello (two copies of one "
        "example bot announce the same name; the entrant names tell them apart)."
    )
    scores: list[int] | None = Field(
        description="Each seat's final score (seat 0 first); null if the replay cannot be read."
    )
    places: list[int] | None = Field(
        description="Each seat's place, 1 the winner (a seat that faulted is ranked last); null "
        "if the replay cannot be read."
    )
    faults: list[GameFault] = Field(description="Every fault of the game, in order.")
    reason: str | None = Field(description="What ended the game, in the engine's word.")


class GamePage(BaseModel):
    """One ladder match (a duplicate group of games), and its replays once it has finished."""

    id: int
    status: str
    game: str
    rules: str
    started: str
    finished: str | None
    seats: list[GameSeat]
    fault_kinds: dict[str, int]
    games: list[GameLink]


class RunningMatch(BaseModel):
    id: int
    entrants: list[str]
    started: str


class FinishedMatch(BaseModel):
    id: int
    finished: str | None
    entrants: list[str]
    ranks: list[int] | None


class LivePage(BaseModel):
    matches_done: int
    running: list[RunningMatch]
    recent: list[FinishedMatch]


class RulesPage(BaseModel):
    game: str
    players: int
    rules_label: str
    rules: dict[str, Any]
    time: dict[str, Any]
    sandbox: dict[str, Any] | None
    sandbox_mode: str | None
    matches_a_pairing: str
    rating: str
    submit: str
    """The ``curl`` line a contestant types to submit a bot (TOKEN and FILE stand for theirs)."""
    contest: ContestState
    """The phase, the deadline, the commitment to the master seed (the seed once revealed)."""


class NotFound(ThousandError, LookupError):
    """No such entrant, match or game: the page answers 404 with this message."""


# ------------------------------------------------------------------------------ connections

_local = threading.local()


class _Changes:
    """Whether the ladder changed since a value was computed, by SQLite's ``data_version`` of
    one connection kept for asking (it changes whenever another connection — ``ladder run``
    recording a match, a submission — commits). Values computed after a version was read are
    kept under it: at least that new, and recomputed as soon as the ladder moves on."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.askers: dict[Path, sqlite3.Connection] = {}
        self.values: dict[tuple[Path, str], tuple[int, Any]] = {}
        self.gates: dict[tuple[Path, str], threading.Lock] = {}
        """One a value: the requests that find it stale wait for the one computing it."""

    def version(self, db_path: Path) -> int:
        with self.lock:
            asker = self.askers.get(db_path)
            if asker is None:
                asker = self.askers[db_path] = database.reader(db_path)
            try:
                return int(asker.execute("PRAGMA data_version").fetchone()[0])
            except sqlite3.Error:
                self.askers.pop(db_path, None)
                raise

    def get(self, db_path: Path, version: int, key: str, compute: Callable[[], T]) -> T:
        """The value of ``key`` at ``version``: ``compute`` must read the ladder in a
        transaction begun after ``version`` was read (``reading`` does it in that order).
        Computed once however many ask at once: at a million matches the standings take ~35 ms
        to compute and render, and a running ladder makes them stale a few times a second, so
        every request that found them stale computing its own copy doubled the work as the
        requests grew (bench/scale.py --run)."""
        with self.lock:
            held = self.values.get((db_path, key))
            gate = self.gates.setdefault((db_path, key), threading.Lock())
        if held is not None and held[0] == version:
            value: T = held[1]
            return value
        with gate:
            with self.lock:
                held = self.values.get((db_path, key))
            if held is not None and held[0] == version:  # computed while this one waited
                value = held[1]
                return value
            value = compute()
            with self.lock:
                self.values[(db_path, key)] = (version, value)
        return value


changes = _Changes()


@contextlib.contextmanager
def reading(db_path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the ladder, one per server thread and kept open, inside one
    read transaction so that a page reads one moment of a ladder that ``ladder run`` keeps
    writing. Opened by ``referee.web.database``, not ``store.connect``: the latter's check of
    the file (done once at start-up) closes a descriptor of it, which drops every POSIX lock
    this process holds on it — the other threads' connections would then read stale pages."""
    held: dict[Path, sqlite3.Connection] = getattr(_local, "connections", None) or {}
    _local.connections = held
    db = held.get(db_path)
    if db is None:
        db = database.reader(db_path)
        held[db_path] = db
    try:
        # The ladder's version first, then the snapshot: what is read is at least that new.
        _local.reading = (db_path, changes.version(db_path))
        db.execute("BEGIN")
        try:
            yield db
        finally:
            if db.in_transaction:
                db.execute("COMMIT")
    except sqlite3.Error:
        held.pop(db_path, None)
        with contextlib.suppress(sqlite3.Error):
            db.close()
        raise


# ----------------------------------------------------------------------------------- pages


def cached(key: str, compute: Callable[[], T]) -> T:
    """``compute()`` once for each state of the ladder, however many ask; only inside
    ``reading`` (whose snapshot ``compute`` reads)."""
    path, version = _local.reading
    return changes.get(path, version, key, compute)


def standings_page(db: sqlite3.Connection) -> Standings:
    """The standings (the page every visitor opens first, and the live stream's)."""
    return cached("standings", lambda: standings(db))


def _names(db: sqlite3.Connection) -> dict[int, str]:
    return {row[0]: row[1] for row in db.execute("SELECT id, name FROM entrants")}


def _summary(row: sqlite3.Row) -> dict[str, Any]:
    try:
        loaded = json.loads(row["summary"]) if row["summary"] else {}
    except ValueError:
        return {}
    return loaded if isinstance(loaded, dict) else {}


def entrant_page(db: sqlite3.Connection, name: str) -> EntrantPage:
    row = db.execute("SELECT * FROM entrants WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise NotFound(f"no entrant named {name!r}")
    table = standings_page(db)
    standing = next((r for r in table.rows if r.name == name), None)
    if standing is None:  # added after the cached standings' version was read: this snapshot
        standing = next(r for r in standings(db).rows if r.name == name)
    entrant_id = int(row["id"])
    names = _names(db)
    history = _history(db, entrant_id)
    recent = [_match_of(result, entrant_id, names) for result in _latest_results(db, entrant_id)]
    faulty: list[EntrantMatch] = []
    for result in _latest_results(db, entrant_id, faulty=True):
        entry = _match_of(result, entrant_id, names)
        if len(faulty) < FAULT_MATCHES:
            seat = json.loads(result["entrants"]).index(entrant_id)
            entry = entry.model_copy(
                update={"details": _fault_details(db, result["match_id"], seat)}
            )
        faulty.append(entry)
    versions = _versions(db, entrant_id, int(row["version"]))
    return EntrantPage(
        name=name,
        version=row["version"],
        enabled=bool(row["enabled"]),
        added=row["added"],
        digest=row["digest"],
        rank=standing.rank,
        rating=standing.rating,
        mu=standing.mu,
        sigma=standing.sigma,
        matches=standing.matches,
        games=standing.games,
        wins=standing.wins,
        win_share=round(standing.wins / standing.games, 4) if standing.games else None,
        faults=standing.faults,
        fault_games=standing.fault_games,
        history=history,
        versions=versions,
        recent=recent,
        faulty=faulty,
    )


def _latest_results(
    db: sqlite3.Connection, entrant_id: int, *, faulty: bool = False
) -> list[sqlite3.Row]:
    """The entrant's latest ``RECENT`` results (only those it faulted in, if ``faulty``), newest
    first, each with its match. Read through ``results_by_entrant`` (migration 4), which holds
    the faults: the entrant's thousands of other results are never fetched."""
    return db.execute(
        "SELECT r.*, m.finished, m.entrants, m.summary FROM results r "
        "JOIN matches m ON m.id = r.match_id WHERE r.entrant_id = ? "
        + ("AND r.faults <> 0 " if faulty else "")
        + "ORDER BY r.match_id DESC LIMIT ?",
        (entrant_id, RECENT),
    ).fetchall()


def _match_of(result: sqlite3.Row, entrant_id: int, names: dict[int, str]) -> EntrantMatch:
    return EntrantMatch(
        id=result["match_id"],
        finished=result["finished"],
        version=int(result["version"]),
        rank=result["rank"],
        games=result["games"],
        wins=result["wins"],
        faults=result["faults"],
        fault_games=result["fault_games"],
        others=[names.get(i, f"#{i}") for i in json.loads(result["entrants"]) if i != entrant_id],
        fault_kinds=_fault_kinds(_summary(result)),
    )


def _versions(db: sqlite3.Connection, entrant_id: int, current: int) -> list[EntrantVersion]:
    """Each version's matches and the times of its first and last, newest version first; the
    current version also before it has played. Counted in SQL over the covering index
    (migration 4): two matches a version are read, not every match the entrant played."""
    rows = db.execute(
        "SELECT v.version, v.matches, f.finished AS first_played, l.finished AS last_played "
        "FROM (SELECT version, COUNT(*) AS matches, MIN(match_id) AS first, "
        "MAX(match_id) AS last FROM results WHERE entrant_id = ? GROUP BY version) v "
        "JOIN matches f ON f.id = v.first JOIN matches l ON l.id = v.last",
        (entrant_id,),
    ).fetchall()
    versions = {
        int(r["version"]): EntrantVersion(
            version=int(r["version"]),
            matches=int(r["matches"]),
            first_played=r["first_played"],
            last_played=r["last_played"],
            current=int(r["version"]) == current,
        )
        for r in rows
    }
    if current not in versions:
        versions[current] = EntrantVersion(
            version=current, matches=0, first_played=None, last_played=None, current=True
        )
    return sorted(versions.values(), key=lambda v: -v.version)


def _fault_kinds(summary: dict[str, Any]) -> dict[str, int]:
    kinds = summary.get("faults")
    if not isinstance(kinds, dict):
        return {}
    return {str(k): int(v) for k, v in kinds.items() if isinstance(v, int)}


def _fault_details(db: sqlite3.Connection, match_id: int, bot: int) -> list[FaultDetail]:
    """The faults of the match's bot number ``bot`` (its place in the match's entrants, which
    the replays' headers name for every seat), game by game."""
    row = db.execute("SELECT status, replays FROM matches WHERE id = ?", (match_id,)).fetchone()
    found: list[FaultDetail] = []
    for index, path in enumerate(replay_paths(db, row), start=1):
        try:
            with ReplayReader(path) as replay:
                seats = replay.header.raw.get("seats") or []
                mine = {s for s, seat in enumerate(seats) if seat.get("bot") == bot}
                for _, record in replay:
                    fault = record.get("fault")
                    if isinstance(fault, dict) and record.get("seat") in mine:
                        found.append(
                            FaultDetail(
                                game=index,
                                kind=str(fault.get("kind", "?")),
                                detail=shorten(as_text(fault.get("detail", "")), DETAIL_LIMIT),
                            )
                        )
                        if len(found) >= FAULT_DETAILS:
                            return found
        except (OSError, ReplayError):
            continue  # a replay deleted or damaged by hand: the counts still say it
    return found


def _point(match_id: int | None, finished: str | None, mu: float, sigma: float) -> RatingPoint:
    return RatingPoint(
        match_id=match_id,
        finished=finished,
        mu=round(mu, 3),
        sigma=round(sigma, 3),
        rating=round(Rating(mu, sigma).conservative, 3),
    )


def _history(db: sqlite3.Connection, entrant_id: int) -> list[RatingPoint]:
    """The entrant's rating after each of its matches, in the order they were rated (a rating
    reset starts again from the first rating), the latest ``HISTORY_LIMIT`` of them.

    Read from the entrant's own rows of ``ratings`` (``ratings_by_entrant``, migration 4), in
    the order of their rowids: ``service.record`` writes a match's rows in the transaction
    that writes its rating event, one writer at a time, after the rows of every match rated
    before it, and ``ratings`` is never deleted from, so its rowids follow the events'
    ``seq``. The index holds the rowid; the ``seq`` of each of a few thousand matches would
    cost a lookup each (half the page's time at a million matches). A reset (in the events
    only) goes after the rows of the last match rated before it. The matches' times are read
    for the points kept only."""
    rows = db.execute(
        "SELECT mine.*, m.finished FROM (SELECT r.rowid AS at, r.match_id, r.mu_before, "
        "r.sigma_before, r.mu_after, r.sigma_after FROM ratings r WHERE r.entrant_id = ? "
        "ORDER BY r.rowid DESC LIMIT ?) mine "
        "LEFT JOIN matches m ON m.id = mine.match_id",
        (entrant_id, HISTORY_LIMIT),
    ).fetchall()
    resets = db.execute(
        "SELECT e.seq, (SELECT MAX(x.rowid) FROM ratings x WHERE x.match_id = "
        "(SELECT p.match_id FROM rating_events p WHERE p.seq < e.seq AND p.kind = 'match' "
        "ORDER BY p.seq DESC LIMIT 1)) FROM rating_events e "
        "WHERE e.entrant_id = ? AND e.kind = 'reset'",
        (entrant_id,),
    ).fetchall()
    timeline: list[tuple[tuple[int, int, int], sqlite3.Row | None]] = [
        ((int(row["at"]), 0, 0), row) for row in rows
    ]
    timeline += [((int(after or 0), 1, int(seq)), None) for seq, after in resets]
    timeline.sort(key=lambda item: item[0])
    points: list[RatingPoint] = []
    for _, row in timeline[-HISTORY_LIMIT:]:
        if row is None:
            start = Rating()
            points.append(_point(None, None, start.mu, start.sigma))
            continue
        if not points:
            points.append(_point(None, None, row["mu_before"], row["sigma_before"]))
        points.append(_point(row["match_id"], row["finished"], row["mu_after"], row["sigma_after"]))
    return points


def game_page(db: sqlite3.Connection, match_id: int) -> GamePage:
    row = db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
    if row is None:
        raise NotFound(f"no match {match_id}")
    meta = store.read_meta(db)
    names = _names(db)
    ids = json.loads(row["entrants"])
    versions = json.loads(row["versions"])
    results = {
        r["entrant_id"]: r
        for r in db.execute("SELECT * FROM results WHERE match_id = ?", (match_id,))
    }
    seats = []
    for entrant_id, version in zip(ids, versions, strict=False):
        result = results.get(entrant_id)
        seats.append(
            GameSeat(
                name=names.get(entrant_id, f"#{entrant_id}"),
                version=version,
                rank=result["rank"] if result else None,
                games=result["games"] if result else None,
                wins=result["wins"] if result else None,
                faults=result["faults"] if result else None,
            )
        )
    done = row["status"] == "done"
    entrant_names = [names.get(i, f"#{i}") for i in ids]
    links = [
        _game_link(match_id, index, path, entrant_names)
        for index, path in enumerate(replay_paths(db, row), start=1)
    ]
    return GamePage(
        id=match_id,
        status=row["status"],
        game=str(meta.get("game")),
        rules=str(meta.get("rules_label", "?")),
        started=_iso(row["claimed"]),
        finished=row["finished"],
        seats=seats,
        fault_kinds=_fault_kinds(_summary(row)) if done else {},
        games=links if done else [],
    )


class _Played:
    """What one replay file says of its game: its seats and its end. Read whole (a streaming
    pass, as ``thousand replay summary`` does), so kept for the last few files, by path, size
    and modification time."""

    def __init__(self) -> None:
        self.held: OrderedDict[tuple[str, int, int], GameSummary | None] = OrderedDict()
        self.seats: dict[tuple[str, int, int], list[dict[str, Any]]] = {}
        self.lock = threading.Lock()

    def get(self, path: Path) -> tuple[list[dict[str, Any]], GameSummary | None]:
        try:
            stat = path.stat()
        except OSError:
            return [], None
        key = (str(path), stat.st_size, stat.st_mtime_ns)
        with self.lock:
            if key in self.held:
                self.held.move_to_end(key)
                return self.seats[key], self.held[key]
        seats: list[dict[str, Any]] = []
        summary: GameSummary | None = None
        try:
            with ReplayReader(path) as replay:
                seats = [dict(s) for s in replay.header.raw.get("seats") or []]
            summary = summarise(path)
        except (OSError, ReplayError):
            pass  # deleted or damaged by hand: the game is listed without its end
        with self.lock:
            self.held[key] = summary
            self.seats[key] = seats
            while len(self.held) > PLAYED_KEPT:
                old, _ = self.held.popitem(last=False)
                self.seats.pop(old, None)
        return seats, summary


PLAYED_KEPT = 256
"""Games whose replay's seats and end are kept in memory (a match page lists six or so)."""
_played = _Played()


def seat_entrants(seats: list[dict[str, Any]], entrants: list[str]) -> list[str]:
    """The entrant in each seat of a game: its replay's header names, for every seat, the bot's
    place among the match's entrants (``bot``); the match row names the entrants."""
    found = []
    for seat in seats:
        bot = seat.get("bot")
        if isinstance(bot, int) and not isinstance(bot, bool) and 0 <= bot < len(entrants):
            found.append(entrants[bot])
        else:
            found.append("?")
    return found


def _game_link(match_id: int, index: int, path: Path, entrants: list[str]) -> GameLink:
    seats, summary = _played.get(path)
    seating = seat_entrants(seats, entrants)
    places: list[int] | None = None
    scores: list[int] | None = None
    faults: list[GameFault] = []
    if summary is not None and summary.complete:
        scores = [int(s) for s in summary.scores or []]
        ranking = [int(s) for s in summary.ranking or []]
        if sorted(ranking) == list(range(len(seating))):
            places = [ranking.index(seat) + 1 for seat in range(len(seating))]
        for fault in summary.faults or []:
            seat = fault.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < len(seating):
                continue
            faults.append(
                GameFault(
                    seat=seat,
                    entrant=seating[seat],
                    kind=str(fault.get("kind", "?")),
                    detail=shorten(as_text(fault.get("detail", "")), DETAIL_LIMIT),
                )
            )
    return GameLink(
        index=index,
        viewer=f"/games/{match_id}/replay/{index}",
        replay=f"/api/games/{match_id}/replay/{index}",
        seating=seating,
        announced=[as_text(seat.get("name", "")) for seat in seats],
        scores=scores,
        places=places,
        faults=faults,
        reason=as_text(summary.reason) if summary is not None and summary.reason else None,
    )


def replay_paths(db: sqlite3.Connection, row: sqlite3.Row) -> list[Path]:
    """The replay files of a finished match; none for a running or abandoned one. A running
    match's files are on disk already, holding every hand dealt so far: the database names
    them only once the match is recorded, and this is the only way the server finds one."""
    if row["status"] != "done" or not row["replays"]:
        return []
    here = store.location(db)
    return [paths.replay_file(r, here) for r in json.loads(row["replays"])]


class ReplayOf(BaseModel):
    """Game ``index`` of a finished match: its replay file and the match's entrants, in the
    order the replay's seats name them (``bot``)."""

    path: Path
    entrants: list[str]


def replay_file(db: sqlite3.Connection, match_id: int, index: int) -> ReplayOf:
    """Only for a finished match: the path comes from the database, never from the address
    (which gives two integers)."""
    row = db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)).fetchone()
    if row is None:
        raise NotFound(f"no match {match_id}")
    if row["status"] != "done":
        raise NotFound(f"match {match_id} is {row['status']}: its games are shown once it ends")
    files = replay_paths(db, row)
    if not 1 <= index <= len(files):
        raise NotFound(f"match {match_id} has no game {index} (games are numbered from 1)")
    names = _names(db)
    entrants = [names.get(i, f"#{i}") for i in json.loads(row["entrants"])]
    return ReplayOf(path=files[index - 1], entrants=entrants)


def _iso(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(seconds))


def live_page(db: sqlite3.Connection) -> LivePage:
    names = _names(db)
    running = [
        RunningMatch(
            id=row["id"],
            entrants=[names.get(i, f"#{i}") for i in json.loads(row["entrants"])],
            started=_iso(row["claimed"]),
        )
        for row in db.execute(
            "SELECT id, entrants, claimed FROM matches WHERE status = 'running' ORDER BY id"
        )
    ]
    recent = [
        FinishedMatch(
            id=row["id"],
            finished=row["finished"],
            entrants=[names.get(i, f"#{i}") for i in json.loads(row["entrants"])],
            ranks=_summary(row).get("ranks"),
        )
        for row in db.execute(
            "SELECT id, finished, entrants, summary FROM matches WHERE status = 'done' "
            "ORDER BY id DESC LIMIT ?",
            (RECENT,),
        )
    ]
    return LivePage(matches_done=done_matches(db), running=running, recent=recent)


def rules_page(db: sqlite3.Connection, base_url: str) -> RulesPage:
    meta = store.read_meta(db)
    sandbox = meta.get("sandbox")
    mode = meta.get("sandbox_effective") or (
        sandbox.get("mode") if isinstance(sandbox, dict) else sandbox
    )
    submit = (
        'curl -H "Authorization: Bearer $TOKEN" -F "file=@bot.tar.gz" '
        f"{base_url.rstrip('/')}/api/bots"
    )
    return RulesPage(
        game=str(meta["game"]),
        players=int(meta["players"]),
        rules_label=str(meta.get("rules_label", "?")),
        rules=meta.get("rules") or {},
        time=meta.get("time") or {},
        sandbox=sandbox if isinstance(sandbox, dict) else None,
        sandbox_mode=str(mode) if mode else None,
        matches_a_pairing=(
            "a match is one duplicate group: the same deals or throws in every seating, so "
            "luck evens out"
        ),
        rating="μ − 3σ (OpenSkill Plackett–Luce), one update per match",
        submit=submit,
        contest=contest.state_of(meta, contest.now()),
    )
