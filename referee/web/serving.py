"""uvicorn's server as the contest server runs it."""

from __future__ import annotations

from typing import Any

import uvicorn

from referee.web.live import close_streams


class StreamClosingServer(uvicorn.Server):
    """uvicorn's server, which also ends the live pages' event streams when it begins to stop:
    a stream never ends by itself, and Ctrl-C would otherwise wait out the grace period and
    print the cancelled streams' tracebacks."""

    def __init__(self, config: uvicorn.Config, app: Any) -> None:
        super().__init__(config)
        self._app = app

    def handle_exit(self, sig: int, frame: Any) -> None:
        close_streams(self._app.state)
        super().handle_exit(sig, frame)
