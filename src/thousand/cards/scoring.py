"""Scoring at the end of a deal, in the rule book's order, one score event per change.

The order matters because each step sees the scores the previous one left: (1) deal results,
(2) bolts, (3) the barrel, (4) samosval, (5) the win check.  Keeping it in one function with a
ledger of the game-long counters (scores, bolts, barrel, falls) makes that order visible and lets
a replay explain every change of a score by its reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from thousand.cards.reasons import BarrelOffReason, FallReason, ScoreReason
from thousand.cards.table import Table
from thousand.game import Event

NO_SEAT: Final = -1


def round_take(points: int) -> int:
    """A defender's take to a multiple of 5: remainders 1 and 2 round down, 3 and 4 up."""
    rest = points % 5
    return points - rest if rest <= 2 else points + 5 - rest


def concede_half(contract: int) -> int:
    """What each opponent scores when the declarer concedes: half, rounded up to 5 (105 → 55)."""
    return (contract + 9) // 10 * 5


@dataclass(slots=True)
class DealOutcome:
    """What the deal produced, before any score changes.

    ``takes`` are card points plus declared marriages per seat (0 for the sitting-out dealer);
    ``talon_take`` is what the sitting-out dealer of the 4-player game counts (points and a
    marriage in the talon).
    """

    declarer: int
    contract: int
    conceded: bool
    made: bool
    takes: list[int]
    took_trick: list[bool]
    active: tuple[int, ...]
    sitter: int
    talon_take: int
    double: bool
    blind: bool


class Ledger:
    """The game-long counters scoring works on; copied by ``clone()``."""

    __slots__ = ("barrel_deals", "barrel_seat", "bolts", "falls", "scores")

    def __init__(self, players: int) -> None:
        self.scores = [0] * players
        self.bolts = [0] * players
        self.falls = [0] * players
        self.barrel_seat = NO_SEAT
        self.barrel_deals = 0

    def copy(self) -> Ledger:
        other = Ledger(0)  # the lists are replaced: a new instance's cost is all there is
        other.scores = self.scores[:]
        other.bolts = self.bolts[:]
        other.falls = self.falls[:]
        other.barrel_seat = self.barrel_seat
        other.barrel_deals = self.barrel_deals
        return other

    def add(self, seat: int, delta: int, reason: ScoreReason, events: list[Event]) -> None:
        """Change one score and record why; a zero change records nothing."""
        if delta:
            score = self.scores[seat] + delta
            self.scores[seat] = score
            events.append(
                {"type": "score", "seat": seat, "delta": delta, "score": score, "reason": reason}
            )

    def reset(self, events: list[Event]) -> None:
        """The golden round's failure: everything back to the start of a game."""
        for seat, score in enumerate(self.scores):
            self.add(seat, -score, "golden_reset", events)
        players = len(self.scores)
        self.bolts = [0] * players
        self.falls = [0] * players
        if self.barrel_seat != NO_SEAT:
            events.append({"type": "barrel_off", "seat": self.barrel_seat, "reason": "reset"})
        self.barrel_seat = NO_SEAT
        self.barrel_deals = 0


def settle_deal(ledger: Ledger, table: Table, deal: DealOutcome, events: list[Event]) -> int:
    """Score a finished or conceded deal; return the winner's seat or ``NO_SEAT``."""
    sitting = ledger.barrel_seat if table.barrel else NO_SEAT
    factor = 2 if deal.double else 1
    _deal_results(ledger, table, deal, sitting, factor, events)
    if table.bolt_limit:
        _bolts(ledger, table, deal, factor, events)
    won = (
        sitting == deal.declarer
        and deal.made
        and not deal.conceded
        and ledger.scores[sitting] >= table.target
    )
    if table.barrel:
        _barrel(ledger, table, sitting, won, events)
    if table.samosval:
        for seat, score in enumerate(ledger.scores):
            if score in (555, -555):
                ledger.add(seat, -score, "samosval", events)
    if table.barrel:
        return sitting if won else NO_SEAT
    return _open_winner(ledger.scores, table.target, deal.declarer)


