"""The card observation read straight from the engine's state: what the environments build at
every step, the same numbers as ``cards_codec.encode`` of the seat's view, byte for byte.

Why not the view: building a view (card names, dicts) and parsing its names back was most of
an environment step. Here the seat's facts come from the state's bit masks and lists into a
copy of a zeroed ``array('f')``, which numpy wraps without copying; card fields are written
twelve cards at a time from a table of every 12-bit half of a mask.

What may be seen is the view's rule, restated here field by field (each says which state
attribute it reads and under which condition the view shows it); tests/rl compare the two at
every decision of played games at every preset, for every seat, and check that moving hidden
cards between the other seats leaves this observation unchanged.

The attributes of ``CardState`` read (the engine's owner keeps them): ``n``, ``phase``,
``turn``, ``hands``, ``seen``, ``played``, ``talon``, ``talon_shown``, ``talon_index``,
``declarer``, ``discards``, ``given``, ``trick``, ``trick_seats``, ``last_trick``, ``trump``,
``_declared_marriages``, ``dealer``, ``hundred``, ``sitter``, ``high``, ``high_bidder``,
``passed``, ``bids``, ``contract``, ``blind``, ``golden``, ``tricks_won``, ``taken_points``,
``t`` (``bid_limit``, ``max_bid``, ``ace_marriage``), and of its ``ledger``: ``scores``,
``bolts``, ``falls``, ``barrel_seat``, ``barrel_deals``.

This module imports neither numpy nor anything that does, so that setup.py can compile it with
the engines (mypyc) in a build that has only the build's own requirements.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast

from thousand.cards.cards import marriages_value
from thousand.cards.state import CardState
from thousand.game import GameState
from thousand.rl.cards_layout import LAYOUT, OBSERVATION_SIZE, SEATS

if TYPE_CHECKING:  # array is generic to mypy only before Python 3.12
    Wrap = Callable[[array[float], Any], Any]
    """A function of the vector and a dtype: numpy's ``frombuffer``."""

_O = LAYOUT.offsets
LATE: Final = _O["present"]
"""Where the seat and number fields start: they are written through a memoryview that starts
here, so that each index is below 257, an int Python keeps made (an index above is a new int
at every write, compiled or not). The offsets of those fields below are from here."""
PHASE: Final = _O["phase"]
HAND: Final = _O["hand"]
HAND_SEEN: Final = _O["hand_seen"]
TALON: Final = _O["talon"]
DISCARDS: Final = _O["discards"]
GIVEN: Final = _O["given"]
PLAYED: Final = _O["played"]
TRICK: Final = _O["trick"]
TRICK_SEATS: Final = _O["trick_seats"]
LAST_TRICK: Final = _O["last_trick"]
TRUMP: Final = _O["trump"]
MARRIAGES: Final = _O["marriages"]
PRESENT: Final = _O["present"]
TO_MOVE: Final = _O["to_move"] - LATE
DEALER: Final = _O["dealer"] - LATE
HUNDRED: Final = _O["hundred"] - LATE
SITTING_OUT: Final = _O["sitting_out"] - LATE
DECLARER: Final = _O["declarer"] - LATE
HIGH_BIDDER: Final = _O["high_bidder"] - LATE
PASSED: Final = _O["passed"] - LATE
LAST_BID: Final = _O["last_bid"] - LATE
BID_BLIND: Final = _O["bid_blind"] - LATE
RECEIVED: Final = _O["received"] - LATE
HAND_SIZE: Final = _O["hand_size"] - LATE
SCORE: Final = _O["score"] - LATE
BOLTS: Final = _O["bolts"] - LATE
FALLS: Final = _O["falls"] - LATE
ON_BARREL: Final = _O["on_barrel"] - LATE
TRICKS_WON: Final = _O["tricks_won"] - LATE
POINTS_TAKEN: Final = _O["points_taken"] - LATE
HIGH_BID: Final = _O["high_bid"] - LATE
CONTRACT: Final = _O["contract"] - LATE
BID_LIMIT: Final = _O["bid_limit"] - LATE
BLIND: Final = _O["blind"] - LATE
GOLDEN: Final = _O["golden"] - LATE
TALON_SHOWN: Final = _O["talon_shown"] - LATE
TALON_INDEX: Final = _O["talon_index"] - LATE
BARREL_DEALS: Final = _O["barrel_deals"] - LATE

