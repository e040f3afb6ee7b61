"""Card decisions valued from the deciding seat's information only, by bots/card_expert.py's
own sampling: the unseen cards dealt at random consistently with what that seat saw (its view,
and the events addressed to everyone or to it), each legal action played out in every sampled
world, the deal scored for the seat relative to the others.

The expert's file is loaded as a module, not copied: the analysis and the bot sample alike,
and a fix to one is a fix to both. Only what the seat saw reaches the sampler: its engine view
at the decision, and the events of earlier steps that were public or addressed to it; the
replay's other hidden cards are never passed on (tests/analysis/test_analyse_cards.py alters
them and gets the same numbers).

Plays, bids (an estimate, as the expert makes it: open, blind, or whether to look first), a
redeal (a void deal, worth nothing to anyone on average), the declarer's gives or (2 players)
discards and choice of talon, a concession and the contract are valued. A forced move (one
legal action) is a decision with nothing lost.
"""

from __future__ import annotations

import importlib.util
import itertools
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, Final, NamedTuple

from referee.analysis.experts import expert_file
from referee.analysis.marks import CARD_MARKS, SIGNIFICANT, mark
from referee.analysis.report import Decision, Option, ScorePoint
from referee.replay.frames import Frame
from thousand.errors import ThousandError

EXPERT_FILE: Final = expert_file("card_expert.py")
MAX_SAMPLES: Final = 5000  # worlds at most per decision, whatever the budget
TALON_KINDS: Final = {"give", "discard", "concede", "redeal"}


class ExpertMissing(ThousandError):
    """bots/card_expert.py cannot be read: the analysis samples with it (a source checkout's, or
    the copy the wheel installs)."""


