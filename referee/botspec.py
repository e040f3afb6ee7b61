"""What a BOT argument names: a command line, an executable, a manifest file, or a built-in.

Resolved up front, before any game starts, so that a typo in a path is one clear line and a
non-zero exit rather than a fault in game one.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

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
            path = Path(self.cwd or ".") / arg
            if path.is_file() and path.stat().st_size < 16 << 20:
                h.update(path.read_bytes())
        return h.hexdigest()[:16]


class Manifest(BaseModel):
    """A bot manifest file (JSON or TOML)."""

    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(default=None, description="Display name (the bot's hello wins).")
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
    from referee.builtin import BUILTINS

    return tuple(BUILTINS)


def _resolve_program(program: str, cwd: Path) -> str:
    if os.sep in program:
        path = (cwd / program).resolve()
        if not path.exists():
            raise BotSpecError(f"bot program not found: {program}")
        if path.is_dir():
            raise BotSpecError(f"bot program is a directory: {program}")
        if not os.access(path, os.X_OK):
            raise BotSpecError(
                f"bot program is not executable: {program} (chmod +x it, or name its "
                f'interpreter: "python3 {program}")'
            )
        return str(path)
    found = shutil.which(program)
    if found is None:
        raise BotSpecError(f"bot not found: {program} is neither a file here nor a command on PATH")
    return found


SCRIPT_SUFFIXES = (".py", ".js", ".mjs", ".rb", ".pl", ".sh", ".jar", ".lua", ".php", ".ts")


def _check_script(argv: list[str], cwd: Path) -> None:
    """``python3 bots/typo.py``: the interpreter exists, so only the script can be wrong; say
    so now rather than let the bot crash before its hello in every game."""
    if len(argv) < 2 or argv[1].startswith("-"):
        return
    script = argv[1]
    if script.endswith(SCRIPT_SUFFIXES) and not (cwd / script).exists():
        raise BotSpecError(f"bot script not found: {script}")


def _from_manifest(path: Path) -> BotSpec:
    try:
        raw = path.read_bytes()
        data = tomllib.loads(raw.decode()) if path.suffix == ".toml" else json.loads(raw)
        manifest = Manifest.model_validate(data)
    except OSError as error:
        raise BotSpecError(f"cannot read bot manifest {path}: {error.strerror}") from None
    except (ValueError, UnicodeDecodeError) as error:
        if isinstance(error, ValidationError):
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "(manifest)"
            raise BotSpecError(f"bot manifest {path}: {where}: {first['msg']}") from None
        raise BotSpecError(f"bot manifest {path} is not valid: {error}") from None
    argv = manifest.command if isinstance(manifest.command, list) else shlex.split(manifest.command)
    if not argv:
        raise BotSpecError(f"bot manifest {path}: the command is empty")
    home = path.parent.resolve()
    cwd = (home / manifest.cwd).resolve() if manifest.cwd else home
    if not cwd.is_relative_to(home) or _shared_folder(str(cwd)):
        raise BotSpecError(
            f"bot manifest {path}: cwd {manifest.cwd!r} is outside the manifest's folder "
            "or a shared folder (cwd names the bot's own folder: the manifest's folder or one "
            "inside it, holding that bot's files only)"
        )
    if not cwd.is_dir():
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
    from referee.sandbox import SYSTEM_PATHS

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
        candidate = Path(item)
        if candidate.is_file():
            own.append(str(candidate.resolve()))
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
        if not path.exists():
            raise BotSpecError(f"bot manifest not found: {text}")
        return _from_manifest(path)
    try:
        argv = shlex.split(text)
    except ValueError as error:
        raise BotSpecError(f"cannot split bot command {text!r}: {error}") from None
    if path.exists() and not path.is_dir() and len(argv) == 1:
        argv = [text]
    program = _resolve_program(argv[0], Path.cwd())
    _check_script(argv, Path.cwd())
    label = Path(argv[1]).stem if len(argv) > 1 and Path(argv[1]).exists() else Path(argv[0]).name
    own = _own_files(argv, program)
    return BotSpec(label=label, argv=(program, *argv[1:]), cwd=None, own=own)
