"""The card choices valued since the first analysis (issue 32): looking or bidding blind, a
redeal, and the two-player bids, choice of talon and discards, on games played by real bot
processes. Each is valued from the seat's own information (cards it could not see exchanged
after the deal: the same numbers), a costly choice is marked, and each value is the expert's
(bots/card_expert.py's constants where it has one)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from referee.analysis.cards import Budget, card_expert
from referee.analysis.games import analyse_file
from referee.replay.frames import load_frames
from tests.analysis.test_analyse_cards import cut, records
from tests.inprocess import invoke

ROOT = Path(__file__).resolve().parents[2]
FIXED = Budget(cpu_ms=None, samples=60)


def play(folder: Path, rules: str, players: int, seed: int) -> Path:
    argv = ["match", "--game", "cards", "--rules", rules, "--games", "1", "--seed", str(seed),
            "--replays", folder, *(["builtin:random"] * players)]  # fmt: skip
    done = invoke(argv, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    (path,) = folder.glob("match-*/game-*.jsonl")
    return path


@pytest.fixture(scope="module")
def dark(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Blind bidding at the table (three random bots)."""
    return play(tmp_path_factory.mktemp("dark"), "dark", 3, seed=11)


@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return play(tmp_path_factory.mktemp("duel"), "duel", 2, seed=12)


