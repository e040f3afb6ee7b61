#!/usr/bin/env python3
"""How long ``thousand analyse`` takes: a two-player dice game (aim: under 50 ms), a dice game
under another preset (the expert's estimate), and a card decision at the default budget (the
worlds it samples in that time) under classic, dark (blind bidding) and duel (two players).

The games are played first by ``thousand match`` with real bot processes (the dice expert
against the example bot under classic; three random card bots), written as replays to a
temporary folder; then each is analysed in this process. The solved table is loaded once, as a
command loads it, and timed apart.

    python bench/analysis.py                 # 10 dice games, the first card deal of each table
    python bench/analysis.py --dice-games 30 --card-decisions 40
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]  # bench/referee.py

from referee.analysis.cards import Budget  # noqa: E402
from referee.analysis.dice_estimate import dice_expert  # noqa: E402
from referee.analysis.dice_table import load_table  # noqa: E402
from referee.analysis.games import analyse_file  # noqa: E402
from referee.analysis.report import Decision  # noqa: E402
from referee.replay.frames import load_frames  # noqa: E402

ROOT = HERE.parent


CARD_TABLES = (("classic", 3), ("dark", 3), ("duel", 2))


def play(
    folder: Path, game: str, games: int, bots: list[str], rules: str = "classic"
) -> list[Path]:
    command = [sys.executable, "-m", "referee.cli.main", "match", "--game", game, "--rules", rules]
    command += ["--games", str(games), "--seed", "32", "--replays", str(folder), *bots]
    subprocess.run(command, check=True, capture_output=True)
    return sorted(folder.glob("match-*/game-*.jsonl"))


def dice(folder: Path, games: int) -> None:
    expert = f"{sys.executable} {ROOT / 'bots' / 'dice_expert.py'}"
    example = f"{sys.executable} {ROOT / 'bots' / 'dice_bot.py'}"
    files = play(folder / "dice", "dice", games, [expert, example])
    began = time.perf_counter()
    load_table()
    print(f"dice: the solved table loaded in {(time.perf_counter() - began) * 1000:.0f} ms")
    times, decisions, steps = [], [], []
    for path in files:
        load_table().clear_turns()  # each game afresh: no turn pass left from the last one
        began = time.process_time()  # CPU: the machine is shared, wall time says its load
        analysis = analyse_file(path)
        times.append((time.process_time() - began) * 1000)
        decisions.append(len(analysis.decisions))
        steps.append(len(load_frames(path).frames) - 1)
    print(
        f"dice: {len(files)} two-player classic games ({statistics.mean(steps):.0f} steps, "
        f"{statistics.mean(decisions):.0f} decisions on average): "
        f"median {statistics.median(times):.1f} ms CPU a game, min {min(times):.1f}, "
        f"max {max(times):.1f}"
    )


def dice_estimate(folder: Path, games: int) -> None:
    expert = f"{sys.executable} {ROOT / 'bots' / 'dice_expert.py'}"
    example = f"{sys.executable} {ROOT / 'bots' / 'dice_bot.py'}"
    files = play(folder / "ussr", "dice", games, [expert, example], rules="ussr")
    began = time.perf_counter()
    dice_expert()  # read once per process, as the solved table is: timed apart, as it is
    loaded = (time.perf_counter() - began) * 1000
    times, decisions = [], []
    for path in files:
        began = time.process_time()
        analysis = analyse_file(path)
        times.append((time.process_time() - began) * 1000)
        decisions.append(len(analysis.decisions))
    print(
        f"dice, ussr (the expert's estimate): {len(files)} games ({statistics.mean(decisions):.0f}"
        f" decisions on average): median {statistics.median(times):.1f} ms CPU a game, "
        f"min {min(times):.1f}, max {max(times):.1f} (the expert loaded before, in {loaded:.0f} "
        "ms; the first game builds the preset's turn values)"
    )


def first_plays(path: Path, plays: int) -> Path:
    """The game cut after its first ``plays`` card plays (an unfinished replay): the bids,
    gives and contracts before them are analysed too."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    kept, seen = lines[:1], 0
    for line in lines[1:]:
        if seen == plays:
            break
        kept.append(line)
        seen += '"type":"play"' in line.replace(" ", "").split('"events"')[0]
    out = path.with_name("first-plays.jsonl.part")
    out.write_text("".join(kept), encoding="utf-8")
    return out


def kind(decision: Decision) -> str:
    """A decision's kind for the report: its phase, a blind seat's bidding apart."""
    blind = any(o.action.get("type") == "look" for o in decision.options)
    return "blind" if blind else decision.phase


def cards(folder: Path, decisions: int, budget_ms: float, rules: str, players: int) -> None:
    files = play(folder / f"cards-{rules}", "cards", 1, ["builtin:random"] * players, rules)
    path = first_plays(files[0], decisions)
    began = time.process_time()
    analysis = analyse_file(path, None, Budget(cpu_ms=budget_ms, samples=10**9))
    spent = (time.process_time() - began) * 1000
    sampled = [d for d in analysis.decisions if d.options[0].samples]
    worlds = [d.options[0].samples or 0 for d in sampled]
    print(
        f"cards, {rules}: {len(analysis.decisions)} decisions up to play {decisions} "
        f"({len(sampled)} not forced) at "
        f"--budget-ms {budget_ms:.0f}: {spent / max(len(sampled), 1):.0f} ms CPU a decision, "
        f"median {statistics.median(worlds):.0f} worlds (min {min(worlds)}, max {max(worlds)})"
    )
    for name in sorted({kind(d) for d in sampled}):
        some = [d.options[0].samples or 0 for d in sampled if kind(d) == name]
        print(f"  {name}: {len(some)} decisions, median {statistics.median(some):.0f} worlds")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dice-games", type=int, default=10)
    parser.add_argument("--card-decisions", type=int, default=24, help="card plays to analyse")
    parser.add_argument("--budget-ms", type=float, default=200.0)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        dice(Path(folder), args.dice_games)
        dice_estimate(Path(folder), args.dice_games)
        for rules, players in CARD_TABLES:
            cards(Path(folder), args.card_decisions, args.budget_ms, rules, players)
    return 0


if __name__ == "__main__":
    sys.exit(main())
