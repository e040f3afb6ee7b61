"""The JSON API over a real uvicorn server on a ladder made by the real CLI: every page's data,
each response a pydantic model whose schema /openapi.json publishes, names returned as the
contestants wrote them (the API is data: escaping is for the pages)."""

from __future__ import annotations

import urllib.parse

import pytest

from tests.inputs.conftest import HOSTILE_NAMES
from tests.web.conftest import MATCHES, NAMES, Server


def segment(name: str) -> str:
    return urllib.parse.quote(name, safe="")


def test_standings_lists_every_entrant_by_rating(example_server: Server) -> None:
    response = example_server.get("/api/standings")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    table = response.json()
    assert table["game"] == "dice" and table["players"] == 3
    assert table["matches_done"] == MATCHES
    rows = table["rows"]
    assert {row["name"] for row in rows} == set(NAMES) | set(HOSTILE_NAMES)
    assert [row["rank"] for row in rows] == list(range(1, len(rows) + 1))
    assert [row["rating"] for row in rows] == sorted((row["rating"] for row in rows), reverse=True)
    for row in rows:
        assert row["rating"] == pytest.approx(row["mu"] - 3 * row["sigma"], abs=0.01)
    assert sum(row["matches"] for row in rows) == MATCHES * 3
    faulty = next(row for row in rows if row["name"] == "faulty")
    assert faulty["faults"] > 0 and faulty["fault_games"] > 0


def test_entrant_has_its_rating_history_versions_and_matches(example_server: Server) -> None:
    table = example_server.get("/api/standings").json()
    for row in table["rows"]:
        response = example_server.get(f"/api/entrants/{segment(row['name'])}")
        assert response.status_code == 200, row["name"]
        entrant = response.json()
        assert entrant["name"] == row["name"]
        # One point a rated match, after the starting one (none for an entrant never drawn).
        assert len(entrant["history"]) == (row["matches"] + 1 if row["matches"] else 0)
        if entrant["history"]:
            assert entrant["history"][0]["match_id"] is None
            last = entrant["history"][-1]
            assert (last["mu"], last["sigma"]) == pytest.approx((row["mu"], row["sigma"]), abs=1e-3)
        assert [v["version"] for v in entrant["versions"]] == [1]
        assert entrant["versions"][0]["matches"] == row["matches"]
        assert len(entrant["recent"]) == min(row["matches"], 20)
        assert "bot" not in entrant  # the command names the bot's files: never shown


def test_fault_details_name_the_fault(example_server: Server) -> None:
    entrant = example_server.get("/api/entrants/faulty").json()
    assert entrant["faulty"], entrant
    kinds: set[str] = set()
    for match in entrant["faulty"]:
        assert match["faults"] > 0
        kinds |= set(match["fault_kinds"])
    assert "illegal" in " ".join(kinds), kinds
    # Its own faults, read from the replays of its latest faulty matches.
    details = [d for match in entrant["faulty"][:5] for d in match["details"]]
    assert details and all(d["kind"] and d["detail"] for d in details), entrant["faulty"]
    assert all(1 <= d["game"] <= 6 for d in details)
    assert any("illegal" in d["kind"] for d in details), details
    page = example_server.get("/entrants/faulty").text
    first = details[0]
    assert f"game {first['game']}: {first['kind']} — " in page


def test_game_lists_its_seats_and_replays(example_server: Server) -> None:
    game = example_server.get("/api/games/1").json()
    assert game["status"] == "done" and game["id"] == 1
    assert len(game["seats"]) == 3
    assert all(seat["rank"] in (1, 2, 3) for seat in game["seats"])
    assert [g["index"] for g in game["games"]] == list(range(1, len(game["games"]) + 1))
    assert len(game["games"]) == sum(seat["games"] for seat in game["seats"]) // 3
    viewer = example_server.get(game["games"][0]["viewer"])
    assert viewer.status_code == 200 and "replay-data" in viewer.text


def test_live_lists_the_finished_matches(example_server: Server) -> None:
    live = example_server.get("/api/live").json()
    assert live == {
        "matches_done": MATCHES,
        "running": [],
        "recent": live["recent"],
    }
    assert [m["id"] for m in live["recent"]] == list(range(MATCHES, 0, -1))


def test_rules_tell_how_to_submit(example_server: Server) -> None:
    rules = example_server.get("/api/rules").json()
    assert rules["game"] == "dice" and rules["players"] == 3
    assert rules["rules"]["goal"] == 300
    assert set(rules["time"]) >= {"per_move", "bank", "startup", "clock"}
    assert str(rules["sandbox_mode"]).startswith("rlimits")
    assert rules["submit"].startswith('curl -H "Authorization: Bearer $TOKEN" -F "file=@')
    assert rules["submit"].endswith(f"{example_server.url}/api/bots")


@pytest.mark.parametrize(
    "path", ["/api/entrants/nobody", "/api/games/999", "/api/games/0", "/games/1/replay/99"]
)
def test_unknown_things_are_404(example_server: Server, path: str) -> None:
    response = example_server.get(path)
    assert response.status_code == 404
    if path.startswith("/api/"):
        assert "detail" in response.json()


def test_a_bad_match_number_is_refused(example_server: Server) -> None:
    assert example_server.get("/api/games/x").status_code == 422


def test_openapi_publishes_every_response_schema(example_server: Server) -> None:
    schema = example_server.get("/openapi.json").json()
    expected = {
        "/api/standings": "Standings",
        "/api/entrants/{name}": "EntrantPage",
        "/api/games/{match_id}": "GamePage",
        "/api/live": "LivePage",
        "/api/rules": "RulesPage",
    }
    components = schema["components"]["schemas"]
    for path, model in expected.items():
        operation = schema["paths"][path]["get"]
        content = operation["responses"]["200"]["content"]["application/json"]["schema"]
        assert content == {"$ref": f"#/components/schemas/{model}"}, path
        assert components[model]["properties"], model
    assert {"rows", "matches_done", "sandbox"} <= set(components["Standings"]["properties"])
    assert {"history", "versions", "recent", "faulty"} <= set(
        components["EntrantPage"]["properties"]
    )
    # The pages are not API: they are not in the schema.
    assert not any(not path.startswith("/api/") for path in expected if path in schema["paths"])
    assert "/" not in schema["paths"] and "/live/events" not in schema["paths"]
