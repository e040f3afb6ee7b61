"""The optional parts of the install, asked for by the commands that need them.

A bot author's ``pip install thousand`` carries what a bot author uses (matches, tournaments,
replays, the ladder on one machine); the contest server and the browser seat need a web stack
(FastAPI, uvicorn, python-multipart) that ``thousand[server]`` adds, as ``thousand[dask]`` adds
the cluster. Without it those commands say the one line that installs it, before they import
anything of it, instead of a ModuleNotFoundError's traceback.
"""

from __future__ import annotations

import importlib.util

from referee.errors import fail

SERVER_MODULES = ("fastapi", "uvicorn", "python_multipart")
"""The import names of the packages of ``[project.optional-dependencies] server``."""


def missing(modules: tuple[str, ...]) -> list[str]:
    return [name for name in modules if importlib.util.find_spec(name) is None]


def need_server(what: str) -> None:
    """Exit with the install line when the web stack is not installed."""
    absent = missing(SERVER_MODULES)
    if absent:
        fail(
            f"{what} needs the web server packages ({', '.join(absent)}), which are not "
            "installed: pip install 'thousand[server]'"
        )
