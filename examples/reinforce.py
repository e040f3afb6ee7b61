"""Policy gradient written small in numpy: REINFORCE with a learned baseline, for
examples/train_cards.py and examples/train_dice.py (docs/learning.md).

The network is one tanh layer shared by two heads: the policy's score of every action index
(masked to the legal ones, then softmax) and the value that is the baseline. Only the policy's
layers are saved (``w0, b0, w1, b1``), the format bots/policy_bot.py plays.

The learner plays one seat of a PettingZoo environment of ``thousand.rl`` against opponents
that are plain functions ``(view, legal actions) -> action`` (a random player while training;
bots/card_bot.py and bots/dice_bot.py, loaded in-process, to measure). Its reward between two
of its decisions is the change of its score minus the others' mean score, / 100, and at the
end its place (+1 first, -1 last): points shape the learning, the place is what counts.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from thousand.rl.aec import ThousandEnv

Array = npt.NDArray[np.float64]
Opponent = Callable[[dict[str, Any], list[dict[str, Any]]], dict[str, Any]]
ROOT = Path(__file__).resolve().parent.parent


class Network:
    """Observation -> tanh hidden layer -> (action scores, value); trained with Adam."""

    def __init__(self, inputs: int, actions: int, hidden: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.params: dict[str, Array] = {
            "w0": rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)),
            "b0": np.zeros(hidden),
            "w1": rng.normal(0, 0.01, (hidden, actions)),
            "b1": np.zeros(actions),
            "v": rng.normal(0, 0.01, (hidden, 1)),
            "vb": np.zeros(1),
        }
        self._m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self._s = {k: np.zeros_like(v) for k, v in self.params.items()}
        self._t = 0

    def scores(self, observation: npt.NDArray[Any]) -> Array:
        p = self.params
        hidden = np.tanh(observation @ p["w0"] + p["b0"])
        scores: Array = hidden @ p["w1"] + p["b1"]
        return scores

    def act(self, observation: npt.NDArray[Any], mask: npt.NDArray[Any], rng: Any) -> int:
        """A sampled action index among the legal ones."""
        scores = self.scores(observation)
        legal = np.flatnonzero(mask)
        chosen = scores[legal]
        chosen = np.exp(chosen - chosen.max())
        return int(legal[int(rng.choice(len(legal), p=chosen / chosen.sum()))])

    def best(self, observation: npt.NDArray[Any], mask: npt.NDArray[Any]) -> int:
        scores = self.scores(observation)
        legal = np.flatnonzero(mask)
        return int(legal[int(np.argmax(scores[legal]))])

    def update(
        self,
        observations: Array,
        masks: Array,
        actions: npt.NDArray[np.int64],
        returns: Array,
        rate: float,
        entropy: float,
    ) -> dict[str, float]:
        """One gradient step on a batch: -advantage * log pi - entropy bonus + value error."""
        p = self.params
        n = len(actions)
        hidden = np.tanh(observations @ p["w0"] + p["b0"])
        scores = hidden @ p["w1"] + p["b1"]
        scores = np.where(masks > 0, scores, -1e9)
        scores -= scores.max(axis=1, keepdims=True)
        probs = np.exp(scores) * (masks > 0)
        probs /= probs.sum(axis=1, keepdims=True)
        value = (hidden @ p["v"] + p["vb"])[:, 0]
        advantage = returns - value
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
        logp = np.log(probs + 1e-12)
        # d/dscores of -A log pi(a) is A (pi - onehot); of -H it is pi (log pi + H)
        grad_scores = probs.copy()
        grad_scores[np.arange(n), actions] -= 1.0
        grad_scores *= advantage[:, None]
        plogp = probs * logp
        ent = -plogp.sum(axis=1)
        grad_scores += entropy * (plogp + probs * ent[:, None])
        grad_scores /= n
        grad_value = (value - returns)[:, None] * (0.5 / n)
        grads = {
            "w1": hidden.T @ grad_scores,
            "b1": grad_scores.sum(axis=0),
            "v": hidden.T @ grad_value,
            "vb": grad_value.sum(axis=0),
        }
        grad_hidden = (grad_scores @ p["w1"].T + grad_value @ p["v"].T) * (1 - hidden**2)
        grads["w0"] = observations.T @ grad_hidden
        grads["b0"] = grad_hidden.sum(axis=0)
        self._adam(grads, rate)
        return {"entropy": float(ent.mean()), "value_error": float(((value - returns) ** 2).mean())}

    def _adam(self, grads: dict[str, Array], rate: float) -> None:
        self._t += 1
        for key, grad in grads.items():
            self._m[key] = 0.9 * self._m[key] + 0.1 * grad
            self._s[key] = 0.999 * self._s[key] + 0.001 * grad**2
            m = self._m[key] / (1 - 0.9**self._t)
            s = self._s[key] / (1 - 0.999**self._t)
            self.params[key] -= rate * m / (np.sqrt(s) + 1e-8)

    def save(self, path: Path, game: str, command: str) -> None:
        p = self.params
        arrays: dict[str, Any] = {k: p[k].astype(np.float32) for k in ("w0", "b0", "w1", "b1")}
        arrays.update(game=np.array(game), command=np.array(command))
        np.savez_compressed(path, **arrays)


@dataclass
class Batch:
    observations: list[npt.NDArray[Any]] = field(default_factory=list)
    masks: list[npt.NDArray[Any]] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)


def margin(scores: Sequence[int], seat: int) -> float:
    """The seat's score minus the others' mean, / 100: what the shaping rewards change."""
    others = [s for i, s in enumerate(scores) if i != seat]
    return (scores[seat] - sum(others) / len(others)) / 100


def play(
    env: ThousandEnv,
    seed: int,
    learner_seat: int,
    choose: Callable[[npt.NDArray[Any], npt.NDArray[Any]], int],
    opponents: Sequence[Opponent],
    batch: Batch | None = None,
    gamma: float = 1.0,
) -> bool:
    """One game; whether the learner won. With ``batch``, its decisions and returns go there."""
    env.reset(seed=seed)
    rewards: list[float] = []
    steps = 0
    before = 0.0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        seat = env.possible_agents.index(agent)
        if terminated or truncated:
            if seat == learner_seat and rewards:
                rewards[-1] += reward + margin(env.state.scores(), seat) - before
            env.step(None)
            continue
        if seat != learner_seat:
            view = env.state.view(seat)
            legal = env.state.legal_actions()
            action = opponents[seat - (seat > learner_seat)](view, legal)
            env.step(env.table.index(action, seat))
            continue
        now = margin(env.state.scores(), seat)
        if rewards:
            rewards[-1] += now - before
        before = now
        index = choose(observation["observation"], observation["action_mask"])
        if batch is not None:
            batch.observations.append(observation["observation"])
            batch.masks.append(observation["action_mask"])
            batch.actions.append(index)
        rewards.append(0.0)
        steps += 1
        env.step(index)
    if batch is not None:
        running = 0.0
        returns = [0.0] * len(rewards)
        for i in range(len(rewards) - 1, -1, -1):
            running = rewards[i] + gamma * running
            returns[i] = running
        batch.returns.extend(returns)
    result = env.state.result()
    return result is not None and result.winner == learner_seat


def random_opponent(seed: int) -> Opponent:
    rng = random.Random(seed)
    return lambda view, legal: legal[rng.randrange(len(legal))]


def example_bot(name: str, rules: Any, seed: int) -> Opponent:
    """bots/<name>.py in-process: its ``choose`` on the view as the protocol sends it (JSON)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "bots" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    rule_fields = rules.model_dump(mode="json")
    rng = random.Random(seed)
    if name == "dice_bot":
        table = module.Table(rule_fields)
        return lambda view, legal: module.choose(
            json.loads(json.dumps(view)), legal, rule_fields, table, rng
        )
    return lambda view, legal: module.choose(json.loads(json.dumps(view)), legal, rule_fields, rng)


