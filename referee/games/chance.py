"""Where every chance outcome of the arena comes from: one secret seed, keyed hashes below it.

A bot must not be able to predict a deal or a throw it has not been shown. So a match (or a
ladder) starts from a master seed of at least 128 bits drawn from the operating system, and
everything random below it is derived by HMAC-SHA-256 keyed with the level above:

    master seed ──HMAC("group:G" / "game:I" / "match:M" / "schedule:M")──▶ game seed
    game seed   ──HMAC("chance:E:B")──────────────────────────────────────▶ bits of chance event E

HMAC is a pseudo-random function: without the key, its outputs for different messages are
unrelated. Observing any number of deals, throws or game seeds (a replay publishes its game's
seed) therefore tells nothing about another game or another event, and the next throw of a game
cannot be computed from the throws before it. An explicit seed still reproduces a match exactly,
and a replay needs none of this: it records every chance outcome itself.

This module is the one owner of chance derivation; the engines only ever see the generator
``EventRandom`` of one event (``state.sample_chance(rng)``).
"""

from __future__ import annotations

import hmac
import random
import secrets
from typing import Any

SEED_BITS = 128
"""Bits of a fresh master seed: beyond any search."""

GUESSABLE_BITS = 96
"""A seed a person chose (a small integer, a date) has far fewer bits than a drawn one; below
this many it is treated as guessable and the organiser is told so."""

MAX_SEED = (1 << 256) - 1
"""Largest master seed accepted (its key is 32 bytes, one encoding per seed)."""

_DIGEST = "sha256"


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


def generator(seed: int, *parts: object) -> random.Random:
    """A seeded generator for decisions that are not game chance (a ladder's schedule)."""
    return random.Random(derive(seed, *parts))


def _keyed(key: bytes) -> Any:
    """A prepared HMAC-SHA-256 state for ``key`` to copy per event: OpenSSL's own object when
    there is one (its ``copy``/``update``/``digest`` are single C calls), else ``hmac``'s."""
    try:
        import _hashlib

        return _hashlib.hmac_new(key, digestmod=_DIGEST)
    except (ImportError, AttributeError, ValueError):
        return hmac.new(key, digestmod=_DIGEST)


class EventRandom(random.Random):
    """The generator of one chance event: its bits are HMAC-SHA-256(game seed, event, block).

    Python's generator interface (``randrange``, ``shuffle``, ``random``) on top of
    ``getrandbits``, so the engines' ``sample_chance`` works unchanged; seeding a Mersenne
    Twister per event would cost several times more than the hash itself.

    It is on the referee's hot path (a throw of dice is one event per decision or so, a deal one
    shuffle), so the keyed hash starts from a copy of the game's prepared HMAC state, and
    ``_randbelow`` and ``shuffle`` are written out over the bit pool instead of calling
    ``getrandbits`` once a draw. They take exactly the bits, in exactly the order, that
    ``random.Random``'s own methods would take through ``getrandbits`` — the same seed deals
    the same cards as before (tests/fairplay/test_chance_speed.py holds them to it)."""

    def __init__(self, key: bytes | Any, event: int) -> None:  # no super().__init__: no seeding
        self._mac = key if not isinstance(key, bytes) else _keyed(key)
        self._prefix = b"chance:%d:" % event
        self._block = 0
        self._pool = 0
        self._bits = 0

    def seed(self, *args: object, **kwargs: object) -> None:
        """An event's bits are fixed by its key and number: reseeding is not meaningful."""
        raise TypeError("an EventRandom cannot be reseeded")

    def _refill(self) -> None:
        mac = self._mac.copy()
        mac.update(self._prefix + b"%d" % self._block)
        self._pool |= int.from_bytes(mac.digest(), "big") << self._bits
        self._bits += 256
        self._block += 1

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
        pool, bits = self._pool, self._bits
        for i in reversed(range(1, len(x))):
            n = i + 1
            k = n.bit_length()
            mask = (1 << k) - 1
            while True:
                if bits < k:
                    self._pool, self._bits = pool, bits
                    self._refill()
                    pool, bits = self._pool, self._bits
                r = pool & mask
                pool >>= k
                bits -= k
                if r < n:
                    break
            x[i], x[r] = x[r], x[i]
        self._pool, self._bits = pool, bits

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def getstate(self) -> tuple[Any, ...]:
        raise TypeError("an EventRandom has no state to save")

    def setstate(self, state: tuple[Any, ...]) -> None:
        raise TypeError("an EventRandom has no state to restore")


class GameChance:
    """The chance events of one game, numbered in the order the game asks for them."""

    def __init__(self, game_seed: str) -> None:
        self._key = bytes.fromhex(game_seed)
        self._mac = _keyed(self._key)  # keyed once a game, copied for each event
        self.events = 0

    def next_event(self) -> EventRandom:
        rng = EventRandom(self._mac, self.events)
        self.events += 1
        return rng
