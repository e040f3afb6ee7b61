"""The replay page with the analysis (``thousand replay export --analysis``), in a real
headless Chromium: the probability-of-winning chart drawn from the analysis' line, the marked
decision a dot on it, its line in the step's description, and no error in the page."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.analysis.dice_table import BOT_FILE
from tests.analysis.test_analyse_dice import EXPERT, PLANTED, play
from tests.browser import Page, launch
from tests.inprocess import invoke

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def browser() -> Iterator[Page]:
    with launch() as page:
        yield page


def test_the_page_draws_the_line_and_the_mark(browser: Page, tmp_path: Path) -> None:
    script = tmp_path / "planted.py"
    script.write_text(PLANTED, encoding="utf-8")
    (game,) = play(tmp_path, [f"{sys.executable} {script} {BOT_FILE}", EXPERT], games=1, seed=1)
    page = tmp_path / "replay.html"
    done = invoke(["replay", "export", game, "--html", page, "--analysis"], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    plain = tmp_path / "plain.html"
    assert invoke(["replay", "export", game, "--html", plain], cwd=ROOT).returncode == 0

    browser.open(plain.as_uri() + "#step=0&seat=table")
    assert browser.js("document.getElementById('winchart').hidden") is True  # no analysis

    browser.open(page.as_uri() + "#step=0&seat=table")
    assert browser.js("document.getElementById('winchart').hidden") is False
    points = browser.js("document.getElementById('winline').getAttribute('points').split(' ')")
    assert len(points) > 50
    marks = browser.js("[...document.querySelectorAll('.winmark title')].map(t => t.textContent)")
    assert len(marks) == 1 and marks[0].endswith(": mistake")
    step = int(marks[0].split()[1].rstrip(":"))
    browser.js(f"thousandViewer.go({step})")
    assert "best stop" in browser.js("document.getElementById('desc').textContent")
    assert ": mistake (-" in browser.js("document.getElementById('desc').textContent")
    browser.flush()
    assert browser.errors == []
