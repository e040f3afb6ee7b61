#!/usr/bin/env python3
"""A cheating bot that tries to compute the chance of its games: ``predictor.py K PATH``.

It derives game seeds the way the referee does (and did) from every candidate master seed
0..K, and checks whether one of them reproduces what it has been shown:

- ``old-group`` / ``old-game``: the first release's scheme, 63 bits of
  SHA-256("MASTER:group:G") into one ``random.Random`` used for every chance event in turn;
- ``new-group`` / ``new-game``: ``chance.derive(master, "group", G)`` / ``"game", I`` and the
  game's one ``chance.GameChance`` stream for every event in turn, as referee/games/match.py
  does now;
- ``ladder-M``: the ladder's ``derive_int(master, "match", M)`` for a few small match numbers M,
  then ``"group", G`` below it.

Cards: at its first hand of a game it rebuilds the engine state (``game_spec("cards")``), draws
the lot and the deal with each candidate's generators, compares the lot and its own seat's
hand, and reports every candidate that matches with the whole deal it predicts.
Dice: once the lot and the first three throws of a game identify a candidate, it predicts every
later throw before it sees it; until then its guess is a uniformly random throw of as many
dice, which is exactly right with probability 6**-k.

It plays a random legal action and reports on stderr (kept in the match's logs) one line
``REPORT {json}`` per game. It imports ``thousand`` and ``referee`` from PATH (the test's own
import path, joined with ``os.pathsep``: the referee starts a virtual environment's python by
its real path, which leaves the environment's packages out), so it runs where those files are
visible (``--sandbox rlimits`` or ``none``): the secret master seed is what must protect the
deals, not the sandbox.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import site
import sys
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

for folder in reversed(sys.argv[2].split(os.pathsep)):
    site.addsitedir(folder)  # with its .pth files: an editable install adds the source tree
    sys.path.insert(0, folder)

from referee.games import chance  # noqa: E402
from thousand.game import CHANCE  # noqa: E402
from thousand.registry import game_spec  # noqa: E402

LADDER_MATCHES = range(1, 3)
"""Ladder match numbers tried (a ladder numbers its matches from 1)."""

Source = Callable[[int], random.Random]
"""The generator of chance event E of one game under one candidate."""


def old_seed(master: int, *parts: object) -> int:
    """The first release's game seed (referee/games/match.py ``derive_seed`` before issue 9)."""
    text = ":".join(str(p) for p in (master, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def old_source(seed: int) -> Source:
    shared = random.Random(seed)  # one generator for every event of the game, in order
    return lambda _event: shared


def new_source(game_seed: str) -> Source:
    stream = chance.GameChance(game_seed)  # one stream, drawn from by every event in turn
    return lambda _event: stream


def seatings(players: int) -> int:
    """Games in one duplicate group (referee.games.match.duplicate_seatings)."""
    return math.factorial(players) if players <= 3 else players


def old_scheme(master: int, kind: str, number: int) -> Source:
    return old_source(old_seed(master, kind, number))


def new_scheme(master: int, kind: str, number: int) -> Source:
    return new_source(chance.derive(master, kind, number))


def ladder_scheme(master: int, match: int, group: int) -> Source:
    return new_source(chance.derive(chance.derive_int(master, "match", match), "group", group))


def candidates(
    limit: int, game: int, players: int
) -> Iterator[tuple[str, int, Callable[[], Source]]]:
    """Every (scheme, candidate master, maker of the event generators) to try for ``game``."""
    group = game // seatings(players)
    for master in range(limit + 1):
        yield "old-group", master, partial(old_scheme, master, "group", group)
        yield "old-game", master, partial(old_scheme, master, "game", game)
        yield "new-group", master, partial(new_scheme, master, "group", group)
        yield "new-game", master, partial(new_scheme, master, "game", game)
        for match in LADDER_MATCHES:
            yield f"ladder-{match}", master, partial(ladder_scheme, master, match, group)


def report(**fields: Any) -> None:
    sys.stderr.write("REPORT " + json.dumps(fields) + "\n")
    sys.stderr.flush()


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


class CardGuesser:
    """Predicts this seat's first hand of a game from candidate master seeds."""

    def __init__(self, hello: dict[str, Any], limit: int) -> None:
        spec = game_spec("cards")
        fields = {k: v for k, v in hello["rules"].items() if k != "preset"}
        self.base = spec.new_game(spec.rules_model.model_validate(fields), hello["players"])
        self.players = hello["players"]
        self.limit = limit

    def deal(self, source: Source) -> tuple[int | None, dict[str, Any]]:
        """The lot (None if the game draws none) and the first deal under ``source``."""
        state = self.base.clone()
        event = 0
        lot = None
        while state.to_move() == CHANCE:
            action = state.sample_chance(source(event))
            event += 1
            if action["type"] == "deal":
                return lot, action
            lot = action.get("seat")
            state.apply(action)
        raise AssertionError("no deal at the start of a game")

    def guess(self, game: int, seat: int, lot: int | None, hand: list[str]) -> dict[str, Any]:
        """Every candidate that gives this lot and this hand, with the whole deal it predicts
        (one in about a million wrong candidates matches by chance: the test checks the deal
        against the replay, so only knowing the other hands counts)."""
        wanted = sorted(hand)
        matches = []
        tried = 0
        for scheme, master, make in candidates(self.limit, game, self.players):
            tried += 1
            drawn_lot, deal = self.deal(make())
            if sorted(deal["hands"][seat]) == wanted and drawn_lot == lot:
                matches.append({"scheme": scheme, "master": master, "deal": deal})
        return {"matches": matches, "tried": tried}


class DiceGuesser:
    """Predicts each throw of a dice game once the first chance events name a candidate."""

    LOCATE_AFTER = 3
    """Throws seen before a candidate is trusted: with fewer, one of the thousands of wrong
    candidates would now and then match by chance."""

    def __init__(self, hello: dict[str, Any], limit: int) -> None:
        from thousand.dice.state import _THROWS, _WAYS  # the engine's own table of throws

        self.throws, self.ways = _THROWS, _WAYS
        self.players = hello["players"]
        self.limit = limit
        self.rng = random.Random()

    def start(self, game: int) -> None:
        self.game = game
        self.lot: int | None = None
        self.seen: list[list[int]] = []
        self.located: tuple[str, int, Source] | None = None
        self.right = self.right_located = self.after_located = 0
        self.chance_level = 0.0

    def throw_of(self, source: Source, event: int, dice: int) -> list[int]:
        rng = source(event)
        return list(self.throws[dice][int(rng.random() * self.ways[dice])])

    def first_events(self, source: Source) -> tuple[int, list[list[int]]]:
        lot = source(0).randrange(self.players)
        return lot, [self.throw_of(source, 1 + i, len(t)) for i, t in enumerate(self.seen)]

    def see(self, event: dict[str, Any]) -> None:
        if event.get("type") == "first_player":
            self.lot = event["seat"]
        if event.get("type") != "throw":
            return
        dice = list(event["dice"])
        number = 1 + len(self.seen)  # the lot is chance event 0
        if self.located is not None:
            guess = self.throw_of(self.located[2], number, len(dice))
            self.after_located += 1
            self.right_located += guess == dice
        else:
            guess = list(self.rng.choice(self.throws[len(dice)]))
            self.chance_level += 1 / 6 ** len(dice)
        self.right += guess == dice
        self.seen.append(dice)
        if self.located is None and len(self.seen) == self.LOCATE_AFTER:
            self.locate()

    def locate(self) -> None:
        for scheme, master, make in candidates(self.limit, self.game, self.players):
            source = make()
            if self.first_events(source) == (self.lot, self.seen):
                self.located = (scheme, master, make())  # a fresh one: old sources keep state
                self.skip_seen(self.located[2])
                return

    def skip_seen(self, source: Source) -> None:
        """An old-scheme generator is shared by all events: draw the ones already seen."""
        self.first_events(source)

    def summary(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "throws": len(self.seen),
            "right": self.right,
            "located": None if self.located is None else list(self.located[:2]),
            "after_located": self.after_located,
            "right_after_located": self.right_located,
            "chance_level": self.chance_level,
        }


def main() -> None:
    limit = int(sys.argv[1])
    rng = random.Random(limit)
    cards: CardGuesser | None = None
    dice: DiceGuesser | None = None
    game = seat = 0
    lot: int | None = None
    guessed = False
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            if message["game"] == "cards":
                cards = CardGuesser(message, limit)
            else:
                dice = DiceGuesser(message, limit)
            send({"type": "hello", "name": "predictor", "protocol": 1})
        elif kind == "game_start":
            game, seat, lot, guessed = message["game"], message["seat"], None, False
            if dice is not None:
                dice.start(game)
        elif kind in ("request", "game_end"):
            for event in message.get("events", []):
                if dice is not None:
                    dice.see(event)
                elif cards is not None and event.get("type") == "first_dealer":
                    lot = event["seat"]
                elif cards is not None and not guessed and event.get("type") == "hand":
                    guessed = True
                    guess = cards.guess(game, seat, lot, event["cards"])
                    report(game=game, seat=seat, hand=event["cards"], **guess)
            if kind == "request":
                send(
                    {"type": "action", "id": message["id"], "action": rng.choice(message["legal"])}
                )
            elif dice is not None:
                report(**dice.summary())
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