@cache
def card_expert(path: Path = EXPERT_FILE) -> ModuleType:
    """bots/card_expert.py as a module (its ``main`` does not run), once per process."""
    spec = importlib.util.spec_from_file_location("thousand_card_expert", path)
    if spec is None or spec.loader is None:
        raise ExpertMissing(f"cannot load the card expert {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    try:
        spec.loader.exec_module(module)
    except OSError as error:
        raise ExpertMissing(
            f"cannot read the card expert (bots/card_expert.py of a source checkout or of the "
            f"installed wheel): {error}"
        ) from None
    return module


@dataclass(frozen=True)
class Budget:
    """How long a decision is sampled: CPU milliseconds, or (reproducibly) a fixed number of
    worlds, whichever ends first."""

    cpu_ms: float | None = 200.0
    samples: int = MAX_SAMPLES

    def over(self, began: float, done: int) -> bool:
        if done >= self.samples:
            return True
        return self.cpu_ms is not None and (time.process_time() - began) * 1000 >= self.cpu_ms


class Asked(NamedTuple):
    """A decision to value: the expert's module and table, what the deciding seat saw (its view
    and its memory of the events shown to it), its legal actions, the budget and the draws."""

    expert: ModuleType
    table: Any
    view: dict[str, Any]
    memory: Any
    legal: list[dict[str, Any]]
    budget: Budget
    rng: random.Random


def _stats(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def sample_play(asked: Asked) -> list[list[float]]:
    """Each legal play's deal score in the same sampled worlds (paired samples)."""
    expert, table, view, memory, legal, budget, rng = asked
    knowledge = expert.Knowledge(view, memory)
    outlook = expert.Outlook(table, view, knowledge.me)
    moves = [expert.as_move(action) for action in legal]
    scores: list[list[float]] = [[] for _ in legal]
    began = time.process_time()
    while knowledge.ok and not budget.over(began, len(scores[0])):
        world = expert.world_deal(table, knowledge, view, knowledge.sample(rng))
        for i, (card, declare) in enumerate(moves):
            deal = world.clone()
            deal.play(card, declare)
            deal.playout()
            scores[i].append(float(outlook.utility(deal)))
    return scores


def sample_contract(asked: Asked) -> list[list[float]]:
    """Each legal contract's deal score in the same sampled worlds: the declarer's take played
    out as bots/card_expert.py plays it (its choose_contract), the contract made or lost
    (doubled when blind), less the defenders' mean score."""
    expert, table, view, memory, legal, budget, rng = asked
    knowledge = expert.Knowledge(view, memory)
    me = knowledge.me
    outlook = expert.Outlook(table, view, me)
    blind = 2 if view.get("blind") else 1
    values = [int(action["value"]) for action in legal]
    scores: list[list[float]] = [[] for _ in legal]
    began = time.process_time()
    while knowledge.ok and not budget.over(began, len(scores[0])):
        deal = expert.declarer_deal(table, knowledge, knowledge.sample(rng), me)
        deal.playout()
        take, defenders = expert.declare_outcome(deal, outlook, me)
        for i, value in enumerate(values):
            scores[i].append(blind * (value if take >= value else -value) - defenders)
    return scores


def sample_gives(asked: Asked) -> list[list[float]] | None:
    """Each legal give (or, 2 players, discard) scored in the same sampled worlds, as
    bots/card_expert.py values a plan of them (its choose_talon): the card passed, then, while
    another defender still waits for one (or a second discard is due), the expert's cheapest
    remaining card; the deal played out, the contract the expert would set over all the worlds,
    made or lost, less the defenders' mean. A concession scores what the expert counts for it
    in every world: the contract lost (or a third of the bolt penalty without the concession
    penalty), less the half of the contract the defenders then score; a redeal the expert's
    REDEAL_UTILITY (a void deal)."""
    expert, table, view, memory, legal, budget, rng = asked
    if any(action.get("type") not in TALON_KINDS for action in legal):
        return None
    passes = [action for action in legal if action["type"] in ("give", "discard")]
    knowledge = expert.Knowledge(view, memory)
    me = knowledge.me
    outlook = expert.Outlook(table, view, me)
    blind = 2 if view.get("blind") else 1
    hand = knowledge.mine
    waiting = sorted({int(action.get("to", -1)) for action in passes})
    if waiting == [-1] and not knowledge.discards:
        waiting = [-1, -1]  # the first of two discards: the expert's cheapest card follows
    plans = []
    for action in passes:
        card, to = expert.CARD_INT[action["card"]], int(action.get("to", -1))
        plan = [(card, to)]
        rest = hand & ~(1 << card)
        for other in waiting[1:] if to < 0 else waiting:
            if other != to or other < 0:
                cheapest = expert.cheap_cards(rest, 1)[0]
                rest &= ~(1 << cheapest)
                plan.append((cheapest, other))
        plans.append(plan)
    takes: list[list[int]] = [[] for _ in plans]
    defence: list[list[float]] = [[] for _ in plans]
    began = time.process_time()
    while knowledge.ok and not budget.over(began, len(takes[0]) if plans else MAX_SAMPLES):
        hands = knowledge.sample(rng)
        for i, plan in enumerate(plans):
            deal = expert.plan_deal(table, knowledge, hands, me, plan)
            deal.playout()
            take, defenders = expert.declare_outcome(deal, outlook, me)
            takes[i].append(take)
            defence[i].append(defenders)
    worlds = len(takes[0]) if takes else 1
    contract = int(view.get("contract") or 0)
    conceded = -contract if table.concede_penalty else -table.bolt_penalty / 3
    conceded -= 5 * -(-contract // 10)
    scores: list[list[float]] = []
    for i, plan in enumerate(plans):
        kept = hand
        for card, _ in plan:
            kept &= ~(1 << card)
        if not takes[i]:
            scores.append([])
            continue
        values = expert.contract_values(table, view, kept)
        value, _ = expert.best_contract(takes[i], values, blind)
        scores.append(
            [
                blind * (value if take >= value else -value) - defenders
                for take, defenders in zip(takes[i], defence[i], strict=True)
            ]
        )
    by_pass = iter(scores)
    constant = {"concede": conceded, "redeal": float(expert.REDEAL_UTILITY)}
    return [
        [constant[action["type"]]] * worlds if action["type"] in constant else next(by_pass)
        for action in legal
    ]


def sample_take_talon(asked: Asked) -> list[list[float]] | None:
    """A 2-player declarer's choice of a talon, which it has not seen: in each sampled world
    the four cards the other player does not hold are split at random into the two talons;
    each index is taken, the expert's two cheapest cards discarded, the deal played out at the
    contract, made or lost, less the other's score. Both talons are alike to the seat, so its
    choice can cost nothing beyond the noise (never marked but by chance)."""
    expert, table, view, memory, legal, budget, rng = asked
    if any(action.get("type") != "take_talon" for action in legal):
        return None
    knowledge = expert.Knowledge(view, memory)
    me = knowledge.me
    outlook = expert.Outlook(table, view, me)
    blind = 2 if view.get("blind") else 1
    contract = int(view.get("contract") or 0)
    scores: list[list[float]] = [[] for _ in legal]
    began = time.process_time()
    while knowledge.ok and not budget.over(began, len(scores[0])):
        hands = knowledge.sample(rng)
        spare = knowledge.hidden
        for seat, held in enumerate(hands):
            if seat != me:
                spare &= ~held
        cards = expert.cards_of(spare)
        rng.shuffle(cards)
        talons = [cards[0:2], cards[2:4]]
        for i, action in enumerate(legal):
            mine = knowledge.mine
            for card in talons[int(action["index"])]:
                mine |= 1 << card
            dealt = hands[:]
            dealt[me] = mine
            plan = [(card, -1) for card in expert.cheap_cards(mine, 2)]
            deal = expert.plan_deal(table, knowledge, dealt, me, plan)
            deal.playout()
            take, defenders = expert.declare_outcome(deal, outlook, me)
            scores[i].append(blind * (contract if take >= contract else -contract) - defenders)
    return scores


def sample_open_bids(asked: Asked) -> list[list[float]] | None:
    """Each bid's deal score in the same sampled worlds, as bots/card_expert.py values a bid
    (its choose_bid, bid_world): the seat's hand with a random talon, the other hands dealt at
    random, its two cheapest cards given away (2 players: the better of two random talons
    taken, its two cheapest cards discarded), the deal played out with the seat as declarer at
    that bid, made or lost, less the defenders' mean; a pass scores the expert's constant
    utility of letting another declare, a redeal its REDEAL_UTILITY. An estimate (the
    auction's rest is not played)."""
    expert, table, view, _, legal, budget, rng = asked
    kinds = {action.get("type") for action in legal}
    if not kinds <= {"bid", "pass", "redeal"}:
        return None
    players = int(view["players"])
    me = int(view["seat"])
    sitter = view.get("sitting_out")
    active = [s for s in range(players) if s != sitter]
    hand = expert.mask_of(view.get("hand"))
    hidden = expert.cards_of(expert.FULL & ~hand)
    outlook = expert.Outlook(table, view, me)
    takes: list[int] = []
    defence: list[float] = []
    began = time.process_time()
    while not budget.over(began, len(takes)):
        rng.shuffle(hidden)
        deal = expert.bid_world(table, hand, hidden, players, active, me)
        deal.playout()
        take, defenders = expert.declare_outcome(deal, outlook, me)
        takes.append(take)
        defence.append(defenders)
    constant = {"pass": float(expert.PASS_UTILITY), "redeal": float(expert.REDEAL_UTILITY)}
    scores: list[list[float]] = []
    for action in legal:
        if action["type"] in constant:
            scores.append([constant[action["type"]]] * len(takes))
            continue
        value = int(action["value"])
        made = zip(takes, defence, strict=True)
        scores.append([(value if take >= value else -value) - d for take, d in made])
    return scores


def sample_blind(asked: Asked) -> list[list[float]] | None:
    """A seat that has not looked at its hand: looking, passing and each blind bid scored over
    the hands it may hold, as bots/card_expert.py weighs them (its choose_blind): for each hand
    drawn from all the cards it has not seen (its own among them), the expert's inner worlds
    where it declares with that hand; a blind bid made or lost, doubled; looking the better of
    passing and the lowest open bid that hand allows. An estimate, as bids are."""
    expert, table, view, _, legal, budget, rng = asked
    scores: list[list[float]] = [[] for _ in legal]
    began = time.process_time()
    while not budget.over(began, len(scores[0])):
        hand, rest = expert.blind_hand(view, rng)
        outcomes = expert.blind_outcomes(table, view, hand, rest, rng)
        for i, value in enumerate(expert.blind_values(table, view, legal, hand, outcomes)):
            scores[i].append(float(value))
    return scores


def sample_bids(asked: Asked) -> list[list[float]] | None:
    """A bidding decision: a blind seat's (look, pass, blind bids) or an open one's."""
    legal = asked.legal
    if any(action.get("type") == "look" for action in legal):
        return sample_blind(asked)
    return sample_open_bids(asked)


Sampler = Callable[[Asked], list[list[float]] | None]
SAMPLERS: Final[dict[str, Sampler]] = {
    "play": sample_play,
    "contract": sample_contract,
    "talon": sample_gives,
    "bidding": sample_bids,
    "choose_talon": sample_take_talon,
}


def play_decision(
    step: int, line: int, seat: int, phase: str, chosen: dict[str, Any],
    legal: list[dict[str, Any]], scores: list[list[float]], deal: int | None = None,
) -> Decision:  # fmt: skip
    """The decision from its paired samples: marked only when the loss is significant."""
    if len(legal) < 2 or not scores[0]:
        option = Option(action=chosen, value=0.0, stderr=0.0, samples=0)
        return Decision(
            step=step, line=line, seat=seat, phase=phase, chosen=chosen, best=chosen,
            value_chosen=0.0, value_best=0.0, loss=0.0, mark=None, options=[option], deal=deal,
        )  # fmt: skip
    stats = [_stats(s) for s in scores]
    options = [
        Option(action=a, value=mean, stderr=se, samples=len(s))
        for a, (mean, se), s in zip(legal, stats, scores, strict=True)
    ]
    at = next(i for i, action in enumerate(legal) if action == chosen)
    best = max(range(len(legal)), key=lambda i: stats[i][0])
    loss = max(stats[best][0] - stats[at][0], 0.0)
    _, spread = _stats([b - c for b, c in zip(scores[best], scores[at], strict=True)])
    significant = loss > SIGNIFICANT * spread
    return Decision(
        step=step,
        line=line,
        seat=seat,
        phase=phase,
        chosen=chosen,
        best=legal[best] if loss > 0 else chosen,
        value_chosen=stats[at][0],
        value_best=stats[best][0],
        loss=loss,
        mark=mark(loss, CARD_MARKS) if significant else None,
        options=options,
        deal=deal,
    )


def score_line(decisions: list[Decision]) -> list[ScorePoint]:
    """Each seat's expected score of the deal after each of its sampled decisions."""
    line = []
    for made in decisions:
        chosen = next(o for o in made.options if o.action == made.chosen)
        if chosen.samples:
            line.append(
                ScorePoint(
                    step=made.step,
                    seat=made.seat,
                    deal=made.deal or 0,
                    value=made.value_chosen,
                    stderr=chosen.stderr or 0.0,
                    samples=chosen.samples,
                )
            )
    return line


def analyse_card_frames(
    frames: list[Frame],
    rules: dict[str, Any],
    players: int,
    seat: int | None,
    budget: Budget,
    seed: str,
) -> list[Decision]:
    """The decisions of ``seat`` (every seat when None) the samplers value, each from its view and
    the events it was shown; the generator of each decision is seeded by ``seed`` and the step,
    so a fixed number of samples gives the same numbers on every run."""
    expert = card_expert()
    table = expert.Table(rules, players)
    memories = [expert.Memory(players) for _ in range(players)]
    found: list[Decision] = []
    for before, after in itertools.pairwise(frames):
        record = after.record or {}
        mover = record.get("seat")
        if (
            record.get("kind") == "move"
            and record.get("by") != "fallback"
            and isinstance(mover, int)
            and (seat is None or mover == seat)
        ):
            view = before.state.view(mover)
            legal = before.state.legal_actions()
            phase = str(view.get("phase"))
            if phase in SAMPLERS and record.get("action") in legal:
                step = int(record.get("n", after.index))
                rng = random.Random(f"{seed}:{step}")
                scores: list[list[float]] | None = [[] for _ in legal]
                if len(legal) > 1:
                    sampler = SAMPLERS[phase]
                    scores = sampler(
                        Asked(expert, table, view, memories[mover], legal, budget, rng)
                    )
                if scores is not None and (len(legal) < 2 or scores[0]):  # else: no world
                    chosen = record["action"]
                    deal = int(view.get("deal") or 0)
                    made = play_decision(
                        step, after.line, mover, phase, chosen, legal, scores, deal
                    )
                    found.append(made)
        for event in record.get("events") or []:
            for reader, memory in enumerate(memories):
                if event.get("to", reader) == reader:
                    memory.feed(event, table.must_beat)
    return found
