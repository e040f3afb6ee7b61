"""``thousand match`` behind the click layer: resolve inputs, run with live progress, report.

Separate from cli.py so that the command's work can be called (and tested) without click, and
so that cli.py stays a list of options.
"""

from __future__ import annotations

import asyncio
import random
import signal
import sys
from collections import Counter
from pathlib import Path

import orjson
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from referee.botspec import BotSpecError, parse_bot
from referee.match import GameOutcome, MatchConfig, duplicate_seatings, plan_games, run_match
from referee.players import TimeControl
from referee.report import match_document, print_report
from referee.sandbox import Sandbox, SandboxError, resolve
from referee.stats import Sprt, head_to_head_samples, parse_sprt
from thousand.errors import RulesError
from thousand.registry import game_spec
from thousand.rules_io import load_rules


def _error(message: str) -> int:
    print(f"thousand: error: {message}", file=sys.stderr)
    return 1


def run_match_command(
    *,
    bots: tuple[str, ...],
    game: str,
    rules_arg: str,
    games: int,
    seed: int | None,
    rotate: bool,
    time: TimeControl,
    concurrency: int,
    replays: str | None,
    compress: bool,
    logs: str | None,
    sprt_text: str | None,
    as_json: bool,
    sandbox: Sandbox | None = None,
) -> int:
    try:
        rules = load_rules(game, rules_arg)
        game_spec(game).check_players(rules, len(bots))
        specs = [parse_bot(b) for b in bots]
    except (RulesError, BotSpecError) as error:
        return _error(str(error))
    sprt: Sprt | None = None
    if sprt_text is not None:
        if len(bots) != 2:
            return _error("--sprt needs exactly two bots")
        try:
            sprt = parse_sprt(sprt_text)
        except ValueError as error:
            return _error(str(error))
    try:
        chosen, warning = resolve(sandbox or Sandbox())
    except SandboxError as error:
        return _error(str(error))
    if warning is not None:
        print(f"thousand: warning: {warning}", file=sys.stderr)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    replay_dir = Path(replays) if replays else None
    log_dir = Path(logs) if logs else (replay_dir / "logs" if replay_dir else None)
    for folder in (replay_dir, log_dir):
        if folder is not None:
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                return _error(f"cannot create folder {folder}: {error.strerror}")
    config = MatchConfig(
        game=game,
        rules=rules,
        rules_label=rules_arg,
        bots=specs,
        games=games,
        seed=seed,
        rotate=rotate,
        time=time,
        concurrency=concurrency,
        replays=replay_dir,
        logs=log_dir,
        compress=compress,
        sandbox=chosen,
    )
    total = len(plan_games(len(specs), games, seed, rotate))
    config.games = total  # --rotate rounds up to whole groups: announce what will be played
    err = Console(stderr=True)
    show_progress = err.is_terminal
    stopped: list[str] = []
    done: list[GameOutcome] = []

    def on_game(outcome: GameOutcome) -> bool:
        done.append(outcome)
        if show_progress:
            progress.update(task, advance=1)
        if sprt is not None:
            if rotate:
                # Only whole duplicate groups are samples: half a group still carries luck.
                sizes = Counter(o.plan.group for o in done)
                complete = [
                    o for o in done if sizes[o.plan.group] == len(duplicate_seatings(len(specs)))
                ]
                samples = head_to_head_samples(complete, True)
            else:
                samples = head_to_head_samples(done, False)
            decision = sprt.decide(samples)
            if decision is not None:
                stopped.append(f"SPRT accepted {decision} after {len(done)} games")
                return True
        return False

    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not show_progress,
        transient=True,
    )
    task = progress.add_task(f"{game} match", total=total)
    loop = asyncio.new_event_loop()
    main_task = loop.create_task(run_match(config, on_game))
    interrupted = False

    def interrupt() -> None:
        nonlocal interrupted
        interrupted = True
        main_task.cancel()

    loop.add_signal_handler(signal.SIGINT, interrupt)
    loop.add_signal_handler(signal.SIGTERM, interrupt)
    try:
        with progress:
            outcomes = loop.run_until_complete(main_task)
    except asyncio.CancelledError:
        outcomes = sorted(done, key=lambda o: o.plan.index)
        stopped.append(f"interrupted after {len(outcomes)} games")
    finally:
        loop.close()
    names = _names(config, outcomes)
    document = match_document(config, names, outcomes, sprt, stopped[0] if stopped else None)
    if as_json:
        sys.stdout.buffer.write(orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n")
    else:
        out = Console()
        if not out.is_terminal:
            out = Console(width=120)  # a pipe or a log: room for the whole table
        print_report(document, out)
    return 130 if interrupted else 0


def _names(config: MatchConfig, outcomes: list[GameOutcome]) -> list[str]:
    """Bot names as the bots announced them (their hello), else as given on the command line."""
    names = [spec.name or spec.label for spec in config.bots]
    for outcome in outcomes:
        for seat, bot in enumerate(outcome.plan.seating):
            names[bot] = outcome.names[seat]
    return names
