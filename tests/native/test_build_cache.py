"""setup.py's cache: the quick start's second command reuses the first's compiled engines.

``pip install .`` and then ``pip install '.[test]'`` build the same wheel from the same
checkout; the second build must copy the first's compiled files (no mypyc, no compiler), and
must not as soon as anything the compile reads has changed, nor from a damaged entry. The
builds are real ones, with pip, of a copy of the project.
"""

from __future__ import annotations

import hashlib
import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import orjson
import pytest

from tests.native.test_build import _build, _copy
from tests.native.transcript import digests
from tests.referee.conftest import ROOT
from tests.requirements import c_compiler

REUSED = "thousand: the compiled engines of an earlier build of these sources are reused"
KEPT = "thousand: the compiled engines are kept for the next build of these sources"
GAMES = (("cards", "classic", 3), ("dice", "classic", 2))


def _compiled(wheel: Path) -> dict[str, str]:
    """The wheel's compiled files: name and SHA-256."""
    with zipfile.ZipFile(wheel) as archive:
        return {
            name: hashlib.sha256(archive.read(name)).hexdigest()
            for name in archive.namelist()
            if name.endswith(".so")
        }


def _play_from(wheel: Path, where: Path) -> list[object]:
    """A card and a dice game through the engines of the unpacked wheel (a child process with
    the wheel first on its path): which files were imported, and each game's step digests."""
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(where)
    program = (
        "import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; import orjson\n"
        "import thousand.cards.state as c, thousand.dice.state as d\n"
        "from tests.native.transcript import digests\n"
        "print(orjson.dumps([[c.__file__, d.__file__],"
        " *(digests(g, p, n, 1) for g, p, n in " + repr(GAMES) + ")]).decode())"
    )
    child = subprocess.run(
        [sys.executable, "-c", program, str(where), str(ROOT)],
        capture_output=True,
        check=True,
        cwd=where,
    )
    result: list[object] = orjson.loads(child.stdout)
    return result


@pytest.mark.slow
def test_a_second_build_reuses_the_first(tmp_path: Path) -> None:
    """Two builds of one checkout: the first compiles and keeps its files; the second, of the
    same sources, copies them (its wheel holds the same compiled files, byte for byte, and they
    work). That an edited source compiles again is the key's test below: a build whose key
    finds no entry compiles, as the first one here does (a third real build cost ~20 s of the
    suite for a claim the key decides).

    The witnesses that the second ran neither mypyc nor the compiler: mypyc's generated C,
    deleted before it, is not written again, and a compiler wrapper logs no call. The compiler
    runs at -O0 (the last -O wins), as in test_build.py: the optimiser is not what is tested."""
    compiler = c_compiler()
    log = tmp_path / "cc.log"
    wrapper = tmp_path / "cc-logged"
    wrapper.write_text(f'#!/bin/sh\necho "$*" >> {log}\nexec {compiler} "$@" -O0 -g0\n')
    wrapper.chmod(0o755)
    copy = _copy(tmp_path)
    env = {"CC": str(wrapper), "THOUSAND_PURE": "0"}

    first, output = _build(copy, tmp_path / "first", **env)
    assert KEPT in output and REUSED not in output, output[-3000:]
    assert log.read_text().count("-shared") >= 23  # three libraries, 20 modules, all linked
    cache = copy / "build" / "thousand-native"
    (entry,) = cache.iterdir()

    generated = sorted((copy / "build").glob("__native_*.c"))
    assert [path.name for path in generated] == [
        "__native_thousand_cards.c",
        "__native_thousand_dice.c",
        "__native_thousand_referee.c",
    ]
    for path in generated:
        path.unlink()
    log.unlink()
    second, output = _build(copy, tmp_path / "second", **env)
    assert REUSED in output and KEPT not in output, output[-3000:]
    assert not log.exists(), log.read_text()  # no compiler call
    assert [path.name for path in cache.iterdir()] == [entry.name]  # read, not written again
    assert not any(path.exists() for path in generated)  # no mypyc: the C was not generated
    # three groups' libraries; the engines' 8 modules, thousand.rl's 5, the shuffle, the sweep
    # and the referee's 5
    assert len(_compiled(first)) == 23
    assert _compiled(second) == _compiled(first)
    modules, *played = _play_from(second, tmp_path / "installed")
    assert isinstance(modules, list)
    assert all(str(path).startswith(str(tmp_path / "installed")) for path in modules), modules
    assert all(str(path).endswith(".so") for path in modules), modules
    assert played == [digests(game, preset, players, 1) for game, preset, players in GAMES]


