"""Running games between bots: the game loop, time control, the fault policy, seat rotation.

The engine decides every rule; this module only moves messages, keeps clocks and applies the
match policy of protocol.md ("Faults and what the referee does"): a faulted bot is stopped, its
seat is played to the end of the game by the fallback policy, it is ranked last of that game,
and it is restarted for the next game (unless it could not start at all).
"""

from __future__ import annotations

import datetime
import os
import random
import threading
import time
from collections.abc import Callable
from typing import Any

from referee.games.chance import GameChance
from referee.games.match_types import (
    FaultRecord,
    GameOutcome,
    GamePlan,
    MatchConfig,
    Think,
    plan_game,
)
from referee.players.builtin import random_choice
from referee.players.players import Player, make_player
from referee.players.protocol import Fault, FaultKind, hello_message, rank_faulted_last
from referee.replay.writer import ReplayWriter
from thousand import __version__
from thousand.game import CHANCE, OVER, Action, Event, IllegalAction, View
from thousand.registry import game_spec

RETIRE_GRACE = 0.5
FLUSH_SECONDS = 0.05
"""A replay is written out whenever the referee waits for a bot, and at least this often when
bots answer so fast that it never waits: a referee that dies loses at most this much."""


class Table:
    """One set of bot processes that plays games one after another (one per concurrency slot)."""

    def __init__(self, config: MatchConfig, slot: int, abort: int | None = None) -> None:
        self.config = config
        self.slot = slot
        self.players: list[Player] = []
        for index, spec in enumerate(config.bots):
            if index in config.seat_players:
                self.players.append(config.seat_players[index]())
                continue
            log = None
            if config.logs is not None:
                log = config.logs / f"bot{index}-{_safe(spec.label)}-table{slot}.stderr.log"
            self.players.append(
                make_player(
                    spec,
                    log,
                    pid_namespace=config.pid_namespace,
                    sandbox=config.sandbox,
                    abort=abort,
                    quote_stderr=not config.public,
                )
                if spec.builtin is None
                else make_player(spec)
            )
        self.out: set[int] = set()  # bots that cannot start: absent for the rest of the match
        self.retiring: list[threading.Thread] = []  # stops of earlier games' processes
        self.stop_errors: list[BaseException] = []
        self.request_id = 0

    def ensure_started(self) -> list[tuple[int, Fault]]:
        """Start (or restart after a fault) every bot that is not running."""
        config = self.config
        faults: list[tuple[int, Fault]] = []
        hello = hello_message(
            config.game,
            len(config.bots),
            config.games,
            {"preset": config.rules_label, **config.rules.model_dump(mode="json")},
            config.time.to_json(),
        )
        waiting = [
            (index, player)
            for index, player in enumerate(self.players)
            if index not in self.out and not player.running
        ]
        # Started side by side: with a fresh process per game (duplicate format) the start-up
        # of every seat is paid every game, and bots mostly wait for their interpreter to load.
        failed: dict[int, Fault] = {}
        for index, player in waiting:
            try:
                player.launch(hello)
            except Fault as fault:
                failed[index] = fault
        for index, player in waiting:
            if index not in failed:
                try:
                    player.handshake(config.time)
                except Fault as fault:
                    failed[index] = fault
        for index, player in waiting:
            if index in failed:
                player.close(0)
                self.out.add(index)
                faults.append((index, failed[index]))
        return faults

    def retire(self) -> None:
        """End every bot process after its game, so that none carries the memory of a deal
        into another seating of it (duplicate format): the next game starts fresh processes
        in fresh working directories. The old ones are stopped in the background while the
        new ones start; the game is over, so a bot slow to leave after ``bye`` is not waited
        for long."""
        grace = min(self.config.close_grace, RETIRE_GRACE)
        self.retiring = [thread for thread in self.retiring if thread.is_alive()]
        for player in self.players:
            stopping = player.hand_over(grace)
            if stopping is not None:
                thread = threading.Thread(target=self._quietly, args=(stopping,), daemon=True)
                thread.start()
                self.retiring.append(thread)

    def _quietly(self, stop: Callable[[], None]) -> None:
        try:
            stop()
        except BaseException as error:  # a full disk under its log: raised by close()
            self.stop_errors.append(error)

    def close(self, grace: float | None = None) -> None:
        """Stop every bot, also those of earlier games still stopping; when one stop fails
        (a full disk under its log) the others are still stopped before the error is raised,
        so that no process outlives its table."""
        grace = self.config.close_grace if grace is None else grace
        threads = [
            threading.Thread(target=self._quietly, args=(lambda p=p: p.close(grace),), daemon=True)
            for p in self.players
        ]
        for thread in threads:
            thread.start()
        for thread in [*threads, *self.retiring]:
            thread.join()
        self.retiring = []
        if self.stop_errors:
            raise self.stop_errors[0]


