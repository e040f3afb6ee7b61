"""Reaching a Dask scheduler from an ``--executor`` value.

``dask://HOST:PORT`` is the plain TCP address a ``dask scheduler`` prints; ``tls://HOST:PORT``
uses Dask's own TLS settings (``distributed.comm.tls.*`` in the Dask configuration, see
docs/cluster.md). ``distributed`` is imported here, lazily: the core install has no Dask.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import TYPE_CHECKING, Any

from referee.environment import seconds
from referee.safetext import for_terminal
from thousand.errors import ThousandError

if TYPE_CHECKING:
    from distributed import Client

_ADDRESS = re.compile(r"^(dask|tcp|tls)://([A-Za-z0-9.\-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})$")

RECONNECT_SECONDS = seconds("THOUSAND_DASK_RECONNECT_WAIT", 5.0, most=600.0)
"""How long the coordinator waits for the scheduler (to answer at the start, to come back
when lost) before it stops: 5 s, or ``THOUSAND_DASK_RECONNECT_WAIT`` seconds (a far or slow
scheduler may need more; the tests of an unreachable or killed scheduler wait less)."""


class ClusterError(ThousandError, ValueError):
    """An executor that cannot be used; one line for a person."""


class ExecutorLost(ClusterError):
    """The cluster can play no more (its scheduler gone for longer than ``RECONNECT_SECONDS``):
    the caller stops cleanly — a match with one line, a ladder run abandoning the matches in
    flight for a later run to resume. The cluster's own error, not the ladder's: a plain
    ``thousand match --executor dask://`` meets it too."""


def parse_executor(text: str) -> str | None:
    """None for ``local``; the scheduler's Dask address for ``dask://HOST:PORT`` (or tls://)."""
    if text == "local":
        return None
    match = _ADDRESS.match(text.strip())
    if match is None or not 0 < int(match.group(3)) < 65536:
        raise ClusterError(
            f"--executor {for_terminal(text, 80)}: use local, dask://HOST:PORT or tls://HOST:PORT"
        )
    scheme = "tcp" if match.group(1) == "dask" else match.group(1)
    return f"{scheme}://{match.group(2)}:{match.group(3)}"


def distributed_module() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterError("--executor dask:// needs Dask: pip install 'thousand[dask]'") from None
    return distributed


async def connect(address: str, timeout: float = RECONNECT_SECONDS) -> Client:
    """An asynchronous client of the scheduler at ``address``, or ``ClusterError``."""
    distributed = distributed_module()
    # Dask logs a lost connection with tracebacks; the coordinator says it in one line.
    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).setLevel(logging.CRITICAL)
    _quiet_teardown(asyncio.get_running_loop())
    try:
        client = await distributed.Client(
            address,
            asynchronous=True,
            timeout=timeout,
            set_as_default=False,
        )
    except Exception as error:  # refused, timed out, TLS misconfigured: all one line
        hint = (
            " (a tls:// scheduler needs Dask's TLS settings: docs/cluster.md, TLS)"
            if address.startswith("tls://")
            else ""
        )
        raise ClusterError(
            f"cannot reach the Dask scheduler at {address}: "
            f"{str(error)[:300] or type(error).__name__}{hint}"
        ) from None
    return client  # type: ignore[no-any-return]


def _quiet_teardown(loop: asyncio.AbstractEventLoop) -> None:
    """Keep a Dask client's leftover timeouts off the person's terminal.

    A client closed on a loaded machine can leave futures whose ``TimeoutError`` or closed
    connection (``CommClosedError``, an ``OSError``) nobody retrieves; asyncio then prints
    "Future exception was never retrieved" with a traceback after our one-line error (seen at
    load 10: "the Dask scheduler ... has no workers" followed by two lines of it). Those and only
    those are dropped; every other report goes to the loop's handler as before."""
    previous = loop.get_exception_handler()
    if getattr(previous, "quiets_dask", False):
        return

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if context.get("message") == "Future exception was never retrieved" and isinstance(
            error, TimeoutError | OSError
        ):
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    handler.quiets_dask = True  # type: ignore[attr-defined]
    loop.set_exception_handler(handler)
