"""A bot's program files as one content-addressed bundle, so that a worker runs exactly the
bytes the coordinator (and, for a ladder, its admission) saw.

The bundle is a deterministic tar of the bot's own files (``BotSpec.own``: a manifest's folder,
or a command-line bot's program and script) — sorted names, no owners, no times — named by the
SHA-256 of its bytes. A worker unpacks it once into its cache and, before every use, packs the
cached tree again and compares digests: a tree a bot (or anyone) changed is thrown away and
unpacked afresh. The bot's command is carried as words that either are literal or point into
the bundle, so it can be rebuilt wherever the cache lives.

Every byte of a bot folder is the bot author's: sizes, counts and link targets are bounded and
checked when packing, and unpacking uses tarfile's ``data`` filter.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import io
import os
import shutil
import stat
import tarfile
import tempfile
import uuid
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from referee.players.botspec import BotSpec
from referee.players.sandbox import SYSTEM_PATHS, _runtime_prefixes
from referee.safetext import for_terminal
from thousand.errors import ThousandError

MAX_BUNDLE_BYTES = 256 << 20
"""The most a bot's files may weigh, all together (the largest example bot holds ~1 MB)."""
MAX_BUNDLE_FILES = 20_000

Word = tuple[int | None, str]
"""A word of a bot's command: ``(None, text)`` as written, or ``(entry, inside)`` for a path
inside the bundle's entry ``entry`` (``inside`` relative to it, "" for the entry itself)."""


class BundleError(ThousandError, ValueError):
    """A bot whose files cannot be bundled, or a bundle that is not what it claims; one line."""


@dataclass(frozen=True)
class PortableBot:
    """A ``BotSpec`` with its own files replaced by references into a bundle: plain data that
    crosses the network and becomes a runnable spec on a worker (``materialise``)."""

    label: str
    name: str | None = None
    builtin: str | None = None
    unavailable: str | None = None
    argv: tuple[Word, ...] = ()
    cwd: Word | None = None
    env: dict[str, str] = field(default_factory=dict)
    own: tuple[str, ...] = ()
    """Per entry, where the bot's own path lies inside it ("" for a folder, the file's name)."""
    bundle: str | None = None
    """SHA-256 (hex) of the bundle's bytes; None when the bot has no files of its own."""


@dataclass(frozen=True)
class Bundle:
    digest: str
    data: bytes


def _tarinfo(name: str, kind: bytes, size: int = 0, mode: int = 0o644) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.size = size
    info.mode = mode
    info.mtime = 0
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


