"""Reading replay files, streaming: one record at a time, so a 10,000-game folder is verified
or summarised in flat memory.

Accepts ``.jsonl``, ``.jsonl.gz`` and the ``.part`` files a referee leaves when it dies mid-game
(those are reported as incomplete). Every format version this referee ever wrote stays readable:
``upgrade`` turns an older record into the current shape before anyone looks at it.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import orjson

from referee.replay import FORMAT_NAME, FORMAT_VERSION

SUPPORTED_VERSIONS = frozenset({1})


class ReplayError(ValueError):
    """A file that is not a replay this referee can read; the message is one line."""


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
        """Seat names as announced; where two seats share a name, each gets its seat number."""
        names = [str(seat.get("name", "?")) for seat in self.raw.get("seats", [])]
        return [
            f"{name}#{seat}" if names.count(name) > 1 else name for seat, name in enumerate(names)
        ]


def _open(path: Path) -> IO[bytes]:
    name = path.name.removesuffix(".part")
    if name.endswith(".gz"):
        return gzip.open(path, "rb")  # type: ignore[return-value]
    return open(path, "rb")


def replay_files(paths: list[Path]) -> Iterator[Path]:
    """Expand folders into the replay files they hold, in name order."""
    for path in paths:
        if path.is_dir():
            for pattern in ("*.jsonl", "*.jsonl.gz", "*.jsonl.part", "*.jsonl.gz.part"):
                yield from sorted(path.rglob(pattern))
        else:
            yield path


class ReplayReader:
    """``with ReplayReader(path) as replay:`` then ``replay.header`` and ``for n, record in
    replay`` (n is the 1-based line number, for messages that point into the file)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.incomplete = path.name.endswith(".part")
        try:
            self._file = _open(path)
        except FileNotFoundError:
            raise ReplayError(f"no such replay file: {path}") from None
        except IsADirectoryError:
            raise ReplayError(f"{path} is a folder, not a replay file") from None
        except OSError as error:
            raise ReplayError(f"cannot read {path}: {error.strerror}") from None
        first = self._readline()
        if first is None:
            self.close()
            raise ReplayError(f"{path}: empty file, not a replay")
        try:
            header = orjson.loads(first)
        except orjson.JSONDecodeError:
            self.close()
            raise ReplayError(f"{path}: line 1 is not JSON: not a replay file") from None
        if not isinstance(header, dict) or header.get("format") != FORMAT_NAME:
            self.close()
            raise ReplayError(f"{path}: not a {FORMAT_NAME} file")
        version = header.get("version")
        if version not in SUPPORTED_VERSIONS:
            self.close()
            raise ReplayError(
                f"{path}: replay format version {version} is newer than this referee "
                f"(reads up to {FORMAT_VERSION}); upgrade thousand"
            )
        self.version = int(version)
        self.header = Header(upgrade_header(header, self.version))

    def _readline(self) -> bytes | None:
        try:
            line = self._file.readline()
        except (OSError, EOFError) as error:
            raise ReplayError(f"{self.path}: cannot read: {error}") from None
        return line if line else None

    def __iter__(self) -> Iterator[tuple[int, dict[str, Any]]]:
        number = 1
        while True:
            line = self._readline()
            if line is None:
                return
            number += 1
            if not line.endswith(b"\n"):
                # A referee killed mid-write leaves a torn last line: the file is incomplete.
                self.incomplete = True
                return
            try:
                record = orjson.loads(line)
            except orjson.JSONDecodeError:
                raise ReplayError(f"{self.path}: line {number} is not JSON") from None
            yield number, upgrade_record(record, self.version)

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> ReplayReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def upgrade_header(header: dict[str, Any], version: int) -> dict[str, Any]:
    """Bring a header of an older format version to the current shape (none yet: v1)."""
    return header


def upgrade_record(record: dict[str, Any], version: int) -> dict[str, Any]:
    """Bring a record of an older format version to the current shape (none yet: v1)."""
    return record
