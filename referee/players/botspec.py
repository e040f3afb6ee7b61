"""What a BOT argument names: a command line, an executable, a manifest file, or a built-in.

Resolved up front, before any game starts, so that a typo in a path is one clear line and a
non-zero exit rather than a fault in game one.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shlex
import shutil
import stat
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from referee.safetext import for_terminal

BUILTIN_PREFIX = "builtin:"


class BotSpecError(ValueError):
    """A BOT argument that cannot be run; the message is one line for a person."""


@dataclass(frozen=True)
class BotSpec:
    """How to start one bot. ``builtin`` is set for in-process policies (no process)."""

    label: str
    argv: tuple[str, ...] = ()
    cwd: str | None = None
    env: dict[str, str] = field(default_factory=dict)
    builtin: str | None = None
    name: str | None = None
    unavailable: str | None = None  # why this bot cannot be started any more (a ladder entrant)
    own: tuple[str, ...] = ()
    """The bot's own files, absolute: a manifest's folder, or a command-line bot's program
    and script file. The only paths of the machine a sandbox shows besides the system's
    runtime; a path merely written on the command line is never one of them."""

    @property
    def digest(self) -> str:
        """A short fingerprint of what runs: the command and, when it is a file, its bytes."""
        h = hashlib.sha256()
        h.update("\0".join(self.argv or (self.builtin or "",)).encode())
        for arg in self.argv:
            path = os.path.join(self.cwd or ".", arg)
            if _is_file(path) and os.path.getsize(path) < 16 << 20:
                with contextlib.suppress(OSError):
                    h.update(Path(path).read_bytes())
        return h.hexdigest()[:16]


class Manifest(BaseModel):
    """A bot manifest file (JSON or TOML)."""

    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(
        default=None, max_length=200, description="Display name (the bot's hello wins)."
    )
    command: str | list[str] = Field(description="argv as a list, or one string split like a shell")
    cwd: str | None = Field(
        default=None,
        description="The bot's own folder, relative to the manifest and inside its folder "
        "(default: the manifest's folder); relative program paths are resolved there, and a "
        "sandbox shows the bot this folder, read-only.",
    )
    env: dict[str, str] = Field(
        default_factory=dict,
        description="Extra environment variables for the bot's own program only (applied "
        "inside the sandbox, after every limit).",
    )

    @field_validator("env")
    @classmethod
    def _env_names(cls, env: dict[str, str]) -> dict[str, str]:
        for key, value in env.items():
            if not key or "=" in key or "\0" in key:
                raise ValueError(f"environment variable name {key!r} is empty or has '=' or NUL")
            if "\0" in value:
                raise ValueError(f"environment variable {key} holds a NUL character")
        return env


def builtin_names() -> tuple[str, ...]:
    from referee.players.builtin import BUILTINS

    return tuple(BUILTINS)


def _exists(path: str | Path) -> bool:
    """Like Path.exists, but a name too long or otherwise unusable is simply not there."""
    return os.path.exists(path)


def _is_file(path: str | Path) -> bool:
    return os.path.isfile(path)


def _resolve_program(program: str, cwd: Path) -> str:
    shown = for_terminal(program, WORD_LIMIT)
    if os.sep in program:
        # abspath, not realpath: a virtual environment's python is a link whose own path
        # is what makes it that environment's interpreter.
        path = Path(os.path.abspath(cwd / program))
        if not _exists(path):
            raise BotSpecError(f"bot program not found: {shown}")
        if os.path.isdir(path):
            raise BotSpecError(f"bot program is a directory: {shown}")
        if not os.access(path, os.X_OK):
            raise BotSpecError(
                f"bot program is not executable: {program} (chmod +x it, or name its "
                f'interpreter: "python3 {program}")'
            )
        return str(path)
    found = shutil.which(program)
    if found is None:
        if _is_file(cwd / program):  # a shell would not run it either: say how
            raise BotSpecError(
                f"bot not found: {shown} is not a command on PATH; to run the file "
                f"{shown} in this folder, write ./{shown}"
            )
        raise BotSpecError(f"bot not found: {shown} is neither a file here nor a command on PATH")
    return found


WORD_LIMIT = 80
"""How much of a word the user typed an error quotes (made printable by referee.safetext)."""
MAX_ARGUMENT = 4096
MAX_ARGUMENTS = 256
MAX_MANIFEST = 64 << 10


def _check_argv(argv: list[str], where: str) -> None:
    """Words the kernel would refuse, found now rather than as a crash in every game."""
    if len(argv) > MAX_ARGUMENTS:
        raise BotSpecError(f"{where}: more than {MAX_ARGUMENTS} words in the command")
    for word in argv:
        if "\0" in word:
            raise BotSpecError(f"{where}: the command holds a NUL character")
        if len(word.encode()) > MAX_ARGUMENT:
            raise BotSpecError(
                f"{where}: a word of the command is longer than {MAX_ARGUMENT} bytes "
                f"({for_terminal(word, 40)})"
            )


SCRIPT_SUFFIXES = (".py", ".js", ".mjs", ".rb", ".pl", ".sh", ".jar", ".lua", ".php", ".ts")


def _check_script(argv: list[str], cwd: Path) -> None:
    """``python3 bots/typo.py``: the interpreter exists, so only the script can be wrong; say
    so now rather than let the bot crash before its hello in every game."""
    if len(argv) < 2 or argv[1].startswith("-"):
        return
    script = argv[1]
    if script.endswith(SCRIPT_SUFFIXES) and not _exists(cwd / script):
        raise BotSpecError(f"bot script not found: {for_terminal(script, WORD_LIMIT)}")


def _read_manifest(path: Path) -> bytes:
    """The manifest's bytes: a regular file of reasonable size (a FIFO would hang, a device
    never end)."""
    where = for_terminal(str(path), WORD_LIMIT)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer before we can refuse it.
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise BotSpecError(f"bot manifest {where} is not a regular file")
            raw = handle.read(MAX_MANIFEST + 1)
    except OSError as error:
        raise BotSpecError(f"cannot read bot manifest {where}: {error.strerror}") from None
    if len(raw) > MAX_MANIFEST:
        raise BotSpecError(f"bot manifest {where} is larger than {MAX_MANIFEST} bytes")
    return raw


def _from_manifest(path: Path) -> BotSpec:
    raw = _read_manifest(path)
    try:
        data = tomllib.loads(raw.decode()) if path.suffix == ".toml" else json.loads(raw)
        manifest = Manifest.model_validate(data)
    except (ValueError, UnicodeDecodeError, RecursionError) as error:
        if isinstance(error, ValidationError):
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "(manifest)"
            raise BotSpecError(f"bot manifest {path}: {where}: {first['msg']}") from None
        if isinstance(error, RecursionError):
            raise BotSpecError(f"bot manifest {path} is nested too deeply") from None
        raise BotSpecError(
            f"bot manifest {path} is not valid: {for_terminal(str(error), WORD_LIMIT)}"
        ) from None
    try:
        argv = (
            manifest.command
            if isinstance(manifest.command, list)
            else shlex.split(manifest.command)
        )
    except ValueError as error:
        raise BotSpecError(f"bot manifest {path}: cannot split the command: {error}") from None
    if not argv or not argv[0]:
        raise BotSpecError(f"bot manifest {path}: the command is empty")
    _check_argv(list(argv), f"bot manifest {path}")
    home = path.parent.resolve()
    cwd = (home / manifest.cwd).resolve() if manifest.cwd else home
    if not cwd.is_relative_to(home) or _shared_folder(str(cwd)):
        raise BotSpecError(
            f"bot manifest {path}: cwd {manifest.cwd!r} is outside the manifest's folder "
            "or a shared folder (cwd names the bot's own folder: the manifest's folder or one "
            "inside it, holding that bot's files only)"
        )
    if not os.path.isdir(cwd):
        raise BotSpecError(f"bot manifest {path}: working directory not found: {cwd}")
    program = _resolve_program(argv[0], cwd)
    _check_script(list(argv), cwd)
    return BotSpec(
        label=manifest.name or path.stem,
        argv=(program, *argv[1:]),
        cwd=str(cwd),
        env=dict(manifest.env),
        name=manifest.name,
        own=(str(cwd),),
    )


def _shared_folder(path: str) -> bool:
    """A folder that holds more than one bot's files (the root, a system or home root, the
    temporary folder where every bot's working directory lives): never a bot's own."""
    from referee.players.sandbox import SYSTEM_PATHS

    temp = os.path.realpath(tempfile.gettempdir())
    shared = {*SYSTEM_PATHS, "/tmp", "/var/tmp", "/dev/shm", "/home", "/root", "/var", "/srv"}
    shared |= {temp, os.path.realpath(os.path.expanduser("~"))}
    return path in shared or temp == path or temp.startswith(path.rstrip("/") + "/")


def _own_files(argv: list[str], program: str) -> tuple[str, ...]:
    """A command-line bot's own files: its program when named by a path (``./bot``), and its
    script — the first argument after the program's options, when that is a file
    (``python3 -u bots/my.py``). Files, never folders: a folder on the command line is not
    the bot's to see."""
    own = [program] if os.sep in argv[0] else []
    for item in argv[1:]:
        if item.startswith("-"):
            continue
        if _is_file(item):
            own.append(os.path.abspath(item))  # bound where the command names it
        break
    return tuple(own)


