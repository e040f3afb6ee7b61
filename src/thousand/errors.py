"""The root of every error this project raises on purpose, and the rules' own.

``ThousandError`` marks what a person, a bot or a file caused — a bad rules file, an illegal
action, a damaged replay, a refused upload — as against a bug: a command catches the root and
prints one line, and anything else stays a traceback that someone must fix. Each class keeps
the built-in base it had (``ValueError``, ``OSError``, ...), so code that caught those still does.
They carry one readable line so that the command line can print it without a traceback.
"""


class ThousandError(Exception):
    """Something a person, a bot or a file caused: said in one line, never a traceback."""


class RulesError(ThousandError, ValueError):
    """A rules preset, file or field that cannot be used."""
