"""Several click options delivered to a command as one value object.

A clock is four numbers and a sandbox eight; a command wants a ``TimeControl`` and a
``Sandbox``, checked once, not a dozen loose parameters it must pack again by hand (and could
pack differently from its neighbour).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def bundled(
    options: Sequence[Callable[[Any], Any]],
    names: Sequence[str],
    build: Callable[..., Any],
    into: str,
) -> Callable[[F], F]:
    """Add ``options`` (click option decorators whose parameters are ``names``, in order) to
    a command, which receives ``build(*values)`` as its keyword parameter ``into``."""

    def add(function: F) -> F:
        @functools.wraps(function)
        def command(*args: Any, **kwargs: Any) -> Any:
            values = [kwargs.pop(name) for name in names]
            return function(*args, **{into: build(*values)}, **kwargs)

        for option in reversed(options):
            command = option(command)
        return command  # type: ignore[return-value]

    return add
