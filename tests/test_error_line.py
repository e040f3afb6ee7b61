"""Every error a person can cause is one escaped line, ``thousand: error: …``, printed by one
function (referee/errors.py): eight places printed it, four without escaping what they quoted."""

from __future__ import annotations

import re
from pathlib import Path

from referee.errors import error_line
from tests.inprocess import invoke

ROOT = Path(__file__).resolve().parents[1]


def test_the_line_escapes_what_it_quotes() -> None:
    line = error_line("bot 'evil\x1b[2J\nname\u202e' failed")
    assert line.startswith("thousand: error: bot 'evil")
    assert "\x1b" not in line and "\n" not in line and "\u202e" not in line


def test_no_other_module_prints_the_error_line_itself() -> None:
    printers = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "referee").rglob("*.py"))
        if path.name != "errors.py"
        for number, text in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"""f?["']thousand: error: """, text)
    ]
    assert printers == [], printers


def test_a_command_error_quoting_a_hostile_name_stays_one_line() -> None:
    """``match`` refuses a bot it cannot find; the message quotes the bot as given."""
    done = invoke(["match", "--game", "dice", "--games", "1", "no-such\x1b[31m-bot\n.py", "b"])
    lines = done.stderr.strip().splitlines()
    assert done.returncode != 0 and len(lines) == 1, done
    assert lines[0].startswith("thousand: error: ") and "\x1b" not in done.stderr, done
