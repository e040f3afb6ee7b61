"""The solved dice table as the analysis reads it: one copy, in bots/dice_expert.py, that the
bot's policy and the analysis' values agree on; the analysis' model of the game checked against
the solver's own; the value of a turn position against a separate recursion."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from referee.analysis.dice_model import (
    STEP,
    Model,
    PlayerState,
    bust,
    need,
    player_states,
    stop,
    throw_outcomes,
)
from referee.analysis.dice_table import (
    BOT_FILE,
    SolvedTable,
    TableError,
    decode_values,
    encode_values,
    load_table,
    policy_digest,
)
from tests.script_module import load

ROOT = Path(__file__).resolve().parents[2]


@cache
def solver() -> ModuleType:
    return load(ROOT / "bench" / "dice_solver.py", "dice_solver")


@cache
def expert() -> ModuleType:
    return load(BOT_FILE, "dice_expert")


def solver_state(state: PlayerState) -> object:
    return solver().PlayerState(state.score, state.tries, state.bolts)


def test_the_values_sit_with_the_policy_the_bot_plays() -> None:
    """One file holds both: the values name the policy section they were solved with, and the
    bot reads that very section."""
    table = load_table()
    assert table.header["policy_sha256"] == policy_digest(BOT_FILE)
    bot = expert()
    assert json.loads(bot.TABLE_HEADER)["rules"] == table.header["rules"]
    assert table.header["rules"] == solver().ABSTRACT_RULES
    assert len(table.values) == bot.SolvedPolicy().states ** 2


def test_the_model_is_the_solver_s() -> None:
    """Every state, every other state, every stop a turn can make and every zero throw land
    where bench/dice_solver.py's transitions say (the solver's copy is the one it solved)."""
    table = load_table()
    ours: Model = table.model
    theirs = solver().Model.from_rules(table.rules)
    states = player_states(ours)
    assert [solver_state(s) for s in states] == solver().player_states(theirs)
    rng = random.Random(32)
    for me in states:
        assert solver_state(bust(ours, me)) == solver().bust(theirs, solver_state(me))
        assert need(ours, me) == solver().need(theirs, solver_state(me))
        for other in rng.sample(states, 40):
            for total in range(need(ours, me), 1000, STEP * 7):
                mine = stop(ours, me, other, total)
                expected = solver().stop(theirs, solver_state(me), solver_state(other), total)
                if expected == solver().WIN:
                    assert mine is not None and not isinstance(mine, tuple)
                else:
                    assert isinstance(mine, tuple)
                    assert (solver_state(mine[0]), solver_state(mine[1])) == expected
    for dice in range(1, 6):
        zero, outcomes = throw_outcomes(table.rules, dice)
        their_zero, their_outcomes = solver().throw_outcomes(table.rules, dice)
        assert zero == their_zero
        assert [(p, g * STEP, u) for p, g, u in outcomes] == their_outcomes


def independent_turn(table: SolvedTable, me: PlayerState, other: PlayerState) -> object:
    """The mover's values inside a turn by a plain memoised recursion over (total, dice): the
    way tests/bots_expert's independent solution values a turn, from the table's values."""
    model = table.model
    size = len(table.states)

    def stop_value(total: int) -> float:
        if total < need(model, me):
            return -1.0
        landing = stop(model, me, other, total)
        if not isinstance(landing, tuple):
            return 1.0
        return 1.0 - table.values[table.index(landing[1]) * size + table.index(landing[0])]

    busted = 1.0 - table.values[table.index(other) * size + table.index(bust(model, me))]
    top = (table.reach(me) + 1) * STEP  # past it every stop lands alike

    @cache
    def throw(total: int, dice: int) -> float:
        zero, outcomes = table.outcomes[dice]
        value = zero * busted
        for p, gained, used in outcomes:
            value += p * after(min(total + gained * STEP, top), dice - used)
        return value

    @cache
    def after(total: int, left: int) -> float:
        if total >= top:  # record now or throw on until the dice bust: nothing else changes
            best = max(stop_value(total), busted)
            if left:
                return best
            zero, outcomes = table.outcomes[5]
            hot = sum(p for p, _, used in outcomes if used == 5)
            return (zero * busted + (1.0 - zero - hot) * best) / (1.0 - hot)
        if left == 0:
            return throw(total, 5)
        return max(stop_value(total), throw(total, left))

    return stop_value, throw


def test_a_turn_is_valued_as_a_separate_recursion_values_it() -> None:
    table = load_table()
    rng = random.Random(7)
    for _ in range(12):
        me, other = rng.choice(table.states), rng.choice(table.states)
        stop_value, throw = independent_turn(table, me, other)
        for total in range(0, 300, 35):
            for left in range(1, 6):
                ours = table.values_at(me, other, total, left)
                assert ours[0] == pytest.approx(stop_value(total), abs=1e-12)  # type: ignore[operator]
                assert ours[1] == pytest.approx(throw(total, left), abs=1e-12)  # type: ignore[operator]


def test_the_start_of_a_turn_is_the_table_s_value() -> None:
    """A turn valued from its first throw gives back the table's own W(mover, other) (the
    solve converged): the values and the turn pass are one solution."""
    table = load_table()
    rng = random.Random(11)
    for _ in range(200):
        a, b = rng.randrange(len(table.states)), rng.randrange(len(table.states))
        turn = table.turn(a, b, 0)
        assert turn.throws[5][0] == pytest.approx(table.win(a, b), abs=2e-6)


def test_the_bot_s_policy_is_the_values_best_action() -> None:
    """The bot stops exactly where the values say stopping is best, read as the bot reads the
    other player (the majority over its bolt counts), wherever the choice is not a near tie."""
    table = load_table()
    policy = expert().SolvedPolicy()
    rng = random.Random(3)
    plain = [s for s in table.states if s.bolts == 0]
    checked = 0
    for _ in range(3000):
        me = rng.choice(table.states)
        other = rng.choice(plain)
        left = rng.randrange(1, 5)
        total = rng.randrange(need(table.model, me) // STEP, 60) * STEP
        if total == 0:
            continue
        votes, margins = 0, []
        for bolts in range(table.model.bolt_limit):
            them = PlayerState(other.score, other.tries, bolts if other.score is not None else 0)
            stop_value, throw_value = table.values_at(me, them, total, left)
            votes += stop_value >= throw_value
            margins.append(abs(stop_value - throw_value))
        if min(margins) < 1e-6:
            continue  # a near tie: the solve's last digits decide it
        bot_stops = policy.stop(table.index(me), plain.index(other), left, total)
        assert bot_stops == (votes * 2 > table.model.bolt_limit), (me, other, left, total)
        checked += 1
    assert checked > 2000


def test_the_values_survive_their_encoding() -> None:
    values = [0.0, 1.0, 0.5, 1 / 3, 0.999999999, 0.25]
    back = decode_values(encode_values(values, 3), len(values), 3)
    assert list(back) == pytest.approx(values, abs=4e-9)
    with pytest.raises(TableError, match="holds 6 values, not 9"):
        decode_values(encode_values(values, 3), 9, 3)


def test_a_file_without_the_table_is_one_clear_error(tmp_path: Path) -> None:
    bare = tmp_path / "dice_expert.py"
    bare.write_text("print('no table')\n", encoding="utf-8")
    with pytest.raises(TableError, match="has no section"):
        load_table(bare)
    with pytest.raises(TableError, match="cannot read"):
        load_table(tmp_path / "missing.py")
