"""Text from bots is data: never rich markup, never a terminal command, never a Markdown column
or HTML. Real hostile bots say hello with hostile names and send a line of raw control
characters; every command that shows them must print them escaped, and keep working."""

from __future__ import annotations

import base64
import gzip
import json
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from referee.safetext import for_html, for_markdown, for_rich, for_terminal, is_clean
from tests.inputs.conftest import (
    BAD_LINE,
    ESCAPED_TITLE,
    SHORT_RULES,
    Run,
    assert_clean,
    hostile_bot,
    invoke,
    read_records,
    replays_in,
    run,
    run_in_terminal,
    shows_names_escaped,
    write_records,
)
from tests.requirements import need


def _hostile_match(folder: Path) -> list[str]:
    """A dice match of four hostile bots (one game, to 400: the names are the claim, not the
    game's length): its argv after ``thousand``."""
    bots = [
        hostile_bot(folder, "[/]", version="[bold red]x", author="\x1b[2J\x1b]0;pwned\x07"),
        hostile_bot(folder, "\x1b[2J\x1b]0;pwned\x07", version="|a|b|", bad_line=BAD_LINE),
        hostile_bot(folder, "<script>alert(1)</script>", author="\u202eevil"),
        hostile_bot(folder, "\u202eevil", version="[/]"),
    ]
    rules = folder / "short-rules.json"
    rules.write_text(json.dumps(SHORT_RULES), encoding="utf-8")
    return [
        "match",
        "--game",
        "dice",
        "--rules",
        str(rules),
        "--games",
        "1",
        "--seed",
        "1",
        "--replays",
        str(folder / "replays"),
        *bots,
    ]


@pytest.fixture(scope="module")
def hostile_match(tmp_path_factory: pytest.TempPathFactory) -> tuple[Run, Path]:
    """The hostile match, played once through a pipe (its report) and its replay, only read by
    the tests that show it."""
    folder = tmp_path_factory.mktemp("hostile")
    done = run(*_hostile_match(folder))
    assert done.returncode == 0, done.explain()
    (replay,) = replays_in(folder / "replays")
    return done, replay


@pytest.fixture(scope="module")
def hostile_replay(hostile_match: tuple[Run, Path]) -> Path:
    return hostile_match[1]


def test_safetext_escapes_each_kind_of_output() -> None:
    assert for_terminal("\x1b[2J\x1b]0;pwned\x07") == ESCAPED_TITLE
    assert for_terminal("a\u202eb\x9bc\x7fd\ne") == "a\\u202eb\\x9bc\\x7fd\\x0ae"
    assert for_rich("[/]") == "\\[/]"
    assert for_markdown("|a|b|").count("\\|") == 3
    assert "<" not in for_markdown("<script>") and "<" not in for_html("<script>")
    assert for_terminal("x" * 100, 10) == "x" * 9 + "…"


BIDI_AND_SEPARATORS = set(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029"
)


def test_every_control_surrogate_and_bidi_character_is_escaped_and_nothing_else() -> None:
    """Every code point: escaped exactly when it is a control (Cc), a lone surrogate (Cs), a bidi
    control or a line separator, as the Unicode database of this Python says."""
    wrong = []
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        unsafe = unicodedata.category(char) in ("Cc", "Cs") or char in BIDI_AND_SEPARATORS
        shown = for_terminal(f"a{char}b")
        expected = f"a\\x{code:02x}b" if code < 0x100 else f"a\\u{code:04x}b"
        if is_clean(char) == unsafe or shown != (expected if unsafe else f"a{char}b"):
            wrong.append(hex(code))
    assert wrong == [], wrong[:20]


def test_match_report_in_a_terminal_shows_names_as_text(tmp_path: Path) -> None:
    done = run_in_terminal(*_hostile_match(tmp_path))
    assert done.returncode == 0, done.explain()
    assert_clean(done)
    shows_names_escaped(done.stdout)


def test_match_report_in_a_pipe_shows_names_as_text(hostile_match: tuple[Run, Path]) -> None:
    done = hostile_match[0]
    assert_clean(done)
    shows_names_escaped(done.stdout)


def test_replay_show_prints_names_as_text(hostile_replay: Path) -> None:
    done = invoke("replay", "show", hostile_replay, "--no-step")
    assert done.returncode == 0, done.explain()
    assert_clean(done)
    shows_names_escaped(done.stdout)


