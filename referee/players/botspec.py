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
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from referee.safetext import for_terminal
from thousand.errors import ThousandError

BUILTIN_PREFIX = "builtin:"


class BotSpecError(ThousandError, ValueError):
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


class BotCommand(BaseModel):
    """What every bot manifest holds, whoever wrote it: how to start the bot, and its own
    environment. The command line's manifest and the contest server's ``bot.toml`` both
    extend it, so that a type or a variable name one refuses the other refuses too."""

    model_config = ConfigDict(extra="forbid")
    command: str | list[str] = Field(description="argv as a list, or one string split like a shell")
    env: dict[str, str] = Field(
        default_factory=dict,
        description="Extra environment variables for the bot's own program only (applied "
        "inside the sandbox, after every limit).",
    )
    build: str | list[str] | None = Field(
        default=None,
        description="How to build the bot: run once by the contest server after an upload "
        "(a string is a shell line); never run by the command line, where you build first.",
    )

    @field_validator("env")
    @classmethod
    def _env_names(cls, env: dict[str, str]) -> dict[str, str]:
        for key, value in env.items():
            if not key or "=" in key or "\0" in key:
                raise ValueError(
                    f"environment variable name {for_terminal(key, WORD_LIMIT)!r} is empty or "
                    "has '=' or NUL"
                )
            if "\0" in value:
                raise ValueError(
                    f"environment variable {for_terminal(key, WORD_LIMIT)} holds a NUL character"
                )
            if not (_is_text(key) and _is_text(value)):
                raise ValueError(
                    f"environment variable {for_terminal(key, WORD_LIMIT)} holds a character "
                    "that is not text"
                )
        return env


def _is_text(word: str) -> bool:
    """Whether ``word`` can reach the kernel as UTF-8: JSON's ``\\ud800`` parses to half a
    character, which no process can be given."""
    try:
        word.encode()
    except UnicodeEncodeError:
        return False
    return True


class Manifest(BotCommand):
    """A bot manifest file (JSON or TOML) named on the command line."""

    name: str | None = Field(
        default=None, max_length=200, description="Display name (the bot's hello wins)."
    )
    cwd: str | None = Field(
        default=None,
        description="The bot's own folder, relative to the manifest and inside its folder "
        "(default: the manifest's folder); relative program paths are resolved there, and a "
        "sandbox shows the bot this folder, read-only.",
    )


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


def check_words(argv: list[str], where: str) -> None:
    """Words the kernel would refuse, found now rather than as a crash in every game."""
    if len(argv) > MAX_ARGUMENTS:
        raise BotSpecError(f"{where}: more than {MAX_ARGUMENTS} words in the command")
    for word in argv:
        if "\0" in word:
            raise BotSpecError(f"{where}: the command holds a NUL character")
        if not _is_text(word):
            raise BotSpecError(f"{where}: the command holds a character that is not text")
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


def _read_manifest(path: Path, where: str) -> bytes:
    """The manifest's bytes: a regular file of reasonable size (a FIFO would hang, a device
    never end)."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer before we can refuse it.
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise BotSpecError(f"{where} is not a regular file")
            raw = handle.read(MAX_MANIFEST + 1)
    except OSError as error:
        raise BotSpecError(f"cannot read {where}: {error.strerror}") from None
    if len(raw) > MAX_MANIFEST:
        raise BotSpecError(f"{where} is larger than {MAX_MANIFEST} bytes")
    return raw


Model = TypeVar("Model", bound=BotCommand)


def read_manifest(path: Path, model: type[Model], shown: str | None = None) -> Model:
    """The one reader of bot manifests: the command line's (``Manifest``) and every upload's
    ``bot.toml`` on the contest server. Whatever the file holds — nesting thousands deep,
    megabytes, numbers of thousands of digits, bytes that are not UTF-8, the wrong types —
    the answer is the model or one ``BotSpecError`` line, never another exception: on the
    server, anything else would leave the submission half done. ``shown`` names the file in
    that line (a server names the contestant's ``bot.toml``, never its own folders)."""
    where = "bot manifest " + for_terminal(shown or str(path))
    raw = _read_manifest(path, where)
    try:
        data = tomllib.loads(raw.decode()) if path.suffix == ".toml" else json.loads(raw)
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        at = ".".join(for_terminal(str(p), WORD_LIMIT) for p in first["loc"]) or "(manifest)"
        message = for_terminal(first["msg"], 2 * WORD_LIMIT)
        raise BotSpecError(f"{where}: {at}: {message}") from None
    except RecursionError:
        raise BotSpecError(f"{where} is nested too deeply") from None
    except (ValueError, TypeError, MemoryError) as error:
        # TOML or JSON that does not parse, text that is not UTF-8, an integer longer than
        # Python converts: all ValueErrors; the rest only for a reader's own surprises.
        raise BotSpecError(
            f"{where} is not valid: {for_terminal(str(error), WORD_LIMIT)}"
        ) from None


def command_words(command: str | list[str], where: str) -> list[str]:
    """A manifest's command as the words the kernel gets, checked as the command line checks
    them (split like a shell, not empty, no NUL, no word or count the kernel would refuse)."""
    try:
        argv = command if isinstance(command, list) else shlex.split(command)
    except ValueError as error:
        raise BotSpecError(f"{where}: cannot split the command: {error}") from None
    if not argv or not argv[0]:
        raise BotSpecError(f"{where}: the command is empty")
    check_words(list(argv), where)
    return list(argv)


def _from_manifest(path: Path) -> BotSpec:
    manifest = read_manifest(path, Manifest)
    where = f"bot manifest {for_terminal(str(path))}"
    argv = command_words(manifest.command, where)
    home = path.parent.resolve()
    cwd = (home / manifest.cwd).resolve() if manifest.cwd else home
    if not cwd.is_relative_to(home):
        raise BotSpecError(
            f"{where}: cwd {for_terminal(manifest.cwd, WORD_LIMIT)!r} is outside the "
            "manifest's folder (cwd names the bot's own folder: the manifest's folder or one "
            "inside it)"
        )
    if _shared_folder(str(cwd)):
        raise BotSpecError(f"{where}: {_shared_reason(manifest.cwd, cwd)}")
    if not os.path.isdir(cwd):
        raise BotSpecError(f"{where}: working directory not found: {cwd}")
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


def _shared_reason(cwd: str | None, folder: Path) -> str:
    """Why a shared folder cannot be the bot's own, in the words of the one who wrote it: a
    sandbox shows the bot its whole folder, so in ``/tmp`` or a home it would read whatever
    else lives there (other bots, other people's files)."""
    why = (
        "is shared with other programs and people, and the sandbox shows a bot its whole "
        "folder: keep the manifest and the bot's files in a folder of their own"
    )
    if cwd is None:
        return (
            f"the manifest is in {folder}, which {why} (such as {folder / 'mybot'}/), or name "
            "such a folder inside it with cwd"
        )
    return f"cwd {for_terminal(cwd, WORD_LIMIT)!r} is {folder}, which {why}"


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
    check_words(argv, "bot command")
    program = _resolve_program(argv[0], Path.cwd())
    _check_script(argv, Path.cwd())
    label = Path(argv[1]).stem if len(argv) > 1 and _exists(argv[1]) else Path(argv[0]).name
    own = _own_files(argv, program)
    return BotSpec(label=label, argv=(program, *argv[1:]), cwd=None, own=own)
