"""Errors a person can cause with a rules file or a preset name.

They carry one readable line so that the command line can print it without a traceback.
"""


class RulesError(ValueError):
    """A rules preset, file or field that cannot be used."""
