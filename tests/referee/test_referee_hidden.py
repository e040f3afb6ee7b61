"""Hidden information, checked on the wire: no message the referee sends to a seat names a card
that seat may not know.

Recording bots (tests/bots/recorder.py) play many short seeded card games (3 players, and
fewer games at the other tables: 4 players, 2 players with two talons, blind bidding, the golden
round) and log every line they receive. The replays hold the deal (every hand and the talon)
and every action, so the test rebuilds, independently of the referee's events, what each seat
may know at each moment (rules/cards.md, "Always true"):
- its own dealt hand (under blind bidding: once it has looked, passed, or the bidding ended);
- the talon: everyone once the bidding was raised (it is turned face up), only the declarer
  when the player on the hundred takes it after both others passed at once, or when the
  declarer bid blind; with 2 players, the talon not taken is shown with the last trick;
- a card the declarer gives: the declarer (it was in their hand) and its recipient — never the
  other opponent;
- every card once it is played.
Each request is matched to its move in the replay (the k-th request to a seat in a game is that
seat's k-th move), and every card string anywhere in it — events, view, legal — must be known
to the seat by then, for the deal it belongs to (a request may still carry the previous deal's
last events). A seat's view of its own hand must also be exactly right, which proves the
alignment. The checker itself is shown to catch a hidden card slipped into a message.

The referee runs in the test's process (play_match): the messages on the bots' real pipes are
the claim, not the referee's own process.
"""

from __future__ import annotations

import copy
import json
import random
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    RECORDER,
    assert_no_leftovers,
    bot,
    play_match,
    read_replay,
    verify_replays,
    write_json,
)

CARDS = frozenset(r + s for r in "9JQKTA" for s in "SCDH")
DEALS_PER_GAME = 6


