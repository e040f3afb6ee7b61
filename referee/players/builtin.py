"""Built-in bots played in-process (``builtin:NAME``), so a new user can try the referee at once.

They are also the fallback that plays a faulted seat to the end of a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

Choose = Callable[[dict[str, Any], list[dict[str, Any]]], dict[str, Any]]


def random_choice(rng: random.Random) -> Choose:
    """Uniform among the legal actions: the weakest sensible opponent."""

    def choose(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        return legal[rng.randrange(len(legal))]

    return choose


def first_choice(rng: random.Random) -> Choose:
    """Always the first legal action: deterministic and instant, for measuring the referee."""

    def choose(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        return legal[0]

    return choose


BUILTINS: dict[str, Callable[[random.Random], Choose]] = {
    "random": random_choice,
    "first": first_choice,
}
