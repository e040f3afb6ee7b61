"""Predictable deals: a bot that derives the deals as the referee does learns nothing without
the secret master seed.

The predictor (bots/predictor.py) tries every master seed 0..1000 under the first release's
scheme and the current one (match groups and games, ladder matches 1-2) and reports every
candidate that gives it the lot and the hand it was dealt, with the whole deal that candidate
predicts. A deal counts as predicted when that predicted deal is the replay's: a wrong
candidate that matches the lot and one hand by chance (among 6,006 candidates, about one game
in 170) knows nothing of the other hands. Without ``--seed`` (a fresh 128-bit secret) no deal
is predicted; with a small explicit seed every one is, which shows the probe works (there it
tries the first ``KNOWN_SEED_CANDIDATES`` masters only: the seed and wrong ones among them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.fairplay.conftest import (
    CANDIDATES,
    KNOWN_SEED_CANDIDATES,
    game_replays,
    play,
    predictor,
    reports,
    rules_file,
)
from tests.ladder.conftest import quick_ok, read_only

THREE_GAMES = ("--games", "3", "--sandbox", "rlimits")


def predicted(found: list[dict[str, Any]], folder: Path) -> list[tuple[int, str, int]]:
    """(game, scheme, master) of every report whose predicted deal is the game's real one."""
    deals = {
        replay[0]["game_index"]: next(
            r["action"] for r in replay if r.get("action", {}).get("type") == "deal"
        )
        for replay in game_replays(folder)
    }
    assert sorted(deals) == sorted(r["game"] for r in found), (sorted(deals), found)
    return [
        (r["game"], m["scheme"], m["master"])
        for r in found
        for m in r["matches"]
        if m["deal"] == deals[r["game"]]
    ]


def test_a_match_without_seed_deals_nothing_predictable(tmp_path: Path) -> None:
    bots = [predictor(), "builtin:random", "builtin:random"]
    run, folder = play(bots, "cards", tmp_path, *THREE_GAMES)
    found = reports(folder / "logs")
    assert len(found) == 3, run.explain()
    assert all(r["tried"] == 6 * (CANDIDATES + 1) for r in found), found
    assert predicted(found, folder) == [], "deals predicted without the secret seed"


def test_a_match_with_a_small_seed_is_predicted_deal_by_deal(tmp_path: Path) -> None:
    bots = [predictor(KNOWN_SEED_CANDIDATES), "builtin:random", "builtin:random"]
    run, folder = play(bots, "cards", tmp_path, *THREE_GAMES, "--seed", "7")
    found = reports(folder / "logs")
    assert len(found) == 3, run.explain()
    assert predicted(found, folder) == [(game, "new-game", 7) for game in range(3)], found


def _ladder(
    folder: Path, *seed: str, candidates: int = CANDIDATES
) -> tuple[list[dict[str, Any]], Path]:
    db = folder / "deals.db"
    rules = rules_file(folder, "cards")
    init = quick_ok(
        "init", db, "--game", "cards", "--players", 3, "--rules", rules,
        "--sandbox", "rlimits", "--allow-weak-sandbox", *seed,
    )  # fmt: skip
    quick_ok("add", db, "cheat", predictor(candidates), "--no-check")
    quick_ok("add", db, "anna", "builtin:random", "--no-check")
    quick_ok("add", db, "boris", "builtin:random", "--no-check")
    # In this process (issue 29): the cheat is a real program still; what it can predict
    # depends on the ladder's seed, not on the referee's process (test_fairplay_ladder plays
    # its match through the real program).
    quick_ok("run", db, "--matches", 1)
    conn = read_only(db)
    try:
        (status,) = conn.execute("SELECT status FROM matches WHERE id = 1").fetchone()
    finally:
        conn.close()
    assert status == "done", init.explain()
    match = db.with_name(db.name + ".files") / "replays" / "match-000001"
    return reports(match), match


def test_a_ladder_without_seed_deals_nothing_predictable(tmp_path: Path) -> None:
    found, match = _ladder(tmp_path)
    assert len(found) == 6, found  # one duplicate group: every seating of the deal
    assert all(r["tried"] == 6 * (CANDIDATES + 1) for r in found), found
    assert predicted(found, match) == [], "deals predicted without the secret seed"


def test_a_ladder_with_seed_zero_is_predicted_deal_by_deal(tmp_path: Path) -> None:
    found, match = _ladder(tmp_path, "--seed", "0", candidates=KNOWN_SEED_CANDIDATES)
    assert len(found) == 6, found
    assert all(r["tried"] == 6 * (KNOWN_SEED_CANDIDATES + 1) for r in found), found
    assert predicted(found, match) == [(game, "ladder-1", 0) for game in range(6)], found