def parse_bot_or_unavailable(argument: str) -> BotSpec:
    """For a ladder entrant admitted earlier: a bot whose files have gone is not an error of
    the ladder but a fault of that entrant, so it becomes a spec that fails to start."""
    try:
        return parse_bot(argument)
    except BotSpecError as error:
        return BotSpec(label=argument, argv=("false",), unavailable=str(error))


def parse_bot(argument: str) -> BotSpec:
    """Turn one BOT argument of ``thousand match`` into a spec, or raise ``BotSpecError``."""
    text = argument.strip()
    if not text:
        raise BotSpecError("empty bot argument")
    if text.startswith(BUILTIN_PREFIX):
        name = text[len(BUILTIN_PREFIX) :]
        known = builtin_names()
        if name not in known:
            raise BotSpecError(f"unknown built-in bot {name!r} (known: {', '.join(known)})")
        return BotSpec(label=text, builtin=name)
    path = Path(text)
    if path.suffix in (".json", ".toml") and " " not in text:
        if not _exists(path):
            raise BotSpecError(f"bot manifest not found: {for_terminal(text, WORD_LIMIT)}")
        return _from_manifest(path)
    try:
        argv = shlex.split(text)
    except ValueError as error:
        raise BotSpecError(
            f"cannot split bot command {for_terminal(text, WORD_LIMIT)!r}: {error}"
        ) from None
    if _exists(path) and not os.path.isdir(path) and len(argv) == 1:
        argv = [text]
    if not argv:
        raise BotSpecError("empty bot argument")
    _check_argv(argv, "bot command")
    program = _resolve_program(argv[0], Path.cwd())
    _check_script(argv, Path.cwd())
    label = Path(argv[1]).stem if len(argv) > 1 and _exists(argv[1]) else Path(argv[0]).name
    own = _own_files(argv, program)
    return BotSpec(label=label, argv=(program, *argv[1:]), cwd=None, own=own)
