"""Referee overhead: the pipe floor against the referee's cost per decision (issue: referee).

(a) floor: one ~240-byte JSON line to a child Python process and back, blocking reads, orjson.
(c) the compiled floor: the same with bench/echo_child.c as the child (built with cc; left out
    without one), once per placement; (b)/(c) is the issue's moonshot (at most 2x).
(b) a match between instant bots through the real referee (processes, clocks, engine, replay
    off): wall time per bot decision, for dice (2 players) and cards (3 players). The bots'
    start-up is not a decision's cost: (b) is timed from the end of the match's first game to
    the end of its last, over the decisions of the games between.
(a) and (b) are measured in pairs, --rounds times, each (b) right after its own (a): on a
    shared virtual machine the speed of both drifts by tens of per cent within minutes, and a
    floor measured once at the start would be compared with matches played minutes later.
    Each figure printed is the median over the rounds, the ratio the median of the rounds'
    ratios (with their range).
(a') the same-bytes floor: the very request lines of (b)'s first game, sent to the same
    instant bot in a bare blocking loop (no referee): what the pipe and the bot's parsing of
    those bytes cost. (b) - (a') is what the referee's own work adds.
(b) and (a') are measured four times: full requests, and lean ones (the instant bot's hello
    asks them to leave out the view and the events, protocol.md "hello"); each with the
    instant bot answering the first legal action (at cards it then passes every bid and
    concedes every deal: a deal every three decisions) and a seeded random legal action (its
    card games are played out, about thirty decisions a deal, as real games are).
Both are run with the same CPU placement; the ratios (b)/(a) are the issue's figures.
Also, per placement: what replays add per decision (plain and gzip), and full games/s of a
3-player card match and a 2-player dice match between stdlib random bots. Once, at every
core: decisions/s of instant-bot dice matches at --concurrency 1 and 2, free and pinned (tables
in their own processes: the factor says whether tables use the cores), and the referee's share
of all CPU time in a 3-player card match between bots/card_bot.py processes, free and pinned,
and (pinned) between instant bots that spend 0.25 and 1 ms of CPU a request (--think-ms).
The instant bot is bench/instant_bot.c, built with cc: the same answers as bench/instant_bot.py
at next to no cost of its own, so that (b) is the pipe and the referee, not a bot's parsing —
with the Python one, (a') alone (the bot reading full card requests, no referee at all) is
about twice the floor. The floor's child stays Python, as the issue defines it. Where cc cannot
build it (--instant auto, the default) or with --instant python, the Python instant bot plays,
and the first line printed says which.
Usage: python bench/referee.py [--placement one|two|both] [--games N] [--rounds R]
[--sandbox none|rlimits] [--instant auto|c|python] [--skip-extras | --extras-only]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import orjson

HERE = Path(__file__).resolve().parent
# This file is named like the package it measures: keep its folder off the import path.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.games.match_types import GameOutcome, MatchConfig  # noqa: E402
from referee.games.tables import run_match  # noqa: E402
from referee.players.botspec import parse_bot  # noqa: E402
from referee.players.sandbox import Sandbox  # noqa: E402
from referee.players.time_control import TimeControl  # noqa: E402
from thousand.rules_io import load_rules  # noqa: E402

ROOT = HERE.parent
SANDBOX = Sandbox()
"""The bots' sandbox in every match of the bench (``--sandbox``; the default is a match's)."""
INSTANT = f"{sys.executable} {HERE / 'instant_bot.py'}"
"""The instant bot's command (``--instant``): bench/instant_bot.py, or instant_bot.c built."""


def build_instant_c(folder: str) -> str:
    """bench/instant_bot.c built with the system's C compiler into ``folder``: its command;
    OSError or CalledProcessError when it cannot be built."""
    target = os.path.join(folder, "instant_bot")
    subprocess.run(["cc", "-O2", "-o", target, str(HERE / "instant_bot.c")], check=True)
    return target


