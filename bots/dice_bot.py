#!/usr/bin/env python3
"""A sensible bot for the dice game "1000" (Тысяча на костях). Copy it and improve it.

It speaks the protocol of protocol.md and uses only Python's standard library. The strategy, in
one paragraph: at the start of the match the bot reads the scoring table from the rules in the
referee's hello and works out, for every turn total T and number of dice n, the expected turn
total of playing on well ("continue value"). That table *is* a set of thresholds: with n dice,
throw again while T is below threshold[n] (the thresholds are printed to stderr). Hot dice, the
risk of 1-2 dice and the cost of a bolt are all inside the table. On top of it come the limits of
the table of play: a stop that wins or climbs onto the barrel is always taken; a stop that lands
on the samosval (555 -> 0) is never taken while a throw is allowed; a stop that overtakes
someone (they lose 50) is worth a little more; a stop that lands deep in a pit a little less.
The opening (entry), a pit's top and the barrel's 120 need no code of ours: until the turn total
reaches them, the referee offers only {"type": "roll"}.

With set_aside = "choose" the bot is sent every legal way to keep dice ({"type": "roll"|"stop",
"keep": [...]}) and picks the best by the same table: often all the scoring dice, sometimes a
single 1 (fewer points but more dice to throw again).

Run it:  thousand match --game dice "python3 bots/dice_bot.py" builtin:random
"""

from __future__ import annotations

import json
import random
import sys
from itertools import combinations_with_replacement, product
from math import factorial
from typing import Any

DICE = 5  # dice in the game
HORIZON = 1000  # beyond this turn total the table always stops (keeps the work small)
PIT_PENALTY = 0.5  # per point a stop lands below a pit's top (a pit must be climbed in one turn)

Options = tuple[tuple[int, int], ...]  # the ways to keep dice of one throw: (points, dice used)


# ------------------------------------------------------------------ scoring one throw --
def combinations(rules: dict[str, Any], thrown: int) -> list[tuple[tuple[int, ...], int]]:
    """Every scoring combination (dice, points) possible in a throw of `thrown` dice."""
    found: list[tuple[tuple[int, ...], int]] = [
        ((1,), rules["single_one"]),
        ((5,), rules["single_five"]),
    ]
    for face in range(1, 7):
        if face == 1:  # ones have their own values
            three, four, five = rules["three_ones"], rules["four_ones"], rules["five_ones"]
        else:
            three = face * rules["three_kind_factor"]
            four = face * rules["four_kind_factor"]
            five = face * rules["five_kind_factor"]
        if rules["five_kind_flat"] is not None:
            five = rules["five_kind_flat"]
        found += [((face,) * 3, three), ((face,) * 4, four), ((face,) * 5, five)]
    if thrown == DICE:  # the straights need all five dice thrown at once
        if rules["small_straight"] is not None:
            found.append(((1, 2, 3, 4, 5), rules["small_straight"]))
        if rules["large_straight"] is not None:
            found.append(((2, 3, 4, 5, 6), rules["large_straight"]))
    if thrown == 2 and rules["double_on_two_dice"]:  # a double on two dice: scoring, 0 points
        found.extend(((face, face), 0) for face in range(1, 7))
    return [(dice, points) for dice, points in found if len(dice) <= thrown]


def remove(dice: tuple[int, ...], part: tuple[int, ...]) -> tuple[int, ...] | None:
    """`dice` without the dice of `part`, or None when `part` is not among them."""
    rest = list(dice)
    for die in part:
        if die not in rest:
            return None
        rest.remove(die)
    return tuple(rest)


