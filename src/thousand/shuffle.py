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

_WORD: Final = 32
_WORD_MASK: Final = 0xFFFFFFFF
_BLOCK_BITS: Final = 256


def shuffle_from_stream(
    items: list[Any], pool: int, bits: int, next_block: Callable[[], int]
) -> tuple[int, int]:
    """Shuffle ``items`` in place exactly as ``random.Random.shuffle`` does with a generator
    whose ``getrandbits(k)`` takes the low ``k`` bits of ``pool`` (``bits`` of them valid) and
    shifts them out, calling ``next_block()`` for the next 256 bits when the pool runs dry
    (placed above what is left). Returns the pool and its bit count after the shuffle.

    Fisher–Yates from the top: for each ``i`` a draw below ``i + 1`` by rejecting k-bit
    numbers, k the bit length of ``i + 1``. The draws read a window of at most ``k + 31`` bits
    topped up a word at a time, so that compiled, the window is a machine integer and the
    several-hundred-bit pool is shifted once a word instead of once a draw."""
    window = 0
    held = 0
    i = len(items) - 1
    while i > 0:
        k = (i + 1).bit_length()
        mask = (1 << k) - 1
        while True:
            while held < k:
                if bits == 0:
                    pool = next_block()
                    bits = _BLOCK_BITS
                take = _WORD if bits >= _WORD else bits
                window |= (pool & _WORD_MASK) << held
                pool >>= take
                bits -= take
                held += take
            r = window & mask
            window >>= k
            held -= k
            if r <= i:
                break
        items[i], items[r] = items[r], items[i]
        i -= 1
    return (pool << held) | window, bits + held
