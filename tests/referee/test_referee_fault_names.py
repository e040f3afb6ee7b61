"""Faults named by their real cause: a program that cannot run says why, and a bot killed for its
memory after its output ended is a resource_limit, not a closed stdout (real bot processes)."""

from __future__ import annotations

from pathlib import Path

from conftest import FAST, PY, assert_no_leftovers, play_match, random_bot, run_match

from tests.requirements import requires


def test_a_program_that_cannot_run_says_why_and_the_match_says_it_never_played(
    tmp_path: Path, marker: str
) -> None:
    # Like an interpreter found through a shim whose real program is not there (pyenv's shims
    # under a sandbox that does not show ~/.pyenv): exit 127 at once, before any hello.
    shim = tmp_path / "shim"
    shim.write_text(f'#!/bin/sh\n# {marker}\nexec /nonexistent/libexec/pyenv exec python3 "$@"\n')
    shim.chmod(0o755)
    # In this process (play_match): the warning and the fault's detail are the claim.
    run = play_match([str(shim), random_bot(marker)], "--games", "3", *FAST)
    assert run.returncode == 3, run.explain()  # a bot that never played a game
    # Said once, as soon as the first game shows it, with the reason: not only at the end.
    warnings = [line for line in run.stderr.splitlines() if "could not start" in line]
    assert len(warnings) == 2, run.stderr  # the warning and the final error
    assert warnings[0].startswith("thousand: warning: bot 0") and "pyenv" in warnings[0]
    faults = [f for game in run.doc["games"] for f in game.get("faults", [])]
    details = [f["detail"] for f in faults]
    assert any("exited with code 127: its program could not be run" in d for d in details), details
    assert any("/nonexistent/libexec/pyenv" in d for d in details), details
    assert_no_leftovers(marker)


MEMORY_AFTER_EOF = """
import json, os, sys, time
print(json.dumps({"type": "hello", "name": "eof-then-memory", "protocol": 1}), flush=True)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "request":
        os.close(1)          # the output ends first ...
        time.sleep(0.3)      # ... and only then the memory limit kills the bot
        blocks = []
        while True:
            blocks.append(bytearray(16 << 20))
            for offset in range(0, len(blocks[-1]), 4096):
                blocks[-1][offset] = 1
"""


@requires("cgroup-memory")
def test_a_memory_kill_after_the_output_ended_is_a_resource_limit(
    tmp_path: Path, marker: str
) -> None:
    script = tmp_path / "eof_then_memory.py"
    script.write_text(MEMORY_AFTER_EOF)
    bot = f"{PY} {script} {marker}"
    run = run_match(
        [bot, random_bot(marker)],
        "--games",
        "1",
        "--memory",
        "64",
        "--time-per-move",
        "3",
        "--startup-time",
        "5",
        # The referee waits for the bot's exit after its output ended (up to 1 s by default):
        # widened so that the name does not depend on how loaded the machine is. The claim is
        # the name once the exit is seen, not how quickly a loaded kernel reaps the bot. The
        # referee reads it when it starts: the real program, not this process.
        env={"THOUSAND_SETTLE_SECONDS": "30"},
    )
    assert run.returncode == 0, run.explain()
    faults = [f for game in run.doc["games"] for f in game.get("faults", [])]
    kinds = [f["kind"] for f in faults]
    assert kinds == ["resource_limit"], faults
    assert "memory limit 64 MiB exceeded" in faults[0]["detail"], faults
    assert_no_leftovers(marker)
