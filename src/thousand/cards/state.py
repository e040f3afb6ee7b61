"""The card game as a state machine: lot, deal, bidding, talon, passing cards, contract, play.

Hands are 24-bit masks (see ``thousand.cards.cards``) so that the legal cards of a trick, a
marriage or the points of a pile are a few integer operations; action and event dicts are built
only at the edge (``legal_actions``, ``apply``'s events, ``view``).  ``apply`` validates the whole
action before it changes anything, so a rejected action leaves the state untouched.
"""

from __future__ import annotations

import random
from typing import Any, Final

from thousand.cards.actions import (
    ACE_MARRIAGE_PLAYS,
    ACE_MARRIAGE_PLAYS_JSON,
    BIDDING_HEADS,
    BIDDING_HEADS_JSON,
    DISCARDS,
    DISCARDS_JSON,
    GIVES,
    GIVES_JSON,
    MARRIAGE_PLAYS,
    MARRIAGE_PLAYS_JSON,
    PLAY_ACTIONS,
    PLAY_JSON,
    TAKE_TALON,
    TAKE_TALON_JSON,
    TALON_HEADS,
    TALON_HEADS_JSON,
    valued,
    valued_json,
)
from thousand.cards.cards import (
    ACE,
    ACE_MARRIAGE_VALUE,
    ACES_MASK,
    CARD_INT,
    CARD_STR,
    FULL_DECK,
    KING,
    MARRIAGE_MASK,
    MARRIAGE_VALUES,
    MASK_STRS_HIGH,
    MASK_STRS_LOW,
    NINES_MASK,
    POINTS,
    QUEEN,
    SUIT_MASK,
    SUIT_SYMBOLS,
    SUITS,
    marriages_value,
    mask_cards,
    mask_points,
    mask_size,
    mask_strs,
)
from thousand.cards.json_text import (
    ACE_MARRIAGE_JSON,
    CARD_JSON,
    MARRIAGE_JSON,
    SUIT_JSON,
    bool_json,
    bools_json,
    cards_json,
    ints_json,
    number_json,
    seat_json,
    sizes_json,
)
from thousand.cards.reasons import RedealReason
from thousand.cards.rules import CardRules
from thousand.cards.scoring import NO_SEAT, DealOutcome, Ledger, settle_deal
from thousand.cards.table import Table
from thousand.game import (
    CHANCE,
    OVER,
    Action,
    CardsEndReason,
    Event,
    IllegalAction,
    Result,
    View,
)

# Final, written out: compiled, a Final int of a literal is a C constant, where a module name is
# a look-up in the module's dict at every use (issue 35: a phase compared at every step)
LOT: Final = 0
DEAL: Final = 1
BIDDING: Final = 2
CHOOSE_TALON: Final = 3
TALON: Final = 4
CONTRACT: Final = 5
PLAY: Final = 6
END: Final = 7
PHASE_NAMES: Final = ("lot", "deal", "bidding", "choose_talon", "talon", "contract", "play", "over")
NO_CARD: Final = -1
PASS: Final = -1
ACE_SUIT: Final = 4
"""Marker in the marriage list for the ace marriage, which has no suit."""


def _malformed(message: str) -> IllegalAction:
    return IllegalAction("malformed", message)


def _int_field(action: Action, key: str) -> int:
    value = action.get(key)
    if type(value) is not int:
        raise _malformed(f"{key!r} must be an integer, got {value!r}")
    return value


def _card_field(action: Action) -> int:
    text = action.get("card")
    card = CARD_INT.get(text) if isinstance(text, str) else None
    if card is None:
        raise _malformed(
            f"'card' must be a card such as 'TH' (rank 9JQKTA, suit SCDH), got {text!r}"
        )
    return card


def _keys(action: Action, *keys: str) -> None:
    if len(action) != len(keys) + 1 or any(k not in action for k in keys):
        shown = ", ".join(["type", *keys])
        raise _malformed(f"a {action['type']!r} action has exactly the keys: {shown}")


def _parse_pile(value: Any, size: int, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) != size:
        raise _malformed(f"{what} must be a list of {size} cards")
    try:  # a deal every few decisions: the good path is one comprehension
        return [CARD_INT[text] for text in value]
    except (KeyError, TypeError):  # not a card, or not even hashable: name it
        for text in value:
            if not isinstance(text, str) or text not in CARD_INT:
                raise _malformed(f"{what} holds {text!r}, which is not a card") from None
        raise


_STATE_SLOTS = (
    "_bid_views",
    "_bids_text",
    "_deal_text",
    "_declared_marriages",
    "_result",
    "acted",
    "active",
    "best_card",
    "best_seat",
    "bids",
    "blind",
    "contract",
    "dealer",
    "deals",
    "following",
    "dealt",
    "declarer",
    "discards",
    "given",
    "golden",
    "golden_left",
    "golden_made",
    "hands",
    "high",
    "high_bidder",
    "high_blind",
    "hundred",
    "last_trick",
    "leader",
    "ledger",
    "marriage_points",
    "n",
    "passed",
    "phase",
    "played",
    "received",
    "rules",
    "seen",
    "sitter",
    "t",
    "taken_points",
    "talon",
    "talon_index",
    "talon_shown",
    "talons",
    "trick",
    "trick_seats",
    "tricks_left",
    "tricks_won",
    "trump",
    "turn",
)
"""Every attribute of a state: ``clone()`` copies them all (a module-level tuple because mypyc
refuses to read ``CardState.__slots__`` back from the class)."""


_NO_TRICKS_JSON: Final[tuple[str, ...]] = tuple(
    f'"trump":null,"marriages":[],"leader":null,"trick":[],"last_trick":[],"played":[],'
    f'"tricks_won":{ints_json([0] * n)},"points_taken":{ints_json([0] * n)}}}'
    for n in range(5)
)
"""A view's fields of the play before the play, by the number of players (``_tricks_json``)."""


def _shuffled(rng: random.Random) -> list[int]:
    """The 24 cards shuffled by the caller's generator (the referee's keyed chance)."""
    deck = list(range(24))
    rng.shuffle(deck)
    return deck


_CUTS: Final[dict[tuple[int, int], tuple[tuple[int, int], ...]]] = {}
"""Where each pile of a deal lies in the shuffled deck, by (players, dealer): (start, end) of
each seat's hand in seat order — seven cards each, ten with two players, none for the dealer
who sits out with four — then of the talon, or the two talons of two cards with two players."""