def test_replay_show_steps_in_a_terminal_with_names_as_text(hostile_replay: Path) -> None:
    done = run_in_terminal("replay", "show", hostile_replay, keys="nnneq")
    assert done.returncode == 0, done.explain()
    assert_clean(done)
    assert ESCAPED_TITLE in done.stdout, done.stdout


def test_replay_summary_prints_names_as_text(hostile_replay: Path) -> None:
    done = invoke("replay", "summary", hostile_replay)
    assert done.returncode == 0, done.explain()
    assert_clean(done)
    shows_names_escaped(done.stdout)


def test_a_hand_edited_header_is_refused_as_text(dice_replay: Path, tmp_path: Path) -> None:
    """A replay is a file anyone can hand you: the header's names are not even from a hello
    (no 64-character cut, any JSON type). The referee writes names without control characters
    (as their escapes), so such a header is refused (tests/inputs/test_replay_readers.py), in
    a line that is itself clean."""
    records = read_records(dice_replay)
    records[0]["seats"][0]["name"] = "\x1b]8;;http://evil/\x07link\x1b]8;;\x07" * 10
    records[0]["seats"][1]["name"] = ["[/]", 7]
    path = write_records(tmp_path / "edited.jsonl", records)
    for argv in (["show", path, "--no-step"], ["summary", path], ["verify", path]):
        done = invoke("replay", *argv)
        assert done.returncode == 1, done.explain()
        assert_clean(done)


def test_bots_check_quotes_the_bad_line_escaped(tmp_path: Path) -> None:
    """In this process (issue 29): the claim is the report's text; the bot is a real process
    still, and the real program's report through a pipe is test_match_report_in_a_pipe's."""
    bot = hostile_bot(tmp_path, "\x1b[2J\x1b]0;pwned\x07", bad_line=BAD_LINE)
    done = invoke("bots", "check", bot, "--game", "dice", "--games", "1")
    assert done.returncode == 1, done.explain()  # the bad line is a problem
    assert_clean(done)
    assert "line: " in done.stdout and ESCAPED_TITLE in done.stdout, done.explain()


# ----------------------------------------------------------------------- the replay page


def _page_data(page: str) -> dict[str, object]:
    found = re.search(r'<script type="application/octet-stream" id="replay-data">([^<]*)<', page)
    assert found, "no data element in the page"
    data: dict[str, object] = json.loads(gzip.decompress(base64.b64decode(found.group(1).strip())))
    return data


def test_export_is_immune_to_a_name_holding_its_placeholders(
    dice_replay: Path, tmp_path: Path
) -> None:
    records = read_records(dice_replay)
    records[0]["seats"][0]["name"] = "__REPLAY_DATA__"
    records[0]["seats"][1]["name"] = "__REPLAY_TITLE__</title><script>alert(1)</script>"
    path = write_records(tmp_path / "named.jsonl", records)
    out = tmp_path / "page.html"
    done = invoke("replay", "export", path, "--html", out)
    assert done.returncode == 0, done.explain()
    page = out.read_text(encoding="utf-8")
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    assert title, page[:500]
    assert "__REPLAY_DATA__" in title.group(1) and "__REPLAY_TITLE__" in title.group(1)
    assert len(title.group(1)) < 300, "the data went into the title"
    assert "<script>alert(1)</script>" not in page
    assert _page_data(page)["names"] == [
        "__REPLAY_DATA__",
        "__REPLAY_TITLE__</title><script>alert(1)</script>",
    ]


def test_replay_page_in_a_browser_draws_names_as_text(dice_replay: Path, tmp_path: Path) -> None:
    """The page's own script puts names into the table with innerHTML: each must arrive as
    text. A real browser runs the page and the document it built is read back."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        need("chromium")
    records = read_records(dice_replay)
    records[0]["seats"][0]["name"] = "<img src=x onerror=\"document.title='pwned'\">"
    records[0]["seats"][1]["name"] = '</script><script>document.title="pwned"</script>'
    path = write_records(tmp_path / "named.jsonl", records)
    out = tmp_path / "page.html"
    assert invoke("replay", "export", path, "--html", out).returncode == 0
    done = subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=5000",
            "--dump-dom",
            out.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    dom = done.stdout
    assert "&lt;img src=x" in dom, dom[-2000:]  # the script ran and drew the names, as text
    assert "<img" not in dom
    title = re.search(r"<title>(.*?)</title>", dom, re.S)
    assert title and title.group(1).startswith("Тысяча"), "a name's script ran"
    assert dom.count("<script") == page_scripts(out.read_text(encoding="utf-8"))


def page_scripts(page: str) -> int:
    """How many script elements the page itself has."""
    return page.count("<script")
