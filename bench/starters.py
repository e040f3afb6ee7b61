"""The starter kits (bots/starters/*, issue 33): their speed beside the example bots and the
referee's instant-bot floor, their build time, and their size.

Each kit found under bots/starters/ is copied without what its .gitignore names and built with
the ``build`` line of its bot.toml, in the build sandbox's environment (its PATH, HOME = the
kit), timed. A kit whose build fails (its toolchain is missing) is reported and left out.

Speed: ``--games`` games of each game between the bot and ``builtin:random`` (cards: two), played
through the real referee (processes, clocks, engine; no replay): wall µs per decision from the
end of the first game to the end of the last (the bots' start-up left out, as bench/referee.py
does), and decisions/s. All seats' decisions are counted; the built-in ones cost next to
nothing, and are the same for every bot. Beside the kits: bots/dice_bot.py (dice) and
bots/card_bot.py (cards), the example bots the issue asks the kits to be at least as fast as,
and bench/instant_bot.c answering a random legal action: the floor, a bot that costs nothing.
The bots take turns within each of ``--rounds`` rounds (the machine's speed drifts); each figure
is the median over the rounds.

``--from-clone``: the time from a fresh ``git clone`` of this checkout to a passing
``thousand bots check`` (build included) of each kit, one after the other.

Usage: python bench/starters.py [--games N] [--rounds R] [--from-clone]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# This folder holds scripts named like the packages they measure: keep it off the import path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.games.match_types import GameOutcome, MatchConfig  # noqa: E402
from referee.games.tables import run_match  # noqa: E402
from referee.players.botspec import parse_bot  # noqa: E402
from referee.players.sandbox import Sandbox, build_env  # noqa: E402
from referee.players.time_control import TimeControl  # noqa: E402
from thousand.rules_io import load_rules  # noqa: E402

ROOT = HERE.parent
STARTERS = ROOT / "bots" / "starters"
OPPONENTS = {"dice": ["builtin:random"], "cards": ["builtin:random", "builtin:random"]}
EXAMPLES = {
    "dice": f"{sys.executable} {ROOT / 'bots' / 'dice_bot.py'}",
    "cards": f"{sys.executable} {ROOT / 'bots' / 'card_bot.py'}",
}


def copy_kit(kit: Path, folder: Path) -> Path:
    """The kit as a fresh clone has it: without what its .gitignore names."""
    ignore = kit / ".gitignore"
    lines = ignore.read_text().splitlines() if ignore.is_file() else []
    patterns = [p.strip("/") for p in lines if p.strip() and not p.startswith("#")]
    target = folder / kit.name
    shutil.copytree(kit, target, ignore=shutil.ignore_patterns(*patterns))
    return target


def manifest(kit: Path) -> dict[str, Any]:
    with open(kit / "bot.toml", "rb") as handle:
        return tomllib.load(handle)


def build_argv(line: str | list[str]) -> list[str]:
    """bot.toml's ``build``: a string is a shell line, a list the argv (docs/server.md)."""
    return ["/bin/sh", "-c", line] if isinstance(line, str) else [str(word) for word in line]


def command_of(kit: Path) -> str:
    """The kit as one BOT argument: a manifest written beside its bot.toml (which holds
    ``build``, a key only the contest server reads), so that its command's relative paths
    (``./bot``, ``node dist/main.js``) are resolved in the kit's folder."""
    written = kit / "bench-manifest.json"
    written.write_text(json.dumps({"command": manifest(kit)["command"]}))
    return str(written)


def build(kit: Path) -> float:
    """Seconds the kit's build line took; CalledProcessError when it failed."""
    argv = build_argv(manifest(kit)["build"])
    start = time.perf_counter()
    subprocess.run(argv, cwd=kit, env=build_env(str(kit)), check=True, capture_output=True)
    return time.perf_counter() - start


def lines_of(kit: Path) -> tuple[int, int]:
    """(files, non-blank lines) of the kit's source, README, bot.toml and field list included."""
    files = [p for p in kit.rglob("*") if p.is_file()]
    text = [p.read_text(errors="replace") for p in files]
    return len(files), sum(1 for t in text for line in t.splitlines() if line.strip())