def win_rate(
    env: ThousandEnv, network: Network, opponent: Opponent, games: int, seed: int
) -> float:
    """The greedy policy's share of wins, seats alternating, against one opponent."""
    wins = sum(play(env, seed + g, g % 2, network.best, [opponent]) for g in range(games))
    return wins / games


def train(
    env: ThousandEnv,
    network: Network,
    *,
    minutes: float,
    max_steps: int,
    batch_steps: int,
    rate: float,
    entropy: float,
    gamma: float,
    evaluations: int,
    eval_games: int,
    expert: str,
    against: str,
    seed: int,
    log: Callable[[str], None],
) -> list[dict[str, float]]:
    """Train until ``minutes`` or ``max_steps`` decisions; the learning curve, one point per
    evaluation (decisions seen, win rate against random and against the example bot).
    ``against``: the training opponent, ``random``, ``bot`` (the example bot) or ``mix``
    (the two in turn, a game each)."""
    rng = np.random.default_rng(seed)
    pool = {
        "random": [random_opponent(seed + 1)],
        "bot": [example_bot(expert, env.table.rules, seed + 4)],
    }
    pool["mix"] = pool["random"] + pool["bot"]
    opponents = pool[against]
    random_eval = random_opponent(seed + 2)
    expert_eval = example_bot(expert, env.table.rules, seed + 3)
    curve: list[dict[str, float]] = []
    start = time.process_time()
    steps = 0
    games = 0
    next_eval = 0
    interval = max_steps // max(evaluations - 1, 1)

    def evaluate() -> None:
        point = {
            "steps": float(steps),
            "games": float(games),
            "cpu_seconds": round(time.process_time() - start, 1),
            "vs_random": win_rate(env, network, random_eval, eval_games, 10_000_000),
            "vs_" + expert: win_rate(env, network, expert_eval, eval_games, 20_000_000),
        }
        curve.append(point)
        log(json.dumps(point))

    def sample(observation: npt.NDArray[Any], mask: npt.NDArray[Any]) -> int:
        return network.act(observation, mask, rng)

    while True:
        if steps >= next_eval:
            evaluate()
            next_eval += interval
        if steps >= max_steps or time.process_time() - start > minutes * 60:
            break
        batch = Batch()
        while len(batch.actions) < batch_steps:
            opponent = opponents[games // 2 % len(opponents)]
            play(env, seed * 1_000_003 + games, games % 2, sample, [opponent], batch, gamma)
            games += 1
        steps += len(batch.actions)
        network.update(
            np.asarray(batch.observations, dtype=np.float64),
            np.asarray(batch.masks, dtype=np.float64),
            np.asarray(batch.actions, dtype=np.int64),
            np.asarray(batch.returns, dtype=np.float64),
            rate,
            entropy,
        )
    if curve[-1]["steps"] != steps:
        evaluate()
    return curve


def plot(curve: list[dict[str, float]], expert: str, title: str, path: Path) -> None:
    """The learning curve as a PNG (matplotlib: the train extra)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = [point["steps"] for point in curve]
    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.plot(steps, [p["vs_random"] for p in curve], marker="o", label="vs builtin:random")
    axes.plot(steps, [p["vs_" + expert] for p in curve], marker="s", label=f"vs bots/{expert}.py")
    axes.axhline(0.5, color="grey", linewidth=0.5)
    axes.set_ylim(0, 1)
    axes.set_xlabel("decisions trained on")
    axes.set_ylabel("win rate (greedy policy)")
    axes.set_title(title)
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main(game: str, rules: str, expert: str, defaults: dict[str, Any], argv: list[str]) -> None:
    """The command line of examples/train_cards.py and examples/train_dice.py."""
    import argparse

    parser = argparse.ArgumentParser(
        description=f"Train a policy for the two-player {game} game ({rules}) with REINFORCE, "
        f"measuring it against builtin:random and bots/{expert}.py as it learns "
        "(docs/learning.md).",
    )
    parser.add_argument("--minutes", type=float, default=defaults["minutes"], help="CPU budget")
    parser.add_argument(
        "--steps", type=int, default=defaults["steps"], help="decisions to train on"
    )
    parser.add_argument("--batch", type=int, default=defaults["batch"], help="decisions per update")
    parser.add_argument("--hidden", type=int, default=64, help="units of the hidden layer")
    parser.add_argument("--rate", type=float, default=defaults["rate"], help="Adam's step size")
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus")
    parser.add_argument(
        "--gamma", type=float, default=defaults["gamma"], help="discount per decision"
    )
    parser.add_argument("--evaluations", type=int, default=11, help="points of the learning curve")
    parser.add_argument("--eval-games", type=int, default=defaults["eval_games"])
    parser.add_argument(
        "--against",
        choices=("random", "bot", "mix"),
        default=defaults["against"],
        help=f"the training opponent: a random player, bots/{expert}.py, or each in turn",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="the policy's .npz (bots/policy_bot.py plays it)")
    parser.add_argument("--curve", type=Path, help="the learning curve as JSON")
    parser.add_argument("--plot", type=Path, help="the learning curve as a PNG (needs matplotlib)")
    args = parser.parse_args(argv)
    env = ThousandEnv(game, rules, 2)
    network = Network(env.table.observation_size, env.table.actions, args.hidden, args.seed)
    curve = train(
        env,
        network,
        minutes=args.minutes,
        max_steps=args.steps,
        batch_steps=args.batch,
        rate=args.rate,
        entropy=args.entropy,
        gamma=args.gamma,
        evaluations=args.evaluations,
        eval_games=args.eval_games,
        expert=expert,
        against=args.against,
        seed=args.seed,
        log=lambda line: print(line, flush=True),
    )
    command = " ".join(["python", f"examples/train_{game}.py", *argv])
    if args.out:
        network.save(args.out, game, command)
    if args.curve:
        args.curve.write_text(json.dumps({"command": command, "curve": curve}, indent=1) + "\n")
    if args.plot:
        plot(curve, expert, f"{game} duel: REINFORCE against {args.against}", args.plot)
