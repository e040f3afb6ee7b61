"""Replay files: size per game (plain and gzip), verify speed, and flat memory for big folders.

Plays GAMES dice games (2 built-in random players, in-process: this measures replays, not bots)
and CARD_GAMES 3-player card games into a temporary folder as .jsonl.gz, then runs
`thousand replay verify` and `summary` as child processes over the first tenth and over the
whole folder, reporting games/s and each child's peak RSS: streaming means the peak does not
grow with the number of files.  Usage: python bench/replay.py [--games 10000] [--card-games 50]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.botspec import parse_bot  # noqa: E402
from referee.match import MatchConfig, run_match  # noqa: E402
from thousand.rules_io import load_rules  # noqa: E402


def make(folder: Path, game: str, players: int, games: int) -> float:
    config = MatchConfig(
        game=game,
        rules=load_rules(game, "classic"),
        bots=[parse_bot("builtin:random")] * players,
        games=games,
        seed=1,
        replays=folder,
        compress=True,
    )
    start = time.perf_counter()
    asyncio.run(run_match(config))
    return time.perf_counter() - start


def sizes(folder: Path) -> tuple[float, float]:
    files = sorted(folder.glob("*.jsonl.gz"))
    packed = sum(f.stat().st_size for f in files)
    plain = sum(len(gzip.decompress(f.read_bytes())) for f in files)
    return plain / len(files), packed / len(files)


def child(argv: list[str]) -> tuple[float, int]:
    """Wall seconds and peak RSS (KiB) of one child process (its own rusage, via wait4)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.perf_counter() - start
    if process.returncode != 0:
        raise SystemExit(f"{argv} failed with {process.returncode}")
    return elapsed, usage.ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--card-games", type=int, default=50)
    args = parser.parse_args()
    thousand = shutil.which("thousand") or "thousand"
    with tempfile.TemporaryDirectory(prefix="thousand-replay-bench-") as tmp:
        root = Path(tmp)
        cards = root / "cards"
        spent = make(cards, "cards", 3, args.card_games)
        plain, packed = sizes(cards)
        print(f"cards, 3 random players, {args.card_games} games ({spent:.1f} s to play):")
        print(f"  per game: {plain / 1024:.0f} KiB plain, {packed / 1024:.0f} KiB gzip")
        dice = root / "dice"
        small = root / "dice-tenth"
        spent = make(dice, "dice", 2, args.games)
        plain, packed = sizes(dice)
        print(f"dice, 2 random players, {args.games} games ({spent:.1f} s to play):")
        print(f"  per game: {plain / 1024:.1f} KiB plain, {packed / 1024:.1f} KiB gzip")
        small.mkdir()
        for f in sorted(dice.glob("*.jsonl.gz"))[: args.games // 10]:
            shutil.copy(f, small / f.name)
        for label, folder, count in (
            ("a tenth", small, args.games // 10),
            ("all", dice, args.games),
        ):
            wall, peak = child([thousand, "replay", "verify", "--quiet", str(folder)])
            print(
                f"  verify {label} ({count} games): {count / wall:,.0f} games/s, "
                f"child peak RSS {peak / 1024:.0f} MiB"
            )
            wall, peak = child([thousand, "replay", "summary", str(folder)])
            print(
                f"  summary {label} ({count} games): {count / wall:,.0f} games/s, "
                f"child peak RSS {peak / 1024:.0f} MiB"
            )
        wall, peak = child([thousand, "replay", "verify", "--quiet", str(cards)])
        print(f"  verify cards ({args.card_games} games): {args.card_games / wall:.1f} games/s")


if __name__ == "__main__":
    main()
