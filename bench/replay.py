"""Replay files: size per game (plain and gzip), verify speed, and flat memory for big folders.

Plays GAMES dice games (2 built-in random players, in-process: this measures replays, not bots)
and CARD_GAMES 3-player card games into a temporary folder as .jsonl.gz, then runs
the streaming verify and summary in child processes over the first tenth and over the whole
folder, reporting games/s and each child's peak RSS (VmHWM): streaming means the peak does not
grow with the number of files.  Usage: python bench/replay.py [--games 10000] [--card-games 50]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.games.match_types import MatchConfig  # noqa: E402
from referee.games.tables import run_match  # noqa: E402
from referee.players.botspec import parse_bot  # noqa: E402
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


CHILD = """
import sys, time
from pathlib import Path
from referee.replay.reader import replay_files
from referee.replay.summary import summarise
from referee.replay.verify import verify_file
work = verify_file if sys.argv[1] == "verify" else summarise
start = time.perf_counter()
count = 0
for path in replay_files([Path(sys.argv[2])]):
    result = work(path)
    if sys.argv[1] == "verify" and not result.ok:
        raise SystemExit(f"{path}: {result.message}")
    count += 1
elapsed = time.perf_counter() - start
peak = [l for l in open("/proc/self/status") if l.startswith("VmHWM")][0].split()[1]
print(count, elapsed, peak)
"""


def child(kind: str, folder: Path) -> tuple[int, float, int]:
    """Games, seconds and peak resident memory (KiB) of ``verify``/``summary`` over a folder,
    in a fresh interpreter. Peak from VmHWM, which exec resets: a forked child's ru_maxrss
    would carry this benchmark's own size."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, kind, str(folder)],
        capture_output=True,
        text=True,
        check=True,
    )
    count, elapsed, peak = done.stdout.split()
    return int(count), float(elapsed), int(peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--card-games", type=int, default=50)
    args = parser.parse_args()
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
        for label, folder in (("a tenth", small), ("all", dice)):
            for kind in ("verify", "summary"):
                count, elapsed, peak = child(kind, folder)
                print(
                    f"  {kind} {label} ({count} games): {count / elapsed:,.0f} games/s, "
                    f"peak RSS {peak / 1024:.0f} MiB"
                )
        count, elapsed, peak = child("verify", cards)
        print(f"  verify cards ({count} games): {count / elapsed:.1f} games/s")


if __name__ == "__main__":
    main()
