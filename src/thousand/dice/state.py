"""The dice game as a state machine: the lot, throws, roll/stop decisions and the end of a turn.

A turn alternates chance (a throw of the dice not set aside) and the mover's decision (throw
again or stop).  Everything that follows from a throw without a choice — a zero throw, the
samosval mid-turn, a point on the open barrel, the confirming throw after hot dice, five of a
kind — ends the turn inside ``apply()`` of that throw, so a bot is asked only real questions.

The end of a turn follows the rule book's order of scoring exactly: (1) the turn's own result,
(2) the barrel, (3) overtaking, (4) samosval, (5) the win check; each score change is one
``score`` event with its reason so that a replay shows why every score moved.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import product
from typing import Final

from thousand.dice.reasons import FallWhy, ForcedEnd, ScoreReason, TurnEndWhy
from thousand.dice.rules import DiceRules
from thousand.dice.scoring import DICE, scoring_key, scoring_table
from thousand.game import (
    CHANCE,
    OVER,
    Action,
    DiceEndReason,
    Event,
    IllegalAction,
    Result,
    View,
)

# Final, written out: compiled, a Final int of a literal is a C constant, where a module name is
# a look-up in the module's dict at every use (issue 35: a phase compared at every step)
LOT: Final = 0
THROW: Final = 1
DECIDE: Final = 2
ENDED: Final = 3
PHASE_NAMES: Final = ("lot", "throw", "decide", "over")

NO_BARREL: Final = 0
POINTS_BARREL: Final = 1
OPEN_BARREL: Final = 2
USURP_FALL: Final = 0
USURP_OPENING: Final = 1
USURP_NONE: Final = 2
_BARRELS: Final = {"none": NO_BARREL, "points": POINTS_BARREL, "open": OPEN_BARREL}
_USURPS: Final = {"fall": USURP_FALL, "opening_score": USURP_OPENING, "none": USURP_NONE}

_Best = tuple[int, tuple[int, ...], int]

_NO_CAP: Final = 1_099_511_627_776  # 1 << 40 as a literal: a C constant when compiled
_THROWS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(product(range(1, 7), repeat=size)) for size in range(DICE + 1)
)
"""Every ordered throw of ``size`` dice, so that one random number draws a whole throw."""
_WAYS: Final = tuple(len(throws) for throws in _THROWS)


_ROLL: Final[Action] = {"type": "roll"}
_STOP: Final[Action] = {"type": "stop"}
_KEEPS: Final[dict[tuple[int, ...], tuple[Action, Action]]] = {}
"""The legal actions, made once and shared by every legal list, as the card engine's are:
whoever is handed legal actions reads them and never changes them. Keeps by the dice kept
(roll keeping them, stop keeping them), made at their first use."""


def _keep_actions(keep: tuple[int, ...]) -> tuple[Action, Action]:
    found = _KEEPS.get(keep)
    if found is None:
        found = _KEEPS[keep] = (
            {"type": "roll", "keep": list(keep)},
            {"type": "stop", "keep": list(keep)},
        )
    return found


class _Config:
    """The rules copied into plain attributes, with the throw tables, shared by all states."""

    __slots__ = (
        "attempts",
        "b_barrel",
        "b_pit",
        "b_unopened",
        "barrel",
        "barrel_start",
        "best",
        "bolt_limit",
        "bolt_penalty",
        "bolts",
        "choose",
        "clamp",
        "confirm",
        "drawn",
        "entry",
        "fall_penalty",
        "five_wins",
        "floor",
        "goal",
        "in_a_row",
        "keeps",
        "max_falls",
        "max_rounds",
        "mid",
        "ordered",
        "overtake",
        "pits",
        "points_limit",
        "samosval",
        "usurp",
    )

    def __init__(self, rules: DiceRules) -> None:
        table = scoring_table(scoring_key(rules))
        self.best: dict[tuple[int, ...], _Best] = {
            throw: (score.points, score.scoring, len(score.scoring))
            for throw, score in table.scores.items()
        }
        self.ordered: dict[tuple[int, ...], tuple[tuple[int, ...], _Best]] = {
            throw: (key, self.best[key])
            for size in range(1, DICE + 1)
            for throw in _THROWS[size]
            for key in (tuple(sorted(throw)),)
        }
        self.drawn: tuple[tuple[tuple[tuple[int, ...], _Best], ...], ...] = tuple(
            tuple(self.ordered[throw] for throw in _THROWS[size]) if size else ()
            for size in range(DICE + 1)
        )
        """``ordered`` by the throw's index in ``_THROWS``: the engine's own draw is an index,
        and a tuple of five dice hashed for each throw was a tenth of ``chance``."""
        self.keeps: dict[tuple[int, ...], dict[tuple[int, ...], int]] = {
            throw: dict(options) for throw, options in table.keeps.items()
        }
        self.choose = rules.set_aside == "choose"
        self.confirm = rules.confirm_hot_dice
        self.five_wins = rules.five_of_a_kind_wins
        self.entry = rules.entry
        self.pits = rules.pits
        self.samosval = rules.samosval
        self.mid = rules.samosval_mid_turn
        self.overtake = rules.overtake_penalty
        self.bolts = rules.bolts
        self.bolt_limit = rules.bolt_limit
        self.bolt_penalty = rules.bolt_penalty
        self.in_a_row = rules.bolts_in_a_row
        self.b_unopened = rules.bolts_while_unopened
        self.b_pit = rules.bolts_in_pit
        self.b_barrel = rules.bolts_on_barrel
        self.goal = rules.goal
        self.barrel = _BARRELS[rules.barrel]
        self.barrel_start = rules.barrel_start
        self.clamp = rules.barrel_clamp
        self.attempts = rules.barrel_attempts or 0
        self.fall_penalty = rules.barrel_fall_penalty
        self.max_falls = rules.barrel_max_falls or 0
        self.usurp = _USURPS[rules.barrel_usurp]
        self.points_limit = rules.open_points_limit
        self.floor = rules.score_floor
        self.max_rounds = rules.max_rounds


@lru_cache(maxsize=64)
def _config(rules: DiceRules) -> _Config:
    return _Config(rules)


def _malformed(message: str) -> IllegalAction:
    return IllegalAction("malformed", message)


class DiceState:
    """One game of dice "1000" between ``players`` seats (see the module docstring)."""

    __slots__ = (
        "_base",
        "_cap",
        "_cfg",
        "_first",
        "_need",
        "_pending",
        "_phase",
        "_reason",
        "_sams",
        "_winner",
        "bolts",
        "confirming",
        "current",
        "dice_left",
        "falls",
        "kept",
        "last_throw",
        "must_roll",
        "on_barrel",
        "opened",
        "opening",
        "points",
        "reached",
        "rules",
        "score_list",
        "tick",
        "tries",
        "turn_total",
        "turns",
    )

    def __init__(self, rules: DiceRules | None = None, players: int = 0) -> None:
        if rules is None:  # a blank that clone() fills: compiled classes have no bare __new__
            return
        if players not in rules.allowed_players():
            raise ValueError(f"dice is played by 2 to 8 players, not {players}")
        self.rules = rules
        self._cfg = _config(rules)
        self._phase = LOT
        self._first: int | None = None
        self._winner: int | None = None
        self._reason: DiceEndReason | None = None  # set once, as the game ends
        self._pending: tuple[int, ...] | None = None
        self.current = 0
        self.score_list = [0] * players
        self.opened = [False] * players
        self.opening = [0] * players
        self.bolts = [0] * players
        self.on_barrel = [False] * players
        self.tries = [0] * players
        self.falls = [0] * players
        self.points = [0] * players
        self.reached = [0] * players
        self.tick = 0
        self.turns = 0
        self.turn_total = 0
        self.dice_left = DICE
        self.must_roll = False
        self.confirming = False
        self.kept: tuple[int, ...] = ()
        self.last_throw: tuple[int, ...] | None = None
        self._base: View | None = None
        self._need = 0
        self._cap = _NO_CAP
        self._sams = -1

    # ----------------------------------------------------------------- the interface --
    @property
    def num_players(self) -> int:
        return len(self.score_list)

    def to_move(self) -> int:
        phase = self._phase
        if phase == DECIDE:
            return self.current
        if phase == ENDED:
            return OVER
        return CHANCE

    def scores(self) -> list[int]:
        return list(self.score_list)

    def clone(self) -> DiceState:
        other = DiceState()
        other.rules = self.rules
        other._cfg = self._cfg
        other._phase = self._phase
        other._first = self._first
        other._winner = self._winner
        other._reason = self._reason
        other._pending = self._pending
        other.current = self.current
        other.score_list = self.score_list[:]
        other.opened = self.opened[:]
        other.opening = self.opening[:]
        other.bolts = self.bolts[:]
        other.on_barrel = self.on_barrel[:]
        other.tries = self.tries[:]
        other.falls = self.falls[:]
        other.points = self.points[:]
        other.reached = self.reached[:]
        other.tick = self.tick
        other.turns = self.turns
        other.turn_total = self.turn_total
        other.dice_left = self.dice_left
        other.must_roll = self.must_roll
        other.confirming = self.confirming
        other.kept = self.kept
        other._base = self._base
        other.last_throw = self.last_throw
        other._need = self._need
        other._cap = self._cap
        other._sams = self._sams
        return other

    def sample_chance(self, rng: random.Random) -> Action:
        if self._phase == THROW:
            left = self.dice_left
            return {"type": "throw", "dice": list(_THROWS[left][int(rng.random() * _WAYS[left])])}
        if self._phase == LOT:
            return {"type": "first_player", "seat": rng.randrange(len(self.score_list))}
        raise IllegalAction("not_chance", "no chance event is pending")

    def chance(self, rng: random.Random) -> tuple[Action, list[Event]]:
        """``sample_chance`` and ``apply`` in one step: a throw the engine drew itself is
        applied without checking it again (about one throw a decision). What the step records
        and tells is exactly what the two calls give (tests/dice/test_dice_chance.py)."""
        if self._phase != THROW:
            action = self.sample_chance(rng)
            return action, self.apply(action)
        left = self.dice_left
        index = int(rng.random() * _WAYS[left])
        drawn = _THROWS[left][index]
        key, best = self._cfg.drawn[left][index]
        return {"type": "throw", "dice": list(drawn)}, self._throw(drawn, key, best)

    def legal_actions(self) -> list[Action]:
        if self._phase != DECIDE:
            return []
        pending = self._pending
        if pending is None:
            if self.must_roll or not self._need <= self.turn_total <= self._cap:
                return [_ROLL]
            return [_ROLL, _STOP]
        actions: list[Action] = []
        size = len(pending)
        for keep, points in self._cfg.keeps[pending].items():
            total = self.turn_total + points
            roll, stop = _keep_actions(keep)
            actions.append(roll)
            if len(keep) == size or self._forced(total) is not None:
                continue
            if self._record_block(total) is None:
                actions.append(stop)
        return actions

    def apply(self, action: object) -> list[Event]:
        # object, not Action: a compiled engine checks an annotated type before the body runs,
        # and a non-object from a bot or a replay must be refused as malformed, not crash
        if type(action) is not dict:
            raise _malformed(f"an action is a JSON object, not {type(action).__name__}")
        phase = self._phase
        if phase == THROW:
            dice = action.get("dice")
            if (
                type(dice) is not list
                or len(dice) != self.dice_left
                or len(action) != 2
                or action.get("type") != "throw"
            ):
                return self._apply_throw(action)
            for die in dice:
                if type(die) is not int:
                    return self._apply_throw(action)
            drawn = tuple(dice)
            found = self._cfg.ordered.get(drawn)
            if found is None:
                return self._apply_throw(action)
            return self._throw(drawn, found[0], found[1])
        if phase == DECIDE:
            if self._pending is None:
                if action.get("type") == "roll" and len(action) == 1:
                    self._roll()
                    return []
                return self._apply_decision(action)
            return self._apply_keep(action)
        if phase == LOT:
            return self._apply_lot(action)
        raise IllegalAction("game_over", "the game is over")

    def view(self, seat: int) -> View:
        """The public table (dice hide nothing); arrays are tuples so views can share them."""
        if type(seat) is not int or not 0 <= seat < len(self.score_list):
            raise ValueError(f"no seat {seat!r} in a game of {len(self.score_list)}")
        base = self._base
        if base is None:
            base = self._base = self._public()
        view = base.copy()  # a copy and item stores beat a literal with ** by 2x
        phase = self._phase
        view["seat"] = seat
        view["phase"] = PHASE_NAMES[phase]
        view["to_move"] = self.current if phase == DECIDE else self.to_move()
        view["turn_total"] = self.turn_total
        view["dice_left"] = self.dice_left
        view["set_aside"] = self.kept
        view["throw"] = self.last_throw
        view["must_roll"] = self.must_roll
        view["confirming"] = self.confirming
        view["choosing"] = self._pending is not None
        return view

    def _public(self) -> View:
        """The part of the view that changes only between turns (cached until then)."""
        players = len(self.score_list)
        mover = self.current if self._phase in (THROW, DECIDE) else None
        return {
            "game": "dice",
            "players": players,
            "turn": mover,
            "first_player": self._first,
            "round": self.turns // players + 1,
            "turns_played": self.turns,
            "scores": tuple(self.score_list),
            "opened": tuple(self.opened),
            "bolts": tuple(self.bolts),
            "on_barrel": tuple(self.on_barrel),
            "barrel_attempts": tuple(self.tries),
            "barrel_falls": tuple(self.falls),
            "barrel_points": tuple(self.points),
            "need": self._need if mover is not None else None,
            "cap": self.cap() if mover is not None else None,
            "winner": self._winner,
        }

    def result(self) -> Result | None:
        if self._phase != ENDED or self._reason is None:
            return None
        return Result(
            ranking=self.ranking(),
            scores=self.score_list[:],
            reason=self._reason,
            winner=self._winner,
        )

    # -------------------------------------------------------------- helpers for bots --
    def ranking(self) -> list[int]:
        """Seats best first: the winner, then by score, ties to whoever reached it first."""
        players = len(self.score_list)
        first = self._first or 0
        winner = self._winner
        scores = self.score_list
        reached = self.reached
        return sorted(
            range(players),
            key=lambda s: (s != winner, -scores[s], reached[s], (s - first) % players),
        )

    def need(self) -> int:
        """The smallest turn total the mover may record now (limits: opening, pit, barrel)."""
        return self._need

    def cap(self) -> int | None:
        """The largest turn total the mover may gather (open barrel), or None without one."""
        return None if self._cap == _NO_CAP else self._cap

    def setup(
        self,
        *,
        scores: list[int] | None = None,
        opened: list[bool] | None = None,
        bolts: list[int] | None = None,
        on_barrel: list[bool] | None = None,
        barrel_attempts: list[int] | None = None,
        barrel_falls: list[int] | None = None,
        barrel_points: list[int] | None = None,
        opening: list[int] | None = None,
        turn: int | None = None,
    ) -> None:
        """Place the table between two turns, for analysis, puzzles and scripted tests.

        Only allowed before the first throw of a turn, so a turn is never half-applied.  The
        mover's limits are recomputed from the new table.
        """
        if self._phase != THROW or self.turn_total or self.dice_left != DICE or self.must_roll:
            raise ValueError("setup is only possible before the first throw of a turn")
        players = len(self.score_list)
        columns = (
            ("score_list", scores),
            ("opened", opened),
            ("bolts", bolts),
            ("on_barrel", on_barrel),
            ("tries", barrel_attempts),
            ("falls", barrel_falls),
            ("points", barrel_points),
            ("opening", opening),
        )
        for name, values in columns:
            if values is not None:
                if len(values) != players:
                    raise ValueError(f"{name} needs {players} values, not {len(values)}")
                setattr(self, name, list(values))
        if turn is not None:
            if not 0 <= turn < players:
                raise ValueError(f"no seat {turn} in a game of {players}")
            self.current = turn
        self._base = None
        self._start_turn()

    def _start_turn(self) -> None:
        """Fix the mover's limits for the whole turn: its score cannot change mid-turn."""
        cfg = self._cfg
        seat = self.current
        score = self.score_list[seat]
        need = 0 if self.opened[seat] else cfg.entry
        for low, high in cfg.pits:
            if low <= score < high:
                need = max(need, high - score)
        if cfg.barrel == POINTS_BARREL and self.on_barrel[seat]:
            need = max(need, cfg.goal - score)
        self._need = need
        self._cap = cfg.goal - score if cfg.barrel == OPEN_BARREL else _NO_CAP
        self._sams = cfg.samosval - score if cfg.mid and cfg.samosval is not None else -1

    # ------------------------------------------------------------------ validation --
    def _apply_lot(self, action: Action) -> list[Event]:
        seat = action.get("seat")
        if action.get("type") != "first_player" or len(action) != 2:
            raise _malformed('expected the lot: {"type": "first_player", "seat": k}')
        if type(seat) is not int or not 0 <= seat < len(self.score_list):
            raise IllegalAction("bad_chance", f"the first player must be a seat, not {seat!r}")
        self._first = seat
        self.current = seat
        self._phase = THROW
        self._base = None
        self._start_turn()
        return [{"type": "first_player", "seat": seat}]

    def _apply_throw(self, action: Action) -> list[Event]:
        """The slow path of a throw: find what is wrong with it."""
        dice = action.get("dice")
        if action.get("type") != "throw" or len(action) != 2 or type(dice) is not list:
            raise _malformed('expected a throw: {"type": "throw", "dice": [...]}')
        if len(dice) != self.dice_left:
            raise IllegalAction(
                "bad_chance", f"a throw here has {self.dice_left} dice, not {len(dice)}"
            )
        for die in dice:
            if type(die) is not int or not 0 < die < 7:
                raise IllegalAction("bad_chance", f"a die shows 1..6, not {die!r}")
        key = tuple(sorted(dice))
        return self._throw(tuple(dice), key, self._cfg.best[key])

    def _apply_decision(self, action: Action) -> list[Event]:
        kind = action.get("type")
        if len(action) != 1 or kind not in ("roll", "stop"):
            raise _malformed('expected {"type": "roll"} or {"type": "stop"}')
        if kind == "roll":
            self._roll()
            return []
        if self.must_roll:
            raise IllegalAction("hot_dice", "all five dice are set aside: the throw is compulsory")
        if not self._need <= self.turn_total <= self._cap:
            block = self._limit(self.turn_total) or "limit"
            raise IllegalAction(block, self._block_message(block, self.turn_total))
        events: list[Event] = []
        self._end_turn("stop", True, events)
        return events

    def _apply_keep(self, action: Action) -> list[Event]:
        kind = action.get("type")
        keep = action.get("keep")
        if len(action) != 2 or kind not in ("roll", "stop") or type(keep) is not list:
            raise _malformed('expected {"type": "roll"|"stop", "keep": [die values...]}')
        if any(type(die) is not int for die in keep):
            raise _malformed("keep lists die values (integers)")
        pending = self._pending
        assert pending is not None
        kept = tuple(keep)
        points = self._cfg.keeps[pending].get(kept)
        if points is None:
            raise IllegalAction(
                "bad_keep",
                f"keep {keep} is not whole scoring combinations of the throw {list(pending)} "
                "(values sorted ascending)",
            )
        total = self.turn_total + points
        if kind == "stop":
            if len(kept) == len(pending):
                raise IllegalAction("hot_dice", "keeping every die makes them hot: throw again")
            if self._forced(total) is not None:
                raise IllegalAction("forced", "this keep ends the turn at once: send it as roll")
            block = self._record_block(total)
            if block is not None:
                raise IllegalAction(block, self._block_message(block, total))
        events: list[Event] = []
        self._pending = None
        self._set_aside(kept, points, events)
        forced = self._forced(self.turn_total)
        if forced is not None:
            self._end_turn(forced, forced == "samosval", events)
        elif kind == "stop":
            self._end_turn("stop", True, events)
        else:
            if self.dice_left == 0:
                self._hot()
            self._roll()
        return events

    # --------------------------------------------------------------------- limits --
    def _record_block(self, total: int) -> str | None:
        """Which limit forbids recording ``total`` now, or None when recording is allowed."""
        if self._need <= total <= self._cap:
            return None
        return self._limit(total)

    def _limit(self, total: int) -> str | None:
        cfg = self._cfg
        seat = self.current
        score = self.score_list[seat]
        if not self.opened[seat] and total < cfg.entry:
            return "opening"
        new = score + total
        for low, high in cfg.pits:
            if low <= score < high and new < high:
                return "pit"
        barrel = cfg.barrel
        if barrel == POINTS_BARREL:
            if self.on_barrel[seat] and new < cfg.goal:
                return "barrel"
        elif barrel == OPEN_BARREL and new > cfg.goal:
            return "barrel"
        return None

    def _block_message(self, block: str, total: int) -> str:
        need = self.need()
        if block == "opening":
            return f"not opened yet: a turn must make {need}, this one has {total}"
        if block == "pit":
            return f"in a pit: a turn must make {need} to climb out, this one has {total}"
        return f"on the barrel: a turn must make {need}, this one has {total}"

    def _forced(self, total: int) -> ForcedEnd | None:
        """Whether a running ``total`` ends the turn at once: an open-barrel point or samosval."""
        if total > self._cap:
            return "point"
        if total == self._sams and total >= self._need:
            return "samosval"
        return None

    # ---------------------------------------------------------------------- a turn --
    def _throw(self, dice: tuple[int, ...], key: tuple[int, ...], best: _Best) -> list[Event]:
        cfg = self._cfg
        seat = self.current
        points, scoring, used = best
        self.last_throw = dice
        events: list[Event] = [
            {
                "type": "throw",
                "seat": seat,
                "dice": list(dice),
                "points": points,
                "scoring": list(scoring),
            }
        ]
        if not used:
            self._end_turn("unconfirmed" if self.confirming else "zero", False, events)
            return events
        if cfg.five_wins and used == DICE and key[0] == key[4]:
            self._set_aside(scoring, points, events)
            self._end_turn("five_of_a_kind", True, events)
            return events
        if cfg.choose and not self.confirming:
            self._pending = key
            self._phase = DECIDE
            return events
        total = self.turn_total = self.turn_total + points
        left = self.dice_left = self.dice_left - used
        self.kept += scoring
        events.append(
            {
                "type": "set_aside",
                "seat": seat,
                "dice": list(scoring),
                "points": points,
                "turn_total": total,
                "dice_left": left,
                "hot": left == 0,
            }
        )
        if total > self._cap or total == self._sams:
            forced = self._forced(total)
            if forced is not None:
                self._end_turn(forced, forced == "samosval", events)
                return events
        if self.confirming:
            if self._record_block(total) is None:
                self._end_turn("confirmed", True, events)
            else:
                self._end_turn("short", False, events)
        else:
            if left == 0:
                self._hot()
            self._phase = DECIDE
        return events

    def _set_aside(self, dice: tuple[int, ...], points: int, events: list[Event]) -> None:
        self.turn_total += points
        self.dice_left -= len(dice)
        self.kept += dice
        events.append(
            {
                "type": "set_aside",
                "seat": self.current,
                "dice": list(dice),
                "points": points,
                "turn_total": self.turn_total,
                "dice_left": self.dice_left,
                "hot": self.dice_left == 0,
            }
        )

    def _hot(self) -> None:
        """All five dice set aside: the next throw is compulsory and throws all five.

        The five come back only when that throw is asked for (``_roll``): until then the view
        shows what the ``set_aside`` event said, ``dice_left`` 0 with the five dice aside, so a
        bot reading either one sees the same table (protocol.md, issue 10)."""
        self.must_roll = True
        self.confirming = self._cfg.confirm

    def _roll(self) -> None:
        """The mover throws: after hot dice with all five dice."""
        if self.dice_left == 0:
            self.dice_left = DICE
            self.kept = ()
        self.must_roll = False
        self._phase = THROW

    # ------------------------------------------------------------ end of the turn --
    def _change(self, seat: int, delta: int, reason: ScoreReason, events: list[Event]) -> None:
        scores = self.score_list
        if delta == 0:
            return
        self.tick += 1
        self.reached[seat] = self.tick
        scores[seat] += delta
        events.append(
            {"type": "score", "seat": seat, "delta": delta, "score": scores[seat], "reason": reason}
        )

    def _penalty(self, seat: int, amount: int, reason: ScoreReason, events: list[Event]) -> None:
        """A penalty, floored at ``score_floor`` when the rules set one."""
        score = self.score_list[seat]
        new = score - amount
        floor = self._cfg.floor
        if floor is not None and new < floor:
            new = min(score, floor)
        self._change(seat, new - score, reason, events)

    def _fall(self, seat: int, why: FallWhy, events: list[Event]) -> None:
        cfg = self._cfg
        self.on_barrel[seat] = False
        self.tries[seat] = 0
        self.falls[seat] += 1
        events.append(
            {"type": "barrel_fallen", "seat": seat, "falls": self.falls[seat], "why": why}
        )
        if cfg.max_falls and self.falls[seat] >= cfg.max_falls:
            self.falls[seat] = 0
            self._change(seat, -self.score_list[seat], "barrel_fall", events)
        else:
            self._penalty(seat, cfg.fall_penalty, "barrel_fall", events)

    def _bolt(self, seat: int, start: int, was_on_barrel: bool, events: list[Event]) -> None:
        cfg = self._cfg
        counted = (self.opened[seat] or cfg.b_unopened) and (not was_on_barrel or cfg.b_barrel)
        if counted and not cfg.b_pit:
            for low, high in cfg.pits:
                if low <= start < high:
                    counted = False
        if not counted:
            events.append(
                {"type": "bolt", "seat": seat, "bolts": self.bolts[seat], "counted": False}
            )
            return
        self.bolts[seat] += 1
        events.append({"type": "bolt", "seat": seat, "bolts": self.bolts[seat], "counted": True})
        if self.bolts[seat] >= cfg.bolt_limit:
            self.bolts[seat] = 0
            self._penalty(seat, cfg.bolt_penalty, "bolt_penalty", events)

    def _end_turn(self, why: TurnEndWhy, record: bool, events: list[Event]) -> None:
        cfg = self._cfg
        seat = self.current
        scores = self.score_list
        self._base = None
        before = scores[:]
        start = before[seat]
        total = self.turn_total
        was_on_barrel = self.on_barrel[seat]
        players = len(scores)
        events.append(
            {
                "type": "turn_end",
                "seat": seat,
                "total": total,
                "recorded": total if record else 0,
                "why": why,
            }
        )
        if why == "five_of_a_kind":
            self._change(seat, total, "five_of_a_kind", events)
            self._game_over(seat, "five_of_a_kind", events)
            return
        # (1) the turn's own result
        if record:
            if not self.opened[seat]:
                self.opened[seat] = True
                self.opening[seat] = start + total
                events.append({"type": "opened", "seat": seat, "score": start + total})
            self._change(seat, total, "turn", events)
            if cfg.in_a_row:
                self.bolts[seat] = 0
        elif why == "point":
            self.points[seat] += 1
            events.append({"type": "barrel_point", "seat": seat, "points": self.points[seat]})
            if self.points[seat] >= cfg.points_limit:
                self.points[seat] = 0
                self._fall(seat, "points", events)
        else:
            falls = False
            if was_on_barrel and cfg.barrel == POINTS_BARREL:
                self.tries[seat] += 1
                used = self.tries[seat]
                events.append(
                    {"type": "barrel_attempt", "seat": seat, "used": used, "of": cfg.attempts}
                )
                falls = cfg.attempts > 0 and used >= cfg.attempts
            # A bolt counted on the barrel is paid before the fall: a fall that sets the score
            # to 0 is the barrel's last word (docs/rules-dice.md, "Bolts"), not a 0 that the
            # bolt's penalty then takes below. A bolt not counted there is only shown, after the
            # fall, where every replay has it.
            bolt_first = cfg.bolts and cfg.b_barrel
            if falls and not bolt_first:
                self._fall(seat, "attempts", events)
            if cfg.bolts:
                self._bolt(seat, start, was_on_barrel, events)
            if falls and bolt_first:
                self._fall(seat, "attempts", events)
        # (2) the barrel: clamping, climbing, knocking off the sitter
        if record and cfg.barrel == POINTS_BARREL and not was_on_barrel:
            score = scores[seat]
            if score >= cfg.barrel_start:
                if cfg.clamp:
                    self._change(seat, cfg.barrel_start - score, "barrel_clamp", events)
                elif score >= cfg.goal:  # no clamp: only a jump to the goal lands on the barrel
                    self._change(seat, cfg.barrel_start - score, "barrel_landing", events)
                self.on_barrel[seat] = True
                self.tries[seat] = 0
                events.append({"type": "barrel_climbed", "seat": seat, "score": scores[seat]})
                if cfg.usurp != USURP_NONE:
                    for other in range(players):
                        if other != seat and self.on_barrel[other]:
                            events.append({"type": "barrel_usurped", "seat": other, "by": seat})
                            if cfg.usurp == USURP_FALL:
                                self._fall(other, "usurped", events)
                            else:
                                self.on_barrel[other] = False
                                self.tries[other] = 0
                                back = self.opening[other] - scores[other]
                                self._change(other, back, "barrel_usurped", events)
        # (3) overtaking, judged against the others' scores before this turn
        if record and cfg.overtake:
            new = scores[seat]
            for other in range(players):
                if other != seat and self.opened[other] and start < before[other] < new:
                    events.append({"type": "overtaken", "seat": other, "by": seat})
                    self._penalty(other, cfg.overtake, "overtaken", events)
        # (4) samosval for anyone now exactly on it, the mover first
        if cfg.samosval is not None and cfg.samosval in scores:
            for step in range(players):
                other = (seat + step) % players
                if scores[other] == cfg.samosval:
                    events.append({"type": "samosval", "seat": other})
                    self._change(other, -scores[other], "samosval", events)
        if scores != before:
            self._moved(before, events)
        # (5) the win check
        if record:
            score = scores[seat]
            barrel = cfg.barrel
            if (
                (barrel == NO_BARREL and score >= cfg.goal)
                or (barrel == POINTS_BARREL and was_on_barrel and score >= cfg.goal)
                or (barrel == OPEN_BARREL and score == cfg.goal)
            ):
                self._game_over(seat, "goal", events)
                return
        self.turns += 1
        if self.turns >= cfg.max_rounds * players:
            self._game_over(None, "round_cap", events)
            return
        self.current = (seat + 1) % players
        self.turn_total = 0
        self.dice_left = DICE
        self.must_roll = False
        self.confirming = False
        self.kept = ()
        self.last_throw = None
        self._pending = None
        self._phase = THROW
        self._start_turn()

    def _moved(self, before: list[int], events: list[Event]) -> None:
        """Sitters pushed below the barrel leave it; announce who has just landed in a pit."""
        cfg = self._cfg
        on_barrel = self.on_barrel
        for seat, score in enumerate(self.score_list):
            old = before[seat]
            if score == old:
                continue
            if on_barrel[seat] and score < cfg.barrel_start and cfg.barrel == POINTS_BARREL:
                on_barrel[seat] = False
                self.tries[seat] = 0
                events.append({"type": "barrel_left", "seat": seat, "score": score})
            for low, high in cfg.pits:
                if low <= score < high and not low <= old < high:
                    events.append({"type": "pit", "seat": seat, "pit": [low, high], "score": score})

    def _game_over(self, winner: int | None, reason: DiceEndReason, events: list[Event]) -> None:
        if winner is not None:
            self.turns += 1
            events.append(
                {"type": "win", "seat": winner, "score": self.score_list[winner], "why": reason}
            )
        self._winner = winner
        self._reason = reason
        self._phase = ENDED
        self._pending = None
        events.append(
            {
                "type": "game_over",
                "reason": reason,
                "winner": winner,
                "ranking": self.ranking(),
                "scores": self.score_list[:],
            }
        )


def new_game(rules: DiceRules, players: int) -> DiceState:
    """A fresh game; the first chance event is the lot for who throws first."""
    return DiceState(rules, players)
