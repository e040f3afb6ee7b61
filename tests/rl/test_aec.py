"""The PettingZoo environments: PettingZoo's own API test at every table, seeds that replay a
game, masks of exactly the legal actions, and both reward modes."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from tests.rl.games import CARD_TABLES, DICE_TABLES, table_id
from thousand.rl.aec import ThousandEnv, cards_env, dice_env
from thousand.rl.tables import place_rewards

TABLES = CARD_TABLES + DICE_TABLES


def env_of(entry: tuple[str, Any, int | None], reward: str = "game") -> ThousandEnv:
    game, rules, players = entry
    return ThousandEnv(game, rules, players, reward)  # type: ignore[arg-type]


@pytest.mark.filterwarnings("ignore:Observation")  # a dict with an action mask, as in classic
@pytest.mark.parametrize("entry", TABLES, ids=table_id)
def test_pettingzoo_api_test_passes(entry: tuple[str, Any, int | None]) -> None:
    api_test(env_of(entry), num_cycles=400)


def play(env: ThousandEnv, seed: int, choice_seed: int) -> tuple[list[Any], dict[str, float]]:
    """Random legal play to the end: every observation's bytes and each agent's total reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(choice_seed)
    seen: list[Any] = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=100_000):
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        seat = env.possible_agents.index(agent)
        legal = env.state.legal_actions()
        assert int(mask.sum()) == len(legal)
        assert {env.table.index(action, seat) for action in legal} == set(np.flatnonzero(mask))
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        seen.append(observation["observation"].tobytes())
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert not env.agents
    return seen, totals


@pytest.mark.parametrize("entry", [("cards", "duel", None), ("dice", "classic", 3)], ids=table_id)
def test_a_seed_replays_the_game(entry: tuple[str, Any, int | None]) -> None:
    env = env_of(entry)
    first, _ = play(env, 11, 5)
    again, _ = play(env, 11, 5)
    other, _ = play(env, 12, 5)
    assert first == again
    assert first != other


@pytest.mark.parametrize(
    "entry", [("cards", "classic", None), ("dice", "classic", 4)], ids=table_id
)
def test_game_rewards_are_the_places(entry: tuple[str, Any, int | None]) -> None:
    env = env_of(entry)
    _, totals = play(env, 3, 3)
    result = env.state.result()
    assert result is not None
    assert list(totals.values()) == place_rewards(result)
    assert sorted(totals.values()) == sorted(place_rewards(result))
    assert sum(totals.values()) == pytest.approx(0.0)
    assert max(totals.values()) == 1.0


@pytest.mark.parametrize("entry", [("cards", "duel", None), ("dice", "ussr", 3)], ids=table_id)
def test_deal_rewards_add_up_to_the_final_scores(entry: tuple[str, Any, int | None]) -> None:
    env = env_of(entry, "deal")
    _, totals = play(env, 4, 4)
    scores = env.state.scores()
    assert [round(total * 100) for total in totals.values()] == scores
    assert any(scores)


def test_an_action_outside_the_mask_is_refused() -> None:
    env = cards_env("classic")
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="action mask"):
        env.step(illegal)
    with pytest.raises(ValueError, match="reward is one of"):
        dice_env(reward="points")  # type: ignore[arg-type]


def test_the_environment_describes_its_spaces() -> None:
    env = dice_env("classic", players=5, render_mode="ansi")
    env.reset(seed=2)
    assert env.metadata["name"] == "thousand_dice_v0"
    for agent in env.possible_agents:
        assert env.observation_space(agent).contains(env.observe(agent))
        space = env.action_space(agent)
        assert isinstance(space, gymnasium.spaces.Discrete) and space.n == env.table.actions
        assert env.infos[agent] == {}
    text = env.render()
    assert text is not None and text.startswith("dice: to move ")
    env.close()
    assert cards_env("duel").render() is None
    with pytest.raises(ValueError, match="render_mode"):
        cards_env("duel", render_mode="human")


@pytest.mark.parametrize(
    "entry", [("cards", "classic", None), ("dice", "classic", 3)], ids=table_id
)
def test_an_observation_kept_is_never_changed_by_the_environment(
    entry: tuple[str, Any, int | None],
) -> None:
    """Observations are written into a copy of one blank vector and masks into a new buffer:
    an agent that keeps them (a replay buffer) and one that writes into them changes nothing
    that the environment hands out later."""
    env = env_of(entry)
    env.reset(seed=5)
    agent = env.agent_selection
    first = env.observe(agent)
    kept = {key: array.copy() for key, array in first.items()}
    first["observation"][:] = 7.0
    first["action_mask"][:] = 1
    again = env.observe(agent)
    for key, array in kept.items():
        assert np.array_equal(again[key], array), key
    env.step(int(np.flatnonzero(kept["action_mask"])[0]))
    later = env.observe(env.agent_selection)
    assert not (later["observation"] == 7.0).any()
    assert later["action_mask"].sum() < len(later["action_mask"])
    assert again["observation"].tobytes() == kept["observation"].tobytes()


def test_the_agent_iteration_stops_at_max_iter_and_at_the_end() -> None:
    """agent_iter is the environment's own (compiled with the engines): PettingZoo's bound and
    its end once no agent is left, as PettingZoo's iterator has them."""
    env = dice_env("classic", players=3)
    env.reset(seed=4)
    assert list(env.agent_iter(max_iter=3)) == [env.agent_selection] * 3
    assert list(env.agent_iter(max_iter=0)) == []
    steps = 0
    for agent in env.agent_iter():
        assert agent == env.agent_selection
        observation, _, terminated, truncated, _ = env.last()
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(legal[0]))
        steps += 1
    assert not env.agents and steps > 3
