"""The JSON API that mirrors every page: read-only, each response a pydantic model, so that
OpenAPI publishes its schema."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
