"""Scoring a deal in the rule book's order: results, bolts, the barrel, samosval, the win."""

from __future__ import annotations

from typing import Any

from cards_support import A_DEAL, A_PLAY, act, play, rules, scores_of, to_play

from thousand.cards import concede_half, round_take
from thousand.cards.scoring import NO_SEAT, DealOutcome, Ledger, settle_deal
from thousand.cards.table import Table
from thousand.game import Event


def outcome(
    declarer: int = 0,
    contract: int = 100,
    takes: tuple[int, ...] = (100, 10, 10),
    tricks: tuple[bool, ...] = (True, True, True),
    *,
    conceded: bool = False,
    double: bool = False,
    blind: bool = False,
) -> DealOutcome:
    return DealOutcome(
        declarer=declarer,
        contract=contract,
        conceded=conceded,
        made=not conceded and takes[declarer] >= contract,
        takes=list(takes),
        took_trick=list(tricks),
        active=tuple(range(len(takes))),
        sitter=NO_SEAT,
        talon_take=0,
        double=double,
        blind=blind,
    )


def settle(
    scores: list[int], deal: DealOutcome, *, barrel_seat: int = NO_SEAT, **changes: Any
) -> tuple[Ledger, list[Event], int]:
    ledger = Ledger(len(scores))
    ledger.scores = list(scores)
    ledger.barrel_seat = barrel_seat
    events: list[Event] = []
    winner = settle_deal(ledger, Table.of(rules(**changes)), deal, events)
    return ledger, events, winner


def test_defenders_take_rounds_to_5_17_to_15_and_18_to_20() -> None:
    assert [round_take(x) for x in (15, 16, 17, 18, 19, 20)] == [15, 15, 15, 20, 20, 20]
    _, events, _ = settle([0, 0, 0], outcome(takes=(120, 17, 18)))
    assert scores_of(events) == [
        (0, 100, "contract_made"),
        (1, 15, "defender_take"),
        (2, 20, "defender_take"),
    ]


def test_declarer_scores_plus_or_minus_the_contract_never_rounded() -> None:
    _, events, _ = settle([0, 0, 0], outcome(contract=105, takes=(107, 3, 10)))
    assert scores_of(events)[0] == (0, 105, "contract_made")
    _, events, _ = settle([0, 0, 0], outcome(contract=105, takes=(104, 6, 10)))
    assert scores_of(events)[0] == (0, -105, "contract_failed")


def test_concede_half_rounds_up_to_5() -> None:
    assert [concede_half(c) for c in (100, 105, 110, 115, 120)] == [50, 55, 55, 60, 60]


def test_full_deal_scenario_a_declarer_takes_everything() -> None:
    state, _ = to_play(A_DEAL[:3], A_DEAL[3], (("QC", 2), ("KC", 0)))
    events = play(state, *A_PLAY[0])
    events += act(state, type="play", card="KH", marriage=True)
    events += play(state, *A_PLAY[1], *A_PLAY[2])
    result = next(e for e in events if e["type"] == "deal_result")
    assert result["points"] == [0, 120, 0] and result["takes"] == [0, 220, 0]
    assert result["made"] is True
    assert scores_of(events) == [(1, 100, "contract_made")]
    assert {"type": "bolt", "seat": 2, "bolts": 1} in events
    assert {"type": "bolt", "seat": 0, "bolts": 1} in events
    assert sum(e["points"] for e in events if e["type"] == "trick") == 120


def test_three_bolts_cost_120_and_reset() -> None:
    ledger, events, _ = settle([0, 0, 50], outcome(takes=(100, 20, 0), tricks=(True, True, False)))
    assert ledger.bolts == [0, 0, 1]
    ledger.bolts[2] = 2
    events = []
    settle_deal(
        ledger, Table.of(rules()), outcome(takes=(100, 20, 0), tricks=(True, True, False)), events
    )
    assert {"type": "bolt", "seat": 2, "bolts": 3} in events
    assert (2, -120, "bolts") in scores_of(events)
    assert ledger.bolts[2] == 0


def test_bolts_in_a_row_option_resets_on_a_trick() -> None:
    deal_with_trick = outcome(takes=(100, 20, 0), tricks=(True, True, True))
    ledger, _, _ = settle([0, 0, 0], deal_with_trick, bolts_in_a_row=True)
    ledger.bolts[2] = 2
    settle_deal(ledger, Table.of(rules(bolts_in_a_row=True)), deal_with_trick, [])
    assert ledger.bolts[2] == 0
    ledger.bolts[2] = 2
    settle_deal(ledger, Table.of(rules()), deal_with_trick, [])
    assert ledger.bolts[2] == 2


def test_no_bolt_for_declarer_option() -> None:
    deal = outcome(takes=(0, 60, 60), tricks=(False, True, True))
    ledger, _, _ = settle([0, 0, 0], deal)
    assert ledger.bolts[0] == 1
    ledger, _, _ = settle([0, 0, 0], deal, bolt_for_declarer=False)
    assert ledger.bolts[0] == 0


