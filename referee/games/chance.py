"""Where every chance outcome of the arena comes from: one secret seed, keyed hashes below it.

A bot must not be able to predict a deal or a throw it has not been shown. So a match (or a
ladder) starts from a master seed of at least 128 bits drawn from the operating system, and
everything random below it is derived by HMAC-SHA-256 keyed with the level above:

    master seed ──HMAC("group:G" / "game:I" / "match:M" / "schedule:M")──▶ game seed
    game seed   ──HMAC("chance:B")────────────────────────────────────────▶ block B of the game's
                                                                            stream of chance bits

HMAC is a pseudo-random function: without the key, its outputs for different messages are
unrelated. Observing any number of deals, throws or game seeds (a replay publishes its game's
seed) therefore tells nothing about another game, and the next throw of a game cannot be
computed from the throws before it. An explicit seed still reproduces a match exactly,
and a replay needs none of this: it records every chance outcome itself.

This module is the one owner of chance derivation; the engines only ever see a game's
generator, ``GameChance`` (``state.sample_chance(rng)``, ``state.chance(rng)``).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Any

from thousand.shuffle import shuffle_from_stream

SEED_BITS = 128
"""Bits of a fresh master seed: beyond any search."""

GUESSABLE_BITS = 96
"""A seed a person chose (a small integer, a date) has far fewer bits than a drawn one; below
this many it is treated as guessable and the organiser is told so."""

MAX_SEED = (1 << 256) - 1
"""Largest master seed accepted (its key is 32 bytes, one encoding per seed)."""

_DIGEST = "sha256"
_LOW53 = (1 << 53) - 1
_TO_UNIT = 1.0 / (1 << 53)


def fresh_seed() -> int:
    """A new secret master seed from the operating system's generator."""
    return secrets.randbits(SEED_BITS)


def is_guessable(seed: int) -> bool:
    """Whether ``seed`` is small enough that trying every candidate is feasible."""
    return seed.bit_length() < GUESSABLE_BITS


def _key(seed: int) -> bytes:
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is an integer from 0 to 2**256-1, not {seed}")
    return seed.to_bytes(32, "big")


def derive(seed: int, *parts: object) -> str:
    """The seed below ``seed`` for ``parts`` (e.g. ``"group", 3``): 64 hex digits.

    Hex text rather than an integer, because a 256-bit number does not survive JSON readers
    in most languages nor SQLite's 64-bit integers."""
    message = ":".join(str(part) for part in parts).encode()
    return hmac.digest(_key(seed), message, _DIGEST).hex()


def derive_int(seed: int, *parts: object) -> int:
    """``derive`` as an integer, for a master seed one level down (a ladder's match)."""
    return int(derive(seed, *parts), 16)


def commitment(seed: int) -> str:
    """The published promise of a master seed: SHA-256 of its 32-byte big-endian form, 64 hex
    digits. Published before any game is played and checked after the seed is revealed, it
    shows the organiser did not pick the seed after seeing who it favours; a seed of 128
    random bits cannot be found from it. The 32-byte form is the HMAC key's, so one seed has
    exactly one commitment."""
    return hashlib.sha256(_key(seed)).hexdigest()


def generator(seed: int, *parts: object) -> random.Random:
    """A seeded generator for decisions that are not game chance (a ladder's schedule)."""
    return random.Random(derive(seed, *parts))


def _sha256_type() -> Any:
    """CPython's own SHA-256 (its ``copy`` is a copy of a small struct) where there is one:
    through OpenSSL 3 each HMAC of an event spent more in allocating, copying and freeing
    contexts than in hashing — measured in instructions, not guessed (docs/benchmarks.md)."""
    for module in ("_sha256", "_sha2"):  # Python 3.11, 3.12+
        try:
            return __import__(module).sha256
        except (ImportError, AttributeError):
            continue
    return hashlib.sha256


_SHA256 = _sha256_type()
_BLOCK = 64
_IPAD = bytes(x ^ 0x36 for x in range(256))
_OPAD = bytes(x ^ 0x5C for x in range(256))


