"""The wire protocol of protocol.md: message shapes, encoding, and the checks on bot replies.

Kept apart from process handling so that the conformance checker, the referee and the tests
share one definition of what a valid reply is, and so that a protocol.md change has one place to
land in code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, get_args

import orjson

from thousand.errors import ThousandError
from thousand.game import Result

_loads: Final = orjson.loads
"""Looked up once: compiled, ``orjson.loads(…)`` is a look-up in the module's attributes at
every call, a Final name a C static (an answer is parsed at every move)."""

PROTOCOL_VERSION = 1
SUPPORTED_VERSIONS = frozenset({1})
MAX_LINE = 1 << 20
"""Longest line a bot may send, newline included (protocol.md, "Transport")."""
MAX_NAME = 64

BYE = b'{"type":"bye"}\n'


FaultKind = Literal[
    "crash",
    "timeout",
    "closed_stdout",
    "malformed_json",
    "invalid_utf8",
    "line_too_long",
    "wrong_id",
    "illegal_action",
    "bad_hello",
    "incompatible_protocol",
    "startup",
    "resource_limit",
    "absent",
]
"""The names of protocol.md's fault table, which replays, reports and bot authors' scripts
match on: a typo in a new fault is a type error, not a name no one documented
(tests/protocol/test_protocol_docs.py holds this list to the table)."""

FAULT_KINDS: tuple[FaultKind, ...] = get_args(FaultKind)


class Fault(ThousandError):
    """A bot broke the protocol or the rules; ``kind`` is one of the names in protocol.md."""

    def __init__(self, kind: FaultKind, detail: str, line: bytes | None = None) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail
        self.line = line


def encode(message: dict[str, Any]) -> bytes:
    return orjson.dumps(message, option=orjson.OPT_APPEND_NEWLINE)


def _decode_object(line: bytes) -> dict[str, Any]:
    try:
        message = orjson.loads(line)  # checks UTF-8 itself: no decoded copy on the hot path
    except orjson.JSONDecodeError as error:
        try:
            line.decode("utf-8")
        except UnicodeDecodeError as bad:
            raise Fault("invalid_utf8", f"not UTF-8 at byte {bad.start}", line) from None
        raise Fault("malformed_json", f"not JSON: {error}", line) from None
    if not isinstance(message, dict):
        raise Fault("malformed_json", "a message must be a JSON object", line)
    return message


MAX_GAMES_LISTED = 16


@dataclass(frozen=True)
class BotHello:
    name: str
    version: str | None = None
    author: str | None = None
    protocol: int = PROTOCOL_VERSION
    games: tuple[str, ...] | None = None
    """The games the bot says it plays (protocol.md, "hello"); ``None``: it did not say."""
    omit: frozenset[str] = frozenset()
    """The parts of a request the bot asked to go without (protocol.md, "hello"): a bot that
    keeps its own state needs no ``view``, one that reads the view needs no ``events``, and
    neither is then built or sent for it."""

    def plays(self, game: str) -> bool:
        return self.games is None or game in self.games


def parse_hello(line: bytes) -> BotHello:
    message = _decode_object(line)
    if message.get("type") != "hello":
        raise Fault("bad_hello", f"expected a hello, got type {message.get('type')!r}", line)
    name = message.get("name")
    if not isinstance(name, str) or not name.strip():
        raise Fault("bad_hello", "the hello has no name", line)
    protocol = message.get("protocol", PROTOCOL_VERSION)
    if protocol not in SUPPORTED_VERSIONS:
        speaks = ", ".join(str(v) for v in sorted(SUPPORTED_VERSIONS))
        raise Fault(
            "incompatible_protocol",
            f"bot speaks protocol {protocol!r}; this referee speaks {speaks}",
            line,
        )
    version = message.get("version")
    author = message.get("author")
    return BotHello(
        name=name.strip()[:MAX_NAME],
        version=str(version)[:MAX_NAME] if version is not None else None,
        author=str(author)[:MAX_NAME] if author is not None else None,
        protocol=int(protocol),
        games=_games(message.get("games", None), line),
        omit=_omit(message.get("omit", None), line),
    )


def _games(games: Any, line: bytes) -> tuple[str, ...] | None:
    """The optional ``games`` list, checked: names the referee does not know are kept (a later
    referee may offer them) but cut short, and a list of anything else is a bad hello."""
    if games is None:
        return None
    if (
        not isinstance(games, list)
        or len(games) > MAX_GAMES_LISTED
        or not all(isinstance(game, str) for game in games)
    ):
        raise Fault(
            "bad_hello",
            f'games must be a list of at most {MAX_GAMES_LISTED} game names, such as ["dice"]',
            line,
        )
    return tuple(game[:MAX_NAME] for game in games)


OMITTABLE = ("view", "events")
"""What a bot may ask a request to leave out; ``id``, ``legal`` and ``clock`` always come."""


def _omit(omit: Any, line: bytes) -> frozenset[str]:
    """The optional ``omit`` list, checked: a name this referee does not leave out is refused
    rather than ignored, so a bot never waits for a request shape it will not get."""
    if omit is None:
        return frozenset()
    if (
        not isinstance(omit, list)
        or len(omit) > len(OMITTABLE)
        or not all(isinstance(part, str) and part in OMITTABLE for part in omit)
    ):
        raise Fault(
            "bad_hello",
            'omit must be a list of what a request may leave out: "view", "events"',
            line,
        )
    return frozenset(omit)


def parse_action(line: bytes, expected_id: int) -> dict[str, Any]:
    """The action of a reply, after checking its shape and id (legality is the engine's)."""
    try:  # _decode_object written out: one call less on the hot path
        message = _loads(line)
    except orjson.JSONDecodeError:
        message = _decode_object(line)  # raises the fault that names what is wrong
    if type(message) is not dict:
        raise Fault("malformed_json", "a message must be a JSON object", line)
    reply_id = message.get("id")
    # Any JSON number equal to the id is the id (1.0 is 1 to JSON); the fast path is the
    # integer a bot almost always sends. ``true`` equals 1 in Python, so the type test
    # names int and float exactly and a boolean stays a wrong id.
    if (type(reply_id) is not int and type(reply_id) is not float) or reply_id != expected_id:
        shown = _shown(reply_id)
        raise Fault("wrong_id", f"answered id {shown}, expected {expected_id}", line)
    action = message.get("action")
    if not isinstance(action, dict):
        raise Fault("malformed_json", "the reply has no action object", line)
    return action


def _shown(value: Any) -> str:
    """An id as the bot wrote it (``true``, ``"7"``, ``1.5``), cut short for a one-line detail."""
    return orjson.dumps(value).decode()[:40]


def hello_message(
    game: str, players: int, games: int, rules: dict[str, Any], time: dict[str, Any]
) -> dict[str, Any]:
    return {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "game": game,
        "players": players,
        "games": games,
        "rules": rules,
        "time": time,
    }


def rank_faulted_last(result: Result, faulted: set[int]) -> Result:
    """protocol.md, "Faults and what the referee does": a faulted seat is ranked last of its
    game, the others among themselves as the game ended. Here, with the protocol, because the
    match applies it and ``replay verify`` checks it, and the verifier sits below the match."""
    if not faulted:
        return result
    ranking = [s for s in result.ranking if s not in faulted] + [
        s for s in result.ranking if s in faulted
    ]
    winner = ranking[0] if ranking[0] not in faulted else None
    return Result(ranking=ranking, scores=result.scores, reason=result.reason, winner=winner)
