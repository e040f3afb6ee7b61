"""Build: the engines' hot modules compiled with mypyc where a C compiler is at hand.

Why compiled: against a quick bot, the card engine (the legal plays, applying a play, the
view) is most of the work the referee adds to a bot's turn (docs/benchmarks.md, "Referee");
mypyc compiles the very modules that ``mypy --strict`` checks, so there stays one engine, not a
second one in C to keep in step with the rule books.

Why optional: where compiling cannot be done (no C compiler or Python headers, a mypyc that
refuses the source) or is not wanted (``THOUSAND_PURE=1``), the wheel holds the pure modules
alone and behaves the same, only slower; the build says so on stderr. Editable installs are
never compiled: a compiled module beside its source would shadow every edit of it.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup  # type: ignore[import-untyped]
from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped]

CARDS = [
    "src/thousand/cards/cards.py",
    "src/thousand/cards/scoring.py",
    "src/thousand/cards/state.py",
]
DICE = [
    "src/thousand/dice/scoring.py",
    "src/thousand/dice/state.py",
]
"""The modules compiled: pure state machines with no I/O, whose classes nobody patches.

Each engine is its own group, one shared library of one C file: neither engine calls the
other, so nothing is lost that mypyc could inline, and the two C files (1.6 and 1.2 MB)
compile at once on two cores instead of one after the other as one 3.2 MB file did
(build_ext's ``parallel``; docs/benchmarks.md, "Install")."""

WHY_PURE = "thousand: the engines stay pure Python"


def _say(message: str) -> None:
    print(f"{WHY_PURE} ({message})", file=sys.stderr)


class OptionalBuildExt(build_ext):  # type: ignore[misc]
    """Compiles the engines if it can; a failure leaves the pure modules in the wheel."""

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
        try:
            super().run()
        except Exception as error:  # no compiler, no headers: the pure wheel is still whole
            # None of what did compile is kept: a module compiled inside the group but loaded
            # pure for want of its own small library would exist twice, with two CardStates.
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            _say(f"compiling failed: {str(error)[:300]}")


def _extensions() -> list[Any]:
    # Only a command that builds a wheel needs the C sources: metadata and editable
    # installs would pay mypyc's type analysis (some 15 s) for nothing.
    building = {"bdist_wheel", "build", "build_ext", "install"} & set(sys.argv[1:])
    if os.environ.get("THOUSAND_PURE") == "1" or not building:
        if building:
            _say("THOUSAND_PURE=1")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as error:
        _say(f"mypyc is missing: {error}")
        return []
    try:
        groups: list[tuple[list[str], str | None]] = [
            (CARDS, "thousand_cards"),
            (DICE, "thousand_dice"),
        ]
        return list(mypycify(CARDS + DICE, opt_level="3", separate=groups))
    except BaseException as error:  # mypyc exits through SystemExit on a type error
        _say(f"mypyc refused the source: {error!r}")
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