def choose_instant(choice: str, folder: str) -> str:
    """Sets the instant bot's command for ``--instant``; what to call it in the header."""
    global INSTANT
    if choice == "python":
        return "python"
    try:
        INSTANT = build_instant_c(folder)
    except (OSError, subprocess.CalledProcessError) as error:
        if choice == "c":
            sys.exit(f"bench/referee.py: --instant c: cannot build bench/instant_bot.c: {error}")
        return f"python (bench/instant_bot.c could not be built: {error})"
    return "c"


def pin(cores: set[int]) -> None:
    os.sched_setaffinity(0, cores)


ECHO_C: str | None = None
"""bench/echo_child.c built (the compiled floor, the issue's moonshot), or None without cc."""


def build_echo_c(folder: str) -> str | None:
    """bench/echo_child.c built with the system's C compiler into ``folder``, or None."""
    target = os.path.join(folder, "echo_child")
    try:
        subprocess.run(["cc", "-O2", "-o", target, str(HERE / "echo_child.c")], check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return target


def floor_us(rounds: int, compiled: bool = False) -> float:
    """One request line to a child and back, the mean of ``rounds``: the Python echo child
    (the issue's floor), or with ``compiled`` bench/echo_child.c (the moonshot's floor)."""
    command = [ECHO_C] if compiled and ECHO_C else [sys.executable, str(HERE / "echo_child.py")]
    child = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert child.stdin is not None and child.stdout is not None
    payload = {"type": "request", "id": 0, "view": {"dice": [1, 5, 3, 3, 4], "pad": "x" * 180}}
    write, readline = child.stdin, child.stdout.readline
    for warm in range(200):
        payload["id"] = warm
        write.write(orjson.dumps(payload) + b"\n")
        write.flush()
        orjson.loads(readline())
    start = time.perf_counter()
    for i in range(rounds):
        payload["id"] = i
        write.write(orjson.dumps(payload) + b"\n")
        write.flush()
        orjson.loads(readline())
    elapsed = time.perf_counter() - start
    write.close()
    child.wait()
    return elapsed / rounds * 1e6


def match_rate(
    game: str,
    bots: list[str],
    games: int,
    seed: int = 1,
    *,
    replays: Path | None = None,
    compress: bool = False,
    concurrency: int = 1,
    cores: tuple[int, ...] = (),
    on_game: Callable[[GameOutcome], bool] | None = None,
) -> tuple[float, int, int]:
    """(seconds, games, decisions) of a match through the real referee."""
    config = MatchConfig(
        game=game,
        rules=load_rules(game, "classic"),
        bots=[parse_bot(b) for b in bots],
        games=games,
        seed=seed,
        time=TimeControl(startup=10, bank=60, per_move=10),
        replays=replays,
        compress=compress,
        concurrency=concurrency,
        cores=cores,
        sandbox=SANDBOX,
    )
    start = time.perf_counter()
    outcomes = asyncio.run(run_match(config, on_game))
    elapsed = time.perf_counter() - start
    return elapsed, len(outcomes), sum(o.decisions for o in outcomes)


def per_decision(game: str, bots: list[str], games: int, **options: object) -> float:
    """Wall µs a decision, the bots' start-up and first game left out: the time from the end
    of the first game to the end of the last, over the decisions of the games after the
    first (the bots live through the whole match, so no start-up lies between)."""
    marks: list[tuple[float, int]] = []

    def on_game(outcome: GameOutcome) -> bool:
        marks.append((time.perf_counter(), outcome.decisions))
        return False

    match_rate(game, bots, games, on_game=on_game, **options)  # type: ignore[arg-type]
    decisions = sum(count for _, count in marks[1:])
    return (marks[-1][0] - marks[0][0]) / decisions * 1e6


def paired(game: str, bots: list[str], games: int, rounds: int) -> tuple[float, float, list[float]]:
    """(median floor, median (b), the rounds' ratios): each round the floor, then the match."""
    floors, costs = [], []
    for _ in range(rounds):
        floors.append(floor_us(10000))
        costs.append(per_decision(game, bots, games))
    ratios = sorted(cost / floor for cost, floor in zip(costs, floors, strict=True))
    return statistics.median(floors), statistics.median(costs), ratios


def capture_here(game: str, bots: list[str]) -> list[tuple[int, bytes]]:
    """``captured_requests`` in this process, whose referee must be its Python source (its
    BotProcess.exchange is wrapped)."""
    from referee.players.process import BotProcess

    lines: list[tuple[int, bytes]] = []
    processes: dict[int, int] = {}
    exchange = BotProcess.exchange

    def capture(
        process: BotProcess, data: bytes, timeout: float, idle: Callable[[], None] | None = None
    ) -> tuple[bytes, float, float]:
        lines.append((processes.setdefault(id(process), len(processes)), data))
        return exchange(process, data, timeout, idle)

    BotProcess.exchange = capture  # type: ignore[method-assign,assignment]
    try:
        match_rate(game, bots, 1)
    finally:
        BotProcess.exchange = exchange  # type: ignore[method-assign]
    return lines


CAPTURE = (
    "import importlib.util, sys, orjson; sys.path.insert(0, sys.argv[1]); "
    "spec = importlib.util.spec_from_file_location('bench_referee', sys.argv[2]); "
    "bench = importlib.util.module_from_spec(spec); spec.loader.exec_module(bench); "
    f"lines = bench.{capture_here.__name__}(sys.argv[3], orjson.loads(sys.argv[4])); "
    "sys.stdout.buffer.write(orjson.dumps([[bot, line.decode()] for bot, line in lines]))"
)


def captured_requests(game: str, bots: list[str]) -> list[tuple[int, bytes]]:
    """The request lines the referee sends in a 1-game match, each with the number of the
    bot process it went to, in order. Captured by a child whose referee is the checkout's
    source (the installed one is compiled where the install compiled it, and its classes
    cannot be wrapped): the compiled referee sends the same bytes (tests/native)."""
    child = subprocess.run(
        [sys.executable, "-c", CAPTURE, str(ROOT), __file__, game, orjson.dumps(bots).decode()],
        capture_output=True,
        check=True,
    )
    return [(bot, line.encode()) for bot, line in orjson.loads(child.stdout)]


def same_bytes_floor_us(lines: list[tuple[int, bytes]], command: str, rounds: int = 20000) -> float:
    """(a'): the requests, in their order, each to its own instant bot process (as many as
    the match had: taking turns on a core costs the bots their caches), in a bare loop."""
    count = max(bot for bot, _ in lines) + 1
    children = [
        subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        for _ in range(count)
    ]
    pipes = []
    for child in children:
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(b'{"type":"hello","protocol":1}\n')
        child.stdin.flush()
        child.stdout.readline()
        pipes.append((child.stdin, child.stdout.readline))
    start = time.perf_counter()
    for number in range(-300, rounds):
        if number == 0:
            start = time.perf_counter()
        bot, line = lines[number % len(lines)]
        write, readline = pipes[bot]
        write.write(line)
        write.flush()
        readline()
    elapsed = time.perf_counter() - start
    for child in children:
        assert child.stdin is not None
        child.stdin.close()
        child.wait()
    return elapsed / rounds * 1e6


def run(placement: str, games: int, rounds: int) -> None:
    cores = sorted(os.sched_getaffinity(0))
    if placement == "one":
        pin({cores[0]})
    label = "one core" if placement == "one" else f"{len(cores)} cores"
    floor = floor_us(20000)
    instant = INSTANT
    print(f"[{label}] floor (a): {floor:.1f} µs per round trip (once, before the pairs)")
    compiled_floor = floor_us(20000, compiled=True) if ECHO_C else None
    if compiled_floor is not None:
        print(
            f"[{label}] compiled echo floor (c): {compiled_floor:.1f} µs per round trip "
            "(bench/echo_child.c; the moonshot: the referee within 2x of it)"
        )
    # Long matches: the per-decision figure leaves the start-up out, but not the deals.
    sizes = {"dice": (2, games * 5), "cards": (3, max(2, games // 2))}
    plain: dict[str, float] = {}
    # Full requests (what every bot gets unless its hello says otherwise), then lean ones
    # (the hello's "omit": a bot that reads only `legal` asks for neither view nor events).
    variants = (
        ("", instant),
        (" lean", f"{instant} --omit view,events"),
        (" random-choice", f"{instant} --random"),
        (" lean random-choice", f"{instant} --random --omit view,events"),
    )
    for kind, command in variants:
        for game, (players, count) in sizes.items():
            bots = [command] * players
            pair_floor, cost, ratios = paired(game, bots, count, rounds)
            plain.setdefault(game, cost)
            lines = captured_requests(game, bots)
            mean_size = sum(len(line) for _, line in lines) / len(lines)
            same = same_bytes_floor_us(lines, command)
            print(
                f"[{label}] referee (b), {game},{kind} instant bots: {cost:.1f} µs per "
                f"decision, {1e6 / cost:,.0f} decisions/s ({count} games); floor (a) "
                f"{pair_floor:.1f} µs; ratio (b)/(a): {statistics.median(ratios):.2f} "
                f"({ratios[0]:.2f}–{ratios[-1]:.2f} over {rounds} rounds)"
                + ("" if compiled_floor is None else f"; (b)/(c): {cost / compiled_floor:.2f}")
            )
            print(
                f"[{label}] same-bytes floor (a'), {game},{kind}: {same:.1f} µs per round trip "
                f"({len(lines)} requests of {mean_size:,.0f} B on average, to {players} bots); "
                f"(b)/(a'): "
                f"{cost / same:.2f}; the referee's own work (b)-(a'): {cost - same:.1f} µs"
            )
    with tempfile.TemporaryDirectory(prefix="thousand-bench-") as folder:
        for game, (players, count) in sizes.items():
            for compress in (False, True):
                target = Path(folder) / f"{game}-{compress}"
                cost = per_decision(
                    game, [instant] * players, count, replays=target, compress=compress
                )
                kind = "gzip" if compress else "plain"
                print(
                    f"[{label}] {game} with {kind} replays: {cost:.1f} µs per decision "
                    f"(+{cost - plain[game]:.1f} µs)"
                )
    random_bot = f"{sys.executable} {ROOT / 'bots' / 'random_bot.py'}"
    elapsed, played, _ = match_rate("cards", [random_bot] * 3, max(1, games // 5))
    print(f"[{label}] cards, 3 stdlib random bots: {played / elapsed:.2f} games/s")
    elapsed, played, _ = match_rate("dice", [random_bot] * 2, games)
    print(f"[{label}] dice, 2 stdlib random bots: {played / elapsed:.1f} games/s")
    pin(set(cores))


def scaling(games: int) -> None:
    """Decisions/s with 1 and 2 tables (instant bots, dice): does the referee use the cores?
    Free, and pinned (table i on core i, ``--pin``): a free table on an otherwise idle
    machine waits for the idle core's wake-ups, which two busy tables do not, so the free
    factor can exceed the number of tables; the pinned one says what the cores add."""
    instant = INSTANT
    cores = tuple(sorted(os.sched_getaffinity(0)))
    for label, pinned in (("free", False), ("pinned", True)):
        rates = []
        for tables in (1, 2):
            elapsed, played, decisions = match_rate(
                "dice",
                [instant] * 2,
                games * 5 * tables,
                concurrency=tables,
                cores=cores[:tables] if pinned else (),
            )
            rates.append(decisions / elapsed)
            print(
                f"[concurrency {tables}, {label}] dice, instant bots: "
                f"{decisions / elapsed:,.0f} decisions/s "
                f"({played} games on {tables} table{'s' if tables > 1 else ''})"
            )
        print(f"[concurrency, {label}] 2 tables / 1 table: {rates[1] / rates[0]:.2f}x")


def cpu_seconds_of(bot: str, games: int, cores: tuple[int, ...]) -> str:
    """A 3-player card match between ``bot`` processes, told as the CPU seconds of the referee
    (one table runs in a thread of this process, so this process's own CPU time is the
    referee's) and of the bots (its reaped children's)."""

    def used(who: int) -> float:  # getrusage, not os.times: µs, not clock ticks of 10 ms
        usage = resource.getrusage(who)
        return usage.ru_utime + usage.ru_stime

    referee, bots = -used(resource.RUSAGE_SELF), -used(resource.RUSAGE_CHILDREN)
    elapsed, played, decisions = match_rate("cards", [bot] * 3, games, cores=cores)
    referee += used(resource.RUSAGE_SELF)
    bots += used(resource.RUSAGE_CHILDREN)
    return (
        f"referee {referee:.3f} s, bots {bots:.3f} s of CPU; referee share "
        f"{100 * referee / (referee + bots):.1f} % ({played} games, {decisions} decisions, "
        f"{elapsed:.1f} s)"
    )


def cpu_share(games: int) -> None:
    """The referee's CPU time as a share of all CPU time in a card match between three
    bots/card_bot.py processes, with the table free and with it pinned to one core as
    ``thousand match --pin`` does; then, pinned, beside instant bots that spend a set CPU
    time a request: card_bot.py thinks about as long as the referee works on a decision,
    while the engines beside which cutechess-cli's share is measured search for milliseconds."""
    card_bot = f"{sys.executable} {ROOT / 'bots' / 'card_bot.py'}"
    first = min(os.sched_getaffinity(0))
    for label, cores in (("free", ()), ("--pin", (first,))):
        figures = cpu_seconds_of(card_bot, games, cores)
        print(f"[cpu share, {label}] cards, 3 card_bot.py: {figures}")
    for think in ("0.25", "1"):
        thinker = f"{sys.executable} {HERE / 'instant_bot.py'} --think-ms {think}"
        figures = cpu_seconds_of(thinker, games, (first,))
        print(f"[cpu share, --pin] cards, 3 instant bots thinking {think} ms a request: {figures}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--placement", choices=["one", "two", "both"], default="both")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument(
        "--rounds", type=int, default=3, help="Pairs of floor and match for each figure."
    )
    parser.add_argument(
        "--sandbox",
        choices=["none", "rlimits"],
        default="rlimits",
        help="The bots' sandbox (a match's default: rlimits, with cgroups where they can be "
        "made, and a PID namespace either way).",
    )
    parser.add_argument(
        "--instant",
        choices=["auto", "c", "python"],
        default="auto",
        help="The instant bot: bench/instant_bot.c built with cc (next to no cost of its own; "
        "the floor's child stays Python), or bench/instant_bot.py; auto: C where cc builds it.",
    )
    parser.add_argument("--skip-extras", action="store_true", help="Only the per-placement part.")
    parser.add_argument(
        "--extras-only", action="store_true", help="Only the extras (concurrency, CPU share)."
    )
    args = parser.parse_args()
    global SANDBOX, ECHO_C
    SANDBOX = Sandbox(mode=args.sandbox)
    with tempfile.TemporaryDirectory(prefix="thousand-bench-bot-") as built:
        instant = choose_instant(args.instant, built)
        ECHO_C = build_echo_c(built)
        print(
            f"python {sys.version.split()[0]}, {os.cpu_count()} cpus, sandbox {args.sandbox}, "
            f"instant bot {instant}"
        )
        placements = ("one", "two") if args.placement == "both" else (args.placement,)
        for placement in () if args.extras_only else placements:
            run(placement, args.games, args.rounds)
        if not args.skip_extras:
            scaling(args.games)
            cpu_share(max(2, args.games // 10))


if __name__ == "__main__":
    main()
