"""The contest server's application: one FastAPI app over one ladder database.

Pages and the read-only JSON API live in ``referee.web.pages`` and ``referee.web.api``;
accounts, sessions and submissions in their own modules; this module only assembles them.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI

from referee.web import api, pages


def create_app(db: Path) -> FastAPI:
    app = FastAPI(title="thousand ladder", docs_url=None, redoc_url=None)
    app.state.db_path = db
    app.include_router(api.router)
    app.include_router(pages.router)
    return app
