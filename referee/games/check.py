"""``thousand bots check``: a conformance check a contestant runs before entering a ladder.

It plays short matches against built-in random opponents under several rule sets, until the bot
has been asked for every kind of decision its game has (or a game budget runs out), and reports
every problem in plain words with the line that caused it. It reuses the real match machinery,
so what passes here behaves the same under ``thousand match`` and the ladder.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel

from referee.games.match_types import MatchConfig
from referee.games.tables import run_match
from referee.players.botspec import BotSpec, parse_bot
from referee.players.players import make_player
from referee.players.protocol import Fault, FaultKind, hello_message
from referee.players.sandbox import Sandbox
from referee.players.time_control import TimeControl
from thousand.registry import GAME_NAMES, game_spec
from thousand.rules_io import rules_from_mapping

Progress = Callable[[str], None]
"""Told one line per phase of a check, so that a person sees it move (a check takes tens of
seconds)."""

# (game, preset, players, overrides): rule sets that together offer every kind of decision.
CONFIGURATIONS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("dice", "classic", 2, {}),
    ("dice", "classic", 3, {"set_aside": "choose"}),
    ("cards", "classic", 3, {}),
    ("cards", "everything", 3, {}),
    ("cards", "four", 4, {}),
    ("cards", "duel", 2, {}),
]

FAULT_WORDS: dict[FaultKind, str] = {
    "crash": "the bot crashed",
    "timeout": "late reply",
    "closed_stdout": "the bot closed its stdout",
    "malformed_json": "a line that is not a valid message",
    "invalid_utf8": "a line that is not UTF-8",
    "line_too_long": "an over-long line",
    "wrong_id": "a reply with the wrong id",
    "illegal_action": "an illegal action",
    "bad_hello": "a bad hello",
    "incompatible_protocol": "an incompatible protocol version",
    "startup": "no hello in time",
    "absent": "the bot could not start",
    "resource_limit": "a resource limit was exceeded",
}


def decision_kind(action: dict[str, Any]) -> str:
    """A decision's kind: its type, plus the declaration flags that make it a different act."""
    kind = str(action.get("type"))
    for flag in ("marriage", "ace_marriage"):
        if action.get(flag):
            kind += f"+{flag}"
    return kind


STDERR_KINDS = frozenset(
    {"crash", "closed_stdout", "resource_limit", "startup", "bad_hello", "incompatible_protocol"}
)
"""Faults where the bot's own stderr usually says why (a traceback, an error message)."""
STDERR_TAIL_LINES = 10
STDERR_TAIL_CHARS = 2000