class KeyedHash:
    """HMAC-SHA-256 under one key (RFC 2104), its two padded key blocks hashed once, so that
    each message costs two copies, two updates and two digests."""

    __slots__ = ("_inner", "_outer")

    def __init__(self, key: bytes) -> None:
        if len(key) > _BLOCK:
            key = _SHA256(key).digest()
        key = key.ljust(_BLOCK, b"\0")
        self._inner = _SHA256(key.translate(_IPAD))
        self._outer = _SHA256(key.translate(_OPAD))

    def digest(self, message: bytes) -> bytes:
        inner = self._inner.copy()
        inner.update(message)
        outer = self._outer.copy()
        outer.update(inner.digest())
        block: bytes = outer.digest()
        return block


class GameChance(random.Random):
    """The chance of one game: one stream of bits, HMAC-SHA-256(game seed, "chance:B") for
    blocks B = 0, 1, 2, …, each block's 256 bits (read as a big-endian number) taken above
    what is left of the last. The game's chance events — the lot, every deal, every throw —
    draw from it in turn, the way Python's ``random.Random`` methods draw from
    ``getrandbits``: ``random()`` takes 53 bits, ``randrange`` and ``shuffle`` take k-bit
    numbers (k the bit length of the bound) and reject those out of range.

    The engines see Python's generator interface (``sample_chance(rng)``, ``chance(rng)``),
    so they need not know any of this. The stream is a pseudo-random function of its block
    number under the secret key: without the game seed, no run of draws tells anything about
    the next one. Every event of a kind takes its bits from where the last event stopped, so
    event E of a game draws the same bits in every seating of a duplicate group (a throw
    always takes 53 bits, a deal's shuffle takes what the stream's own bits make it take).

    On the referee's hot path (about one throw a decision): one HMAC serves four or five
    throws, and ``random`` and ``_randbelow`` are written out over the bit pool instead of
    calling ``getrandbits`` once a draw; ``shuffle`` is thousand.shuffle's, compiled with the
    card engine (tests/fairplay/test_chance_speed.py holds all three to the plain definition).
    Until 2026-12-01 every event began a stream of its own, HMAC-SHA-256(game seed,
    "chance:E:B"): an HMAC for each throw was a fifth of a dice decision's instructions."""

    def __init__(self, game_seed: str | bytes) -> None:  # no super().__init__: no MT state
        key = bytes.fromhex(game_seed) if isinstance(game_seed, str) else game_seed
        self._mac = KeyedHash(key)  # keyed once a game, copied for each block
        self._block = 0
        self._pool = 0
        self._bits = 0

    def next_event(self) -> GameChance:
        """The generator of the game's next chance event: the game's one stream."""
        return self

    def seed(self, *args: object, **kwargs: object) -> None:
        """A game's bits are fixed by its key: reseeding is not meaningful."""
        raise TypeError("a GameChance cannot be reseeded")

    def _next_block(self) -> int:
        """The stream's next 256 bits, as a number (its block's bytes read big-endian)."""
        block = self._mac.digest(b"chance:%d" % self._block)
        self._block += 1
        return int.from_bytes(block, "big")

    def _refill(self) -> None:
        self._pool |= self._next_block() << self._bits
        self._bits += 256

    def getrandbits(self, k: int) -> int:
        while self._bits < k:
            self._refill()
        value = self._pool & ((1 << k) - 1)
        self._pool >>= k
        self._bits -= k
        return value

    def _randbelow(self, n: int) -> int:
        k = n.bit_length()
        mask = (1 << k) - 1
        while True:
            if self._bits < k:
                self._refill()
            r = self._pool & mask
            self._pool >>= k
            self._bits -= k
            if r < n:
                return r

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        # Compiled with the card engine where the install compiles (thousand.shuffle).
        self._pool, self._bits = shuffle_from_stream(x, self._pool, self._bits, self._next_block)

    def random(self) -> float:
        bits = self._bits
        if bits < 53:
            self._refill()
            bits = self._bits
        pool = self._pool
        self._pool = pool >> 53
        self._bits = bits - 53
        return (pool & _LOW53) * _TO_UNIT

    def getstate(self) -> tuple[Any, ...]:
        raise TypeError("a GameChance has no state to save")

    def setstate(self, state: tuple[Any, ...]) -> None:
        raise TypeError("a GameChance has no state to restore")
