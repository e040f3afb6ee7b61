"""The search-based card bot: its simulator held to the engine, its sampler to what a seat may
know, and the bot itself played as a contestant runs it (real bot processes, the CLI's commands
run in the test's process).

The simulator and the sampler are the bot's own code, loaded from its single file: the bot may
not import the engine, so these tests are what keeps its copy of the rules honest.
"""

from __future__ import annotations

import json
import random
import shlex
import subprocess
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.inprocess import Invoked, invoke
from tests.script_module import load
from thousand.cards import PRESETS, CardRules, CardState, new_game
from thousand.cards.cards import CARD_INT, CARD_STR, SUIT_MASK
from thousand.game import CHANCE, OVER, Event, visible_to

ROOT = Path(__file__).resolve().parents[2]
EXPERT = ROOT / "bots" / "card_expert.py"
CARD_BOT = shlex.join([sys.executable, str(ROOT / "bots" / "card_bot.py")])
PLAY_PRESETS = ["classic", "polish", "everything", "four", "duel"]


@cache
def expert() -> ModuleType:
    """The bot's file as a module, exactly as the referee would run it."""
    return load(EXPERT, "card_expert")


def bot(budget_ms: float) -> str:
    return shlex.join([sys.executable, str(EXPERT), "3", "--budget-ms", str(budget_ms)])


def table(preset: str) -> CardRules:
    return PRESETS[preset]


def thousand(*args: str) -> Invoked:
    """``thousand ARGS`` in this process (tests/inprocess.py, issue 29): what is tested is the
    bot, in real processes the referee starts alike from here, not the referee's own process
    (a `thousand` start is ~0.3-0.6 s of CPU)."""
    return invoke(list(args), cwd=ROOT)


def step_random(state: CardState, rng: random.Random) -> list[Event]:
    if state.to_move() == CHANCE:
        return state.apply(state.sample_chance(rng))
    return state.apply(rng.choice(state.legal_actions()))


# ------------------------------------------------------------------ the simulator --
def sim_at_play_start(state: CardState, t: Any) -> Any:
    """The bot's Deal for the engine's deal at its first lead (every hand known)."""
    e = expert()
    deal = e.Deal(t, list(state.hands), list(state.active), state.declarer)
    deal.played = state.played
    return deal


def engine_moves(state: CardState) -> set[tuple[int, int]]:
    moves = set()
    for a in state.legal_actions():
        declare = 1 if a.get("marriage") else 2 if a.get("ace_marriage") else 0
        moves.add((CARD_INT[a["card"]], declare))
    return moves


@pytest.mark.parametrize("preset", PLAY_PRESETS)
def test_simulator_agrees_with_engine(preset: str) -> None:
    """Random games: at every step of play the simulator's seat to move, legal moves, trump,
    trick winners, trick points and marriage points equal the engine's."""
    rules = table(preset)
    t = expert().Table(rules.model_dump(), rules.players)
    rng = random.Random(f"sim:{preset}")
    deals_checked = 0
    for _ in range(3):
        state = new_game(rules, rules.players)
        deal = None
        while state.to_move() != OVER and deals_checked < 30:
            in_play = state.to_move() >= 0 and state.view(state.to_move())["phase"] == "play"
            if not in_play:
                deal = None
                step_random(state, rng)
                continue
            if deal is None:
                deal = sim_at_play_start(state, t)
                deals_checked += 1
            seat = state.to_move()
            assert deal.turn == seat
            assert set(deal.actions(seat)) == engine_moves(state)
            action = rng.choice(state.legal_actions())
            card = CARD_INT[action["card"]]
            declare = 1 if action.get("marriage") else 2 if action.get("ace_marriage") else 0
            winner = deal.play(card, declare)
            events = state.apply(action)
            tricks = [e for e in events if e["type"] == "trick"]
            marriages = [e for e in events if e["type"] in ("marriage", "ace_marriage")]
            for m in marriages:
                assert deal.marr[m["seat"]] >= m["value"]
            if tricks:
                assert winner == tricks[0]["winner"]
                assert (
                    sum(expert().POINTS[CARD_INT[c]] for c in tricks[0]["cards"])
                    == (tricks[0]["points"])
                )
                if any(e["type"] == "deal_result" for e in events):
                    result = next(e for e in events if e["type"] == "deal_result")
                    assert deal.marr == result["marriages"]
                    assert deal.won == result["tricks"]
                    if rules.players != 2:
                        assert deal.points == result["points"]
                    deal = None
                else:
                    assert deal.points == state.taken_points
            else:
                assert winner == -1
                assert deal.trump == state.trump
    assert deals_checked >= 10


