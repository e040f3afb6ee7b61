"""The engines as OpenSpiel games, registered from Python: ``thousand_cards`` and
``thousand_dice``, so that OpenSpiel's algorithms and checks run on them.

``pyspiel.load_game("thousand_cards", {"preset": "duel"})`` or
``pyspiel.load_game("thousand_dice", {"players": 3})`` once this module is imported.

Chance is explicit: the lot is one chance node (a seat), a deal is 24 chance nodes (each card
in turn from those left, in the order the engine deals: hands by seat, then the talon or the
two talons), a throw is one chance node per die (faces 1-6 as outcomes 0-5); the engine sees
the whole deal or throw once its last part is drawn. Player actions are the fixed indices of
``thousand.rl.tables`` (the PettingZoo environments' too). Observation tensors are the seat's
encoded view; information-state strings are everything the seat has seen and done, in order
(perfect recall); observation strings are its current view. Returns are the places (+1 first,
-1 last), so a game is zero-sum at every size.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from thousand.cards import PRESETS as CARD_PRESETS
from thousand.dice import PRESETS as DICE_PRESETS
from thousand.game import CHANCE, OVER, Action, Event, GameState, visible_to
from thousand.rl.tables import Table, place_rewards, table

CARDS = "thousand_cards"
DICE = "thousand_dice"
_DEAL_DECISIONS = 150
"""A bound on one deal's decisions, for ``max_game_length``: the bidding (at most one raise
of 5 per step from 100 to 300, and a pass each), the talon, the contract and 24 plays."""
_TURN_STEPS = 200
"""A bound on one dice turn's steps (throws, one chance node a die, and decisions) that
``max_game_length`` assumes; hot dice could in principle go on longer."""


def _game_type(name: str, title: str, players: tuple[int, int], params: dict[str, Any]) -> Any:
    return pyspiel.GameType(
        short_name=name,
        long_name=title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


_CARDS_TYPE = _game_type(
    CARDS, "Thousand, the card game", (2, 4), {"preset": "classic", "max_deals": 0}
)
_DICE_TYPE = _game_type(
    DICE,
    "1000 on dice",
    (2, 8),
    {"preset": "classic", "players": 2, "max_rounds": 0, "set_aside": ""},
)


class ThousandGame(pyspiel.Game):  # type: ignore[misc]
    """One table of either game; ``params`` are the registered ones (0 or "": the preset's)."""

    def __init__(self, game_type: Any, params: dict[str, Any]) -> None:
        name = "cards" if game_type.short_name == CARDS else "dice"
        params = {**game_type.parameter_specification, **params}
        preset = str(params["preset"])
        presets = CARD_PRESETS if name == "cards" else DICE_PRESETS
        if preset not in presets:
            raise ValueError(f"no {name} preset {preset!r}: choose one of {', '.join(presets)}")
        rules: Any = presets[preset]
        changes: dict[str, Any] = {}
        if name == "cards":
            players = rules.players
            if int(params["max_deals"]):
                changes["max_deals"] = int(params["max_deals"])
        else:
            players = int(params["players"])
            if int(params["max_rounds"]):
                changes["max_rounds"] = int(params["max_rounds"])
            if params["set_aside"]:
                changes["set_aside"] = str(params["set_aside"])
        if changes:  # validated as any rules are: a bad value is the rules model's error
            rules = type(rules).model_validate({**rules.model_dump(), **changes})
        self.table: Table = table(name, rules, players)
        if name == "cards":
            length = rules.max_deals * (24 + _DEAL_DECISIONS) + 1
            outcomes = 24
        else:
            length = rules.max_rounds * players * _TURN_STEPS + 1
            outcomes = max(6, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.actions,
            max_chance_outcomes=outcomes,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> ThousandState:
        return ThousandState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"no observation parameters, got {params!r}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.table, recall)


class _Box:
    """The engine inside a state, with the actions applied to it. OpenSpiel clones a Python
    state by deep-copying its attributes (here the engine's own ``clone``, exact and fast) and
    serialises it by pickling them (here the table and the actions, which rebuild it: a
    compiled engine cannot be pickled)."""

    __slots__ = ("record", "state", "table")

    def __init__(self, played: Table, state: GameState, record: list[Action]) -> None:
        self.table = played
        self.state = state
        self.record = record

    def apply(self, action: Action) -> list[Event]:
        events = self.state.apply(action)
        self.record.append(action)
        return events

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        del memo  # nothing inside is shared with anything else being copied
        return _Box(self.table, self.state.clone(), self.record[:])

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.table, self.record))


def _rebuild(played: Table, record: list[Action]) -> _Box:
    state = played.new_state()
    for action in record:
        state.apply(action)
    return _Box(played, state, list(record))