def _cut(players: int, dealer: int) -> tuple[tuple[int, int], ...]:
    key = (players, dealer)
    found = _CUTS.get(key)
    if found is None:
        if players == 2:
            spans = [(0, 10), (10, 20), (20, 22), (22, 24)]
        else:
            spans = []
            start = 0
            for seat in range(players):
                size = 0 if players == 4 and seat == dealer else 7
                spans.append((start, start + size))
                start += size
            spans.append((21, 24))
        found = _CUTS[key] = tuple(spans)
    return found


class CardState:
    """One game of Thousand between ``players`` seats; see docs/rules-cards.md for the formats."""

    __slots__ = _STATE_SLOTS

    def __init__(self, rules: CardRules | None = None, players: int = 0) -> None:
        if rules is None:  # a blank that clone() fills: compiled classes have no bare __new__
            return
        if players != rules.players:
            raise ValueError(f"these rules are for {rules.players} players, not {players}")
        self.rules = rules
        self.t = Table.of(rules)
        self.n = players
        self.ledger = Ledger(players)
        self.phase = LOT
        self.turn = CHANCE
        self.dealer = NO_SEAT
        self.deals = 0
        self.golden_left: int = players if self.t.golden_round else 0
        self.golden_made = False
        self._result: Result | None = None
        self._clear_deal()

    def _clear_deal(self) -> None:
        n = self.n
        self._deal_text: str | None = None
        self.golden = False
        self.hundred = NO_SEAT
        self.sitter = NO_SEAT
        self.active: tuple[int, ...] = ()
        self.following: tuple[int, ...] = ()
        self.hands = [0] * n
        self.dealt = [0] * n
        self.talon = 0
        self.talons = [0, 0]
        self.talon_index = -1
        self.talon_shown = False
        self.discards = 0
        self.given: list[tuple[int, int]] = []
        self.received = [NO_CARD] * n
        self.high = 0
        self.high_bidder = NO_SEAT
        self.high_blind = False
        self.passed = [False] * n
        self.acted = [False] * n
        self.seen = [True] * n
        self.bids: list[tuple[int, int, bool]] = []
        self._bid_views: list[View] = []
        self._bids_text = ""
        self.declarer = NO_SEAT
        self.contract = 0
        self.blind = False
        self.trump = -1
        self._declared_marriages: list[tuple[int, int]] = []
        self.marriage_points = [0] * n
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.best_card = NO_CARD
        self.best_seat = NO_SEAT
        self.leader = NO_SEAT
        self.played = 0
        self.taken_points = [0] * n
        self.tricks_won = [0] * n
        self.tricks_left = 0
        self.last_trick: list[tuple[int, int]] = []

    # ------------------------------------------------------------------ interface

    @property
    def num_players(self) -> int:
        return self.n

    def to_move(self) -> int:
        return self.turn

    def scores(self) -> list[int]:
        return self.ledger.scores[:]

    def result(self) -> Result | None:
        return self._result

    def clone(self) -> CardState:
        other = CardState()
        for name in _SHARED_SLOTS:
            setattr(other, name, getattr(self, name))
        for name in _LIST_SLOTS:
            setattr(other, name, getattr(self, name)[:])
        other.ledger = self.ledger.copy()
        return other

    def sample_chance(self, rng: random.Random) -> Action:
        if self.phase == LOT:
            return {"type": "first_dealer", "seat": rng.randrange(self.n)}
        if self.phase != DEAL:
            raise IllegalAction("not_chance", "no chance event is pending")
        deck = _shuffled(rng)
        return self._deal_action(deck, self._deal_masks(deck))

    def chance(self, rng: random.Random) -> tuple[Action, list[Event]]:
        """``sample_chance`` and ``apply`` in one step: the engine's own draw is applied
        without parsing its cards back from their names and checking them (a deal every few
        decisions when bots concede, the dearest step of the game). What the step records and
        tells is exactly what the two calls give (tests/cards/test_cards_chance.py)."""
        if self.phase != DEAL:
            action = self.sample_chance(rng)
            return action, self.apply(action)
        deck = _shuffled(rng)
        masks = self._deal_masks(deck)
        return self._deal_action(deck, masks), self._deal(masks)

    def chance_events(self, rng: random.Random) -> list[Event]:
        """``chance(rng)``'s events alone, for a caller that records no outcome (the referee
        without a replay): a deal is applied without naming its cards for a record."""
        if self.phase != DEAL:
            return self.chance(rng)[1]
        return self._deal(self._deal_masks(_shuffled(rng)))

    def _deal_masks(self, deck: list[int]) -> list[int]:
        """A shuffled deck cut into the hands in seat order, then the talon(s), as masks."""
        masks = []
        for start, end in _cut(self.n, self.dealer):
            mask = 0
            for at in range(start, end):
                mask |= 1 << deck[at]
            masks.append(mask)
        return masks

    def _deal_action(self, deck: list[int], masks: list[int]) -> Action:
        """The deal as chance records it: each hand's cards in order, each talon's as dealt."""
        n = self.n
        hands = [mask_strs(masks[seat]) for seat in range(n)]
        cuts = _cut(n, self.dealer)
        talons = [[CARD_STR[deck[at]] for at in range(start, end)] for start, end in cuts[n:]]
        if n == 2:
            return {"type": "deal", "hands": hands, "talons": talons}
        return {"type": "deal", "hands": hands, "talon": talons[0]}

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            return self._play_actions()
        if phase == BIDDING:
            return self._bidding_actions()
        if phase == TALON:
            return self._talon_actions()
        if phase == CONTRACT:
            return list(valued("contract", self.contract, self._contract_high(), self.t.bid_step))
        if phase == CHOOSE_TALON:
            return list(TAKE_TALON)
        return []

    def legal_json(self) -> bytes:
        """``legal_actions()`` as JSON, byte for byte what ``orjson.dumps`` makes of it,
        written from the shared actions' texts (thousand.cards.actions says why). Each phase's
        choices are read by the same helper as ``legal_actions`` reads them; only the
        writing differs."""
        phase = self.phase
        if phase == PLAY:
            text = self._play_json()
        elif phase == BIDDING:
            text = self._bidding_json()
        elif phase == TALON:
            text = self._talon_json()
        elif phase == CONTRACT:
            contracts = valued_json(
                "contract", self.contract, self._contract_high(), self.t.bid_step
            )
            text = f"[{contracts}]"
        elif phase == CHOOSE_TALON:
            text = TAKE_TALON_JSON
        else:
            text = "[]"
        return text.encode()

    def _contract_high(self) -> int:
        """The highest contract the declarer may name (at least the bid it won)."""
        return max(self.contract, self._limit(self.declarer))

    def apply(self, action: object) -> list[Event]:
        # object, not Action: a compiled engine checks an annotated type before the body runs,
        # and a non-object from a bot or a replay must be refused as malformed, not crash
        if not isinstance(action, dict):
            raise _malformed(f"an action is a JSON object with a 'type', got {action!r}")
        kind = action.get("type")
        phase = self.phase
        if phase == PLAY and kind == "play":
            return self._apply_play(action)
        if phase == END:
            raise IllegalAction("game_over", "the game is over")
        if phase == LOT:
            if kind != "first_dealer":
                raise IllegalAction("wrong_phase", "the first dealer must be drawn by lot first")
            return self._apply_lot(action)
        if phase == DEAL:
            if kind != "deal":
                raise IllegalAction("wrong_phase", "the cards must be dealt first")
            return self._apply_deal(action)
        # Each phase's actions by name, written out: compiled, a call through a table of
        # methods keyed by (phase, type) is a generic Python call, this a direct one.
        if isinstance(kind, str):
            if phase == BIDDING:
                if kind == "pass":
                    return self._act_pass(action)
                if kind == "bid":
                    return self._act_bid(action)
                if kind == "blind_bid":
                    return self._act_blind_bid(action)
                if kind == "look":
                    return self._act_look(action)
                if kind == "redeal":
                    return self._act_redeal(action)
            elif phase == TALON:
                if kind == "give":
                    return self._act_give(action)
                if kind == "concede":
                    return self._act_concede(action)
                if kind == "discard":
                    return self._act_discard(action)
                if kind == "redeal":
                    return self._act_redeal(action)
            elif phase == CHOOSE_TALON:
                if kind == "take_talon":
                    return self._act_take_talon(action)
            elif phase == CONTRACT and kind == "contract":
                return self._act_contract(action)
        raise IllegalAction(
            "wrong_phase", f"{kind!r} is not an action of the {PHASE_NAMES[phase]} phase"
        )

    # ------------------------------------------------------------------ chance

    def _apply_lot(self, action: Action) -> list[Event]:
        _keys(action, "seat")
        seat = _int_field(action, "seat")
        if not 0 <= seat < self.n:
            raise _malformed(f"seat must be 0..{self.n - 1}")
        self.dealer = seat
        self._deal_text = None
        self.phase = DEAL
        return [{"type": "first_dealer", "seat": seat}]

    def _apply_deal(self, action: Action) -> list[Event]:
        n = self.n
        pile_key = "talons" if n == 2 else "talon"
        _keys(action, "hands", pile_key)
        hands_in = action["hands"]
        if not isinstance(hands_in, list) or len(hands_in) != n:
            raise _malformed(f"'hands' must list {n} hands in seat order")
        hands = []
        for seat, hand in enumerate(hands_in):
            size = 0 if n == 4 and seat == self.dealer else (10 if n == 2 else 7)
            hands.append(_parse_pile(hand, size, f"hand of seat {seat}"))
        if n == 2:
            talons_in = action["talons"]
            if not isinstance(talons_in, list) or len(talons_in) != 2:
                raise _malformed("'talons' must be a list of two talons of 2 cards")
            piles = [_parse_pile(p, 2, f"talon {i}") for i, p in enumerate(talons_in)]
        else:
            piles = [_parse_pile(action["talon"], 3, "talon")]
        masks = []  # each pile's cards as a mask, checked together: each card exactly once
        seen_mask = 0
        count = 0
        for pile in hands + piles:
            mask = 0
            for card in pile:
                mask |= 1 << card
            masks.append(mask)
            seen_mask |= mask
            count += len(pile)
        if count != 24 or seen_mask != FULL_DECK:
            raise _malformed("a deal must hold each of the 24 cards exactly once")
        return self._deal(masks)

    def _deal(self, masks: list[int]) -> list[Event]:
        """Deal a checked deal: the hands in seat order, then the talon (or the two talons)."""
        n = self.n
        self._clear_deal()
        self.deals += 1
        dealer = self.dealer
        self.golden = self.golden_left > 0
        self.sitter = dealer if n == 4 else NO_SEAT
        hundred = (dealer + 1) % n
        self.hundred = hundred
        self.active, self.following = _seating(n, dealer)
        for seat in range(n):
            self.hands[seat] = self.dealt[seat] = masks[seat]
        if n == 2:
            self.talons = [masks[2], masks[3]]
        else:
            self.talon = masks[n]
        events: list[Event] = [
            {
                "type": "deal_started",
                "deal": self.deals,
                "dealer": dealer,
                "hundred": hundred,
                "sitting_out": None if self.sitter == NO_SEAT else self.sitter,
                "golden": self.golden,
            }
        ]
        blind = self.t.blind_bidding and not self.golden
        for seat in range(n):
            if blind and seat != self.sitter:
                self.seen[seat] = False
            else:
                events.append({"type": "hand", "to": seat, "cards": mask_strs(self.hands[seat])})
        if self.golden:
            events.append({"type": "golden_contract", "seat": hundred, "value": 120})
            self._start_talon(hundred, 120, False, True, events)
            return events
        self.phase = BIDDING
        self.high = self.t.opening_bid
        self.high_bidder = hundred
        self._record_bid(hundred, self.high, False)
        events.append({"type": "bid", "seat": hundred, "value": self.high, "opening": True})
        self.turn = self.active[1]
        return events

    # ------------------------------------------------------------------ bidding

    def _limit(self, seat: int) -> int:
        t = self.t
        return min(t.bid_limit + marriages_value(self.hands[seat], t.ace_marriage), t.max_bid)

    def _blind_limit(self) -> int:
        """A blind bid may not depend on the unseen hand, so its limit counts no marriage."""
        return min(self.t.bid_limit, self.t.max_bid)

    def _hand_redeal_reason(self, seat: int) -> RedealReason | None:
        t = self.t
        dealt = self.dealt[seat]
        nines = (dealt & NINES_MASK).bit_count()
        if nines == 4:
            return "four_nines"
        if mask_points(dealt) < t.redeal_hand_points:
            return "few_points"
        if t.redeal_three_nines_on_hundred and nines == 3 and seat == self.hundred:
            return "three_nines"
        return None

    def _bidding_redeal(self, seat: int) -> RedealReason | None:
        if not self.t.redeal or self.acted[seat] or not self.seen[seat]:
            return None
        return self._hand_redeal_reason(seat)

    def _bidding_choices(self) -> tuple[int, str, int, int]:
        """The bidding seat's legal actions: those of ``BIDDING_HEADS[head]``, then the ``kind``
        bids from ``low`` to ``high`` — (head, kind, low, high)."""
        seat = self.turn
        low = self.high + self.t.bid_step
        if not self.seen[seat]:
            return 0, "blind_bid", low, self._blind_limit()
        head = 1 if self._bidding_redeal(seat) is None else 2
        return head, "bid", low, self._limit(seat)

    def _bidding_actions(self) -> list[Action]:
        head, kind, low, high = self._bidding_choices()
        actions = list(BIDDING_HEADS[head])
        actions.extend(valued(kind, low, high, self.t.bid_step))
        return actions

    def _bidding_json(self) -> str:
        head, kind, low, high = self._bidding_choices()
        bids = valued_json(kind, low, high, self.t.bid_step)
        return f"[{BIDDING_HEADS_JSON[head]},{bids}]" if bids else f"[{BIDDING_HEADS_JSON[head]}]"

    def _check_bid(self, value: int, limit: int) -> None:
        step = self.t.bid_step
        if value <= self.high:
            raise IllegalAction("bid_too_low", f"a bid must be above {self.high}")
        if (value - self.high) % step:
            raise IllegalAction("bid_step", f"bids go up in steps of {step}")
        if value > limit:
            raise IllegalAction(
                "bid_limit",
                f"your limit is {limit}: {self.t.bid_limit} plus the marriages in your hand"
                f" (at most {self.t.max_bid})",
            )

    def _act_bid(self, action: Action) -> list[Event]:
        _keys(action, "value")
        value = _int_field(action, "value")
        seat = self.turn
        if not self.seen[seat]:
            raise IllegalAction("blind", "look at your hand first, or bid blind")
        self._check_bid(value, self._limit(seat))
        return self._bid(seat, value, False)

    def _act_blind_bid(self, action: Action) -> list[Event]:
        _keys(action, "value")
        value = _int_field(action, "value")
        seat = self.turn
        if not self.t.blind_bidding:
            raise IllegalAction("blind_bidding", "blind bidding is off at this table")
        if self.seen[seat]:
            raise IllegalAction("blind", "you have looked at your hand: bid openly")
        self._check_bid(value, self._blind_limit())
        return self._bid(seat, value, True)

    def _bid(self, seat: int, value: int, blind: bool) -> list[Event]:
        self.high = value
        self.high_bidder = seat
        self.high_blind = blind
        self.acted[seat] = True
        self._record_bid(seat, value, blind)
        events: list[Event] = [{"type": "bid", "seat": seat, "value": value, "blind": blind}]
        self._next_bidder(seat, events)
        return events

    def _record_bid(self, seat: int, value: int, blind: bool) -> None:
        """A bid or a pass, and its entry in the views' bid list and in its JSON text, made
        once here: every view of the deal lists the bids, and copying the made entry (or
        text) is cheaper than building it anew."""
        self.bids.append((seat, value, blind))
        self._bid_views.append(
            {"seat": seat, "value": None if value == PASS else value, "blind": blind}
        )
        entry = (
            f'{{"seat":{number_json(seat)},'
            f'"value":{"null" if value == PASS else number_json(value)},'
            f'"blind":{bool_json(blind)}}}'
        )
        self._bids_text = f"{self._bids_text},{entry}" if self._bids_text else entry

    def _act_pass(self, action: Action) -> list[Event]:
        _keys(action)
        seat = self.turn
        events: list[Event] = []
        self._look(seat, events)
        self.passed[seat] = True
        self.acted[seat] = True
        self._record_bid(seat, PASS, False)
        events.append({"type": "pass", "seat": seat})
        self._next_bidder(seat, events)
        return events

    def _act_look(self, action: Action) -> list[Event]:
        _keys(action)
        seat = self.turn
        if self.seen[seat]:
            raise IllegalAction("blind", "you have already looked at your hand")
        events: list[Event] = []
        self._look(seat, events)
        return events

    def _look(self, seat: int, events: list[Event]) -> None:
        if not self.seen[seat]:
            self.seen[seat] = True
            events.append({"type": "look", "seat": seat})
            events.append({"type": "hand", "to": seat, "cards": mask_strs(self.hands[seat])})

    def _next_bidder(self, seat: int, events: list[Event]) -> None:
        passed = self.passed
        bidding = 0
        for other in self.active:
            if not passed[other]:
                bidding += 1
        if bidding == 1:
            for other in self.active:
                self._look(other, events)
            raised = len(self.bids) > 1 and any(v != PASS for _, v, _ in self.bids[1:])
            self._start_talon(self.high_bidder, self.high, self.high_blind, raised, events)
            return
        following = self.following
        after = following[seat]
        while passed[after]:
            after = following[after]
        self.turn = after

    def _act_redeal(self, action: Action) -> list[Event]:
        _keys(action)
        seat = self.turn
        reason = self._bidding_redeal(seat) if self.phase == BIDDING else self._talon_redeal(seat)
        if reason is None:
            raise IllegalAction(
                "redeal",
                "a redeal needs four nines or a poor hand at your first bidding turn,"
                " or a poor talon before you give cards",
            )
        events: list[Event] = [{"type": "redeal", "seat": seat, "reason": reason}]
        self._next_deal(self.dealer, events)
        return events

    # ------------------------------------------------------------------ talon, giving, contract

    def _start_talon(
        self, declarer: int, contract: int, blind: bool, raised: bool, events: list[Event]
    ) -> None:
        self.declarer = declarer
        self.contract = contract
        self.blind = blind
        self.turn = declarer
        self.talon_shown = not blind and (raised or self.t.show_talon_on_hundred)
        events.append({"type": "declarer", "seat": declarer, "contract": contract, "blind": blind})
        if self.n == 2:
            self.phase = CHOOSE_TALON
            return
        self._take_talon(self.talon, events)

    def _take_talon(self, talon: int, events: list[Event]) -> None:
        d = self.declarer
        cards = mask_strs(talon)
        if self.talon_shown:
            events.append({"type": "talon", "seat": d, "cards": cards})
        else:
            events.append({"type": "talon", "seat": d, "cards": None})
            events.append({"type": "talon", "to": d, "seat": d, "cards": cards})
        self.hands[d] |= talon
        self.phase = TALON

    def _act_take_talon(self, action: Action) -> list[Event]:
        _keys(action, "index")
        index = _int_field(action, "index")
        if index not in (0, 1):
            raise _malformed("'index' is 0 or 1")
        self.talon_index = index
        self.talon = self.talons[index]
        events: list[Event] = [{"type": "take_talon", "seat": self.declarer, "index": index}]
        self._take_talon(self.talon, events)
        return events

    def _talon_redeal(self, seat: int) -> RedealReason | None:
        t = self.t
        if not t.redeal or self.golden or self.given or self.discards:
            return None
        if mask_points(self.talon) < t.redeal_talon_points:
            return "poor_talon"
        if seat == self.hundred and not self.acted[seat]:
            return self._hand_redeal_reason(seat)
        return None

    def _may_concede(self) -> bool:
        t = self.t
        if not t.concede or self.given or self.discards:
            return False
        return not (t.barrel and self.ledger.barrel_seat == self.declarer)

    def _talon_choices(self) -> tuple[int, list[int]]:
        """The declarer's legal actions at the talon: those of ``TALON_HEADS[head]``, then a
        discard of each card of the hand (two players) or a give of each to each seat still
        to receive one, in ``seats`` order — (head, seats), no seats for a discard."""
        d = self.declarer
        head = (0 if self._talon_redeal(d) is None else 1) + (2 if self._may_concede() else 0)
        if self.n == 2:
            return head, []
        received = self.received
        return head, [s for s in self.active if s != d and received[s] == NO_CARD]

    def _talon_actions(self) -> list[Action]:
        head, seats = self._talon_choices()
        actions = list(TALON_HEADS[head])
        hand = mask_cards(self.hands[self.declarer])
        if self.n == 2:
            discards = DISCARDS
            for c in hand:
                actions.append(discards[c])
            return actions
        for seat in seats:
            gives = GIVES[seat]
            for c in hand:
                actions.append(gives[c])
        return actions

    def _talon_json(self) -> str:
        head, seats = self._talon_choices()
        texts = [TALON_HEADS_JSON[head]] if head else []
        hand = mask_cards(self.hands[self.declarer])
        if self.n == 2:
            discards = DISCARDS_JSON
            for c in hand:
                texts.append(discards[c])
        for seat in seats:
            gives = GIVES_JSON[seat]
            for c in hand:
                texts.append(gives[c])
        return "[" + ",".join(texts) + "]"

    def _act_give(self, action: Action) -> list[Event]:
        if self.n == 2:
            raise IllegalAction("wrong_phase", "with 2 players the declarer discards, not gives")
        _keys(action, "card", "to")
        card = _card_field(action)
        to = _int_field(action, "to")
        d = self.declarer
        if not self.hands[d] >> card & 1:
            raise IllegalAction("not_in_hand", f"you do not hold {CARD_STR[card]}")
        if to == d or to not in self.active:
            raise IllegalAction("give_to", "give one card to each opponent in this deal")
        if self.received[to] != NO_CARD:
            raise IllegalAction("give_to", f"seat {to} already has a card from you")
        self.hands[d] &= ~(1 << card)
        self.hands[to] |= 1 << card
        self.received[to] = card
        self.given.append((to, card))
        events: list[Event] = [
            {"type": "give", "seat": d, "recipient": to},
            {"type": "given", "to": to, "seat": d, "card": CARD_STR[card]},
        ]
        if len(self.given) == 2:
            self.phase = CONTRACT
        return events

    def _act_discard(self, action: Action) -> list[Event]:
        if self.n != 2:
            raise IllegalAction("wrong_phase", "only the 2-player declarer discards")
        _keys(action, "card")
        card = _card_field(action)
        d = self.declarer
        if not self.hands[d] >> card & 1:
            raise IllegalAction("not_in_hand", f"you do not hold {CARD_STR[card]}")
        self.hands[d] &= ~(1 << card)
        self.discards |= 1 << card
        if self.discards.bit_count() == 2:
            self.phase = CONTRACT
        return [{"type": "discard", "seat": d}]

    def _act_concede(self, action: Action) -> list[Event]:
        _keys(action)
        if not self._may_concede():
            t = self.t
            if not t.concede:
                raise IllegalAction("concede", "conceding is off at this table")
            if self.given or self.discards:
                raise IllegalAction("concede", "conceding is possible only before passing cards")
            raise IllegalAction("concede", "no conceding on the barrel")
        events: list[Event] = [
            {"type": "concede", "seat": self.declarer, "contract": self.contract}
        ]
        self._end_deal(True, events)
        return events

    def _act_contract(self, action: Action) -> list[Event]:
        _keys(action, "value")
        value = _int_field(action, "value")
        d = self.declarer
        limit = max(self.contract, self._limit(d))
        if value < self.contract:
            raise IllegalAction("contract_lower", f"the contract cannot go below {self.contract}")
        if (value - self.contract) % self.t.bid_step:
            raise IllegalAction("bid_step", f"the contract rises in steps of {self.t.bid_step}")
        if value > limit:
            raise IllegalAction("bid_limit", f"your limit is {limit}")
        self.contract = value
        self.phase = PLAY
        self.leader = d
        self.turn = d
        self.tricks_left = 10 if self.n == 2 else 8
        return [{"type": "contract", "seat": d, "value": value}]

    # ------------------------------------------------------------------ play

    def _may_declare(self, seat: int) -> bool:
        return self.tricks_won[seat] > 0 or self.t.marriage_on_first_lead

    def _playable(self, seat: int) -> int:
        hand = self.hands[seat]
        if not self.trick:
            return hand
        best = self.best_card
        best_suit = best // 6
        follow = hand & SUIT_MASK[self.trick[0] // 6]
        if follow:
            if self.t.must_beat and best_suit == self.trick[0] // 6:
                higher = follow & ~((2 << best) - 1)
                if higher:
                    return higher
            return follow
        trump = self.trump
        if trump >= 0:
            trumps = hand & SUIT_MASK[trump]
            if trumps:
                if self.t.must_beat and best_suit == trump:
                    higher = trumps & ~((2 << best) - 1)
                    if higher:
                        return higher
                return trumps
        return hand

    def _play_choices(self) -> tuple[int, list[int], list[int]]:
        """The player's legal actions: a plain play of each card of ``playable`` (a mask), then
        the marriage plays of ``marriages`` and the ace-marriage plays of ``aces`` (cards, in
        that order) — (playable, marriages, aces)."""
        seat = self.turn
        marriages: list[int] = []
        aces: list[int] = []
        if not self.trick and self._may_declare(seat):
            hand = self.hands[seat]
            for suit in range(4):
                pair = MARRIAGE_MASK[suit]
                if hand & pair == pair:
                    marriages.append(suit * 6 + QUEEN)
                    marriages.append(suit * 6 + KING)
            if self.t.ace_marriage and hand & ACES_MASK == ACES_MASK:
                aces = [s * 6 + ACE for s in range(4)]
        return self._playable(seat), marriages, aces

    def _play_actions(self) -> list[Action]:
        playable, marriages, aces = self._play_choices()
        plays = PLAY_ACTIONS
        actions: list[Action] = [plays[c] for c in mask_cards(playable)]
        for c in marriages:
            actions.append(MARRIAGE_PLAYS[c])
        for c in aces:
            actions.append(ACE_MARRIAGE_PLAYS[c])
        return actions

    def _play_json(self) -> str:
        playable, marriages, aces = self._play_choices()
        plays = PLAY_JSON
        texts = [plays[c] for c in mask_cards(playable)]
        for c in marriages:
            texts.append(MARRIAGE_PLAYS_JSON[c])
        for c in aces:
            texts.append(ACE_MARRIAGE_PLAYS_JSON[c])
        return "[" + ",".join(texts) + "]"

    def _apply_play(self, action: Action) -> list[Event]:
        card = _card_field(action)
        seat = self.turn
        size = len(action)
        declare = 0
        if size != 2:
            if size == 3 and action.get("marriage") is True:
                declare = 1
            elif size == 3 and action.get("ace_marriage") is True:
                declare = 2
            else:
                raise _malformed(
                    "a 'play' action has the keys type, card and optionally "
                    "'marriage': true or 'ace_marriage': true"
                )
        if not self.hands[seat] >> card & 1:
            raise IllegalAction("not_in_hand", f"you do not hold {CARD_STR[card]}")
        trick = self.trick
        if trick:
            if not self._playable(seat) >> card & 1:
                raise self._follow_error(seat)
            if declare:
                raise IllegalAction("marriage", "a marriage is declared only by leading it")
        elif declare:
            self._check_declaration(seat, card, declare)
        bit = 1 << card
        self.hands[seat] ^= bit
        self.played |= bit
        events: list[Event] = [{"type": "play", "seat": seat, "card": CARD_STR[card]}]
        if declare == 1:
            suit = card // 6
            value = MARRIAGE_VALUES[suit]
            self.trump = suit
            self.marriage_points[seat] += value
            self._declared_marriages.append((seat, suit))
            events.append({"type": "marriage", "seat": seat, "suit": SUITS[suit], "value": value})
        elif declare == 2:
            self.marriage_points[seat] += ACE_MARRIAGE_VALUE
            self._declared_marriages.append((seat, ACE_SUIT))
            events.append({"type": "ace_marriage", "seat": seat, "value": ACE_MARRIAGE_VALUE})
        if not trick:
            self.best_card = card
            self.best_seat = seat
        else:
            best = self.best_card
            suit = card // 6
            if suit == best // 6:
                if card > best:
                    self.best_card = card
                    self.best_seat = seat
            elif suit == self.trump:
                self.best_card = card
                self.best_seat = seat
        trick.append(card)
        self.trick_seats.append(seat)
        if len(trick) < len(self.active):
            self.turn = self.following[seat]
            return events
        winner = self.best_seat
        points = POINTS[trick[0]] + POINTS[trick[1]] + (POINTS[trick[2]] if len(trick) == 3 else 0)
        self.taken_points[winner] += points
        self.tricks_won[winner] += 1
        # by index: compiled, zip(strict=True) is a generic call; leaving it out of the 8 tricks
        # of a deal took bench/engine.py's played-out row from 1.60x to 1.49x a bare deal
        seats = self.trick_seats
        self.last_trick = [(seats[i], trick[i]) for i in range(len(trick))]
        events.append(
            {
                "type": "trick",
                "winner": winner,
                "cards": [CARD_STR[c] for c in trick],
                "points": points,
            }
        )
        self.trick = []
        self.trick_seats = []
        self.leader = winner
        self.turn = winner
        self.tricks_left -= 1
        if not self.tricks_left:
            self._end_deal(False, events)
        return events

    def _check_declaration(self, seat: int, card: int, declare: int) -> None:
        hand = self.hands[seat]
        if not self._may_declare(seat):
            raise IllegalAction("marriage", "declare a marriage only after taking a trick")
        if declare == 1:
            pair = MARRIAGE_MASK[card // 6]
            if card % 6 not in (QUEEN, KING) or hand & pair != pair:
                raise IllegalAction("marriage", "a marriage is the K and Q of one suit in hand")
        else:
            if not self.t.ace_marriage:
                raise IllegalAction("ace_marriage", "ace marriage is off at this table")
            if card % 6 != ACE or hand & ACES_MASK != ACES_MASK:
                raise IllegalAction(
                    "ace_marriage", "an ace marriage is leading an ace holding all four"
                )

    def _follow_error(self, seat: int) -> IllegalAction:
        lead = self.trick[0] // 6
        hand = self.hands[seat]
        symbol = SUIT_SYMBOLS
        if hand & SUIT_MASK[lead]:
            if self.t.must_beat and self._playable(seat) != hand & SUIT_MASK[lead]:
                return IllegalAction("must_beat", "you must beat the best card if you can")
            return IllegalAction("follow_suit", f"must follow suit: you hold {symbol[lead]}")
        if self.t.must_beat and self._playable(seat) != hand & SUIT_MASK[self.trump]:
            return IllegalAction("must_beat", "you must beat the best trump if you can")
        return IllegalAction("trump", f"must play a trump: you hold {symbol[self.trump]}")

    # ------------------------------------------------------------------ end of a deal

    def _end_deal(self, conceded: bool, events: list[Event]) -> None:
        n = self.n
        self._deal_text = None  # the ledger changes: the view's text of it is written anew
        d = self.declarer
        points = self.taken_points[:]
        if n == 2 and not conceded:
            points[d] += mask_points(self.discards)
            other = self.talons[1 - self.talon_index]
            last = self.leader
            points[last] += mask_points(other)
            events.append(
                {
                    "type": "talon",
                    "seat": last,
                    "cards": mask_strs(other),
                    "index": 1 - self.talon_index,
                    "reason": "last_trick",
                }
            )
        takes = [points[s] + self.marriage_points[s] for s in range(n)]
        made = not conceded and takes[d] >= self.contract
        talon_take = 0
        if self.sitter != NO_SEAT:
            talon_take = mask_points(self.talon) + _talon_marriage(self.talon)
        events.append(
            {
                "type": "deal_result",
                "declarer": d,
                "contract": self.contract,
                "blind": self.blind,
                "conceded": conceded,
                "made": made,
                "points": points,
                "marriages": self.marriage_points[:],
                "takes": takes,
                "tricks": self.tricks_won[:],
                "talon_take": talon_take,
            }
        )
        outcome = DealOutcome(
            declarer=d,
            contract=self.contract,
            conceded=conceded,
            made=made,
            takes=takes,
            took_trick=[w > 0 for w in self.tricks_won],
            active=self.active,
            sitter=self.sitter,
            talon_take=talon_take,
            double=self.golden,
            blind=self.blind,
        )
        winner = settle_deal(self.ledger, self.t, outcome, events)
        if self.golden:
            self.golden_left -= 1
            self.golden_made = self.golden_made or made
            if not self.golden_left and not self.golden_made and winner == NO_SEAT:
                events.append({"type": "golden_failed"})
                self.ledger.reset(events)
        if winner != NO_SEAT:
            self._finish(winner, "target", events)
            return
        self._next_deal((self.dealer + 1) % n, events)

    def _next_deal(self, dealer: int, events: list[Event]) -> None:
        if self.deals >= self.t.max_deals:
            self._finish(NO_SEAT, "deal_cap", events)
            return
        self.dealer = dealer
        self.phase = DEAL
        self.turn = CHANCE

    def _finish(self, winner: int, reason: CardsEndReason, events: list[Event]) -> None:
        scores = self.ledger.scores
        order = sorted(range(self.n), key=lambda s: (-scores[s], s))
        if winner != NO_SEAT:
            order.remove(winner)
            order.insert(0, winner)
        elif self.n > 1 and scores[order[0]] > scores[order[1]]:
            winner = order[0]
        self._result = Result(
            ranking=order,
            scores=scores[:],
            reason=reason,
            winner=None if winner == NO_SEAT else winner,
        )
        self.phase = END
        self.turn = OVER
        events.append({"type": "game_over", **self._result.to_json()})

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> View:
        # play_game asks for a view at every decision, so this is the engine's hottest function:
        # locals, inlined card lists and no empty comprehensions (together about 5% of a deal).
        # Compiled, the bids built anew (~1.3 us of ~5.5), the trick through zip(strict=True)
        # (~1.2 us) and map(int.bit_count) (~0.8 us) were the dearest parts (issue 35, each left
        # out in turn, load 4-5): the bids are now copied from entries made once per bid.
        d = self.declarer
        hands = self.hands
        phase = self.phase
        seen = self.seen[seat]
        ledger = self.ledger
        hand = hands[seat]
        turn = self.turn
        trick = self.trick
        trick_seats = self.trick_seats
        talon = self.talon
        shown = self.talon_shown
        played = self.played
        dealer = self.dealer
        hundred = self.hundred
        sitter = self.sitter
        high_bidder = self.high_bidder
        t = self.t
        view = _VIEW.copy()  # a copy and item stores: a 38-key literal builds a new table
        view["seat"] = seat
        view["players"] = self.n
        view["phase"] = PHASE_NAMES[phase]
        view["to_move"] = turn if turn >= 0 else None
        view["deal"] = self.deals
        view["dealer"] = dealer if dealer >= 0 else None
        view["hundred"] = hundred if hundred >= 0 else None
        view["sitting_out"] = sitter if sitter >= 0 else None
        view["golden"] = self.golden
        view["scores"] = ledger.scores[:]
        view["bolts"] = ledger.bolts[:]
        view["falls"] = ledger.falls[:]
        view["barrel"] = ledger.barrel_seat if ledger.barrel_seat >= 0 else None
        view["barrel_deals"] = ledger.barrel_deals
        view["hand"] = [*MASK_STRS_LOW[hand & 0xFFF], *MASK_STRS_HIGH[hand >> 12]] if seen else []
        view["hand_seen"] = seen
        view["hand_sizes"] = [mask_size(h) for h in hands]
        view["bid_limit"] = (
            min(t.bid_limit + marriages_value(hand, t.ace_marriage), t.max_bid)
            if seen and phase > DEAL
            else None
        )
        view["bids"] = [b.copy() for b in self._bid_views]
        view["high_bid"] = self.high if high_bidder >= 0 else None
        view["high_bidder"] = high_bidder if high_bidder >= 0 else None
        view["passed"] = self.passed[:]
        view["declarer"] = d if d >= 0 else None
        view["contract"] = self.contract if d >= 0 else None
        view["blind"] = self.blind
        view["talon"] = (
            [*MASK_STRS_LOW[talon & 0xFFF], *MASK_STRS_HIGH[talon >> 12]]
            if talon and (shown or seat == d)
            else None
        )
        view["talon_shown"] = shown
        view["talon_index"] = self.talon_index if self.talon_index >= 0 else None
        view["given"] = (
            [{"to": to, "card": CARD_STR[c] if seat in (d, to) else None} for to, c in self.given]
            if self.given
            else []
        )
        view["discards"] = mask_strs(self.discards) if seat == d and self.n == 2 else None
        view["trump"] = SUITS[self.trump] if self.trump >= 0 else None
        view["marriages"] = (
            [
                {
                    "seat": s,
                    "suit": None if suit == ACE_SUIT else SUITS[suit],
                    "value": ACE_MARRIAGE_VALUE if suit == ACE_SUIT else MARRIAGE_VALUES[suit],
                }
                for s, suit in self._declared_marriages
            ]
            if self._declared_marriages
            else []
        )
        view["leader"] = self.leader if self.leader >= 0 else None
        view["trick"] = (
            [{"seat": trick_seats[i], "card": CARD_STR[trick[i]]} for i in range(len(trick))]
            if trick
            else []
        )
        view["last_trick"] = (
            [{"seat": s, "card": CARD_STR[c]} for s, c in self.last_trick]
            if self.last_trick
            else []
        )
        view["played"] = [*MASK_STRS_LOW[played & 0xFFF], *MASK_STRS_HIGH[played >> 12]]
        view["tricks_won"] = self.tricks_won[:]
        view["points_taken"] = self.taken_points[:]
        return view

    def view_json(self, seat: int) -> bytes:
        """``view(seat)`` as JSON, byte for byte what ``orjson.dumps`` makes of it, written
        from the state without building the view (thousand.cards.json_text says why); the
        fields and their order are the view's, each written the way ``view`` computes it."""
        hands = self.hands
        phase = self.phase
        seen = self.seen[seat]
        hand = hands[seat]
        high_bidder = self.high_bidder
        t = self.t
        if seen and phase > DEAL:
            bid_limit = number_json(
                min(t.bid_limit + marriages_value(hand, t.ace_marriage), t.max_bid)
            )
        else:
            bid_limit = "null"
        tail = self._view_tail_json(seat)
        text = (
            f'{{"game":"cards","seat":{number_json(seat)},"players":{number_json(self.n)},'
            f'"phase":"{PHASE_NAMES[phase]}","to_move":{seat_json(self.turn)},'
            f"{self._deal_json()}"
            f'"hand":{cards_json(hand) if seen else "[]"},"hand_seen":{bool_json(seen)},'
            f'"hand_sizes":{sizes_json(hands)},'
            f'"bid_limit":{bid_limit},"bids":[{self._bids_text}],'
            f'"high_bid":{number_json(self.high) if high_bidder >= 0 else "null"},'
            f'"high_bidder":{seat_json(high_bidder)},"passed":{bools_json(self.passed)},{tail}'
        )
        return text.encode()

    def _deal_json(self) -> str:
        """``view_json``'s fields of the deal and of the game's ledger, which change only
        between deals: written once a deal and kept (``_deal_text``) until the lot, the end of
        a deal or the next deal (``_clear_deal``) clears it — the three places that change
        them."""
        text = self._deal_text
        if text is None:
            ledger = self.ledger
            text = self._deal_text = (
                f'"deal":{number_json(self.deals)},"dealer":{seat_json(self.dealer)},'
                f'"hundred":{seat_json(self.hundred)},"sitting_out":{seat_json(self.sitter)},'
                f'"golden":{bool_json(self.golden)},"scores":{ints_json(ledger.scores)},'
                f'"bolts":{ints_json(ledger.bolts)},"falls":{ints_json(ledger.falls)},'
                f'"barrel":{seat_json(ledger.barrel_seat)},'
                f'"barrel_deals":{number_json(ledger.barrel_deals)},'
            )
        return text

    def _view_tail_json(self, seat: int) -> str:
        """``view_json`` from the declarer on: the contract and the talon, then the play."""
        d = self.declarer
        talon = self.talon
        shown = self.talon_shown
        given = (
            ",".join(
                [
                    f'{{"to":{number_json(to)},'
                    f'"card":{CARD_JSON[c] if seat in (d, to) else "null"}}}'
                    for to, c in self.given
                ]
            )
            if self.given
            else ""
        )
        return (
            f'"declarer":{seat_json(d)},'
            f'"contract":{number_json(self.contract) if d >= 0 else "null"},'
            f'"blind":{bool_json(self.blind)},'
            f'"talon":{cards_json(talon) if talon and (shown or seat == d) else "null"},'
            f'"talon_shown":{bool_json(shown)},"talon_index":{seat_json(self.talon_index)},'
            f'"given":[{given}],'
            f'"discards":{cards_json(self.discards) if seat == d and self.n == 2 else "null"},'
            f"{self._tricks_json()}"
        )

    def _tricks_json(self) -> str:
        """``view_json``'s fields of the play, from the trump on. From the bidding to the
        contract they are as ``_clear_deal`` left them — the play has not begun — so they are
        one text for each table size (most decisions of a deal whose bots pass or concede)."""
        if DEAL < self.phase < PLAY:
            return _NO_TRICKS_JSON[self.n]
        marriages = ",".join(
            [
                f'{{"seat":{number_json(s)},'
                f'"suit":{"null" if suit == ACE_SUIT else SUIT_JSON[suit]},'
                f'"value":{ACE_MARRIAGE_JSON if suit == ACE_SUIT else MARRIAGE_JSON[suit]}}}'
                for s, suit in self._declared_marriages
            ]
        )
        trick = self.trick
        trick_seats = self.trick_seats
        plays = ",".join(
            [
                f'{{"seat":{number_json(trick_seats[i])},"card":{CARD_JSON[trick[i]]}}}'
                for i in range(len(trick))
            ]
        )
        last = ",".join(
            [f'{{"seat":{number_json(s)},"card":{CARD_JSON[c]}}}' for s, c in self.last_trick]
        )
        return (
            f'"trump":{SUIT_JSON[self.trump] if self.trump >= 0 else "null"},'
            f'"marriages":[{marriages}],"leader":{seat_json(self.leader)},'
            f'"trick":[{plays}],"last_trick":[{last}],'
            f'"played":{cards_json(self.played)},'
            f'"tricks_won":{ints_json(self.tricks_won)},'
            f'"points_taken":{ints_json(self.taken_points)}}}'
        )

    def card_locations(self) -> dict[str, int]:
        """Where every card of the current deal lies, as masks; sees everything, so it is for
        tests and debugging only.  Cards given by the declarer are in the recipients' hands."""
        places = {f"hand{s}": self.hands[s] for s in range(self.n)}
        if self.n == 2:
            for index in (0, 1):
                places[f"talon{index}"] = 0 if index == self.talon_index else self.talons[index]
        else:
            places["talon"] = self.talon if self.declarer == NO_SEAT else 0
        places["discards"] = self.discards
        places["played"] = self.played
        return places


_LIST_SLOTS = (
    "_bid_views",
    "_declared_marriages",
    "acted",
    "bids",
    "dealt",
    "given",
    "hands",
    "last_trick",
    "marriage_points",
    "passed",
    "received",
    "seen",
    "taken_points",
    "talons",
    "trick",
    "trick_seats",
    "tricks_won",
)
"""Slots holding lists, copied by ``clone()``; their items are ints or tuples, or the bid
entries of the views (dicts that nothing changes once made: a view hands out copies), so a
shallow copy makes the clone independent."""

_SHARED_SLOTS = tuple(name for name in _STATE_SLOTS if name not in _LIST_SLOTS and name != "ledger")


_VIEW: Final[View] = dict.fromkeys(
    (
        "game",
        "seat",
        "players",
        "phase",
        "to_move",
        "deal",
        "dealer",
        "hundred",
        "sitting_out",
        "golden",
        "scores",
        "bolts",
        "falls",
        "barrel",
        "barrel_deals",
        "hand",
        "hand_seen",
        "hand_sizes",
        "bid_limit",
        "bids",
        "high_bid",
        "high_bidder",
        "passed",
        "declarer",
        "contract",
        "blind",
        "talon",
        "talon_shown",
        "talon_index",
        "given",
        "discards",
        "trump",
        "marriages",
        "leader",
        "trick",
        "last_trick",
        "played",
        "tricks_won",
        "points_taken",
    )
)
_VIEW["game"] = "cards"
"""A view's keys in their order, copied for each view: a copy takes the table of keys whole,
where a dict display builds it key by key (compiled, about 240 instructions a key)."""


_SEATING: Final[dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]]] = {}


def _seating(players: int, dealer: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats in a deal from the hundred on (four players: the dealer sits out), and the
    seat that follows each in that order (a sitter's entry names the hundred), made once per
    table and dealer: the next to bid or play is a look-up, not a search of the order."""
    found = _SEATING.get((players, dealer))
    if found is None:
        hundred = (dealer + 1) % players
        sitter = dealer if players == 4 else NO_SEAT
        order = tuple(
            seat for seat in ((hundred + i) % players for i in range(players)) if seat != sitter
        )
        following = [hundred] * players
        for i, seat in enumerate(order):
            following[seat] = order[(i + 1) % len(order)]
        found = _SEATING[(players, dealer)] = (order, tuple(following))
    return found


def _talon_marriage(talon: int) -> int:
    """A marriage lying in the talon scores for the 4-player sitting-out dealer."""
    return sum(MARRIAGE_VALUES[s] for s in range(4) if talon & MARRIAGE_MASK[s] == MARRIAGE_MASK[s])


def new_game(rules: CardRules, players: int) -> CardState:
    """A fresh game; the first step is the lot for the first dealer (a chance action)."""
    return CardState(rules, players)
