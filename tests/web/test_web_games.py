"""A ladder's games as a contestant reads them (issue 31, "Contestants on the server"): the
replay viewer names the entrants (the name a bot announces as a detail), ``/api/games/ID``
gives each game's seating, scores, places and faults and its replay file to download, and a
match's games are numbered from 1 everywhere — the match page, its URLs, the API, the viewer.

Against a real server on the example ladder, whose entrants include two copies of one builtin
bot for every few seats (they announce the same name) and contestants' hostile names.
"""

from __future__ import annotations

import base64
import contextlib
import gzip
import json
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from referee.ladder import paths
from referee.replay.reader import ReplayReader
from referee.safetext import for_terminal
from tests.browser import Page
from tests.inputs.conftest import RAW_CONTROLS
from tests.web.conftest import MATCHES, Server, assert_clean_page, wait_for

SCRIPT = "<script>alert(1)</script>"


def viewer_data(page: str) -> dict[str, Any]:
    """The data the viewer page carries (gzipped JSON in base64, in a block never run)."""
    found = re.search(r'<script type="application/octet-stream" id="replay-data">([^<]*)<', page)
    assert found, "no data block in the page"
    data: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(found.group(1).strip())))
    return data


def matches(server: Server) -> list[dict[str, Any]]:
    return [server.get(f"/api/games/{m}").json() for m in range(1, MATCHES + 1)]


def api_schema(server: Server, model: str) -> dict[str, Any]:
    """``model``'s schema as /openapi.json publishes it, its references resolvable."""
    published = server.get("/openapi.json").json()
    return {"$ref": f"#/components/schemas/{model}", "components": published["components"]}


# ----------------------------------------------------------------------- item 1: names


def test_the_viewer_names_the_entrants_and_what_their_bots_announced(
    example_server: Server,
) -> None:
    """Two entrants playing one builtin bot announce the same name: the replay file alone
    tells them apart only by seat number. The viewer's seats are the entrants'."""
    twins = 0
    for match in matches(example_server):
        for game in match["games"]:
            data = viewer_data(example_server.get(game["viewer"]).text)
            seating, announced = game["seating"], game["announced"]
            assert len(set(seating)) == len(seating), game  # entrants differ, always
            twins += len(set(announced)) < len(announced)
            for shown, entrant, said in zip(data["names"], seating, announced, strict=True):
                assert shown.startswith(for_terminal(entrant, 40)), (shown, entrant)
                if said != entrant:  # the announced name as a detail
                    assert shown.endswith(f" ({for_terminal(said, 20)})"), (shown, said)
                assert not any(c in shown for c in RAW_CONTROLS), shown
            seats = data["meta"]["seats"]
            assert [s["entrant"] for s in seats] == seating
            assert [s["name"] for s in seats] == announced
            # The steps tell of the entrants, not of "random#1".
            told = " ".join(line for step in data["steps"] for line in step["d"])
            assert "#0" not in told and "#1" not in told and "#2" not in told, told[:300]
    assert twins, "the example ladder seats two copies of one bot in some game"


def test_hostile_entrant_names_stay_text_in_the_viewer(example_server: Server) -> None:
    """The viewer's title is HTML-escaped, its names terminal-escaped, and no name becomes an
    element or a placeholder the page fills."""
    seen = 0
    for match in matches(example_server):
        hostile = [s["name"] for s in match["seats"] if s["name"] not in "alpha beta gamma faulty"]
        if not hostile or not match["games"]:
            continue
        seen += 1
        page = example_server.get(match["games"][0]["viewer"]).text
        assert SCRIPT not in page
        assert not any(c in page for c in RAW_CONTROLS)
        title = re.search(r"<title>([^<]*)</title>", page)
        assert title and "<" not in title.group(1)
        assert page.count('id="replay-data"') == 1  # "__REPLAY_DATA__" filled nothing twice
    assert seen, "no match of a hostile entrant to look at"


# ----------------------------------------------------------------------- item 2: the API


def test_a_match_lists_each_games_seating_scores_places_and_faults(example_server: Server) -> None:
    """Every match of the example ladder, each response valid against the schema the server
    publishes (and the schema documents every field of a game)."""
    schema = api_schema(example_server, "GamePage")
    game_model = example_server.get("/openapi.json").json()["components"]["schemas"]["GameLink"]
    for name, field in game_model["properties"].items():
        assert field.get("description"), name
    assert {"seating", "scores", "places", "faults", "replay"} <= set(game_model["required"])
    faulted = 0
    for match in matches(example_server):
        jsonschema.validate(match, schema)
        entrants = {s["name"] for s in match["seats"]}
        assert match["games"], match
        for index, game in enumerate(match["games"], start=1):
            assert game["index"] == index
            assert game["viewer"] == f"/games/{match['id']}/replay/{index}"
            assert game["replay"] == f"/api/games/{match['id']}/replay/{index}"
            assert set(game["seating"]) == entrants  # names as written: the API is data
            assert sorted(game["places"]) == [1, 2, 3]
            assert len(game["scores"]) == 3 and game["reason"]
            # The winner's place is the best score's, unless a fault ranked a seat last.
            for fault in game["faults"]:
                assert game["seating"][fault["seat"]] == fault["entrant"]
                assert game["places"][fault["seat"]] == 3
            faulted += sum(f["entrant"] == "faulty" for f in game["faults"])
        wins = {s["name"]: s["wins"] for s in match["seats"]}
        for name in entrants:
            won = sum(g["places"][g["seating"].index(name)] == 1 for g in match["games"])
            assert won == wins[name], (match["id"], name)
    assert faulted, "the entrant 'faulty' faults in every game it plays"


