"""The organiser's choices for one contest server, fixed when ``ladder serve`` starts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from referee.cluster.bundles import MAX_BUNDLE_BYTES, MAX_BUNDLE_FILES
from referee.ladder.analyses import Settings as AnalysisSettings
from referee.web.archive import Limits


@dataclass(frozen=True)
class BuildLimits:
    """A submission's build runs once, with limits of its own (a compiler needs more than a
    bot's move does)."""

    seconds: float = 120.0
    memory_mib: int = 1024
    processes: int = 64
    file_size_mib: int = 64
    disk_mib: int = MAX_BUNDLE_BYTES >> 20
    """What the build may leave in its folder, unpacked files included; the same bound as a
    bot's files that travel to a cluster's workers (referee.cluster.bundles)."""
    files: int = MAX_BUNDLE_FILES


@dataclass(frozen=True)
class ServerSettings:
    allow_weak_sandbox: bool = False
    """Accept submissions even where the ladder's sandbox cannot keep bots apart."""
    run_matches: bool = False
    """Run the ladder's match loop inside the server (``serve --run``)."""
    concurrency: int = 1
    pin: bool = False  # --pin of the `ladder run` beside the pages
    on_resubmit: Literal["keep", "reset"] = "keep"
    """A new version keeps its entrant's rating, or starts afresh."""
    upload: Limits = field(default_factory=Limits)
    build: BuildLimits = field(default_factory=BuildLimits)
    submissions_per_hour: int = 6
    secure_cookies: bool = False
    """Set when the server sits behind a TLS reverse proxy (``--secure-cookies``)."""
    analysis: AnalysisSettings | None = field(default_factory=AnalysisSettings)
    """Each finished game analysed in the background (``--no-analysis``: None, not at all)."""
