"""Build: the engines' hot modules compiled with mypyc where a C compiler is at hand.

Why compiled: against a quick bot, the card engine (the legal plays, applying a play, the
view) is most of the work the referee adds to a bot's turn (docs/benchmarks.md, "Referee");
mypyc compiles the very modules that ``mypy --strict`` checks, so there stays one engine, not a
second one in C to keep in step with the rule books.

Why optional: where compiling cannot be done (no C compiler or Python headers, a mypyc that
refuses the source) or is not wanted (``THOUSAND_PURE=1``), the wheel holds the pure modules
alone and behaves the same, only slower; the build says so on stderr. Editable installs are
never compiled: a compiled module beside its source would shadow every edit of it.

Why a cache: the quick start builds the same wheel twice (``pip install .``, then
``pip install '.[test]'``), and pip builds a local directory in place, so the checkout's
``build/`` outlives the first build. A successful build keeps its compiled files in
``build/thousand-native/KEY/``, KEY a digest of everything the build reads (cache_key);
a later build with the same KEY copies them instead of running mypyc at all (its type check
and C generation, some 4 s even with mypy's cache warm; the C compile itself build_ext
already skips when the generated C is unchanged).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from setuptools import Extension, setup  # type: ignore[import-untyped]
from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]

CARDS = [
    "src/thousand/cards/actions.py",
    "src/thousand/cards/cards.py",
    "src/thousand/cards/json_text.py",
    "src/thousand/cards/scoring.py",
    "src/thousand/cards/state.py",
    "src/thousand/cards/table.py",
    "src/thousand/rl/cards_actions.py",
    "src/thousand/rl/cards_observe.py",
    "src/thousand/rl/turns.py",
    "src/thousand/shuffle.py",
]
DICE = [
    "src/thousand/dice/scoring.py",
    "src/thousand/dice/state.py",
    "src/thousand/rl/dice_actions.py",
    "src/thousand/rl/dice_observe.py",
    "referee/analysis/dice_pass.py",
]
"""The modules compiled: pure state machines with no I/O, whose classes nobody patches, and
what the learning environments (thousand.rl) do with those states at every step: encode a
seat's observation, index the legal actions, draw chance between decisions (turns.py, in the
card engine's group, serves both games), and the shuffle that the referee's keyed chance deals
the cards with (thousand.shuffle, in the card group: a deal is its only use). Those import no
numpy, which a build does not have, and each is in its engine's group, where it reads the
state's attributes natively. One module of the referee is compiled too, with the dice group:
the sweep of thousand analyse's dice turn pass (referee/analysis/dice_pass.py, imports nothing),
nearly all of a dice game's analysis, whose aim is 50 ms a game (issue 32).

