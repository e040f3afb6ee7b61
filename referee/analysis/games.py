"""One replay file analysed: read it as frames, value its decisions, sum up each seat.

A replay is a file anyone can write: it is read by the replay reader with its bounds (one
line, the whole file, the kinds of file), and a file it refuses is refused here in the
reader's one line. Names stay as the file has them; whoever prints them escapes them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from referee.analysis.bots import bot_accuracy
from referee.analysis.cards import Budget, analyse_card_frames, score_line
from referee.analysis.dice import analyse_dice_frames
from referee.analysis.dice_estimate import estimate_dice_frames
from referee.analysis.marks import Mark
from referee.analysis.report import (
    AnalysisDocument,
    Decision,
    FileError,
    GameAnalysis,
    ScorePoint,
    SeatAccuracy,
)
from referee.replay.frames import load_frames
from referee.replay.reader import seat_name
from thousand.dice import DiceRules
from thousand.errors import ThousandError
from thousand.registry import game_spec

DEFAULT_BUDGET: Final = Budget()
NO_MODEL: Final = "no model for this game's decisions"
DICE_ESTIMATE_NOTE: Final = (
    "an estimate: the solved table does not model these rules; the expert's expected points "
    "of the turn"
)
CARDS_NOTE: Final = "valued by sampling the cards the seat could not see; bids: an estimate"


def seat_accuracy(seat: int, name: str, decisions: list[Decision]) -> SeatAccuracy:
    """A seat's accuracy over a game: its mean loss a decision and its marks."""
    mine = [d for d in decisions if d.seat == seat]
    total = sum(d.loss for d in mine)
    return SeatAccuracy(
        seat=seat,
        name=name,
        decisions=len(mine),
        mean_loss=total / len(mine) if mine else 0.0,
        total_loss=total,
        inaccuracies=sum(d.mark == Mark.INACCURACY for d in mine),
        mistakes=sum(d.mark == Mark.MISTAKE for d in mine),
        blunders=sum(d.mark == Mark.BLUNDER for d in mine),
    )


def analyse_file(
    path: Path, seat: int | None = None, budget: Budget = DEFAULT_BUDGET
) -> GameAnalysis:
    """The analysis of one game. ``seat``: only that seat's decisions (a seat the game does
    not have is a ValueError)."""
    loaded = load_frames(path)
    header = loaded.header
    players = header.players
    if seat is not None and not 0 <= seat < players:
        raise ValueError(f"no seat {seat} in a game of {players}")
    names = [seat_name(name) for name in header.names]
    rules = game_spec(header.game).rules_model.model_validate(header.raw["rules"])
    note: str | None = None
    line: list[ScorePoint] = []
    if header.game == "dice" and isinstance(rules, DiceRules):
        basis, decisions, curve = analyse_dice_frames(loaded.frames, rules, players, seat)
        unit = "win_probability"
        if basis == "none":
            basis, unit, note = "estimate", "points", DICE_ESTIMATE_NOTE
            decisions = estimate_dice_frames(loaded.frames, rules, seat)
        elif basis == "estimate":
            note = "an estimate: the duel against the most dangerous opponent, not solved"
    elif header.game == "cards":
        seed = str(header.raw.get("seed"))
        decisions = analyse_card_frames(
            loaded.frames, header.raw["rules"], players, seat, budget, seed
        )
        basis, curve, unit, note = "sampled", [], "points", CARDS_NOTE
        line = score_line(decisions)
    else:
        basis, decisions, curve, unit, note = "none", [], [], "points", NO_MODEL
    seats = [s for s in range(players) if seat is None or s == seat]
    label = header.raw.get("rules_label")
    return GameAnalysis(
        file=str(path),
        game=header.game,
        rules_label=label if isinstance(label, str) else "",
        players=players,
        names=names,
        basis=basis,
        unit=unit,
        incomplete=loaded.incomplete,
        decisions=decisions,
        seats=[seat_accuracy(s, names[s], decisions) for s in seats],
        curve=curve,
        score_line=line,
        note=note,
    )


def analyse_files(
    paths: list[Path], seat: int | None = None, budget: Budget = DEFAULT_BUDGET
) -> AnalysisDocument:
    """Every game in ``paths`` and each bot across them; a file that cannot be analysed is
    listed with its one-line error and the others go on."""
    games: list[GameAnalysis] = []
    errors: list[FileError] = []
    for path in paths:
        try:
            games.append(analyse_file(path, seat, budget))
        except (ThousandError, ValueError) as error:
            first = str(error).splitlines()[0] if str(error) else type(error).__name__
            # the reader's messages start with the file, which FileError names already
            errors.append(FileError(file=str(path), error=first.removeprefix(f"{path}: ")))
    return AnalysisDocument(games=games, bots=bot_accuracy(games), errors=errors)
