"""The learning environments: how fast, and how strong the trained policies are (issue 34).

Speed: environment steps per second of the PettingZoo environments (thousand.rl.aec; one step
is one decision, with its observation and action mask built, chance drawn between), random
legal actions from the mask, one process, beside the engine's own decisions per second in
the same run (bench/engine.py's random games with the mover's view built at every decision,
as a policy reads it). The aim is at least half the engine's rate.

Strength: bots/policy_bot.py with the committed policies, in duplicate matches through the
referee (bench/strength.py's scenarios: `thousand match --rotate --clock cpu`), with Wilson's
95 % interval over games and Student's over duplicate groups.

Run it under `nice -n 19` on a shared machine.
Usage: nice -n 19 python bench/learning.py [--part speed|strength|both] [--seconds 5]
       [--groups 50] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import shlex
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from thousand.rl.aec import ThousandEnv

ROOT = Path(__file__).resolve().parents[1]
TABLES = (("cards", "duel", 2), ("cards", "classic", 3), ("dice", "classic", 2))


def _load(name: str) -> ModuleType:
    """A sibling bench script by its path (bench/ is not a package)."""
    path = Path(__file__).with_name(f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def env_steps(env: ThousandEnv, seed: int, rng: random.Random) -> int:
    """One whole game in the environment, a uniformly random action from each mask: its steps.

    The loop is written as bench/engine.py's is, the methods looked up once, and the pick is
    timed with the environment, so it is the cheap one: numpy's ``flatnonzero`` costs about
    3 µs a call and ``nonzero`` 1.5 µs, a fifth of a whole dice step; the mask's bytes copied
    out and searched for each 1 (``find``, a memchr; ``count`` scans byte by byte) cost a few
    hundred ns."""
    env.reset(seed=seed)
    last = env.last
    step = env.step
    randrange = rng.randrange
    steps = 0
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = last()
        if terminated or truncated:
            step(None)
            continue
        flags = observation["action_mask"].tobytes()
        legal = []
        index = flags.find(1)
        while index >= 0:
            legal.append(index)
            index = flags.find(1, index + 1)
        step(legal[randrange(len(legal))])
        steps += 1
    return steps


def speed(seconds: float, slice_seconds: float = 0.25) -> list[dict[str, Any]]:
    """Each table's environment and engine in alternating slices of whole games, so that both
    see the same load on a shared machine; rates over the sums."""
    engine = _load("engine")
    rows = []
    for game, preset, players in TABLES:
        env = ThousandEnv(game, preset, players)
        rng = random.Random(1)
        counts = {"env": 0, "engine": 0}
        spent = {"env": 0.0, "engine": 0.0}
        seed = 0
        while spent["env"] < seconds or spent["engine"] < seconds:
            for side in ("engine", "env"):
                started = time.perf_counter()
                while time.perf_counter() - started < slice_seconds:
                    if side == "env":
                        counts[side] += env_steps(env, seed, rng)
                    else:
                        counts[side] += engine.play(game, players, preset, seed, views=True)[0]
                    seed += 1
                spent[side] += time.perf_counter() - started
        engine_per_s = counts["engine"] / spent["engine"]
        env_per_s = counts["env"] / spent["env"]
        rows.append(
            {
                "game": game,
                "preset": preset,
                "players": players,
                "engine_decisions_per_s": round(engine_per_s),
                "env_steps_per_s": round(env_per_s),
                "ratio": round(env_per_s / engine_per_s, 2),
            }
        )
    return rows


def strength(groups: int, seed: int) -> list[dict[str, Any]]:
    bench = _load("strength")
    python = shlex.quote(sys.executable)

    def policy(game: str) -> str:
        return f"{python} bots/policy_bot.py bots/policies/{game}_duel.npz"

    scenarios = [
        bench.Scenario("card policy vs random", "cards", [policy("cards"), "builtin:random"], [0]),
        bench.Scenario(
            "card policy vs card_bot", "cards", [policy("cards"), bench.bot("card_bot.py")], [0]
        ),
        bench.Scenario("dice policy vs random", "dice", [policy("dice"), "builtin:random"], [0]),
        bench.Scenario(
            "dice policy vs dice_bot", "dice", [policy("dice"), bench.bot("dice_bot.py")], [0]
        ),
        bench.Scenario(
            "dice policy vs dice_expert",
            "dice",
            [policy("dice"), bench.bot("dice_expert.py")],
            [0],
        ),
    ]
    rows = []
    for scenario in scenarios:
        rules = ["--rules", "duel"] if scenario.game == "cards" else []
        rows.append(_run(bench, scenario, groups, seed, rules))
    return rows


def _run(
    bench: ModuleType, scenario: Any, groups: int, seed: int, rules: list[str]
) -> dict[str, Any]:
    """bench/strength.py's run with the table's rules (the card policy plays the duel)."""
    import subprocess

    size = 2
    args = [
        "match", "--game", scenario.game, *rules, "--rotate", "--games", str(groups * size),
        "--seed", str(seed), "--clock", "cpu", "--json", *scenario.bots,
    ]  # fmt: skip
    print(f"$ thousand {shlex.join(args)}", file=sys.stderr, flush=True)
    started = time.monotonic()
    done = subprocess.run(
        [*bench.thousand(), *args], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise SystemExit(f"learning: error: {scenario.name}: the match failed: {last}")
    row: dict[str, Any] = bench.summarise(
        scenario, json.loads(done.stdout), time.monotonic() - started, size, args
    )
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--part", choices=("speed", "strength", "both"), default="both")
    parser.add_argument("--seconds", type=float, default=5.0, help="per table and side")
    parser.add_argument("--groups", type=int, default=50, help="duplicate pairs a scenario")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="the rows as JSON")
    args = parser.parse_args()
    result: dict[str, Any] = {}
    if args.part in ("speed", "both"):
        result["speed"] = speed(args.seconds)
    if args.part in ("strength", "both"):
        result["strength"] = strength(args.groups, args.seed)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    for row in result.get("speed", []):
        print(
            f"{row['game']:5} {row['preset']:8} {row['players']}p  engine "
            f"{row['engine_decisions_per_s']:>7}/s  env {row['env_steps_per_s']:>7}/s  "
            f"ratio {row['ratio']:.2f}"
        )
    for row in result.get("strength", []):
        low, high = row["wilson95"]
        glow, ghigh = row["groups95"]
        print(
            f"{row['scenario']:28} {row['wins']:>4}/{row['games']:<4} {row['share']:.1%}"
            f"  Wilson [{low:.1%}, {high:.1%}]  groups [{glow:.1%}, {ghigh:.1%}]"
            f"  faults {row['faults']}\n    {row['command']}"
        )


if __name__ == "__main__":
    main()