DEAL_PHASE: Final = 1
"""The engine's phase number of the deal (``PHASES``' order is the engine's): the bidding
limit is shown from the phase after it on."""
PASS: Final = -1
"""The value the engine records for a pass in ``bids``."""

ONE: Final[Any] = 1.0
"""The number written most, as an object: compiled, a float literal is boxed anew at each
write (typed Any, mypyc keeps one object)."""
_ZEROS: Final = array("f", bytes(4 * OBSERVATION_SIZE))
_HALVES: Final = tuple(
    array("f", [1.0 if half >> bit & 1 else 0.0 for bit in range(12)]) for half in range(4096)
)
"""Each 12-bit half of a card mask as twelve floats: a card field is two slice copies."""


def _cards(vector: array[float], base: int, mask: int) -> None:
    """The cards of ``mask`` as ones in the 24-card field at ``base`` (left 0 elsewhere; an
    empty half is not written, the vector's zeros stand)."""
    low = mask & 0xFFF
    if low:
        vector[base : base + 12] = _HALVES[low]
    high = mask >> 12
    if high:
        vector[base + 12 : base + 24] = _HALVES[high]


def _items(vector: array[float]) -> memoryview[float]:
    """The vector's numbers to write one by one: an array's own item assignment parses a
    format for each number, a memoryview's packs it directly (about 3 times as fast)."""
    return cast("memoryview[float]", memoryview(vector))


