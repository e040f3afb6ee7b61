"""The Python examples in the documentation run as written."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


@pytest.mark.parametrize("doc", ["docs/api.md"])
def test_python_examples_run(doc: str) -> None:
    blocks = BLOCK.findall((ROOT / doc).read_text(encoding="utf-8"))
    assert blocks, f"{doc} has no python example"
    for code in blocks:
        exec(compile(code, doc, "exec"), {"__name__": "docs_example"})


def test_readme_quick_start_is_two_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Quick start")
    block = text[start:].split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [line for line in block.splitlines() if line.strip()]
    assert len(commands) == 2
    # A Debian Python refuses `pip install` outside a virtual environment: both commands make
    # and use one.
    venv = "python3 -m venv .venv && . .venv/bin/activate && "
    assert commands[0].startswith(venv + "pip install . && thousand match")
    assert commands[1] == venv + "pip install '.[test]' && pytest"


def test_the_smallest_bot_in_protocol_md_plays_without_faults(tmp_path: Path) -> None:
    text = (ROOT / "protocol.md").read_text(encoding="utf-8")
    section = text[text.index("## Writing a bot: the smallest one") :]
    code = BLOCK.findall(section)[0]
    bot = tmp_path / "tiny.py"
    bot.write_text(code, encoding="utf-8")
    done = subprocess.run(
        [
            "thousand",
            "match",
            "--game",
            "dice",
            "--games",
            "2",
            "--seed",
            "1",
            "--json",
            f"{sys.executable} {bot}",
            "builtin:random",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["games_played"] == 2
    assert document["bots"][0]["faults"] == {}
    assert document["bots"][0]["name"] == "tiny"
