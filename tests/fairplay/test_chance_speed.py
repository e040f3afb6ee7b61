"""The fast paths of ``EventRandom`` draw exactly what the plain definition draws.

The referee's generator writes ``shuffle`` and ``_randbelow`` out over its bit pool and keys
each event's HMAC from a prepared copy (issue 11: the referee's hot path). A seed must still
deal the same cards and throw the same dice as the documented derivation — bits of event E are
HMAC-SHA-256(game seed, "chance:E:B") for blocks B = 0, 1, … — consumed the way Python's own
``random.Random`` methods consume ``getrandbits``. The reference here is that definition,
written plainly, not the code under test.
"""

from __future__ import annotations

import hmac
import random

import pytest

from referee.games.chance import EventRandom, GameChance, KeyedHash, derive


class Plain(random.Random):
    """The documented derivation, with Python's own shuffle, randrange and random on top."""

    def __init__(self, seed_hex: str, event: int) -> None:
        self._key = bytes.fromhex(seed_hex)
        self._event = event
        self._block = 0
        self._pool = 0
        self._bits = 0

    def getrandbits(self, k: int) -> int:
        while self._bits < k:
            message = f"chance:{self._event}:{self._block}".encode()
            block = hmac.digest(self._key, message, "sha256")
            self._pool |= int.from_bytes(block, "big") << self._bits
            self._bits += 256
            self._block += 1
        value = self._pool & ((1 << k) - 1)
        self._pool >>= k
        self._bits -= k
        return value

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / (1 << 53))


SEEDS = [derive(seed, "game", 0) for seed in (0, 1, 2**127 + 12345)]


@pytest.mark.parametrize("seed_hex", SEEDS)
def test_shuffles_deal_the_documented_cards(seed_hex: str) -> None:
    chance = GameChance(seed_hex)
    for event in range(300):
        fast = chance.next_event()
        plain = Plain(seed_hex, event)
        size = (24, 32, 36, 2, 1, 7)[event % 6]
        dealt, expected = list(range(size)), list(range(size))
        fast.shuffle(dealt)
        plain.shuffle(expected)
        assert dealt == expected, f"event {event}: shuffle of {size} differs"
        # what is drawn after a shuffle continues from the same pool
        assert fast.randrange(3) == plain.randrange(3)
        assert fast.random() == plain.random()


@pytest.mark.parametrize("seed_hex", SEEDS)
def test_throws_and_lots_are_the_documented_ones(seed_hex: str) -> None:
    chance = GameChance(seed_hex)
    for event in range(500):
        fast, plain = chance.next_event(), Plain(seed_hex, event)
        assert fast.random() == plain.random()
        bound = 1 + event % 97
        assert [fast.randrange(bound) for _ in range(40)] == [
            plain.randrange(bound) for _ in range(40)
        ]
        assert fast.getrandbits(300) == plain.getrandbits(300)


def test_an_event_from_raw_key_bytes_matches_the_game_chance() -> None:
    """The predictor of tests/fairplay builds events from the game key's bytes."""
    seed_hex = SEEDS[1]
    from_key = EventRandom(bytes.fromhex(seed_hex), 7)
    from_game = GameChance(seed_hex)
    for _ in range(7):
        from_game.next_event()
    assert from_key.random() == from_game.next_event().random()


@pytest.mark.parametrize(
    "key", [b"", b"k", bytes(range(32)), bytes(64), bytes(range(65)), b"x" * 200]
)
def test_the_keyed_hash_is_hmac_sha256(key: bytes) -> None:
    """The prepared key blocks give RFC 2104's HMAC for keys shorter than, as long as and
    longer than SHA-256's block (a longer key is hashed first)."""
    keyed = KeyedHash(key)
    for message in (b"", b"chance:0:0", b"chance:123456:7", bytes(range(256)) * 3):
        assert keyed.digest(message) == hmac.digest(key, message, "sha256")


def test_one_generator_started_again_forgets_the_last_event() -> None:
    """GameChance hands out one generator, started again per event: bits an event left in the
    pool (a shuffle takes some of a block) never reach the next event."""
    seed_hex = SEEDS[0]
    chance = GameChance(seed_hex)
    first = chance.next_event()
    first.shuffle(list(range(24)))
    assert first._bits > 0  # this event left bits behind …
    second = chance.next_event()
    assert second is first  # … in the one generator the game reuses
    assert second.random() == Plain(seed_hex, 1).random()