def _safe(label: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in label)[:40]


class GameRun:
    """One game on one table: the loop that asks seats, applies chance, and keeps the clocks.

    The loop is the referee's hot path (one iteration per decision), so it avoids work that is
    only needed for a replay when no replay is written, and hands each event to the seats'
    pending lists without re-checking visibility per seat.
    """

    def __init__(self, table: Table, plan: GamePlan) -> None:
        config = table.config
        self.table = table
        self.config = config
        self.plan = plan
        self.count = len(config.bots)
        self.state = game_spec(config.game).new_game(config.rules, self.count)
        self.chance = GameChance(plan.seed)
        self.faults: list[FaultRecord] = []
        self.faulted: set[int] = set()
        self.fallback = [
            random_choice(random.Random(f"fallback:{plan.seed}:{seat}"))
            for seat in range(self.count)
        ]
        self.pending: list[list[dict[str, Any]]] = [[] for _ in range(self.count)]
        self.no_view = [False] * self.count  # seats whose bot's hello omits the view …
        self.no_events = [False] * self.count  # … or the events (set once they said hello)
        self.told: list[int] | None = None  # the seats kept events for, when not every seat
        # Per seat, the engine's writers of the view and of the legal actions as JSON, for a
        # player that is sent JSON (thousand.game: view_json, legal_json), else None and they
        # are a dictionary and a list (or the view is left out).
        self.view_text: list[Callable[[int], bytes] | None] = [None] * self.count
        self.legal_text: list[Callable[[], bytes] | None] = [None] * self.count
        self.bank = [config.time.bank] * self.count
        self.think: dict[int, Think] = {bot: Think() for bot in plan.seating}
        self.writer: ReplayWriter | None = None
        self.decisions = 0
        self.per_move = config.time.per_move
        self.time_control = config.time  # read at every move: a native attribute compiled
        self.cpu_clock = config.time.clock == "cpu"
        self.seat_players: list[Player] = []  # per seat, once the bots are started
        self.seat_think: list[Think] = []

    def fault(self, seat: int, kind: FaultKind, detail: str, move: int | None = None) -> None:
        self.faulted.add(seat)
        bot = self.plan.seating[seat]
        self.faults.append(FaultRecord(self.plan.index, bot, seat, kind, detail, move))

    def start(self) -> None:
        table, plan = self.table, self.plan
        start_faults = dict(table.ensure_started())
        for seat, bot in enumerate(plan.seating):
            if bot in start_faults:
                self.fault(seat, start_faults[bot].kind, start_faults[bot].detail)
            elif bot in table.out:
                self.fault(seat, "absent", "the bot could not start")
        self.writer = writer = _open_replay(self.config, table, plan)
        for player in table.players:
            # The replay is written out while a bot thinks, before the referee waits for it.
            player.idle = None if writer is None else writer.flush
        names = [table.players[bot].name for bot in plan.seating]
        self.seat_players = [table.players[bot] for bot in plan.seating]
        self.seat_think = [self.think[bot] for bot in plan.seating]
        for seat, bot in enumerate(plan.seating):
            omit = table.players[bot].omit
            self.no_view[seat] = "view" in omit
            self.no_events[seat] = "events" in omit
        if any(self.no_events):
            self.told = [seat for seat in range(self.count) if not self.no_events[seat]]
        view_json: Callable[[int], bytes] | None = getattr(self.state, "view_json", None)
        legal_json: Callable[[], bytes] | None = getattr(self.state, "legal_json", None)
        for seat, player in enumerate(self.seat_players):
            if player.takes_json:
                self.legal_text[seat] = legal_json
                if not self.no_view[seat]:
                    self.view_text[seat] = view_json
        for seat, bot in enumerate(plan.seating):
            if seat not in self.faulted:
                message = {
                    "type": "game_start",
                    "game": plan.index,
                    "seat": seat,
                    "players": self.count,
                    "names": names,
                }
                table.players[bot].game_start(message, plan.seed)

    def distribute(self, events: list[dict[str, Any]]) -> None:
        pending = self.pending
        if self.told is not None:  # some seat's bot asked for no events: none kept for it
            if self.told:
                self._distribute_to(events, self.told)
            return
        for event in events:
            to = event.get("to")
            if to is None:
                for queue in pending:
                    queue.append(event)
            else:
                pending[to].append(event)

    def _distribute_to(self, events: list[dict[str, Any]], told: list[int]) -> None:
        pending, no_events = self.pending, self.no_events
        for event in events:
            to = event.get("to")
            if to is None:
                for seat in told:
                    pending[seat].append(event)
            elif not no_events[to]:
                pending[to].append(event)

    def ask(self, seat: int, move: int, record: dict[str, Any] | None) -> list[Event]:
        """Get the seat's action and apply it; any fault hands the seat to the fallback."""
        state = self.state
        if seat in self.faulted:
            action = self.fallback[seat](state.view(seat), state.legal_actions())
            if record is not None:
                record["by"] = "fallback"
                record["action"] = action
            return state.apply(action)
        # Built only for a bot that reads it: the view is most of a card decision's engine work,
        # and written straight as JSON for a bot process where the engine can (view_json).
        view_text = self.view_text[seat]
        view: View | bytes | None
        if view_text is not None:
            view = view_text(seat)
        else:
            view = None if self.no_view[seat] else state.view(seat)
        legal_text = self.legal_text[seat]
        legal: list[Action] | bytes = state.legal_actions() if legal_text is None else legal_text()
        player = self.seat_players[seat]
        left = self.bank[seat] + self.per_move
        table = self.table
        table.request_id += 1
        writer = self.writer
        if writer is not None and time.perf_counter() - writer.flushed > FLUSH_SECONDS:
            writer.flush()  # bots that always answer at once are never waited for: see idle
        reply = None
        try:
            if self.no_events[seat]:
                reply = player.request(table.request_id, None, view, legal, left, self.time_control)
            else:
                events = self.pending[seat]
                reply = player.request(
                    table.request_id, events, view, legal, left, self.time_control
                )
                if events:
                    self.pending[seat] = []
            wall, cpu = reply.wall, reply.cpu
            self.seat_think[seat].add(wall, cpu)
            if record is not None:
                record["wall_ms"] = round(wall * 1000, 3)
                record["cpu_ms"] = round(cpu * 1000, 3)
                record["action"] = reply.action
            used = cpu if self.cpu_clock else wall
            if used > left and player.timed:
                raise Fault("timeout", f"used {used:.3f} s of {left:.3f} s")
            self.bank[seat] = left - used if left > used else 0.0
            return state.apply(reply.action)
        except Fault as failure:
            fault = failure
        except IllegalAction as error:
            fault = Fault("illegal_action", f"{error.rule}: {error}", reply.line if reply else None)
        self.fault(seat, fault.kind, fault.detail, move)
        player.close(0)
        action = self.fallback[seat](
            view if isinstance(view, dict) else state.view(seat),
            legal if isinstance(legal, list) else state.legal_actions(),
        )
        if record is not None:
            if "action" in record:
                record["rejected"] = record["action"]
            record["fault"] = {"kind": fault.kind, "detail": fault.detail}
            if fault.line is not None:
                record["fault"]["line"] = fault.line[:200].decode("utf-8", "replace")
            record["by"] = "fallback"
            record["action"] = action
        return state.apply(action)

    def play(self) -> GameOutcome:
        self.start()
        state, writer = self.state, self.writer
        # The loop runs once a step: the engine's methods are looked up once a game (the
        # engine is any game's: a call through Python's protocol either way).
        to_move_of, chance, rng = state.to_move, state.chance, self.chance
        # With no replay a chance step's outcome is not recorded: an engine may then skip
        # naming it (thousand.game: chance_events; the card engine's deal names no card).
        chance_events: Callable[[random.Random], list[Event]] | None = (
            getattr(state, "chance_events", None) if writer is None else None
        )
        distribute = None if self.told == [] else self.distribute  # nobody takes events
        move = decisions = 0
        scores = state.scores()
        while True:
            to_move = to_move_of()
            if to_move == OVER:
                break
            move += 1
            if to_move == CHANCE:  # the game's one stream of chance bits
                if chance_events is not None:
                    events = chance_events(rng)
                    record = None
                else:
                    action, events = chance(rng)
                    record = (
                        None if writer is None else {"n": move, "kind": "chance", "action": action}
                    )
            else:
                decisions += 1
                record = None if writer is None else {"n": move, "kind": "move", "seat": to_move}
                events = self.ask(to_move, move, record)
            if record is not None and writer is not None:
                record["events"] = events
                now = state.scores()
                if now != scores:  # the step ended a deal or a turn: say where everyone stands
                    record["scores"] = scores = now
                writer.write(record)
            if distribute is not None:
                distribute(events)
        self.decisions = decisions
        return self.finish()

    def finish(self) -> GameOutcome:
        plan = self.plan
        engine_result = self.state.result()
        assert engine_result is not None
        result = rank_faulted_last(engine_result, self.faulted)
        end_common = {"type": "game_end", "game": plan.index, "result": result.to_json()}
        for seat, bot in enumerate(plan.seating):
            player = self.table.players[bot]
            if seat not in self.faulted and player.running:
                if self.no_events[seat]:
                    player.game_end(end_common)
                else:
                    player.game_end({**end_common, "events": self.pending[seat]})
        path = None
        if self.writer is not None:
            path = self.writer.finish(
                {
                    **result.to_json(),
                    "engine": engine_result.to_json(),
                    "faults": [f.to_json() for f in self.faults],
                    "decisions": self.decisions,
                }
            )
        names = [self.table.players[bot].name for bot in plan.seating]
        return GameOutcome(
            plan, result, engine_result, self.faults, self.think, self.decisions, path, names
        )