class ThousandState(pyspiel.State):  # type: ignore[misc]
    """The engine's state, with the parts of a deal or a throw drawn so far."""

    def __init__(self, game: ThousandGame) -> None:
        super().__init__(game)
        self.table = game.table
        self._box = _Box(self.table, self.table.new_state(), [])
        self.drawn: list[int] = []
        self.seen: list[list[str]] = [[] for _ in range(self.table.players)]
        self._legal: dict[int, Action] = {}
        self._update()

    @property
    def engine(self) -> GameState:
        return self._box.state

    # ------------------------------------------------------------------ OpenSpiel's interface

    def current_player(self) -> int:
        seat = self.engine.to_move()
        if seat == OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        if seat == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self._chance_outcomes()
        share = 1.0 / len(outcomes)
        return [(outcome, share) for outcome in outcomes]

    def _apply_action(self, action: int) -> None:
        if self.engine.to_move() == CHANCE:
            self._draw(int(action))
        else:
            seat = self.engine.to_move()
            chosen = self._legal[int(action)]
            self.seen[seat].append("me " + json.dumps(chosen, sort_keys=True))
            self._tell(self._box.apply(chosen))
        self._update()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action}"
        chosen = self._legal.get(int(action))
        return f"action {action}" if chosen is None else json.dumps(chosen, sort_keys=True)

    def is_terminal(self) -> bool:
        return self.engine.to_move() == OVER

    def returns(self) -> list[float]:
        result = self.engine.result()
        if result is None:
            return [0.0] * self.table.players
        return place_rewards(result)

    def __str__(self) -> str:
        return f"{self.table.game} to move {self.engine.to_move()} scores {self.engine.scores()}"

    # ------------------------------------------------------------------ chance, part by part

    def _chance_outcomes(self) -> list[int]:
        engine = self.engine
        view = engine.view(0)
        if view["phase"] == "lot":
            return list(range(self.table.players))
        if self.table.game == "cards":
            return sorted(set(range(24)) - set(self.drawn))
        return list(range(6))

    def _draw(self, outcome: int) -> None:
        view = self.engine.view(0)
        if view["phase"] == "lot":
            kind = "first_dealer" if self.table.game == "cards" else "first_player"
            self._tell(self._box.apply({"type": kind, "seat": outcome}))
            return
        self.drawn.append(outcome)
        if self.table.game == "dice":
            if len(self.drawn) == view["dice_left"]:
                dice = [face + 1 for face in self.drawn]
                self.drawn = []
                self._tell(self._box.apply({"type": "throw", "dice": dice}))
            return
        if len(self.drawn) == 24:
            self._tell(self._box.apply(_deal(self.drawn, self.table.players, view["dealer"])))
            self.drawn = []

    def _tell(self, events: list[Event]) -> None:
        for seat, lines in enumerate(self.seen):
            lines.extend(json.dumps(e, sort_keys=True) for e in events if visible_to(e, seat))

    def _update(self) -> None:
        seat = self.engine.to_move()
        self._legal = self.table.legal(self.engine, seat) if seat >= 0 else {}


_CARD_NAMES = tuple(r + s for s in "SCDH" for r in "9JQKTA")


def _deal(order: list[int], players: int, dealer: int) -> Action:
    """The engine's deal action from 24 cards in dealing order (as the engine's own draw)."""
    names = [_CARD_NAMES[card] for card in order]
    if players == 2:
        return {
            "type": "deal",
            "hands": [names[0:10], names[10:20]],
            "talons": [names[20:22], names[22:24]],
        }
    hands: list[list[str]] = []
    start = 0
    for seat in range(players):
        if players == 4 and seat == dealer:
            hands.append([])
        else:
            hands.append(names[start : start + 7])
            start += 7
    return {"type": "deal", "hands": hands, "talon": names[21:24]}


class Observer:
    """OpenSpiel's Python observer: the encoded view as the tensor; the view (or, with perfect
    recall, everything seen and done) as the string."""

    def __init__(self, played: Table, perfect_recall: bool) -> None:
        self.table = played
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(played.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ThousandState, player: int) -> None:
        self.tensor[:] = self.table.observe(state.engine, player)

    def string_from(self, state: ThousandState, player: int) -> str:
        if self.perfect_recall:
            return "\n".join(state.seen[player]) + f"\n{len(state.drawn)} drawn"
        return json.dumps(state.engine.view(player), sort_keys=True)


class CardsGame(ThousandGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_CARDS_TYPE, params or {})


class DiceGame(ThousandGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_DICE_TYPE, params or {})


pyspiel.register_game(_CARDS_TYPE, CardsGame)
pyspiel.register_game(_DICE_TYPE, DiceGame)
