"""Published game seeds reveal nothing: a replay shows its game's seed and every throw, and
still no other game's seed or chance follows from it.

From the replays of a real match the test tries what a contestant would try to get the next
game's seed from the published ones (hashing it, HMAC with it as the key, index arithmetic, the
first release's scheme, continuing its event counter) and compares each guess with the seed and
the first chance events of the next game: none matches. With the master seed from the report
the derivation reproduces every published seed and every recorded chance outcome, which shows
that the comparison would catch a derivation that leaks.
"""

from __future__ import annotations

import hashlib
from typing import Any

from referee.games import chance
from tests.fairplay.conftest import Recorded, game_replays, reported_seed
from thousand.game import CHANCE
from thousand.registry import game_spec
from thousand.rules_io import load_rules

Replay = list[dict[str, Any]]


def chance_replay(replay: Replay, rules: Any, source: chance.GameChance) -> list[bool]:
    """Re-run a game, drawing each chance step from ``source``: which steps it reproduces."""
    state = game_spec("dice").new_game(rules, replay[0]["players"])
    same = []
    for record in replay[1:-1]:
        if record["kind"] == "chance":
            assert state.to_move() == CHANCE
            same.append(state.sample_chance(source.next_event()) == record["action"])
        state.apply(record["action"])
    return same


def first_events(replay: Replay, rules: Any, seed: str, skip: int = 0) -> list[Any]:
    """The lot and first two throws a game with ``seed`` would draw (after ``skip`` events)."""
    state = game_spec("dice").new_game(rules, replay[0]["players"])
    source = chance.GameChance(seed)
    source.events = skip
    drawn = []
    for record in replay[1:-1]:
        if record["kind"] == "chance":
            drawn.append(state.sample_chance(source.next_event()))
            if len(drawn) == 3:
                break
        state.apply(record["action"])
    return drawn


def recorded_first_events(replay: Replay) -> list[Any]:
    return [r["action"] for r in replay if r.get("kind") == "chance"][:3]


def old_seed(master: int, *parts: object) -> int:
    """The first release's game seed (as bots/predictor.py tries it)."""
    text = ":".join(str(p) for p in (master, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def guesses(seeds: list[str], index: int) -> dict[str, str]:
    """What a contestant might compute for game ``index``'s seed from the earlier ones."""
    prev, first = seeds[index - 1], seeds[0]
    prev_int, first_int = int(prev, 16), int(first, 16)
    return {
        "sha256(previous seed bytes)": hashlib.sha256(bytes.fromhex(prev)).hexdigest(),
        "sha256(previous seed text)": hashlib.sha256(prev.encode()).hexdigest(),
        "HMAC(previous, game:index)": chance.derive(prev_int, "game", index),
        "HMAC(previous, game:1)": chance.derive(prev_int, "game", 1),
        "HMAC(previous, group:index)": chance.derive(prev_int, "group", index),
        "HMAC(first as master, game:index)": chance.derive(first_int, "game", index),
        "previous + 1": format(prev_int + 1, "064x"),
        "previous + index": format(prev_int + index, "064x"),
        "first release's scheme on previous": format(old_seed(prev_int, "game", index), "064x"),
    }


def test_published_seeds_do_not_lead_to_the_next_game(recorded: Recorded) -> None:
    """The replays of the session's recorded match (four unseeded games; conftest.py)."""
    master = reported_seed(recorded.run)  # shown in the final report only
    assert not chance.is_guessable(master), master
    rules = load_rules("dice", str(recorded.rules))
    replays = game_replays(recorded.folder)
    seeds = [r[0]["seed"] for r in replays]
    assert len(set(seeds)) == 4 and all(len(s) == 64 for s in seeds), seeds
    hits = []
    for index in range(1, len(seeds)):
        actual = recorded_first_events(replays[index])
        for label, guess in guesses(seeds, index).items():
            if guess == seeds[index] or first_events(replays[index], rules, guess) == actual:
                hits.append(f"game {index}: {label}")
        # The previous game's event counter, continued past its last event.
        used = sum(1 for r in replays[index - 1] if r.get("kind") == "chance")
        if first_events(replays[index], rules, seeds[index - 1], skip=used) == actual:
            hits.append(f"game {index}: previous game's chance continued")
    assert hits == [], f"published seeds lead to the next game: {hits}"
    # With the master seed the derivation gives every seed and every chance outcome: the
    # comparisons above would have seen a leaking derivation.
    assert [chance.derive(master, "game", i) for i in range(4)] == seeds
    reproduced = []
    for replay, seed in zip(replays, seeds, strict=True):
        assert first_events(replay, rules, seed) == recorded_first_events(replay)
        reproduced += chance_replay(replay, rules, chance.GameChance(seed))
    # Summed over the match: one short game (a fresh seed, a low target) has few events.
    assert len(reproduced) > 10 and all(reproduced)
