"""``thousand replay export --html``: the page, opened in a real headless Chromium.

The browser is driven over the DevTools protocol (tests/browser.py). Every console message of
level error, every uncaught exception and every request that is not a ``file:`` or ``data:``
address fails the test. What the page draws is checked against the engine's own views
(``load_frames``): the hands shown for the whole table and for one seat, the dice of a throw,
and that a seat's view shows no card of another seat's hand. Screenshots go to ``artefacts/``
(gitignored).

The card game is capped at 16 deals (about 480 steps; uncapped, random bots play to the
preset's 300-deal cap, 8,900 steps, and exporting it cost five seconds): the page is checked
step by step on a sample, and a longer game adds steps of the same kinds. The matches and the
command-line export run in this process (tests/inprocess.py): what they write and say.

Needs Debian's ``chromium`` package (``apt-get install -y chromium``); skipped without it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.replay.export import export_html
from referee.replay.frames import LoadedReplay, load_frames
from referee.replay.reader import ReplayError
from tests.browser import Page, launch
from tests.inprocess import invoke

ROOT = Path(__file__).resolve().parents[2]
ARTEFACTS = ROOT / "artefacts"


@pytest.fixture(scope="module")
def browser() -> Iterator[Page]:
    with launch() as page:
        yield page


# ------------------------------------------------------------------ replays and pages


CARD_DEALS = 16


def _match(folder: Path, game: str, bots: int) -> Path:
    """One game of built-in random bots (cards: ``CARD_DEALS`` deals at most), its replay."""
    rules: list[object] = []
    if game == "cards":
        rules_file = folder / "cards-rules.json"
        rules_file.write_text(json.dumps({"preset": "classic", "max_deals": CARD_DEALS}))
        rules = ["--rules", rules_file]
    done = invoke(
        ["match", "--game", game, *rules, "--games", 1, "--seed", 5, "--replays", folder]
        + ["builtin:random"] * bots,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    (replay,) = sorted(folder.glob("match-*/*.jsonl*"))  # the match's own folder
    return replay


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, LoadedReplay]:
    folder = tmp_path_factory.mktemp("cards")
    replay = _match(folder, "cards", 3)
    out = folder / "cards.html"
    # Through the command line once, as the organisers will run it.
    done = invoke(["replay", "export", replay, "--html", out], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert f"wrote {out}" in done.stdout
    return out, load_frames(replay)


@pytest.fixture(scope="module")
def dice(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, LoadedReplay]:
    folder = tmp_path_factory.mktemp("dice")
    replay = _match(folder, "dice", 2)
    out = export_html(replay, folder / "dice.html")
    return out, load_frames(replay)


HANDS_JS = """(() => {
  const out = {};
  for (const el of document.querySelectorAll('#table .seat')) {
    const hand = el.querySelector('.hand');
    out[el.dataset.seat] = {
      faces: hand ? [...hand.querySelectorAll('.card.face')].map(c => c.dataset.card) : [],
      backs: hand ? hand.querySelectorAll('.card.back').length : 0,
    };
  }
  return {
    seats: out,
    all_faces: [...document.querySelectorAll('.card.face')].map(c => c.dataset.card),
    step: document.documentElement.dataset.step,
    seat: document.documentElement.dataset.seat,
  };
})()"""


def _shown(page: Page, step: int, seat: int | None) -> dict[str, Any]:
    page.js(f"thousandViewer.setSeat({'null' if seat is None else seat})")
    page.js(f"thousandViewer.go({step})")
    shown: dict[str, Any] = page.js(HANDS_JS)
    assert shown["step"] == str(step)
    assert shown["seat"] == ("table" if seat is None else str(seat))
    return shown


def _public_cards(view: dict[str, Any]) -> set[str]:
    """Every card a seat's view names outside the hands (talon, trick, played, given...)."""
    cards = set(view.get("talon") or []) | set(view.get("played") or [])
    cards |= set(view.get("discards") or [])
    for key in ("trick", "last_trick", "given"):
        cards |= {t["card"] for t in view.get(key) or [] if t.get("card")}
    return cards


def _assert_no_errors(page: Page) -> None:
    page.flush()
    assert page.errors == [], page.errors
    outside = [u for u in page.requests if not u.startswith(("file:", "data:"))]
    assert outside == [], f"the page asked the network for {outside}"


