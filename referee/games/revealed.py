"""Replays checked against a ladder's revealed master seed: ``thousand replay verify --seed``.

Re-running a replay shows that its results follow from its deals and throws; it does not show
that those were not chosen. Once the organiser reveals the master seed whose commitment was
published before the contest, each replay's origin (referee/games/provenance.py) names the
derivation of its game seed, and every chance outcome it records must be the one that seed's
generator draws at that point. Everything below the seed is recomputed here; nothing the header
says about its own chance is taken on trust.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from referee.games.chance import GameChance
from referee.games.match_types import duplicate_seatings
from referee.games.provenance import MAX_MATCH, Origin, ProvenanceError, game_seed
from referee.replay.verify import ChanceSource, Disagreement, Verdict, verify_file
from referee.safetext import as_text

NO_ORIGIN = "no origin: cannot check its chance against a seed"


def dictated_chance(master: int) -> ChanceSource:
    """For ``verify_file``: given a replay's header, the generator its game must have drawn
    from under ``master`` (the referee's ``GameChance``), or a ``Disagreement`` at line 1 saying
    why the header cannot be held to it.

    A ladder plays every match in the duplicate format (``ladder.executor.match_config``), so
    the header's group and seating must also be those of its game number: otherwise the
    organiser could have chosen, among a match's deals, which one a recorded game got."""

    def chance(header: dict[str, Any]) -> random.Random:
        if "origin" not in header:
            raise Disagreement(1, NO_ORIGIN)
        try:
            origin = Origin.parse(header["origin"])
        except ProvenanceError as error:
            raise Disagreement(1, str(error)) from None
        index = header.get("game_index")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= MAX_MATCH:
            raise Disagreement(1, f"game_index must be a whole number from 0 to {MAX_MATCH}")
        seatings = duplicate_seatings(header["players"])  # players: checked by the reader
        group = index // len(seatings)
        if header.get("group") != group or header.get("seating") != list(
            seatings[index % len(seatings)]
        ):
            raise Disagreement(
                1, f"group and seating are not those of game {index} of a duplicate match"
            )
        dictated = game_seed(master, origin, group, index)
        recorded = header.get("seed")
        if recorded != dictated:
            raise Disagreement(
                1,
                f"seed {as_text(recorded)[:70]} is not the one the master seed gives "
                f"{origin.stage} {origin.match}, game {index}",
            )
        return GameChance(dictated)

    return chance


def verify_against(path: Path, master: int) -> Verdict:
    """``verify_file`` with every chance outcome held to ``master``."""
    return verify_file(path, dictated_chance(master))
