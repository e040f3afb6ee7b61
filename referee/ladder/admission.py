"""What a bot must pass to join a ladder: the conformance check under the ladder's own game,
rules, table size, time control and sandbox. One place for it, used by ``ladder add`` and
``ladder update`` and by the contest server's submissions alike, so a bot uploaded over the web
is admitted by exactly the test an organiser's bot is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from referee.games.check import CheckReport, check_for_ladder
from referee.players.botspec import BotSpec
from referee.players.players import TimeControl
from referee.players.sandbox import Sandbox, resolve
from thousand.registry import game_spec


@dataclass(frozen=True)
class Terms:
    """The ladder's conditions a bot is checked under."""

    game: str
    rules: BaseModel
    label: str
    players: int
    time: TimeControl
    sandbox: Sandbox
    warning: str | None
    """Set when the sandbox fell back (bwrap unusable here and the ladder allows it)."""


def terms(meta: dict[str, Any]) -> Terms:
    """The terms of the ladder whose ``meta`` this is; ``SandboxError`` when its sandbox cannot
    run here. The check's clock is wall time: it runs alone, not on a loaded ladder machine."""
    rules = game_spec(meta["game"]).rules_model.model_validate(meta["rules"])
    time_control = TimeControl(
        startup=float(meta["time"]["startup"]),
        bank=float(meta["time"]["bank"]),
        per_move=float(meta["time"]["per_move"]),
        clock="wall",
    )
    # The check runs the bot exactly as contained as its games will.
    sandbox, warning = resolve(Sandbox.model_validate(meta.get("sandbox") or {}))
    return Terms(
        game=meta["game"],
        rules=rules,
        label=str(meta.get("rules_label", "?")),
        players=int(meta["players"]),
        time=time_control,
        sandbox=sandbox,
        warning=warning,
    )


async def check(spec: BotSpec, ladder: Terms) -> CheckReport:
    return await check_for_ladder(
        spec,
        ladder.game,
        ladder.rules,
        ladder.label,
        ladder.players,
        ladder.time,
        sandbox=ladder.sandbox,
    )


def reasons(report: CheckReport, limit: int = 5) -> list[str]:
    """The first problems of a failed check, one line each (empty: passed)."""
    return [f"{p['problem']}: {p['detail']}" for p in report.problems[:limit]]
