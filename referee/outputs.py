"""Where a command may write: the one rule, checked before any output file is written.

A command never writes over one of its own inputs (``ladder standings DB --html DB`` would
turn the ladder into a web page; ``replay export F --html F`` the replay), nor over a file that
is not its own kind of output (someone's notes, a database, a replay) unless the person says
``--force``. Inputs are compared as files, not as names, so a symlink or a hard link to an input
is caught too; writing over an input is refused even with ``--force``: no reading of the words
"write the page over the data it is made from" is what anyone meant.

Every output is written atomically: a temporary file in the same folder, renamed over the
target, so that a crash (or a full disk) never leaves half a page under the real name.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from referee.safetext import for_terminal
from thousand.errors import ThousandError

PAGE_MARK = '<meta name="generator" content="thousand">'
"""In the head of every HTML page thousand writes, so that the next run knows the page is its
own to replace."""
_HEAD = 4096


class OutputRefused(ThousandError, OSError):
    """The output path is not one this command may write; the message is one line. An
    ``OSError``, as the other reasons a file cannot be written are."""


@dataclass(frozen=True)
class OutputKind:
    """A kind of file a command writes, known by marks in its first bytes."""

    name: str
    marks: tuple[bytes, ...]

    def owns(self, head: bytes) -> bool:
        """True for a file of this kind (an empty file holds nothing to lose, so it counts)."""
        return not head.strip() or any(mark in head for mark in self.marks)


HTML_PAGE = OutputKind(
    "a page written by thousand",
    (
        PAGE_MARK.encode(),
        # Pages of releases before the mark: the standings page and the replay viewer.
        b"<title>Thousand ladder",
        "<title>Тысяча ·".encode(),
    ),
)


def _shown(path: Path) -> str:
    return for_terminal(str(path))


def _same_file(a: Path, b: Path) -> bool:
    """One file under two names (the same name, a symlink, a hard link); False when either is
    missing."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def check_output(out: Path, inputs: Iterable[Path], kind: OutputKind, force: bool) -> None:
    """Raise ``OutputRefused`` unless ``out`` may be written by a command that reads
    ``inputs``: a new file, or an existing regular file of ``kind`` (any regular file with
    ``force``) that is none of the inputs."""
    try:
        info = out.stat()
    except FileNotFoundError:
        return  # nothing there (or a dangling symlink, which the rename replaces)
    except OSError as error:
        raise OutputRefused(f"cannot write {_shown(out)}: {error.strerror}") from None
    for source in inputs:
        if _same_file(out, source):
            raise OutputRefused(
                f"{_shown(out)} is the same file as the input {_shown(source)}: "
                "refusing to write over it (give another output file)"
            )
    if stat.S_ISDIR(info.st_mode):
        raise OutputRefused(f"{_shown(out)} is a folder: give a file name for the output")
    if not stat.S_ISREG(info.st_mode):
        raise OutputRefused(f"{_shown(out)} is not a regular file: refusing to write over it")
    if force:
        return
    try:
        with open(out, "rb") as handle:
            head = handle.read(_HEAD)
    except OSError as error:
        raise OutputRefused(f"cannot read {_shown(out)}: {error.strerror}") from None
    if not kind.owns(head):
        raise OutputRefused(
            f"{_shown(out)} exists and is not {kind.name}: refusing to overwrite it "
            "(use --force to replace it)"
        )


def write_atomic(out: Path, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``out`` through a temporary file renamed over it."""
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise OutputRefused(f"cannot write {_shown(out)}: folder {_shown(parent)} does not exist")
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=parent)
    except OSError as error:
        raise OutputRefused(f"cannot write {_shown(out)}: {error.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, 0o644)
        os.replace(temp, out)
    except OSError as error:
        Path(temp).unlink(missing_ok=True)
        raise OutputRefused(f"cannot write {_shown(out)}: {error.strerror or error}") from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return out


def write_output(
    out: Path, text: str, inputs: Iterable[Path], kind: OutputKind, force: bool
) -> Path:
    """``check_output`` then ``write_atomic``: the whole rule in one call."""
    check_output(out, list(inputs), kind, force)
    return write_atomic(out, text)


__all__ = [
    "HTML_PAGE",
    "PAGE_MARK",
    "OutputKind",
    "OutputRefused",
    "check_output",
    "write_atomic",
    "write_output",
]
