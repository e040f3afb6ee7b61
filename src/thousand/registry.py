"""The two games behind one lookup, so that the referee and the CLI never import an engine by name.

Engines are imported lazily: ``thousand rules list`` should not pay for importing both engines'
state machines, and a broken engine should not stop the other from being used.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from thousand.errors import RulesError
from thousand.game import GameState

GAME_NAMES = ("cards", "dice")


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    rules_model: type[BaseModel]
    presets: Mapping[str, BaseModel]
    new_game: Callable[[Any, int], GameState]
    default_players: int

    def check_players(self, rules: Any, players: int) -> None:
        allowed: tuple[int, ...] = rules.allowed_players()
        if players not in allowed:
            shown = ", ".join(str(n) for n in allowed)
            raise RulesError(
                f"{self.name} with these rules is played by {shown} players, not {players}"
            )


def game_spec(name: str) -> GameSpec:
    if name not in GAME_NAMES:
        raise RulesError(f"unknown game {name!r}: choose one of {', '.join(GAME_NAMES)}")
    module = importlib.import_module(f"thousand.{name}")
    spec: GameSpec = module.SPEC
    return spec
