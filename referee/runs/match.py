"""A match run below the command line: prepare it, play it, document it.

``thousand match`` used to hold all of this inside its click function (resolving the bots and
the rules, the sandbox, the folders, the run manifest, resuming, the SPRT stop), where nothing
else could reuse it and no test could reach it without a process. Here a run is a value: the
command parses its options into a ``MatchRequest``, ``prepare_match`` turns it into a
``MatchSession`` (or refuses it with one line for a person, a ``ThousandError``), the command
plays it with its own display, and ``finish`` gives the document every report is made from.
What a run says before it plays (a weak sandbox, rounded games, a resume) goes to the
``warn``/``note`` callbacks as it happens: the session never prints.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.games.chance import fresh_seed
from referee.games.labels import BotLabels
from referee.games.match_types import GameOutcome, MatchConfig, duplicate_seatings, planned_games
from referee.games.matchfolders import new_match_folder, temporary_log_folder, tidy_temporary_logs
from referee.games.report import count, match_document
from referee.games.resume import (
    ResumedRun,
    RunManifest,
    finished_games,
    logs_folder,
    resume_run,
    time_to_json,
    write_manifest,
)
from referee.games.stats import Sprt, SprtTally, parse_sprt
from referee.games.tables import run_match
from referee.players.botspec import BotSpec, parse_bot
from referee.players.sandbox import Sandbox, resolve
from referee.players.time_control import TimeControl
from referee.safetext import for_terminal
from thousand.errors import RulesError, ThousandError
from thousand.registry import game_spec
from thousand.rules_io import load_rules

Say = Callable[[str], None]
OnGame = Callable[[GameOutcome], bool]


class RunRefused(ThousandError):
    """A run that cannot start as asked: the message is the one line a person reads."""


@dataclass(frozen=True)
class MatchRequest:
    """A match as a person asked for it, before anything is checked or opened. With
    ``resume`` the bots, rules and options come from the run's manifest instead."""

    bots: tuple[str, ...] = ()
    game: str = "cards"
    rules_arg: str = "classic"
    games: int = 10
    seed: int | None = None
    rotate: bool = False
    time: TimeControl = field(default_factory=TimeControl)
    concurrency: int = 1
    replays: Path | None = None
    compress: bool = False
    logs: Path | None = None
    sprt_text: str | None = None
    sandbox: Sandbox = field(default_factory=Sandbox)
    pin: bool = False
    executor: str = "local"
    resume: Path | None = None


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


def check_seats(game: str, rules: Any, players: int) -> None:
    """The rules seat this many players, or a refusal naming the presets that do."""
    try:
        game_spec(game).check_players(rules, players)
    except RulesError as error:
        raise RunRefused(f"{error}{presets_hint(game, players)}") from None


def unfair_duplicate(mode: str, what: str) -> str:
    """Why a duplicate run outside bwrap is not fair, said to someone who may only have
    wanted a demo: what can happen, and the one option that prevents it."""
    return (
        f"--sandbox {mode} lets a bot keep notes on disk, so in a duplicate {what} it could "
        "remember a deal from one seating to the next; fine for your own bots, but a fair "
        f"{what} between strangers' bots needs --sandbox bwrap (docs/security.md, Fair play)"
    )