class Scorer:
    """Points of a set of kept dice: the best split of *all* of them into combinations."""

    def __init__(self, rules: dict[str, Any]) -> None:
        self.combos = {n: combinations(rules, n) for n in range(1, DICE + 1)}
        self.memo: dict[tuple[tuple[int, ...], int], int | None] = {}

    def points(self, keep: tuple[int, ...], thrown: int) -> int | None:
        """Points of `keep` (sorted) out of a throw of `thrown` dice; None: not a legal keep."""
        if not keep:
            return 0
        key = (keep, thrown)
        if key not in self.memo:
            best: int | None = None
            for dice, worth in self.combos[thrown]:
                rest = remove(keep, dice)
                sub = None if rest is None else self.points(rest, thrown)
                if sub is not None and (best is None or worth + sub > best):
                    best = worth + sub
            self.memo[key] = best
        return self.memo[key]

    def options(self, throw: tuple[int, ...], choose: bool) -> Options:
        """The keeps of a throw as (points, dice used). With set_aside "all" only the referee's
        own choice: the most points, then the most dice. Empty: a zero throw."""
        found: set[tuple[int, int]] = set()
        counts = [throw.count(face) for face in range(1, 7)]
        for take in product(*(range(c + 1) for c in counts)):  # every sub-multiset
            keep = tuple(face for face in range(1, 7) for _ in range(take[face - 1]))
            worth = self.points(keep, len(throw)) if keep else None
            if worth is not None:
                found.add((worth, len(keep)))
        if not choose and found:
            return (max(found),)
        return tuple(sorted(found))


# --------------------------------------------------------- the table of continue values --
class Table:
    """Expected turn totals under good play, ignoring the scores (computed once per match)."""

    def __init__(self, rules: dict[str, Any]) -> None:
        self.scorer = Scorer(rules)
        choose = rules["set_aside"] == "choose"
        self.confirm = rules["confirm_hot_dice"]
        # A zero throw costs the turn total and, when bolts count, a share of the bolt penalty.
        self.bolt_cost = rules["bolt_penalty"] / rules["bolt_limit"] if rules["bolts"] else 0.0
        # Every distinct throw of n dice, with its probability and its keep options.
        self.throws: dict[int, list[tuple[float, Options]]] = {}
        for n in range(1, DICE + 1):
            grouped: dict[Options, float] = {}
            for throw in combinations_with_replacement(range(1, 7), n):
                ways = factorial(n)
                for face in set(throw):
                    ways //= factorial(throw.count(face))
                options = self.scorer.options(throw, choose)
                grouped[options] = grouped.get(options, 0.0) + ways / 6**n
            self.throws[n] = [(p, options) for options, p in grouped.items()]
        self.memo: dict[tuple[int, int], float] = {}
        sys.setrecursionlimit(10_000)

    def throw_value(self, total: int, dice: int) -> float:
        """Expected turn total if we throw `dice` dice now with `total` gathered."""
        if total > HORIZON:
            return total - 1.0  # far past any sensible stop: say "stop"
        key = (total, dice)
        if key not in self.memo:
            value = 0.0
            for p, options in self.throws[dice]:
                if not options:
                    value -= p * self.bolt_cost  # zero: the turn burns
                else:
                    value += p * max(self.after(total + pts, dice - used) for pts, used in options)
            self.memo[key] = value
        return self.memo[key]

    def after(self, total: int, dice: int) -> float:
        """Expected turn total once `dice` dice are left: stop or throw, whichever is better."""
        if dice == 0:  # hot dice: all five come back and the next throw is compulsory
            if self.confirm:  # ...and with confirm_hot_dice it ends the turn either way
                return sum(
                    p * (total + max(o)[0] if o else -self.bolt_cost) for p, o in self.throws[DICE]
                )
            return self.throw_value(total, DICE)
        return max(float(total), self.throw_value(total, dice))

    def thresholds(self) -> dict[int, int]:
        """With n dice: the turn total from which stopping is better than throwing."""
        return {
            n: next(t for t in range(0, HORIZON + 10, 5) if self.throw_value(t, n) <= t)
            for n in range(1, DICE + 1)
        }


