"""Suite-wide: every replay any test wrote is verified against the engine when the session ends.

The replay issue asks for it: a referee change that writes a replay the engine would not
reproduce fails the suite even if no test looked at that file. Files a test broke on purpose
live under a folder named ``tampered``; partial ``.part`` files are incomplete by design.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from referee.replay.reader import ReplayError, ReplayReader
from referee.replay.verify import verify_file
from tests.bot_access import session_basetemp
from tests.requirements import need

# Property tests: the same examples on every CI run, and a failure printed with the blob that
# replays it (`@reproduce_failure(...)`); locally a fresh draw each run, to find what CI's fixed
# draw does not. No deadline in either: a property's speed is not its claim, and on a loaded
# 2-core machine under pytest-xdist a 200 ms deadline fails healthy code (speed lives in bench/).
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("dev", print_blob=True, deadline=None)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


def _written_replays(root: Path) -> Iterator[Path]:
    for pattern in ("*.jsonl", "*.jsonl.gz"):
        for path in root.rglob(pattern):
            if "tampered" not in path.parts and path.is_file():
                yield path


@pytest.fixture(scope="session", autouse=True)
def verify_every_replay_written(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    yield
    root = tmp_path_factory.getbasetemp()
    failures = []
    checked = 0
    for path in _written_replays(root):
        try:
            ReplayReader(path).close()
        except ReplayError:
            continue  # some other JSON Lines file (a bot's transcript, a deliberate bogus file)
        verdict = verify_file(path)
        checked += 1
        if not verdict.ok:
            failures.append(f"{path}: line {verdict.line}: {verdict.message}")
    if failures:
        pytest.fail(
            f"{len(failures)} of {checked} replays written by the suite do not verify:\n"
            + "\n".join(failures[:20]),
            pytrace=False,
        )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "requires(*needs): what the test needs of the machine (tests/requirements.py)"
    )
    # The controller (or a lone session) picks the folder; xdist hands each worker a subfolder.
    if config.option.basetemp is None and not hasattr(config, "workerinput"):
        chosen = session_basetemp()
        if chosen is not None:
            config.option.basetemp = str(chosen)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test's ``requires`` needs: skipped where unmet, failed under CI=true."""
    for mark in item.iter_markers("requires"):
        need(*mark.args)


def _forks_so_far() -> int:
    """Processes the machine has started since boot (the ``processes`` line of /proc/stat)."""
    for line in Path("/proc/stat").read_text().splitlines():
        if line.startswith("processes "):
            return int(line.split()[1])
    return 0


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """With ``THOUSAND_TEST_FORKS=FILE``, each test's count of processes started on the machine
    (setup, call and teardown) is appended to FILE as ``COUNT<TAB>NODEID``: where the suite's
    CPU goes is mostly in processes (bots, launchers, ``thousand``; docs/benchmarks.md), and
    this says which tests start them. Meant for ``-n 0`` on an idle machine (other workers'
    and the machine's own processes are counted too)."""
    record = os.environ.get("THOUSAND_TEST_FORKS")
    before = _forks_so_far() if record else 0
    yield
    if record:
        with open(record, "a", encoding="utf-8") as handle:
            handle.write(f"{_forks_so_far() - before}\t{item.nodeid}\n")
