"""Helpers for the card engine's tests: scripted deals and a fully checked random game."""

from __future__ import annotations

import json
import random
from typing import Any

from thousand.cards import PRESETS, CardRules, CardState, new_game
from thousand.cards.cards import CARD_INT, CARD_STR, FULL_DECK, mask_points
from thousand.game import CHANCE, OVER, Action, Event, IllegalAction, visible_to

ALL_CARDS = set(CARD_STR)


def rules(preset: str = "classic", **changes: Any) -> CardRules:
    return CardRules.model_validate({**PRESETS[preset].model_dump(), **changes})


def split(text: str) -> list[str]:
    return text.split()


def dealt(
    hands: list[str], talon: str, *, rules_: CardRules | None = None, dealer: int = 0
) -> tuple[CardState, list[Event]]:
    """A game at the start of the bidding of a hand-made deal (hands as space-separated cards)."""
    table = rules_ or rules()
    state = new_game(table, table.players)
    state.apply({"type": "first_dealer", "seat": dealer})
    return state, deal_again(state, hands, talon)


def deal_again(state: CardState, hands: list[str], talon: str) -> list[Event]:
    action: Action = {"type": "deal", "hands": [split(h) for h in hands]}
    if state.num_players == 2:
        pair = split(talon)
        action["talons"] = [pair[:2], pair[2:]]
    else:
        action["talon"] = split(talon)
    return state.apply(action)


def act(state: CardState, **action: Any) -> list[Event]:
    return state.apply(dict(action))


def play(state: CardState, *cards: str) -> list[Event]:
    events: list[Event] = []
    for card in cards:
        events += state.apply({"type": "play", "card": card})
    return events


def scores_of(events: list[Event], reason: str | None = None) -> list[tuple[int, int, str]]:
    return [
        (e["seat"], e["delta"], e["reason"])
        for e in events
        if e["type"] == "score" and (reason is None or e["reason"] == reason)
    ]


def card_strings(value: Any) -> set[str]:
    """Every card string anywhere inside a JSON-like value."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in ALL_CARDS:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def mask_set(mask: int) -> set[str]:
    return {CARD_STR[c] for c in range(24) if mask >> c & 1}


def allowed_cards(state: CardState, seat: int) -> set[str]:
    """What ``seat`` may know of the current deal, computed from the engine's internals."""
    known = mask_set(state.hands[seat] if state.seen[seat] else 0) | mask_set(state.played)
    declarer = state.declarer
    taken = declarer >= 0 and (state.num_players != 2 or state.talon_index >= 0)
    if state.talon_shown or (seat == declarer and taken):
        known |= mask_set(state.talon)
    for to, card in state.given:
        if seat in (declarer, to):
            known.add(CARD_STR[card])
    if seat == declarer:
        known |= mask_set(state.discards)
    return known


def check_conservation(state: CardState) -> None:
    if not state.deals:
        return
    places = state.card_locations()
    union = 0
    count = 0
    for mask in places.values():
        union |= mask
        count += mask.bit_count()
    assert count == 24 and union == FULL_DECK, places


def check_views(state: CardState) -> None:
    for seat in range(state.num_players):
        view = state.view(seat)
        json.dumps(view)
        leaked = card_strings(view) - allowed_cards(state, seat)
        assert not leaked, (seat, leaked, view)
        if state.seen[seat]:
            assert view["hand"] == sorted(mask_set(state.hands[seat]), key=CARD_INT.__getitem__)


def check_events(state: CardState, events: list[Event]) -> None:
    for event in events:
        if event["type"] == "talon" and event.get("reason") == "last_trick":
            continue  # the 2-player second talon, shown to all once the deal is over
        for seat in range(state.num_players):
            if visible_to(event, seat):
                leaked = card_strings(event) - allowed_cards(state, seat)
                assert not leaked, (seat, leaked, event)


