"""Every error a person can cause is one escaped line, ``thousand: error: …``, printed by one
function (referee/errors.py): eight places printed it, four without escaping what they quoted.
Warnings likewise, ``thousand: warning: …`` (sixteen places, eight without escaping)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from referee.errors import error_line, warning_line
from tests.inprocess import invoke

ROOT = Path(__file__).resolve().parents[1]


def test_the_line_escapes_what_it_quotes() -> None:
    line = error_line("bot 'evil\x1b[2J\nname\u202e' failed")
    assert line.startswith("thousand: error: bot 'evil")
    assert "\x1b" not in line and "\n" not in line and "\u202e" not in line


def test_the_warning_escapes_what_it_quotes() -> None:
    line = warning_line("entrant 'evil\x1b[2J\nname\u202e' cannot start")
    assert line.startswith("thousand: warning: entrant 'evil")
    assert "\x1b" not in line and "\n" not in line and "\u202e" not in line


@pytest.mark.parametrize("kind", ["error", "warning"])
def test_no_other_module_prints_the_line_itself(kind: str) -> None:
    printers = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "referee").rglob("*.py"))
        if path.name != "errors.py"
        for number, text in enumerate(path.read_text().splitlines(), 1)
        if re.search(rf"""f?["']thousand: {kind}: """, text)
    ]
    assert printers == [], printers


def test_a_command_error_quoting_a_hostile_name_stays_one_line() -> None:
    """``match`` refuses a bot it cannot find; the message quotes the bot as given."""
    done = invoke(["match", "--game", "dice", "--games", "1", "no-such\x1b[31m-bot\n.py", "b"])
    lines = done.stderr.strip().splitlines()
    assert done.returncode != 0 and len(lines) == 1, done
    assert lines[0].startswith("thousand: error: ") and "\x1b" not in done.stderr, done


def test_a_warning_quoting_a_hostile_bot_stays_one_line(tmp_path: Path) -> None:
    """A bot whose hello names a protocol holding an escape, a bidi override and a newline: the
    match warns that it could not start, quoting what it said, on one escaped line."""
    bot = tmp_path / "bot.py"
    bot.write_text(
        "import sys\n"
        'print(\'{"type": "hello", "name": "x", \'\n'
        '      \'"protocol": "9\\\\u001b[2J\\\\u202eevil\\\\nline"}\', flush=True)\n'
        "sys.stdin.readline()\n"
    )
    argv = ["match", "--game", "dice", "--games", "1", "--sandbox", "none"]
    done = invoke([*argv, "--logs", tmp_path / "logs", f"{sys.executable} {bot}", "builtin:random"])
    (warning,) = [line for line in done.stderr.splitlines() if ": warning: " in line]
    assert warning.startswith("thousand: warning: bot 0 (bot) could not start: "), done
    assert "evil" in warning and "line" in warning, done
    assert "\x1b" not in done.stderr and "\u202e" not in done.stderr, done
    assert all(line.startswith("thousand: ") for line in done.stderr.splitlines()), done


def test_an_error_a_command_did_not_say_is_one_line_and_a_bug_a_traceback() -> None:
    """The top group catches ThousandError (what a person, bot or file caused) and nothing
    else: a command that forgot to catch its own still prints one escaped line, exit 1, while a
    KeyError — a bug — keeps its traceback."""
    import click

    from referee.cli.main import main
    from referee.ladder.store import LadderError

    @click.command()
    def forgot() -> None:
        raise LadderError("the ladder \x1b[2Jx.db\nis odd")

    @click.command()
    def buggy() -> None:
        raise KeyError("seat")

    main.add_command(forgot, "test-forgot")
    main.add_command(buggy, "test-buggy")
    try:
        said = invoke(["test-forgot"])
        broke = invoke(["test-buggy"])
    finally:
        main.commands.pop("test-forgot")
        main.commands.pop("test-buggy")
    assert said.returncode == 1
    assert said.stderr.splitlines() == [error_line("the ladder \x1b[2Jx.db\nis odd")]
    assert "\x1b" not in said.stderr and "Traceback" not in said.stderr
    assert broke.returncode == 1 and "Traceback" in broke.stderr and "KeyError" in broke.stderr
