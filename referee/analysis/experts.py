"""Where the analysis finds the expert bots' files: a source checkout's bots/, else the copy the
wheel installed.

The experts stay plain scripts in bots/ (the ladder's sandbox shows a command-line bot its own
file only), and the repository holds one copy of each. The wheel carries those two files as
data (pyproject.toml, ``[tool.setuptools.data-files]``): installed under the environment's
``share/thousand/bots/``, found here through the installed distribution's own file list, which
knows the prefix whatever the install scheme (a venv, ``--user``, a system prefix). A checkout
comes first so that an edit of bots/ is what an editable install analyses with.
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path
from typing import Final

CHECKOUT_BOTS: Final = Path(__file__).resolve().parents[2] / "bots"
DISTRIBUTION: Final = "thousand"
INSTALLED_FOLDER: Final = ("share", "thousand", "bots")  # the data-files target, as recorded


def installed_file(name: str) -> Path | None:
    """The wheel's copy of ``bots/NAME``, or None when no installed distribution lists one."""
    try:
        files = importlib.metadata.distribution(DISTRIBUTION).files or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for recorded in files:
        if recorded.name == name and tuple(recorded.parts[-4:-1]) == INSTALLED_FOLDER:
            path = Path(str(recorded.locate())).resolve()
            if path.is_file():
                return path
    return None


def expert_file(name: str) -> Path:
    """``bots/NAME`` of this checkout when there is one, else the installed copy; when neither
    exists, the checkout's path, so that the reader's error names the file it wanted."""
    checkout = CHECKOUT_BOTS / name
    if checkout.is_file():
        return checkout
    return installed_file(name) or checkout