def card_strings(value: Any) -> list[str]:
    """Every string in a JSON value (keys too) that names a card."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in CARDS:
                found.append(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


@dataclass
class Deal:
    number: int
    dealt: list[set[str]]
    hands: list[set[str]]  # what each seat holds now
    talons: list[set[str]]  # one talon, or two in the 2-player game
    known: list[set[str]]  # what each seat may know now
    seen: list[bool]  # whether each seat has looked at its hand (blind bidding)
    raised: bool = False
    golden: bool = False
    declarer: int | None = None
    shown: bool = False
    talon: set[str] = field(default_factory=set)  # the talon the declarer took
    given: list[tuple[int, str]] = field(default_factory=list)  # (recipient, card)

    def look(self, seat: int) -> None:
        if not self.seen[seat]:
            self.seen[seat] = True
            self.known[seat] |= self.dealt[seat]

    def learn_all(self, cards: set[str]) -> None:
        for known in self.known:
            known |= cards


@dataclass
class Tally:
    """How much the check saw: proof that it was not vacuous."""

    requests: int = 0
    cards_checked: int = 0
    hidden_talon: int = 0  # requests made while an unseen talon card was still unplayed
    hidden_gift: int = 0  # requests made while a card given to the other opponent was unplayed
    mutations_caught: int = 0


class Referee:
    """Rebuilds each seat's knowledge from one replay and checks the messages a seat got.

    Only the deal (a chance action) and the seats' actions are used, plus which seat became
    declarer and whether a deal ended conceded or was golden (public facts): never the
    referee's private events, so a wrong event cannot teach the model a wrong fact."""

    def __init__(self, rules: dict[str, Any]):
        self.rules = rules
        self.deals: dict[int, Deal] = {}
        self.deal: Deal | None = None

    def _start(self, record: dict[str, Any]) -> None:
        action = record["action"]
        (started,) = [e for e in record["events"] if e["type"] == "deal_started"]
        dealt = [set(h) for h in action["hands"]]
        talons = (
            [set(t) for t in action["talons"]] if "talons" in action else [set(action["talon"])]
        )
        assert set().union(*dealt, *talons) == CARDS
        golden = bool(started["golden"])
        blind = self.rules["blind_bidding"] and not golden
        deal = Deal(
            started["deal"],
            dealt,
            [set(h) for h in dealt],
            talons,
            [set() for _ in dealt],
            [False] * len(dealt),
            golden=golden,
        )
        for seat in range(len(dealt)):
            if not blind:
                deal.look(seat)
        self.deal = self.deals[deal.number] = deal

    def apply(self, record: dict[str, Any]) -> None:
        action = record["action"]
        kind = action["type"]
        if record["kind"] == "chance":
            if kind != "deal":
                return
            self._start(record)  # then its events: a golden deal names its declarer at once
        deal = self.deal
        assert deal is not None
        seat = record.get("seat")
        if record["kind"] == "chance":
            pass
        elif kind in ("bid", "blind_bid"):
            deal.raised = True
        elif kind in ("look", "pass"):
            deal.look(seat)
        elif kind == "take_talon":  # 2 players: the declarer picks one of two talons
            self._take(deal, deal.talons[action["index"]])
        elif kind == "give":
            card, to = action["card"], action["to"]
            deal.hands[seat].remove(card)
            deal.hands[to].add(card)
            deal.known[to].add(card)
            deal.given.append((to, card))
        elif kind == "discard":
            deal.hands[seat].remove(action["card"])
        elif kind == "play":
            card = action["card"]
            deal.hands[seat].remove(card)
            deal.learn_all({card})
        for event in record["events"]:
            if event["type"] == "declarer":
                deal.declarer = event["seat"]
                for other in range(len(deal.hands)):
                    if deal.dealt[other]:
                        deal.look(other)  # the bidding is over: every hand is looked at
                # The talon is turned up after a raised bidding (and the golden round's forced
                # contract); a blind declarer, or the hundred taking it unraised, keeps it down.
                raised = deal.raised or deal.golden or self.rules["show_talon_on_hundred"]
                deal.shown = raised and not event["blind"]
                if len(deal.talons) == 1:
                    self._take(deal, deal.talons[0])
            elif event["type"] == "deal_result" and len(deal.talons) == 2 and deal.talon:
                # 2 players: the other talon is shown with the last trick (not on a concession).
                (other,) = [t for t in deal.talons if t != deal.talon]
                if not event["conceded"]:
                    deal.learn_all(other)

    @staticmethod
    def _take(deal: Deal, talon: set[str]) -> None:
        assert deal.declarer is not None
        deal.talon = talon
        deal.hands[deal.declarer] |= talon
        deal.known[deal.declarer] |= talon
        if deal.shown:
            deal.learn_all(talon)

    def violations(self, seat: int, message: dict[str, Any], current: int) -> tuple[list[str], int]:
        """Cards in ``message`` that ``seat`` may not know; ``current`` is the deal the seat
        was last told about. Returns the problems and the deal the message leaves it in."""
        problems: list[str] = []

        def check(where: str, value: Any, deal_number: int) -> None:
            cards = card_strings(value)
            known = self.deals[deal_number].known[seat] if deal_number in self.deals else set()
            for card in cards:
                if card not in known:
                    problems.append(f"{where}: {card} is hidden from seat {seat}")

        for event in message.get("events", []):
            if event.get("type") == "deal_started":
                current = event["deal"]
            if "to" in event and event["to"] != seat:
                problems.append(f"event for seat {event['to']} sent to seat {seat}: {event}")
            check(f"event {event.get('type')}", event, current)
        if "view" in message:
            now = self.deal.number if self.deal else 0
            if message["view"].get("deal") != now:
                problems.append(f"view of deal {message['view'].get('deal')} during deal {now}")
            check("view", message["view"], now)
            check("legal", message["legal"], now)
        rest = {k: v for k, v in message.items() if k not in ("events", "view", "legal")}
        check("message", rest, current)
        return problems, current

    def hidden_now(self, seat: int) -> tuple[bool, bool]:
        """Whether an unseen talon card, or a card given to the other opponent, is still in
        someone's hand (so a leak of it would be a real leak)."""
        deal = self.deal
        if deal is None or deal.declarer is None:
            return False, False
        unplayed = set().union(*deal.hands)
        talon = bool((set().union(*deal.talons) & unplayed) - deal.known[seat])
        gift = any(to != seat and card in unplayed - deal.known[seat] for to, card in deal.given)
        return talon, gift


def read_log(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_bytes().splitlines()]


