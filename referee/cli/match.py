"""``thousand match`` behind its click options: prepare the run, play it on screen, report.

The run itself (bots, rules, sandbox, folders, manifest, resume, the SPRT stop) is
referee/games/session.py; this module is what a person sees of it: the progress, a bot that
cannot start said at once, the report, the lines after it and the exit code.
"""

from __future__ import annotations

from referee.cli.progress import GameProgress, print_document
from referee.errors import note, report_error, warn
from referee.games.labels import NEVER_PLAYED, never_played
from referee.games.match_types import GameOutcome
from referee.games.report import fault_log_lines, game_line, print_report
from referee.running import Running
from referee.runs.match import MatchRequest, MatchSession, OnGame, prepare_match
from referee.safetext import for_terminal


def run_match_command(request: MatchRequest, *, as_json: bool) -> int:
    """Play the match and report it; the exit code (a refused request raises a
    ``ThousandError``, which the command group prints as one line)."""
    session = prepare_match(request, warn=warn, note=note)
    game = session.config.game
    shown = GameProgress(f"{game} match", session.total, len(session.previous), as_json=as_json)
    on_game = _on_game(session, shown)
    running = Running(
        # Said once: a second Ctrl-C during the bots' grace changes nothing.
        said="stopping: the games in play end now and their bots get their bye",
        say=shown.err.print,
        # A file error inside a pipe callback (a bot's stderr log on a full disk) ends the
        # match with one line, as one in the game loop does.
        callback_oserrors=True,
    )
    with running:
        if session.cluster is not None:
            running.close_after(session.cluster.close)
        with shown:
            ended = running.run(session.play(on_game), errors=session.failed_errors())
    if ended.error is not None:
        return report_error(session.failure(ended.error))
    outcomes, document = session.finish(ended.result)
    print_document(document, as_json, print_report, log_width=120)
    for line in fault_log_lines(document, session.log_dir):
        note(line)
    if ended.interrupted:
        folder = session.config.replays
        if folder is not None:
            note(f"continue with: thousand match --resume {for_terminal(str(folder))}")
        return 130
    absent = never_played(outcomes, session.labels.labels())
    if absent:
        return report_error("; ".join(absent), code=NEVER_PLAYED)
    return 0


def _on_game(session: MatchSession, shown: GameProgress) -> OnGame:
    """What the person sees of each finished game (the session has recorded it already)."""
    warned: set[int] = set()
    game = session.config.game

    def on_game(outcome: GameOutcome) -> bool:
        names = session.labels.labels()
        # A bot that cannot even start is said at once, with the reason (a program that cannot
        # run in the sandbox, a bad hello), not only in the report at the end.
        for fault in outcome.faults:
            if fault.move is not None or fault.kind == "absent" or fault.bot in warned:
                continue
            warned.add(fault.bot)
            shown.warn(
                f"bot {fault.bot} ({names[fault.bot]}) could not start: {fault.kind}: "
                f"{fault.detail}"
            )
        cluster = session.cluster
        # With a cluster: its workers, tasks in flight and rate beside the bar.
        shown.advance(None if cluster is None else f"{game} match · {cluster.status()}")
        shown.line(game_line(outcome, len(session.done), session.total, names))
        return False

    return on_game
