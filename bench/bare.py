"""The bare-loop yardstick (issue 35): the classic card deal and dice turn written straight.

bench/engine.py prints the engines' speed beside these loops in the same run, so that the
engines' overhead is a ratio (engine ÷ bare) that means the same on any machine. The loops use
plain lists and ints, no engine class, no action or event dicts, and the same random policy as
the bench's random games: uniform among the legal choices, from one ``random.Random``.

The card deal (classic rules, 3 players) does all the work of a played-out deal: the shuffle,
7/7/7 and a talon of 3, bidding from the opening 100 (limit 120 plus the marriages in hand, steps
of 5), the declarer taking the talon and giving one card to each opponent, the contract, the 8
tricks of 3 cards with follow suit then trump, marriages (declared by leading the queen or king
of a pair after taking a trick, as the engine lists them), and the scoring of the deal with
defenders' takes rounded to 5. It leaves out: redeals and conceding (the bench's played-out
policy never picks them, and this loop never offers them), bolts, the barrel, samosval and the
end-of-game ranking; the game ends at 1000 or at the 300-deal cap.

The dice turn (classic scoring, all scoring dice set aside): throws of the dice left, ones 10,
fives 5, three of a kind ×10 (ones 100), four ×20 (ones 200), five ×100 (ones 1000), the small
and large straight 125 and 250; hot dice throw five again; a zero throw ends the turn with
nothing; the entry of 50 before the first score. It leaves out pits, the barrel, bolts,
samosval and overtaking, so its games run a little shorter than the engine's: compare
decisions/s, not games/s. Each throw is one draw of the generator, as in the engine, decoded
into the count of each face and scored from the counts every time (the engine looks a throw's
score up in a table made once per rule set; a table here too would make the yardstick a race of
look-ups, not the turn written straight).
"""

from __future__ import annotations

import random

POINTS = (0, 2, 3, 4, 10, 11) * 4
"""Card ``c`` is ``suit * 6 + rank``, ranks 9 J Q K T A low to high, as in the engine."""
MARRIAGES = (40, 60, 80, 100)
QUEEN, KING = 2, 3


def _marriages(hand: list[int]) -> int:
    """The value of the marriages (K and Q of one suit) in a hand."""
    total = 0
    for suit in range(4):
        if suit * 6 + QUEEN in hand and suit * 6 + KING in hand:
            total += MARRIAGES[suit]
    return total


