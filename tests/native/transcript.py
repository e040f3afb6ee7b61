"""A game's transcript through whichever engine modules are imported: the compiled or the pure.

Each step is one JSON record (who moves, the legal actions, the mover's and the next seat's
views, the events, the scores) and the verdicts of hostile actions tried on a clone at that step
(accepted with its events, or refused with the rule), so that a compiled engine that differs
from its source anywhere a bot or a replay can see (a draw, a view, an error's rule) shows as
a differing record. Run as a script it prints the digests of every game given on the command
line, from the modules found first on ``sys.path``.
"""

from __future__ import annotations

import hashlib
import random
import sys
from typing import Any

import orjson

from thousand.game import CHANCE, OVER, IllegalAction
from thousand.play import new_state

GAMES: tuple[tuple[str, str, int], ...] = (
    ("cards", "classic", 3),
    ("cards", "everything", 3),
    ("cards", "four", 4),
    ("cards", "duel", 2),
    ("dice", "classic", 2),
    ("dice", "ussr", 3),
    ("dice", "barrel850", 3),
    ("dice", "simple", 3),
)
"""Every preset the engine benchmark plays, so every variant's code path is compiled and run."""

HOSTILE_VALUES: tuple[Any, ...] = (None, "x", "", 3.5, True, -1, 10**30, [], {}, "QS\n")


def _hostile(legal: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    """Actions a bot could send: a legal one with one field replaced, an extra key, no type."""
    tries: list[dict[str, Any]] = [{}, {"type": 7}, {"type": "nonsense"}]
    for action in rng.sample(legal, min(2, len(legal))):
        tries.append({**action, "extra": 1})
        for key in action:
            if key != "type":
                tries.append({**action, key: rng.choice(HOSTILE_VALUES)})
    return tries


def _verdict(state: Any, action: dict[str, Any]) -> list[Any]:
    trial = state.clone()
    try:
        return ["accepted", trial.apply(action), trial.scores()]
    except IllegalAction as error:
        return ["refused", error.rule, str(error)]
    except Exception as error:  # a crash is a verdict too: it must be the same in both
        return ["crashed", type(error).__name__]


def steps(game: str, preset: str, players: int, seed: int) -> list[bytes]:
    """One record a step of a random-policy game, every step; hostile tries every third."""
    state = new_state(game, preset, players)
    chance_rng = random.Random(f"chance:{seed}")
    policy_rng = random.Random(f"policy:{seed}")
    combined = seed % 2 == 0  # chance() on even seeds, sample_chance() + apply() on odd ones
    records: list[bytes] = []
    number = 0
    while True:
        seat = state.to_move()
        if seat == OVER:
            result = state.result()
            records.append(orjson.dumps(["over", result.to_json() if result else None]))
            return records
        number += 1
        record: dict[str, Any] = {"seat": seat}
        if seat == CHANCE:
            if combined:
                action, events = state.chance(chance_rng)
            else:
                action = state.sample_chance(chance_rng)
                events = state.apply(action)
            record["action"] = action
        else:
            legal = state.legal_actions()
            record["legal"] = legal
            record["views"] = [state.view(seat), state.view((seat + 1) % players)]
            if number % 3 == 0:
                record["hostile"] = [_verdict(state, a) for a in _hostile(legal, policy_rng)]
            action = legal[policy_rng.randrange(len(legal))]
            events = state.apply(action)
            record["action"] = action
        record["events"] = events
        record["scores"] = state.scores()
        records.append(orjson.dumps(record, option=orjson.OPT_SORT_KEYS))


def digests(game: str, preset: str, players: int, seed: int) -> list[str]:
    records = steps(game, preset, players, seed)
    return [hashlib.sha256(record).hexdigest()[:16] for record in records]


def main(argv: list[str]) -> None:
    """``transcript.py SEED…``: one JSON line a game of GAMES a seed, then the modules used."""
    import thousand.cards.state
    import thousand.dice.state

    for seed in (int(text) for text in argv):
        for game, preset, players in GAMES:
            sys.stdout.write(orjson.dumps(digests(game, preset, players, seed)).decode() + "\n")
    modules = [thousand.cards.state.__file__, thousand.dice.state.__file__]
    sys.stdout.write(orjson.dumps(modules).decode() + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
