"""Each bot's accuracy across many analysed games (a folder, a match): where its losses come
from (by phase), and the costliest decisions to open (a game file and a step)."""

from __future__ import annotations

from typing import Final

from referee.analysis.marks import Mark
from referee.analysis.report import BotAccuracy, Costly, Decision, GameAnalysis, PhaseLoss

COSTLIEST: Final = 5  # decisions listed per bot


def bot_accuracy(games: list[GameAnalysis]) -> list[BotAccuracy]:
    """One entry per bot name, in order of first appearance; games without a model count no
    decision. Two seats of one name (a bot against itself) are one bot."""
    seen: dict[str, list[tuple[GameAnalysis, Decision]]] = {}
    played: dict[str, int] = {}
    for game in games:
        for name in dict.fromkeys(s.name for s in game.seats):
            played[name] = played.get(name, 0) + 1
            seen.setdefault(name, [])
        for made in game.decisions:
            seen.setdefault(game.names[made.seat], []).append((game, made))
    found = []
    for name, pairs in seen.items():
        decisions = [d for _, d in pairs]
        phases: dict[str, list[float]] = {}
        for d in decisions:
            phases.setdefault(d.phase, []).append(d.loss)
        worst = sorted(pairs, key=lambda pair: -pair[1].loss)[:COSTLIEST]
        total = sum(d.loss for d in decisions)
        found.append(
            BotAccuracy(
                name=name,
                games=played.get(name, 0),
                decisions=len(decisions),
                mean_loss=total / len(decisions) if decisions else 0.0,
                inaccuracies=sum(d.mark == Mark.INACCURACY for d in decisions),
                mistakes=sum(d.mark == Mark.MISTAKE for d in decisions),
                blunders=sum(d.mark == Mark.BLUNDER for d in decisions),
                by_phase=[
                    PhaseLoss(phase=phase, decisions=len(losses), total_loss=sum(losses))
                    for phase, losses in sorted(phases.items())
                ],
                costliest=[
                    Costly(
                        file=game.file,
                        step=d.step,
                        line=d.line,
                        phase=d.phase,
                        loss=d.loss,
                        mark=d.mark,
                    )
                    for game, d in worst
                    if d.loss > 0
                ],
            )
        )
    return found
