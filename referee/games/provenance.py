"""Where a game's chance came from: which match of which ladder, and the seed that a ladder's
master seed dictates for it.

A ladder commits to its master seed before any game (``chance.commitment``) and reveals it when
the contest is over. For the reveal to prove anything, each replay must say which derivation
its game seed came from, so that anyone holding the seed can recompute it instead of taking the
header's word: that is the header's ``origin``, ``{"ladder", "stage", "match"}``. It names only
public things (the ladder's id, the word the master seed is derived with, the match number), so
before the reveal it tells a bot nothing about any deal.

    master seed ──HMAC("match:M" or "final:M")──▶ match seed ──HMAC("group:G")──▶ game seed

This module is the one place that walks that chain: the ladder derives its match seeds here,
the game loop its game seeds (``plan_seed``), and ``replay verify --seed`` the seed each replay
should hold (referee/games/revealed.py), so the three cannot drift apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

from referee.games.chance import commitment, derive
from referee.safetext import as_text
from thousand.errors import ThousandError

Stage = Literal["match", "final"]
"""The word a ladder's master seed is derived with for a match: its ordinary matches, or the
matches of its final evaluation (two numberings that never share a seed)."""

STAGES: tuple[Stage, ...] = get_args(Stage)
MAX_LADDER_ID = 64
"""Longest ladder id: ``uuid4().hex`` is 32 characters, an old ladder's ``legacy-…`` 31."""
MAX_MATCH = (1 << 63) - 1
"""Largest match number: SQLite's largest integer, the ladder's match ids."""
_LADDER_ID = re.compile(r"[A-Za-z0-9_-]+")
_HEX64 = re.compile(r"[0-9a-fA-F]{64}")


class ProvenanceError(ThousandError, ValueError):
    """An origin, a seed or a commitment that cannot be used; the message is one line."""


@dataclass(frozen=True)
class Origin:
    """Which match of which ladder a game was played in, and at which stage."""

    ladder: str
    stage: Stage
    match: int

    def __post_init__(self) -> None:
        problem = _origin_problem(self.ladder, self.stage, self.match)
        if problem is not None:
            raise ProvenanceError(f"origin: {problem}")

    def to_json(self) -> dict[str, Any]:
        return {"ladder": self.ladder, "stage": self.stage, "match": self.match}

    @classmethod
    def parse(cls, raw: object) -> Origin:
        """An origin from a replay header (anyone's file): every key checked and bounded, so a
        hostile value ends in one short line and never reaches the derivation."""
        if not isinstance(raw, dict):
            raise ProvenanceError(f"origin must be an object, not {_kind(raw)}")
        extra = sorted(set(raw) - {"ladder", "stage", "match"})
        if extra:
            raise ProvenanceError(f"origin has an unknown key {as_text(extra[0])[:40]!r}")
        # Typed as claimed only: __post_init__ checks each one before the origin exists.
        ladder = cast(str, raw.get("ladder"))
        return cls(ladder, cast(Stage, raw.get("stage")), cast(int, raw.get("match")))


def _kind(value: object) -> str:
    return "nothing" if value is None else type(value).__name__


def _origin_problem(ladder: object, stage: object, match: object) -> str | None:
    if not isinstance(ladder, str):
        return f"ladder must be text, not {_kind(ladder)}"
    if not 1 <= len(ladder) <= MAX_LADDER_ID or not _LADDER_ID.fullmatch(ladder):
        return f"ladder must be 1 to {MAX_LADDER_ID} letters, digits, '-' or '_'"
    if not isinstance(stage, str) or stage not in STAGES:
        return f"stage must be one of {', '.join(STAGES)}"
    if not isinstance(match, int) or isinstance(match, bool) or not 1 <= match <= MAX_MATCH:
        return f"match must be a whole number from 1 to {MAX_MATCH}"
    return None


def match_seed(master: int, origin: Origin) -> str:
    """The seed of the match ``origin`` names: 64 hex digits (the ladder stores it as text)."""
    return derive(master, origin.stage, origin.match)


def plan_seed(match: int, group: int, index: int, duplicate: bool) -> str:
    """The chance seed of game ``index`` of a match whose seed is ``match``: under the
    duplicate format every seating of group ``group`` shares one; otherwise each game has its
    own. The game loop's plan (``match.plan_game``) takes its seeds from here."""
    if duplicate:
        return derive(match, "group", group)
    return derive(match, "game", index)


def game_seed(master: int, origin: Origin, group: int, index: int, duplicate: bool = True) -> str:
    """The chance seed of a game of a ladder's match, from the ladder's master seed."""
    return plan_seed(int(match_seed(master, origin), 16), group, index, duplicate)


def parse_commitment(text: str) -> str:
    """A commitment as published: 64 hex digits, compared in lower case."""
    if not _HEX64.fullmatch(text):
        raise ProvenanceError("a commitment is 64 hex digits (a SHA-256)")
    return text.lower()


def check_commitment(master: int, published: str) -> None:
    """Raise unless ``master`` is the seed whose commitment was published."""
    if commitment(master) != parse_commitment(published):
        raise ProvenanceError(
            f"the seed does not match the commitment {published.lower()}: "
            f"its commitment is {commitment(master)}"
        )
