"""Rules files, bot manifests and bot commands that are wrong in hostile ways: wrong types, deep
nesting, an unbalanced quote, NUL or '=' in an environment name, over-long words and file
names, a FIFO, a device, a huge file, a working folder outside the bot's own. Each must give one
`thousand: error:` line and a non-zero exit through the real command line: never a traceback,
a hang, or unbounded memory.

What the command says is the claim, so the cases run in-process, but all of them in one fresh
Python of their own (tests/inprocess.invoke_all) under a memory limit and a timeout: a hang or
a runaway allocation still fails the test instead of the test session, and one interpreter
starts instead of one per case."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import PY, RANDOM_BOT

from tests.inprocess import Invoked, invoke_all

Make = Callable[[Path], list[str]]
"""Builds the hostile input in a folder and returns the `thousand` arguments that use it."""


def _match(*words: str) -> list[str]:
    return ["match", "--game", "dice", "--games", "1", *words]


def _rules(text: str, suffix: str = ".json") -> Make:
    def make(folder: Path) -> list[str]:
        path = folder / f"rules{suffix}"
        path.write_text(text)
        return _match("--rules", str(path), "builtin:random", "builtin:random")

    return make


def _manifest(data: object, suffix: str = ".json", *, raw: str | None = None) -> Make:
    def make(folder: Path) -> list[str]:
        bot_folder = folder / "bot"
        bot_folder.mkdir()
        (bot_folder / "bot.py").write_text(RANDOM_BOT.read_text())
        path = bot_folder / f"manifest{suffix}"
        path.write_text(raw if raw is not None else json.dumps(data))
        return _match(str(path), "builtin:random")

    return make


def _special(kind: str) -> Make:
    def make(folder: Path) -> list[str]:
        if kind == "fifo":
            target = folder / "bot.json"
            os.mkfifo(target)
        elif kind == "huge":
            target = folder / "bot.json"
            with open(target, "wb") as handle:
                handle.write(b"[" * (8 << 20))
        else:
            target = folder / "bot.json"
            target.symlink_to("/dev/zero")
        return _match(str(target), "builtin:random")

    return make


def _rules_special(kind: str) -> Make:
    def make(folder: Path) -> list[str]:
        target = folder / "rules.json"
        if kind == "fifo":
            os.mkfifo(target)
        else:
            target.symlink_to("/dev/zero")
        return _match("--rules", str(target), "builtin:random", "builtin:random")

    return make


def _command(words: list[str]) -> Make:
    def make(folder: Path) -> list[str]:
        return _match(" ".join(words), "builtin:random")

    return make


DEEP = "[" * 100_000 + "]" * 100_000
LONG = "x" * 300  # one file-name component over the kernel's 255 bytes
CASES: dict[str, tuple[Make, str]] = {
    "rules: preset is a list": (_rules('{"preset": ["classic"]}'), "preset must be"),
    "rules: deep nesting": (_rules('{"max_deals": ' + DEEP + "}"), "rules"),
    "rules: deep nesting at the top": (_rules(DEEP), "rules"),
    "rules: a field of the wrong type": (_rules('{"max_deals": {"a": [1]}}'), "max_deals"),
    "rules: game is a list": (_rules('{"game": ["dice"]}'), "not dice rules"),
    "rules: unbalanced TOML quote": (_rules('preset = "classic', ".toml"), "not valid TOML"),
    "rules: a FIFO": (_rules_special("fifo"), "not a regular file"),
    "rules: /dev/zero": (_rules_special("zero"), "not a regular file"),
    "rules: a file name over 255 bytes": (
        lambda folder: _match("--rules", f"{folder}/{LONG}.json", "builtin:random", "x"),
        "rules file",
    ),
    "manifest: command is a number": (_manifest({"command": 7}), "command"),
    "manifest: deep nesting": (
        _manifest(None, raw='{"command": ' + "[" * 20_000 + "]" * 20_000 + "}"),
        "nested",
    ),
    "manifest: unbalanced quote": (
        _manifest({"command": 'python3 "bot.py'}),
        "cannot split the command",
    ),
    "manifest: NUL in an env name": (
        _manifest({"command": "python3 bot.py", "env": {"A\u0000B": "1"}}),
        "env",
    ),
    "manifest: '=' in an env name": (
        _manifest({"command": "python3 bot.py", "env": {"LD_PRELOAD=x": "1"}}),
        "env",
    ),
    "manifest: empty env name": (_manifest({"command": "python3 bot.py", "env": {"": "1"}}), "env"),
    "manifest: NUL in an argument": (_manifest({"command": ["python3", "bot.py\u0000x"]}), "NUL"),
    "manifest: an argument over 255 bytes": (
        _manifest({"command": ["python3", LONG + ".py"]}),
        "script not found",
    ),
    "manifest: a word over 4096 bytes": (
        _manifest({"command": ["python3", "bot.py", "y" * 5000]}),
        "longer than 4096 bytes",
    ),
    "manifest: cwd is the root": (_manifest({"command": "python3 bot.py", "cwd": "/"}), "cwd"),
    "manifest: cwd climbs out": (_manifest({"command": "python3 bot.py", "cwd": "../.."}), "cwd"),
    "manifest: cwd is /tmp": (_manifest({"command": "python3 bot.py", "cwd": "/tmp"}), "cwd"),
    "manifest: unbalanced TOML": (_manifest(None, ".toml", raw='command = "python3'), "not valid"),
    "manifest: a FIFO": (_special("fifo"), "not a regular file"),
    "manifest: /dev/zero": (_special("zero"), "not a regular file"),
    "manifest: 8 MiB": (_special("huge"), "larger than"),
    "command: unbalanced quote": (_command([PY, '"bot.py']), "cannot split"),
    "command: a script name over 255 bytes": (_command([PY, LONG + ".py"]), "not found"),
    "command: a program name over 255 bytes": (_command([f"./{LONG}"]), "not found"),
}


ADDRESS_SPACE = 2 << 30
"""Far above what the referee needs (~50 MB) for any of these inputs, far below what reading
8 MiB of nesting or /dev/zero without a bound would take."""


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Invoked]:
    """Every case, its hostile input built in a folder of its own, run once."""
    root = tmp_path_factory.mktemp("hostile")
    runs = {}
    for number, (case, (make, _)) in enumerate(CASES.items()):
        folder = root / f"case-{number}"
        folder.mkdir()
        runs[case] = (make(folder), folder)
    return invoke_all(runs, address_space=ADDRESS_SPACE, timeout=120)


@pytest.mark.parametrize("case", list(CASES))
def test_a_hostile_file_or_command_is_one_line(case: str, answers: dict[str, Invoked]) -> None:
    _, words = CASES[case]
    done = answers[case]
    assert done.returncode in (1, 2), (case, done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("thousand: error: "), done.stderr[-2000:]
    assert words.lower() in lines[0].lower(), lines[0]
    assert len(lines[0]) < 1000, lines[0][:300]
