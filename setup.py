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

NATIVE = [
    "src/thousand/cards/cards.py",
    "src/thousand/cards/scoring.py",
    "src/thousand/cards/state.py",
    "src/thousand/dice/scoring.py",
    "src/thousand/dice/state.py",
]
"""The modules compiled: pure state machines with no I/O, whose classes nobody patches."""

WHY_PURE = "thousand: the engines stay pure Python"


def _say(message: str) -> None:
    print(f"{WHY_PURE} ({message})", file=sys.stderr)


class OptionalBuildExt(build_ext):  # type: ignore[misc]
    """Compiles the engines if it can; a failure leaves the pure modules in the wheel."""

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
        return list(mypycify(NATIVE, opt_level="3", group_name="thousand_engine"))
    except BaseException as error:  # mypyc exits through SystemExit on a type error
        _say(f"mypyc refused the source: {error!r}")
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
