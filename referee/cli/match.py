"""``thousand match`` behind the click layer: resolve inputs, run with live progress, report.

Separate from cli.py so that the command's work can be called (and tested) without click, and
so that cli.py stays a list of options.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import orjson
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from referee.errors import report_error, warn, warning_line
from referee.games.chance import fresh_seed
from referee.games.match import GameOutcome, MatchConfig, duplicate_seatings
from referee.games.matchfolders import (
    FolderError,
    new_match_folder,
    temporary_log_folder,
    tidy_temporary_logs,
)
from referee.games.report import count, match_document, print_report
from referee.games.resume import (
    ResumeError,
    RunManifest,
    finished_games,
    logs_folder,
    resume_run,
    time_to_json,
    write_manifest,
)
from referee.games.stats import Sprt, SprtTally, parse_sprt
from referee.games.tables import run_match
from referee.players.botspec import BotSpecError, parse_bot
from referee.players.players import TimeControl
from referee.players.sandbox import Sandbox, SandboxError, resolve
from referee.running import Running
from referee.safetext import for_rich, for_terminal
from thousand.errors import RulesError
from thousand.registry import game_spec
from thousand.rules_io import load_rules


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
    resume: str | None = None,
    executor: str = "local",
    pin: bool = False,
) -> int:
    cluster = None
    if executor != "local":
        from referee.cluster.match import open_cluster

        try:
            cluster = open_cluster(executor)
        except ValueError as error:
            return report_error(str(error))
    resumed = None
    if resume is not None:
        # Everything but the output options comes from the run's manifest: the same bots
        # (checked by digest), seed, rules and clocks, so the games still to play are the
        # games the interrupted run would have played.
        if bots:
            return report_error("--resume takes the bots from the run's manifest: give no BOT")
        try:
            resumed = resume_run(Path(resume), "match")
        except ResumeError as error:
            return report_error(str(error))
        if resumed.warning is not None:
            warn(resumed.warning)
        options = resumed.manifest.options
        game, rules_arg = resumed.manifest.game, resumed.manifest.rules_label
        bots, seed = tuple(resumed.manifest.bots), resumed.manifest.seed
        time, sandbox = resumed.time, resumed.sandbox
        # Only the reading of the manifest's own options is its damage; any other error in
        # resuming is a bug of ours, which must not be reported as the user's file.
        try:
            games, rotate = int(options["games"]), bool(options["rotate"])
            concurrency, compress = int(options["concurrency"]), bool(options["compress"])
            sprt_text = options.get("sprt")
        except (KeyError, TypeError, ValueError) as error:
            return report_error(f"the run manifest is damaged ({for_terminal(str(error), 80)})")
    elif not bots:
        return report_error("give the BOTs of the match (or --resume DIR)")
    try:
        rules = resumed.rules if resumed is not None else load_rules(game, rules_arg)
    except RulesError as error:
        return report_error(str(error))
    try:
        game_spec(game).check_players(rules, len(bots))
    except RulesError as error:
        return report_error(f"{error}{presets_hint(game, len(bots))}")
    try:
        specs = [parse_bot(b) for b in bots]
    except BotSpecError as error:
        return report_error(str(error))
    sprt: Sprt | None = None
    if sprt_text is not None:
        if len(bots) != 2:
            return report_error("--sprt needs exactly two bots")
        try:
            sprt = parse_sprt(sprt_text)
        except ValueError as error:
            return report_error(str(error))
    try:
        chosen, warning = resolve(sandbox or Sandbox())
    except SandboxError as error:
        return report_error(str(error))
    if warning is not None:
        warn(warning)
    if seed is None:
        seed = fresh_seed()  # secret until the report: no bot can derive the deals from it
    if rotate and chosen.mode != "bwrap" and resumed is None:
        warn(
            f"with --sandbox {chosen.mode} a bot can keep notes on disk "
            "from one seating of a duplicate deal to the next; a fair duplicate match needs "
            "--sandbox bwrap (docs/security.md, Fair play)"
        )
    temporary_logs = False
    try:
        # Every match in folders of its own: nothing of an earlier or a parallel match is
        # overwritten or appended to.
        if resumed is not None:
            replay_dir: Path | None = resumed.folder
        else:
            replay_dir = new_match_folder(Path(replays)) if replays else None
        if logs:
            log_dir = new_match_folder(Path(logs))
        elif resumed is not None:
            log_dir = logs_folder(resumed.folder)
        elif replay_dir is not None:
            log_dir = new_match_folder(replay_dir, "logs")
        else:
            log_dir = temporary_log_folder()
            temporary_logs = True  # removed at the end unless a log says something
    except (FolderError, ResumeError) as error:
        return report_error(str(error))
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
        cores=tuple(sorted(os.sched_getaffinity(0))) if pin else (),
    )
    total = planned_games(len(specs), games, rotate)
    if total != games:
        print(
            f"thousand: note: --rotate plays whole duplicate groups of "
            f"{len(duplicate_seatings(len(specs)))} games: {total} games, not {games}",
            file=sys.stderr,
        )
    config.games = total  # --rotate rounds up to whole groups: announce what will be played
    previous: list[GameOutcome] = []
    if resumed is not None:
        try:
            kept = finished_games(resumed.folder, len(specs), seed, rotate, total)
        except ResumeError as error:
            return report_error(str(error))
        previous = [kept[index] for index in sorted(kept)]
        config.only = tuple(index for index in range(total) if index not in kept)
        print(
            f"thousand: resuming {for_terminal(str(resumed.folder))}: "
            f"{count(len(previous), 'game')} finished, {count(len(config.only), 'game')} to play",
            file=sys.stderr,
        )
    elif replay_dir is not None:
        manifest = RunManifest(
            kind="match",
            cwd=str(Path.cwd()),
            bots=list(bots),
            digests=[spec.digest for spec in specs],
            game=game,
            rules_label=rules_arg,
            rules=rules.model_dump(mode="json"),
            seed=seed,
            options={
                "games": games,
                "rotate": rotate,
                "concurrency": concurrency,
                "compress": compress,
                "sprt": sprt_text,
                "time": time_to_json(time),
                "sandbox": (sandbox or Sandbox()).model_dump(mode="json"),
            },
        )
        try:
            write_manifest(replay_dir, manifest)
        except OSError as error:
            return report_error(_describe_failure(error, replay_dir, log_dir))
    err = Console(stderr=True)
    show_progress = err.is_terminal
    # A log (nohup, cron, CI) gets one line per finished game instead of a live bar.
    progress_lines = not as_json and not sys.stdout.isatty()
    stopped: list[str] = []
    done: list[GameOutcome] = list(previous)

    labels = BotLabels(config)
    for outcome in previous:
        labels.see(outcome)
    warned: set[int] = set()

    def warn_unstartable(outcome: GameOutcome) -> None:
        """A bot that cannot even start is said at once, with the reason (a program that
        cannot run in the sandbox, a bad hello), not only in the report at the end."""
        for fault in outcome.faults:
            if fault.move is not None or fault.kind == "absent" or fault.bot in warned:
                continue
            warned.add(fault.bot)
            name = labels.labels()[fault.bot]
            text = f"bot {fault.bot} ({name}) could not start: {fault.kind}: {fault.detail}"
            if show_progress:
                progress.console.print(for_rich(warning_line(text)), highlight=False)
            else:
                warn(text)

    def on_game(outcome: GameOutcome) -> bool:
        done.append(outcome)
        labels.see(outcome)
        warn_unstartable(outcome)
        if show_progress:
            progress.update(task, advance=1)
            if cluster is not None:  # workers, tasks in flight, rate
                progress.update(task, description=f"{game} match · {cluster.status()}")
        if progress_lines:
            print(game_line(outcome, len(done), total, labels.labels()), flush=True)
        return sprt_decided(outcome)

    # Only whole duplicate groups are samples: half a group still carries luck.
    tally = None
    if sprt is not None:
        tally = SprtTally(sprt, len(duplicate_seatings(len(specs))) if rotate else 0)
        for outcome in previous:
            tally.add(outcome)

    def sprt_decided(outcome: GameOutcome | None = None) -> bool:
        if tally is not None:
            if outcome is not None:
                tally.add(outcome)
            decision = tally.decide()
            if decision is not None:
                stopped.append(f"SPRT accepted {decision} after {count(len(done), 'game')}")
                return True
        return False

    if previous and sprt_decided():
        config.only = ()  # the interrupted run had already decided: nothing left to play

    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not show_progress,
        transient=True,
    )
    task = progress.add_task(f"{game} match", total=total, completed=len(previous))
    running = Running(
        # Said once: a second Ctrl-C during the bots' grace changes nothing.
        said="stopping: the games in play end now and their bots get their bye",
        say=err.print,
        # A file error inside a pipe callback (a bot's stderr log on a full disk) ends the
        # match with one line, as one in the game loop does.
        callback_oserrors=True,
    )
    with running:
        if cluster is not None:
            running.close_after(cluster.close)
        with progress:
            # With a cluster any failure is its own (a lost scheduler, no worker fit): a line.
            ended = running.run(
                _play(config, on_game, previous, cluster),
                errors=(OSError,) if cluster is None else (Exception,),
            )
    if ended.error is not None:
        return report_error(_describe_failure(ended.error, replay_dir, log_dir))
    if ended.result is None:  # cut short: the games finished until then
        outcomes = sorted(done, key=lambda o: o.plan.index)
        stopped.append(f"interrupted after {count(len(outcomes), 'game')}")
    else:
        outcomes = ended.result
    for outcome in outcomes:
        labels.see(outcome)
    names = labels.labels()
    if temporary_logs and not any(o.faults for o in outcomes) and tidy_temporary_logs(log_dir):
        config.logs = None  # every log was empty: nothing is left in the temporary folder
    document = match_document(config, names, outcomes, sprt, stopped[0] if stopped else None)
    if as_json:
        sys.stdout.buffer.write(orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n")
    else:
        out = Console()
        if not out.is_terminal:
            out = Console(width=120)  # a pipe or a log: room for the whole table
        print_report(document, out)
    for line in fault_log_lines(document, log_dir):
        print(f"thousand: {line}", file=sys.stderr)
    if ended.interrupted:
        if replay_dir is not None:
            print(
                f"thousand: continue with: thousand match --resume {for_terminal(str(replay_dir))}",
                file=sys.stderr,
            )
        return 130
    absent = never_played(outcomes, names)
    if absent:
        return report_error("; ".join(absent), code=NEVER_PLAYED)
    return 0


NEVER_PLAYED = 3
"""Exit code of a match in which some bot played no game at all (it never started)."""


def presets_hint(game: str, players: int) -> str:
    """Name the presets made for this many players (four bots at cards: ``--rules four``)."""
    fitting = [
        name
        for name, preset in game_spec(game).presets.items()
        if players in preset.allowed_players()  # type: ignore[attr-defined]
    ]
    if not fitting:
        return ""
    return f" (hint: for {players} players try --rules {' or --rules '.join(fitting)})"


def planned_games(players: int, games: int, rotate: bool) -> int:
    """Games the match will play, counted without planning them: --rotate plays whole
    duplicate groups, so ``games`` is rounded up to a multiple of the group size."""
    if not rotate:
        return games
    size = len(duplicate_seatings(players))
    return -(-games // size) * size


def game_line(outcome: GameOutcome, finished: int, total: int, names: list[str]) -> str:
    """One line per finished game for a log, as cutechess-cli prints: who scored what, why the
    game ended, and any fault."""
    seats = ", ".join(
        f"{names[bot]} {outcome.result.scores[seat]}"
        for seat, bot in sorted(
            enumerate(outcome.plan.seating), key=lambda pair: outcome.result.ranking.index(pair[0])
        )
    )
    line = f"game {finished} of {total} finished (#{outcome.plan.index}): {seats}"
    line += f" ({outcome.result.reason})"
    if outcome.faults:
        line += "; faults: " + ", ".join(f"{names[f.bot]} {f.kind}" for f in outcome.faults)
    return for_terminal(line)  # names are the bots' own text: shown, never obeyed


def never_played(outcomes: list[GameOutcome], names: list[str]) -> list[str]:
    """The bots that sat at tables but never played: in every game they were in, they faulted
    before the first move (could not start, or were absent after failing to start)."""
    reasons: dict[int, str] = {}
    seen: set[int] = set()
    played: set[int] = set()
    for outcome in outcomes:
        at_start = {f.bot: f for f in outcome.faults if f.move is None}
        for bot in outcome.plan.seating:
            seen.add(bot)
            fault = at_start.get(bot)
            if fault is None:
                played.add(bot)
            elif fault.kind != "absent":
                reasons.setdefault(bot, f"{fault.kind}: {fault.detail}")
    return [
        for_terminal(
            f"bot {bot} ({names[bot]}) never played a game: it could not start"
            + (f" ({reasons[bot]})" if bot in reasons else "")
        )
        for bot in sorted(seen - played)
    ]


def fault_log_lines(document: dict[str, Any], log_dir: Path) -> list[str]:
    """For every bot that faulted, where its stderr went: the first place to look."""
    lines = []
    for entry in document["bots"]:
        if not entry["fault_games"]:
            continue
        bot = entry["bot"]
        logs = sorted(log_dir.glob(f"bot{bot}-*.stderr.log"))
        where = ", ".join(str(p) for p in logs) if logs else f"none written (in {log_dir})"
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(entry["faults"].items()))
        lines.append(
            for_terminal(
                f"bot {bot} ({entry['name']}) faulted in {entry['fault_games']} "
                f"game{'' if entry['fault_games'] == 1 else 's'} ({kinds}); its stderr log: {where}"
            )
        )
    return lines


def _describe_failure(error: BaseException, replay_dir: Path | None, log_dir: Path) -> str:
    """One line for a match that could not go on: a disk that filled up, a folder that
    vanished. Replays already finished stay; games in progress are left as .part files."""
    if isinstance(error, OSError):
        where = error.filename or replay_dir or log_dir
        kept = (
            f"; finished replays are in {replay_dir}, games cut short are .part files"
            if replay_dir
            else ""
        )
        return f"cannot write {where}: {error.strerror or error}{kept}"
    return f"the match stopped: {error}"


async def _play(
    config: MatchConfig, on_game: Any, previous: list[GameOutcome], cluster: Any = None
) -> list[GameOutcome]:
    """The match's games: those a resumed run kept and those played now, in game order
    (here, or on a Dask cluster's workers: referee/cluster/match.py)."""
    played: list[GameOutcome] = []
    if config.only != () and cluster is not None:
        from referee.cluster.match import run_match_on_cluster

        played = await run_match_on_cluster(config, on_game, cluster=cluster)
    elif config.only != ():
        played = await run_match(config, on_game)
    return sorted([*previous, *played], key=lambda o: o.plan.index)


class BotLabels:
    """Bot names as the bots first announced them (their hello), else as given on the command
    line; two bots of one name are told apart as ``name#1``, ``name#2`` in bot order. The first
    name seen is kept, so the labels of the per-game lines and of the report agree, and a bot
    restarted for a later game cannot rename itself mid-match."""

    def __init__(self, config: MatchConfig) -> None:
        self.config = config
        self.announced: list[str | None] = [None] * len(config.bots)

    def see(self, outcome: GameOutcome) -> None:
        for seat, bot in enumerate(outcome.plan.seating):
            if self.announced[bot] is None:
                self.announced[bot] = outcome.names[seat]

    def labels(self) -> list[str]:
        chosen = [
            name or spec.name or spec.label
            for name, spec in zip(self.announced, self.config.bots, strict=True)
        ]
        return distinct_labels(chosen)


def distinct_labels(names: list[str]) -> list[str]:
    """``name#k`` for names that more than one bot of the match carries."""
    counts = Counter(names)
    seen: Counter[str] = Counter()
    labels = []
    for name in names:
        if counts[name] > 1:
            seen[name] += 1
            labels.append(f"{name}#{seen[name]}")
        else:
            labels.append(name)
    return labels
