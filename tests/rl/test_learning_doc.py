"""docs/learning.md says what the code does: its examples run, its observation tables are the
encoders' own layouts, and the curves it shows are committed beside it."""

from __future__ import annotations

import re
from pathlib import Path

from thousand.rl import cards_layout, dice_actions, dice_layout

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "learning.md"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def test_the_examples_run() -> None:
    blocks = BLOCK.findall(DOC.read_text(encoding="utf-8"))
    assert len(blocks) == 2
    for code in blocks:
        exec(compile(code, str(DOC), "exec"), {"__name__": "docs_example"})


def test_the_observation_tables_are_the_layouts() -> None:
    text = DOC.read_text(encoding="utf-8")
    for layout in (cards_layout.LAYOUT, dice_layout.LAYOUT):
        assert layout.markdown() in text
    assert f"## The card observation ({cards_layout.LAYOUT.size} numbers)" in text
    assert f"## The dice observation ({dice_layout.LAYOUT.size} numbers)" in text
    assert f"({dice_actions.ACTIONS} indices)" in text


def test_the_pictures_it_shows_are_committed() -> None:
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", DOC.read_text(encoding="utf-8"))
    assert pictures
    for picture in pictures:
        assert (DOC.parent / picture).is_file(), picture
