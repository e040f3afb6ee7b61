"""The expected-score line of a card game: each seat's expected score of the deal after each of
its sampled decisions, in the JSON, under each step of ``thousand replay show --analysis``, and
as a chart on the replay page (``replay export --analysis``, in a real headless Chromium), with
a hostile seat name escaped everywhere it is shown."""

from __future__ import annotations

import json
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import jsonschema
import pytest

from referee.analysis.report import analysis_schema
from tests.analysis.test_analyse_cards import cut, records
from tests.analysis.test_analyse_dice import page_data
from tests.browser import Page, launch
from tests.inprocess import invoke

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = '<img src=x onerror="window.hacked=1">[red]rich[/red]'


@pytest.fixture(scope="module")
def first_deal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A card game of three random bots up to its twelfth play (the first deal's bidding,
    talon, contract and plays), seat 0 renamed to a hostile name."""
    folder = tmp_path_factory.mktemp("line")
    argv = ["match", "--game", "cards", "--games", "1", "--seed", "21", "--replays", folder,
            *(["builtin:random"] * 3)]  # fmt: skip
    done = invoke(argv, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    (path,) = folder.glob("match-*/game-*.jsonl")
    lines = records(path)
    lines[0]["seats"][0]["name"] = HOSTILE
    plays = [r["n"] for r in lines if (r.get("action") or {}).get("type") == "play"]
    return cut(lines, plays[11], folder, "first-deal")


@pytest.fixture(scope="module")
def browser() -> Iterator[Page]:
    with launch() as page:
        yield page


def test_the_line_is_each_seats_value_after_its_sampled_decisions(first_deal: Path) -> None:
    done = invoke(["analyse", "--json", "--budget-ms", "20", first_deal], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    jsonschema.validate(document, analysis_schema())
    (game,) = document["games"]
    sampled = [d for d in game["decisions"] if any(o["samples"] for o in d["options"])]
    line = game["score_line"]
    assert [(p["step"], p["seat"], p["value"]) for p in line] == [
        (d["step"], d["seat"], d["value_chosen"]) for d in sampled
    ]
    assert {p["seat"] for p in line} == {0, 1, 2} and {p["deal"] for p in line} == {1}
    assert all(p["samples"] > 0 and p["stderr"] >= 0 for p in line)
    forced = [d for d in game["decisions"] if d not in sampled]
    assert forced and not {d["step"] for d in forced} & {p["step"] for p in line}


def test_replay_show_prints_the_line_escaped(first_deal: Path) -> None:
    argv = ["replay", "show", first_deal, "--analysis", "--no-step", "--seat", "0"]
    shown = invoke(argv, cwd=ROOT)
    assert shown.returncode == 0, shown.stderr
    text = " ".join(shown.stdout.split())
    assert text.count("expected deal score:") > 5
    # the name as written, not as rich's markup
    assert f"expected deal score: {HOSTILE} " in text


def test_the_page_draws_a_line_per_seat(first_deal: Path, browser: Page, tmp_path: Path) -> None:
    page = tmp_path / "replay.html"
    done = invoke(["replay", "export", first_deal, "--html", page, "--analysis"], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    chart = page_data(page)["analysis"]
    assert chart["unit"] == "points" and [seat for seat, _ in chart["lines"]] == [0, 1, 2]
    browser.open(page.as_uri() + "#step=0&seat=table")
    assert browser.js("document.getElementById('winchart').hidden") is False
    assert "Expected score" in browser.js("document.getElementById('wintitle').textContent")
    lines = browser.js("[...document.querySelectorAll('.scoreline')].map(l => l.dataset.seat)")
    assert lines == ["0", "1", "2"]
    points = browser.js("document.querySelector('.scoreline').getAttribute('points').split(' ')")
    assert len(points) == len(chart["lines"][0][1]) > 1
    legend = browser.js("document.getElementById('winlegend').textContent")
    assert "<img" in legend and browser.js("window.hacked === undefined")
    assert browser.js("document.querySelectorAll('#winchart img').length") == 0
    browser.flush()
    assert browser.errors == []


def test_the_analysis_page_draws_the_line_too(first_deal: Path, tmp_path: Path) -> None:
    """``thousand analyse --html``'s page (no script): a line per seat, read by an HTML parser
    as a browser reads it; the hostile name is text, no element."""
    page = tmp_path / "analysis.html"
    done = invoke(["analyse", first_deal, "--budget-ms", "20", "--html", page], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    tags = Tags()
    tags.feed(page.read_text(encoding="utf-8"))
    assert tags.found.count(("polyline", "scoreline")) == 3
    assert not [tag for tag, _ in tags.found if tag == "img"]
    assert HOSTILE in "".join(tags.text)


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs).get("class") or ""))

    def handle_data(self, data: str) -> None:
        self.text.append(data)
