"""One game at one table (game, rules, player count) as the environments see it: fresh states,
a seat's observation, the fixed index of each legal action, and the rewards."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from thousand.errors import RulesError
from thousand.game import Action, GameState, Result
from thousand.registry import game_spec
from thousand.rl import cards_layout, dice_actions, dice_layout
from thousand.rl.cards_actions import Actions
from thousand.rl.cards_observe import CardObserver
from thousand.rl.dice_observe import DiceObserver

RewardMode = Literal["game", "deal"]
"""``game``: each seat's place at the end (+1 first, -1 last, even steps between). ``deal``:
each seat's score change at the end of every card deal or dice turn, / 100."""
REWARD_MODES: tuple[RewardMode, ...] = ("game", "deal")

Observation = npt.NDArray[np.float32]
_FLOAT32 = np.dtype(np.float32)
"""The observation's dtype as an object: numpy finds it faster than from a keyword."""


@dataclass(frozen=True)
class Table:
    game: str
    rules: Any
    players: int
    observation_size: int
    actions: int
    observe: Callable[[GameState, int], Observation]
    """The observation of a seat, read from the state (``cards_observe``, ``dice_observe``):
    the numbers that the codec makes of ``state.view(seat)``, without building the view."""
    index: Callable[[Action, int], int]
    """The fixed index of one of the acting seat's legal actions."""
    legal: Callable[[GameState, int], dict[int, Action]]
    """The acting seat's legal actions by index; one index per action (checked in tests)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """A table never changes: OpenSpiel's clones of a state share it."""
        del memo
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what makes it (OpenSpiel serialises a state by pickling it)."""
        return (table, (self.game, self.rules, self.players))

    def new_state(self) -> GameState:
        return game_spec(self.game).new_game(self.rules, self.players)


def place_rewards(result: Result) -> list[float]:
    """+1 for the winner, -1 for the last, evenly between: a zero-sum return at every size."""
    last = len(result.places) - 1
    return [(last - 2 * (place - 1)) / last for place in result.places]


def table(game: str, rules: Any = None, players: int | None = None) -> Table:
    """The table of ``game`` with ``rules`` (a preset name, a rules model or None: classic)."""
    spec = game_spec(game)
    if rules is None:
        rules = "classic"
    if isinstance(rules, str):  # a preset, never a file: the environments read no file
        if rules not in spec.presets:
            raise RulesError(f"no {game} preset {rules!r}: choose one of {', '.join(spec.presets)}")
        rules = spec.presets[rules]
    count = spec.default_players if players is None else players
    if game == "cards" and players is None:
        count = rules.players
    spec.check_players(rules, count)
    if game == "cards":
        codes = Actions(rules.max_bid, count)
        cards = CardObserver(count, rules.target, rules.max_bid, np.frombuffer, _FLOAT32)
        return Table(
            game,
            rules,
            count,
            cards_layout.OBSERVATION_SIZE,
            codes.size,
            cards.observation,
            codes.index,
            codes.legal,
        )

    def index_dice(action: Action, seat: int) -> int:
        del seat  # a dice action names no seat
        return dice_actions.action_index(action)

    dice = DiceObserver(count, rules.goal, rules.max_rounds, np.frombuffer, _FLOAT32)
    return Table(
        game,
        rules,
        count,
        dice_layout.OBSERVATION_SIZE,
        dice_actions.ACTIONS,
        dice.observation,
        index_dice,
        dice_actions.legal,
    )
