"""Picking up a run (a match or a tournament) that was stopped half-way: ``--resume DIR``.

A run started with ``--replays`` writes, before its first game, a manifest into its folder:
everything a resume needs to play the same games again — the master seed, the bots as they
were given and the digest of each, the rules, the options. A resume reads it, parses the bots
again and refuses unless every digest is the same (a bot whose file was edited is another
bot), keeps every game whose replay is complete (a replay gets its final name only after its
result line, see referee/replay/writer.py; a ``.part`` file is a game to play again), and
plays the rest with their own seeds and seatings (``MatchConfig.only``). Every game's seed
comes from the master seed and the game's number, so the finished run's table is the one an
uninterrupted run would have printed.

The manifest holds the secret master seed: it is written with mode 0600, and the run's folder
is never shown to a bot (docs/security.md, "Fair play").
"""

from __future__ import annotations

import contextlib
import datetime
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import orjson

from referee.games.match_types import FaultRecord, GameOutcome, GamePlan, Think, plan_game
from referee.players.botspec import BotSpec, BotSpecError, parse_bot
from referee.players.protocol import FAULT_KINDS
from referee.players.sandbox import Sandbox
from referee.players.time_control import TimeControl
from referee.replay.reader import ReplayError, ReplayReader
from referee.safetext import for_terminal
from thousand import __version__
from thousand.errors import ThousandError
from thousand.game import END_REASONS, Result

MANIFEST = "run.json"
FORMAT = "thousand-run"
VERSION = 1
Word = TypeVar("Word", bound=str)

MAX_MANIFEST = 1 << 20
"""A manifest is a few kilobytes; anything larger is not one this referee wrote."""


class ResumeError(ThousandError, ValueError):
    """A run that cannot be resumed; the message is one line for a person."""


@dataclass
class RunManifest:
    """What a run was started with. ``options`` holds the command's own settings (games,
    rotate, concurrency, time, sandbox; a tournament's format and table size)."""

    kind: str  # "match" or "tournament"
    cwd: str
    bots: list[str]  # the BOT arguments as typed
    digests: list[str]
    game: str
    rules_label: str
    rules: dict[str, Any]
    seed: int
    options: dict[str, Any]
    referee: str = __version__

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "kind": self.kind,
            "referee": self.referee,
            "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "cwd": self.cwd,
            "bots": [
                {"argument": argument, "digest": digest}
                for argument, digest in zip(self.bots, self.digests, strict=True)
            ],
            "game": self.game,
            "rules_label": self.rules_label,
            "rules": self.rules,
            "seed": str(self.seed),  # text: beyond JSON readers' integers
            "options": self.options,
        }

    @classmethod
    def from_json(cls, data: Any, where: Path) -> RunManifest:
        def bad(problem: str) -> ResumeError:
            return ResumeError(f"{for_terminal(str(where))}: {problem}: not a run manifest")

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise bad("unknown format")
        if data.get("version") != VERSION:
            raise bad(f"version {for_terminal(data.get('version'), 20)} is not {VERSION}")
        bots = data.get("bots")
        if not isinstance(bots, list) or not all(
            isinstance(b, dict)
            and isinstance(b.get("argument"), str)
            and isinstance(b.get("digest"), str)
            for b in bots
        ):
            raise bad("bots must be a list of arguments and digests")
        for key in ("kind", "cwd", "game", "rules_label", "seed"):
            if not isinstance(data.get(key), str):
                raise bad(f"{key} must be text")
        if not isinstance(data.get("rules"), dict) or not isinstance(data.get("options"), dict):
            raise bad("rules and options must be objects")
        try:
            seed = int(data["seed"])
        except ValueError:
            raise bad("the seed is not a whole number") from None
        return cls(
            kind=data["kind"],
            cwd=data["cwd"],
            bots=[b["argument"] for b in bots],
            digests=[b["digest"] for b in bots],
            game=data["game"],
            rules_label=data["rules_label"],
            rules=data["rules"],
            seed=seed,
            options=data["options"],
            referee=str(data.get("referee", "?")),
        )


def write_manifest(folder: Path, manifest: RunManifest) -> Path:
    """Write ``folder/run.json`` atomically (a temporary file renamed over it), mode 0600: it
    holds the secret seed. Raises ``OSError`` as any write does."""
    target = folder / MANIFEST
    fd, temp = tempfile.mkstemp(prefix=".run.", suffix=".tmp", dir=folder)  # mode 0600
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(orjson.dumps(manifest.to_json(), option=orjson.OPT_INDENT_2))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return target


