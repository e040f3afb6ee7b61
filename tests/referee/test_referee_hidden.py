"""Hidden information, checked on the wire: no message the referee sends to a seat names a card
that seat may not know.

Three recording bots (tests/bots/recorder.py) play many short seeded card games and log every
line they receive. The replays hold the deal (every hand and the talon) and every action, so
the test rebuilds, independently of the referee's events, what each seat may know at each
moment (rules/cards.md, "Always true"):
- its own dealt hand;
- the talon: everyone once the bidding was raised (it is turned face up), only the declarer
  when the player on the hundred takes it after both others passed at once;
- a card the declarer gives: the declarer (it was in their hand) and its recipient — never the
  other opponent;
- every card once it is played.
Each request is matched to its move in the replay (the k-th request to a seat in a game is that
seat's k-th move), and every card string anywhere in it — events, view, legal — must be known
to the seat by then, for the deal it belongs to (a request may still carry the previous deal's
last events). A seat's view of its own hand must also be exactly right, which proves the
alignment. The checker itself is shown to catch a hidden card slipped into a message.
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
from conftest import RECORDER, assert_no_leftovers, bot, read_replay, run_match, write_json

CARDS = frozenset(r + s for r in "9JQKTA" for s in "SCDH")
GAMES = 12
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
    hands: list[set[str]]  # what each seat holds now
    talon: set[str]
    known: list[set[str]]  # what each seat may know now
    raised: bool = False
    declarer: int | None = None
    given: list[tuple[int, str]] = field(default_factory=list)  # (recipient, card)


@dataclass
class Tally:
    """How much the check saw: proof that it was not vacuous."""

    requests: int = 0
    cards_checked: int = 0
    hidden_talon: int = 0  # requests made while an unseen talon card was still unplayed
    hidden_gift: int = 0  # requests made while a card given to the other opponent was unplayed
    mutations_caught: int = 0


class Referee:
    """Rebuilds each seat's knowledge from one replay and checks the messages a seat got."""

    def __init__(self, records: list[dict[str, Any]], players: int, show_on_hundred: bool):
        self.records = records
        self.players = players
        self.show_on_hundred = show_on_hundred
        self.deals: dict[int, Deal] = {}
        self.deal: Deal | None = None

    def apply(self, record: dict[str, Any]) -> None:
        action = record["action"]
        kind = action["type"]
        if record["kind"] == "chance":
            if kind == "deal":
                (started,) = [e for e in record["events"] if e["type"] == "deal_started"]
                hands = [set(h) for h in action["hands"]]
                talon = set(action["talon"])
                assert set().union(*hands, talon) == CARDS
                self.deal = Deal(started["deal"], hands, talon, [set(h) for h in hands])
                self.deals[self.deal.number] = self.deal
            return
        deal = self.deal
        assert deal is not None
        seat = record["seat"]
        if kind in ("bid", "blind_bid"):
            deal.raised = True
        elif kind == "give":
            card, to = action["card"], action["to"]
            deal.hands[seat].remove(card)
            deal.hands[to].add(card)
            deal.known[to].add(card)
            deal.given.append((to, card))
        elif kind == "play":
            card = action["card"]
            deal.hands[seat].remove(card)
            for known in deal.known:
                known.add(card)
        for event in record["events"]:
            if event["type"] == "declarer":
                d = deal.declarer = event["seat"]
                deal.hands[d] |= deal.talon
                deal.known[d] |= deal.talon
                if deal.raised or self.show_on_hundred:
                    for known in deal.known:
                        known |= deal.talon

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
        talon = bool((deal.talon & unplayed) - deal.known[seat])
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
    players: int,
    show_on_hundred: bool,
    tally: Tally,
    rng: random.Random,
) -> list[str]:
    referee = Referee(records, players, show_on_hundred)
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
            assert set(request["view"]["hand"]) == deal.hands[seat], (request["id"], seat)
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
        found, _ = referee.violations(seat, game["end"], current[seat])
        problems += [f"game_end: {p}" for p in found]
        assert not card_strings(game["start"])
    return problems


@pytest.mark.parametrize(
    ("preset", "players"),
    [("classic", 3), pytest.param("four", 4, marks=pytest.mark.slow)],
)
def test_no_seat_ever_sees_another_seats_hidden_cards(
    preset: str, players: int, marker: str, tmp_path: Path
) -> None:
    rules = write_json(tmp_path / "short.json", {"preset": preset, "max_deals": DEALS_PER_GAME})
    logs = [tmp_path / f"seen-{i}.jsonl" for i in range(players)]
    run = run_match(
        [bot(RECORDER, log, marker) for log in logs],
        "--rules",
        str(rules),
        "--games",
        str(GAMES),
        "--seed",
        "2024",
        "--time-per-move",
        "5",
        replays=tmp_path / "replays",
        game="cards",
        timeout=120,
    )
    assert run.returncode == 0, run.explain()
    doc = run.doc
    assert doc["games_played"] == GAMES
    assert all(b["faults"] == {} for b in doc["bots"])
    assert_no_leftovers(marker)

    by_bot = [split_by_game(read_log(log)) for log in logs]
    for messages in map(read_log, logs):
        assert messages[0]["type"] == "hello" and messages[-1]["type"] == "bye"
        assert not any(card_strings(m) for m in messages if m["type"] in ("hello", "bye"))
    show_on_hundred = False
    tally = Tally()
    rng = random.Random(1)
    problems: list[str] = []
    for game in doc["games"]:
        records = read_replay(game["replay"])
        show_on_hundred = records[0]["rules"]["show_talon_on_hundred"]
        seats = {}
        for bot_index, seen in enumerate(by_bot):
            entry = seen[game["game"]]
            assert game["seating"][entry["seat"]] == bot_index
            seats[entry["seat"]] = entry
        found = check_game(records, seats, players, show_on_hundred, tally, rng)
        problems += [f"game {game['game']}: {p}" for p in found]
    assert not problems, "\n".join(problems[:20])
    # Not vacuous: many messages, many cards, and the delicate cases did occur.
    assert tally.requests > 500
    assert tally.cards_checked > 20 * tally.requests
    assert tally.hidden_talon > 20, tally
    assert tally.hidden_gift > 20, tally
    assert tally.mutations_caught > 10, tally
