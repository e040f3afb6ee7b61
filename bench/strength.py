"""How strong the reference experts are: duplicate matches through the referee, as a contestant
would play them.

Each scenario is one `thousand match --rotate --clock cpu --json` (every deal in every seating,
a fresh bot process per game, the bots' CPU time charged), and prints for the expert (or the two
experts together) the win share with two 95 % intervals — Wilson's over games, and a Student
interval over duplicate groups, whose games share their deals and so are not independent —
the share a bot wins by chance, the mean scores, the referee's paired Elo of the expert against
each other bot with its 95 % interval, the expert's CPU time a move (mean and max, as the
referee charged it) and games per minute.

Cards: one expert against two `card_bot.py`, two experts against one, one expert against two
`random_bot.py`. Dice (when `bots/dice_expert.py` exists): the dice expert against
`dice_bot.py` and against `random_bot.py`, with 2 and with 3 players.

Run it under `nice -n 19` on a shared machine. A group is 6 games with 3 players, 2 with 2.
Usage: nice -n 19 python bench/strength.py [--game cards|dice|both] [--groups 10]
       [--budget-ms 200] [--seed 1] [--concurrency 1] [--only TEXT]
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BOTS = ROOT / "bots"
T95 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16, 2.14)
"""Student's t quantile (two-sided 95 %) for 1..14 degrees of freedom; 2.0 beyond, 1.96 far."""


@dataclass(frozen=True)
class Scenario:
    name: str
    game: str
    bots: list[str]
    experts: list[int]  # indices into bots: the seats whose wins count as the expert's

    @property
    def players(self) -> int:
        return len(self.bots)


def bot(name: str, *args: str) -> str:
    return shlex.join(["python3", str(BOTS / name), *args])


def scenarios(budget_ms: float) -> list[Scenario]:
    budget = ["--budget-ms", f"{budget_ms:g}"]
    card_expert = bot("card_expert.py", "1", *budget)
    card_expert2 = bot("card_expert.py", "2", *budget)
    card_bot, card_bot2 = bot("card_bot.py", "1"), bot("card_bot.py", "2")
    random1, random2 = bot("random_bot.py", "1"), bot("random_bot.py", "2")
    out = [
        Scenario("cards: expert vs 2 card_bot", "cards", [card_expert, card_bot, card_bot2], [0]),
        Scenario(
            "cards: 2 experts vs card_bot", "cards", [card_expert, card_expert2, card_bot], [0, 1]
        ),
        Scenario("cards: expert vs 2 random_bot", "cards", [card_expert, random1, random2], [0]),
    ]
    if (BOTS / "dice_expert.py").exists():
        dice_expert = bot("dice_expert.py", "1")
        dice_bot, dice_bot2 = bot("dice_bot.py", "1"), bot("dice_bot.py", "2")
        out += [
            Scenario("dice 2p: expert vs dice_bot", "dice", [dice_expert, dice_bot], [0]),
            Scenario("dice 2p: expert vs random_bot", "dice", [dice_expert, random1], [0]),
            Scenario(
                "dice 3p: expert vs 2 dice_bot", "dice", [dice_expert, dice_bot, dice_bot2], [0]
            ),
            Scenario(
                "dice 3p: expert vs 2 random_bot", "dice", [dice_expert, random1, random2], [0]
            ),
        ]
    return out


def wilson(wins: float, games: int) -> tuple[float, float]:
    if not games:
        return 0.0, 1.0
    z = 1.959964
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def group_interval(shares: list[float]) -> tuple[float, float]:
    """Mean ± t·sd/√k over the duplicate groups' win shares."""
    k = len(shares)
    mean = sum(shares) / k if k else 0.0
    if k < 2:
        return 0.0, 1.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in shares) / (k - 1))
    t = T95[k - 2] if k - 1 <= len(T95) else (2.0 if k < 60 else 1.96)
    half = t * sd / math.sqrt(k)
    return max(0.0, mean - half), min(1.0, mean + half)


def thousand() -> list[str]:
    here = Path(sys.executable).parent / "thousand"
    found = str(here) if here.exists() else shutil.which("thousand")
    if found is None:
        raise SystemExit(
            "strength: error: the `thousand` command is not installed (pip install -e .)"
        )
    return [found]


def run(scenario: Scenario, groups: int, seed: int, concurrency: int) -> dict[str, Any]:
    size = math.factorial(scenario.players)
    args = [
        "match", "--game", scenario.game, "--rotate", "--games", str(groups * size),
        "--seed", str(seed), "--clock", "cpu", "--concurrency", str(concurrency), "--json",
        *scenario.bots,
    ]  # fmt: skip
    print(f"$ thousand {shlex.join(args)}", file=sys.stderr, flush=True)
    started = time.monotonic()
    done = subprocess.run(
        [*thousand(), *args], cwd=ROOT, capture_output=True, text=True, check=False
    )
    elapsed = time.monotonic() - started
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise SystemExit(f"strength: error: {scenario.name}: the match failed: {last}")
    document: dict[str, Any] = json.loads(done.stdout)
    return summarise(scenario, document, elapsed, size, args)


