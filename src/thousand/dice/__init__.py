"""The dice game "1000" (Тысяча на костях): throw scoring, rules with presets, the state machine.

Bots and analysis scripts use ``score_throw`` / ``keep_options`` / ``zero_chance`` to read
throws exactly as the engine does, and ``new_game`` (or ``thousand.play``) to simulate.
"""

from thousand.dice.rules import PRESETS, DiceRules
from thousand.dice.scoring import (
    Combination,
    ThrowScore,
    keep_options,
    score_throw,
    zero_chance,
)
from thousand.dice.state import DiceState, new_game
from thousand.registry import GameSpec

SPEC = GameSpec(
    name="dice",
    title="1000 on dice (Тысяча на костях)",
    rules_model=DiceRules,
    presets=PRESETS,
    new_game=new_game,
    default_players=3,
    messages_module="thousand.dice.messages",
)

__all__ = [
    "PRESETS",
    "SPEC",
    "Combination",
    "DiceRules",
    "DiceState",
    "ThrowScore",
    "keep_options",
    "new_game",
    "score_throw",
    "zero_chance",
]