def per_decision(game: str, bot: str, games: int) -> float:
    """Wall µs a decision, start-up and first game left out (bench/referee.py's measure)."""
    marks: list[tuple[float, int]] = []

    faults: list[str] = []

    def on_game(outcome: GameOutcome) -> bool:
        marks.append((time.perf_counter(), outcome.decisions))
        faults.extend(str(fault.kind) for fault in outcome.faults)
        return False

    config = MatchConfig(
        game=game,
        rules=load_rules(game, "classic"),
        bots=[parse_bot(b) for b in [bot, *OPPONENTS[game]]],
        games=games,
        seed=1,
        time=TimeControl(startup=10, bank=60, per_move=10),
        sandbox=Sandbox(),
    )
    asyncio.run(run_match(config, on_game))
    if faults:  # the fallback played its seat: no figure of the bot's own
        raise RuntimeError(f"{bot} faulted: {sorted(set(faults))}")
    decisions = sum(count for _, count in marks[1:])
    return (marks[-1][0] - marks[0][0]) / decisions * 1e6


def speed(bots: dict[str, str], games: int, rounds: int) -> None:
    for game in ("dice", "cards"):
        players = {**bots, f"example ({Path(EXAMPLES[game].split()[-1]).name})": EXAMPLES[game]}
        times: dict[str, list[float]] = {name: [] for name in players}
        for _ in range(rounds):
            for name, command in list(players.items()):
                try:
                    times[name].append(per_decision(game, command, games))
                except RuntimeError as error:
                    print(f"{name}: left out of {game}: {error}")
                    del players[name], times[name]
        floor = statistics.median(times["instant (floor)"])
        print(f"\n{game}: {games} games a round, {rounds} rounds, medians")
        print(f"{'bot':<28} {'µs/decision':>12} {'decisions/s':>12} {'× floor':>8}")
        for name, values in times.items():
            us = statistics.median(values)
            print(f"{name:<28} {us:12.1f} {1e6 / us:12,.0f} {us / floor:8.2f}")


def from_clone(kits: list[str]) -> None:
    """Per kit: a fresh clone, then its build and ``thousand bots check``, timed together."""
    thousand = shutil.which("thousand") or "thousand"
    for kit in kits:
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            subprocess.run(["git", "clone", "-q", str(ROOT), folder], check=True)
            copy = Path(folder) / "bots" / "starters" / kit
            if not copy.is_dir():
                print(f"{kit:<12} not committed yet: left out")
                continue
            build(copy)
            built = time.perf_counter() - start
            done = subprocess.run(
                [thousand, "bots", "check", command_of(copy)], capture_output=True, text=True
            )
            total = time.perf_counter() - start
            verdict = "passed" if done.returncode == 0 else f"FAILED ({done.returncode})"
            print(f"{kit:<12} clone+build {built:6.1f} s, +bots check {total:6.1f} s: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--from-clone", action="store_true", help="time clone, build, check")
    args = parser.parse_args()
    kits = sorted(p.name for p in STARTERS.iterdir() if (p / "bot.toml").is_file())
    if args.from_clone:
        from_clone(kits)
        return
    with tempfile.TemporaryDirectory() as folder:
        instant = Path(folder) / "instant_bot"
        subprocess.run(["cc", "-O2", "-o", str(instant), str(HERE / "instant_bot.c")], check=True)
        bots = {"instant (floor)": f"{instant} --random"}
        print(f"{'kit':<12} {'build s':>8} {'files':>6} {'lines':>6}")
        for kit in kits:
            copy = copy_kit(STARTERS / kit, Path(folder))
            files, lines = lines_of(copy)
            try:
                seconds = build(copy)
            except (subprocess.CalledProcessError, OSError) as error:
                print(f"{kit:<12} build failed, left out: {error}")
                continue
            print(f"{kit:<12} {seconds:8.1f} {files:6d} {lines:6d}")
            bots[f"starter-{kit}"] = command_of(copy)
        speed(bots, args.games, args.rounds)


if __name__ == "__main__":
    main()