def _deal_results(
    ledger: Ledger, table: Table, deal: DealOutcome, sitting: int, factor: int, events: list[Event]
) -> None:
    declarer = deal.declarer
    stake = deal.contract * factor * (2 if deal.blind else 1)
    if deal.conceded:
        if table.concede_penalty:
            ledger.add(declarer, -stake, "concede", events)
        half = concede_half(deal.contract) * factor
        for seat in deal.active:
            if seat != declarer and seat != sitting:
                ledger.add(seat, half, "concede_half", events)
    else:
        if deal.made:
            ledger.add(declarer, stake, "contract_made", events)
        else:
            ledger.add(declarer, -stake, "contract_failed", events)
        for seat in deal.active:
            if seat != declarer and seat != sitting:
                ledger.add(seat, round_take(deal.takes[seat]) * factor, "defender_take", events)
    if deal.sitter != NO_SEAT and deal.sitter != sitting:
        ledger.add(deal.sitter, round_take(deal.talon_take) * factor, "talon", events)


def _bolts(
    ledger: Ledger, table: Table, deal: DealOutcome, factor: int, events: list[Event]
) -> None:
    if deal.conceded:
        bolted = [] if table.concede_penalty else [deal.declarer]
    else:
        bolted = [
            seat
            for seat in deal.active
            if not deal.took_trick[seat] and (table.bolt_for_declarer or seat != deal.declarer)
        ]
        if table.bolts_in_a_row:
            for seat in deal.active:
                if deal.took_trick[seat]:
                    ledger.bolts[seat] = 0
    for seat in bolted:
        count = ledger.bolts[seat] + factor
        penalty = count >= table.bolt_limit
        ledger.bolts[seat] = 0 if penalty else count
        events.append({"type": "bolt", "seat": seat, "bolts": count})
        if penalty:
            ledger.add(seat, -table.bolt_penalty * factor, "bolts", events)


def _barrel(ledger: Ledger, table: Table, sitting: int, won: bool, events: list[Event]) -> None:
    scores = ledger.scores
    line = table.barrel_score
    if sitting != NO_SEAT and not won:
        if scores[sitting] < line:
            ledger.barrel_seat = NO_SEAT
            ledger.barrel_deals = 0  # the view's count belongs to a seat that is no longer on
            _count_fall(ledger, table, sitting, "dropped", events)
        else:
            ledger.barrel_deals += 1
            if ledger.barrel_deals >= table.barrel_deals:
                _fall(ledger, table, sitting, "barrel_fall", events)
    climbers = [s for s in range(len(scores)) if s != sitting and scores[s] >= line]
    for seat in climbers:
        ledger.add(seat, line - scores[seat], "barrel_clamp", events)
    if not climbers or won:
        return
    if ledger.barrel_seat != NO_SEAT:
        _fall(ledger, table, ledger.barrel_seat, "barrel_usurped", events)
    if len(climbers) == 1:
        ledger.barrel_seat = climbers[0]
        ledger.barrel_deals = 0
        events.append({"type": "barrel_on", "seat": climbers[0]})
        return
    for seat in climbers:
        events.append({"type": "barrel_on", "seat": seat})
        _fall(ledger, table, seat, "barrel_crowd", events)


def _fall(ledger: Ledger, table: Table, seat: int, reason: FallReason, events: list[Event]) -> None:
    """Off the barrel with the penalty: the three deals ran out, or someone else climbed on."""
    ledger.barrel_seat = NO_SEAT
    ledger.barrel_deals = 0
    ledger.add(seat, -table.barrel_penalty, reason, events)
    _count_fall(ledger, table, seat, reason, events)


def _count_fall(
    ledger: Ledger, table: Table, seat: int, reason: BarrelOffReason, events: list[Event]
) -> None:
    falls = ledger.falls[seat] + 1
    events.append({"type": "barrel_off", "seat": seat, "reason": reason, "falls": falls})
    if table.barrel_falls_to_zero and falls >= table.barrel_falls_to_zero:
        ledger.add(seat, -ledger.scores[seat], "barrel_falls_zero", events)
        falls = 0
    ledger.falls[seat] = falls


def _open_winner(scores: list[int], target: int, declarer: int) -> int:
    """Without the barrel: the highest score at or above the target; a tie goes to the declarer,
    else to the tied seat first to the declarer's left."""
    best = max(scores)
    if best < target:
        return NO_SEAT
    players = len(scores)
    for step in range(players):
        seat = (declarer + step) % players
        if scores[seat] == best:
            return seat
    return NO_SEAT
