"""A line already in a bot's pipe when the referee first asks for it, after its deadline, came
in time: start-up hellos are read one seat after another, so the second seat's hello is read
only once the first seat has used its whole start-up time (seen as a good bot's spurious
"startup" fault next to a bot that never says hello)."""

from __future__ import annotations

import shlex
import time
from pathlib import Path

from conftest import PY, assert_no_leftovers

from referee.players.botspec import parse_bot
from referee.players.process import BotProcess

WRITER = (
    "import sys, time; print('ready', flush=True); open(sys.argv[1], 'w').close(); time.sleep(60)"
)


def test_a_line_waiting_in_the_pipe_is_read_even_past_the_deadline(
    tmp_path: Path, marker: str
) -> None:
    written = tmp_path / "written"
    spec = parse_bot(shlex.join([PY, "-c", WRITER, str(written), marker]))
    process = BotProcess(spec, pid_namespace=False)
    process.start()
    try:
        deadline = time.monotonic() + 60
        while not written.exists():  # the line is in the pipe once the file is there
            assert time.monotonic() < deadline, "the bot never wrote its line"
            time.sleep(0.01)
        line, _ = process.read_line(0)  # no time left at all
        assert line.strip() == b"ready", line
    finally:
        process.stop(grace=0.5)
    assert_no_leftovers(marker)
