"""The solved dice bot: its solver checked against an independent computation and against the
engine, its shipped table read for positions whose answer is known, and the bot itself played
as a contestant runs it (real bot processes, the bubblewrap sandbox where present; the CLI's
commands in the test's process).

The full solve of classic takes many minutes (bench/dice_solver.py); here a reduced game is
solved (no opening, pits, barrel, overtaking or samosval; goal 100), fast.
"""

from __future__ import annotations

import json
import random
import shlex
import sys
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.inprocess import Invoked, invoke
from tests.requirements import need
from tests.script_module import load
from thousand.dice import DiceRules, new_game, score_throw
from thousand.rules_io import rules_from_mapping

ROOT = Path(__file__).resolve().parents[2]
EXPERT = ROOT / "bots" / "dice_expert.py"
BOT = shlex.join([sys.executable, str(EXPERT)])
DICE_BOT = shlex.join([sys.executable, str(ROOT / "bots" / "dice_bot.py")])
REDUCED = {"preset": "simple", "entry": 0, "goal": 100}


@cache
def solver() -> ModuleType:
    return load(ROOT / "bench" / "dice_solver.py", "dice_solver")


@cache
def expert() -> ModuleType:
    return load(EXPERT, "dice_expert")


def rules(data: dict[str, Any]) -> DiceRules:
    made = rules_from_mapping("dice", data)
    assert isinstance(made, DiceRules)
    return made


# ------------------------------------------------------------ an independent solution --
def throw_chances(table: DiceRules, dice: int) -> tuple[float, dict[tuple[int, int], float]]:
    """P(zero) and P(points, dice used) of a throw, from the distinct throws and their
    multinomial weights (the solver enumerates all 6^n ordered throws instead)."""
    zero = 0.0
    chances: dict[tuple[int, int], float] = {}
    for throw in combinations_with_replacement(range(1, 7), dice):
        weight = factorial(dice)
        for face in set(throw):
            weight //= factorial(throw.count(face))
        p = weight / 6**dice
        best = score_throw(throw, table)
        if best.zero:
            zero += p
        else:
            key = (best.points, len(best.scoring))
            chances[key] = chances.get(key, 0.0) + p
    return zero, chances


