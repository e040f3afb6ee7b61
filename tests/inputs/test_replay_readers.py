"""Replay readers trust nothing in a file: bounded lines and size (a gzip bomb is refused in
flat memory), only regular files (a FIFO does not hang them, /dev/zero does not fill memory),
one line for any damage (never a traceback), a killed match's gzipped ``.part`` file read as
incomplete, and no "OK" for a replay with lines after its result."""

from __future__ import annotations

import gzip
import json
import os
import random
import shutil
import subprocess
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cli.main import main
from referee.replay.reader import MAX_LINE, MAX_REPLAY
from tests.inprocess import invoke_all
from tests.inputs.conftest import (
    LONG_SEED,
    PY,
    Run,
    hostile_bot,
    invoke,
    make_replay,
    one_error_line,
    read_records,
    run,
    thousand,
    write_records,
)

COMMANDS = ("verify", "summary", "show", "export")
PEAK_RSS_LIMIT_KB = 200 * 1024

_RSS_WRAPPER = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], capture_output=True, timeout=120)\n"
    "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
    "sys.stdout.buffer.write(done.stdout)\n"
    "sys.stderr.buffer.write(done.stderr + f'\\nMAXRSS_KB={peak}\\n'.encode())\n"
    "sys.exit(done.returncode)\n"
)


def _argv(command: str, path: Path, out: Path) -> list[str]:
    if command == "show":
        return ["replay", "show", str(path), "--no-step"]
    if command == "export":
        return ["replay", "export", str(path), "--html", str(out)]
    return ["replay", command, str(path)]


def _measured(argv: list[str]) -> tuple[Run, int]:
    """Run ``thousand ARGV`` and return it with the peak RSS of its process, in KiB."""
    done = subprocess.run(
        [PY, "-c", _RSS_WRAPPER, *thousand(), *argv],
        capture_output=True,
        text=True,
        timeout=150,
        check=False,
    )
    head, _, tail = done.stderr.rpartition("\nMAXRSS_KB=")
    return Run(argv, done.returncode, done.stdout, head), int(tail.strip())


_CASES_CHILD = """
import json, os, resource, sys, traceback
from click.testing import CliRunner
from referee.cli.main import main

def case(argv):
    result = CliRunner().invoke(main, argv, catch_exceptions=True)
    err, error = result.stderr, result.exception
    if error is not None and not isinstance(error, SystemExit):
        err += "Traceback (most recent call last):\\n" + "".join(
            traceback.format_exception(type(error), error, error.__traceback__)
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return [result.exit_code, result.stdout, err, peak]

answers = []
for argv in json.load(sys.stdin):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        with os.fdopen(write, "w") as pipe:
            json.dump(case(argv), pipe)
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        answers.append(json.load(pipe))
    os.waitpid(pid, 0)
sys.stdout.write(json.dumps(answers))
"""


