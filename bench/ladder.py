"""Ladder benchmark: throughput with real bot processes, and how fast the ranking converges.

(a) Throughput: matches per minute of ``service.run`` (the loop behind ``thousand ladder run``:
    claim, play through ``LocalExecutor`` with real bot processes, record) at concurrency 1 and
    2, and the scaling efficiency rate(2) / (2 · rate(1)). The field is four copies of the
    stdlib random bot (bots/random_bot.py, different seeds) in 3-player dice matches (a match is
    one duplicate group: 6 games).

(b) Convergence: a field of dice policies of known, different strength — "stop the turn as
    soon as the turn total reaches T" for T = 40, 70, 110, 160, 240, 350 (``--field 6``; lower
    is stronger in this range; the order is measured on every run) or nine of them — played
    by a simulated executor that implements the same ``MatchSpec -> MatchOutcome`` interface
    in-process with the engine (``thousand.play.play_game``), so thousands of matches take
    seconds. The real run loop, store, ratings and scheduler do everything else. After each
    match the ranking by μ − 3σ is compared with the true order. *Converged at m* means: m is
    the first match count after which the ranking equals the true order for STABLE consecutive
    matches (m, m+1, …, m+STABLE−1); a run that does not within HORIZON matches counts as not
    converged. A smoother figure: the mean number of discordant pairs (entrant pairs ranked
    in the wrong order) over the first WINDOW matches. The same ladder seeds are played with
    the scheduler's policy and with plain random pairing (``uniform=True``).

Usage:
    python bench/ladder.py                       # both parts, default sizes
    python bench/ladder.py --part throughput --matches 30
    python bench/ladder.py --part convergence --field 6 --seeds 30 --horizon 800 --stable 50
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import resource
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# bench/referee.py is named like the package: keep this folder off the import path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.games.chance import derive_int  # noqa: E402
from referee.games.match_types import GameOutcome, plan_games  # noqa: E402
from referee.ladder import ratings, service, store  # noqa: E402
from referee.ladder.executor import (  # noqa: E402
    LocalExecutor,
    MatchOutcome,
    MatchSpec,
    outcome_from_games,
)
from thousand.game import Action, View  # noqa: E402
from thousand.play import Policy, play_game, random_policy  # noqa: E402
from thousand.rules_io import load_rules, rules_from_mapping  # noqa: E402

FIELDS = {
    6: (40, 70, 110, 160, 240, 350),
    9: (40, 60, 85, 110, 140, 175, 215, 260, 350),
}
"""Convergence fields by size: thresholds, strongest first (the order is checked by
``calibrate`` on every run of the benchmark)."""


# ------------------------------------------------------------------------------ ladders


def new_ladder(
    folder: Path, bots: dict[str, str], rules: str = "classic", seed: int = 0, players: int = 3
) -> Path:
    """A ladder made as ``thousand ladder init`` + ``add --no-check`` make it."""
    path = folder / "ladder.db"
    loaded = load_rules("dice", rules)
    time_control = {"startup": 10.0, "bank": 10.0, "per_move": 1.0, "clock": "cpu"}
    meta = service.meta_for_init(
        "dice", loaded.model_dump(mode="json"), rules, players, time_control, seed, None
    )
    store.init(path, meta)
    db = store.connect(path)
    start = ratings.Rating()
    with store.transaction(db):
        for name, bot in bots.items():
            db.execute(
                "INSERT INTO entrants (name, bot, digest, added, mu, sigma) VALUES (?,?,?,?,?,?)",
                (name, bot, None, store.now_iso(), start.mu, start.sigma),
            )
    db.close()
    return path


def play(
    path: Path,
    executor: Any,
    matches: int,
    concurrency: int,
    *,
    uniform: bool = False,
    on_recorded: Callable[[int, store.Entrant | None], None] | None = None,
    stop: asyncio.Event | None = None,
) -> int:
    stop = stop or asyncio.Event()
    budget = service.Budget(matches=matches)
    return asyncio.run(
        service.run(path, executor, budget, concurrency, stop, on_recorded, uniform=uniform)
    )


# --------------------------------------------------------------------------- throughput


def cpu_seconds() -> tuple[float, float]:
    """CPU (user + system) of this process (the referee side: run loop, store, referee for
    every match) and of its reaped children (the bots and their launchers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, kids.ru_utime + kids.ru_stime


def throughput(matches: int, rules: str) -> None:
    print(f"## (a) throughput: {matches} matches per setting, 3-player dice ({rules} rules),")
    print("##     4 entrants = bots/random_bot.py (real processes), one duplicate group a match")
    bot = ROOT / "bots" / "random_bot.py"
    field = {f"random{i}": f"{sys.executable} {bot} {i}" for i in range(1, 5)}
    rates: dict[int, float] = {}
    for concurrency in (1, 2):
        with tempfile.TemporaryDirectory(prefix="ladder-bench-") as folder:
            path = new_ladder(Path(folder), field, rules=rules)
            own, kids = cpu_seconds()
            started = time.perf_counter()
            done = play(path, LocalExecutor(), matches, concurrency)
            elapsed = time.perf_counter() - started
            own_after, kids_after = cpu_seconds()
        rates[concurrency] = done / elapsed * 60
        print(
            f"concurrency {concurrency}: {done} matches in {elapsed:6.1f} s = "
            f"{rates[concurrency]:6.1f} matches/min ({elapsed / done:.2f} s a match; CPU a "
            f"match: ladder process {(own_after - own) / done:.2f} s, bot processes "
            f"{(kids_after - kids) / done:.2f} s)"
        )
    print(f"scaling efficiency rate(2) / (2 * rate(1)) = {rates[2] / (2 * rates[1]):.0%}")


# ------------------------------------------------------------------------- convergence


def threshold_policy(limit: int) -> Policy:
    """Throw until the turn total reaches ``limit``, then stop (when stopping is allowed)."""

    def choose(view: View, legal: list[Action]) -> Action:
        if view["turn_total"] >= limit:
            for action in legal:
                if action.get("type") == "stop":
                    return action
        for action in legal:
            if action.get("type") == "roll":
                return action
        return legal[0]

    return choose


def policy_for(bot: str, seed: int) -> Policy:
    """``sim:T`` is the threshold policy T, ``sim:random`` the uniform one."""
    kind = bot.removeprefix("sim:")
    if kind == "random":
        return random_policy(random.Random(seed))
    return threshold_policy(int(kind))


class SimulatedExecutor:
    """Plays a ``MatchSpec`` in-process with the engine: the same duplicate plan as the
    referee (every seating of one chance seed), the same aggregation into a ``MatchOutcome``;
    no processes, no replays."""

    def __init__(self) -> None:
        self._rules: dict[str, Any] = {}

    async def run(self, spec: MatchSpec) -> MatchOutcome:
        key = repr(sorted(spec.rules.items()))
        if key not in self._rules:
            self._rules[key] = rules_from_mapping(spec.game, spec.rules)
        rules = self._rules[key]
        outcomes = []
        for plan in plan_games(spec.players, spec.games, spec.seed, rotate=True):
            policies = [
                policy_for(spec.bots[bot], derive_int(int(plan.seed, 16), "bot", bot))
                for bot in plan.seating
            ]
            game = play_game(spec.game, policies, int(plan.seed, 16), rules, keep_record=False)
            result = game.result
            names = [spec.names[bot] for bot in plan.seating]
            outcomes.append(GameOutcome(plan, result, result, [], {}, game.decisions, None, names))
        return outcome_from_games(spec.players, outcomes)


def calibrate(thresholds: tuple[int, ...], rules: str, groups: int) -> list[tuple[str, float]]:
    """Mean place of each policy over ``groups`` random 3-player duplicate groups."""
    loaded = load_rules("dice", rules)
    rng = random.Random(12345)
    names = [f"T{t}" for t in thresholds]
    places: dict[str, list[int]] = {n: [] for n in names}
    for group in range(groups):
        trio = rng.sample(range(len(thresholds)), 3)
        for plan in plan_games(3, 6, derive_int(7, "calibrate", group), rotate=True):
            seats = [trio[i] for i in plan.seating]
            policies = [threshold_policy(thresholds[i]) for i in seats]
            game = play_game("dice", policies, int(plan.seed, 16), loaded, keep_record=False)
            for seat, index in enumerate(seats):
                places[names[index]].append(game.result.places[seat])
    return [(n, statistics.fmean(p)) for n, p in places.items()]


def discordant(ranking: list[str], truth: list[str]) -> int:
    """Pairs of entrants the ranking puts in the wrong order (0 = the true order)."""
    where = {name: index for index, name in enumerate(ranking)}
    return sum(where[a] > where[b] for i, a in enumerate(truth) for b in truth[i + 1 :])


def converge(
    thresholds: tuple[int, ...],
    seed: int,
    uniform: bool,
    rules: str,
    horizon: int,
    stable: int,
    window: int,
    folder: Path,
) -> tuple[int | None, float]:
    """(matches until converged or None, mean discordant pairs over the first ``window``)."""
    field = {f"T{t}": f"sim:{t}" for t in thresholds}
    truth = list(field)  # strongest first
    path = new_ladder(folder, field, rules=rules, seed=seed)
    reader = sqlite3.connect(path)
    stop = asyncio.Event()
    streak = [0]
    converged: list[int] = []
    errors: list[int] = []

    def on_recorded(count: int, leader: store.Entrant | None) -> None:
        rows = reader.execute("SELECT name, mu, sigma FROM entrants").fetchall()
        rows.sort(key=lambda r: (-(r[1] - 3 * r[2]), r[0]))  # as the standings rank
        wrong = discordant([r[0] for r in rows], truth)
        errors.append(wrong)
        streak[0] = streak[0] + 1 if wrong == 0 else 0
        if streak[0] == stable and not converged:
            converged.append(count - stable + 1)  # the match count where the stretch began
        if converged and count >= window:
            stop.set()  # the run loop claims nothing more

    play(path, SimulatedExecutor(), horizon, 1, uniform=uniform, on_recorded=on_recorded, stop=stop)
    reader.close()
    return (converged[0] if converged else None), statistics.fmean(errors[:window])


def convergence(
    size: int, seeds: int, horizon: int, stable: int, window: int, rules: str, groups: int
) -> None:
    thresholds = FIELDS[size]
    print(f"## (b) convergence: field T{thresholds} (stop at turn total >= T), 3-player dice,")
    print(f"##     {rules} rules, simulated executor; converged = ranking by mu-3sigma equals")
    print(f"##     the true order for {stable} consecutive matches; horizon {horizon} matches;")
    print(f"##     also: mean number of discordant pairs over the first {window} matches")
    print(f"calibration (mean place over {groups} random duplicate groups, lower is better):")
    table = calibrate(thresholds, rules, groups)
    print("   " + "  ".join(f"{n} {p:.3f}" for n, p in table))
    order = [n for n, _ in sorted(table, key=lambda x: x[1])]
    same = order == [n for n, _ in table]
    print(f"   measured order {'matches' if same else 'DIFFERS FROM'} the assumed one")
    for label, uniform in (("scheduler", False), ("random pairing", True)):
        found: list[int | None] = []
        area: list[float] = []
        started = time.perf_counter()
        for seed in range(1, seeds + 1):
            with tempfile.TemporaryDirectory(prefix="ladder-conv-") as folder:
                matches, wrong = converge(
                    thresholds, seed, uniform, rules, horizon, stable, window, Path(folder)
                )
            found.append(matches)
            area.append(wrong)
        elapsed = time.perf_counter() - started
        hit = [m for m in found if m is not None]
        summary = (
            f"mean {statistics.fmean(hit):.0f}, median {statistics.median(hit):.0f}"
            if hit
            else "never"
        )
        # Runs that never converged count as the horizon: a lower bound of the mean.
        bound = statistics.fmean(horizon if m is None else m for m in found)
        print(
            f"{label:15}: converged in {len(hit)}/{seeds} runs; matches needed: {summary}"
            f" (non-converged as {horizon}: mean {bound:.0f}); discordant pairs over the first"
            f" {window}: {statistics.fmean(area):.2f} ({elapsed:.0f} s)"
        )
        print(f"{'':17}per seed {['-' if m is None else m for m in found]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["throughput", "convergence", "all"], default="all")
    parser.add_argument("--matches", type=int, default=24, help="Throughput: matches a setting.")
    parser.add_argument("--rules", default="classic", help="Throughput: dice preset.")
    parser.add_argument("--seeds", type=int, default=20, help="Convergence: ladders per policy.")
    parser.add_argument("--horizon", type=int, default=600, help="Convergence: matches a run.")
    parser.add_argument("--stable", type=int, default=50, help="Convergence: stretch length.")
    parser.add_argument("--conv-rules", default="simple", help="Convergence: dice preset.")
    parser.add_argument("--calibrate", type=int, default=300, help="Calibration groups.")
    parser.add_argument("--field", type=int, choices=sorted(FIELDS), default=6)
    parser.add_argument("--window", type=int, default=100, help="Discordant-pairs window.")
    args = parser.parse_args()
    print(
        f"# ladder benchmark · {platform.python_implementation()} {platform.python_version()}"
        f" · {os.cpu_count()} CPUs · load average {os.getloadavg()[0]:.1f}"
    )
    if args.part in ("throughput", "all"):
        throughput(args.matches, args.rules)
    if args.part in ("convergence", "all"):
        convergence(
            args.field,
            args.seeds,
            args.horizon,
            args.stable,
            args.window,
            args.conv_rules,
            args.calibrate,
        )


if __name__ == "__main__":
    main()
