"""Unpacking a contestant's upload into a folder of its own, refusing anything that could
reach outside it or swamp the machine.

An upload is hostile until proven otherwise. An archive may name ``../../etc/x`` or
``/root/.ssh/authorized_keys`` (zip-slip), hold links that point anywhere, devices, FIFOs,
millions of empty files, or a few kilobytes that inflate to gigabytes (a bomb). Nothing here
trusts what an archive declares: sizes are counted as bytes are really written, every path is
checked word by word, and files are created by this module itself (``O_EXCL | O_NOFOLLOW``),
never by ``tarfile``/``zipfile``'s own extraction.
"""

from __future__ import annotations

import hashlib
import io
import lzma
import os
import re
import stat
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO

from thousand.errors import ThousandError

GZIP_MAGIC = b"\x1f\x8b"
ZIP_MAGIC = b"PK\x03\x04"
ELF_MAGIC = b"\x7fELF"
MANIFEST = "bot.toml"
MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 1024
MAX_DEPTH = 16
CHUNK = 1 << 16
SAFE_FILENAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


class ArchiveError(ThousandError, ValueError):
    """Why an upload was refused; one line for the contestant."""


@dataclass(frozen=True)
class Limits:
    upload_bytes: int = 8 << 20
    unpacked_bytes: int = 64 << 20
    files: int = 1000


@dataclass(frozen=True)
class Unpacked:
    kind: str
    """``archive`` (a manifest names the command) or ``file`` (a single script or binary)."""
    files: int
    size: int
    program: str | None = None
    """For a single file: its name inside the folder."""


def kind_of(data: bytes) -> str:
    if data.startswith(GZIP_MAGIC):
        return "tar.gz"
    if data.startswith(ZIP_MAGIC):
        return "zip"
    return "file"


def safe_filename(name: str | None) -> str:
    """A single file's name in its folder: the upload's own when it is plain, else ``bot``
    (a name is the contestant's text: never a path, never a hidden file)."""
    base = PurePosixPath((name or "").replace("\\", "/")).name
    return base if SAFE_FILENAME.fullmatch(base) else "bot"