Each engine is its own group, one shared library of one C file: neither engine calls the
other, so nothing is lost that mypyc could inline, and the two C files (1.6 and 1.2 MB)
compile at once on two cores instead of one after the other as one 3.2 MB file did
(build_ext's ``parallel``; docs/benchmarks.md, "Install")."""
REFEREE = [
    "referee/games/match.py",
    "referee/players/cpu.py",
    "referee/players/players.py",
    "referee/players/process.py",
    "referee/players/protocol.py",
]
"""The referee's turn, a group of its own: the match loop, the request written and the answer
read, the bot's CPU clock. Beside a bot that answers at once, the referee's own Python was
most of what a decision cost (issue 35). The suite runs against the installed package
(pytest's ``--import-mode=append``), so in CI it tests these compiled, as it does the engines."""

HERE = Path(__file__).resolve().parent
CACHE = HERE / "build" / "thousand-native"
MANIFEST = "manifest.json"
COMPILER_VARIABLES = (
    "THOUSAND_PURE", "CC", "CXX", "CFLAGS", "CPPFLAGS", "LDFLAGS", "LDSHARED", "ARCHFLAGS",
    "MYPYC_OPT_LEVEL", "MYPYC_DEBUG_LEVEL",
)  # fmt: skip
MYPY_CONFIGS = ("pyproject.toml", "mypy.ini", ".mypy.ini", "setup.cfg")

WHY_PURE = "thousand: the engines stay pure Python"


def _say(message: str) -> None:
    print(f"{WHY_PURE} ({message})", file=sys.stderr)


def _note(message: str) -> None:
    print(f"thousand: {message}", file=sys.stderr)


def cache_key() -> str:
    """SHA-256 over everything a compile reads, each input labelled and length-prefixed.

    Leaving an input out would let an earlier build pass for a new one, so the key takes more
    than the compiled files, and an edit anywhere in src/thousand compiles again (a
    needless compile costs 30 s; a stale engine would cost wrong games):

    - every .py/.pyi of src/thousand: the compiled modules and those their type check reads
      (mypyc inlines a Final constant imported from another module into the C), and every
      .py of referee (the analysis' sweep, and the referee's group with what it imports);
    - setup.py (the groups, opt_level) and the mypy config files (pyproject's [tool.mypy]:
      the pydantic plugin types the rules' models);
    - every distribution's version where the build runs (mypy, so mypyc and its runtime C;
      pydantic; setuptools), but for this project's own, which an install adds;
    - the Python version and build, its ABI and platform tags;
    - THOUSAND_PURE and the variables that steer mypyc and the C compiler.
    """
    digest = hashlib.sha256()

    def add(label: str, data: bytes) -> None:
        for part in (label.encode(), data):
            digest.update(len(part).to_bytes(8, "big") + part)

    sources = sorted(
        path for pattern in ("*.py", "*.pyi") for path in (HERE / "src" / "thousand").rglob(pattern)
    )
    # The referee's group reads (and mypyc may inline from) the referee's other modules.
    outside = sorted((HERE / "referee").rglob("*.py"))
    configs = [HERE / "setup.py", *(HERE / name for name in MYPY_CONFIGS)]
    for path in [*sources, *outside, *configs]:
        if path.is_file():
            add(path.relative_to(HERE).as_posix(), path.read_bytes())
    versions = sorted(
        f"{dist.metadata['Name']}=={dist.version}"
        for dist in importlib.metadata.distributions()
        if dist.metadata["Name"] != "thousand"
    )
    add("distributions", "\n".join(versions).encode())
    python = [
        sys.version,
        sys.implementation.cache_tag or "",
        str(sysconfig.get_config_var("EXT_SUFFIX")),
        sysconfig.get_platform(),
    ]
    add("python", "\n".join(python).encode())
    for name in COMPILER_VARIABLES:
        add(f"${name}", os.environ.get(name, "\0unset").encode())
    return digest.hexdigest()


def _file_digest(path: Path) -> str:
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def cached_build(entry: Path) -> dict[str, str] | None:
    """The extensions an entry holds (module name: file under build_lib), or None unless the
    entry is complete and intact: its manifest, written last, lists every file with its digest,
    and every file is there with that digest (a truncated copy, a file gone: compile again)."""
    try:
        manifest = json.loads((entry / MANIFEST).read_text())
        files: dict[str, str] = {}
        for name, record in manifest["extensions"].items():
            relative, digest = str(record["file"]), str(record["sha256"])
            if _file_digest(entry / relative) != digest:
                return None
            files[str(name)] = relative
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return files or None


def keep_build(build_lib: Path, extensions: dict[str, str], entry: Path) -> None:
    """Copies a finished build's extensions (module name: file under build_lib) into entry,
    CACHE/KEY: written in a temporary folder beside it and renamed whole, so that no build ever
    sees half an entry; the other entries go (the quick start needs one build's, 2.3 MB)."""
    entry.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=".partial-", dir=entry.parent))
    try:
        records: dict[str, dict[str, str]] = {}
        for name, relative in extensions.items():
            target = partial / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(build_lib / relative, target)
            records[name] = {"file": relative, "sha256": _file_digest(target)}
        (partial / MANIFEST).write_text(json.dumps({"extensions": records}, indent=1))
        if cached_build(entry) is None:
            shutil.rmtree(entry, ignore_errors=True)  # a damaged entry of this key
            partial.rename(entry)
    finally:
        shutil.rmtree(partial, ignore_errors=True)  # left only if the entry was already whole
    for other in entry.parent.iterdir():
        if other != entry and not other.name.startswith(".partial-"):  # not a build's, running
            shutil.rmtree(other, ignore_errors=True)