def summarise(
    scenario: Scenario, document: dict[str, Any], elapsed: float, size: int, args: list[str]
) -> dict[str, Any]:
    games = document["games"]
    played = len(games)
    experts = set(scenario.experts)
    wins = sum(1 for g in games if g["ranking"] and g["seating"][g["ranking"][0]] in experts)
    per_group: dict[int, list[int]] = {}
    for g in games:
        won = bool(g["ranking"]) and g["seating"][g["ranking"][0]] in experts
        per_group.setdefault(g["game"] // size, []).append(int(won))
    shares = [sum(v) / len(v) for v in per_group.values()]
    bots = document["bots"]
    faults = sum(sum(b["faults"].values()) for b in bots)
    elos = []
    # 3+ players: one entry per pair of bots; 2 players: the single head-to-head.
    pairs = document.get("pairwise") or [document[k] for k in ("head_to_head",) if k in document]
    for pair in pairs:
        a, b = pair["bots"]
        if (a in experts) != (b in experts):
            sign = 1 if a in experts else -1
            low, high = pair["elo_95"]
            bounds = (low, high) if sign == 1 else (_neg(high), _neg(low))
            elos.append((_neg(pair["elo"]) if sign < 0 else pair["elo"], *bounds))
    expert_score = sum(bots[i]["mean_score"] for i in experts) / len(experts)
    others = [b["mean_score"] for i, b in enumerate(bots) if i not in experts]
    return {
        "scenario": scenario.name,
        "command": "thousand " + shlex.join(args),
        "games": played,
        "groups": len(per_group),
        "wins": wins,
        "share": wins / played if played else 0.0,
        "wilson95": wilson(wins, played),
        "groups95": group_interval(shares),
        "chance": len(experts) / scenario.players,
        "expert_mean_score": expert_score,
        "others_mean_score": sum(others) / len(others),
        "elo": elos,
        "faults": faults,
        "expert_cpu_ms": [
            (bots[i]["think_ms"]["mean_cpu"], bots[i]["think_ms"]["max_cpu"]) for i in experts
        ],
        "games_per_minute": played / (elapsed / 60) if elapsed else 0.0,
    }


def _neg(x: float | None) -> float | None:
    return None if x is None else -x


def _elo_text(elo: float | None, low: float | None, high: float | None) -> str:
    def show(v: float | None, inf: str) -> str:
        return inf if v is None else f"{v:+.0f}"

    return f"{show(elo, '±∞')} ({show(low, '-∞')}…{show(high, '+∞')})"


def table(rows: list[dict[str, Any]]) -> str:
    head = (
        "| scenario | games | expert wins | share (95 % Wilson) | share (95 % by group) | chance "
        "| mean score expert / others | Elo vs each other bot (95 %) | faults "
        "| expert CPU ms a move, mean / max | games/min |"
    )
    lines = [head, "|" + "---|" * 11]
    for r in rows:
        w, g = r["wilson95"], r["groups95"]
        elo = "; ".join(_elo_text(*e) for e in r["elo"]) or "—"
        cpu = "; ".join(f"{mean:.1f} / {top:.1f}" for mean, top in r["expert_cpu_ms"])
        lines.append(
            f"| {r['scenario']} | {r['games']} | {r['wins']} | {r['share']:.1%} "
            f"({w[0]:.1%}–{w[1]:.1%}) | {g[0]:.1%}–{g[1]:.1%} | {r['chance']:.1%} "
            f"| {r['expert_mean_score']:.0f} / {r['others_mean_score']:.0f} | {elo} "
            f"| {r['faults']} | {cpu} | {r['games_per_minute']:.1f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=["cards", "dice", "both"], default="both")
    parser.add_argument("--groups", type=int, default=10, help="duplicate groups per scenario")
    parser.add_argument("--budget-ms", type=float, default=200.0, help="the card expert's budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--only", default="", help="run the scenarios whose name contains this")
    parser.add_argument("--json", action="store_true", help="one JSON document instead of a table")
    options = parser.parse_args()
    if options.groups < 1 or options.concurrency < 1 or not 0 < options.budget_ms <= 60000:
        parser.error("--groups and --concurrency must be at least 1, --budget-ms in (0, 60000]")
    chosen = [
        s
        for s in scenarios(options.budget_ms)
        if options.game in ("both", s.game) and options.only in s.name
    ]
    if not chosen:
        raise SystemExit("strength: error: no scenario matches (is bots/dice_expert.py there?)")
    rows = []
    for scenario in chosen:
        rows.append(run(scenario, options.groups, options.seed, options.concurrency))
        if not options.json:
            print(table(rows[-1:]).splitlines()[-1], file=sys.stderr, flush=True)
    if options.json:
        print(json.dumps(rows, indent=1))
    else:
        print(table(rows))
        print(
            f"\ncard expert budget {options.budget_ms:g} ms a move (CPU clock); seed {options.seed}"
        )


if __name__ == "__main__":
    main()