def test_samosval_555_and_minus_555_drop_to_0() -> None:
    ledger, events, _ = settle([-455, 540, 0], outcome(takes=(20, 15, 85)))
    assert ledger.scores[:2] == [0, 0]
    assert (0, 555, "samosval") in scores_of(events) and (1, -555, "samosval") in scores_of(events)
    ledger, _, _ = settle([-455, 540, 0], outcome(takes=(20, 15, 85)), samosval=False)
    assert ledger.scores[:2] == [-555, 555]


def test_order_of_scoring_results_bolts_barrel_samosval() -> None:
    ledger = Ledger(3)
    ledger.scores = [100, 860, 675]
    ledger.bolts = [0, 0, 2]
    events: list[Event] = []
    settle_deal(
        ledger,
        Table.of(rules()),
        outcome(contract=120, takes=(110, 100, 0), tricks=(True, True, False)),
        events,
    )
    kinds = [e.get("reason", e["type"]) for e in events]
    assert kinds == [
        "contract_failed",
        "defender_take",
        "bolt",
        "bolts",
        "barrel_clamp",
        "barrel_on",
        "samosval",
    ]
    assert ledger.scores == [-20, 880, 0]


def test_climbing_the_barrel_clamps_at_880() -> None:
    ledger, events, _ = settle([0, 860, 0], outcome(takes=(100, 40, 0)))
    assert ledger.scores[1] == 880 and ledger.barrel_seat == 1
    assert (1, -20, "barrel_clamp") in scores_of(events)


def test_a_declarer_jumping_past_1000_still_stops_on_the_barrel() -> None:
    ledger, _, winner = settle([750, 0, 0], outcome(contract=300, takes=(300, 0, 0)))
    assert winner == NO_SEAT and ledger.scores[0] == 880 and ledger.barrel_seat == 0


def test_defenders_on_the_barrel_gain_nothing() -> None:
    ledger, events, _ = settle([0, 880, 0], outcome(takes=(100, 50, 0)), barrel_seat=1)
    assert ledger.scores[1] == 880
    assert not [e for e in scores_of(events) if e[0] == 1]


def test_win_from_the_barrel_by_a_made_contract_reaching_1000() -> None:
    ledger, _, winner = settle([880, 0, 0], outcome(contract=120, takes=(130, 0, 0)), barrel_seat=0)
    assert winner == 0 and ledger.scores[0] == 1000


def test_a_made_contract_below_1000_counts_as_a_barrel_deal() -> None:
    ledger, _, winner = settle([880, 0, 0], outcome(contract=100, takes=(130, 0, 0)), barrel_seat=0)
    assert winner == NO_SEAT and ledger.scores[0] == 980 and ledger.barrel_seat == 0
    assert ledger.barrel_deals == 1


def test_three_deals_on_the_barrel_then_fall_with_minus_120() -> None:
    ledger = Ledger(3)
    ledger.scores = [0, 880, 0]
    ledger.barrel_seat = 1
    table = Table.of(rules())
    for _ in range(3):
        events: list[Event] = []
        settle_deal(ledger, table, outcome(takes=(100, 10, 10)), events)
    assert (1, -120, "barrel_fall") in scores_of(events)
    assert ledger.scores[1] == 760 and ledger.barrel_seat == NO_SEAT and ledger.falls[1] == 1
    assert {"type": "barrel_off", "seat": 1, "reason": "barrel_fall", "falls": 1} in events


def test_third_fall_sets_the_score_to_zero() -> None:
    ledger = Ledger(3)
    ledger.scores = [0, 880, 0]
    ledger.barrel_seat = 1
    ledger.barrel_deals = 2
    ledger.falls[1] = 2
    events: list[Event] = []
    settle_deal(ledger, Table.of(rules()), outcome(takes=(100, 10, 10)), events)
    assert scores_of(events)[-1] == (1, -760, "barrel_falls_zero")
    assert ledger.scores[1] == 0 and ledger.falls[1] == 0
    ledger.scores[1], ledger.barrel_seat, ledger.barrel_deals, ledger.falls[1] = 880, 1, 2, 2
    settle_deal(ledger, Table.of(rules(barrel_falls_to_zero=0)), outcome(), [])
    assert ledger.scores[1] == 760


def test_usurping_knocks_the_sitter_off_with_minus_120() -> None:
    ledger, events, _ = settle(
        [880, 850, 0], outcome(declarer=2, takes=(20, 40, 100)), barrel_seat=0
    )
    assert ledger.barrel_seat == 1 and ledger.scores == [760, 880, 100]
    assert (0, -120, "barrel_usurped") in scores_of(events)


