"""The Python examples in the documentation run as written."""

from __future__ import annotations

import re
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
    assert commands[0].startswith("pip install . && thousand match")
    assert commands[1] == "pip install '.[test]' && pytest"
