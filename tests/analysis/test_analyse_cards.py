"""Card decisions valued from the seat's own information: the same numbers whatever the cards
it could not see, different ones when a card it knew changes; a forced move loses nothing."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from referee.analysis.cards import Budget, ExpertMissing, card_expert
from referee.analysis.games import analyse_file
from referee.replay.frames import load_frames
from tests.inprocess import invoke

ROOT = Path(__file__).resolve().parents[2]
FIXED = Budget(cpu_ms=None, samples=60)  # a fixed number of worlds: reproducible numbers


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cards")
    bots = ["builtin:random"] * 3
    done = invoke(
        ["match", "--game", "cards", "--games", "1", "--seed", "8", "--replays", folder, *bots],
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    (path,) = folder.glob("match-*/game-*.jsonl")
    return path


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def first_lead(path: Path) -> tuple[int, int]:
    """The step and seat of the first deal's first play (the declarer's lead: every card of
    its hand is legal, and no other seat has played a card yet)."""
    frames = load_frames(path).frames
    for before, after in itertools.pairwise(frames):
        record = after.record or {}
        if record.get("kind") == "move" and record["action"]["type"] == "play":
            assert len(before.state.legal_actions()) > 1
            return int(record["n"]), int(record["seat"])
    raise AssertionError("no play in the game")


def cut(lines: list[dict[str, Any]], step: int, folder: Path, name: str) -> Path:
    """The game up to ``step`` (an unfinished replay: the analysis reads what is there)."""
    out = folder / f"{name}.jsonl.part"
    kept = [r for r in lines if "format" in r or 0 < r.get("n", 0) <= step]
    out.write_text("".join(json.dumps(r) + "\n" for r in kept), encoding="utf-8")
    return out


def swap(lines: list[dict[str, Any]], first: str, second: str) -> list[dict[str, Any]]:
    """The replay with two cards of the deal exchanged between their hands."""
    changed = json.loads(json.dumps(lines))
    for record in changed:
        action = record.get("action") or {}
        if record.get("kind") == "chance" and action.get("type") == "deal":
            for hand in action["hands"]:
                hand[:] = [second if c == first else first if c == second else c for c in hand]
            return changed
    raise AssertionError("no deal")


def same_rank_pair(a: list[str], b: list[str]) -> tuple[str, str]:
    """A card of ``a`` and one of ``b`` of one rank, neither a queen nor a king: exchanging
    them changes no bid the engine allowed (points and marriages stay)."""
    for x in a:
        for y in b:
            if x[0] == y[0] and x[0] not in "QK":
                return x, y
    pytest.skip("no exchangeable pair in this deal")


def decision_at(path: Path, seat: int, step: int) -> dict[str, Any]:
    analysis = analyse_file(path, seat, FIXED)
    (made,) = [d for d in analysis.decisions if d.step == step]
    return made.model_dump()


def test_hidden_cards_do_not_change_the_numbers(game: Path, tmp_path: Path) -> None:
    lines = records(game)
    step, seat = first_lead(game)
    deal = next(r["action"] for r in lines if (r.get("action") or {}).get("type") == "deal")
    others = [s for s in range(3) if s != seat]
    first, second = same_rank_pair(deal["hands"][others[0]], deal["hands"][others[1]])
    before = decision_at(cut(lines, step, tmp_path, "game"), seat, step)
    altered = decision_at(cut(swap(lines, first, second), step, tmp_path, "altered"), seat, step)
    assert before["options"][0]["samples"] == 60 and len(before["options"]) > 1
    assert altered == before
    # and the test can fail: a card the seat held, exchanged, changes its numbers
    mine = [c for c in deal["hands"][seat] if c not in (first, second)]
    known, hidden = same_rank_pair(mine, deal["hands"][others[0]])
    changed = cut(swap(lines, known, hidden), step, tmp_path, "known")
    assert decision_at(changed, seat, step)["options"] != before["options"]


def test_a_forced_move_loses_nothing(game: Path, tmp_path: Path) -> None:
    lines = records(game)
    frames = load_frames(game).frames
    forced = next(
        after.record
        for before, after in itertools.pairwise(frames)
        if after.record
        and after.record.get("kind") == "move"
        and after.record["action"]["type"] == "play"
        and len(before.state.legal_actions()) == 1
    )
    assert forced is not None
    step, seat = int(forced["n"]), int(forced["seat"])
    made = decision_at(cut(lines, step, tmp_path, "forced"), seat, step)
    assert made["loss"] == 0.0 and made["mark"] is None
    assert [o["samples"] for o in made["options"]] == [0]


def test_a_contract_is_valued_in_paired_worlds(game: Path, tmp_path: Path) -> None:
    """The declarer's contract: each legal value scored over the same sampled worlds, so a
    higher contract can only be worth less or more by the worlds where the take falls
    between the two."""
    frames = load_frames(game).frames
    step, seat = next(
        (int(after.record["n"]), int(after.record["seat"]))
        for before, after in itertools.pairwise(frames)
        if after.record
        and after.record.get("kind") == "move"
        and after.record["action"]["type"] == "contract"
        and len(before.state.legal_actions()) > 1
    )
    made = decision_at(cut(records(game), step, tmp_path, "contract"), seat, step)
    assert made["phase"] == "contract" and len(made["options"]) > 1
    assert all(o["samples"] == 60 and o["stderr"] is not None for o in made["options"])
    values = [o["value"] for o in made["options"]]
    assert made["value_best"] == max(values) and made["loss"] == max(values) - made["value_chosen"]


def test_without_the_card_expert_the_error_is_one_line(tmp_path: Path) -> None:
    """An install without the source checkout's bots/ says so, as a ThousandError (one line)."""
    with pytest.raises(ExpertMissing, match="source checkout"):
        card_expert(tmp_path / "card_expert.py")