# ------------------------------------------------------------------ tests


def test_cards_page_draws_the_engine_views(browser: Page, cards: tuple[Path, LoadedReplay]) -> None:
    out, loaded = cards
    frames = loaded.frames
    players = loaded.header.players
    browser.open(out.as_uri() + "#step=0&seat=table")
    assert browser.js("thousandViewer.steps") == len(frames)

    # Step 0: nothing dealt; after the deal every hand lies face up for the whole table.
    start = _shown(browser, 0, None)
    assert all(s["faces"] == [] for s in start["seats"].values())
    deal = next(f.index for f in frames if f.view(None).get("hands") and any(f.view(None)["hands"]))
    dealt = _shown(browser, deal, None)
    assert dealt != start

    rng = random.Random(5)
    picked = rng.sample(range(len(frames)), 14)
    sample = sorted({deal, deal + 1, deal + 5, len(frames) - 1, *picked})
    for step in sample:
        table = frames[step].view(None)
        shown = _shown(browser, step, None)
        for s in range(players):
            assert shown["seats"][str(s)]["faces"] == list(table["hands"][s]), (step, s)
        for seat in range(players):
            view = frames[step].view(seat)
            shown = _shown(browser, step, seat)
            assert shown["seats"][str(seat)]["faces"] == list(view["hand"]), (step, seat)
            known = set(view["hand"]) | _public_cards(view)
            assert set(shown["all_faces"]) <= known, (step, seat, set(shown["all_faces"]) - known)
            for other in range(players):
                if other == seat:
                    continue
                drawn = shown["seats"][str(other)]
                assert drawn["faces"] == [], (step, seat, other)
                assert drawn["backs"] == view["hand_sizes"][other], (step, seat, other)
                secret = set(table["hands"][other]) - _public_cards(view)
                assert not secret & set(shown["all_faces"]), (step, seat, other)

    # The controls: buttons step, the slider jumps, play moves on by itself, the address starts
    # the page at a step and a seat.
    assert len(frames) > 400, f"a game of random bots runs to the deal cap ({CARD_DEALS} deals)"
    middle = len(frames) // 2
    browser.js("thousandViewer.setSeat(null); thousandViewer.go(40)")
    browser.js("document.getElementById('b-next').click()")
    assert browser.js("thousandViewer.step") == 41
    browser.js("for (let i = 0; i < 2; i++) document.getElementById('b-prev').click()")
    assert browser.js("thousandViewer.step") == 39
    browser.js(
        f"const s = document.getElementById('slider'); s.value = '{middle}';"
        "s.dispatchEvent(new Event('input'))"
    )
    assert browser.js("thousandViewer.step") == middle
    browser.js("document.getElementById('speed').value = '60'")
    browser.js("document.getElementById('b-play').click()")
    # Play moves on by itself: wait until it has gone 6 steps (or 20 s), then pause it.
    browser.js(
        "new Promise(done => { const started = Date.now(); const t = setInterval(() => {"
        f" if (thousandViewer.step > {middle + 5} || Date.now() - started > 20000)"
        " { clearInterval(t); done(); } }, 20); })"
    )
    browser.js("document.getElementById('b-play').click()")
    assert browser.js("thousandViewer.step") > middle + 5
    browser.js("document.getElementById('b-nextunit').click()")
    after = browser.js("thousandViewer.step")
    assert frames[after].view(None)["deal"] == frames[after - 1].view(None)["deal"] + 1

    # The seat selector itself: choosing seat 2 turns the other hands face down.
    browser.js(
        "const v = document.getElementById('seat'); v.value = '2';"
        "v.dispatchEvent(new Event('change'))"
    )
    chosen = browser.js(HANDS_JS)
    assert chosen["seat"] == "2"
    assert chosen["seats"]["0"]["faces"] == chosen["seats"]["1"]["faces"] == []
    assert chosen["seats"]["2"]["faces"] == list(frames[after].view(2)["hand"])

    browser.open(out.as_uri() + "#step=60&seat=1")
    assert browser.js("[thousandViewer.step, document.getElementById('seat').value]") == [60, "1"]
    _assert_no_errors(browser)
    trick_step = next(f.index for f in frames[60:] if len(f.view(None).get("trick") or []) == 2)
    browser.js(f"thousandViewer.setSeat(null); thousandViewer.go({trick_step})")
    browser.screenshot(ARTEFACTS / "replay-export-cards-table.png")
    browser.js("thousandViewer.setSeat(1)")
    browser.screenshot(ARTEFACTS / "replay-export-cards-seat1.png")
    _assert_no_errors(browser)


