"""Where a referee decision's time goes, part by part, pinned to one core (issue: referee).

(1) the bare blocking round trip of a real request (a dice and a card view with its legal
    actions) to the instant bot, against the floor's 240-byte line to the echo child; and a
    lean card request to one instant bot and to three taking turns (what three processes
    sharing a core cost each other, before any referee);
(2) the engine with the match loop around it: a match of in-process ``builtin:first`` players
    (no pipes, no processes), CPU time a decision;
(3) chance: a dice throw and a card shuffle drawn from ``GameChance`` (one HMAC a block of the
    game's stream), the card engine applying a dealt deal (``apply``: parsed and checked) and
    drawing and dealing one in a step (``chance``: what the match loop does);
(4) the CPU meter used where no cgroup can be made (``CpuMeter``: the process CPU clock, /proc
    for children) against reading /proc/PID/stat on every move, on a live process;
(5) optionally (``--profile``) cProfile of one table playing card games against instant bots,
    the 25 most expensive functions;
(6) optionally (``--breakdown``) a decision's wall time, part by part (engine, chance,
    encoding, write, poll and read with the bot's turn, the bot's CPU counter, parsing),
    against lean instant bots;
(7) the referee's CPU a decision of one table whose bots are in-process stand-ins (lean
    requests: the request encoded, the answer parsed, the clocks kept, the engine asked);
(8) the same table with the engine replaced by a recording of its answers to the same games
    (``ReplayingState``): what the referee would cost with an engine that cost nothing, so
    (7) - (8) is the most that compiled engines could take off a decision;
(9) what a full card request costs that a lean one does not, over states met in played-out
    games (random legal actions): the engine's view and legal actions, the request encoded
    (full, and lean as players.py writes it out), and a bot's orjson parse of the full one
    (the Python instant bot's side); the collector off, since the ~600 states and requests
    kept alive for the timed passes would make its full collections, not the parts, the cost.
(6), (7) and (8) patch the referee's classes, so they run only where the referee is pure (a
compiled install says so and leaves them out).
Usage: python bench/referee_parts.py [--profile] [--breakdown]
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from referee.games import match as match_module  # noqa: E402
from referee.games.chance import GameChance, derive  # noqa: E402
from referee.games.match import play_table  # noqa: E402
from referee.games.match_types import GameOutcome, MatchConfig  # noqa: E402
from referee.players import players as players_module  # noqa: E402
from referee.players.botspec import parse_bot  # noqa: E402
from referee.players.cpu import CpuMeter  # noqa: E402
from referee.players.process import BotProcess  # noqa: E402
from referee.players.protocol import BotHello  # noqa: E402
from referee.players.time_control import TimeControl  # noqa: E402
from thousand.game import CHANCE, OVER  # noqa: E402
from thousand.registry import game_spec  # noqa: E402
from thousand.rules_io import load_rules  # noqa: E402

HELLO = b'{"type":"hello","protocol":1,"game":"dice","players":2,"games":1,"rules":{},"time":{}}\n'


def sample_request(game: str) -> dict[str, Any]:
    """The first decision of a game: its view and legal actions, as a request."""
    state = game_spec(game).new_game(load_rules(game, "classic"), 3 if game == "cards" else 2)
    chance = GameChance(derive(1, "parts"))
    while state.to_move() == CHANCE:
        state.apply(state.sample_chance(chance.next_event()))
    seat = state.to_move()
    return {
        "type": "request",
        "id": 0,
        "events": [],
        "view": state.view(seat),
        "legal": state.legal_actions(),
        "clock": {"left_ms": 10000, "move_ms": 1000},
    }


def round_trip_us(
    script: str, payload: dict[str, Any], rounds: int = 20000, bots: int = 1
) -> float:
    """Blocking round trips of ``payload`` to ``bots`` processes of ``script``, taking turns
    (as the seats of a match do), µs each."""
    children = [
        subprocess.Popen(
            [sys.executable, str(HERE / script)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        for _ in range(bots)
    ]
    pipes = []
    for child in children:
        assert child.stdin is not None and child.stdout is not None
        pipes.append((child.stdin, child.stdout.readline))
        if script == "instant_bot.py":
            child.stdin.write(HELLO)
            child.stdin.flush()
            child.stdout.readline()
    for number in range(-300, rounds):
        if number == 0:
            start = time.perf_counter()
        payload["id"] = number
        write, readline = pipes[number % bots]
        write.write(orjson.dumps(payload) + b"\n")
        write.flush()
        readline()
    elapsed = time.perf_counter() - start
    for child in children:
        child.kill()
        child.wait()
    return elapsed / rounds * 1e6


def builtin_us(game: str, games: int) -> float:
    players = 3 if game == "cards" else 2
    config = MatchConfig(
        game=game,
        rules=load_rules(game, "classic"),
        bots=[parse_bot("builtin:first")] * players,
        games=games,
        seed=1,
        time=TimeControl(startup=10, bank=60, per_move=10),
    )
    outcomes: list[GameOutcome] = []
    start = time.process_time()
    play_table(config, 0, list(range(games)), outcomes.append, lambda first: False)
    return (time.process_time() - start) / sum(o.decisions for o in outcomes) * 1e6


def chance_us() -> tuple[float, float]:
    chance = GameChance(derive(1, "chance"))
    deck = list(range(24))
    rounds = 100_000
    start = time.process_time()
    for _ in range(rounds):
        chance.next_event().random()
    throw = (time.process_time() - start) / rounds * 1e6
    start = time.process_time()
    for _ in range(rounds):
        chance.next_event().shuffle(deck)
    return throw, (time.process_time() - start) / rounds * 1e6


def deal_us(rounds: int = 20_000) -> tuple[float, float]:
    """The card engine applying a 3-player deal (parsing and checking the 24 cards, the
    hands' events), and drawing and dealing one in a step (``chance``, the match loop's way,
    its shuffle included): a state cloned and dealt, less the clone alone."""
    state = game_spec("cards").new_game(load_rules("cards", "classic"), 3)
    rng = random.Random(1)
    state.apply(state.sample_chance(rng))  # the first dealer, by lot
    deal = state.sample_chance(rng)
    stream = GameChance(derive(1, "deals"))
    start = time.process_time()
    for _ in range(rounds):
        state.clone()
    clone = time.process_time() - start
    start = time.process_time()
    for _ in range(rounds):
        state.clone().apply(deal)
    applied = time.process_time() - start - clone
    start = time.process_time()
    for _ in range(rounds):
        state.clone().chance(stream)
    drawn = time.process_time() - start - clone
    return applied / rounds * 1e6, drawn / rounds * 1e6


def full_request_us(games: int = 30) -> tuple[int, dict[str, float]]:
    """(9): (mean full request bytes, µs a part), each part the least of five timed passes
    over every sampled state."""
    spec, rules = game_spec("cards"), load_rules("cards", "classic")
    rng = random.Random(3)
    states: list[Any] = []
    for game in range(games):
        state = spec.new_game(rules, 3)
        chance = GameChance(derive(game, "full"))
        for _ in range(400):  # the first deals of each game: about 600 states in all
            if state.to_move() == OVER:
                break
            if state.to_move() == CHANCE:
                state.chance(chance)
                continue
            if rng.random() < 0.05:
                states.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    events = [{"type": "play", "seat": 1, "card": "JC"}, {"type": "play", "seat": 2, "card": "QC"}]
    clock = {"left_ms": 60000, "move_ms": 10000}
    requests = [
        {
            "type": "request",
            "id": 7,
            "events": events,
            "view": state.view(state.to_move()),
            "legal": state.legal_actions(),
            "clock": clock,
        }
        for state in states
    ]
    lines = [orjson.dumps(request, option=orjson.OPT_APPEND_NEWLINE) for request in requests]
    lean = players_module._LEAN_REQUEST  # the template players.py writes lean requests from

    def each(part: Any, items: list[Any]) -> float:
        def one_pass() -> None:
            for item in items:
                part(item)

        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(10):
                one_pass()
            best = min(best, (time.perf_counter() - start) / 10 / len(items) * 1e6)
        return best

    collecting = gc.isenabled()
    gc.disable()
    try:
        parts = {
            "legal actions": each(lambda state: state.legal_actions(), states),
            "view": each(lambda state: state.view(state.to_move()), states),
            "full encoded": each(
                lambda request: orjson.dumps(request, option=orjson.OPT_APPEND_NEWLINE), requests
            ),
            "lean encoded": each(
                lambda request: lean % (7, orjson.dumps(request["legal"]), 60000, 10000),
                requests,
            ),
            "a bot's parse of the full one": each(orjson.loads, lines),
        }
    finally:
        if collecting:
            gc.enable()
    return sum(map(len, lines)) // len(lines), parts


def cpu_meter_us(rounds: int = 100_000) -> tuple[float, float]:
    """(CpuMeter.seconds, a pread of /proc/PID/stat) in µs, on a sleeping child."""
    child = subprocess.Popen(["sleep", "60"])
    try:
        meter = CpuMeter(child.pid)
        start = time.perf_counter()
        for _ in range(rounds):
            meter.seconds()
        ours = (time.perf_counter() - start) / rounds * 1e6
        stat = os.open(f"/proc/{child.pid}/stat", os.O_RDONLY)
        start = time.perf_counter()
        for _ in range(rounds):
            os.pread(stat, 1024, 0)
        theirs = (time.perf_counter() - start) / rounds * 1e6
        os.close(stat)
        meter.close()
    finally:
        child.kill()
        child.wait()
    return ours, theirs


def profile_cards(games: int) -> None:
    instant = f"{sys.executable} {HERE / 'instant_bot.py'}"
    config = MatchConfig(
        game="cards",
        rules=load_rules("cards", "classic"),
        bots=[parse_bot(instant)] * 3,
        games=games,
        seed=1,
        time=TimeControl(startup=10, bank=60, per_move=10),
    )
    profile = cProfile.Profile()
    profile.enable()
    play_table(config, 0, list(range(games)), lambda outcome: None, lambda first: False)
    profile.disable()
    pstats.Stats(profile).sort_stats("tottime").print_stats(25)


def breakdown(game: str, games: int, choice: str) -> None:
    """A decision's wall time at one core, part by part, in a real table of lean instant bots
    (their hello omits view and events; ``choice`` ``--random`` plays card deals out): each
    part's method wrapped to add up ``perf_counter_ns`` (~0.1 µs a call, so the parts read
    a little high). The bots run on the same core, so their turn is inside "write, read"
    (the write hands the core to the bot, which mostly answers before the referee runs
    again); the thread CPU clock would leave it out, but reading it is a system call dearer
    than most parts."""
    players = 3 if game == "cards" else 2
    state_class = type(game_spec(game).new_game(load_rules(game, "classic"), players))
    parts = {
        "engine: legal actions": (state_class, "legal_actions"),
        "engine: apply": (state_class, "apply"),
        "engine: chance (draw, apply)": (state_class, "chance"),
        "write, read (the bot's turn)": (BotProcess, "exchange"),
        "reply: bot's CPU counter": (BotProcess, "cpu_seconds"),
        "reply: parse": (players_module, "parse_action"),
    }
    spent = dict.fromkeys(parts, 0)
    originals = {name: getattr(owner, attribute) for name, (owner, attribute) in parts.items()}

    def timed(name: str, function: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter_ns()
            try:
                return function(*args, **kwargs)
            finally:
                spent[name] += time.perf_counter_ns() - start

        return wrapper

    for name, (owner, attribute) in parts.items():
        setattr(owner, attribute, timed(name, originals[name]))
    instant = f"{sys.executable} {HERE / 'instant_bot.py'} --omit view,events {choice}"
    config = MatchConfig(
        game=game,
        rules=load_rules(game, "classic"),
        bots=[parse_bot(instant)] * players,
        games=games,
        seed=1,
        time=TimeControl(startup=10, bank=60, per_move=10),
    )
    outcomes: list[Any] = []
    try:
        start = time.perf_counter_ns()
        play_table(config, 0, list(range(games)), outcomes.append, lambda first: False)
        total = time.perf_counter_ns() - start
    finally:
        for name, (owner, attribute) in parts.items():
            setattr(owner, attribute, originals[name])
    decisions = sum(o.decisions for o in outcomes)
    print(
        f"(6) {game}, lean instant bots {choice or '(first legal)'}: "
        f"{total / decisions / 1000:.1f} µs a decision ({decisions} decisions), of which:"
    )
    for name, nanoseconds in spent.items():
        print(f"      {name:28} {nanoseconds / decisions / 1000:5.2f} µs")
    rest = total - sum(spent.values())
    print(f"      {'the rest (loop, encoding, bots start)':28} {rest / decisions / 1000:5.2f} µs")


class StandInProcess:
    """An instant bot inside the referee's process, in place of a BotProcess: the request
    is parsed and answered (first legal, or seeded random) with no pipe and no process."""

    alive = True

    def __init__(self, random_choice: bool) -> None:
        self.rng = random.Random(0) if random_choice else None
        self.last = b""

    def send(self, data: bytes) -> None:
        self.last = data
        if self.rng is not None and data.startswith(b'{"type":"game_start"'):
            message = orjson.loads(data)
            self.rng.seed(f"{message['game']}:{message['seat']}")

    def read_line(self, timeout: float, idle: Any = None) -> tuple[bytes, float]:
        message = orjson.loads(self.last)
        legal = message["legal"]
        action = legal[0] if self.rng is None else legal[self.rng.randrange(len(legal))]
        line = b'{"type":"action","id":%d,"action":%s}' % (message["id"], orjson.dumps(action))
        return line, time.perf_counter()

    def exchange(self, data: bytes, timeout: float, idle: Any = None) -> tuple[bytes, float, float]:
        sent = time.perf_counter()
        self.send(data)
        line, arrived = self.read_line(timeout, idle)
        return line, sent, arrived

    def cpu_seconds(self) -> float:
        # What the real meter does at a move: one read of a process CPU clock (the cgroup's
        # counter only once a clock tick of wall time has passed).
        return time.clock_gettime(time.CLOCK_PROCESS_CPUTIME_ID)

    def stop(self, grace: float = 0.0, farewell: bytes | None = None) -> None:
        return None


class RecordingState:
    """The real engine of one game, each of its answers to the match loop kept in order."""

    def __init__(self, state: Any, log: list[Any]) -> None:
        self.state = state
        self.log = log

    def _kept(self, answer: Any) -> Any:
        self.log.append(answer)
        return answer

    def to_move(self) -> int:
        return self._kept(self.state.to_move())  # type: ignore[no-any-return]

    def chance(self, rng: Any) -> Any:
        return self._kept(self.state.chance(rng))

    def legal_actions(self) -> Any:
        return self._kept(self.state.legal_actions())

    def apply(self, action: Any) -> Any:
        return self._kept(self.state.apply(action))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)


class ReplayingState:
    """A recorded game's engine answers played back in order: an engine that costs nothing
    (but a call each), for the same games with the same choices of the stand-in bots."""

    def __init__(self, recorded: RecordingState) -> None:
        self.to_move = self.next = iter(recorded.log).__next__
        self.final = recorded.state

    def chance(self, rng: Any) -> Any:
        return self.next()

    def legal_actions(self) -> Any:
        return self.next()

    def apply(self, action: Any) -> Any:
        return self.next()

    def __getattr__(self, name: str) -> Any:  # scores, result, view: the game's end state
        return getattr(self.final, name)


def own_cpu_us(game: str, games: int, random_choice: bool, free_engine: bool = False) -> float:
    """(7): thread CPU a decision of a table whose bots are StandInProcess, least of five;
    (8) with ``free_engine``: each run plays the games recorded before it, the engine's
    answers played back (``ReplayingState``)."""
    launch, handshake = players_module.ProcessPlayer.launch, players_module.ProcessPlayer.handshake
    recorded: list[RecordingState] = []
    replaying: list[ReplayingState] = []

    class Spec:
        @staticmethod
        def new_game(rules: Any, players: int) -> Any:
            if replaying:
                return replaying.pop(0)
            recorded.append(RecordingState(game_spec(game).new_game(rules, players), []))
            return recorded[-1]

    def stand_in_launch(player: Any, hello: dict[str, Any]) -> None:
        player.process = StandInProcess(random_choice)

    def stand_in_handshake(player: Any, time_control: TimeControl) -> None:
        player.hello = BotHello(name="instant", omit=frozenset({"view", "events"}))
        player._cpu_mark = 0.0

    players = 3 if game == "cards" else 2
    config = MatchConfig(
        game=game,
        rules=load_rules(game, "classic"),
        bots=[parse_bot(f"{sys.executable} {HERE / 'instant_bot.py'}")] * players,
        games=games,
        seed=1,
        time=TimeControl(startup=10, bank=60, per_move=10),
    )
    runs: list[float] = []
    players_module.ProcessPlayer.launch = stand_in_launch  # type: ignore[method-assign,assignment]
    players_module.ProcessPlayer.handshake = stand_in_handshake  # type: ignore[method-assign,assignment]
    if free_engine:
        match_module.game_spec = lambda name: Spec  # type: ignore[attr-defined,assignment,return-value]
    try:
        for _ in range(5):
            if free_engine:
                recorded.clear()
                play_table(config, 0, list(range(games)), lambda outcome: None, lambda f: False)
                replaying[:] = [ReplayingState(state) for state in recorded]
            outcomes: list[Any] = []
            start = time.thread_time()
            play_table(config, 0, list(range(games)), outcomes.append, lambda first: False)
            spent = time.thread_time() - start
            assert not replaying, "the replayed games asked for more than was recorded"
            runs.append(spent / sum(o.decisions for o in outcomes) * 1e6)
    finally:
        players_module.ProcessPlayer.launch = launch  # type: ignore[method-assign]
        players_module.ProcessPlayer.handshake = handshake  # type: ignore[method-assign]
        match_module.game_spec = game_spec  # type: ignore[attr-defined]
    return min(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--profile", action="store_true", help="Also profile a card table.")
    parser.add_argument(
        "--breakdown", action="store_true", help="Also time the parts of a lean decision."
    )
    args = parser.parse_args()
    os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    floor = {"type": "request", "id": 0, "view": {"dice": [1, 5, 3, 3, 4], "pad": "x" * 180}}
    print(f"(1) floor: {round_trip_us('echo_child.py', floor):.1f} µs a round trip (240 B)")
    for game in ("dice", "cards"):
        request = sample_request(game)
        size = len(orjson.dumps(request))
        print(
            f"(1) {game} request ({size} B) to the instant bot, bare blocking loop: "
            f"{round_trip_us('instant_bot.py', request):.1f} µs a round trip"
        )
    lean = sample_request("cards")
    del lean["events"], lean["view"]
    size = len(orjson.dumps(lean))
    alone, turns = (round_trip_us("instant_bot.py", lean, bots=n) for n in (1, 3))
    print(
        f"(1) a lean cards request ({size} B) to one instant bot: {alone:.1f} µs a round trip; "
        f"to three taking turns, as a card table's seats do: {turns:.1f} µs"
    )
    print(f"(2) dice, builtin:first, match loop: {builtin_us('dice', 10):.1f} µs CPU a decision")
    print(f"(2) cards, builtin:first, match loop: {builtin_us('cards', 20):.1f} µs CPU a decision")
    throw, shuffle = chance_us()
    applied, drawn = deal_us()
    print(
        f"(3) chance: a throw {throw:.2f} µs, a shuffle of 24 {shuffle:.2f} µs; "
        f"the card engine applying a 3-player deal {applied:.2f} µs, drawing and dealing "
        f"one (chance) {drawn:.2f} µs"
    )
    meter, stat = cpu_meter_us()
    print(
        f"(4) CPU meter without a cgroup: {meter:.2f} µs a reading "
        f"(a pread of /proc/PID/stat alone: {stat:.2f} µs)"
    )
    compiled = not str(match_module.__file__).endswith(".py")
    if compiled:
        print(
            "(6)-(8): left out: they stand in-process players in for the referee's own classes, "
            "and the installed referee is compiled (setup.py's REFEREE group), whose classes "
            "cannot be patched; a pure install (THOUSAND_PURE=1 pip install .) runs them"
        )
    for game, games, random_choice in (
        ()
        if compiled
        else (
            ("dice", 100, False),
            ("dice", 100, True),
            ("cards", 100, False),
            ("cards", 8, True),
        )
    ):
        choice = "random legal" if random_choice else "first legal"
        real = own_cpu_us(game, games, random_choice)
        free = own_cpu_us(game, games, random_choice, free_engine=True)
        print(
            f"(7) {game}, {choice}, lean requests, bots in-process: {real:.2f} µs of the "
            f"referee's CPU a decision; (8) the engine's answers played back: {free:.2f} µs "
            f"(the engine's share: {real - free:.2f} µs)"
        )
    size, parts = full_request_us()
    print(
        f"(9) a full card request ({size:,} B on average), played-out games: "
        + ", ".join(f"{name} {us:.2f} µs" for name, us in parts.items())
    )
    if args.breakdown and not compiled:
        breakdown("dice", 60, "")
        breakdown("cards", 4, "--random")
    if args.profile:
        profile_cards(20)


if __name__ == "__main__":
    main()
