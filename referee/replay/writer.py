"""Writing a replay as the game goes, finished by an atomic rename.

Lines are buffered and written out whenever the referee waits for a bot, at least every 50 ms
(and at the end), so a referee that dies mid-game leaves every event up to then in ``NAME.part``,
which readers accept and mark incomplete; a finished replay appears under its final name in one
rename, so a reader never sees half a file under that name.
"""

from __future__ import annotations

import gzip
import os
import time
from pathlib import Path
from typing import IO, Any

import orjson

from referee.replay import FORMAT_NAME, FORMAT_VERSION
from referee.replay.reader import seat_name


def _readable(header: dict[str, Any]) -> dict[str, Any]:
    """The header with each seat's name as a replay may hold it (``reader.seat_name``): a
    bot's hello may carry control characters or run long, and a replay its own referee wrote
    must be one every reader accepts."""
    return {**header, "seats": [{**s, "name": seat_name(s["name"])} for s in header["seats"]]}


class ReplayWriter:
    def __init__(self, path: Path, header: dict[str, Any], *, compress: bool = False) -> None:
        self.path = path
        self.partial = path.with_name(path.name + ".part")
        path.parent.mkdir(parents=True, exist_ok=True)
        raw: IO[bytes] = open(self.partial, "wb")  # noqa: SIM115 - closed in finish()/abort()
        self._file: IO[bytes] = (
            gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) if compress else raw  # type: ignore[assignment]
        )
        self._raw = raw
        self.flushed = time.perf_counter()  # when lines were last written out
        self._pending: list[bytes] = []
        self.write({"format": FORMAT_NAME, "version": FORMAT_VERSION, **_readable(header)})

    def write(self, record: dict[str, Any]) -> None:
        self._pending.append(orjson.dumps(record, option=orjson.OPT_APPEND_NEWLINE))

    def flush(self) -> None:
        if self._pending:
            self._file.write(b"".join(self._pending))
            self._pending.clear()
            self._file.flush()
        self.flushed = time.perf_counter()

    def finish(self, result: dict[str, Any]) -> Path:
        self.write({"kind": "result", **result})
        self.flush()
        if self._file is not self._raw:
            self._file.close()
        self._raw.flush()
        os.fsync(self._raw.fileno())
        self._raw.close()
        os.replace(self.partial, self.path)
        return self.path

    def abort(self) -> None:
        """Leave what was written as an incomplete ``.part`` file (a crash keeps the same)."""
        self.flush()
        if self._file is not self._raw:
            self._file.close()
        self._raw.close()