def _from_manifest(request: MatchRequest, resumed: ResumedRun) -> MatchRequest:
    """The request a resumed run stands for: everything but where to report comes from its
    manifest. Only reading the manifest's own options is its damage; any other error in
    resuming is a bug of ours, which must not be reported as the person's file."""
    manifest, options = resumed.manifest, resumed.manifest.options
    try:
        return dataclasses.replace(
            request,
            bots=tuple(manifest.bots),
            game=manifest.game,
            rules_arg=manifest.rules_label,
            seed=manifest.seed,
            time=resumed.time,
            sandbox=resumed.sandbox,
            games=int(options["games"]),
            rotate=bool(options["rotate"]),
            concurrency=int(options["concurrency"]),
            compress=bool(options["compress"]),
            sprt_text=options.get("sprt"),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise RunRefused(f"the run manifest is damaged ({for_terminal(str(error), 80)})") from None


@dataclass
class MatchSession:
    """A match ready to play, and what it has played so far (kept as the games finish, so
    an interrupted run still reports them)."""

    config: MatchConfig
    sprt: Sprt | None
    tally: SprtTally | None
    previous: list[GameOutcome]
    labels: BotLabels
    log_dir: Path
    temporary_logs: bool
    cluster: Any = None
    done: list[GameOutcome] = field(default_factory=list)
    stopped: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.config.games

    def record(self, outcome: GameOutcome) -> bool:
        """Keep a finished game; True when the SPRT has decided and the match should stop."""
        self.done.append(outcome)
        self.labels.see(outcome)
        return self._decided(outcome)

    def _decided(self, outcome: GameOutcome | None = None) -> bool:
        if self.tally is None:
            return False
        if outcome is not None:
            self.tally.add(outcome)
        decision = self.tally.decide()
        if decision is None:
            return False
        self.stopped.append(f"SPRT accepted {decision} after {count(len(self.done), 'game')}")
        return True

    def play(self, on_game: OnGame) -> Coroutine[Any, Any, list[GameOutcome]]:
        """The match's games, kept and played now, in game order (here, or on a Dask
        cluster's workers: referee/cluster/match.py). ``on_game`` sees each new one after
        ``record`` and may stop the match too."""

        def seen(outcome: GameOutcome) -> bool:
            decided = self.record(outcome)
            return on_game(outcome) or decided

        return self._play(seen)

    async def _play(self, on_game: OnGame) -> list[GameOutcome]:
        played: list[GameOutcome] = []
        if self.config.only != () and self.cluster is not None:
            from referee.cluster.match import run_match_on_cluster

            played = await run_match_on_cluster(self.config, on_game, cluster=self.cluster)
        elif self.config.only != ():
            played = await run_match(self.config, on_game)
        return sorted([*self.previous, *played], key=lambda o: o.plan.index)

    def failed_errors(self) -> tuple[type[Exception], ...]:
        """What ends the run with one line instead of a traceback: a file error (a full disk,
        a vanished folder); with a cluster, any failure (a lost scheduler, no worker fit)."""
        return (OSError,) if self.cluster is None else (Exception,)

    def failure(self, error: BaseException) -> str:
        """One line for a match that could not go on. Replays already finished stay; games
        in progress are left as .part files."""
        replays = self.config.replays
        if isinstance(error, OSError):
            where = error.filename or replays or self.config.logs
            kept = (
                f"; finished replays are in {replays}, games cut short are .part files"
                if replays
                else ""
            )
            return f"cannot write {where}: {error.strerror or error}{kept}"
        return f"the match stopped: {error}"

    def finish(self, played: list[GameOutcome] | None) -> tuple[list[GameOutcome], dict[str, Any]]:
        """The games of the run (``played`` is None when it was cut short: the games finished
        until then) and its report document. A temporary log folder that holds nothing is
        removed and not named."""
        if played is None:
            played = sorted(self.done, key=lambda o: o.plan.index)
            self.stopped.append(f"interrupted after {count(len(played), 'game')}")
        for outcome in played:
            self.labels.see(outcome)
        if (
            self.temporary_logs
            and not any(o.faults for o in played)
            and tidy_temporary_logs(self.log_dir)
        ):
            self.config = dataclasses.replace(self.config, logs=None)
        document = match_document(
            self.config,
            self.labels.labels(),
            played,
            self.sprt,
            self.stopped[0] if self.stopped else None,
        )
        return played, document


def prepare_match(request: MatchRequest, *, warn: Say, note: Say) -> MatchSession:
    """Check everything a match needs before its first game and make its folders; raises a
    ``ThousandError`` (one line for a person) for anything wrong."""
    resumed = None
    if request.resume is not None:
        # Everything but the output options comes from the run's manifest: the same bots
        # (checked by digest), seed, rules and clocks, so the games still to play are the
        # games the interrupted run would have played.
        resumed = open_resumed(request.resume, request.bots, "match", warn)
        request = _from_manifest(request, resumed)
    elif not request.bots:
        raise RunRefused("give the BOTs of the match (or --resume DIR)")
    rules = resumed.rules if resumed is not None else load_rules(request.game, request.rules_arg)
    check_seats(request.game, rules, len(request.bots))
    specs = [parse_bot(b) for b in request.bots]
    sprt = _sprt(request)
    chosen, warning = resolve(request.sandbox)
    if warning is not None:
        warn(warning)
    if request.seed is None:
        # Secret until the report: no bot can derive the deals from it.
        request = dataclasses.replace(request, seed=fresh_seed())
    if request.rotate and chosen.mode != "bwrap" and resumed is None:
        warn(unfair_duplicate(chosen.mode, "match"))
    cluster = _open_cluster(request.executor)
    try:
        replay_dir, log_dir, temporary = _folders(request, resumed)
    except BaseException:
        if cluster is not None:
            cluster.close()
        raise
    total = planned_games(len(specs), request.games, request.rotate)
    if total != request.games:
        note(
            f"note: --rotate plays whole duplicate groups of "
            f"{len(duplicate_seatings(len(specs)))} games: {total} games, not {request.games}"
        )
    config = _config(request, rules, specs, chosen, replay_dir, log_dir, total)
    previous: list[GameOutcome] = []
    if resumed is not None:
        kept = finished_games(resumed.folder, len(specs), config.seed, config.rotate, total)
        previous = [kept[index] for index in sorted(kept)]
        config = dataclasses.replace(
            config, only=tuple(index for index in range(total) if index not in kept)
        )
        note(resuming(resumed.folder, len(previous), len(config.only or ())))
    elif replay_dir is not None:
        _write_manifest(request, specs, config)
    session = _session(config, sprt, previous, log_dir, temporary)
    session.cluster = cluster
    return session


def _open_cluster(executor: str) -> Any:
    """A Dask cluster's client for ``dask://…`` (opened after every check of the request,
    before any folder is made), None for local tables."""
    if executor == "local":
        return None
    from referee.cluster.match import open_cluster

    try:
        return open_cluster(executor)
    except ValueError as error:
        raise RunRefused(str(error)) from None


def open_resumed(folder: Path, bots: tuple[str, ...], kind: str, warn: Say) -> ResumedRun:
    """The run a ``--resume`` names, its bots checked by digest against its manifest (which
    alone says what they are: a BOT given as well is refused, not ignored)."""
    if bots:
        raise RunRefused("--resume takes the bots from the run's manifest: give no BOT")
    resumed = resume_run(folder, kind)
    if resumed.warning is not None:
        warn(resumed.warning)
    return resumed


def resuming(folder: Path, finished: int, to_play: int) -> str:
    return (
        f"resuming {for_terminal(str(folder))}: {count(finished, 'game')} finished, "
        f"{count(to_play, 'game')} to play"
    )


def _sprt(request: MatchRequest) -> Sprt | None:
    if request.sprt_text is None:
        return None
    if len(request.bots) != 2:
        raise RunRefused("--sprt needs exactly two bots")
    try:
        return parse_sprt(request.sprt_text)
    except ValueError as error:
        raise RunRefused(str(error)) from None


def _folders(request: MatchRequest, resumed: ResumedRun | None) -> tuple[Path | None, Path, bool]:
    """The replay folder, the log folder, and whether the logs are a temporary folder
    (removed at the end unless a log says something). Every match in folders of its own:
    nothing of an earlier or a parallel match is overwritten or appended to."""
    if resumed is not None:
        replay_dir: Path | None = resumed.folder
    else:
        replay_dir = new_match_folder(request.replays) if request.replays else None
    if request.logs:
        return replay_dir, new_match_folder(request.logs), False
    if resumed is not None:
        return replay_dir, logs_folder(resumed.folder), False
    if replay_dir is not None:
        return replay_dir, new_match_folder(replay_dir, "logs"), False
    return replay_dir, temporary_log_folder(), True


def _config(
    request: MatchRequest,
    rules: Any,
    specs: list[BotSpec],
    sandbox: Sandbox,
    replay_dir: Path | None,
    log_dir: Path,
    total: int,
) -> MatchConfig:
    assert request.seed is not None
    return MatchConfig(
        game=request.game,
        rules=rules,
        rules_label=request.rules_arg,
        bots=specs,
        games=total,  # --rotate rounds up to whole groups: what will be played
        seed=request.seed,
        rotate=request.rotate,
        time=request.time,
        concurrency=request.concurrency,
        replays=replay_dir,
        logs=log_dir,
        compress=request.compress,
        sandbox=sandbox,
        cores=tuple(sorted(os.sched_getaffinity(0))) if request.pin else (),
    )


def _write_manifest(request: MatchRequest, specs: list[BotSpec], config: MatchConfig) -> None:
    """What ``--resume`` needs to play the rest of this match the same way. The sandbox is
    the one asked for (resolved again at the resume: the machine may differ)."""
    assert config.replays is not None
    manifest = RunManifest(
        kind="match",
        cwd=str(Path.cwd()),
        bots=list(request.bots),
        digests=[spec.digest for spec in specs],
        game=request.game,
        rules_label=request.rules_arg,
        rules=config.rules.model_dump(mode="json"),
        seed=config.seed,
        options={
            "games": request.games,
            "rotate": request.rotate,
            "concurrency": request.concurrency,
            "compress": request.compress,
            "sprt": request.sprt_text,
            "time": time_to_json(request.time),
            "sandbox": request.sandbox.model_dump(mode="json"),
        },
    )
    try:
        write_manifest(config.replays, manifest)
    except OSError as error:
        where = error.filename or config.replays
        raise RunRefused(f"cannot write {where}: {error.strerror or error}") from None


def _session(
    config: MatchConfig,
    sprt: Sprt | None,
    previous: list[GameOutcome],
    log_dir: Path,
    temporary: bool,
) -> MatchSession:
    labels = BotLabels(config.bots)
    for outcome in previous:
        labels.see(outcome)
    # Only whole duplicate groups are samples: half a group still carries luck.
    tally = None
    if sprt is not None:
        tally = SprtTally(sprt, len(duplicate_seatings(len(config.bots))) if config.rotate else 0)
        for outcome in previous:
            tally.add(outcome)
    session = MatchSession(
        config, sprt, tally, previous, labels, log_dir, temporary, done=list(previous)
    )
    if previous and session._decided():
        # The interrupted run had already decided: nothing left to play.
        session.config = dataclasses.replace(config, only=())
    return session