def test_several_climbing_in_the_same_deal_all_fall() -> None:
    ledger, events, _ = settle([870, 860, 0], outcome(declarer=2, takes=(20, 30, 100)))
    assert ledger.barrel_seat == NO_SEAT and ledger.scores == [760, 760, 100]
    assert scores_of(events, "barrel_crowd") == [
        (0, -120, "barrel_crowd"),
        (1, -120, "barrel_crowd"),
    ]
    assert ledger.falls == [1, 1, 0]


def test_falling_below_880_takes_the_sitter_off_and_counts_a_fall_without_120() -> None:
    ledger, events, _ = settle(
        [880, 0, 0], outcome(contract=120, takes=(60, 30, 30)), barrel_seat=0
    )
    assert ledger.scores[0] == 760 and ledger.barrel_seat == NO_SEAT and ledger.falls[0] == 1
    assert not scores_of(events, "barrel_fall")
    ledger = Ledger(3)
    ledger.scores, ledger.barrel_seat, ledger.bolts = [0, 880, 0], 1, [0, 2, 0]
    events = []
    settle_deal(
        ledger, Table.of(rules()), outcome(takes=(100, 0, 20), tricks=(True, False, True)), events
    )
    assert ledger.scores[1] == 760 and ledger.falls[1] == 1 and ledger.barrel_seat == NO_SEAT


def test_without_the_barrel_the_highest_score_wins_and_a_tie_goes_to_the_declarer() -> None:
    ledger, _, winner = settle(
        [950, 960, 0], outcome(contract=100, takes=(110, 70, 0)), barrel=False
    )
    assert ledger.scores[:2] == [1050, 1030] and winner == 0
    ledger, _, winner = settle(
        [950, 980, 0], outcome(contract=100, takes=(110, 70, 0)), barrel=False
    )
    assert ledger.scores[:2] == [1050, 1050] and winner == 0
    ledger, _, winner = settle([0, 980, 950], outcome(takes=(110, 70, 100)), barrel=False)
    assert ledger.scores[1:] == [1050, 1050] and winner == 1  # the tied seat first to the left


def test_golden_deals_count_double() -> None:
    ledger, events, _ = settle(
        [0, 0, 0],
        outcome(contract=120, takes=(130, 17, 0), tricks=(True, True, False), double=True),
    )
    assert scores_of(events) == [(0, 240, "contract_made"), (1, 30, "defender_take")]
    assert ledger.bolts[2] == 2


def test_blind_declarer_result_is_doubled() -> None:
    _, events, _ = settle([0, 0, 0], outcome(contract=110, takes=(100, 17, 3), blind=True))
    assert scores_of(events)[0] == (0, -220, "contract_failed")


def test_barrel_deals_count_from_the_deal_after_climbing() -> None:
    ledger = Ledger(3)
    ledger.scores = [0, 860, 0]
    table = Table.of(rules())
    settle_deal(ledger, table, outcome(takes=(100, 40, 0)), [])
    assert ledger.barrel_seat == 1 and ledger.barrel_deals == 0
    for _ in range(2):
        settle_deal(ledger, table, outcome(takes=(100, 10, 10)), [])
    assert ledger.barrel_seat == 1 and ledger.scores[1] == 880
    settle_deal(ledger, table, outcome(takes=(100, 10, 10)), [])
    assert ledger.barrel_seat == NO_SEAT and ledger.scores[1] == 760


def test_on_the_barrel_no_half_of_a_conceded_contract_and_no_talon() -> None:
    _, events, _ = settle([0, 880, 0], outcome(conceded=True), barrel_seat=1)
    assert scores_of(events) == [(0, -100, "concede"), (2, 50, "concede_half")]
    four = DealOutcome(
        declarer=1,
        contract=100,
        conceded=True,
        made=False,
        takes=[0, 0, 0, 0],
        took_trick=[False] * 4,
        active=(1, 2, 3),
        sitter=0,
        talon_take=27,
        double=False,
        blind=False,
    )
    _, events, _ = settle([880, 0, 0, 0], four, barrel_seat=0)
    assert not [e for e in scores_of(events) if e[0] == 0]
    _, events, _ = settle([0, 0, 0, 0], four)
    assert (0, 25, "talon") in scores_of(events)


def test_dropping_below_the_barrel_resets_the_barrel_deal_count() -> None:
    """A sitter who drops off leaves no deals behind: the view's ``barrel_deals`` counts only
    for a seat on the barrel, and the next one to climb starts from zero anyway."""
    ledger = Ledger(3)
    ledger.scores, ledger.barrel_seat, ledger.barrel_deals = [880, 0, 0], 0, 2
    settle_deal(ledger, Table.of(rules()), outcome(contract=120, takes=(60, 30, 30)), [])
    assert ledger.barrel_seat == NO_SEAT and ledger.scores[0] == 760
    assert ledger.barrel_deals == 0