# -------------------------------------------------------------------- the sampler --
def seat_views(
    preset: str, games: int, seed: str
) -> list[tuple[CardState, int, Any, dict[str, Any], list[int]]]:
    """Decision points of random games: the engine, the seat, its memory, its view, and the
    suits each seat showed it lacks in this deal (the suit led, whenever it played another),
    counted here independently of the bot's memory."""
    e = expert()
    rules = table(preset)
    rng = random.Random(seed)
    points = []
    for _ in range(games):
        state = new_game(rules, rules.players)
        memories = [e.Memory(rules.players) for _ in range(rules.players)]
        lacks = [0] * rules.players
        lead = -1
        while state.to_move() != OVER:
            seat = state.to_move()
            if seat >= 0 and rng.random() < 0.15:
                points.append(
                    (state.clone(), seat, _copy(memories[seat]), state.view(seat), lacks[:])
                )
            events = step_random(state, rng)
            for event in events:
                if event["type"] == "deal_started":
                    lacks = [0] * rules.players
                elif event["type"] == "play":
                    card = CARD_INT[event["card"]]
                    if lead < 0:
                        lead = card // 6
                    elif card // 6 != lead:
                        lacks[event["seat"]] |= SUIT_MASK[lead]
                elif event["type"] == "trick":
                    lead = -1
            for s, memory in enumerate(memories):
                for event in events:
                    if visible_to(event, s):
                        memory.feed(event, rules.must_beat)
    return points


def _copy(memory: Any) -> Any:
    other = expert().Memory(memory.players)
    other.forbid = memory.forbid[:]
    other.holds = memory.holds[:]
    other.played_by = memory.played_by[:]
    other.trick = memory.trick[:]
    other.trump = memory.trump
    other.best = memory.best
    return other


@pytest.mark.parametrize("preset", PLAY_PRESETS)
def test_sampler_never_deals_a_card_known_elsewhere(preset: str) -> None:
    """Over random decision points: every sampled world gives each other seat exactly its hand
    size, never a card the seat holds or saw played, never two seats the same card, every card
    the seat knows the place of in that place; the seat's constraints hold in the true deal
    (so they never rule the truth out), and the sampled worlds obey them."""
    e = expert()
    rng = random.Random(f"sample:{preset}")
    checked = 0
    for state, seat, memory, view, lacks in seat_views(preset, 2, f"views:{preset}"):
        if view["phase"] not in ("play", "contract", "talon") or not view["hand_seen"]:
            continue
        kn = e.Knowledge(view, memory)
        assert kn.ok
        truth = state.hands
        n = state.num_players
        mine = kn.mine
        played = kn.played
        assert mine == truth[seat]
        for s in range(n):
            if s == seat:
                continue
            assert truth[s] & kn.forbid[s] == 0, f"seat {s}: a void rules out the true hand"
            assert kn.known[s] & ~truth[s] == 0, f"seat {s}: a card placed where it is not"
        if kn.quota_seat >= 0:
            assert (truth[kn.quota_seat] & kn.restricted).bit_count() <= kn.quota
        gave = {
            (int(g["to"]), CARD_INT[g["card"]])
            for g in view["given"]
            if g["card"] is not None and view["declarer"] == seat
        }
        partners = [0] * n
        for m in view["marriages"]:
            if m["suit"] is not None:
                pair = sum(1 << (6 * "SCDH".index(m["suit"]) + r) for r in (2, 3))
                partners[m["seat"]] |= pair & ~played
        for _ in range(20):
            hands = kn.sample(rng)
            assert hands[seat] == mine
            seen = mine | played
            for s in range(n):
                if s == seat:
                    continue
                assert hands[s].bit_count() == view["hand_sizes"][s]
                assert hands[s] & seen == 0, "a card we hold or saw played was dealt away"
                assert hands[s] & kn.forbid[s] == 0
                assert hands[s] & lacks[s] == 0, "a seat got a suit it showed it lacks"
                assert partners[s] & ~hands[s] == 0, "a declared marriage's partner moved"
                for other in range(n):
                    if other not in (s, seat):
                        assert hands[s] & hands[other] == 0
            for to, card in gave:
                if not played >> card & 1:
                    assert hands[to] >> card & 1, f"{CARD_STR[card]} was given to seat {to}"
            checked += 1
    assert checked >= 100


def test_sampler_respects_voids_in_a_scripted_deal() -> None:
    """Seat 2 shows it has no hearts (the trump) and no spades: no world gives it either suit,
    and the king of the declared heart marriage stays with the declarer."""
    e = expert()
    memory = e.Memory(3)
    for event in [
        {"type": "deal_started", "deal": 1},
        {"type": "play", "seat": 0, "card": "QH"},
        {"type": "marriage", "seat": 0, "suit": "H", "value": 100},
        {"type": "play", "seat": 1, "card": "9H"},
        {"type": "play", "seat": 2, "card": "9D"},
        {"type": "trick", "winner": 1, "cards": ["QH", "9H", "9D"], "points": 3},
        {"type": "play", "seat": 1, "card": "AS"},
        {"type": "play", "seat": 2, "card": "JC"},
    ]:
        memory.feed(event, False)
    view = {
        "players": 3,
        "seat": 1,
        "hand": ["9S", "JS", "QS", "9C", "KC", "TD"],
        "played": ["QH", "9H", "9D", "AS", "JC"],
        "sitting_out": None,
        "hand_sizes": [7, 6, 6],
        "declarer": 0,
        "given": [{"to": 1, "card": None}, {"to": 2, "card": None}],
        "talon": None,
    }
    kn = e.Knowledge(view, memory)
    rng = random.Random(1)
    for _ in range(200):
        hands = kn.sample(rng)
        assert hands[2] & (SUIT_MASK[0] | SUIT_MASK[3]) == 0
        assert hands[0] >> CARD_INT["KH"] & 1  # the declared marriage's king


