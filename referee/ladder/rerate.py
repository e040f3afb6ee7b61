"""``thousand ladder rerate``: recompute every rating from the stored match history.

The rating events (matches in the order their results were committed, and rating resets) are
replayed through the same update; the result must equal the stored ratings to the last bit —
the proof that the standings follow from the recorded games and nothing else.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from referee.ladder import ratings, store


@dataclass(frozen=True)
class Rerated:
    matches: int
    differing: list[str]
    ratings: dict[int, ratings.Rating]


def recompute(db: sqlite3.Connection) -> Rerated:
    """Must run inside a transaction (see ``check`` and ``rerate``): a live ``run`` records
    matches meanwhile, and history and stored ratings must be read as of one moment."""
    current = {e.id: ratings.Rating() for e in store.entrants(db)}
    count = 0
    for event in store.rating_events(db):
        if event.kind == "reset":
            if event.entrant_id not in current:
                raise store.damaged(db, f"rating event {event.seq} resets an unknown entrant")
            current[event.entrant_id] = ratings.Rating()
            continue
        assert event.match_id is not None  # checked by the reader
        ids = store.match(db, event.match_id).entrants
        rank_of = store.ranks(db, event.match_id)
        missing = [i for i in ids if i not in rank_of or i not in current]
        if missing:
            raise store.damaged(
                db, f"match {event.match_id} has no result for its entrant #{missing[0]}"
            )
        after = ratings.update([current[i] for i in ids], [rank_of[i] for i in ids])
        for entrant_id, rating in zip(ids, after, strict=True):
            current[entrant_id] = rating
        count += 1
    differing = [
        e.name
        for e in store.entrants(db)
        if (e.mu, e.sigma) != (current[e.id].mu, current[e.id].sigma)
    ]
    return Rerated(count, differing, current)


def check(db: sqlite3.Connection) -> Rerated:
    """Recompute against one consistent snapshot (taken under the write lock)."""
    with store.transaction(db):
        return recompute(db)


def rerate(db: sqlite3.Connection) -> Rerated:
    """Recompute and store in the same transaction, so no match recorded meanwhile is lost."""
    with store.transaction(db):
        rerated = recompute(db)
        for entrant_id, rating in rerated.ratings.items():
            db.execute(
                "UPDATE entrants SET mu = ?, sigma = ? WHERE id = ?",
                (rating.mu, rating.sigma, entrant_id),
            )
    return rerated
