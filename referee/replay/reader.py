"""Reading replay files, streaming: one record at a time, so a 10,000-game folder is verified
or summarised in flat memory.

Accepts ``.jsonl``, ``.jsonl.gz`` and the ``.part`` files a referee leaves when it dies mid-game
(those are reported as incomplete, gzipped or not). Every format version this referee ever
wrote stays readable: ``upgrade`` turns an older record into the current shape before anyone
looks at it.

A replay is a file anyone can hand you, so the reader trusts nothing in it: it reads only
regular files (a FIFO would hang it, ``/dev/zero`` would fill memory), bounds every line and
the whole decompressed file (a small gzip file can inflate to gigabytes), and checks the shape
of every record it hands on, so that the commands above it see only the types they expect
and every damaged file ends in one line that names the file and the line.
"""

from __future__ import annotations

import os
import stat
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

import orjson

from referee.replay import FORMAT_NAME, FORMAT_VERSION
from referee.safetext import as_text, for_terminal, is_clean, shorten
from thousand.errors import ThousandError

SUPPORTED_VERSIONS = frozenset({1})

MAX_LINE = 4 << 20
"""Longest line of a replay, in bytes. A real step is about a kilobyte (1,372 bytes at most in
six 3-player card games of random bots); a move that quotes a rejected action may carry a bot
line of up to the protocol's 1 MiB. Four times that is room enough for any step."""
MAX_REPLAY = 64 << 20
"""Most bytes of one replay, decompressed. The longest game measured (3-player cards, random
bots, no deal cap) is 1.86 MB: this is 35 times that. Anything larger is not a game this
referee wrote, and a gzip bomb stops here, not at the end of memory."""
MAX_PLAYERS = 16
_CHUNK = 64 << 10
_GZIP_MAGIC = b"\x1f\x8b"


