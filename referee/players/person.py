"""A person in a seat: a ``Player`` whose decisions come from a terminal or a browser page.

The match loop asks the person exactly as it asks a bot (the same view, the same legal
actions), so the person sees no more than a bot in that seat would, and the replay, the fault
policy and the result are the match's own. A person has no chess clock unless ``thousand play
--clock`` gives one; then running out is the bots' timeout fault (the seat is played on by the
fallback and ranked last), kept here because the match's time control is the bots'.
"""

from __future__ import annotations

from typing import Any, Protocol

from referee.players.botspec import BotSpec
from referee.players.players import Player, Reply
from referee.players.protocol import BotHello, Fault
from referee.players.time_control import TimeControl

PERSON = "person"
"""The ``builtin`` mark of the person's BotSpec: never a BUILTINS entry, only ever built by
``thousand play`` (MatchConfig.seat_players)."""


def person_spec(name: str = "you") -> BotSpec:
    return BotSpec(label=name, name=name, builtin=PERSON)


class Front(Protocol):
    """Where the person sits: draws the table and returns the action the person chose."""

    def begin(self, seat: int, names: list[str]) -> None:
        """The game starts: the person plays ``seat``; ``names`` as announced."""

    def decide(
        self, view: dict[str, Any], legal: list[dict[str, Any]], left: float | None
    ) -> tuple[dict[str, Any], float]:
        """Block until the person picks one of ``legal``: the action, and the seconds the
        person's clock ran (from the moment the choice was put before them, not while the
        others' moves were being shown). ``left``: seconds on their clock (None: no clock);
        ``TimeoutError`` when it runs out first."""

    def end(self, message: dict[str, Any]) -> None:
        """The game is over (``message`` is the referee's game_end)."""


class Person(Player):
    """The person's seat. ``timed`` is False: the match never faults a person for the bots'
    time control; ``clock`` (seconds for the whole game) is the person's own."""

    timed = False

    def __init__(self, front: Front, clock: float | None = None, name: str = "you") -> None:
        self.spec = person_spec(name)
        self.front = front
        self.clock = clock
        self.left = clock
        self.started = False

    @property
    def running(self) -> bool:
        return self.started

    def handshake(self, time_control: TimeControl) -> None:
        self.hello = BotHello(name=self.spec.label, version=PERSON)
        self.started = True

    def game_start(self, message: dict[str, Any], seed: str) -> None:
        self.left = self.clock
        names = [str(n) for n in message.get("names", [])]
        self.front.begin(int(message["seat"]), names)

    def request(
        self,
        request_id: int,
        events: list[dict[str, Any]] | None,
        view: dict[str, Any] | bytes | None,
        legal: list[dict[str, Any]] | bytes,
        left: float,
        time_control: TimeControl,
    ) -> Reply:
        # the person's hello leaves nothing out; takes no JSON
        assert isinstance(view, dict) and isinstance(legal, list)
        if self.idle is not None:
            self.idle()  # the replay written out: the front draws the steps up to this one
        try:
            action, used = self.front.decide(view, legal, self.left)
        except TimeoutError:
            self.left = 0.0
            raise Fault("timeout", f"the person's clock of {self.clock:.0f} s ran out") from None
        if self.left is not None:
            self.left = max(0.0, self.left - used)
        return Reply(action, used, 0.0)

    def game_end(self, message: dict[str, Any]) -> None:
        self.front.end(message)

    def close(self, grace: float = 2.0) -> None:
        self.started = False