# --------------------------------------------------------------- the bot as run --
def test_bots_check_passes() -> None:
    done = thousand("bots", "check", "--game", "cards", "--games", "1", bot(5))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "the bot passed every check" in done.stdout + done.stderr


def test_short_match_has_no_faults_and_keeps_the_budget(tmp_path: Path) -> None:
    """A match under the CPU clock: no fault, and every move of the expert within its budget
    plus a generous margin for the referee's own measurement (a behaviour check, not a speed
    goal). The budget is 40 ms; the margin 40 ms."""
    rules = tmp_path / "short.json"
    rules.write_text(json.dumps({"preset": "classic", "max_deals": 5}))
    budget = 40.0
    done = thousand(
        "match",
        "--game",
        "cards",
        "--rules",
        str(rules),
        "--games",
        "2",
        "--seed",
        "4",
        "--clock",
        "cpu",
        "--replays",
        str(tmp_path),
        "--json",
        bot(budget),
        CARD_BOT,
        CARD_BOT,
    )
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    for entry in document["bots"]:
        assert entry["faults"] == {}, entry
    moves = []
    for replay in tmp_path.glob("match-*/game-*.jsonl"):
        lines = [json.loads(line) for line in replay.read_text().splitlines()]
        seats = [s for s, info in enumerate(lines[0]["seats"]) if info["name"] == "card-expert"]
        assert len(seats) == 1
        moves += [r["cpu_ms"] for r in lines if r.get("kind") == "move" and r["seat"] == seats[0]]
    assert len(moves) > 20
    assert max(moves) <= budget + 40, sorted(moves)[-5:]


def test_a_bad_budget_is_one_line() -> None:
    done = subprocess.run(
        [sys.executable, str(EXPERT), "--budget-ms", "soon"],
        input="",
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "error" in lines[0] and "Traceback" not in done.stderr


# ------------------------------------------------------------- bench/strength.py --
@cache
def strength() -> ModuleType:
    return load(ROOT / "bench" / "strength.py", "strength")


def short(tmp_path: Path, preset: str) -> str:
    """A preset cut to four deals (the highest score wins at the cap): what is summarised is
    the match's document, whatever the games' length."""
    rules = tmp_path / f"{preset}-short.json"
    rules.write_text(json.dumps({"preset": preset, "max_deals": 4}))
    return str(rules)


def test_strength_counts_the_experts_wins_as_the_referee_does(tmp_path: Path) -> None:
    """The benchmark's summary of a real duplicate match: its win count for the 'expert' seats
    equals the referee's own per-bot wins, its share lies in its Wilson interval, and it finds
    one paired Elo per expert and other bot. Two example card bots stand in for experts."""
    s = strength()
    random_bot = shlex.join([sys.executable, str(ROOT / "bots" / "random_bot.py")])
    bots = [CARD_BOT, CARD_BOT + " 2", random_bot]
    done = thousand(
        "match", "--game", "cards", "--rules", short(tmp_path, "classic"), "--rotate",
        "--games", "6", "--seed", "8", "--json", *bots,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    for experts in ([0], [0, 1]):
        scenario = s.Scenario("test", "cards", bots, experts)
        row = s.summarise(scenario, document, 60.0, 6, ["match"])
        assert row["wins"] == sum(document["bots"][i]["wins"] for i in experts)
        low, high = row["wilson95"]
        assert low <= row["share"] <= high
        assert row["games"] == 6 and row["games_per_minute"] == 6.0
        assert len(row["elo"]) == len(experts) * (3 - len(experts))
        assert row["chance"] == len(experts) / 3
        assert [top for _, top in row["expert_cpu_ms"]] == [
            document["bots"][i]["think_ms"]["max_cpu"] for i in experts
        ]


def test_strength_reads_the_elo_of_a_two_player_match(tmp_path: Path) -> None:
    """Two players: the referee reports one head-to-head, not pairs; the Elo is read from it."""
    s = strength()
    random_bot = shlex.join([sys.executable, str(ROOT / "bots" / "random_bot.py")])
    bots = [CARD_BOT, random_bot]
    done = thousand(
        "match", "--game", "cards", "--rules", short(tmp_path, "duel"), "--rotate", "--games",
        "2", "--seed", "5", "--json", *bots,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    row = s.summarise(s.Scenario("test", "cards", bots, [0]), document, 60.0, 2, ["match"])
    head = document["head_to_head"]
    assert row["elo"] == [(head["elo"], *head["elo_95"])]
