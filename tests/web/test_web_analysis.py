"""The server's background analysis of each recorded game (issue 32), over a real ``ladder
serve``: a real two-player classic dice ladder (the dice expert against the example bot under
a hostile announced name, its entrant renamed by a hostile contestant), real bot processes,
real SQLite, real HTTP and a real headless Chromium.

What is checked: a recorded game becomes analysed, once, by the server's analyser process,
and its page and API show it (the API's document is ``thousand analyse --json``'s for that
replay, validated against docs/analysis.schema.json by an independent validator); before,
"analysis pending"; the analysis never runs on the match path (the analyser held stopped, the
matches are still recorded; it is another process than the match loop's and runs at nice 19);
a restart analyses the rest and redoes nothing; every hostile name is escaped.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from referee.ladder import analyses, store
from referee.ladder.contest import CLOCK_ENV
from tests.browser import Page
from tests.inputs.conftest import RAW_CONTROLS
from tests.ladder.conftest import ROOT, counts, make_ladder, ok, py_bot, thousand, wait_until
from tests.web.conftest import Server, assert_clean_page, copy_ladder, start_server, wait_for

EXPERT = ROOT / "bots" / "dice_expert.py"
HOSTILE_BOT = Path(__file__).resolve().parent / "bots" / "hostile_dice.py"
HOSTILE_ENTRANT = "<script>alert(1)</script>\x1b]0;pwned\x07\u202eevil"
"""The entrant's name a hostile contestant chose (written directly, as the example ladder's
hostile names are: ``ladder add`` refuses control characters)."""
SCRIPT = "<script>alert(1)</script>"
SCHEMA = json.loads((ROOT / "docs" / "analysis.schema.json").read_text(encoding="utf-8"))
MATCHES = 2
GAMES = 2 * MATCHES  # a two-player ladder match is a duplicate pair of games
ARTEFACTS = ROOT / "artefacts"


def duel_ladder(folder: Path) -> Path:
    """The expert against the hostile relay of the example bot, classic rules, no match yet."""
    db = make_ladder(
        folder,
        {"expert": py_bot(EXPERT), "hostile": py_bot(HOSTILE_BOT)},
        players=2,
        rules=None,
        seed=2026,
    )
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("UPDATE entrants SET name = ? WHERE name = 'hostile'", (HOSTILE_ENTRANT,))
    return db


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The duel ladder with ``MATCHES`` matches recorded (by ``ladder run``), none analysed:
    read only, copied by each test."""
    db = duel_ladder(tmp_path_factory.mktemp("analysis-played"))
    ok("run", db, "--matches", MATCHES, timeout=240)
    return db


def rows(db: Path) -> list[sqlite3.Row]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30.0)
    conn.row_factory = sqlite3.Row
    try:
        return conn.execute(
            "SELECT kind, match_id, game, status, analysed, worker FROM analyses "
            "ORDER BY match_id, game"
        ).fetchall()
    finally:
        conn.close()


def children(pid: int) -> dict[int, str]:
    """The processes whose parent is ``pid``, with their command lines."""
    found: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        parent = next(line for line in status.splitlines() if line.startswith("PPid:"))
        if int(parent.split()[1]) == pid:
            found[int(entry.name)] = cmdline
    return found


def child_running(server: Server, marker: str) -> int:
    """The server's child process whose command line holds ``marker``, once it is there."""
    found: list[int] = []

    def there() -> bool:
        found[:] = [pid for pid, line in children(server.process.pid).items() if marker in line]
        return len(found) == 1

    wait_until(there, 30, f"the server's child {marker!r}")
    return found[0]


def analyser(server: Server) -> int:
    return child_running(server, "multiprocessing.spawn")


