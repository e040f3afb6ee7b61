"""Predictable deals: a bot that derives the deals as the referee does learns nothing without
the secret master seed.

The predictor (bots/predictor.py) tries every master seed 0..1000 under the first release's
scheme and the current one (match groups and games, ladder matches 1-4) and compares the hand
it would be dealt with the hand it is dealt. Without ``--seed`` (a fresh 128-bit secret) it
predicts none; with a small explicit seed it predicts every deal, which shows the probe works.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.fairplay.conftest import CANDIDATES, PREDICTOR, play, py_bot, reports, rules_file
from tests.ladder.conftest import ok, quick_ok, read_only

THREE_GAMES = ("--games", "3", "--sandbox", "rlimits")


def predicted(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in found if r["predicted"]]


def test_a_match_without_seed_deals_nothing_predictable(tmp_path: Path) -> None:
    bots = [py_bot(PREDICTOR, CANDIDATES), "builtin:random", "builtin:random"]
    run, folder = play(bots, "cards", tmp_path, *THREE_GAMES)
    found = reports(folder / "logs")
    assert len(found) == 3, run.explain()
    assert all(r["tried"] > 8 * CANDIDATES for r in found), found
    assert predicted(found) == [], f"deals predicted without the secret seed: {predicted(found)}"


def test_a_match_with_a_small_seed_is_predicted_deal_by_deal(tmp_path: Path) -> None:
    bots = [py_bot(PREDICTOR, CANDIDATES), "builtin:random", "builtin:random"]
    run, folder = play(bots, "cards", tmp_path, *THREE_GAMES, "--seed", "7")
    found = reports(folder / "logs")
    assert len(found) == 3, run.explain()
    assert [(r["predicted"], r["scheme"], r["master"]) for r in found] == [
        (True, "new-game", 7)
    ] * 3, found


def _ladder(folder: Path, *seed: str) -> list[dict[str, Any]]:
    db = folder / "deals.db"
    rules = rules_file(folder, "cards")
    init = quick_ok(
        "init", db, "--game", "cards", "--players", 3, "--rules", rules,
        "--sandbox", "rlimits", "--allow-weak-sandbox", *seed,
    )  # fmt: skip
    quick_ok("add", db, "cheat", py_bot(PREDICTOR, CANDIDATES), "--no-check")
    quick_ok("add", db, "anna", "builtin:random", "--no-check")
    quick_ok("add", db, "boris", "builtin:random", "--no-check")
    ok("run", db, "--matches", 1, timeout=180)
    conn = read_only(db)
    try:
        (status,) = conn.execute("SELECT status FROM matches WHERE id = 1").fetchone()
    finally:
        conn.close()
    assert status == "done", init.explain()
    return reports(db.with_name(db.name + ".files"))


def test_a_ladder_without_seed_deals_nothing_predictable(tmp_path: Path) -> None:
    found = _ladder(tmp_path)
    assert len(found) == 6, found  # one duplicate group: every seating of the deal
    assert all(r["tried"] > 8 * CANDIDATES for r in found), found
    assert predicted(found) == [], f"deals predicted without the secret seed: {predicted(found)}"


def test_a_ladder_with_seed_zero_is_predicted_deal_by_deal(tmp_path: Path) -> None:
    found = _ladder(tmp_path, "--seed", "0")
    assert len(found) == 6, found
    assert {(r["predicted"], r["scheme"], r["master"]) for r in found} == {(True, "ladder-1", 0)}