def _measured_in_one(cases: list[list[str]]) -> list[tuple[Run, int]]:
    """Each ``thousand ARGV`` of ``cases`` in a process of its own forked from ONE fresh
    interpreter that has imported the command (one start-up for them all, ~0.4 s each
    spared), each with its own peak RSS, in KiB: a forked child starts from the parent's
    pages, as a fresh process starts from its imports (within a few MB: library pages it
    never touches are not counted), and what one case held is never counted against the
    next (in one process it was: 335 MB after eleven cases, in CI)."""
    done = subprocess.run(
        [PY, "-c", _CASES_CHILD],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    answers = json.loads(done.stdout)
    return [
        (Run(["thousand", *argv], code, out, err), peak)
        for argv, (code, out, err, peak) in zip(cases, answers, strict=True)
    ]


# ------------------------------------------------------------------------ bombs and files


def _gzip_stream(path: Path, chunk: bytes, total: int, head: bytes = b"") -> Path:
    """``head`` then ``chunk`` repeated up to ``total`` bytes, gzipped, written in pieces so
    the test itself stays small. Level 1: a quarter of level 9's time, and still small on
    disk."""
    squeeze = zlib.compressobj(1, zlib.DEFLATED, 31)
    with open(path, "wb") as handle:
        handle.write(squeeze.compress(head))
        block = chunk * max(1, (1 << 20) // len(chunk))
        for _ in range(total // len(block)):
            handle.write(squeeze.compress(block))
        handle.write(squeeze.flush())
    return path


@pytest.fixture(scope="module")
def bombs(tmp_path_factory: pytest.TempPathFactory, dice_replay: Path) -> list[Path]:
    folder = tmp_path_factory.mktemp("bombs") / "tampered"  # the suite's end check skips these
    folder.mkdir()
    header = dice_replay.read_bytes().split(b"\n", 1)[0] + b"\n"
    step = b'{"n":1,"kind":"chance","action":{"type":"throw","dice":[1,2,3,4,5]},"events":[]}\n'
    # Each unpacks to more than PEAK_RSS_LIMIT_KB (a reader that held it whole would fail the
    # test) and to far more than MAX_LINE or MAX_REPLAY.
    return [
        # 512 MiB of zeros, no newline: one endless line (about 2 MB on disk).
        _gzip_stream(folder / "zeros.jsonl.gz", b"\0", 1 << 29),
        # A real header, then 512 MiB of zeros: an endless second line.
        _gzip_stream(folder / "header-zeros.jsonl.gz", b"\0", 1 << 29, header),
        # A real header, then short lines, 256 MiB of them: only the total bound stops it.
        _gzip_stream(folder / "many-lines.jsonl.gz", step, 1 << 28, header),
    ]


def test_gzip_bombs_are_refused_in_flat_memory(bombs: list[Path], tmp_path: Path) -> None:
    """Every reader on every bomb: the first case as the real program, a process measured
    alone; the other eleven each in a process forked from one fresh interpreter."""
    assert all(bomb.stat().st_size < 4 << 20 for bomb in bombs)
    # Held whole, each would pass the memory limit: the limit can fail.
    assert MAX_REPLAY < PEAK_RSS_LIMIT_KB << 10 < 1 << 28 and MAX_LINE * 100 < 1 << 29
    cases = [(command, bomb) for command in COMMANDS for bomb in bombs]
    argvs = [_argv(command, bomb, tmp_path / "page.html") for command, bomb in cases]
    measured = [_measured(argvs[0]), *_measured_in_one(argvs[1:])]
    for (command, bomb), (done, peak_kb) in zip(cases, measured, strict=True):
        assert done.returncode == 1, (command, bomb, done.stdout[-500:], done.stderr)
        assert "Traceback" not in done.stderr, (command, done.stderr)
        errors = [line for line in done.stderr.splitlines() if "error" in line]
        if command == "verify":  # verify reports on stdout, one line a file
            errors = [line for line in done.stdout.splitlines() if bomb.name in line]
        assert len(errors) == 1, (command, done.stdout[-500:], done.stderr)
        if "zeros" in bomb.name or command == "summary":  # the others stop at a bad step
            assert "MiB" in errors[0], (command, errors[0])
        assert peak_kb < PEAK_RSS_LIMIT_KB, f"{command} {bomb.name}: peak RSS {peak_kb} KiB"


def test_the_bounds_are_far_above_a_real_replay(tmp_path: Path) -> None:
    """Measured on a long game (``LONG_SEED``, 1,557 lines), not the short shared one."""
    replay = make_replay(tmp_path, seed=LONG_SEED, rules=None)
    longest = max(len(line) for line in replay.read_bytes().splitlines())
    assert longest * 100 < MAX_LINE
    assert replay.stat().st_size * 100 < MAX_REPLAY


ADDRESS_SPACE = 2 << 30
"""The bound of the interpreter that reads the special files: far above what a reader needs
(~50 MB), far below what reading /dev/zero without a bound would take."""


def test_special_files_are_refused_at_once(tmp_path: Path) -> None:
    """A FIFO and /dev/zero, named or met in a folder, are refused at once in one line, never
    read (the FIFO would hang a reader, /dev/zero fill its memory). Showing the FIFO runs the
    real program; every other case runs in one fresh interpreter (``invoke_all``) under a time
    and a memory bound, so a reader that hangs or fills its memory still fails the test."""
    folder = tmp_path / "replays"
    folder.mkdir()
    fifo = folder / "game-00000.jsonl"
    os.mkfifo(fifo)
    page = tmp_path / "p.html"
    cases = {
        (command, str(target)): _argv(command, target, page)
        for command in COMMANDS
        for target in (fifo, Path("/dev/zero"))
    }
    for command in ("verify", "summary"):  # a FIFO met in a folder is refused the same way
        cases[(command, "folder")] = ["replay", command, str(folder)]
    real = ("show", str(fifo))
    answers = {real: run(*cases[real], timeout=30)}
    rest = {" ".join(key): key for key in cases if key != real}
    invoked = invoke_all(
        {name: (cases[key], tmp_path) for name, key in rest.items()},
        env={"COLUMNS": "200"},
        address_space=ADDRESS_SPACE,
        timeout=120,
    )
    answers |= {key: Run(["thousand", *cases[key]], *invoked[name]) for name, key in rest.items()}
    for (command, target), done in answers.items():
        if target == "folder":
            assert done.returncode == 1, done.explain()
            assert "not a regular file" in done.stdout + done.stderr, done.explain()
            continue
        if command == "verify":  # a verdict a file, on stdout
            assert done.returncode == 1 and "Traceback" not in done.stderr, done.explain()
            line = done.stdout.strip()
        else:
            line = one_error_line(done)
        assert "not a regular file" in line and "\n" not in line, (command, target, line)


# ------------------------------------------------------------------- incomplete and extra


@pytest.fixture(scope="module")
def gzip_replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_replay(tmp_path_factory.mktemp("gz"), gzip=True)


def test_a_cut_gzip_part_file_reads_as_incomplete(gzip_replay: Path, tmp_path: Path) -> None:
    """What a killed referee leaves: the gzip stream stops mid-way, without its end."""
    data = gzip_replay.read_bytes()
    lines = gzip.decompress(data).count(b"\n")
    part = tmp_path / "game-00000.jsonl.gz.part"
    part.write_bytes(data[: len(data) * 2 // 3])
    done = invoke("replay", "verify", part)
    assert done.returncode == 1 and "incomplete" in done.stdout, done.explain()
    done = invoke("replay", "summary", "--json", part)
    assert done.returncode == 0, done.explain()
    summary = json.loads(done.stdout)
    assert summary["complete"] is False and 0 < summary["steps"] < lines
    done = invoke("replay", "show", part, "--no-step")
    assert done.returncode == 0 and "incomplete replay" in done.stdout, done.explain()
    done = invoke("replay", "export", part, "--html", tmp_path / "part.html")
    assert done.returncode == 0, done.explain()


def test_lines_after_the_result_fail_verify_at_that_line(dice_replay: Path, tmp_path: Path) -> None:
    records = read_records(dice_replay)
    (tmp_path / "tampered").mkdir()
    path = write_records(tmp_path / "tampered" / "extra.jsonl", [*records, records[1]])
    done = invoke("replay", "verify", path)
    assert done.returncode == 1, done.explain()
    assert f"line {len(records) + 1}" in done.stdout, done.explain()
    assert "after the result" in done.stdout, done.explain()
    done = invoke("replay", "summary", path)
    assert done.returncode == 1 and f"line {len(records) + 1}" in done.stderr, done.explain()


def _refusal(command: str, done: Run) -> str:
    """The one line that refuses a file: verify's verdict on stdout (one a file, the last
    line), any other command's single error line."""
    if command == "verify":
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.explain()
        return done.stdout.strip().splitlines()[-1]
    return one_error_line(done)


_AFTER_THE_RESULT: dict[str, bytes] = {
    "a step": b'{"kind": "chance", "action": {"type": "throw", "dice": [1]}, "events": []}\n',
    "a second result": b"RESULT",
    "a blank line": b"\n",
    "a torn line": b'{"kind": "mo',
}


@pytest.mark.parametrize("extra", _AFTER_THE_RESULT)
@pytest.mark.parametrize("command", COMMANDS)
def test_every_reader_refuses_lines_after_the_result(
    command: str, extra: str, dice_replay: Path, tmp_path: Path
) -> None:
    """A finished game ends at its result: one reader decides so for show, export, summary
    and verify alike (show and export drew the game and ignored what followed)."""
    data = dice_replay.read_bytes()
    result_line = data.rstrip(b"\n").rsplit(b"\n", 1)[1] + b"\n"
    tail = _AFTER_THE_RESULT[extra].replace(b"RESULT", result_line)
    (tmp_path / "tampered").mkdir()
    path = tmp_path / "tampered" / "extra.jsonl"
    path.write_bytes(data + tail)
    line_number = data.count(b"\n") + 1
    done = invoke(*_argv(command, path, tmp_path / "page.html"))
    line = _refusal(command, done)
    if command != "verify":
        assert not (tmp_path / "page.html").exists()
    assert path.name in line and f"line {line_number}" in line, line
    assert "after the result line" in line, line


_JUNK_HEADERS: dict[str, tuple[str, Any]] = {
    "a name that is a list": ("name", ["[/]", 7]),
    "a name that is a number": ("name", 12),
    "a name that is null": ("name", None),
    "no name": ("name", "<absent>"),
    "an empty name": ("name", ""),
    "a name with escape sequences": ("name", "\x1b]8;;http://evil/\x07link\x1b]8;;\x07"),
    "a name with a bidi override": ("name", "\u202eevil"),
    "a name with a newline": ("name", "alice\nthousand: OK"),
    "a huge name": ("name", "n" * 100_000),
    "a string player count": ("players", "2"),
    "a float player count": ("players", 2.0),
    "a boolean player count": ("players", True),
    "seats that are names": ("seats", ["alice", "bob"]),
}


@pytest.mark.parametrize("junk", _JUNK_HEADERS)
@pytest.mark.parametrize("command", COMMANDS)
def test_junk_in_the_header_is_refused_by_every_reader(
    command: str, junk: str, dice_replay: Path, tmp_path: Path
) -> None:
    """Seat names are the header's text that every display shows: of the wrong type, with
    control characters or huge, they are not a replay this referee wrote (it writes names made
    safe, see the next test) and each command says so in one line naming line 1."""
    records = read_records(dice_replay)
    key, value = _JUNK_HEADERS[junk]
    if key == "name":
        if value == "<absent>":
            del records[0]["seats"][0]["name"]
        else:
            records[0]["seats"][0]["name"] = value
    else:
        records[0][key] = value
    (tmp_path / "tampered").mkdir()
    path = write_records(tmp_path / "tampered" / "junk.jsonl", records)
    done = invoke(*_argv(command, path, tmp_path / "page.html"))
    line = _refusal(command, done)
    if command == "verify":
        assert "OK" not in line, line
    assert path.name in line and "line 1" in line, line
    assert len(line) < 300 and "\x1b" not in line and "\u202e" not in line, line


@pytest.mark.parametrize("version", [[], {"v": 1}, "1", 1.0, True, None])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_format_version_of_any_shape_is_one_line(
    command: str, version: Any, dice_replay: Path, tmp_path: Path
) -> None:
    """A list or an object as the version crashed every reader (unhashable, tested against
    the set of versions it reads)."""
    records = read_records(dice_replay)
    records[0]["version"] = version
    (tmp_path / "tampered").mkdir()
    path = write_records(tmp_path / "tampered" / "version.jsonl", records)
    line = _refusal(command, invoke(*_argv(command, path, tmp_path / "page.html")))
    assert path.name in line and "format version" in line, line


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder the bots' user can read: a root referee runs them as ``nobody``, and pytest's
    own folders are root's alone."""
    folder = Path(tempfile.mkdtemp(prefix="thousand-hostile-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


def test_the_referee_writes_hostile_names_as_a_replay_it_reads(
    open_folder: Path, tmp_path: Path
) -> None:
    """A bot's hello may carry control characters; the replay holds them as their visible
    escapes (what every display showed anyway), so the referee's own replay verifies."""
    bot = hostile_bot(open_folder, "\x1b[2J\x1b]0;pwned\x07\u202eevil")
    replay = make_replay(tmp_path / "replays", bot)
    name = read_records(replay)[0]["seats"][0]["name"]
    assert name == "\\x1b[2J\\x1b]0;pwned\\x07\\u202eevil", name
    done = invoke("replay", "verify", replay)
    assert done.returncode == 0 and ": OK" in done.stdout, done.explain()


# ----------------------------------------------------------------------------- wrong shape

_VALUES: list[Any] = [
    None,
    True,
    0,
    -1,
    99,
    2**62,
    1.5,
    "",
    "x",
    "\x1b[2J",
    [],
    [1, "a"],
    [[[]]],
    {},
    {"type": "throw"},
]


def _mutate(records: list[Any], rng: random.Random) -> bytes:
    """One deterministic damage to a replay's records, as the file's bytes."""
    records = json.loads(json.dumps(records))
    how = rng.randrange(9)
    index = rng.randrange(len(records))
    record = records[index]
    if how <= 2 and isinstance(record, dict) and record:
        key = rng.choice(sorted(record))
        if how == 2 and isinstance(record[key], dict | list) and record[key]:
            inner = record[key]
            slot = (
                rng.choice(sorted(inner)) if isinstance(inner, dict) else rng.randrange(len(inner))
            )
            inner[slot] = rng.choice(_VALUES)
        else:
            record[key] = rng.choice(_VALUES)
    elif how == 3 and isinstance(record, dict) and record:
        del record[rng.choice(sorted(record))]
    elif how == 4:
        records[index] = rng.choice(_VALUES)
    elif how == 5:
        records.insert(index, records[rng.randrange(len(records))])
    elif how == 6:
        del records[index]
    text = "".join(json.dumps(r) + "\n" for r in records).encode()
    if how == 7:
        cut = rng.randrange(len(text))
        text = text[:cut] + rng.choice([b"", b"\xff\xfe", b"[" * 5000, b"\n\n", b"{"]) + text[cut:]
    elif how == 8:
        text = text[: rng.randrange(len(text))]
    return text


@pytest.fixture(scope="module")
def mutants(tmp_path_factory: pytest.TempPathFactory, dice_replay: Path) -> list[Path]:
    folder = tmp_path_factory.mktemp("mutants") / "tampered"
    folder.mkdir()
    records = read_records(dice_replay)
    paths = []
    for seed in range(120):
        path = folder / f"mutant-{seed:03d}.jsonl"
        path.write_bytes(_mutate(records, random.Random(seed)))
        paths.append(path)
    return paths


def test_verify_and_summary_of_damaged_replays_never_crash(mutants: list[Path]) -> None:
    """Every damaged file in one run of each command (real processes, with a time limit)."""
    folder = mutants[0].parent
    done = run("replay", "verify", "--json", folder, timeout=300)
    assert "Traceback" not in done.stderr, done.explain()
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(verdicts) == len(mutants)
    assert not all(v["ok"] for v in verdicts)
    for verdict in verdicts:
        assert "\n" not in verdict["message"]
    done = run("replay", "summary", folder, timeout=300)
    assert "Traceback" not in done.stderr, done.explain()
    for line in done.stderr.splitlines():
        assert line.startswith("thousand: error: ") and "mutant-" in line, line


def _in_process(argv: list[str]) -> tuple[int, str, BaseException | None]:
    result = CliRunner().invoke(main, argv, catch_exceptions=True)
    error = result.exception if not isinstance(result.exception, SystemExit) else None
    return result.exit_code, result.stderr, error


def _check_one(path: Path, out: Path) -> None:
    for command in COMMANDS:
        code, stderr, error = _in_process(_argv(command, path, out))
        assert error is None, f"{command} {path.name}: {type(error).__name__}: {error}"
        assert code in (0, 1), (command, path.name, code, stderr)
        if code == 1 and command != "verify":
            lines = stderr.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("thousand: error: "), (command, stderr)
            assert path.name in lines[0], (command, lines[0])


def test_show_and_export_of_damaged_replays_give_one_line(
    mutants: list[Path], tmp_path: Path
) -> None:
    for path in mutants:
        _check_one(path, tmp_path / "page.html")


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_wrong_shapes_anywhere_give_one_line(
    data: st.DataObject, dice_replay: Path, tmp_path: Path
) -> None:
    """Valid JSON of the wrong shape at any key of any line: one line, never a traceback."""
    records = read_records(dice_replay)
    index = data.draw(st.integers(0, len(records) - 1))
    record = records[index]
    key: Any = data.draw(st.sampled_from(sorted(record)))
    target: Any = record
    if isinstance(record[key], dict | list) and record[key] and data.draw(st.booleans()):
        target = record[key]
        key = data.draw(
            st.sampled_from(sorted(target))
            if isinstance(target, dict)
            else st.integers(0, len(target) - 1)
        )
    target[key] = data.draw(_JSON)
    (tmp_path / "tampered").mkdir(exist_ok=True)
    path = write_records(tmp_path / "tampered" / "shaped.jsonl", records)
    _check_one(path, tmp_path / "page.html")


def test_folders_given_as_files_are_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "game.jsonl"
    folder.mkdir()
    for command in ("show", "export"):
        done = invoke(*_argv(command, folder, tmp_path / "p.html"))
        assert done.returncode != 0 and "Traceback" not in done.stderr, done.explain()
        assert len(done.stderr.strip().splitlines()) == 1, done.explain()