def niceness(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return int(fields[16])


def analysed_json(server: Server, match: int, game: int) -> dict[str, Any]:
    return analysed_json_at(server, f"/api/games/{match}/analysis/{game}")


@pytest.fixture
def copied(played: Path, tmp_path: Path) -> Path:
    return copy_ladder(played, tmp_path)


# ---------------------------------------------------------------------------------- tests


def test_a_recorded_game_is_analysed_and_shown(
    copied: Path, serve: Callable[..., Server], tmp_path: Path
) -> None:
    server = serve(copied)
    worker = analyser(server)
    wait_until(lambda: len(rows(copied)) == GAMES, 60, "every game analysed")
    found = rows(copied)
    assert [(r["match_id"], r["game"]) for r in found] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert {r["status"] for r in found} == {"done"}
    # Analysed by the server's analyser, a process of its own at the lowest priority.
    assert {r["worker"] for r in found} == {worker} and worker != server.process.pid
    assert niceness(worker) == 19 and os.sched_getscheduler(worker) == os.SCHED_IDLE
    for match, game in [(1, 1), (1, 2), (2, 1), (2, 2)]:
        document = analysed_json(server, match, game)
        jsonschema.Draft202012Validator(SCHEMA).validate(document)
        (analysis,) = document["games"]
        assert analysis["file"] == f"match-{match}-game-{game}.jsonl"
        assert analysis["basis"] == "abstracted" and analysis["curve"]
        # The same numbers as `thousand analyse --json` on the game's replay.
        folder = copied.parent / "ladder.db.files" / "replays" / f"match-{match:06d}"
        replay = sorted(folder.glob("game-*.jsonl*"))
        alone = json.loads(ok_analyse(replay[game - 1]))["games"][0]
        assert analysis["decisions"] == alone["decisions"]
        assert [s["mean_loss"] for s in analysis["seats"]] == [
            s["mean_loss"] for s in alone["seats"]
        ]
        # The seats named by their entrants, the announced name as a detail.
        assert any(name.startswith("expert (dice-expert)") for name in analysis["names"])
        expert = next(s for s in analysis["seats"] if s["name"].startswith("expert"))
        assert expert["mean_loss"] < 0.001 and expert["blunders"] == 0
        assert str(tmp_path) not in json.dumps(document)  # no path of the server's disk
    page = server.get("/games/1?game=2").text
    assert 'data-analysis="done"' in page and 'id="accuracy"' in page
    assert 'id="costliest"' in page or "No decision lost anything." in page
    assert 'src="/games/1/analysis/2"' in page
    framed = server.get("/games/1/analysis/2")
    assert framed.status_code == 200 and "<polyline" in framed.text
    policy = framed.headers["content-security-policy"]
    assert "script-src" not in policy and "default-src 'none'" in policy
    assert "frame-ancestors 'self'" in policy
    # A game that does not exist, or a match that does not, is a 404, not a pending.
    assert server.get("/api/games/1/analysis/3").status_code == 404
    assert server.get("/api/games/99/analysis/1").status_code == 404
    assert server.get("/api/final/1/analysis/1").status_code == 404
    assert server.get("/api/games/99999999999999999999/analysis/1").status_code == 404
    assert server.get("/games/1/analysis/0").status_code == 404


def test_a_game_whose_replay_is_gone_says_why(copied: Path, serve: Callable[..., Server]) -> None:
    """A replay deleted by hand before the analyser reached it: a failure, said on the page
    and listed under the document's errors, as ``thousand analyse`` lists a file it cannot
    read; the other games are analysed."""
    gone = copied.parent / "ladder.db.files" / "replays" / "match-000001" / "game-00000.jsonl"
    gone.unlink()
    server = serve(copied)
    wait_until(lambda: len(rows(copied)) == GAMES, 60, "every game analysed or failed")
    assert [r["status"] for r in rows(copied)] == ["failed", "done", "done", "done"]
    document = analysed_json(server, 1, 1)
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert document["games"] == [] and document["errors"][0]["file"] == "match-1-game-1.jsonl"
    assert str(copied.parent) not in json.dumps(document)
    page = server.get("/games/1?game=1").text
    assert 'data-analysis="failed"' in page and "No analysis of this game:" in page
    assert str(copied.parent) not in page


def ok_analyse(replay: Path) -> str:
    """``thousand analyse REPLAY --json``, run as a person runs it."""
    done = subprocess.run(
        [*thousand(), "analyse", str(replay), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_analysis_never_runs_on_the_match_path(
    tmp_path: Path, serve: Callable[..., Server]
) -> None:
    """The analyser held stopped from the start: the server's match loop still plays and
    records matches, their games say "analysis pending"; let go, it analyses them."""
    db = duel_ladder(tmp_path)
    server = serve(db, "--run", "--allow-weak-sandbox")
    worker = analyser(server)
    os.kill(worker, signal.SIGSTOP)
    try:
        loop = child_running(server, "ladder run")
        assert loop != worker
        wait_until(lambda: counts(db)["done"] >= 2, 180, "two matches recorded")
        assert rows(db) == []
        pending = server.get("/api/games/1/analysis/1")
        assert pending.status_code == 202 and "pending" in pending.json()["detail"]
        page = server.get("/games/1?game=1").text
        assert 'data-analysis="pending"' in page and "Analysis pending" in page
        # The match loop runs at the priority it was given; the analyser at the lowest.
        assert niceness(worker) == 19 and niceness(loop) < 19
    finally:
        os.kill(worker, signal.SIGCONT)
    wait_until(
        lambda: server.get("/api/games/1/analysis/1").status_code == 200, 60, "game 1 analysed"
    )
    assert {r["worker"] for r in rows(db)} == {worker}


def test_a_restart_analyses_the_rest_and_nothing_twice(
    copied: Path, serve: Callable[..., Server]
) -> None:
    # Two games analysed before the server starts (by this process, as an analyser that was
    # stopped half-way through the ladder would have left them).
    conn = store.connect(copied)
    try:
        done: list[analyses.FinishedGame] = []
        for game in analyses.analyse_waiting(
            conn, analyses.Finder(), analyses.Settings(), lambda: len(done) >= 2
        ):
            done.append(game)
    finally:
        conn.close()
    before = rows(copied)
    assert len(before) == 2 and {r["worker"] for r in before} == {os.getpid()}
    server = serve(copied)
    worker = analyser(server)
    wait_until(lambda: len(rows(copied)) == GAMES, 60, "the other games analysed")
    after = rows(copied)
    kept = {tuple(r)[:3] for r in before}
    assert [tuple(r) for r in after if tuple(r)[:3] in kept] == [tuple(r) for r in before]
    assert {r["worker"] for r in after if tuple(r)[:3] not in kept} == {worker}
    server.close()
    # Served again: every game has its analysis, and none is analysed again.
    again = serve(copied)
    analyser(again)
    assert again.get("/api/games/2/analysis/2").status_code == 200
    assert [tuple(r) for r in rows(copied)] == [tuple(r) for r in after]


def test_off_says_so_and_analyses_nothing(copied: Path, serve: Callable[..., Server]) -> None:
    server = serve(copied, "--no-analysis")
    answer = server.get("/api/games/1/analysis/1")
    assert answer.status_code == 202 and "does not analyse" in answer.json()["detail"]
    assert "This server does not analyse games." in server.get("/games/1").text
    assert not any("multiprocessing.spawn" in c for c in children(server.process.pid).values())
    assert rows(copied) == []


def test_hostile_names_are_escaped(copied: Path, serve: Callable[..., Server]) -> None:
    """The entrant's name and the bot's announced name, both hostile, on the game page, the
    framed analysis page and the API: never markup, never a raw control character."""
    server = serve(copied)
    wait_until(lambda: len(rows(copied)) == GAMES, 60, "every game analysed")
    for path in ["/games/1?game=1", "/games/1/analysis/1"]:
        text = server.get(path).text
        assert SCRIPT not in text, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text, path
        assert not [c for c in RAW_CONTROLS if c in text], path
    answer = server.get("/api/games/1/analysis/1")
    assert answer.headers["content-type"] == "application/json"
    assert answer.headers["x-content-type-options"] == "nosniff"
    document = answer.json()
    names = [*document["games"][0]["names"], *(s["name"] for s in document["games"][0]["seats"])]
    assert not [c for c in RAW_CONTROLS if any(c in name for name in names)]
    assert sum(name.startswith(SCRIPT + "\\x1b]0;pwned") for name in names) == 2, names
    assert any("(" + SCRIPT[:15] in name for name in names), names  # the announced name, cut


def test_a_final_game_is_analysed_too(
    tmp_path: Path, serve: Callable[..., Server], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The final's recorded games, played by ``ladder final`` after the deadline, are analysed
    like the ladder's and served at /api/final/ID/analysis/N."""
    clock = tmp_path / "clock"
    clock.write_text("1765000000")  # 2025-12-06, before the deadline
    monkeypatch.setenv(CLOCK_ENV, str(clock))  # every command and the server read it
    db = make_ladder(
        tmp_path,
        {"plain": "builtin:random", "first": "builtin:first"},
        players=2,
        extra=("--deadline", "2026-12-10T18:00:00Z"),
    )
    clock.write_text("1797000000")  # 2026-12-11, after it: the final may be played
    ok("final", db, "--rounds", "1", timeout=240)
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        (games,) = conn.execute("SELECT replays FROM final_matches WHERE id = 1").fetchone()
    finally:
        conn.close()
    count = len(json.loads(games))
    server = serve(db)
    wait_until(
        lambda: len([r for r in rows(db) if r["kind"] == "final"]) >= count,
        60,
        "the final's games analysed",
    )
    document = analysed_json_at(server, "/api/final/1/analysis/1")
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert document["games"][0]["file"] == "final-1-game-1.jsonl"
    assert server.get(f"/api/final/1/analysis/{count + 1}").status_code == 404


def analysed_json_at(server: Server, path: str) -> dict[str, Any]:
    response = server.get(path)
    assert response.status_code == 200, response.text
    document: dict[str, Any] = response.json()
    return document


@pytest.fixture(scope="module")
def analysed_server(played: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = copy_ladder(played, tmp_path_factory.mktemp("analysis-browser"))
    server = start_server(db)
    try:
        wait_until(lambda: len(rows(db)) == GAMES, 60, "every game analysed")
        yield server
    finally:
        server.close()


def test_the_analysis_drawn_in_the_browser(page: Page, analysed_server: Server) -> None:
    page.open(analysed_server.url + "/games/1?game=1")
    frame = "document.getElementById('analysis-chart').contentDocument"
    wait_for(page, f"!!{frame}?.querySelector('svg polyline')", 20, "the analysis chart")
    points = page.js(f"{frame}.querySelector('svg polyline').getAttribute('points')")
    assert len(points.split()) > 10
    # The hostile names are text in both documents, never elements.
    assert page.js(f"{frame}.querySelectorAll('script').length") == 0
    assert SCRIPT in page.js(f"{frame}.body.textContent")
    seats = page.js("[...document.querySelectorAll('#accuracy tbody tr')].map(r => r.textContent)")
    assert len(seats) == 2
    assert sum(SCRIPT + "\\x1b" in seat for seat in seats) == 1, seats
    assert page.js("document.querySelectorAll('script:not([src])').length") == 0
    page.js("document.getElementById('analysis').scrollIntoView()")
    page.screenshot(ARTEFACTS / "web-game-analysis.png")
    assert_clean_page(page, analysed_server)
