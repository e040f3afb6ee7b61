"""An entrant's name has one rule, for ``ladder add`` and for a contestant's account alike
(referee/ladder/names.py): among others, no name a browser folds out of ``/entrants/NAME``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ladder.conftest import make_ladder, one_error_line, quick, quick_ok


@pytest.mark.parametrize("name", [".", "..", " padded", "", "a\u202eb", "x" * 65])
def test_add_and_invite_refuse_the_same_names(tmp_path: Path, name: str) -> None:
    db = make_ladder(tmp_path, {})
    added = one_error_line(quick("add", db, name, "builtin:random", "--no-check"))
    invited = one_error_line(quick("invite", db, name))
    assert "an entrant's name" in added and "a contestant's name" in invited
    # the same reason, worded for each
    assert added.split("name", 1)[1] == invited.split("name", 1)[1]


def test_names_with_dots_inside_are_fine(tmp_path: Path) -> None:
    db = make_ladder(tmp_path, {})
    quick_ok("add", db, "v1.2", "builtin:random", "--no-check")
    quick_ok("invite", db, "...dots...")
