"""Every error this project raises on purpose descends from ``ThousandError``.

A command catches the root and prints one line; anything else is a bug and stays a traceback.
So a new exception class that forgets the root would turn a person's mistake into a traceback,
or tempt a command to catch ``ValueError`` and hide real bugs with it: this test imports every
module of both packages and finds each exception class they define.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import referee
import thousand
from thousand.errors import ThousandError

CONTROL_FLOW = {
    "referee.players.process.Aborted": "the table's abort descriptor: a stop, not an error",
    "referee.play.terminal.Stopped": "the person left the table: the seat's way out",
    "referee.web.app._TooLarge": "unwinds a request body read into the server's own 413",
}
"""Exceptions used to leave a loop, never shown to anyone: they need not be errors."""

SCRIPTS = {"referee.players.launcher"}
"""Modules run as programs (their top level acts), not imported."""


def _defined_exceptions() -> dict[str, type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for package in (thousand, referee):
        for module_info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if module_info.name in SCRIPTS:
                continue
            module = importlib.import_module(module_info.name)
            for name, value in vars(module).items():
                if (
                    inspect.isclass(value)
                    and issubclass(value, BaseException)
                    and value.__module__ == module.__name__
                ):
                    found[f"{module.__name__}.{name}"] = value
    return found


def test_every_error_class_descends_from_the_root() -> None:
    found = _defined_exceptions()
    assert "referee.ladder.store.LadderError" in found  # the walk reached the packages
    outside = sorted(
        name
        for name, cls in found.items()
        if not issubclass(cls, ThousandError) and name not in CONTROL_FLOW
    )
    assert outside == [], "re-parent these on thousand.errors.ThousandError"


def test_the_listed_control_flow_exceptions_still_exist() -> None:
    """A stale entry would let a renamed class escape the check above."""
    assert set(CONTROL_FLOW) <= set(_defined_exceptions())