class _Packer:
    """Writes the tar; every entry goes through here, so the bounds hold for every path."""

    def __init__(self) -> None:
        self.buffer = io.BytesIO()
        # Closed by finish(): the packer outlives any one ``with`` block.
        self.tar = tarfile.open(  # noqa: SIM115
            fileobj=self.buffer, mode="w", format=tarfile.PAX_FORMAT
        )
        self.bytes = 0
        self.files = 0

    def _count(self, size: int, where: str) -> None:
        self.files += 1
        self.bytes += size
        if self.files > MAX_BUNDLE_FILES:
            raise BundleError(f"{where}: the bot's files are more than {MAX_BUNDLE_FILES}")
        if self.bytes > MAX_BUNDLE_BYTES:
            raise BundleError(
                f"{where}: the bot's files weigh more than {MAX_BUNDLE_BYTES >> 20} MB"
            )

    def add(self, path: Path, name: str, root: Path) -> None:
        where = for_terminal(str(path), 120)
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            self._link(path, name, root, where)
        elif stat.S_ISDIR(info.st_mode):
            self._count(0, where)
            self.tar.addfile(_tarinfo(name, tarfile.DIRTYPE, mode=0o755))
            for child in sorted(os.listdir(path)):
                self.add(path / child, f"{name}/{child}", root)
        elif stat.S_ISREG(info.st_mode):
            self._count(info.st_size, where)
            mode = 0o755 if info.st_mode & 0o111 else 0o644
            # O_NOFOLLOW: the file checked above is the file read, not a link put there since;
            # O_NONBLOCK: nor a FIFO put there since, which would hold the packer forever.
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            with os.fdopen(fd, "rb") as handle:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    raise BundleError(f"{where} changed while it was being bundled")
                data = handle.read(MAX_BUNDLE_BYTES + 1)
            if len(data) != info.st_size:
                raise BundleError(f"{where} changed while it was being bundled")
            self.tar.addfile(_tarinfo(name, tarfile.REGTYPE, len(data), mode), io.BytesIO(data))
        else:
            # Refused, not left out: the bot was admitted, and plays locally, with the file
            # there, so a worker must not play it without. None is a program's file anyway.
            raise BundleError(f"{where} is {_special(info.st_mode)}, not a file a bot can ship")

    def _link(self, path: Path, name: str, root: Path, where: str) -> None:
        """A link travels as a link, so it must lead inside the bot's folder however it is
        followed: by the kernel here (``realpath``) and by its words alone on a worker,
        where the folder has another name (``sub/../../bot/x`` leaves it by that name)."""
        target = os.readlink(path)
        try:
            os.stat(path)
        except OSError as error:
            if error.errno == errno.ELOOP:  # realpath's answer for a loop is a guess
                raise BundleError(f"{where} is a link that resolves to nothing (a loop)") from None
        real = os.path.realpath(path)
        root_real = os.path.realpath(root)  # the folder may be reached through a link itself
        inside = os.path.relpath(path.parent, root)
        spelled = os.path.normpath(os.path.join(inside, target))
        if (
            os.path.isabs(target)
            or not (real == root_real or real.startswith(f"{root_real}/"))
            or spelled == ".."
            or spelled.startswith("../")
        ):
            raise BundleError(f"{where} is a link out of the bot's folder (to {target!r})")
        self._count(0, where)
        link = _tarinfo(name, tarfile.SYMTYPE, mode=0o777)
        link.linkname = target
        self.tar.addfile(link)

    def finish(self) -> bytes:
        self.tar.close()
        return self.buffer.getvalue()