def play_game(table: Table, plan: GamePlan) -> GameOutcome:
    return GameRun(table, plan).play()


def _open_replay(config: MatchConfig, table: Table, plan: GamePlan) -> ReplayWriter | None:
    if config.replays is None:
        return None
    suffix = ".jsonl.gz" if config.compress else ".jsonl"
    path = config.replays / f"game-{plan.index:05d}{suffix}"
    seats = []
    for bot in plan.seating:
        player = table.players[bot]
        hello = player.hello
        seats.append(
            {
                "bot": bot,
                "name": player.name,
                "label": player.spec.label,
                "version": hello.version if hello else None,
                "author": hello.author if hello else None,
                "digest": player.spec.digest,
            }
        )
    header = {
        "game": config.game,
        "rules_label": config.rules_label,
        "rules": config.rules.model_dump(mode="json"),
        "players": len(plan.seating),
        "seed": plan.seed,
        "game_index": plan.index,
        "group": plan.group,
        "seating": list(plan.seating),
        "seats": seats,
        "time": config.time.to_json(),
        "sandbox": config.sandbox.describe(),
        "referee": __version__,
        "started": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
    }
    if config.origin is not None:
        header["origin"] = config.origin.to_json()
    return ReplayWriter(path, header, compress=config.compress)


def play_table(
    config: MatchConfig,
    slot: int,
    indices: list[int],
    deliver: Callable[[GameOutcome], None],
    should_stop: Callable[[bool], bool],
    abort: int | None = None,
) -> None:
    """One table's games, one after another, blocking: the loop a table's thread or process
    runs (referee.games.tables). ``should_stop(first)`` is asked before each game (it may wait
    for the caller's verdict on the last one). Its bots are stopped before it returns,
    whatever happens; ``Aborted`` (from a bot's read) ends it early."""
    if config.cores:  # this thread only (Linux): the bots it starts inherit its core
        os.sched_setaffinity(0, {config.cores[slot % len(config.cores)]})
    table = Table(config, slot, abort)
    players = len(config.bots)
    try:
        for number, index in enumerate(indices):
            if should_stop(number == 0):
                return
            plan = plan_game(players, index, config.seed, config.rotate)
            outcome = play_game(table, plan)
            if config.rotate:
                table.retire()
            deliver(outcome)
    finally:
        table.close()