def find_run(path: Path, kind: str) -> Path:
    """The run folder ``path`` names: the folder holding the manifest, or a ``--replays``
    folder that holds exactly one run of this kind (its sub-folder)."""
    shown = for_terminal(str(path))
    if not path.is_dir():
        raise ResumeError(f"--resume {shown}: no such folder")
    if (path / MANIFEST).is_file():
        return path
    runs = sorted(p.parent for p in path.glob(f"*/{MANIFEST}"))
    if len(runs) == 1:
        return runs[0]
    if not runs:
        raise ResumeError(
            f"--resume {shown}: no run manifest ({MANIFEST}) in it: only a run started with "
            "--replays can be resumed, from the folder it printed"
        )
    names = ", ".join(for_terminal(p.name) for p in runs[:5])
    raise ResumeError(f"--resume {shown} holds {len(runs)} runs ({names}): name one of them")


def read_manifest(folder: Path, kind: str) -> RunManifest:
    where = folder / MANIFEST
    try:
        with open(where, "rb") as handle:
            raw = handle.read(MAX_MANIFEST + 1)
    except OSError as error:
        raise ResumeError(f"cannot read {for_terminal(str(where))}: {error.strerror}") from None
    if len(raw) > MAX_MANIFEST:
        raise ResumeError(f"{for_terminal(str(where))}: too large to be a run manifest")
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise ResumeError(f"{for_terminal(str(where))}: not JSON: not a run manifest") from None
    manifest = RunManifest.from_json(data, where)
    if manifest.kind != kind:
        raise ResumeError(
            f"{for_terminal(str(folder))} is a {for_terminal(manifest.kind, 20)} run: resume it "
            f"with 'thousand {for_terminal(manifest.kind, 20)} --resume'"
        )
    return manifest


def same_bots(manifest: RunManifest) -> list[BotSpec]:
    """The run's bots, parsed again where the run was started, each with the digest it had;
    otherwise ``ResumeError`` with the reason (a changed file, a bot that is gone)."""
    if os.path.realpath(os.getcwd()) != os.path.realpath(manifest.cwd):
        raise ResumeError(
            f"resume from the folder the run was started in ({for_terminal(manifest.cwd)}): "
            "its bots were named relative to it"
        )
    specs = []
    for index, (argument, digest) in enumerate(zip(manifest.bots, manifest.digests, strict=True)):
        shown = for_terminal(argument, 80)
        try:
            spec = parse_bot(argument)
        except BotSpecError as error:
            raise ResumeError(f"bot {index} ({shown}) cannot be used any more: {error}") from None
        if spec.digest != digest:
            raise ResumeError(
                f"bot {index} ({shown}) is not the bot the run started with: its digest is "
                f"{spec.digest}, was {for_terminal(digest, 20)} (a changed file is another bot; "
                "start a new run)"
            )
        specs.append(spec)
    return specs


def time_to_json(time: TimeControl) -> dict[str, Any]:
    return {
        "startup": time.startup,
        "bank": time.bank,
        "per_move": time.per_move,
        "clock": time.clock,
    }


def time_from_json(data: Any) -> TimeControl:
    try:
        return TimeControl(
            float(data["startup"]), float(data["bank"]), float(data["per_move"]), str(data["clock"])
        )
    except (KeyError, TypeError, ValueError):
        raise ResumeError("the run manifest's time control is damaged") from None


def sandbox_from_json(data: Any) -> Sandbox:
    try:
        return Sandbox.model_validate(data)
    except ValueError:
        raise ResumeError("the run manifest's sandbox settings are damaged") from None


def finished_games(
    folder: Path, players: int, seed: int, rotate: bool, count: int
) -> dict[int, GameOutcome]:
    """Every game of the run whose replay in ``folder`` is complete, by game number, rebuilt
    from the replay (result, faults, thinking time, names). A replay that does not belong to
    this run (another seed or seating for its number) is refused: the table would mix runs."""
    done: dict[int, GameOutcome] = {}
    for path in sorted(folder.glob("game-*.jsonl*")):
        if path.name.endswith(".part"):
            continue  # cut short: played again
        try:
            outcome = _outcome(path, players)
        except ReplayError as error:
            raise ResumeError(f"cannot resume: {for_terminal(str(error))}") from None
        except (KeyError, TypeError, ValueError, IndexError):
            raise ResumeError(
                f"cannot resume: {for_terminal(str(path))} is damaged (its header or result "
                "is not what this referee writes)"
            ) from None
        if outcome is None:
            continue
        index = outcome.plan.index
        if not 0 <= index < count:
            raise ResumeError(f"{for_terminal(str(path))}: game {index} is not one of this run's")
        if not path.name.startswith(f"game-{index:05d}.") or index in done:
            raise ResumeError(
                f"{for_terminal(str(path))} is not a game of this run (it holds game {index})"
            )
        planned = plan_game(players, index, seed, rotate)
        if (planned.seed, planned.seating) != (outcome.plan.seed, outcome.plan.seating):
            raise ResumeError(
                f"{for_terminal(str(path))} is not a game of this run (another seed or seating "
                f"for game {index})"
            )
        outcome.plan = planned
        done[index] = outcome
    return done