def race_values(goal: int, table: DiceRules) -> list[list[float]]:
    """W[i][j]: the mover at score 5i wins against 5j, in a plain race to ``goal`` (no
    opening, pit, barrel, overtaking or samosval).

    Scores only grow, so a turn of (i, j) reaches other pairs only through a scoring stop, at
    a higher sum of scores, or through a zero throw, to (j, i): the pairs are solved by
    falling sum, each with its mirror as one equation x = W[i][j] = turn(i, j, W[j][i]),
    W[j][i] = turn(j, i, x), its root found by a bracketed secant. Each turn is a memoised
    recursion over (turn total, dice)."""
    size = goal // 5
    chance = {n: throw_chances(table, n) for n in range(1, 6)}
    hot = sum(p for (_, used), p in chance[5][1].items() if used == 5)  # P(five dice hot)
    wins = [[float("nan")] * size for _ in range(size)]

    def turn(i: int, j: int, back: float) -> float:
        """The mover's chance at (i, j), given W[j][i] = ``back`` (the table after a zero)."""
        memo: dict[tuple[int, int], float] = {}

        def throw(total: int, dice: int) -> float:
            if (total, dice) in memo:
                return memo[total, dice]
            zero, outcomes = chance[dice]
            value = zero * (1.0 - back)
            for (points, used), p in outcomes.items():
                now, left = total + points, dice - used
                if left == 0:  # hot dice: the throw of five is compulsory, even here
                    value += p * (hot_at_goal() if 5 * i + now >= goal else throw(now, 5))
                elif 5 * i + now >= goal:
                    value += p  # stopping wins: nothing beats it
                else:
                    later = 1.0 - wins[j][i + now // 5]
                    assert later == later, (i, j, now)  # solved already: a higher sum
                    value += p * max(later, throw(now, left))
            memo[total, dice] = value
            return value

        def hot_at_goal() -> float:
            """Hot dice with the goal reached: a compulsory throw of five, again while it is
            hot; a zero loses the turn, any other scoring throw wins."""
            zero = chance[5][0]
            return (zero * (1.0 - back) + (1.0 - zero - hot)) / (1.0 - hot)

        return throw(0, 5)

    for total in range(2 * size - 2, -1, -1):
        for i in range(max(0, total - size + 1), total // 2 + 1):
            j = total - i

            def gap(x: float, i: int = i, j: int = j) -> float:
                """turn(i, j, turn(j, i, x)) - x: falling in x, zero at W[i][j]."""
                return turn(i, j, x if i == j else turn(j, i, x)) - x

            low, high = 0.0, 1.0
            at_low, at_high = gap(low), gap(high)
            for _ in range(100):
                x = low - at_low * (high - low) / (at_high - at_low)
                if not low < x < high:
                    x = (low + high) / 2
                found = gap(x)
                if abs(found) < 1e-14:
                    break
                if found > 0:
                    low, at_low = x, found
                else:
                    high, at_high = x, found
            else:
                raise AssertionError(f"no root for the pair {(i, j)}")
            wins[i][j] = x
            wins[j][i] = turn(j, i, x)
    return wins


def test_the_solver_agrees_with_an_independent_solution_of_a_reduced_game() -> None:
    need("numpy")
    dice_solver = solver()
    table = rules(REDUCED)
    solved = dice_solver.Solver(dice_solver.Model.from_rules(table))
    solved.solve(tolerance=1e-10)
    independent = race_values(100, table)
    worst = 0.0
    for i in range(20):
        for j in range(20):
            me, other = dice_solver.PlayerState(5 * i), dice_solver.PlayerState(5 * j)
            worst = max(worst, abs(solved.value(me, other) - independent[i][j]))
    assert worst < 1e-7
    # the mover's edge is real and bounded: at 0-0 the first player is favoured
    assert 0.5 < solved.first_player() < 0.75


# ------------------------------------------------------- the model against the engine --
ONE_FIVE = {5: (5, 2, 2, 3, 6), 4: (5, 2, 3, 6), 3: (5, 2, 3), 2: (5, 2), 1: (5,)}


def engine_turn(table: DiceRules, me: Any, other: Any, total: int | None) -> Any:
    """Play one turn in the engine from a placed table: throws of a single 5 until ``total``,
    then stop (None: a zero throw). Returns the table after it, as the solver's states."""
    dice_solver = solver()
    state = new_game(table, 2)
    state.apply({"type": "first_player", "seat": 0})
    seats = (me, other)
    state.setup(
        scores=[s.points for s in seats],
        opened=[s.score is not None for s in seats],
        on_barrel=[s.tries >= 0 for s in seats],
        barrel_attempts=[max(s.tries, 0) for s in seats],
        bolts=[s.bolts for s in seats],
        turn=0,
    )
    if total is None:
        state.apply({"type": "throw", "dice": [2, 2, 3, 4, 6]})
    else:
        gathered, left = 0, 5
        while True:
            state.apply({"type": "throw", "dice": list(ONE_FIVE[left])})
            gathered, left = gathered + 5, left - 1 or 5
            if gathered >= total:
                break
            state.apply({"type": "roll"})
        state.apply({"type": "stop"})
    view = state.view(0)
    if view["winner"] == 0:
        return dice_solver.WIN
    return tuple(
        dice_solver.PlayerState(
            view["scores"][seat] if view["opened"][seat] else None,
            view["barrel_attempts"][seat] if view["on_barrel"][seat] else -1,
            view["bolts"][seat],
        )
        for seat in (0, 1)
    )


def test_every_sampled_turn_ends_where_the_engine_ends_it() -> None:
    """Stops and zero throws from random tables (pits, samosval, overtaking, the barrel and
    its usurping and falls): the solver's transition is the engine's, under the rules the
    solver models exactly."""
    dice_solver = solver()
    table = rules(dice_solver.ABSTRACT_RULES)
    model = dice_solver.Model.from_rules(table)
    # the tables a game can reach: no score of 555 (it drops to 0), one sitter at most
    states = [s for s in dice_solver.player_states(model) if 0 <= s.points != 555]
    rng = random.Random(14)
    checked = 0
    while checked < 400:
        me, other = rng.choice(states), rng.choice(states)
        if me.tries >= 0 and other.tries >= 0:
            continue
        low = dice_solver.need(model, me)
        total = rng.choice([None, low, low + 5 * rng.randrange(0, 60)])
        if total is not None and (total // 5) % 5 == 0:
            total += 5  # not on hot dice, where a throw is compulsory
        expected = (
            (dice_solver.bust(model, me), other)
            if total is None
            else dice_solver.stop(model, me, other, total)
        )
        assert engine_turn(table, me, other, total) == expected, (me, other, total)
        checked += 1
    assert checked == 400
    state = dice_solver.PlayerState
    told = [  # the rare landings, each once: usurping, a samosval by overtaking, falls
        (state(800, -1, 1), state(880, 1, 2), 85, (state(880, 0, 1), state(780, -1, 2))),
        (state(500, -1), state(605, -1, 1), 110, (state(610, -1), state(0, -1, 1))),
        (state(500, -1), state(580, -1), 110, (state(610, -1), state(530, -1))),
        (state(445, -1, 2), state(None), 110, (state(0, -1, 2), state(None))),
        (state(880, 2, 1), state(300, -1), None, (state(780, -1, 1), state(300, -1))),
        (state(880, 0), state(300, -1), None, (state(880, 1), state(300, -1))),
        (state(880, 0), state(300, -1), 120, dice_solver.WIN),
        (state(400, -1), state(300, -1), None, (state(400, -1, 1), state(300, -1))),  # a bolt
        (state(400, -1, 2), state(300, -1), None, (state(300, -1), state(300, -1))),  # third
        (state(700, -1, 2), state(300, -1), None, (state(600, -1), state(300, -1))),  # to a pit
        (state(250, -1, 2), state(300, -1), None, (state(250, -1, 2), state(300, -1))),  # pit
        (state(None), state(300, -1), None, (state(None), state(300, -1))),  # not opened
        (state(-180, -1, 2), state(300, -1), None, (state(-200, -1), state(300, -1))),  # floor
    ]
    for me, other, total, landing in told:
        computed = (
            (dice_solver.bust(model, me), other)
            if total is None
            else dice_solver.stop(model, me, other, total)
        )
        assert computed == landing == engine_turn(table, me, other, total), (me, other, total)


# ------------------------------------------------------------------ the shipped table --
def seat(score: int | None, bolts: int = 0, tries: int = -1) -> dict[str, Any]:
    """A view with one seat (seat 0) in that state."""
    return {
        "opened": [score is not None],
        "on_barrel": [tries >= 0],
        "barrel_attempts": [max(tries, 0)],
        "scores": [score or 0],
        "bolts": [bolts],
    }


def test_the_shipped_table_answers_what_is_known() -> None:
    """Positions whose best answer needs no solver: a stop that wins or climbs the barrel is
    always taken, a stop onto the samosval (555 -> 0) never while a throw is possible."""
    bot = expert()
    policy = bot.SolvedPolicy()
    header = json.loads(bot.TABLE_HEADER)
    assert header["rules"] == solver().ABSTRACT_RULES and 0.5 < header["first_player"] < 0.6
    at_555 = policy.state(seat(555), 0, bolts=False)  # unreachable: 555 drops to 0
    for bolts in range(policy.bolt_limit):
        sitter = policy.state(seat(880, bolts, tries=0), 0)
        at_455 = policy.state(seat(455, bolts), 0)
        at_700 = policy.state(seat(700, bolts), 0)
        for other in range(policy.other_states):
            if other == at_555:
                continue
            for left in range(1, 5):
                assert policy.stop(sitter, other, left, 120)  # a win
                assert policy.stop(at_700, other, left, 180)  # onto the barrel
                assert not policy.stop(at_455, other, left, 100)  # onto the samosval


def test_the_bot_reads_every_table_state_at_the_solver_s_index() -> None:
    """The bot maps a seat of the view to the row the solver wrote for that state: with its
    bolt count for the mover, without for the other player."""
    dice_solver = solver()
    model = dice_solver.Model.from_rules(rules(dice_solver.ABSTRACT_RULES))
    policy = expert().SolvedPolicy()
    states = dice_solver.player_states(model)
    plain = [state for state in states if state.bolts == 0]
    assert (len(states), len(plain)) == (policy.states, policy.other_states)
    for index, state in enumerate(states):
        view = seat(state.score, state.bolts, state.tries)
        assert policy.state(view, 0) == index, state
        assert plain[policy.state(view, 0, bolts=False)].score == state.score


def test_the_bot_reads_classic_and_not_another_preset() -> None:
    bot = expert()
    classic = rules({"preset": "classic"}).model_dump(mode="json")
    assert bot.solved_for({**classic, "preset": "classic", "barrel_max_falls": None})
    assert not bot.solved_for({**classic, "bolts": False})
    for preset in ("ussr", "barrel850", "simple"):
        other = rules({"preset": preset}).model_dump(mode="json")
        assert not bot.solved_for({**other, "preset": preset})
    assert not bot.solved_for({**classic, "entry": 75})


# ------------------------------------------------------------- the bot as a contestant --
def thousand(*args: str) -> Invoked:
    """``thousand ARGS`` in this process (tests/inprocess.py, issue 29): what is tested is the
    bot, in real processes the referee starts alike from here, not the referee's own process
    (a `thousand` start is ~0.3-0.6 s of CPU)."""
    return invoke(list(args), cwd=ROOT)


def match(*args: str) -> Any:
    done = thousand("match", "--game", "dice", "--json", "--time-per-move", "1", *args)
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    for bot in document["bots"]:
        assert bot["faults"] == {}, f"{bot['name']} faulted: {bot['faults']}"
    return document


def test_the_bot_passes_bots_check() -> None:
    done = thousand("bots", "check", BOT, "--json", "--time-per-move", "5")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    dice = [r for r in document["rule_sets"] if r["rules"].startswith("dice/")]
    assert dice and all(r["problems"] == [] and r["games"] > 0 for r in dice)


@pytest.mark.parametrize(
    ("preset", "players"), [("classic", 2), ("classic", 3), ("ussr", 2), ("barrel850", 3)]
)
def test_the_bot_plays_without_a_fault(preset: str, players: int) -> None:
    bots = [BOT, DICE_BOT, "builtin:random"][:players]
    document = match("--rules", preset, "--games", "2", "--seed", "5", *bots)
    assert document["games_played"] == 2


def test_the_bot_plays_fresh_processes_in_the_sandbox() -> None:
    """The ladder's case: a fresh process per game, under bwrap, seeing only its own file."""
    need("bwrap")
    document = match("--sandbox", "bwrap", "--games", "2", "--rotate", BOT, DICE_BOT)
    assert document["games_played"] >= 2