def test_dice_page_draws_the_throws(browser: Page, dice: tuple[Path, LoadedReplay]) -> None:
    out, loaded = dice
    frames = loaded.frames
    browser.open(out.as_uri())
    assert browser.js("thousandViewer.steps") == len(frames)
    drawn_js = """(() => ({
      thrown: [...document.querySelectorAll('#table .throw .die')].map(d => +d.dataset.die),
      aside: [...document.querySelectorAll('#table .aside .die')].map(d => +d.dataset.die),
      scores: [...document.querySelectorAll('#table .seat')].map(s =>
        [+s.dataset.seat, +s.querySelector('.score').textContent]),
    }))()"""
    for step in sorted({1, 2, 3, 10, len(frames) // 2, len(frames) - 1}):
        view = frames[step].view(None)
        browser.js(f"thousandViewer.go({step})")
        drawn = browser.js(drawn_js)
        assert drawn["thrown"] == list(view["throw"] or []), step
        assert drawn["aside"] == list(view["set_aside"]), step
        assert sorted(drawn["scores"]) == [[s, x] for s, x in enumerate(view["scores"])], step
    throw = next(f.index for f in frames if f.view(None)["throw"] and f.view(None)["set_aside"])
    browser.js(f"thousandViewer.go({throw})")
    browser.screenshot(ARTEFACTS / "replay-export-dice.png")
    _assert_no_errors(browser)


def test_page_is_self_contained(cards: tuple[Path, LoadedReplay]) -> None:
    out, _ = cards
    page = out.read_text(encoding="utf-8")
    lowered = page.lower()
    for needle in ('src="http', "src='http", 'href="http', "href='http", "@import", "url(http"):
        assert needle not in lowered, needle
    assert "<script src" not in lowered
    assert "default-src 'none'" in page  # the page itself forbids any request


def test_export_errors_are_one_line(tmp_path: Path, dice: tuple[Path, LoadedReplay]) -> None:
    with pytest.raises(ReplayError, match="no such replay file"):
        export_html(tmp_path / "missing.jsonl", tmp_path / "out.html")
    bogus = tmp_path / "bogus.jsonl"
    bogus.write_text("hello\n")
    with pytest.raises(ReplayError, match="not JSON"):
        export_html(bogus, tmp_path / "out.html")
    replay = next((dice[0].parent).glob("match-*/*.jsonl*"))
    with pytest.raises(OSError, match="does not exist"):
        export_html(replay, tmp_path / "no" / "such" / "out.html")
    with pytest.raises(OSError, match="is a folder"):
        export_html(replay, tmp_path)
    done = invoke(
        ["replay", "export", tmp_path / "missing.jsonl", "--html", "x.html"], cwd=tmp_path
    )
    assert done.returncode != 0
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert not (tmp_path / "x.html").exists()


def test_incomplete_replay_is_drawn_and_flagged(
    browser: Page, dice: tuple[Path, LoadedReplay], tmp_path: Path
) -> None:
    """A referee killed mid-game leaves a .part file with a torn last line: the page shows
    the steps there are and says the game did not finish."""
    replay = next((dice[0].parent).glob("match-*/*.jsonl*"))
    lines = replay.read_bytes().splitlines(keepends=True)
    part = tmp_path / "game.jsonl.part"
    part.write_bytes(b"".join(lines[:40]) + lines[40][:25])
    out = export_html(part, tmp_path / "part.html")
    browser.open(out.as_uri() + "#step=999999")
    # The header and 39 whole steps: frames 0 (the empty table) to 39; the address asked for
    # a step past the end, the page stops at the last.
    assert browser.js("thousandViewer.step") == 39 == len(load_frames(part).frames) - 1
    banner = browser.js("document.getElementById('result').textContent")
    assert "incomplete" in banner
    _assert_no_errors(browser)
