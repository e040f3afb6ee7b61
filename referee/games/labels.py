"""What a run calls its bots, and which of them never played: shared by a match and a
tournament, so both name a bot the same way in their per-game lines and their reports."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from referee.games.match_types import GameOutcome
from referee.players.botspec import BotSpec
from referee.safetext import for_terminal


class BotLabels:
    """Bot names as the bots first announced them (their hello), else as given on the command
    line; two bots of one name are told apart as ``name#1``, ``name#2`` in bot order. The first
    name seen is kept, so the labels of the per-game lines and of the report agree, and a bot
    restarted for a later game cannot rename itself mid-match."""

    def __init__(self, bots: Sequence[BotSpec]) -> None:
        self.bots = bots
        self.announced: list[str | None] = [None] * len(bots)

    def see(self, outcome: GameOutcome, bots: Sequence[int] | None = None) -> None:
        """``bots``: the run's number of each of the game's bots (a tournament's table seats
        some of the run's bots, numbered from 0 at the table)."""
        for seat, bot in enumerate(outcome.plan.seating):
            index = bot if bots is None else bots[bot]
            if self.announced[index] is None:
                self.announced[index] = outcome.names[seat]

    def labels(self) -> list[str]:
        chosen = [
            name or spec.name or spec.label
            for name, spec in zip(self.announced, self.bots, strict=True)
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


def never_played(outcomes: Sequence[GameOutcome], names: list[str]) -> list[str]:
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


NEVER_PLAYED = 3
"""Exit code of a run in which some bot played no game at all (it never started)."""
