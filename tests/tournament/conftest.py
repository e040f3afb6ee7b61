"""Tournament tests reuse the match tests' real command line and process hygiene."""

from __future__ import annotations

from tests.match_cli.conftest import marker

__all__ = ["marker"]