def test_a_finished_games_replay_downloads_under_a_name_of_numbers(
    example_server: Server, tmp_path: Path
) -> None:
    match = example_server.get("/api/games/2").json()
    for game in match["games"]:
        answer = example_server.get(game["replay"])
        assert answer.status_code == 200, answer.text
        kind = answer.headers["content-type"]
        suffix = ".jsonl.gz" if kind == "application/gzip" else ".jsonl"
        assert kind in ("application/gzip", "application/x-ndjson")
        name = f"match-2-game-{game['index']}{suffix}"
        assert answer.headers["content-disposition"] == f'attachment; filename="{name}"'
        assert answer.headers["x-content-type-options"] == "nosniff"
        kept = tmp_path / name
        kept.write_bytes(answer.content)
        with ReplayReader(kept) as replay:  # a replay, whole: `thousand replay` reads it
            assert [s["name"] for s in replay.header.raw["seats"]] == game["announced"]
            assert replay.header.raw["game_index"] == game["index"] - 1  # the file's own count
            assert sum(1 for _ in replay) > 0 and not replay.incomplete


ADDRESSES = {
    "/api/games/2/replay/0": 404,
    "/api/games/2/replay/99": 404,
    "/api/games/2/replay/-1": 404,
    "/api/games/99999999999999999999/replay/1": 404,
    "/api/games/2/replay/..%2F..%2F..%2Fladder.db": 404,  # a path of its own: no such route
    "/api/games/2/replay/1%00": 422,
    "/api/games/2/replay/1.jsonl": 422,
    "/api/games/2/replay/%2Fetc%2Fpasswd": 404,  # a path of its own: no such route
    "/api/games/..%2F2/replay/1": 404,
}


@pytest.mark.parametrize("path", list(ADDRESSES))
def test_only_a_valid_game_number_names_a_replay(example_server: Server, path: str) -> None:
    answer = example_server.get(path)
    assert answer.status_code == ADDRESSES[path], answer.text
    assert "content-disposition" not in answer.headers
    assert answer.headers["content-type"] == "application/json"


def test_no_replay_of_a_running_match_nor_through_a_link(
    ladder_copy: Path, serve: Callable[..., Server]
) -> None:
    """A running match's files hold deals its bots have not seen; a replay file replaced by a
    link (a bot of a weak sandbox could) leads nowhere."""
    with contextlib.closing(sqlite3.connect(ladder_copy)) as db, db:
        row = db.execute("SELECT replays FROM matches WHERE id = 3").fetchone()
        db.execute("UPDATE matches SET status = 'running' WHERE id = 4")
    first = paths.replay_file(json.loads(row[0])[0], ladder_copy)
    assert first.is_file(), first
    first.unlink()
    first.symlink_to(ladder_copy)
    server = serve(ladder_copy)
    linked = server.get("/api/games/3/replay/1")
    assert linked.status_code == 404 and "gone" in linked.json()["detail"]
    assert server.get("/api/games/3/replay/2").status_code == 200
    running = server.get("/api/games/4")
    assert running.json()["status"] == "running" and running.json()["games"] == []
    assert server.get("/api/games/4/replay/1").status_code == 404
    assert server.get("/games/4/replay/1").status_code == 404


# ----------------------------------------------------------------------- item 5: numbering


def test_games_are_numbered_from_one_everywhere(example_server: Server) -> None:
    match = example_server.get("/api/games/5").json()
    count = len(match["games"])
    page = example_server.get("/games/5").text
    linked = re.findall(r'href="/games/5\?game=(\d+)"[^>]*>(\d+)</a>', page)
    assert linked == [(str(n), str(n)) for n in range(1, count + 1)]
    for n in range(1, count + 1):
        data = viewer_data(example_server.get(f"/games/5/replay/{n}").text)
        assert data["meta"]["game_index"] == n
        shown = example_server.get(f"/games/5?game={n}").text
        assert f'src="/games/5/replay/{n}"' in shown
        assert f'href="/api/games/5/replay/{n}" download' in shown
    for path in ("/games/5/replay/0", "/games/5?game=0", f"/games/5/replay/{count + 1}"):
        gone = example_server.get(path)
        assert gone.status_code == 404 and "numbered from 1" in gone.text, path


def test_the_viewer_says_the_games_number_and_the_entrants(
    page: Page, example_server: Server
) -> None:
    """In Chromium: the viewer inside the game page says "game 2" for the match page's game 2,
    and names the entrants, hostile ones as text."""
    shown = 0
    for match in matches(example_server):
        if len(match["games"]) < 2:
            continue
        game = match["games"][1]
        page.open(example_server.url + f"/games/{match['id']}?game=2")
        frame = "document.getElementById('viewer').contentDocument"
        wait_for(page, f"{frame}?.documentElement?.dataset.ready", 20, "the replay viewer")
        subtitle = page.js(f"{frame}.getElementById('subtitle').textContent")
        assert "game 2" in subtitle.split(" · "), subtitle
        for entrant in game["seating"]:
            assert for_terminal(entrant, 40) in subtitle, (entrant, subtitle)
        assert page.js(f"{frame}.querySelectorAll('script').length") == 2  # data, program
        assert page.js(f"{frame}.querySelectorAll('img').length") == 0
        assert_clean_page(page, example_server)
        shown += 1
        if shown == 3:
            break
    assert shown
