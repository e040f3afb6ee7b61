#!/usr/bin/env python3
"""A sensible bot for the card game Thousand (Тысяча), 2, 3 or 4 players. Copy it and improve it.

It speaks the protocol of protocol.md and uses only Python's standard library. It keeps no state
of its own: every decision reads the request's `view` (docs/rules-cards.md, "The view") and picks
one of the `legal` actions, so it is always legal, whatever the rules.

The strategy in short:
- bidding: estimate the points the hand will take (aces and tens that will win tricks, marriages
  it can declare, a little for the talon) and raise by the smallest step while the bid stays
  within that estimate; otherwise pass. The 120 + marriages limit needs no code: the referee
  lists only the bids we may make. A redeal is asked for whenever it is offered (only poor
  hands are offered one). With blind bidding it always looks at its hand first.
- as declarer: give away (or, with 2 players, discard) the cheapest cards that are not part of a
  marriage; concede when the contract is hopeless and conceding costs less; raise the contract
  only when the estimate covers the raise with a margin.
- play: declare the best marriage when leading allows it; lead sure winners (aces, then tens
  whose ace is gone); follow by winning as cheaply as possible, or throw the cheapest card.

Run it:  thousand match --game cards "python3 bots/card_bot.py" builtin:random builtin:random
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

RANKS = "9JQKTA"  # low to high; "T" is the ten
POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
MARRIAGES = {"S": 40, "C": 60, "D": 80, "H": 100}
SUITS = "SCDH"
TALON_HOPE = 15  # what the talon and better play usually add to the hand's estimate in bidding
RAISE_MARGIN = 10  # raise the contract only when the estimate covers it by this much

Action = dict[str, Any]
View = dict[str, Any]


def rank(card: str) -> int:
    return RANKS.index(card[0])


def suit(card: str) -> str:
    return card[1]


def in_marriage(card: str, hand: list[str]) -> bool:
    """A king or queen whose partner is still in the hand: worth keeping."""
    partner = {"K": "Q", "Q": "K"}.get(card[0])
    return partner is not None and partner + card[1] in hand


def is_master(card: str, hand: list[str], played: list[str]) -> bool:
    """No card of the suit that could beat it is still out (played, or in our own hand)."""
    higher = [r + suit(card) for r in RANKS[rank(card) + 1 :]]
    return all(c in played or c in hand for c in higher)


def active_players(view: View) -> int:
    """Players in a deal: with 4 the dealer sits out, so tricks have 3 cards."""
    return 2 if view["players"] == 2 else 3


# ------------------------------------------------------------------ valuing a hand --
def estimate(hand: list[str], rules: dict[str, Any], view: View) -> int:
    """The points we expect to take as declarer with this hand (a rough, honest guess)."""
    catch = 3 * (active_players(view) - 1)  # the others' cards a won trick brings in
    aces = [c for c in hand if c[0] == "A"]
    total = 0
    for s in SUITS:
        ranks = {c[0] for c in hand if suit(c) == s}
        if "A" in ranks:  # an ace wins its trick; a ten behind it usually wins the next
            total += 11 + catch
            if "T" in ranks:
                total += 10 + catch
        elif "T" in ranks and len(ranks) >= 3:  # a guarded ten sometimes gets through
            total += 5
        if "K" in ranks and "Q" in ranks:
            # To declare a marriage we must be leading after taking a trick: an ace helps.
            worth = MARRIAGES[s] + 7
            total += worth if aces or rules["marriage_on_first_lead"] else worth // 2
    if rules["ace_marriage"] and len(aces) == 4:
        total += 200
    return total


def keep_value(card: str, hand: list[str], discarding: bool) -> float:
    """How much we want to keep a card when giving (or discarding) some away."""
    same_suit = sum(suit(c) == suit(card) for c in hand)
    value = POINTS[card[0]] + 2 * same_suit + 0.1 * rank(card)  # short suits go first: voids
    if in_marriage(card, hand):
        value += 100
    if card[0] == "A":
        value += 30
    if card[0] == "T" and "A" + suit(card) not in hand:
        # A ten without its ace may fall to an ace. A discard's points count for us (2
        # players), so an unguarded ten is the best discard; given away it feeds an opponent.
        value += -30 if discarding else 5
    return value


# ------------------------------------------------------------------------ the phases --
def choose_bid(view: View, legal: list[Action], rules: dict[str, Any]) -> Action:
    kinds = {a["type"]: a for a in legal}
    if "look" in kinds:
        return kinds["look"]  # blind bidding: never bid blind, look at the hand first
    if "redeal" in kinds:
        return kinds["redeal"]  # offered only for a poor hand: a new deal is better
    bids = sorted((a for a in legal if a["type"] == "bid"), key=lambda a: a["value"])
    strength = estimate(view["hand"], rules, view) + TALON_HOPE
    if bids and bids[0]["value"] <= strength:
        return bids[0]  # the smallest raise: let the others pay for the contract
    return kinds.get("pass", legal[0])


def choose_talon_action(view: View, legal: list[Action], rules: dict[str, Any]) -> Action:
    hand = view["hand"]
    contract = view["contract"]
    strength = estimate(hand, rules, view)
    kinds = {a["type"]: a for a in legal}
    if "redeal" in kinds and strength < contract:
        return kinds["redeal"]  # a poor talon and a hand that cannot make it: deal again
    if "concede" in kinds and strength < contract:
        # A hopeless contract. Playing it out costs us the contract, and each defender scores
        # their share of the points we do not take. Conceding costs us the contract (or only a
        # bolt, without concede_penalty) and gives each defender half the contract, rounded up
        # to 5. Concede when that costs less, counting a defender's gain against us.
        defenders = active_players(view) - 1
        half = 5 * -(-contract // 10)
        bolt = rules["bolt_penalty"] / rules["bolt_limit"] if rules["bolt_limit"] else 0
        ours = contract if rules["concede_penalty"] else bolt
        if ours + half < contract + (120 - strength) / defenders:
            return kinds["concede"]
    cards = [a for a in legal if a["type"] in ("give", "discard")]
    discarding = any(a["type"] == "discard" for a in cards)
    worst = min(cards, key=lambda a: keep_value(a["card"], hand, discarding))
    if worst["type"] == "discard":
        return worst
    # Give the card to the opponent with the lower score: help the one who is behind.
    options = [a for a in cards if a["card"] == worst["card"]]
    return min(options, key=lambda a: (view["scores"][a["to"]], a["to"]))


def choose_contract(view: View, legal: list[Action], rules: dict[str, Any]) -> Action:
    strength = estimate(view["hand"], rules, view)  # the 8 cards we now hold
    safe = [a for a in legal if a["value"] <= strength - RAISE_MARGIN]
    lowest = min(legal, key=lambda a: a["value"])  # keeping the contract: always legal
    return max(safe, key=lambda a: a["value"]) if safe else lowest


def beats(card: str, best: str, trump: str | None) -> bool:
    """Whether `card` beats `best`, the card now winning the trick."""
    if suit(card) == suit(best):
        return rank(card) > rank(best)
    return suit(card) == trump  # a trump beats any card of another suit


def play_cost(card: str, view: View) -> float:
    """How much it hurts to part with a card we do not expect to win with."""
    hand, played = view["hand"], view["played"]
    cost = POINTS[card[0]] + 0.1 * rank(card)
    if in_marriage(card, hand):
        cost += 100
    if is_master(card, hand, played):
        cost += 20  # a future trick
    if suit(card) == view["trump"]:
        cost += 15
    return cost


def choose_play(view: View, legal: list[Action]) -> Action:
    hand, played, trump = view["hand"], view["played"], view["trump"]
    trick = view["trick"]
    by_card = {a["card"]: a for a in legal if len(a) == 2}  # plain plays
    cards = list(by_card)

    if not trick:  # ------------------------------------------------ we lead
        aces = [a for a in legal if a.get("ace_marriage")]
        if aces:
            return aces[0]  # four aces: 200 points
        declares = [a for a in legal if a.get("marriage")]
        if declares:  # the most valuable marriage; lead its queen and keep the king
            best = max(declares, key=lambda a: (MARRIAGES[suit(a["card"])], a["card"][0] == "Q"))
            return best
        masters = [c for c in cards if is_master(c, hand, played) and not in_marriage(c, hand)]
        if masters:  # sure winners first, trumps first (they draw the others' trumps)
            return by_card[max(masters, key=lambda c: (suit(c) == trump, POINTS[c[0]]))]
        return by_card[min(cards, key=lambda c: play_cost(c, view))]

    # ------------------------------------------------------------------- we follow
    lead = trick[0]["card"]
    best_play = trick[0]
    for play in trick[1:]:
        if beats(play["card"], best_play["card"], trump):
            best_play = play
    best = best_play["card"]
    after_us = active_players(view) - len(trick) - 1  # players still to play to this trick
    declarer = view["declarer"]
    me = view["seat"]
    ally_winning = me != declarer and best_play["seat"] != declarer  # the two defenders

    if ally_winning:
        if after_us == 0:  # the trick is the ally's: give it points we would not win with
            spare = [
                c for c in cards if not in_marriage(c, hand) and not is_master(c, hand, played)
            ]
            if spare:
                return by_card[max(spare, key=lambda c: POINTS[c[0]])]
        return by_card[min(cards, key=lambda c: play_cost(c, view))]

    winners = [c for c in cards if beats(c, best, trump)]
    if after_us > 0:  # others still play: win only with a card they cannot beat in its suit
        winners = [
            c
            for c in winners
            if is_master(c, hand, played) and (suit(c) == trump or suit(c) == suit(lead))
        ]
    if winners:  # the cheapest card that wins (a card of the suit led before a trump)
        return by_card[min(winners, key=lambda c: (suit(c) == trump, rank(c)))]
    return by_card[min(cards, key=lambda c: play_cost(c, view))]


def choose(view: View, legal: list[Action], rules: dict[str, Any], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "bidding":
        return choose_bid(view, legal, rules)
    if phase == "talon":
        return choose_talon_action(view, legal, rules)
    if phase == "contract":
        return choose_contract(view, legal, rules)
    if phase == "play":
        return choose_play(view, legal)
    return rng.choice(legal)  # anything else (choose_talon, 2 players: the talons are hidden)


# ---------------------------------------------------------------------------- protocol --
def send(message: dict[str, Any]) -> None:
    # One line per message, flushed at once: the referee's clock runs until it arrives.
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    rng = random.Random(seed)
    rules: dict[str, Any] = {}
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            if message.get("game") != "cards":
                print("card_bot plays only the card game", file=sys.stderr)
                return  # exiting before our hello: the referee records a clear start-up fault
            rules = message["rules"]
            # "games" tells `thousand bots check` which games to check (protocol.md, hello).
            hello = {"type": "hello", "name": "cards-example", "version": "1.0", "protocol": 1}
            # "omit": this bot reads each request's view, so it needs no events (smaller
            # requests, less for the referee to build and for us to parse).
            send({**hello, "games": ["cards"], "omit": ["events"]})
        elif kind == "game_start":
            # Re-seed per game: the same game then gets the same choices, whatever came before.
            rng = random.Random(f"{seed}:{message['game']}:{message['seat']}")
        elif kind == "request":
            action = choose(message["view"], message["legal"], rules, rng)
            send({"type": "action", "id": message["id"], "action": action})
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