@pytest.fixture(scope="module")
def poor(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every hand may ask for a redeal (fewer than 121 card points: all of them)."""
    folder = tmp_path_factory.mktemp("poor")
    rules = folder / "poor.json"
    rules.write_text(json.dumps({"preset": "classic", "redeal_hand_points": 121, "max_deals": 8}))
    return play(folder, str(rules), 3, seed=13)


def moves(path: Path, test: Any) -> list[tuple[int, int, list[dict[str, Any]], dict[str, Any]]]:
    """(step, seat, legal actions, chosen action) of every move whose legal actions pass test."""
    found = []
    for before, after in itertools.pairwise(load_frames(path).frames):
        record = after.record or {}
        if record.get("kind") == "move" and record.get("by") != "fallback":
            legal = before.state.legal_actions()
            if test(legal):
                found.append((int(record["n"]), int(record["seat"]), legal, record["action"]))
    return found


def decision(path: Path, seat: int, step: int, folder: Path, name: str) -> dict[str, Any]:
    analysis = analyse_file(cut(records(path), step, folder, name), seat, FIXED)
    (made,) = [d for d in analysis.decisions if d.step == step]
    return made.model_dump()


def exchange(lines: list[dict[str, Any]], first: str, second: str) -> list[dict[str, Any]]:
    """The replay with two cards of its first deal exchanged wherever they lie (hands and
    talons), in the deal and in the events that showed them."""
    changed = json.loads(json.dumps(lines))

    def swapped(cards: list[str]) -> None:
        cards[:] = [second if c == first else first if c == second else c for c in cards]

    for record in changed:
        action = record.get("action") or {}
        if record.get("kind") == "chance" and action.get("type") == "deal":
            for pile in [*action["hands"], *(action.get("talons") or [])]:
                swapped(pile)
            if action.get("talon"):
                swapped(action["talon"])
            for event in record.get("events") or []:
                if isinstance(event.get("cards"), list):
                    swapped(event["cards"])
            return changed
    raise AssertionError("no deal")


def first_deal(path: Path) -> dict[str, Any]:
    action: dict[str, Any] = next(
        r["action"] for r in records(path) if (r.get("action") or {}).get("type") == "deal"
    )
    return action


def test_a_blind_seat_is_valued_over_hands_it_may_hold(dark: Path, tmp_path: Path) -> None:
    """Looking, passing and each blind bid, in the same sampled hands: a pass the expert's
    constant; the seat's own unseen cards exchanged with another's: the same numbers."""
    step, seat, legal, _ = moves(dark, lambda legal: {"type": "look"} in legal)[0]
    made = decision(dark, seat, step, tmp_path, "blind")
    assert made["deal"] == 1  # the deal whose cards are exchanged below
    assert made["phase"] == "bidding" and [o["action"] for o in made["options"]] == legal
    assert all(o["samples"] == 60 for o in made["options"])
    (passing,) = [o for o in made["options"] if o["action"]["type"] == "pass"]
    assert passing["value"] == card_expert().PASS_UTILITY and passing["stderr"] == 0.0
    blind = sorted(
        (o for o in made["options"] if o["action"]["type"] == "blind_bid"),
        key=lambda o: o["action"]["value"],
    )
    assert blind  # a higher blind bid is made in fewer of the same worlds, lost for more
    assert all(b["value"] <= a["value"] + 10 for a, b in itertools.pairwise(blind))
    deal = first_deal(dark)
    other = (seat + 1) % 3
    mine, theirs = deal["hands"][seat][0], deal["hands"][other][0]
    altered = exchange(records(dark), mine, theirs)
    path = tmp_path / "altered.lines"  # not a replay: the suite verifies those
    path.write_text("".join(json.dumps(r) + "\n" for r in altered), encoding="utf-8")
    assert decision(path, seat, step, tmp_path, "altered-blind") == made


def test_a_high_blind_bid_is_marked(dark: Path, tmp_path: Path) -> None:
    """A random bot's blind bid of 115 or 120 (doubled, on a hand never seen) loses more than a
    blunder's 50 points against looking, significantly."""
    step, seat = next(
        (step, seat)
        for step, seat, _, chosen in moves(dark, lambda legal: {"type": "look"} in legal)
        if chosen["type"] == "blind_bid" and chosen["value"] >= 115
    )
    made = decision(dark, seat, step, tmp_path, "high")
    assert made["mark"] == "blunder" and made["best"]["type"] != "blind_bid"
    assert made["loss"] >= 50


def test_a_redeal_is_worth_a_void_deal(poor: Path, tmp_path: Path) -> None:
    step, seat, legal, _ = moves(poor, lambda legal: {"type": "redeal"} in legal)[0]
    made = decision(poor, seat, step, tmp_path, "redeal")
    assert [o["action"] for o in made["options"]] == legal
    (redeal,) = [o for o in made["options"] if o["action"]["type"] == "redeal"]
    assert redeal["value"] == card_expert().REDEAL_UTILITY == 0.0 and redeal["stderr"] == 0.0
    assert redeal["samples"] == 60


def test_duel_bids_talons_and_discards_are_valued(duel: Path, tmp_path: Path) -> None:
    """The first bid, choice of talon and discard of the first deal: every legal action scored
    in the same worlds, and the same numbers when a card of the other hand is exchanged with
    one of the talon the declarer did not take (cards none of these seats saw)."""
    deal = first_deal(duel)
    taken = next(
        r["action"]["index"]
        for r in records(duel)
        if (r.get("action") or {}).get("type") == "take_talon"
    )
    kinds = {"bid", "take_talon", "discard"}
    seen = set()
    for step, seat, legal, _ in moves(duel, lambda legal: len(legal) > 1):
        kind = next((a["type"] for a in legal if a["type"] in kinds), None)
        if kind is None or kind in seen:
            continue
        seen.add(kind)
        made = decision(duel, seat, step, tmp_path, kind)
        assert made["deal"] == 1 and [o["action"] for o in made["options"]] == legal
        assert all(o["samples"] == 60 for o in made["options"])
        hidden, left = deal["hands"][1 - seat][0], deal["talons"][1 - taken][0]
        path = tmp_path / f"unseen-{kind}.lines"  # not a replay: the suite verifies those
        altered = exchange(records(duel), hidden, left)
        path.write_text("".join(json.dumps(r) + "\n" for r in altered), encoding="utf-8")
        assert decision(path, seat, step, tmp_path, f"unseen-{kind}") == made
    assert seen == kinds


def test_a_duel_discard_never_reads_the_other_hand(duel: Path, tmp_path: Path) -> None:
    """The declarer's first discard: a card of the other player exchanged with one of the
    talon it did not take (neither ever seen by the declarer) leaves the numbers as they were;
    a card of its own exchanged with the other player's changes them."""
    step, seat, _, _ = moves(duel, lambda legal: legal[-1]["type"] == "discard")[0]
    taken = next(
        r["action"]["index"]
        for r in records(duel)
        if (r.get("action") or {}).get("type") == "take_talon"
    )
    deal = first_deal(duel)
    made = decision(duel, seat, step, tmp_path, "discard")
    hidden, left = deal["hands"][1 - seat][0], deal["talons"][1 - taken][0]
    path = tmp_path / "unseen.lines"
    altered = exchange(records(duel), hidden, left)
    path.write_text("".join(json.dumps(r) + "\n" for r in altered), encoding="utf-8")
    assert decision(path, seat, step, tmp_path, "unseen") == made
    known = tmp_path / "known.lines"
    changed = exchange(records(duel), deal["hands"][seat][0], hidden)
    known.write_text("".join(json.dumps(r) + "\n" for r in changed), encoding="utf-8")
    assert decision(known, seat, step, tmp_path, "known")["options"] != made["options"]