def _named(value: Any, names: tuple[Word, ...], what: str, path: Path) -> Word:
    """A replay names its faults and its game's end with protocol.md's words; any other is a
    damaged replay."""
    for known in names:
        if value == known:
            return known
    raise ReplayError(f"{path}: {what} {for_terminal(str(value)[:40])!r}")


def _outcome(path: Path, players: int) -> GameOutcome | None:
    """The outcome a finished replay records, or None for an unfinished one."""
    with ReplayReader(path) as replay:
        header = replay.header.raw
        seating = header.get("seating")
        index = header.get("game_index")
        if (
            header.get("players") != players
            or not isinstance(index, int)
            or not isinstance(seating, list)
            or sorted(seating) != list(range(players))
        ):
            raise ReplayError(f"{path}: not a game of this run (its table differs)")
        seats = header["seats"]
        think: dict[int, Think] = {bot: Think() for bot in seating}
        decisions = 0
        result: dict[str, Any] | None = None
        for _, record in replay:
            if record["kind"] == "move":
                if record.get("by") != "fallback":
                    decisions += 1
                wall, cpu = record.get("wall_ms"), record.get("cpu_ms")
                if wall is not None and cpu is not None:
                    think[seating[record["seat"]]].add(wall / 1000, cpu / 1000)
            elif record["kind"] == "result":
                result = record
        if result is None or replay.incomplete:
            return None
    plan = GamePlan(index, int(header.get("group", index)), str(header.get("seed")), tuple(seating))
    final = Result(
        ranking=list(result["ranking"]),
        scores=list(result["scores"]),
        reason=_named(
            result.get("reason"), END_REASONS, "a game ended for an unknown reason", path
        ),
        winner=result.get("winner"),
    )
    engine = result.get("engine") or {}
    try:
        engine_result = Result(
            ranking=list(engine["ranking"]),
            scores=list(engine["scores"]),
            reason=_named(engine.get("reason"), END_REASONS, "an unknown end", path),
            winner=engine.get("winner"),
        )
    except (KeyError, TypeError):
        engine_result = final
    faults = [
        FaultRecord(
            index,
            int(fault.get("bot", seating[fault.get("seat", 0)])),
            int(fault.get("seat", 0)),
            _named(fault["kind"], FAULT_KINDS, "a fault of unknown kind", path),
            str(fault.get("detail", "")),
            fault.get("move") if isinstance(fault.get("move"), int) else None,
        )
        for fault in result.get("faults", [])
    ]
    if any(f.bot not in seating or seating[f.seat] != f.bot for f in faults):
        raise ReplayError(f"{path}: a fault names a bot that is not at its seat")
    names = [str(seat.get("name", "?")) for seat in seats]
    return GameOutcome(
        plan,
        final,
        engine_result,
        faults,
        think,
        int(result.get("decisions", decisions)),
        path,
        names,
    )


def logs_folder(run: Path) -> Path:
    """A new folder for the bots' stderr logs of this resume, beside the earlier ones."""
    for attempt in range(1, 1000):
        folder = run / ("logs" if attempt == 1 else f"logs-resumed-{attempt - 1}")
        try:
            os.mkdir(folder)
        except FileExistsError:
            continue
        return folder
    raise ResumeError(f"cannot find a free log folder name in {for_terminal(str(run))}")


@dataclass
class ResumedRun:
    """A run folder, its manifest, and its settings rebuilt from it (bots checked)."""

    folder: Path
    manifest: RunManifest
    specs: list[BotSpec]
    rules: Any
    time: TimeControl
    sandbox: Sandbox
    warning: str | None = None


def resume_run(path: Path, kind: str) -> ResumedRun:
    """Everything ``--resume PATH`` needs before it plays: raises ``ResumeError``."""
    from thousand.errors import RulesError
    from thousand.registry import GAME_NAMES
    from thousand.rules_io import rules_from_mapping

    folder = find_run(path, kind)
    manifest = read_manifest(folder, kind)
    if manifest.game not in GAME_NAMES:
        raise ResumeError(f"the run manifest names an unknown game {for_terminal(manifest.game)}")
    try:
        rules = rules_from_mapping(manifest.game, manifest.rules, "the run manifest's rules")
    except RulesError as error:
        raise ResumeError(str(error)) from None
    specs = same_bots(manifest)
    warning = None
    if manifest.referee != __version__:
        warning = (
            f"the run was started by thousand {for_terminal(manifest.referee, 20)}, this is "
            f"{__version__}: a game played now may draw its chance differently"
        )
    return ResumedRun(
        folder,
        manifest,
        specs,
        rules,
        time_from_json(manifest.options.get("time")),
        sandbox_from_json(manifest.options.get("sandbox")),
        warning,
    )
