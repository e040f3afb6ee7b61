"""Engines for the game Thousand (Тысяча): the card game and the dice game.

Pure state machines: no I/O, no clock, no processes, no global random state.  See
``thousand.game`` for the interface, ``thousand.play`` for in-process games, and
``thousand.cards`` / ``thousand.dice`` for the two engines.
"""

from thousand.errors import RulesError
from thousand.game import CHANCE, OVER, GameState, IllegalAction, Result

__version__ = "0.1.0"

__all__ = ["CHANCE", "OVER", "GameState", "IllegalAction", "Result", "RulesError", "__version__"]