class OptionalBuildExt(build_ext):  # type: ignore[misc]
    """Compiles the engines if it can; a failure leaves the pure modules in the wheel.

    ``reuse``: the cache entry whose files stand in for the compile (the extensions are then
    names without sources); ``keep_as``: the key under which a successful compile is kept."""

    reuse: Path | None = None
    keep_as: str | None = None

    def finalize_options(self) -> None:
        # pip passes no -j: each engine's library is compiled on a core of its own.
        parallel: int | None = getattr(self, "parallel", None)
        if parallel is None:
            self.parallel = min(2, os.cpu_count() or 1)
        super().finalize_options()

    def run(self) -> None:
        if getattr(self, "editable_mode", False) or self.inplace:
            _say("an editable or in-place build")
            return
        if self.reuse is not None:
            self._copy_from(self.reuse)
            return
        try:
            super().run()
        except Exception as error:  # no compiler, no headers: the pure wheel is still whole
            # None of what did compile is kept: a module compiled inside the group but loaded
            # pure for want of its own small library would exist twice, with two CardStates.
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            _say(f"compiling failed: {str(error)[:300]}")
            return
        if self.keep_as is not None and self.extensions:
            self._keep(self.keep_as)

    def _built(self) -> dict[str, str]:
        build_lib = Path(self.build_lib)
        return {
            ext.name: Path(self.get_ext_fullpath(ext.name)).relative_to(build_lib).as_posix()
            for ext in self.extensions
        }

    def _copy_from(self, entry: Path) -> None:
        for relative in self._built().values():
            target = Path(self.build_lib) / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            # copy2: the file keeps the time it was built, so that after this build a changed
            # C file of mypyc's is newer than it and build_ext compiles that again.
            shutil.copy2(entry / relative, target)

    def _keep(self, key: str) -> None:
        entry = CACHE / key
        try:
            keep_build(Path(self.build_lib), self._built(), entry)
        except OSError as error:  # a read-only checkout, a full disk: the wheel is still whole
            _note(f"the compiled engines could not be kept for the next build: {error}")
            return
        _note(f"the compiled engines are kept for the next build of these sources in {entry}")


def _extensions() -> list[Any]:
    # Only a command that builds a wheel needs the C sources: metadata and editable
    # installs would pay mypyc's type analysis (some 15 s) for nothing.
    building = {"bdist_wheel", "build", "build_ext", "install"} & set(sys.argv[1:])
    if os.environ.get("THOUSAND_PURE") == "1" or not building:
        if building:
            _say("THOUSAND_PURE=1")
        return []
    key = cache_key()
    reused = cached_build(CACHE / key)
    if reused is not None:
        # The names alone: build_ext copies the files, nothing runs mypyc or the compiler.
        OptionalBuildExt.reuse = CACHE / key
        _note(f"the compiled engines of an earlier build of these sources are reused ({key[:12]})")
        return [Extension(name, sources=[]) for name in reused]
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        _say(f"mypyc is missing: {error}")
        return []
    try:
        groups: list[tuple[list[str], str | None]] = [
            (CARDS, "thousand_cards"),
            (DICE, "thousand_dice"),
            (REFEREE, "thousand_referee"),
        ]
        extensions = list(mypycify(CARDS + DICE + REFEREE, opt_level="3", separate=groups))
    except BaseException as error:  # mypyc exits through SystemExit on a type error
        _say(f"mypyc refused the source: {error!r}")
        return []
    OptionalBuildExt.keep_as = key
    return extensions


if __name__ == "__main__":  # as setuptools runs it; tests/native import the cache's functions
    setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
