"""The fast paths of ``GameChance`` draw exactly what the plain definition draws.

The referee's generator writes ``random``, ``shuffle`` and ``_randbelow`` out over its bit pool
and keys each block's HMAC from a prepared copy (issue 11: the referee's hot path). A seed must
still deal the same cards and throw the same dice as the documented derivation — a game's
chance bits are HMAC-SHA-256(game seed, "chance:B") for blocks B = 0, 1, …, one stream that
every event of the game draws from in turn — consumed the way Python's own ``random.Random``
methods consume ``getrandbits``. The reference here is that definition, written plainly, not
the code under test.
"""

from __future__ import annotations

import hmac
import random

import pytest

from referee.games.chance import GameChance, KeyedHash, derive
from thousand.shuffle import shuffle_from_stream


class Plain(random.Random):
    """The documented derivation, with Python's own shuffle, randrange and random on top."""

    def __init__(self, seed_hex: str) -> None:
        self._key = bytes.fromhex(seed_hex)
        self._block = 0
        self._pool = 0
        self._bits = 0

    def getrandbits(self, k: int) -> int:
        while self._bits < k:
            message = f"chance:{self._block}".encode()
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
    chance, plain = GameChance(seed_hex), Plain(seed_hex)
    for event in range(300):
        fast = chance.next_event()
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
    chance, plain = GameChance(seed_hex), Plain(seed_hex)
    for event in range(500):
        fast = chance.next_event()
        assert [fast.random() for _ in range(1 + event % 7)] == [
            plain.random() for _ in range(1 + event % 7)
        ]
        bound = 1 + event % 97
        assert [fast.randrange(bound) for _ in range(40)] == [
            plain.randrange(bound) for _ in range(40)
        ]
        assert fast.getrandbits(300) == plain.getrandbits(300)


class Blocks(random.Random):
    """Python's shuffle over a stream of 256-bit blocks from a seeded generator: the reference
    for thousand.shuffle on its own, away from any key."""

    def __init__(self, seed: int, pool: int, bits: int) -> None:
        self.source = random.Random(seed)
        self._pool, self._bits = pool, bits

    def next_block(self) -> int:
        return self.source.getrandbits(256)

    def getrandbits(self, k: int) -> int:
        while self._bits < k:
            self._pool |= self.next_block() << self._bits
            self._bits += 256
        value = self._pool & ((1 << k) - 1)
        self._pool >>= k
        self._bits -= k
        return value


@pytest.mark.parametrize("size", [0, 1, 2, 24, 100, 1000])
@pytest.mark.parametrize("bits", [0, 1, 31, 32, 33, 203, 256, 300])
def test_the_compiled_shuffle_draws_as_python_does(size: int, bits: int) -> None:
    """thousand.shuffle (compiled with the card engine where the install compiles) against
    random.Random.shuffle on the same bits: any list size, a pool left at any bit count (a
    throw's 53 bits leave counts that are no multiple of its 32-bit words), and the pool it
    hands back is what Python's generator has left."""
    pool = random.Random(size * 1000 + bits).getrandbits(bits) if bits else 0
    reference, source = Blocks(7, pool, bits), Blocks(7, pool, bits)
    expected, dealt = list(range(size)), list(range(size))
    reference.shuffle(expected)
    left = shuffle_from_stream(dealt, pool, bits, source.next_block)
    assert dealt == expected
    assert left == (reference._pool, reference._bits)


def test_a_game_from_raw_key_bytes_is_the_game_from_its_hex_seed() -> None:
    """The predictor of tests/fairplay builds a game's stream from the key's bytes."""
    seed_hex = SEEDS[1]
    from_key, from_hex = GameChance(bytes.fromhex(seed_hex)), GameChance(seed_hex)
    assert [from_key.random() for _ in range(20)] == [from_hex.random() for _ in range(20)]


@pytest.mark.parametrize(
    "key", [b"", b"k", bytes(range(32)), bytes(64), bytes(range(65)), b"x" * 200]
)
def test_the_keyed_hash_is_hmac_sha256(key: bytes) -> None:
    """The prepared key blocks give RFC 2104's HMAC for keys shorter than, as long as and
    longer than SHA-256's block (a longer key is hashed first)."""
    keyed = KeyedHash(key)
    for message in (b"", b"chance:0", b"chance:123456", bytes(range(256)) * 3):
        assert keyed.digest(message) == hmac.digest(key, message, "sha256")


def test_events_take_their_bits_where_the_last_event_stopped() -> None:
    """One stream for the whole game: the bits a shuffle leaves in the pool are the next
    event's first bits, and every event of the game is handed the same generator."""
    seed_hex = SEEDS[0]
    chance = GameChance(seed_hex)
    first = chance.next_event()
    first.shuffle(list(range(24)))
    assert 0 < first._bits < 256  # this event left bits of its block behind …
    second = chance.next_event()
    assert second is first
    plain = Plain(seed_hex)
    plain.shuffle(list(range(24)))
    assert second.random() == plain.random()  # … and the next event starts with them


def test_a_game_chance_cannot_be_reseeded_or_restored() -> None:
    chance = GameChance(SEEDS[0])
    for call in (lambda: chance.seed(1), chance.getstate, lambda: chance.setstate(())):
        with pytest.raises(TypeError):
            call()
