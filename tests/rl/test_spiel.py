"""The OpenSpiel games: OpenSpiel's own random simulation test (with serialisation) at every
table, chance nodes that deal and throw as the engine does, per-seat information, and
OpenSpiel's bots playing a game through its own evaluator."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]
import pytest

from thousand.cards import PRESETS as CARD_PRESETS
from thousand.dice import PRESETS as DICE_PRESETS
from thousand.rl import spiel
from thousand.rl.tables import table

GAMES: list[tuple[str, dict[str, Any]]] = [
    *((spiel.CARDS, {"preset": preset, "max_deals": 3}) for preset in CARD_PRESETS),
    *((spiel.DICE, {"preset": preset, "max_rounds": 6}) for preset in DICE_PRESETS),
    *((spiel.DICE, {"players": players, "max_rounds": 4}) for players in (3, 5, 8)),
    (spiel.DICE, {"set_aside": "choose", "max_rounds": 6}),
]


def game_id(entry: tuple[str, dict[str, Any]]) -> str:
    return entry[0] + "-" + "-".join(f"{k}={v}" for k, v in entry[1].items())


@pytest.mark.parametrize("entry", GAMES, ids=game_id)
def test_openspiel_random_simulation_test_passes(entry: tuple[str, dict[str, Any]]) -> None:
    game = pyspiel.load_game(*entry)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def _to_first_decision(state: Any, rng: np.random.Generator) -> list[int]:
    """Sample chance until a seat decides; the outcomes drawn."""
    drawn: list[int] = []
    while state.is_chance_node():
        outcomes, shares = zip(*state.chance_outcomes(), strict=True)
        assert sum(shares) == pytest.approx(1.0)
        assert len(set(shares)) == 1  # each card left, each face, each seat equally likely
        drawn.append(int(rng.choice(outcomes)))
        state.apply_action(drawn[-1])
    return drawn


def test_a_deal_is_24_chance_nodes_of_the_cards_left_and_seats_see_their_own() -> None:
    game = pyspiel.load_game(spiel.CARDS, {"preset": "classic"})
    state = game.new_initial_state()
    drawn = _to_first_decision(state, np.random.default_rng(3))
    assert len(drawn) == 25  # the lot, then each card once
    assert sorted(drawn[1:]) == list(range(24))
    played = table("cards", "classic")
    for seat in range(3):
        view = state.engine.view(seat)
        assert len(view["hand"]) == 7
        tensor = np.asarray(state.observation_tensor(seat), dtype=np.float32)
        assert np.array_equal(tensor, played.observe(state.engine, seat))
        assert json.loads(state.observation_string(seat)) == json.loads(json.dumps(view))
        history = state.information_state_string(seat)
        own = json.dumps({"cards": view["hand"], "to": seat, "type": "hand"}, sort_keys=True)
        assert own in history
        for other in range(3):
            if other != seat:
                assert f'"to": {other}' not in history
    assert len({state.information_state_string(seat) for seat in range(3)}) == 3


def test_a_throw_is_one_chance_node_a_die() -> None:
    game = pyspiel.load_game(spiel.DICE, {"players": 2})
    state = game.new_initial_state()
    drawn = _to_first_decision(state, np.random.default_rng(1))
    assert len(drawn) == 1 + 5 and all(0 <= face < 6 for face in drawn[1:])
    assert sorted(state.engine.view(0)["throw"]) == sorted(face + 1 for face in drawn[1:])
    assert state.legal_actions() == sorted(state._legal)


def test_openspiel_bots_play_a_whole_game() -> None:
    game = pyspiel.load_game(spiel.DICE, {"players": 3})
    bots = [pyspiel.make_uniform_random_bot(seat, 5) for seat in range(3)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)
    assert sorted(returns) == [-1.0, 0.0, 1.0]
    duel = pyspiel.load_game(spiel.CARDS, {"preset": "duel", "max_deals": 4})
    bots = [pyspiel.make_uniform_random_bot(seat, 5) for seat in range(2)]
    assert sorted(pyspiel.evaluate_bots(duel.new_initial_state(), bots, 7)) == [-1.0, 1.0]


def test_a_state_clones_and_serialises_to_the_same_game() -> None:
    game = pyspiel.load_game(spiel.CARDS, {"preset": "duel"})
    state = game.new_initial_state()
    _to_first_decision(state, np.random.default_rng(5))
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[-1])
    assert copy.history() != state.history()
    assert state.engine.view(0) != copy.engine.view(0)
    again = game.deserialize_state(state.serialize())
    assert again.engine.view(0) == state.engine.view(0)


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(Exception, match="no cards preset 'poker'"):
        pyspiel.load_game(spiel.CARDS, {"preset": "poker"})
    with pytest.raises(Exception, match="8 players"):
        pyspiel.load_game(spiel.DICE, {"players": 9})


def test_the_python_observer_reads_the_view_or_the_whole_history() -> None:
    game = pyspiel.load_game(spiel.CARDS, {"preset": "four"})
    state = game.new_initial_state()
    _to_first_decision(state, np.random.default_rng(9))
    seat = state.current_player()
    assert 0 <= seat < 4 and not state.is_terminal()
    now = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    now.set_from(state, seat)
    assert np.array_equal(now.tensor, table("cards", "four").observe(state.engine, seat))
    assert json.loads(now.string_from(state, seat))["seat"] == seat
    lines = recall.string_from(state, seat).splitlines()
    assert json.loads(lines[0]) == {"seat": state.engine.view(0)["dealer"], "type": "first_dealer"}
    with pytest.raises(ValueError, match="no observation parameters"):
        game.make_py_observer(None, {"x": 1})


def test_openspiel_learning_algorithms_run_on_the_games() -> None:
    """OpenSpiel's own algorithms, unchanged, on the registered games: tabular Q-learning
    through its rl_environment (the observation tensors and legal actions it hands agents) on
    the dice duel, and outcome-sampling Monte Carlo CFR (information-state strings, chance
    sampled by OpenSpiel) on one deal of the card duel. Each learns something: Q-values for
    states it met, and an average policy that is a distribution over the legal actions of
    every information state it visited."""
    from open_spiel.python import rl_environment  # type: ignore[import-untyped,import-not-found,unused-ignore]
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
        outcome_sampling_mccfr,
        tabular_qlearner,
    )

    dice = pyspiel.load_game(spiel.DICE, {"max_rounds": 4})
    env = rl_environment.Environment(dice, seed=1)
    actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=seat, num_actions=actions) for seat in (0, 1)]
    for _ in range(20):
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            chosen = agents[seat].step(step).action
            assert chosen in step.observations["legal_actions"][seat]
            step = env.step([chosen])
        assert sorted(step.rewards) == [-1.0, 1.0]
        for agent in agents:
            agent.step(step)
    learned = [value for q in agents[0]._q_values.values() for value in q.values()]
    assert any(value != 0.0 for value in learned)

    duel = pyspiel.load_game(spiel.CARDS, {"preset": "duel", "max_deals": 1})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(duel)
    for _ in range(10):
        solver.iteration()
    policy = solver.average_policy()
    state = duel.new_initial_state()
    _to_first_decision(state, np.random.default_rng(3))
    shares = policy.action_probabilities(state)
    assert set(shares) == set(state.legal_actions())
    assert sum(shares.values()) == pytest.approx(1.0)
    assert len(solver._infostates) > 50  # the information states it visited
