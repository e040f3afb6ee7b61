"""The small interface both engines implement, shaped after OpenSpiel's game states.

A game is a mutable state machine.  At every moment exactly one of three things is next:
a decision of one seat, a chance event (the deal, a throw, the lot for the first dealer), or
the end.  Chance is never drawn inside the engine: the caller samples it with
``sample_chance(rng)`` from *its own* seeded generator and applies the outcome like any other
action, so a game is fully rebuilt from (rules, players, the list of applied actions) and a
replay never depends on a random generator.

Actions, events and views are plain JSON-compatible dicts so that the referee can send them to
bots in any language without translation, and so that a bot can choose from
``legal_actions()`` without knowing a single rule. They are read, never changed: an engine may
hand out the same action object in every legal list (both engines do, for every legal action)
and share arrays between views.

Events carry a ``"to"`` key only when they are private: ``"to": seat`` means only that seat may
learn it.  Everything else is public.  ``view(seat)`` is exactly that seat's knowledge.

An engine may also offer ``view_json(seat)`` and ``legal_json()``: the view and the legal
actions as the JSON text ``orjson.dumps`` makes of them, written without building or encoding
the dictionaries. The referee sends that text as it is to a bot process (the card engine has
both: its view and its legal list are the largest parts of a full request's cost). It may
offer ``chance_events(rng)`` too: ``chance(rng)``'s events without the outcome, which a
referee that writes no replay does not record (the card engine's deal then names no card).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Final, Literal, Protocol, Self, TypeAlias, get_args

from thousand.errors import ThousandError

Action: TypeAlias = dict[str, Any]
Event: TypeAlias = dict[str, Any]
View: TypeAlias = dict[str, Any]

CHANCE: Final = -1
"""``to_move()`` value when the next step is a chance event."""

OVER: Final = -2
"""``to_move()`` value when the game has ended."""


class IllegalAction(ThousandError, ValueError):
    """An action the rules forbid here.

    ``rule`` is a short stable name (``"follow_suit"``, ``"bid_limit"``) that the referee records
    as the fault reason; ``str(error)`` is the sentence a person reads ("must follow suit: you
    hold ♥").
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


CardsEndReason = Literal["target", "deal_cap"]
"""Why a card game ended: a seat reached the target, or the deal cap came."""

DiceEndReason = Literal["goal", "five_of_a_kind", "round_cap"]
"""Why a dice game ended: a goal (its last barrel or 1000), five of a kind where that wins at
once, or its round cap."""

EndReason = Literal[CardsEndReason, DiceEndReason]
"""Why a game ended, as results, replays and reports name it; each engine takes only its own
game's words, and the protocol's schema publishes each game's as the enum of its results.
A typo in an engine is a type error, not a new word in replays."""

CARDS_END_REASONS: tuple[CardsEndReason, ...] = get_args(CardsEndReason)
DICE_END_REASONS: tuple[DiceEndReason, ...] = get_args(DiceEndReason)

END_REASONS: tuple[EndReason, ...] = get_args(EndReason)


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``ranking`` lists seats best first; ``places[seat]`` is that seat's place (1 = winner) so that
    statistics never need to search the ranking.
    """

    ranking: list[int]
    scores: list[int]
    reason: EndReason
    winner: int | None = None
    places: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.places:
            places = [0] * len(self.ranking)
            for place, seat in enumerate(self.ranking, start=1):
                places[seat] = place
            object.__setattr__(self, "places", places)

    def to_json(self) -> dict[str, Any]:
        return {
            "ranking": list(self.ranking),
            "scores": list(self.scores),
            "reason": self.reason,
            "winner": self.winner,
            "places": list(self.places),
        }


class GameState(Protocol):
    """What the referee, the replay verifier and in-process players rely on."""

    @property
    def num_players(self) -> int: ...

    def to_move(self) -> int:
        """The seat to decide, or ``CHANCE``, or ``OVER``."""
        ...

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move (empty at chance and at the end)."""
        ...

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the pending chance outcome from the caller's generator (does not apply it)."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Apply a decision or a chance outcome; raise ``IllegalAction`` naming the rule."""
        ...

    def chance(self, rng: random.Random) -> tuple[Action, list[Event]]:
        """``sample_chance`` then ``apply`` as one step: (the outcome, its events). The same
        outcome and events as the two calls; what the engine drew itself it need not check
        again (``apply`` still checks every outcome a replay or a caller hands it)."""
        ...

    def view(self, seat: int) -> View:
        """Everything ``seat`` may know now, and nothing more."""
        ...

    def scores(self) -> list[int]: ...

    def result(self) -> Result | None:
        """The result once ``to_move() == OVER``, else ``None``."""
        ...

    def clone(self) -> Self: ...


def visible_to(event: Event, seat: int) -> bool:
    """Whether ``seat`` may receive ``event``: public events go to all, private to their owner."""
    to = event.get("to")
    return to is None or to == seat
