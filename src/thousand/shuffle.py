"""Python's ``random.Random.shuffle`` over a stream of bits that the caller supplies.

Why here: the referee's keyed chance (referee.games.chance.GameChance) draws each card deal's
shuffle from an HMAC stream, and written in Python that loop — twenty-three draws, each a few
operations on a pool of several hundred bits — cost more than the engine's whole deal
(bench/referee_parts.py (3): 4.2 µs of a 9 µs deal, issue 35). The referee stays Python, so
setup.py compiles this one function with the card engine; it knows nothing of keys or games,
only the order in which ``random.Random`` consumes ``getrandbits``, so it decides no rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from mypy_extensions import i64

_BLOCK_BITS: Final = 256
_BLOCK_BYTES: Final = 32
_BIT_LENGTHS: Final[tuple[int, ...]] = tuple(n.bit_length() for n in range(65))
"""``n.bit_length()`` of a deck's sizes, looked up: compiled, the method is a generic call."""


def shuffle_from_stream(
    items: list[Any], pool: int, bits: int, next_block: Callable[[], int]
) -> tuple[int, int]:
    """Shuffle ``items`` in place exactly as ``random.Random.shuffle`` does with a generator
    whose ``getrandbits(k)`` takes the low ``k`` bits of ``pool`` (``bits`` of them valid) and
    shifts them out, calling ``next_block()`` for the next 256 bits when the pool runs dry
    (placed above what is left). Returns the pool and its bit count after the shuffle.

    Fisher–Yates from the top: for each ``i`` a draw below ``i + 1`` by rejecting k-bit
    numbers, k the bit length of ``i + 1``. The draws read a window of at most ``k + 7`` bits
    topped up a byte at a time from the pool's bytes (little-endian: its low bits first), so
    that compiled, the window is a machine integer and the several-hundred-bit pool is neither
    masked nor shifted once a draw: it is turned into bytes once, and what is left of it back
    into a number once, at the end."""
    stream = pool.to_bytes((bits + 7) >> 3, "little")
    at: i64 = 0  # the next byte of the stream
    left: i64 = bits  # its bits not yet taken into the window
    window: i64 = 0
    held: i64 = 0
    i: i64 = len(items) - 1
    while i > 0:
        k: i64 = _BIT_LENGTHS[i + 1] if i < 64 else int(i + 1).bit_length()
        mask: i64 = (1 << k) - 1
        while True:
            while held < k:
                if left == 0:
                    stream = next_block().to_bytes(_BLOCK_BYTES, "little")
                    at = 0
                    left = _BLOCK_BITS
                window |= stream[at] << held  # a last byte of fewer bits has its top clear
                take: i64 = 8 if left >= 8 else left
                at += 1
                left -= take
                held += take
            r: i64 = window & mask
            window >>= k
            held -= k
            if r <= i:
                break
        item = items[i]
        items[i] = items[r]
        items[r] = item
        i -= 1
    rest = int.from_bytes(stream[at:], "little")
    return (rest << int(held)) | int(window), int(left + held)
