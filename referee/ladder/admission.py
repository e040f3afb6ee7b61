"""What a bot must pass to join a ladder: its files must travel to a cluster's workers as a
bundle, and it must pass the conformance check under the ladder's own game, rules, table size,
time control and sandbox. One place for it, used by ``ladder add`` and ``ladder update`` and by
the contest server's submissions alike, so a bot uploaded over the web is admitted by exactly
the test an organiser's bot is.

The bundle is checked for every ladder, also one that never leaves this machine: a ladder may
be run on a cluster later, and a bot admitted here that no worker can run would then forfeit
every match it is drawn into (see ``service.UNRUNNABLE_LIMIT``)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from referee.cluster.bundles import BundleError, bundle_bot, verify_travels
from referee.games.check import CheckReport, check_for_ladder
from referee.ladder import store
from referee.players.botspec import BotSpec
from referee.players.sandbox import Sandbox, resolve
from referee.players.time_control import TimeControl
from referee.safetext import for_terminal
from thousand.registry import game_spec

TRAVEL = "the bot's files cannot travel to a cluster's workers"
"""What a refusal by ``travel_problem`` is, before its detail."""


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
    check_games: int = store.CHECK_GAMES
    """The most games of the ladder's rules the check plays (the setting ``check_games``)."""


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
        check_games=int(meta.get("check_games", store.CHECK_GAMES)),
    )


def travel_problem(spec: BotSpec) -> str | None:
    """Why the bot's files cannot be bundled for a worker — a link out of its folder or a
    loop, too large, too many files, a FIFO, socket or device — or None. The bundle is made
    and unpacked again as a worker unpacks it, so what passes here is what a worker sees."""
    try:
        _, bundle = bundle_bot(spec)
        if bundle is not None:
            verify_travels(bundle)
    except BundleError as error:
        return str(error)
    except OSError as error:  # the scratch folder here, not the bot
        where = for_terminal(str(error.filename or "the temporary folder"), 120)
        return f"cannot unpack them here to check them ({where}: {error.strerror})"
    return None


async def check(spec: BotSpec, ladder: Terms) -> CheckReport:
    """The whole admission test. A bot whose files cannot travel is refused first, without
    being run: that is one line and no game."""
    problem = await asyncio.to_thread(travel_problem, spec)
    if problem is not None:
        report = CheckReport(f"{ladder.game}/{ladder.label} ({ladder.players} players)")
        report.problems.append(
            {"move": None, "fault": "bundle", "problem": TRAVEL, "detail": problem, "line": None}
        )
        return report
    return await check_for_ladder(
        spec,
        ladder.game,
        ladder.rules,
        ladder.label,
        ladder.players,
        ladder.time,
        max_games=ladder.check_games,
        sandbox=ladder.sandbox,
    )


def reasons(report: CheckReport, limit: int = 5) -> list[str]:
    """The first problems of a failed check, one line each (empty: passed)."""
    return [f"{p['problem']}: {p['detail']}" for p in report.problems[:limit]]