def _setup_py(root: Path = ROOT) -> ModuleType:
    """setup.py as a module: its functions, without setup() (it runs as __main__ only), over
    the checkout at ``root``."""
    spec = importlib.util.spec_from_file_location("thousand_setup_py", root / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_damaged_or_partial_cache_entry_is_never_used(tmp_path: Path) -> None:
    """An entry stands in for a compile only while its manifest lists every file with its
    digest and the files match: a copy cut short, a file gone or a manifest not yet written
    (a build stopped while keeping its files) each mean compiling again."""
    setup_py = _setup_py()
    build_lib = tmp_path / "lib"
    (build_lib / "thousand" / "dice").mkdir(parents=True)
    files = {
        "thousand_dice__mypyc": "thousand_dice__mypyc.so",
        "thousand.dice.state": "thousand/dice/state.so",
    }
    for relative in files.values():
        (build_lib / relative).write_bytes(relative.encode() * 1000)
    cache = tmp_path / "cache"
    older = cache / "older"
    setup_py.keep_build(build_lib, files, older)
    entry = cache / "key"
    setup_py.keep_build(build_lib, files, entry)
    assert [path.name for path in cache.iterdir()] == ["key"]  # one build's worth is kept
    assert setup_py.cached_build(entry) == files

    library = entry / "thousand_dice__mypyc.so"
    whole = library.read_bytes()
    library.write_bytes(whole[:-1])
    assert setup_py.cached_build(entry) is None
    library.write_bytes(whole)
    assert setup_py.cached_build(entry) == files
    (entry / "thousand" / "dice" / "state.so").unlink()
    assert setup_py.cached_build(entry) is None

    setup_py.keep_build(build_lib, files, entry)  # a damaged entry is replaced, not kept
    assert setup_py.cached_build(entry) == files
    (entry / "manifest.json").unlink()
    assert setup_py.cached_build(entry) is None
    assert setup_py.cached_build(cache / "absent") is None


@pytest.mark.parametrize("variable", ["CC", "CFLAGS", "THOUSAND_PURE", "MYPYC_OPT_LEVEL"])
def test_the_cache_key_changes_with_what_steers_the_compile(
    variable: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup_py = _setup_py()
    monkeypatch.delenv(variable, raising=False)
    unset = setup_py.cache_key()
    monkeypatch.setenv(variable, "")
    empty = setup_py.cache_key()
    monkeypatch.setenv(variable, "0")
    assert len({unset, empty, setup_py.cache_key()}) == 3


@pytest.mark.parametrize(
    "edited",
    [
        "src/thousand/dice/state.py",
        "src/thousand/game.py",
        "referee/analysis/dice_pass.py",
        "referee/games/match.py",
        "referee/replay/writer.py",
        "setup.py",
        "pyproject.toml",
    ],
)
def test_an_edit_of_what_the_compile_reads_changes_the_key(tmp_path: Path, edited: str) -> None:
    """An engine's source, a module the engines import (mypyc copies its constants into the C),
    a compiled module outside src/thousand, a referee module the compiled referee imports,
    setup.py and the mypy configuration: after an edit of any, the key finds no entry, so the
    next build compiles."""
    copy = _copy(tmp_path)
    before = _setup_py(copy).cache_key()
    assert _setup_py(copy).cache_key() == before  # the key of unchanged sources is stable
    path = copy / edited
    path.write_text(path.read_text() + "\n# edited\n")
    assert _setup_py(copy).cache_key() != before