class CheckedGame:
    """Plays one random game and checks every invariant after every step."""

    def __init__(
        self, table: CardRules, seed: int, *, heavy: bool = True, passive: bool = False
    ) -> None:
        self.table = table
        self.passive = passive
        self.rng = random.Random(seed)
        self.state = new_game(table, table.players)
        self.record: list[Action] = []
        self.running = [0] * table.players
        self.deal_points: list[int] = []
        self.heavy = heavy

    def run(self) -> CardState:
        state = self.state
        steps = 0
        limit = self.table.max_deals * 400
        while state.to_move() != OVER:
            steps += 1
            assert steps < limit, "the game does not end"
            seat = state.to_move()
            if seat == CHANCE:
                action = state.sample_chance(self.rng)
            else:
                legal = state.legal_actions()
                assert legal, "a seat to move with no legal action"
                action = self.choose(legal)
                if self.heavy and self.rng.random() < 0.05:
                    self.try_illegal(legal)
                    for each in legal:  # every listed action is accepted
                        state.clone().apply(dict(each))
            events = state.apply(action)
            self.record.append(action)
            self.after(events)
        assert state.deals <= self.table.max_deals
        result = state.result()
        assert result is not None
        assert sorted(result.ranking) == list(range(self.table.players))
        assert result.scores == state.scores() == self.running
        return state

    def choose(self, legal: list[Action]) -> Action:
        """Uniform, or "passive": mostly pass and keep the contract, so that contracts are made
        and games reach the target and the barrel."""
        rng = self.rng
        if self.passive:
            kind = legal[0]["type"]
            if kind in ("pass", "look") and rng.random() < 0.8:
                return {"type": "pass"}
            if kind == "contract":
                return legal[0]
        return legal[rng.randrange(len(legal))]

    def try_illegal(self, legal: list[Action]) -> None:
        """A junk or illegal action is rejected with IllegalAction and changes nothing."""
        state = self.state
        before = [state.view(s) for s in range(state.num_players)]
        candidates: list[Any] = [
            {"type": "play", "card": self.rng.choice(CARD_STR)},
            {"type": "bid", "value": 5 * self.rng.randrange(0, 70)},
            {"type": "give", "card": self.rng.choice(CARD_STR), "to": self.rng.randrange(4)},
            {"type": "contract", "value": "120"},
            {"type": "pass", "extra": 1},
            {"type": None},
            [],
            {"type": "play", "card": "XX"},
            {**legal[0], "junk": True},
        ]
        for action in candidates:
            if action in legal:
                continue
            try:
                state.apply(action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"accepted {action!r}, legal were {legal!r}")
        assert [state.view(s) for s in range(state.num_players)] == before

    def after(self, events: list[Event]) -> None:
        state = self.state
        check_conservation(state)
        for event in events:
            assert "type" in event
            if event["type"] == "score":
                self.running[event["seat"]] += event["delta"]
                assert event["score"] == self.running[event["seat"]]
            elif event["type"] == "trick":
                self.deal_points.append(event["points"])
            elif event["type"] == "deal_started":
                self.deal_points = []
            elif event["type"] == "deal_result" and not event["conceded"]:
                assert sum(event["points"]) == 120
                if state.num_players != 2:
                    assert sum(self.deal_points) == 120
                assert len(self.deal_points) == (10 if state.num_players == 2 else 8)
        assert self.running == state.scores()
        if self.heavy:
            check_views(state)
            check_events(state, events)


A_DEAL = [
    "JC 9D JD QD KD TD AD",
    "AH TH KH QH AS TS AC",
    "9H JH 9S JS QS KS 9C",
    "TC KC QC",
]
"""Scenario A: seat 1 (on the hundred) takes every trick with the ♥ marriage and the talon's
clubs, after giving Q♣ to seat 2 and K♣ to seat 0."""


A_PLAY = (
    ["AS", "9S", "JC"],
    ["9H", "9D", "AH", "JH", "JD", "TH", "9C", "QD", "QH", "JS", "KD"],
    ["TS", "QS", "TD", "AC", "QC", "KC", "TC", "KS", "AD"],
)
"""Scenario A's 24 cards in playing order: the first trick, then (after K♥ is led and declared)
the rest in two runs."""

TRUMP_DEAL = [
    "9C JC QC KC TC TD AD",
    "AS KH QH AC 9S 9D JD",
    "9H JH KS TH AH QD KD",
    "TS JS QS",
]
"""Seat 1 declares ♥ after A♠ wins; seat 2 holds no club once 9♦ is given to it."""


def fill(partial: list[str], talon: str = "", *, players: int = 3, dealer: int = 0) -> list[str]:
    """Complete hand-made hands (and a talon, returned last) with the unused cards in deck order,
    so that a test names only the cards that matter."""
    hands = [split(h) for h in partial] + [[] for _ in range(players - len(partial))]
    pile = split(talon)
    used = {c for h in hands for c in h} | set(pile)
    rest = [c for c in CARD_STR if c not in used]
    sizes = [
        10 if players == 2 else (0 if players == 4 and s == dealer else 7) for s in range(players)
    ]
    for seat, hand in enumerate(hands):
        while len(hand) < sizes[seat]:
            hand.append(rest.pop(0))
    talon_size = 4 if players == 2 else 3
    while len(pile) < talon_size:
        pile.append(rest.pop(0))
    assert not rest
    return [" ".join(h) for h in hands] + [" ".join(pile)]


def to_play(
    hands: list[str],
    talon: str,
    gives: tuple[tuple[str, int], ...],
    *,
    rules_: CardRules | None = None,
    contract: int = 100,
) -> tuple[CardState, list[Event]]:
    """Dealer 0; seats 2 and 0 pass, so seat 1 declares at 100, gives, sets the contract."""
    state, events = dealt(hands, talon, rules_=rules_)
    events += act(state, type="pass") + act(state, type="pass")
    for card, to in gives:
        events += act(state, type="give", card=card, to=to)
    events += act(state, type="contract", value=contract)
    return state, events


def mask_points_of(cards: str) -> int:
    return mask_points(sum(1 << CARD_INT[c] for c in split(cards)))
