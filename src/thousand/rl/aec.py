"""The engines as PettingZoo AEC environments: ``cards_env`` (every preset) and ``dice_env``
(2 to 8 players, every preset).

An agent ``player_i`` is seat ``i``. Each agent observes ``{"observation": float32 vector,
"action_mask": int8 vector}`` (docs/learning.md lists every field); the mask is 1 exactly at
the indices of the engine's legal actions for the agent to act, and 0 for everyone else.
Chance (the lot, the deals, the throws) is drawn between decisions from
``random.Random(seed)``, so ``reset(seed=s)`` then the same actions replay the same game.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium  # type: ignore[import-not-found,unused-ignore]
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]

from thousand.game import OVER, GameState
from thousand.rl.tables import REWARD_MODES, RewardMode, Table, place_rewards, table
from thousand.rl.turns import NOT_LEGAL, AgentIterator, Turns

ObsDict = dict[str, npt.NDArray[Any]]
_MASK = np.dtype(np.int8)
"""The mask's dtype as an object: numpy finds it faster than from a keyword (~0.2 µs a step)."""


class ThousandEnv(AECEnv):  # type: ignore[misc,unused-ignore]
    """One game of Thousand as an AEC environment (see the module docstring)."""

    agent_selection: str

    def __init__(
        self,
        game: str,
        rules: Any = None,
        players: int | None = None,
        reward: RewardMode = "game",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if reward not in REWARD_MODES:
            raise ValueError(f"reward is one of {', '.join(REWARD_MODES)}, not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.table: Table = table(game, rules, players)
        self.reward_mode = reward
        self._deal_rewards = reward == "deal"
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {
            "name": f"thousand_{game}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        count = self.table.players
        self.possible_agents = [f"player_{seat}" for seat in range(count)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size, actions = self.table.observation_size, self.table.actions
        space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents
        }
        self._rng = random.Random(0)
        self.state: GameState = self.table.new_state()
        self._turns = self._turns_of(self.state)
        self._scores: list[int] = []
        self._rewarded = False

    # ------------------------------------------------------------------ the AEC interface

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; with a seed its chance is ``random.Random(seed)``, else it continues the
        generator of the game before (seed 0 at first). There are no options."""
        del options
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        """Whether ``rewards`` holds a reward of the last step: only then does the next step
        clear it and add it up (PettingZoo's rebuild of both at every step cost ~1 µs)."""
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.state = self.table.new_state()
        self._turns = self._turns_of(self.state)
        self._scores = self.state.scores()
        self._moved(self._turns.advance(self._rng))

    def agent_iter(self, max_iter: int = 2**63) -> AgentIterator:
        """PettingZoo's agent iteration, compiled (thousand.rl.turns.AgentIterator)."""
        return AgentIterator(self, max_iter)

    def observe(self, agent: str) -> ObsDict:
        return self._turns.observation(self._seats[agent])

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``, observing without the extra call through ``observe``: a
        training loop calls it at every step."""
        agent = self.agent_selection
        return (
            self._turns.observation(self._seats[agent]) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = NOT_LEGAL if action is None else self._turns.play(int(action), self._rng)
        if seat == NOT_LEGAL:
            raise ValueError(f"{agent} may not take action {action!r} now: see the action mask")
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # the step before set rewards; most steps set none
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        if seat == OVER or self._deal_rewards:
            self._moved(seat)
            if self._rewarded:
                self._accumulate_rewards()
        else:  # most steps: the next mover, no reward
            self.agent_selection = self.possible_agents[seat]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        seat = self.state.to_move()
        return f"{self.table.game}: to move {seat}, scores {self.state.scores()}"

    def close(self) -> None:
        """Nothing to release: the environment holds no process, file or window."""

    # ------------------------------------------------------------------ chance and rewards

    def _turns_of(self, state: GameState) -> Turns:
        """The game's steps (thousand.rl.turns), with the table's mask and observation."""
        table = self.table
        return Turns(state, table.legal, table.observe, table.actions, np.frombuffer, _MASK)

    def _moved(self, seat: int) -> None:
        """After a move and the chance that followed: rewards, the end, or the next mover."""
        if self._deal_rewards:
            scores = self.state.scores()
            if scores != self._scores:
                for agent, now, before in zip(self.agents, scores, self._scores, strict=True):
                    self.rewards[agent] = (now - before) / 100
                self._scores = scores
                self._rewarded = True
        if seat == OVER:
            result = self.state.result()
            assert result is not None
            if self.reward_mode == "game":
                for agent, value in zip(self.agents, place_rewards(result), strict=True):
                    self.rewards[agent] = value
                self._rewarded = True
            self.terminations = dict.fromkeys(self.agents, True)
            return
        self.agent_selection = self.possible_agents[seat]


def cards_env(
    rules: Any = "classic", reward: RewardMode = "game", render_mode: str | None = None
) -> ThousandEnv:
    """The card game at a preset (or a ``CardRules``); its player count is the rules'."""
    return ThousandEnv("cards", rules, None, reward, render_mode)


def dice_env(
    rules: Any = "classic",
    players: int = 2,
    reward: RewardMode = "game",
    render_mode: str | None = None,
) -> ThousandEnv:
    """The dice game at a preset (or a ``DiceRules``) for 2 to 8 players."""
    return ThousandEnv("dice", rules, players, reward, render_mode)