# ----------------------------------------------------------------------- the decision --
def stop_value(view: dict[str, Any], rules: dict[str, Any], total: int) -> float:
    """What stopping with `total` is worth, in points of our score (plus bonuses)."""
    me = view["seat"]
    score = view["scores"][me]
    new = score + total
    value = float(total)
    if rules["samosval"] is not None and new == rules["samosval"]:
        return float(-score)  # 555 drops to 0: the worst stop of all
    for low, high in rules["pits"]:
        if score < low <= new < high:  # landing in a pit: next turns must climb out at once
            value -= PIT_PENALTY * (high - new)
    # Overtaking: each opened player we pass loses overtake_penalty (good for us, shared
    # among the opponents we play against).
    for seat, other in enumerate(view["scores"]):
        if seat != me and view["opened"][seat] and score < other < new:
            value += rules["overtake_penalty"] / (view["players"] - 1)
    return value


def finishes(view: dict[str, Any], rules: dict[str, Any], total: int) -> bool:
    """Whether stopping with `total` wins the game or climbs onto the barrel."""
    me = view["seat"]
    new = view["scores"][me] + total
    if rules["barrel"] == "points":  # on the barrel, any stop the referee allows wins
        return bool(view["on_barrel"][me] or new >= rules["barrel_start"])
    if rules["barrel"] == "open":
        return bool(new == rules["goal"])
    return bool(new >= rules["goal"])


def choose(
    view: dict[str, Any],
    legal: list[dict[str, Any]],
    rules: dict[str, Any],
    table: Table,
    rng: random.Random,
) -> dict[str, Any]:
    if len(legal) == 1:
        return legal[0]  # a forced throw (hot dice, or below the opening/pit/barrel need)
    me = view["seat"]
    score = view["scores"][me]
    best: list[dict[str, Any]] = []
    best_value = float("-inf")
    for action in legal:
        total, dice = view["turn_total"], view["dice_left"]
        keep = action.get("keep")
        if keep is not None:  # set_aside "choose": `dice_left` dice were thrown, we keep some
            total += table.scorer.points(tuple(keep), dice) or 0
            dice -= len(keep)
        if action["type"] == "stop":
            if finishes(view, rules, total):
                return action  # a win, or the barrel: more points would be clamped away
            value = stop_value(view, rules, total)
        elif (
            rules["samosval_mid_turn"]
            and score + total == rules["samosval"]
            and total >= view["need"]
        ):
            value = float(-score)  # this keep ends the turn at once on 555
        elif view["cap"] is not None and total > view["cap"]:
            value = -table.bolt_cost  # open barrel: past the goal the turn is lost
        else:  # a throw now: of the dice left, or of all five when they are hot
            value = table.after(total, 0) if dice == 0 else table.throw_value(total, dice)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)  # ties (rare) are broken by the seeded generator


# ---------------------------------------------------------------------------- protocol --
def send(message: dict[str, Any]) -> None:
    # One line per message, flushed at once: the referee's clock runs until it arrives.
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    rng = random.Random(seed)
    rules: dict[str, Any] = {}
    table: Table | None = None
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            if message.get("game") != "dice":
                print("dice_bot plays only the dice game", file=sys.stderr)
                return  # exiting before our hello: the referee records a clear start-up fault
            rules = message["rules"]
            table = Table(rules)  # done before answering: start-up time is not charged to a game
            print(f"dice_bot thresholds by dice left: {table.thresholds()}", file=sys.stderr)
            # "games" tells `thousand bots check` which games to check (protocol.md, hello).
            hello = {"type": "hello", "name": "dice-example", "version": "1.0", "protocol": 1}
            # "omit": this bot reads each request's view, so it needs no events (smaller
            # requests, less for the referee to build and for us to parse).
            send({**hello, "games": ["dice"], "omit": ["events"]})
        elif kind == "game_start":
            # Re-seed per game: the same game then gets the same choices, whatever came before.
            rng = random.Random(f"{seed}:{message['game']}:{message['seat']}")
        elif kind == "request":
            assert table is not None
            action = choose(message["view"], message["legal"], rules, table, rng)
            send({"type": "action", "id": message["id"], "action": action})
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
