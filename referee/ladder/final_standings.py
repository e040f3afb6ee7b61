"""The final's ranking: one Plackett–Luce fit to every game of the final, with error bars.

Why not the ladder's own ratings (OpenSkill, one update per match): they are an online
estimate whose result depends on the order the matches were played in, and their σ is a
belief, not a confidence interval. A final is a fixed body of games played to decide a
ranking, so it gets the estimate that uses them all at once and says how sure it is: the
maximum-likelihood Plackett–Luce fit of the tournament (``referee.games.plackett_luce``), the
model of a game that ends in a full order of its seats, on the Elo scale, with a 95 % interval
per finalist. Neighbours count as separated when the difference of their ratings is beyond the
stated one-sided confidence (the intervals treat the two ratings as independent, and the games
of a duplicate group as independent games: both approximations, said in docs/server.md).
"""

from __future__ import annotations

import itertools
import json
import math
import sqlite3
import statistics
from typing import Literal

from pydantic import BaseModel

from referee.games import plackett_luce
from referee.ladder import finalists, store
from referee.safetext import NAME_LIMIT, for_markdown

MODEL = (
    "Plackett–Luce maximum likelihood over every game of the final (Elo scale, mean 0), "
    "with 95 % intervals from the observed information"
)
Stopped = Literal["rounds", "settled", "budget"]


class FinalRow(BaseModel):
    place: int
    name: str
    version: int
    elo: float
    stderr: float
    low: float
    high: float
    games: int
    wins: int
    mean_place: float | None
    faults: int
    separated: bool | None
    """Whether this finalist's rating is above the next one's at the stated confidence (null
    for the last)."""


class FinalStandings(BaseModel):
    phase: str
    frozen: bool
    """True once the final is over: the table never changes again."""
    model: str
    confidence: float
    rounds: int
    matches_done: int
    matches_planned: int
    games: int
    settled: bool
    """Every pair of neighbours separated at ``confidence``."""
    stopped: Stopped | None
    """Why the final ended: its rounds played, settled, or its game budget spent."""
    rows: list[FinalRow]


def rankings(db: sqlite3.Connection) -> list[list[int]]:
    """Every finished final game's order, best first, as entrant ids."""
    found: list[list[int]] = []
    for (summary,) in db.execute("SELECT summary FROM final_matches WHERE status = 'done'"):
        games = json.loads(summary or "{}").get("rankings") or []
        found.extend([int(e) for e in game] for game in games)
    return found


def one_sided_z(confidence: float) -> float:
    return statistics.NormalDist().inv_cdf(confidence)


def compute(
    db: sqlite3.Connection,
    confidence: float,
    phase: str,
    *,
    frozen: bool = False,
    stopped: Stopped | None = None,
) -> FinalStandings:
    """The ranking of the final's games so far (provisional until ``frozen``)."""
    field = finalists.finalists(db)
    index = {f.entrant_id: i for i, f in enumerate(field)}
    games = [[index[e] for e in game if e in index] for game in rankings(db)]
    fitted = plackett_luce.fit(len(field), games)
    totals = {
        int(r[0]): r
        for r in db.execute(
            "SELECT entrant_id, SUM(games), SUM(wins), SUM(place_sum), SUM(faults) "
            "FROM final_results GROUP BY entrant_id"
        )
    }
    order = sorted(range(len(field)), key=lambda i: (-fitted[i].elo, field[i].name))
    z = one_sided_z(confidence)
    rows: list[FinalRow] = []
    for place, i in enumerate(order, 1):
        rating = fitted[i]
        total = totals.get(field[i].entrant_id)
        played = int(total[1]) if total else 0
        low, high = rating.interval
        rows.append(
            FinalRow(
                place=place,
                name=field[i].name,
                version=field[i].version,
                elo=round(rating.elo, 1),
                stderr=round(rating.stderr, 1),
                low=round(low, 1),
                high=round(high, 1),
                games=played,
                wins=int(total[2]) if total else 0,
                mean_place=round(int(total[3]) / played, 3) if total and played else None,
                faults=int(total[4]) if total else 0,
                separated=None,
            )
        )
    for row, (above, below) in zip(rows, itertools.pairwise(order), strict=False):
        spread = math.hypot(fitted[above].stderr, fitted[below].stderr)
        gap = fitted[above].elo - fitted[below].elo
        row.separated = spread > 0 and gap / spread >= z
    counts = db.execute(
        "SELECT COUNT(*), SUM(status = 'done'), COALESCE(MAX(round), 0) FROM final_matches"
    ).fetchone()
    return FinalStandings(
        phase=phase,
        frozen=frozen,
        model=MODEL,
        confidence=confidence,
        rounds=int(counts[2] or 0),
        matches_done=int(counts[1] or 0),
        matches_planned=int(counts[0] or 0),
        games=len(games),
        settled=bool(rows) and all(r.separated for r in rows[:-1]),
        stopped=stopped,
        rows=rows,
    )


def markdown(table: FinalStandings) -> str:
    """The final standings as Markdown (names escaped: a ``|`` must not add a column)."""
    state = "final standings" if table.frozen else "provisional standings of the final"
    lines = [
        f"# {state[0].upper()}{state[1:]}",
        "",
        f"{table.games} games in {table.matches_done} matches, {table.rounds} rounds · "
        f"{table.model} · neighbours separated at {table.confidence:.0%} confidence: "
        f"{'all' if table.settled else 'not all'}",
        "",
        "| place | name | version | rating | 95 % interval | games | wins | mean place | faults |"
        " above the next |",
        "|---:|---|---:|---:|---|---:|---:|---:|---:|---|",
    ]
    for r in table.rows:
        mean = "—" if r.mean_place is None else f"{r.mean_place:.2f}"
        above = {True: "yes", False: "no", None: "—"}[r.separated]
        lines.append(
            f"| {r.place} | {for_markdown(r.name, NAME_LIMIT)} | {r.version} | {r.elo:+.1f} | "
            f"{r.low:+.1f} … {r.high:+.1f} | {r.games} | {r.wins} | {mean} | {r.faults} | "
            f"{above} |"
        )
    return "\n".join(lines) + "\n"


FROZEN_KEY = "final_standings"


def freeze(db: sqlite3.Connection, table: FinalStandings) -> None:
    """Keep the final standings as they were at the end (inside the finishing transaction)."""
    db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (FROZEN_KEY, table.model_dump_json()))


def frozen(db: sqlite3.Connection) -> FinalStandings | None:
    row = db.execute("SELECT value FROM meta WHERE key = ?", (FROZEN_KEY,)).fetchone()
    if row is None:
        return None
    try:
        return FinalStandings.model_validate_json(row[0])
    except ValueError:
        raise store.damaged(db, f"its setting {FROZEN_KEY} is not final standings") from None
