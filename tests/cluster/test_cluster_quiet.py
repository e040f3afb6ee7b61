"""A Dask client's unretrieved teardown timeouts stay off the terminal; nothing else does.

Seen at load 10: `ladder run --executor dask://…` against a scheduler without workers printed
its one-line error and then asyncio's "Future exception was never retrieved" for a
``TimeoutError`` the closing client left behind. The real futures of a real event loop here:
one left with each kind of exception, then collected."""

from __future__ import annotations

import asyncio
import gc
import logging

import pytest

from referee.cluster.connect import _quiet_teardown


def _abandon(loop: asyncio.AbstractEventLoop, error: BaseException) -> None:
    future = loop.create_future()
    future.set_exception(error)
    del future  # never retrieved: asyncio reports it when the future is collected
    gc.collect()


@pytest.mark.parametrize("quiet", [True, False])
def test_teardown_timeouts_are_dropped_and_other_errors_still_reported(
    quiet: bool, caplog: pytest.LogCaptureFixture
) -> None:
    loop = asyncio.new_event_loop()
    try:
        if quiet:
            _quiet_teardown(loop)
            _quiet_teardown(loop)  # a second client on the same loop: still one wrapper
        with caplog.at_level(logging.ERROR, logger="asyncio"):
            _abandon(loop, TimeoutError("Timeout"))
            _abandon(loop, ConnectionResetError("in <TCP (closed)>: Stream is closed"))
            _abandon(loop, ValueError("a real bug"))
    finally:
        loop.close()
    reported = [r.getMessage() + repr(r.exc_info) for r in caplog.records]
    assert any("a real bug" in text for text in reported), reported
    assert any("Timeout" in text for text in reported) != quiet, reported
    assert any("Stream is closed" in text for text in reported) != quiet, reported