class ReplayError(ThousandError, ValueError):
    """A file that is not a replay this referee can read; the message is one line. ``line`` and
    ``problem`` are set when the fault is at one line of the file, for messages (such as
    ``replay verify``'s) that put the line number in a place of their own."""

    def __init__(self, message: str, line: int | None = None, problem: str | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.problem = problem if problem is not None else message

    @classmethod
    def at(cls, path: Path, line: int, problem: str) -> ReplayError:
        return cls(f"{path}: line {line}: {problem}", line, problem)


@dataclass(frozen=True)
class Header:
    raw: dict[str, Any]

    @property
    def game(self) -> str:
        return str(self.raw["game"])

    @property
    def players(self) -> int:
        return int(self.raw["players"])

    @property
    def names(self) -> list[str]:
        """Seat names as announced; where two seats share a name, each gets its seat number.
        Text without control characters (``seat_name_problem``), still a contestant's: a
        display makes it safe for where it goes (referee/safetext.py)."""
        names = [str(seat["name"]) for seat in self.raw["seats"]]
        return [
            f"{name}#{seat}" if names.count(name) > 1 else name for seat, name in enumerate(names)
        ]


def replay_files(paths: list[Path]) -> Iterator[Path]:
    """Expand folders into the replay files they hold, in name order."""
    for path in paths:
        if path.is_dir():
            for pattern in ("*.jsonl", "*.jsonl.gz", "*.jsonl.part", "*.jsonl.gz.part"):
                yield from sorted(path.rglob(pattern))
        else:
            yield path


def _open_regular(path: Path) -> int:
    """A descriptor of ``path``, which must be a regular file. Opened without blocking, so a
    FIFO is refused instead of waiting for a writer that never comes."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise ReplayError(f"no such replay file: {path}") from None
    except IsADirectoryError:
        raise ReplayError(f"{path} is a folder, not a replay file") from None
    except OSError as error:
        raise ReplayError(f"cannot read {path}: {error.strerror}") from None
    mode = os.fstat(fd).st_mode
    if stat.S_ISREG(mode):
        return fd
    os.close(fd)
    if stat.S_ISDIR(mode):
        raise ReplayError(f"{path} is a folder, not a replay file")
    kind = "a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) else "special"
    raise ReplayError(f"{path} is {kind}, not a regular file: refused")


class _Bytes:
    """The file's bytes, gunzipped when they start with gzip's magic, in bounded chunks; at most
    ``MAX_REPLAY`` of them. A gzip stream that stops before its end marker (a killed referee's
    ``.part`` file) yields every byte it holds and sets ``truncated``."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._file = os.fdopen(fd, "rb", buffering=0)
        self._total = 0
        self.truncated = False
        head = self._read_raw()
        self._inflate: Any = None
        self._pending = head
        if head.startswith(_GZIP_MAGIC):
            self._inflate = zlib.decompressobj(wbits=31)

    def _read_raw(self) -> bytes:
        try:
            data: bytes = self._file.read(_CHUNK)
        except OSError as error:
            raise ReplayError(f"{self.path}: cannot read: {error.strerror}") from None
        return data

    def _count(self, data: bytes) -> bytes:
        self._total += len(data)
        if self._total > MAX_REPLAY:
            raise ReplayError(
                f"{self.path}: more than {MAX_REPLAY >> 20} MiB of replay"
                f"{' once decompressed' if self._inflate is not None else ''}: "
                "no game is that long, not a replay this referee wrote"
            )
        return data

    def read(self) -> bytes:
        """The next chunk, ``b""`` at the end."""
        if self._inflate is None:
            data, self._pending = (self._pending or self._read_raw()), b""
            return self._count(data)
        while True:
            inflate = self._inflate
            if inflate.unconsumed_tail:
                data = inflate.unconsumed_tail
            elif inflate.eof:
                # The writer may have appended another gzip member (or nothing).
                data = inflate.unused_data or self._pending or self._read_raw()
                self._pending = b""
                if not data:
                    return b""
                inflate = self._inflate = zlib.decompressobj(wbits=31)
            else:
                data, self._pending = (self._pending or self._read_raw()), b""
                if not data:
                    self.truncated = True
                    return b""
            try:
                out: bytes = inflate.decompress(data, _CHUNK)
            except zlib.error:
                raise ReplayError(f"{self.path}: damaged gzip data: not a replay file") from None
            if out:
                return self._count(out)

    def close(self) -> None:
        self._file.close()


class _Lines:
    """Lines of at most ``MAX_LINE`` bytes; the last one may lack its newline (torn)."""

    def __init__(self, source: _Bytes) -> None:
        self.source = source
        self._buffer = bytearray()
        self._start = 0
        self.number = 0

    def readline(self) -> bytes | None:
        scanned = self._start
        while True:
            end = self._buffer.find(b"\n", scanned)
            if end >= 0:
                line = bytes(self._buffer[self._start : end + 1])
                self._start = end + 1
                if self._start > _CHUNK:
                    del self._buffer[: self._start]
                    self._start = 0
                self.number += 1
                return self._checked(line)
            scanned = len(self._buffer)
            if scanned - self._start > MAX_LINE:
                self._too_long()
            chunk = self.source.read()
            if not chunk:
                rest = bytes(self._buffer[self._start :])
                self._buffer.clear()
                self._start = 0
                if not rest:
                    return None
                self.number += 1
                return self._checked(rest)
            self._buffer += chunk

    def _checked(self, line: bytes) -> bytes:
        if len(line) > MAX_LINE:
            self._too_long()
        return line

    def _too_long(self) -> None:
        raise ReplayError.at(
            self.source.path,
            self.number + 1,
            f"longer than {MAX_LINE >> 20} MiB: not a replay this referee wrote",
        )


class ReplayReader:
    """``with ReplayReader(path) as replay:`` then ``replay.header`` and ``for n, record in
    replay`` (n is the 1-based line number, for messages that point into the file).

    Every record handed out has the shape docs/replay-format.md gives it (the types of the
    keys readers use; seats within the table); anything else is a ``ReplayError`` naming the
    line. A line after the result line is one too: a finished game ends there."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.incomplete = path.name.endswith(".part")
        self._bytes = _Bytes(path, _open_regular(path))
        self._lines = _Lines(self._bytes)
        try:
            self.version, self.header = self._read_header()
        except BaseException:
            self.close()
            raise
        self._renames = score_renames(self.header.raw)

    def _read_header(self) -> tuple[int, Header]:
        path = self.path
        first = self._lines.readline()
        if first is None:
            raise ReplayError(f"{path}: empty file, not a replay")
        try:
            header = orjson.loads(first)
        except orjson.JSONDecodeError:
            raise ReplayError(f"{path}: line 1 is not JSON: not a replay file") from None
        if not isinstance(header, dict) or header.get("format") != FORMAT_NAME:
            raise ReplayError(f"{path}: not a {FORMAT_NAME} file")
        version = header.get("version")
        if not _is_int(version) or version not in SUPPORTED_VERSIONS:  # [] is unhashable
            raise ReplayError(
                f"{path}: replay format version {as_text(version)[:20]} is not one this "
                f"referee reads (it reads up to {FORMAT_VERSION}); upgrade thousand"
            )
        upgraded = upgrade_header(header, int(version))
        problem = header_problem(upgraded)
        if problem is not None:
            raise ReplayError.at(path, 1, problem)
        return int(version), Header(upgraded)

    def __iter__(self) -> Iterator[tuple[int, dict[str, Any]]]:
        players = self.header.players
        while True:
            line = self._lines.readline()
            number = self._lines.number
            if line is None:
                break
            if not line.endswith(b"\n"):
                # A referee killed mid-write leaves a torn last line: the file is incomplete.
                self.incomplete = True
                break
            try:
                record = orjson.loads(line)
            except orjson.JSONDecodeError:
                raise ReplayError.at(self.path, number, "not JSON") from None
            if not isinstance(record, dict):
                raise ReplayError.at(self.path, number, "a step must be a JSON object")
            record = upgrade_record(record, self.version, self._renames)
            problem = record_problem(record, players)
            if problem is not None:
                raise ReplayError.at(self.path, number, problem)
            if record["kind"] == "result":
                self._refuse_more()
            yield number, record
        if self._bytes.truncated:
            self.incomplete = True

    def _refuse_more(self) -> None:
        """A game ends with its result: a byte after that line (another step, a blank line, a
        torn one) is refused before the result is handed out, so that a reader that stops at
        the result (``replay show``, ``export``) refuses the file as ``verify`` does."""
        if self._lines.readline() is not None:
            raise ReplayError.at(
                self.path,
                self._lines.number,
                "a line after the result line (a game ends with its result)",
            )

    def close(self) -> None:
        self._bytes.close()

    def __enter__(self) -> ReplayReader:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


# ------------------------------------------------------------------------------ shapes


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_seat(value: Any, players: int) -> bool:
    return _is_int(value) and 0 <= value < players


def _per_seat_ints(value: Any, players: int) -> bool:
    """One whole number per seat (scores, places)."""
    return isinstance(value, list) and len(value) == players and all(_is_int(v) for v in value)


def _seats(value: Any, players: int) -> bool:
    """Every seat once (a ranking)."""
    return (
        isinstance(value, list)
        and all(_is_int(v) for v in value)
        and sorted(value) == list(range(players))
    )


def header_problem(header: dict[str, Any]) -> str | None:
    """What is wrong with the shape of a (current-version) header, or None."""
    from thousand.registry import GAME_NAMES

    game = header.get("game")
    if game not in GAME_NAMES:
        return f"game must be one of {', '.join(GAME_NAMES)}"
    players = header.get("players")
    if not _is_int(players) or not 1 <= players <= MAX_PLAYERS:
        return f"players must be a whole number from 1 to {MAX_PLAYERS}"
    if not isinstance(header.get("rules"), dict):
        return "rules must be an object"
    seats = header.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        return "seats must be a list of objects"
    if len(seats) != players:
        return f"{len(seats)} seats listed for {players} players"
    for index, seat in enumerate(seats):
        problem = seat_name_problem(seat.get("name"))
        if problem is not None:
            return f"seat {index}'s name {problem}"
    return None


MAX_SEAT_NAME = 256
"""Longest seat name, in characters. A hello's name is cut at 64 and a bot's label is a file
name (255 bytes at most); ``seat_name`` may lengthen a name by showing its control characters
as escapes, and cuts it here."""


def seat_name_problem(name: Any) -> str | None:
    """Why ``name`` cannot be a seat's name in a replay (said after "seat K's name"), or None.
    A name is shown by every reader, in terminals and pages: text, not empty, bounded, and
    without the control characters that a terminal obeys (``seat_name`` writes them as their
    visible escapes)."""
    if not isinstance(name, str):
        return "is missing" if name is None else "must be text"
    if not name:
        return "is empty"
    if len(name) > MAX_SEAT_NAME:
        return f"is longer than {MAX_SEAT_NAME} characters"
    if not is_clean(name):
        return "holds control characters"
    return None


def seat_name(name: str) -> str:
    """``name`` (a bot's hello, an entrant's name) as a replay holds it: control characters
    written as their visible escapes — what every display showed of them anyway — and cut to
    ``MAX_SEAT_NAME``, so that every replay the referee writes is one its readers accept."""
    return shorten(for_terminal(name), MAX_SEAT_NAME) or "?"


def _events_problem(events: Any, players: int) -> str | None:
    if not isinstance(events, list):
        return "events must be a list"
    for event in events:
        if not isinstance(event, dict):
            return "every event must be an object"
        to = event.get("to")
        if to is not None and not _is_seat(to, players):
            return "an event is addressed to a seat that is not at the table"
    return None


def _step_problem(record: dict[str, Any], players: int) -> str | None:
    if not isinstance(record.get("action"), dict):
        return "the step has no action object"
    if "events" in record:
        problem = _events_problem(record["events"], players)
        if problem is not None:
            return problem
    if "scores" in record and not _per_seat_ints(record["scores"], players):
        return "scores must list one whole number per seat"
    if record["kind"] == "chance":
        return None
    if not _is_seat(record.get("seat"), players):
        return "a move's seat must be a seat at the table"
    for key in ("wall_ms", "cpu_ms"):
        if key in record and record[key] is not None and not _is_number(record[key]):
            return f"{key} must be a number"
    fault = record.get("fault")
    if fault is not None:
        if not isinstance(fault, dict) or not isinstance(fault.get("kind"), str):
            return "a fault must be an object with a kind"
        if not isinstance(fault.get("detail", ""), str) or not isinstance(
            fault.get("line", ""), str
        ):
            return "a fault's detail and line must be text"
    if "rejected" in record and not isinstance(record["rejected"], dict | None):
        return "rejected must be an action object"
    return None


def _result_problem(record: dict[str, Any], players: int) -> str | None:
    if not _seats(record.get("ranking"), players):
        return "result ranking must list every seat once"
    if not _per_seat_ints(record.get("scores"), players):
        return "result scores must list one whole number per seat"
    for key in ("places",):
        if key in record and not _per_seat_ints(record[key], players):
            return f"result {key} must list one whole number per seat"
    winner = record.get("winner")
    if winner is not None and not _is_seat(winner, players):
        return "result winner must be a seat at the table"
    if not isinstance(record.get("reason"), str | None):
        return "result reason must be text"
    if not isinstance(record.get("engine", {}), dict):
        return "result engine must be an object"
    faults = record.get("faults", [])
    if not isinstance(faults, list):
        return "result faults must be a list"
    for fault in faults:
        if not isinstance(fault, dict) or not isinstance(fault.get("kind"), str):
            return "every fault must be an object with a kind"
        if "seat" in fault and not _is_seat(fault["seat"], players):
            return "a fault's seat must be a seat at the table"
    return None


def record_problem(record: dict[str, Any], players: int) -> str | None:
    """What is wrong with the shape of a (current-version) step or result record, or None."""
    kind = record.get("kind")
    if kind in ("chance", "move"):
        return _step_problem(record, players)
    if kind == "result":
        return _result_problem(record, players)
    return f"unknown step kind {as_text(kind)[:40]!r}"


def upgrade_header(header: dict[str, Any], version: int) -> dict[str, Any]:
    """Bring a header of an older format version to the current shape (none yet: v1)."""
    return header


def score_renames(header: dict[str, Any]) -> dict[str, str]:
    """The score reasons that an earlier referee wrote under another name in a replay with this
    header, each old name with today's (empty when there is none).

    Within format version 1 the dice engine wrote ``barrel_clamp`` also for a jump from below
    the barrel to the goal or beyond that lands on ``barrel_start`` under rules without the
    clamp (the ussr preset), where no clamp acted; since issue 31 that event is
    ``barrel_landing``. With ``barrel_clamp`` false today's engine never writes
    ``barrel_clamp``, so there the old name can only mean the landing: reading it under its
    new name lets ``replay verify`` hold an older replay against today's engine, and every
    display shows one name for one thing. The format's version stays 1: no record changed its
    shape, only what one engine's event says."""
    rules = header.get("rules")
    if (
        header.get("game") == "dice"
        and isinstance(rules, dict)
        and rules.get("barrel_clamp") is False
    ):
        return {"barrel_clamp": "barrel_landing"}
    return {}


def upgrade_record(
    record: dict[str, Any], version: int, renames: dict[str, str] | None = None
) -> dict[str, Any]:
    """Bring a record of an older format version to the current shape (none yet: v1), and its
    score events' renamed reasons to today's names (``score_renames``)."""
    if renames:
        events = record.get("events")
        if isinstance(events, list):
            for event in events:
                if isinstance(event, dict) and event.get("type") == "score":
                    reason = event.get("reason")
                    if isinstance(reason, str) and reason in renames:
                        event["reason"] = renames[reason]
    return record