def card_deal(
    rng: random.Random, dealer: int, scores: list[int], log: list[tuple[str, object]] | None = None
) -> int:
    """Play one classic deal with the random policy; add to ``scores``; return the decisions.

    ``log``, when given, receives each step as the engine's wire would name it (for the test
    that plays the same deal through the engine); the timed runs pass None.
    """
    deck = list(range(24))
    rng.shuffle(deck)
    hands = [sorted(deck[0:7]), sorted(deck[7:14]), sorted(deck[14:21])]
    talon = deck[21:24]
    if log is not None:
        log.append(("deal", [hands[0][:], hands[1][:], hands[2][:], talon[:]]))
    decisions = 0
    hundred = (dealer + 1) % 3
    high = 100
    declarer = hundred
    passed = [False, False, False]
    in_bidding = 3
    seat = (hundred + 1) % 3
    while in_bidding > 1:
        limit = min(120 + _marriages(hands[seat]), 300)
        choices = 1 + max(0, (limit - high) // 5)
        pick = rng.randrange(choices)
        decisions += 1
        if pick == 0:
            passed[seat] = True
            in_bidding -= 1
        else:
            high += 5 * pick
            declarer = seat
        if log is not None:
            log.append(("pass", seat) if pick == 0 else ("bid", high))
        seat = (seat + 1) % 3
        while passed[seat] and in_bidding > 1:
            seat = (seat + 1) % 3
    hand = hands[declarer]
    hand.extend(talon)
    hand.sort()
    for _ in range(2):  # one card to each opponent: the engine lists (recipient, card) pairs
        recipients = [s for s in range(3) if s != declarer and len(hands[s]) == 7]
        pick = rng.randrange(len(recipients) * len(hand))
        decisions += 1
        to = recipients[pick // len(hand)]
        card = hand.pop(pick % len(hand))
        hands[to].append(card)
        hands[to].sort()
        if log is not None:
            log.append(("give", (card, to)))
    limit = max(high, min(120 + _marriages(hand), 300))
    contract = high + 5 * rng.randrange((limit - high) // 5 + 1)
    decisions += 1
    if log is not None:
        log.append(("contract", contract))
    taken = [0, 0, 0]
    marriage_points = [0, 0, 0]
    tricks_won = [0, 0, 0]
    trump = -1
    leader = declarer
    for _ in range(8):
        trick: list[int] = []
        best = -1
        winner = leader
        seat = leader
        for _ in range(3):
            hand = hands[seat]
            if trick:
                lead_suit = trick[0] // 6
                playable = [c for c in hand if c // 6 == lead_suit]
                if not playable and trump >= 0:
                    playable = [c for c in hand if c // 6 == trump]
                if not playable:
                    playable = hand
                card = playable[rng.randrange(len(playable))]
                declared = -1
            else:
                options = hand
                pairs = []
                if tricks_won[seat]:
                    pairs = [s for s in range(4) if s * 6 + QUEEN in hand and s * 6 + KING in hand]
                pick = rng.randrange(len(hand) + 2 * len(pairs))
                if pick < len(options):
                    card = options[pick]
                    declared = -1
                else:
                    pick -= len(options)
                    declared = pairs[pick // 2]
                    card = declared * 6 + (QUEEN if pick % 2 == 0 else KING)
            decisions += 1
            if log is not None:
                log.append(("play", (card, declared >= 0)))
            hand.remove(card)
            if declared >= 0:
                trump = declared
                marriage_points[seat] += MARRIAGES[declared]
            if best < 0 or (
                (card // 6 == best // 6 and card > best) or card // 6 == trump != best // 6
            ):
                best = card
                winner = seat
            trick.append(card)
            seat = (seat + 1) % 3
        taken[winner] += POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]]
        tricks_won[winner] += 1
        leader = winner
    for seat in range(3):
        take = taken[seat] + marriage_points[seat]
        if seat == declarer:
            scores[seat] += contract if take >= contract else -contract
        else:
            rest = take % 5
            scores[seat] += take - rest if rest <= 2 else take + 5 - rest
    return decisions


def card_game(seed: int, max_deals: int = 300) -> tuple[int, int]:
    """A classic 3-player game of bare deals to 1000 or the cap; return (decisions, deals)."""
    rng = random.Random(seed)
    scores = [0, 0, 0]
    dealer = rng.randrange(3)
    decisions = deals = 0
    while deals < max_deals and max(scores) < 1000:
        decisions += card_deal(rng, dealer, scores)
        deals += 1
        dealer = (dealer + 1) % 3
    return decisions, deals


def _score(counts: list[int]) -> tuple[int, int]:
    """(points, dice used) of a throw given as the count of each face (index 1..6)."""
    if counts[1] == counts[2] == counts[3] == counts[4] == counts[5] == 1:
        return 125, 5
    if counts[2] == counts[3] == counts[4] == counts[5] == counts[6] == 1:
        return 250, 5
    points = used = 0
    for face in range(1, 7):
        count = counts[face]
        if count >= 3:
            points += (100 if face == 1 else face * 10) * (1, 2, 10)[count - 3]
            used += count
        elif face == 1:
            points += 10 * count
            used += count
        elif face == 5:
            points += 5 * count
            used += count
    return points, used


WAYS = tuple(6**dice for dice in range(6))


def dice_game(seed: int, players: int = 3, goal: int = 1000, entry: int = 50) -> tuple[int, int]:
    """A classic dice game of bare turns to ``goal``; return (decisions, throws)."""
    rng = random.Random(seed)
    scores = [0] * players
    opened = [False] * players
    seat = rng.randrange(players)
    decisions = throws = 0
    for _ in range(500 * players):
        total = 0
        left = 5
        while True:
            throw = int(rng.random() * WAYS[left])  # one draw for the whole throw
            counts = [0] * 7
            for _ in range(left):
                throw, face = divmod(throw, 6)
                counts[face + 1] += 1
            points, used = _score(counts)
            throws += 1
            if not used:
                break
            total += points
            left -= used
            must_roll = left == 0
            if must_roll:
                left = 5
            decisions += 1
            if must_roll or (not opened[seat] and total < entry) or rng.randrange(2) == 0:
                continue
            scores[seat] += total
            opened[seat] = True
            break
        if scores[seat] >= goal:
            break
        seat = (seat + 1) % players
    return decisions, throws