def checked_path(name: str) -> PurePosixPath | None:
    """The relative path an archive member names, or None for the archive's own root; an
    ``ArchiveError`` for a path that could land anywhere but inside the folder."""
    shown = repr(name[:80])
    if "\0" in name or "\\" in name:
        raise ArchiveError(f"archive path {shown} holds a NUL or backslash")
    if len(name.encode("utf-8", "surrogateescape")) > MAX_PATH_BYTES:
        raise ArchiveError(f"archive path {shown} is longer than {MAX_PATH_BYTES} bytes")
    if name.startswith("/") or re.match(r"[A-Za-z]:", name):
        raise ArchiveError(f"archive path {shown} is absolute")
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise ArchiveError(f"archive path {shown} climbs out of its folder (..)")
    if len(parts) > MAX_DEPTH:
        raise ArchiveError(f"archive path {shown} is nested deeper than {MAX_DEPTH} folders")
    for part in parts:
        if len(part.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES:
            raise ArchiveError(f"archive path {shown} has a name longer than {MAX_NAME_BYTES}")
        if any(ord(c) < 32 or ord(c) == 127 for c in part):
            raise ArchiveError(f"archive path {shown} holds control characters")
    return PurePosixPath(*parts) if parts else None


class _Writer:
    """Creates the folder's files itself, counting every byte and file against the limits."""

    def __init__(self, root: Path, limits: Limits) -> None:
        self.root = root
        self.limits = limits
        self.size = 0
        self.files = 0
        self.seen: set[PurePosixPath] = set()

    def _count(self, path: PurePosixPath) -> None:
        if path in self.seen:
            raise ArchiveError(f"archive path {str(path)[:80]!r} appears twice")
        self.seen.add(path)
        self.files += 1
        if self.files > self.limits.files:
            raise ArchiveError(f"the archive holds more than {self.limits.files} files")

    def folder(self, path: PurePosixPath) -> None:
        self._count(path)
        self._make_parents(path, include_self=True)

    def _make_parents(self, path: PurePosixPath, *, include_self: bool = False) -> None:
        parts = path.parts if include_self else path.parts[:-1]
        current = self.root
        for part in parts:
            current = current / part
            try:
                os.mkdir(current, 0o755)
            except FileExistsError:
                if not stat.S_ISDIR(os.lstat(current).st_mode):
                    raise ArchiveError(
                        f"archive path {part!r} is both a file and a folder"
                    ) from None

    def file(self, path: PurePosixPath, source: IO[bytes], executable: bool) -> None:
        self._count(path)
        self._make_parents(path)
        target = self.root.joinpath(*path.parts)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
        try:
            handle = os.open(target, flags, 0o755 if executable else 0o644)
        except FileExistsError:
            raise ArchiveError(f"archive path {str(path)[:80]!r} appears twice") from None
        with os.fdopen(handle, "wb") as out:
            while chunk := _read(source, path):
                self.size += len(chunk)
                if self.size > self.limits.unpacked_bytes:
                    raise ArchiveError(
                        f"the archive unpacks to more than {self.limits.unpacked_bytes >> 20} MiB"
                    )
                out.write(chunk)


UNREADABLE = (
    tarfile.TarError,
    zipfile.BadZipFile,
    zlib.error,
    lzma.LZMAError,
    EOFError,
    NotImplementedError,
    RuntimeError,
    ValueError,
    OSError,
)
"""What reading a member's bytes raises when the archive lies about them: a tar cut short
inside, a wrong CRC, a compression method Python lacks, damaged deflate, bzip2 (an OSError)
or lzma data. Only reading: a failed write to the server's disk stays an OSError."""


def _read(source: IO[bytes], path: PurePosixPath) -> bytes:
    try:
        return source.read(CHUNK)
    except UNREADABLE as error:
        raise ArchiveError(f"cannot read {str(path)[:80]!r} from the archive: {error}") from None


def _gunzip(data: bytes, limit: int) -> bytes:
    """The tar inside a .tar.gz, inflated only as far as the limit: a bomb stops at once."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    out = bytearray()
    pending = data
    try:
        while pending and not inflater.eof:
            out += inflater.decompress(pending, CHUNK)
            pending = inflater.unconsumed_tail
            if len(out) > limit:
                raise ArchiveError(f"the archive unpacks to more than {limit >> 20} MiB")
        if not inflater.eof:
            raise ArchiveError("the .tar.gz is cut short")
    except zlib.error as error:
        raise ArchiveError(f"the .tar.gz is damaged: {error}") from None
    return bytes(out)


def _tar_members(raw: bytes) -> Iterator[tuple[tarfile.TarFile, tarfile.TarInfo]]:
    try:
        with tarfile.open(fileobj=io.BytesIO(raw), mode="r:") as tar:
            for member in tar:
                yield tar, member
    except tarfile.TarError as error:
        raise ArchiveError(f"the .tar.gz is not a valid tar archive: {error}") from None


def _unpack_tar(data: bytes, writer: _Writer) -> None:
    # Tar headers and padding add at most a block and a half a file to the content.
    overhead = (writer.limits.files + 2) * 1536
    raw = _gunzip(data, writer.limits.unpacked_bytes + overhead)
    for tar, member in _tar_members(raw):
        path = checked_path(member.name)
        if member.issym() or member.islnk():
            raise ArchiveError(f"the archive holds a link ({member.name[:80]!r}): not allowed")
        if (
            member.ischr()
            or member.isblk()
            or member.isfifo()
            or not (member.isreg() or member.isdir())
        ):
            raise ArchiveError(
                f"the archive holds a device, FIFO or other special file ({member.name[:80]!r})"
            )
        if path is None:
            continue
        if member.isdir():
            writer.folder(path)
            continue
        source = tar.extractfile(member)
        if source is None:
            raise ArchiveError(f"cannot read {member.name[:80]!r} from the archive")
        writer.file(path, source, bool(member.mode & 0o111))


def _unpack_zip(data: bytes, writer: _Writer) -> None:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError) as error:
        raise ArchiveError(f"the .zip is not a valid zip archive: {error}") from None
    with archive:
        infos = archive.infolist()
        if len(infos) > writer.limits.files:
            raise ArchiveError(f"the archive holds more than {writer.limits.files} files")
        for info in infos:
            path = checked_path(info.filename)
            mode = info.external_attr >> 16
            kind = stat.S_IFMT(mode)
            if kind == stat.S_IFLNK:
                raise ArchiveError(
                    f"the archive holds a link ({info.filename[:80]!r}): not allowed"
                )
            if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
                raise ArchiveError(
                    f"the archive holds a device, FIFO or other special file "
                    f"({info.filename[:80]!r})"
                )
            if info.flag_bits & 0x1:
                raise ArchiveError(f"the archive's {info.filename[:80]!r} is encrypted")
            if path is None:
                continue
            if info.is_dir():
                writer.folder(path)
                continue
            try:
                source = archive.open(info)
            except UNREADABLE as error:
                raise ArchiveError(f"cannot read {info.filename[:80]!r}: {error}") from None
            with source:
                writer.file(path, source, bool(mode & 0o111))


def _lift_single_folder(root: Path) -> None:
    """``tar czf bot.tar.gz mybot/`` puts everything in one folder: the manifest may sit
    there rather than at the top. Its content is moved up a level."""
    entries = list(root.iterdir())
    if (root / MANIFEST).exists() or len(entries) != 1 or not entries[0].is_dir():
        return
    inner = entries[0]
    if inner.is_symlink() or not (inner / MANIFEST).is_file():
        return
    holder = root / (".lift-" + os.urandom(6).hex())
    inner.rename(holder)
    for entry in holder.iterdir():
        entry.rename(root / entry.name)
    holder.rmdir()


def unpack(data: bytes, filename: str | None, root: Path, limits: Limits) -> Unpacked:
    """Unpack an upload into the empty folder ``root``; ``ArchiveError`` says why not."""
    if len(data) > limits.upload_bytes:
        raise ArchiveError(f"the upload is larger than {limits.upload_bytes >> 20} MiB")
    if not data:
        raise ArchiveError("the upload is empty")
    kind = kind_of(data)
    writer = _Writer(root, limits)
    if kind == "file":
        name = safe_filename(filename)
        is_script = data.startswith(b"#!") or name.endswith(".py")
        if not (is_script or data.startswith(ELF_MAGIC)):
            raise ArchiveError(
                "a single file must be a script starting with #! (or a .py file) or a "
                "static binary; anything else comes as a .tar.gz or .zip with bot.toml"
            )
        writer.file(PurePosixPath(name), io.BytesIO(data), not name.endswith(".py"))
        return Unpacked("file", writer.files, writer.size, program=name)
    if kind == "tar.gz":
        _unpack_tar(data, writer)
    else:
        _unpack_zip(data, writer)
    _lift_single_folder(root)
    manifest = root / MANIFEST
    if not manifest.is_file() or manifest.is_symlink():
        raise ArchiveError(f"the archive has no {MANIFEST} at its top (command, optional build)")
    return Unpacked("archive", writer.files, writer.size)


def content_digest(root: Path) -> str:
    """A digest of what an upload unpacked to: every path under ``root`` (sorted), whether it
    is a folder or a file, a file's executable bit and its bytes. What the archive adds
    besides — timestamps, owners, the order of its members, its compression — is left out, so
    the same bot packed again (a new ``tar`` run) digests the same. Run before any build."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*"), key=lambda p: p.relative_to(root).as_posix()):
        mode = path.lstat().st_mode
        name = path.relative_to(root).as_posix().encode("utf-8", "surrogateescape")
        if stat.S_ISDIR(mode):
            digest.update(b"d\0" + name + b"\0")
            continue
        executable = b"x" if mode & stat.S_IXUSR else b"-"
        digest.update(b"f\0" + name + b"\0" + executable)
        with path.open("rb") as handle:
            file_digest = hashlib.file_digest(handle, "sha256").digest()
        digest.update(file_digest)
    return digest.hexdigest()