@dataclass
class CheckReport:
    label: str
    games: int = 0
    offered: set[str] = field(default_factory=set)
    answered: set[str] = field(default_factory=set)
    problems: list[dict[str, Any]] = field(default_factory=list)
    skipped: str | None = None
    """Why this rule set was not played: the bot does not play its game (not a problem)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.label,
            "games": self.games,
            "skipped": self.skipped,
            "decisions_asked": sorted(self.offered),
            "decisions_answered": sorted(self.answered),
            "problems": self.problems,
        }


def stderr_tail(path: Path) -> str | None:
    """The last lines the bot wrote to stderr, for a problem where they usually say why."""
    try:
        with path.open("rb") as handle:
            handle.seek(0, 2)
            size = handle.tell()
            handle.seek(max(0, size - 4 * STDERR_TAIL_CHARS))
            data = handle.read()
    except OSError:
        return None
    lines = data.decode("utf-8", "replace").rstrip("\n").splitlines()[-STDERR_TAIL_LINES:]
    text = "\n".join(lines)[-STDERR_TAIL_CHARS:]
    return text or None


def _problem(
    move: int | None, kind: FaultKind, detail: str, line: str | None, logs: Path
) -> dict[str, Any]:
    problem: dict[str, Any] = {
        "move": move,
        "fault": kind,
        "problem": FAULT_WORDS.get(kind, kind),
        "detail": detail,
        "line": line,
    }
    if kind in STDERR_KINDS:
        problem["stderr"] = next(
            (tail for log in sorted(logs.glob("bot0-*")) if (tail := stderr_tail(log))), None
        )
    return problem


def _scan_replay(path: Path, bot_seat: int, report: CheckReport, logs: Path) -> None:
    for raw in path.read_bytes().splitlines()[1:]:
        record = orjson.loads(raw)
        if record.get("kind") != "move" or record.get("seat") != bot_seat:
            continue
        if record.get("by") == "fallback" and "fault" not in record:
            continue
        action = record.get("rejected") or record.get("action") or {}
        kind = decision_kind(action)
        if "fault" in record:
            fault = record["fault"]
            report.problems.append(
                _problem(record["n"], fault["kind"], fault["detail"], fault.get("line"), logs)
            )
        else:
            report.answered.add(kind)
            report.offered.add(kind)


async def check_configuration(
    spec: BotSpec,
    game: str,
    rules: BaseModel,
    rules_label: str,
    players: int,
    time: TimeControl,
    max_games: int,
    workdir: Path,
    detail: str = "",
    sandbox: Sandbox | None = None,
) -> CheckReport:
    """Play up to ``max_games`` games of one rule set; ``detail`` names overrides in the label."""
    report = CheckReport(f"{game}/{rules_label}{detail} ({players} players)")
    folder = Path(tempfile.mkdtemp(dir=workdir))
    kinds_possible: set[str] = set()
    random_bot = parse_bot("builtin:random")
    stale = 0
    for index in range(max_games):
        replays = folder / f"game-{index}"
        config = MatchConfig(
            game=game,
            rules=rules,
            rules_label=rules_label,
            bots=[spec] + [random_bot] * (players - 1),
            games=1,
            seed=1000 + index,
            time=time,
            replays=replays,
            logs=replays / "logs",  # one folder a game: a crash's stderr is that game's
            close_grace=0.5,
            sandbox=sandbox or Sandbox(),
        )
        outcomes = await run_match(config)
        report.games += 1
        before = len(report.answered) + len(report.problems)
        for outcome in outcomes:
            for fault in outcome.faults:
                if fault.move is None:  # start-up faults have no replay line
                    report.problems.append(
                        _problem(None, fault.kind, fault.detail, None, replays / "logs")
                    )
            if outcome.replay is not None:
                seat = outcome.plan.seating.index(0)
                _scan_replay(outcome.replay, seat, report, replays / "logs")
                kinds_possible |= _offered_kinds(outcome.replay, seat)
        report.offered |= kinds_possible
        if report.problems and any(p["move"] is None for p in report.problems):
            break
        if len({p["fault"] for p in report.problems}) and report.games >= 3:
            break
        grew = len(report.answered) + len(report.problems) > before
        stale = 0 if grew else stale + 1
        if report.answered >= kinds_possible and stale >= 2:
            break
    return report


def _offered_kinds(path: Path, seat: int) -> set[str]:
    """Kinds of decision this seat could have made, from the actions any seat took: a replay
    does not store the legal lists, so a kind counts as asked once someone made that move."""
    kinds: set[str] = set()
    for raw in path.read_bytes().splitlines()[1:]:
        record = orjson.loads(raw)
        if record.get("kind") == "move":
            kinds.add(decision_kind(record.get("action") or {}))
    return kinds


@dataclass
class Probe:
    """What one handshake for one game showed: the hello, or why there was none."""

    game: str
    hello_games: tuple[str, ...] | None = None
    said_hello: bool = False
    fault: Fault | None = None


async def probe(
    spec: BotSpec,
    game: str,
    players: int,
    rules: BaseModel,
    time: TimeControl,
    workdir: Path,
    sandbox: Sandbox | None = None,
) -> Probe:
    """Start the bot with one game's hello and stop it after its answer.

    This is how the check learns which games a bot plays before it spends games on one it does
    not: from the hello's ``games`` list, or from a bot that stops without a hello when offered
    a game (the way single-game bots written before that key was added behave).
    """
    player = make_player(spec, workdir / f"probe-{game}.stderr.log", sandbox=sandbox or Sandbox())
    rules_json = {"preset": "classic", **rules.model_dump(mode="json")}
    result = Probe(game)

    def start_and_stop() -> None:  # in one thread: the one that starts a bot outlives it
        try:
            player.start(hello_message(game, players, 1, rules_json, time.to_json()), time)
        except Fault as fault:
            result.fault = fault
        else:
            result.said_hello = True
            result.hello_games = player.hello.games if player.hello else None
        finally:
            player.close(0.5)

    await asyncio.to_thread(start_and_stop)
    return result


def not_played(game: str, probes: dict[str, Probe]) -> str | None:
    """Why the bot does not play ``game``, in plain words, or ``None`` if it should be checked.

    The hello's ``games`` list decides when the bot sent one (in any of the probes: a dice bot
    may stop before its hello in a card match and say ``"games": ["dice"]`` in a dice match).
    Without it, a bot that stops without a hello when offered one game but answers another is
    a single-game bot, not a crashing one. A bot that cannot start at all is checked, so that
    its start-up problem is reported with its stderr.
    """
    found = probes[game]
    listed = found.hello_games if found.said_hello else _announced(probes)
    if listed is not None and game not in listed:
        return f"does not play {game} (its hello says it plays: {', '.join(listed) or 'none'})"
    if found.said_hello or listed is not None:
        return None
    others = [p.game for p in probes.values() if p.game != game and p.said_hello]
    if found.fault is not None and found.fault.kind in ("crash", "closed_stdout") and others:
        return (
            f"does not play {game}: offered a {game} game it stopped without a hello "
            f"({found.fault.detail}); a bot for one game can say so in its hello, "
            f'"games": ["{others[0]}"]'
        )
    return None


def _announced(probes: dict[str, Probe]) -> tuple[str, ...] | None:
    return next((p.hello_games for p in probes.values() if p.hello_games is not None), None)


async def check_bot(
    spec: BotSpec,
    games: list[str],
    time: TimeControl,
    max_games: int = 12,
    progress: Progress | None = None,
    sandbox: Sandbox | None = None,
) -> list[CheckReport]:
    say = progress or (lambda _line: None)
    chosen = [c for c in CONFIGURATIONS if c[0] in games and c[1] in game_spec(c[0]).presets]
    reports = []
    with tempfile.TemporaryDirectory(prefix="thousand-check-") as tmp:
        workdir = Path(tmp)
        probes: dict[str, Probe] = {}
        for game in dict.fromkeys(c[0] for c in chosen):
            _, preset, players, overrides = next(c for c in chosen if c[0] == game)
            say(f"starting the bot with a {game} hello")
            rules = rules_from_mapping(game, {"preset": preset, **overrides})
            probes[game] = await probe(spec, game, players, rules, time, workdir, sandbox)
        for number, (game, preset, players, overrides) in enumerate(chosen, 1):
            rules = rules_from_mapping(game, {"preset": preset, **overrides})
            detail = "".join(f" {k}={v}" for k, v in overrides.items())
            why = not_played(game, probes)
            if why is not None:
                label = f"{game}/{preset}{detail} ({players} players)"
                reports.append(CheckReport(label, skipped=why))
                continue
            say(
                f"rule set {number} of {len(chosen)}: {game}/{preset}{detail}, "
                f"{players} players, up to {max_games} games"
            )
            report = await check_configuration(
                spec, game, rules, preset, players, time, max_games, workdir, detail, sandbox
            )
            reports.append(report)
            if any(
                p["fault"] in ("startup", "bad_hello", "incompatible_protocol", "absent")
                for p in report.problems
            ):
                break
    return reports


async def check_for_ladder(
    spec: BotSpec,
    game: str,
    rules: BaseModel,
    label: str,
    players: int,
    time: TimeControl,
    max_games: int,
    sandbox: Sandbox | None = None,
) -> CheckReport:
    """The check a ladder runs before admitting a bot: its own game, rules, table size and
    sandbox (a bot is never run outside the containment its games will have). A bot that does
    not play the ladder's game is refused for that, in words, before any game is played."""
    with tempfile.TemporaryDirectory(prefix="thousand-check-") as tmp:
        probes = {
            name: await probe(
                spec,
                name,
                players if name == game else game_spec(name).default_players,
                rules if name == game else game_spec(name).presets["classic"],
                time,
                Path(tmp),
                sandbox,
            )
            for name in (game, *(other for other in GAME_NAMES if other != game))
        }
        why = not_played(game, probes)
        if why is not None:
            report = CheckReport(f"{game}/{label} ({players} players)", skipped=why)
            report.problems.append(
                {
                    "move": None,
                    "fault": "not_played",
                    "problem": f"the bot does not play {game}",
                    "detail": why,
                    "line": None,
                }
            )
            return report
        return await check_configuration(
            spec,
            game,
            rules,
            label,
            players,
            time,
            max_games,
            Path(tmp),
            sandbox=sandbox,
        )


def run_check(
    bot: str,
    games: list[str],
    time: TimeControl,
    max_games: int,
    progress: Progress | None = None,
) -> list[CheckReport]:
    """Check a bot; by default each phase is announced on stderr (stdout is the report)."""
    spec = parse_bot(bot)
    return asyncio.run(check_bot(spec, games, time, max_games, progress or _to_stderr))


def _to_stderr(line: str) -> None:
    print(f"bots check: {line}", file=sys.stderr, flush=True)
