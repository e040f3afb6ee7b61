"""``thousand bots check``: a conformance check a contestant runs before entering a ladder.

It plays short matches against built-in random opponents under several rule sets, until the bot
has been asked for every kind of decision its game has (or a game budget runs out), and reports
every problem in plain words with the line that caused it. It reuses the real match machinery,
so what passes here behaves the same under ``thousand match`` and the ladder.
"""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel

from referee.botspec import BotSpec, parse_bot
from referee.match import MatchConfig, run_match
from referee.players import TimeControl
from thousand.registry import game_spec
from thousand.rules_io import rules_from_mapping

# (game, preset, players, overrides): rule sets that together offer every kind of decision.
CONFIGURATIONS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("dice", "classic", 2, {}),
    ("dice", "classic", 3, {"set_aside": "choose"}),
    ("cards", "classic", 3, {}),
    ("cards", "everything", 3, {}),
    ("cards", "four", 4, {}),
    ("cards", "duel", 2, {}),
]

FAULT_WORDS = {
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


@dataclass
class CheckReport:
    label: str
    games: int = 0
    offered: set[str] = field(default_factory=set)
    answered: set[str] = field(default_factory=set)
    problems: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.label,
            "games": self.games,
            "decisions_asked": sorted(self.offered),
            "decisions_answered": sorted(self.answered),
            "problems": self.problems,
        }


def _scan_replay(path: Path, bot_seat: int, report: CheckReport) -> None:
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
                {
                    "move": record["n"],
                    "fault": fault["kind"],
                    "problem": FAULT_WORDS.get(fault["kind"], fault["kind"]),
                    "detail": fault["detail"],
                    "line": fault.get("line"),
                }
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
            logs=workdir / "logs",
            close_grace=0.5,
        )
        outcomes = await run_match(config)
        report.games += 1
        before = len(report.answered) + len(report.problems)
        for outcome in outcomes:
            for fault in outcome.faults:
                if fault.move is None:  # start-up faults have no replay line
                    report.problems.append(
                        {
                            "move": None,
                            "fault": fault.kind,
                            "problem": FAULT_WORDS.get(fault.kind, fault.kind),
                            "detail": fault.detail,
                            "line": None,
                        }
                    )
            if outcome.replay is not None:
                seat = outcome.plan.seating.index(0)
                _scan_replay(outcome.replay, seat, report)
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


async def check_bot(
    spec: BotSpec, games: list[str], time: TimeControl, max_games: int = 12
) -> list[CheckReport]:
    reports = []
    with tempfile.TemporaryDirectory(prefix="thousand-check-") as tmp:
        for game, preset, players, overrides in CONFIGURATIONS:
            if game not in games:
                continue
            if preset not in game_spec(game).presets:
                continue
            rules = rules_from_mapping(game, {"preset": preset, **overrides})
            detail = "".join(f" {k}={v}" for k, v in overrides.items())
            report = await check_configuration(
                spec, game, rules, preset, players, time, max_games, Path(tmp), detail
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
    max_games: int = 4,
) -> CheckReport:
    """The check a ladder runs before admitting a bot: its own game, rules and table size."""
    with tempfile.TemporaryDirectory(prefix="thousand-check-") as tmp:
        return await check_configuration(
            spec,
            game,
            rules,
            label,
            players,
            time,
            max_games,
            Path(tmp),
        )


def run_check(bot: str, games: list[str], time: TimeControl, max_games: int) -> list[CheckReport]:
    spec = parse_bot(bot)
    return asyncio.run(check_bot(spec, games, time, max_games))