def split_by_game(messages: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """game index -> {"seat", "requests", "end"} from one recorder's log."""
    games: dict[int, dict[str, Any]] = {}
    game: dict[str, Any] | None = None
    for message in messages:
        kind = message["type"]
        if kind == "game_start":
            game = {"seat": message["seat"], "requests": [], "end": None, "start": message}
            games[message["game"]] = game
        elif kind == "request":
            assert game is not None
            game["requests"].append(message)
        elif kind == "game_end":
            assert game is not None
            game["end"] = message
            game = None
    return games


def check_game(
    records: list[dict[str, Any]],
    seats: dict[int, dict[str, Any]],
    tally: Tally,
    rng: random.Random,
) -> list[str]:
    referee = Referee(records[0]["rules"])
    problems: list[str] = []
    asked = defaultdict(int)
    current = dict.fromkeys(seats, 0)
    for record in records[1:-1]:
        if record["kind"] == "move":
            seat = record["seat"]
            assert record.get("by") != "fallback", record
            request = seats[seat]["requests"][asked[seat]]
            asked[seat] += 1
            assert record["action"] in request["legal"]
            found, current[seat] = referee.violations(seat, request, current[seat])
            problems += [f"request {request['id']}: {p}" for p in found]
            # The seat's own hand must be exactly what the replay says it holds.
            deal = referee.deal
            assert deal is not None
            expected = deal.hands[seat] if deal.seen[seat] else set()
            assert set(request["view"]["hand"]) == expected, (request["id"], seat)
            tally.requests += 1
            tally.cards_checked += len(card_strings(request))
            talon, gift = referee.hidden_now(seat)
            tally.hidden_talon += talon
            tally.hidden_gift += gift
            # The checker has teeth: one card this seat may not know, slipped in, is caught.
            hidden = sorted(CARDS - referee.deals[deal.number].known[seat])
            if hidden and rng.random() < 0.05:
                forged = copy.deepcopy(request)
                card = rng.choice(hidden)
                if rng.random() < 0.5:
                    forged["view"]["played"] = [*forged["view"]["played"], card]
                else:
                    forged["events"].append({"type": "play", "seat": seat, "card": card})
                caught, _ = referee.violations(seat, forged, current[seat])
                assert caught, f"a forged leak of {card} went unnoticed"
                tally.mutations_caught += 1
        referee.apply(record)
    for seat, game in seats.items():
        assert asked[seat] == len(game["requests"]), "more requests than moves in the replay"
        assert game["end"] is not None
        # Each seat got exactly the events meant for it (public, or private to it), in order.
        expected = [
            e
            for r in records[1:-1]
            for e in r.get("events", [])
            if "to" not in e or e["to"] == seat
        ]
        received = [e for m in (*game["requests"], game["end"]) for e in m["events"]]
        if received != expected:
            problems.append(f"seat {seat} did not receive exactly its events")
        found, _ = referee.violations(seat, game["end"], current[seat])
        problems += [f"game_end: {p}" for p in found]
        assert not card_strings(game["start"])
    return problems


@pytest.mark.parametrize(
    ("preset", "players", "games"),
    [
        ("classic", 3, 12),
        # Other tables, fewer games: the sitting-out dealer, two talons, blind bidding, the
        # golden round (forced contracts), and all options at once.
        pytest.param("four", 4, 3, marks=pytest.mark.slow),
        pytest.param("duel", 2, 3, marks=pytest.mark.slow),
        pytest.param("dark", 3, 3, marks=pytest.mark.slow),
        pytest.param("everything", 3, 3, marks=pytest.mark.slow),
    ],
)
def test_no_seat_ever_sees_another_seats_hidden_cards(
    preset: str, players: int, games: int, marker: str, tmp_path: Path
) -> None:
    rules = write_json(tmp_path / "short.json", {"preset": preset, "max_deals": DEALS_PER_GAME})
    logs = [tmp_path / f"seen-{i}.jsonl" for i in range(players)]
    run = play_match(
        [bot(RECORDER, log, marker) for log in logs],
        "--rules",
        str(rules),
        "--games",
        str(games),
        "--seed",
        "2024",
        "--time-per-move",
        "5",
        replays=tmp_path / "replays",
        game="cards",
    )
    assert run.returncode == 0, run.explain()
    doc = run.doc
    assert doc["games_played"] == games
    assert all(b["faults"] == {} for b in doc["bots"])
    assert_no_leftovers(marker)

    by_bot = [split_by_game(read_log(log)) for log in logs]
    for messages in map(read_log, logs):
        assert messages[0]["type"] == "hello" and messages[-1]["type"] == "bye"
        assert not any(card_strings(m) for m in messages if m["type"] in ("hello", "bye"))
    tally = Tally()
    rng = random.Random(1)
    problems: list[str] = []
    for game in doc["games"]:
        records = read_replay(game["replay"])
        seats = {}
        for bot_index, seen in enumerate(by_bot):
            entry = seen[game["game"]]
            assert game["seating"][entry["seat"]] == bot_index
            seats[entry["seat"]] = entry
        found = check_game(records, seats, tally, rng)
        problems += [f"game {game['game']}: {p}" for p in found]
    assert not problems, "\n".join(problems[:20])
    verify_replays(tmp_path / "replays")
    # Not vacuous: many messages, many cards, and the delicate cases did occur.
    assert tally.requests > 100 * games
    assert tally.cards_checked > 20 * tally.requests
    assert tally.hidden_talon > 5 * games, tally
    assert tally.hidden_gift > 5 * games or players == 2, tally
    assert tally.mutations_caught > 2 * games, tally
