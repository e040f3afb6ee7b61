"""A ``dask worker --preload``: this worker's ``tarfile`` has no ``data`` filter, as on Python
3.11 before 3.11.4 (Debian 12's 3.11.2), whose rule by hand (``bundles._extract``) refuses every
link. A worker, that is, which cannot unpack a bundle that the coordinator, on a newer Python,
unpacked and verified: a real difference between machines, made here without a second Python."""

from __future__ import annotations

import tarfile
from typing import Any


def dask_setup(worker: Any) -> None:
    if hasattr(tarfile, "data_filter"):
        del tarfile.data_filter