def test_gives_are_valued_and_a_concession_is_certain(game: Path, tmp_path: Path) -> None:
    """The declarer's first give: every legal give scored in the same worlds, a concession
    (when offered) the same score in each of them, the contract lost and half of it to the
    defenders."""
    frames = load_frames(game).frames
    before, after = next(
        (before, after)
        for before, after in itertools.pairwise(frames)
        if after.record
        and after.record.get("kind") == "move"
        and after.record["action"]["type"] == "give"
    )
    assert after.record is not None
    step, seat = int(after.record["n"]), int(after.record["seat"])
    legal = before.state.legal_actions()
    made = decision_at(cut(records(game), step, tmp_path, "give"), seat, step)
    assert made["phase"] == "talon" and [o["action"] for o in made["options"]] == legal
    for option in made["options"]:
        assert option["samples"] == 60
        if option["action"]["type"] == "concede":
            contract = int(before.state.view(seat)["contract"])
            assert option["stderr"] == 0.0
            assert option["value"] == -contract - 5 * -(-contract // 10)


def test_a_bid_is_the_expert_s_estimate_and_a_pass_its_constant(game: Path, tmp_path: Path) -> None:
    """A bid is valued as the expert values it (the seat declaring at that bid, in sampled
    worlds); a pass is the expert's constant utility of letting another declare."""
    frames = load_frames(game).frames
    after = next(
        after
        for before, after in itertools.pairwise(frames)
        if after.record
        and after.record.get("kind") == "move"
        and after.record["action"]["type"] in ("bid", "pass")
        and len(before.state.legal_actions()) > 1
    )
    assert after.record is not None
    step, seat = int(after.record["n"]), int(after.record["seat"])
    made = decision_at(cut(records(game), step, tmp_path, "bid"), seat, step)
    assert made["phase"] == "bidding"
    passing = [o for o in made["options"] if o["action"]["type"] == "pass"]
    bids = [o for o in made["options"] if o["action"]["type"] == "bid"]
    assert len(passing) == 1 and passing[0]["value"] == card_expert().PASS_UTILITY
    assert passing[0]["stderr"] == 0.0 and bids and all(o["samples"] == 60 for o in bids)
    # a higher bid is made in fewer of the same worlds: never worth more than a lower one by
    # more than the five points it adds
    values = [o["value"] for o in sorted(bids, key=lambda o: o["action"]["value"])]
    assert all(b <= a + 5 for a, b in itertools.pairwise(values))