def _special(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def _pack(entries: list[tuple[Path, str | None]]) -> bytes:
    """Entry i becomes the tar folder ``i``: a folder's contents, or one file by its name."""
    packer = _Packer()
    for index, (path, file_name) in enumerate(entries):
        packer.tar.addfile(_tarinfo(str(index), tarfile.DIRTYPE, mode=0o755))
        if file_name is None:
            for child in sorted(os.listdir(path)):
                packer.add(path / child, f"{index}/{child}", path)
        else:
            # A program reached through a link (./bot -> build/bot-2) ships as what it runs.
            real = Path(os.path.realpath(path))
            packer.add(real, f"{index}/{file_name}", real.parent)
    return packer.finish()


def digest_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _reference(path: str, owned: list[str]) -> tuple[int, str] | None:
    for index, root in enumerate(owned):
        if path == root:
            return (index, "")
        if path.startswith(root.rstrip("/") + "/"):
            return (index, os.path.relpath(path, root))
    return None


def bundle_bot(spec: BotSpec) -> tuple[PortableBot, Bundle | None]:
    """Pack a bot's own files and describe its command relative to them."""
    if spec.builtin is not None or spec.unavailable is not None:
        return PortableBot(spec.label, spec.name, spec.builtin, spec.unavailable), None
    owned = [p for p in dict.fromkeys(spec.own) if p and not _installed(p, spec)]
    entries: list[tuple[Path, str | None]] = []
    inside: list[str] = []
    refs: list[str] = []
    try:
        for path in owned:
            if os.path.isdir(path):
                entries.append((Path(path), None))
                inside.append("")
                refs.append(path)
            else:
                entries.append((Path(path), os.path.basename(path)))
                inside.append(os.path.basename(path))
                refs.append(path)
        data = _pack(entries) if entries else None
    except OSError as error:
        where = for_terminal(str(error.filename or spec.label), 120)
        raise BundleError(f"cannot bundle the bot {where}: {error.strerror}") from None
    base = spec.cwd or os.getcwd()

    def word(text: str, first: bool) -> Word:
        # The program is absolute already; an argument is a path only when it names an own
        # file (as BotSpec.own was made from it), relative to where the bot would start.
        if first:
            candidate = text
        elif spec.cwd is not None and not os.path.isabs(text):
            return (None, text)  # relative to the bot's folder, which moves with it
        else:
            candidate = os.path.abspath(os.path.join(base, text))
            if not os.path.exists(candidate):
                return (None, text)
        found = _reference(candidate, refs)
        if found is None:
            return (None, text)
        index, rest = found
        return (index, os.path.join(inside[index], rest) if rest else inside[index])

    argv = tuple(word(w, i == 0) for i, w in enumerate(spec.argv))
    cwd: Word | None = None
    if spec.cwd is not None:
        cwd = word(spec.cwd, True)
    portable = PortableBot(
        label=spec.label,
        name=spec.name,
        argv=argv,
        cwd=cwd,
        env=dict(spec.env),
        own=tuple(inside),
        bundle=digest_of(data) if data is not None else None,
    )
    return portable, Bundle(digest_of(data), data) if data is not None else None


def _installed(path: str, spec: BotSpec) -> bool:
    """A path that belongs to the machine, not to the bot: the system's folders, or the
    program when it is an interpreter the organiser installed (``.venv/bin/python``, a
    pyenv Python). It is not shipped; each worker must have it at the same path."""
    if any(path == s or path.startswith(s.rstrip("/") + "/") for s in SYSTEM_PATHS):
        return True
    return bool(spec.argv) and path == spec.argv[0] and bool(_runtime_prefixes(path))


def verify_travels(bundle: Bundle) -> None:
    """Unpack the bundle in a scratch cache and verify it, exactly as a worker will: a
    ``BundleError`` here is the bot's (its files do not survive the journey), so admission
    and the coordinator find it before a worker does, and a worker that still cannot unpack
    a bundle verified here has something of its own to fix. ``OSError``: this machine's
    temporary folder failed, not the bot."""
    with tempfile.TemporaryDirectory(prefix="thousand-bundle-") as scratch:
        unpack(bundle.digest, bundle.data, Path(scratch))


def check_admitted(spec: BotSpec, admitted: str | None) -> str | None:
    """Why the bot is refused, or None: its fingerprint must be the one the ladder admitted
    (``ladder add``/``update`` stored ``BotSpec.digest``), so a bot edited after its
    conformance check never plays under its old name."""
    if admitted is None or spec.builtin is not None or spec.unavailable is not None:
        return None
    now = spec.digest
    if now != admitted:
        return (
            f"the bot's files changed since it was admitted (digest {now}, admitted {admitted}); "
            "admit the new version with: thousand ladder update DB NAME BOT"
        )
    return None


# ---- on a worker ----------------------------------------------------------------------------


def default_cache() -> Path:
    """Where a worker keeps unpacked bundles: ``$THOUSAND_BUNDLE_CACHE``, else the user's
    cache folder."""
    chosen = os.environ.get("THOUSAND_BUNDLE_CACHE")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(base) / "thousand" / "bundles"


def _repack(root: Path) -> bytes:
    entries = sorted((int(p.name), p) for p in root.iterdir() if p.name.isdigit())
    if [i for i, _ in entries] != list(range(len(entries))):
        raise BundleError("the cached bundle's entries are not 0..n-1")
    packer = _Packer()
    for index, path in entries:
        packer.tar.addfile(_tarinfo(str(index), tarfile.DIRTYPE, mode=0o755))
        for child in sorted(os.listdir(path)):
            packer.add(path / child, f"{index}/{child}", path)
    return packer.finish()


def _cached_intact(root: Path, digest: str) -> bool:
    try:
        return digest_of(_repack(root)) == digest
    except (OSError, BundleError):
        return False


def _extract(tar: tarfile.TarFile, folder: Path) -> None:
    """Unpack with tarfile's ``data`` filter; on a Python without it (3.11 before 3.11.4,
    Debian 12's 3.11.2) the same rule by hand: plain files and folders only, every name
    inside the bundle, no special permission bits."""
    if hasattr(tarfile, "data_filter"):
        tar.extractall(folder, filter="data")
        return
    members = tar.getmembers()
    for member in members:
        parts = PurePosixPath(member.name).parts
        if member.name.startswith("/") or ".." in parts or not (member.isfile() or member.isdir()):
            raise tarfile.TarError(f"{member.name!r} is not a plain file or folder of the bundle")
        member.mode &= 0o755
    tar.extractall(folder, members=members)  # every member checked above


def unpack(digest: str, data: bytes | None, cache: Path) -> Path:
    """The bundle's folder in ``cache``, verified by digest before it is used. ``data`` is
    needed only when the cache lacks the bundle or holds a changed copy; bytes that do not
    hash to ``digest`` are refused."""
    if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
        raise BundleError(f"not a bundle digest: {for_terminal(digest, 80)}")
    root = cache / digest
    if root.is_dir() and _cached_intact(root, digest):
        return root
    if data is None:
        raise BundleError(f"bundle {digest[:16]} is not in the cache at {cache}")
    if digest_of(data) != digest:
        raise BundleError(
            f"bundle refused: its bytes hash to {digest_of(data)[:16]}, not {digest[:16]}"
        )
    cache.mkdir(parents=True, exist_ok=True)
    staging = cache / f".{digest}.{uuid.uuid4().hex}"
    try:
        try:
            with tarfile.open(fileobj=io.BytesIO(data), mode="r:") as tar:
                _extract(tar, staging)
        except tarfile.TarError as error:
            raise BundleError(f"bundle {digest[:16]} cannot be unpacked: {error}") from None
        if root.exists():  # a changed copy: moved aside, then removed
            aside = cache / f".{digest}.stale.{uuid.uuid4().hex}"
            with contextlib.suppress(OSError):
                os.rename(root, aside)
                shutil.rmtree(aside, ignore_errors=True)
        try:
            os.rename(staging, root)
        except OSError:
            if not (root.is_dir() and _cached_intact(root, digest)):  # another task's copy
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    if not _cached_intact(root, digest):
        raise BundleError(f"bundle {digest[:16]} does not verify after unpacking in {cache}")
    return root


def materialise(bot: PortableBot, root: Path | None) -> BotSpec:
    """The runnable spec of a portable bot whose bundle is unpacked at ``root``."""
    if bot.builtin is not None or bot.unavailable is not None or bot.bundle is None:
        return BotSpec(
            label=bot.label,
            argv=tuple(text for _, text in bot.argv) or (("false",) if bot.unavailable else ()),
            builtin=bot.builtin,
            name=bot.name,
            unavailable=bot.unavailable,
            env=dict(bot.env),
        )
    assert root is not None

    def place(word: Word) -> str:
        index, text = word
        if index is None:
            return text
        return str(root / str(index) / text) if text else str(root / str(index))

    return BotSpec(
        label=bot.label,
        argv=tuple(place(w) for w in bot.argv),
        cwd=place(bot.cwd) if bot.cwd is not None else None,
        env=dict(bot.env),
        name=bot.name,
        own=tuple(place((i, inside)) for i, inside in enumerate(bot.own)),
    )


def missing_program(spec: BotSpec) -> str | None:
    """Why this worker cannot start the bot (its interpreter is not installed here), or None.
    That is the worker's fault, not the bot's: the task goes elsewhere."""
    if spec.builtin is not None or spec.unavailable is not None or not spec.argv:
        return None
    program = spec.argv[0]
    if not os.path.isabs(program):
        program = shutil.which(program) or ""
    if not program or not os.access(program, os.X_OK):
        return f"program {for_terminal(spec.argv[0], 120)} is not installed on this worker"
    from referee.players.sandbox import _shebang

    interpreter = _shebang(program)
    if interpreter and not (
        shutil.which(interpreter)
        if not os.path.isabs(interpreter)
        else os.access(interpreter, os.X_OK)
    ):
        return f"interpreter {for_terminal(interpreter, 120)} is not installed on this worker"
    return None
