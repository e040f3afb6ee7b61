"""The two games behind one lookup, so that the referee and the CLI never import an engine by name.

Engines are imported lazily: ``thousand rules list`` should not pay for importing both engines'
state machines, and a broken engine should not stop the other from being used.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from thousand.errors import RulesError
from thousand.game import GameState

if TYPE_CHECKING:  # the models are built only when asked for (message_models)
    from thousand.messages import GameMessages

GAME_NAMES = ("cards", "dice")


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    rules_model: type[BaseModel]
    presets: Mapping[str, BaseModel]
    new_game: Callable[[Any, int], GameState]
    default_players: int
    messages_module: str
    """Where the game's events, view and action are modelled (``MESSAGES``): imported only when
    asked for, since the protocol's schemas and tests need them and a match does not."""

    def message_models(self) -> GameMessages:
        messages: GameMessages = importlib.import_module(self.messages_module).MESSAGES
        return messages

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