class CardObserver:
    """The observation of any seat of one table's states, scaled by that table's rules."""

    def __init__(
        self, players: int, target: int, max_bid: int, wrap: Wrap | None = None, dtype: Any = None
    ) -> None:
        self._wrap = wrap
        """How an observation leaves ``observation``, ``wrap(vector, dtype)``: the
        environments pass numpy's ``frombuffer`` and float32 (an array on the vector, no copy);
        None hands out the vector itself."""
        self._dtype = dtype
        self.players = players
        self.target = target
        self.max_bid = max_bid
        self.slots: list[list[int]] = [
            [(seat - me) % players for seat in range(players)] for me in range(players)
        ]
        """``slots[me][seat]``: where ``seat`` sits as ``me`` sees the table (0 is ``me``)."""
        self.blank = _ZEROS[:]
        """The vector every observation starts from: zeros, and a 1 for each seat present."""
        self.blank[PRESENT : PRESENT + players] = array("f", [1.0] * players)

    def observation(self, state: GameState, me: int) -> Any:
        """``me``'s observation handed out (``wrap``): the environments' hook at every
        step, one call from Python into this module when it is compiled."""
        vector = self.observe(cast(CardState, state), me)
        wrap = self._wrap
        return vector if wrap is None else wrap(vector, self._dtype)

    def observe(self, state: CardState, me: int) -> array[float]:
        """``me``'s observation (``cards_layout.LAYOUT``) as float32 numbers."""
        n = self.players
        slot = self.slots[me]
        vector = self.blank[:]
        out = _items(vector)
        late = out[LATE:]
        phase = state.phase
        out[PHASE + phase] = ONE
        hands = state.hands
        seen = state.seen[me]
        declarer = state.declarer
        if seen:  # the view shows a hand once its seat has looked at it
            out[HAND_SEEN] = ONE
            hand = hands[me]
            if hand:
                _cards(vector, HAND, hand)
            if phase > DEAL_PHASE:
                t = state.t
                limit = min(t.bid_limit + marriages_value(hand, t.ace_marriage), t.max_bid)
                late[BID_LIMIT] = limit / self.max_bid
        talon = state.talon
        shown = state.talon_shown
        if talon and (shown or me == declarer):  # shown to all, or taken by me
            _cards(vector, TALON, talon)
        if shown:
            late[TALON_SHOWN] = ONE
        if me == declarer and n == 2 and state.discards:  # my own discards
            _cards(vector, DISCARDS, state.discards)
        for to, card in state.given:  # who received is public; the card, to its two seats
            late[RECEIVED + slot[to]] = ONE
            if me in (declarer, to):
                out[GIVEN + card] = ONE
        played = state.played
        if played:
            _cards(vector, PLAYED, played)
        trick = state.trick
        if trick:
            trick_seats = state.trick_seats
            for position in range(len(trick)):
                out[TRICK + 24 * position + trick[position]] = ONE
                out[TRICK_SEATS + SEATS * position + slot[trick_seats[position]]] = ONE
        for _, card in state.last_trick:
            out[LAST_TRICK + card] = ONE
        trump = state.trump
        out[TRUMP + (trump if trump >= 0 else 4)] = ONE
        for _, suit in state._declared_marriages:  # 4 is the ace marriage, as in the field
            out[MARRIAGES + suit] = ONE
        if state.turn >= 0:
            late[TO_MOVE + slot[state.turn]] = ONE
        if state.dealer >= 0:
            late[DEALER + slot[state.dealer]] = ONE
        if state.hundred >= 0:
            late[HUNDRED + slot[state.hundred]] = ONE
        if state.sitter >= 0:
            late[SITTING_OUT + slot[state.sitter]] = ONE
        if declarer >= 0:
            late[DECLARER + slot[declarer]] = ONE
            late[CONTRACT] = state.contract / self.max_bid
        high_bidder = state.high_bidder
        if high_bidder >= 0:
            late[HIGH_BIDDER + slot[high_bidder]] = ONE
            late[HIGH_BID] = state.high / self.max_bid
        ledger = state.ledger
        if ledger.barrel_seat >= 0:
            late[ON_BARREL + slot[ledger.barrel_seat]] = ONE
        self._per_seat(late, state, slot)
        bids = state.bids
        if bids:
            self._last_bids(late, bids, slot)
        if state.talon_index >= 0:
            late[TALON_INDEX + state.talon_index] = ONE
        if state.blind:
            late[BLIND] = ONE
        if state.golden:
            late[GOLDEN] = ONE
        if ledger.barrel_deals:
            late[BARREL_DEALS] = ledger.barrel_deals / 3
        return vector

    def _last_bids(
        self, late: memoryview[float], bids: list[tuple[int, int, bool]], slot: list[int]
    ) -> None:
        """Each seat's last bid (0 for a pass) and whether it was blind, found first and
        written once: a random bidding lists ten bids or more, and a write costs more."""
        last = [PASS] * self.players
        blind = [False] * self.players
        for seat, value, was_blind in bids:
            last[seat] = value
            blind[seat] = was_blind
        for seat in range(self.players):
            if last[seat] > 0:
                late[LAST_BID + slot[seat]] = last[seat] / self.max_bid
            if blind[seat]:
                late[BID_BLIND + slot[seat]] = ONE

    def _per_seat(self, late: memoryview[float], state: CardState, slot: list[int]) -> None:
        """The per-seat numbers, each written only where it is not 0 (the vector's zeros)."""
        ledger = state.ledger
        scores = ledger.scores
        bolts = ledger.bolts
        falls = ledger.falls
        hands = state.hands
        passed = state.passed
        tricks_won = state.tricks_won
        taken = state.taken_points
        target = self.target
        for seat in range(self.players):
            at = slot[seat]
            if passed[seat]:
                late[PASSED + at] = ONE
            if hands[seat]:
                late[HAND_SIZE + at] = hands[seat].bit_count() / 10
            if scores[seat]:
                late[SCORE + at] = scores[seat] / target
            if bolts[seat]:
                late[BOLTS + at] = bolts[seat] / 3
            if falls[seat]:
                late[FALLS + at] = falls[seat] / 3
            if tricks_won[seat]:
                late[TRICKS_WON + at] = tricks_won[seat] / 10
            if taken[seat]:
                late[POINTS_TAKEN + at] = taken[seat] / 120
