"""A whole contest on a real server, start to finish (issue 30): invitations, uploads, the
deadline passing (a clock the test moves, not a sleep), an upload and a mark after it refused,
the final played with the marked versions and resumed after a SIGKILL, frozen standings
served as a page, Markdown and JSON, the seed revealed, and every final replay downloaded
from the server and verified against the commitment by the documented command.

Real ``thousand ladder serve`` (uvicorn on 127.0.0.1), real uploads built and checked in the
ladder's sandbox, the final as the real program with real bot processes.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
from pathlib import Path

import pytest

from referee.games.chance import commitment
from referee.ladder.contest import CLOCK_ENV
from tests.ladder.conftest import final_process, wait_until
from tests.replay.forged import read_records, with_a_throw_changed
from tests.web.support_accounts import (
    PY_BOT,
    ROOT,
    invite,
    make_ladder,
    one_error_line,
    quick,
    serving,
    submit,
    thousand,
    wait_finished,
)

SEED = 7  # make_ladder's
DEADLINE = "2026-12-10T18:00:00Z"
BEFORE = 1_765_000_000.0
AFTER = 1_797_000_000.0
DICE_BOT = ROOT / "bots" / "dice_bot.py"


def _done(db: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            row = conn.execute("SELECT COUNT(*) FROM final_matches WHERE status = 'done'")
            return int(row.fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def test_a_contest_from_invitation_to_the_verified_final(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = tmp_path / "clock"
    clock.write_text(str(BEFORE))
    monkeypatch.setenv(CLOCK_ENV, str(clock))  # the server and every command read it
    db = make_ladder(tmp_path, "--deadline", DEADLINE, players=2)
    tokens = {name: invite(db, name) for name in ("alice", "bob", "carol")}
    promise = commitment(SEED)

    with serving(db) as server, server.client() as visitor:
        for page in ("/", "/rules", "/live"):
            text = visitor.get(page).text
            assert 'data-phase="open"' in text and promise in text, page
            assert "submissions close at 2026-12-10 18:00 UTC" in text, page
        rules = visitor.get("/api/rules").json()["contest"]
        assert rules["phase"] == "open" and rules["commitment"] == promise
        assert rules["seed"] is None and rules["seconds_left"] > 0

        # Uploads before the deadline: alice sends two versions and keeps her first.
        uploads = {
            "alice": [DICE_BOT.read_bytes(), PY_BOT.read_bytes()],
            "bob": [PY_BOT.read_bytes() + b"\n# bob\n"],
            "carol": [DICE_BOT.read_bytes() + b"\n# carol\n"],
        }
        for name, versions in uploads.items():
            for data in versions:
                answer = submit(server, tokens[name], data, "bot.py")
                assert answer.status_code == 202, answer.text
                entry = wait_finished(server, tokens[name], answer.json()["id"])
                assert entry["status"] == "accepted", entry
        with server.client(tokens["alice"]) as alice:
            assert alice.get("/api/bots/final").json() == {
                "name": "alice", "version": 2, "marked": False, "versions": [1, 2],
            }  # fmt: skip
            marked = alice.post("/api/bots/final", json={"version": 1}).json()
            assert marked["version"] == 1 and marked["marked"], marked
            assert alice.get("/api/bots/mine").json()["final"]["version"] == 1
            assert alice.post("/api/bots/final", json={"version": 9}).status_code == 422

        # The deadline passes: nothing new comes in, the answer names the deadline.
        clock.write_text(str(AFTER))
        late = submit(server, tokens["carol"], PY_BOT.read_bytes() + b"\n# late\n", "bot.py")
        assert late.status_code == 403, late.text
        assert "submissions closed at 2026-12-10 18:00 UTC (the deadline)" in late.json()["detail"]
        with server.client(tokens["bob"]) as bob:
            refused = bob.post("/api/bots/final", json={"version": 1})
            assert refused.status_code == 403 and "(the deadline)" in refused.json()["detail"]
        assert 'data-phase="closed"' in visitor.get("/").text
        assert visitor.get("/api/final").status_code == 404
        assert "revealed only once it is finished" in one_error_line(quick("reveal", db))

        # The final, killed once midway and resumed by the same command.
        first = final_process(db, "--rounds", "2")
        try:
            wait_until(lambda: _done(db) >= 1, 300, "a recorded final match")
        finally:
            os.killpg(first.pid, signal.SIGKILL)
            first.communicate()
        assert visitor.get("/api/final").json()["frozen"] is False  # provisional meanwhile
        second = final_process(db, "--json")
        out, err = second.communicate(timeout=900)
        assert second.returncode == 0, err
        table = json.loads(out)
        assert table["frozen"] and table["matches_done"] == table["matches_planned"] == 6

        # Frozen standings served three ways; the final's version of alice was her first.
        served = visitor.get("/api/final").json()
        assert served == table
        alice_row = next(r for r in served["rows"] if r["name"] == "alice")
        assert alice_row["version"] == 1 and alice_row["games"] == 2 * 2 * 2
        page = visitor.get("/final").text
        assert 'id="final-standings"' in page and page.count("<tr data-name=") == 3
        assert visitor.get("/final.md").text.startswith("# Final standings")
        assert 'data-phase="finished"' in visitor.get("/rules").text

        # The reveal; then anyone downloads the final's replays and checks them.
        assert quick("reveal", db).returncode == 0
        rules = visitor.get("/api/rules").json()["contest"]
        assert rules["seed"] == str(SEED)
        assert f"thousand replay verify --seed {SEED}" in visitor.get("/rules").text
        folder = tmp_path / "downloaded"
        folder.mkdir()
        files: list[Path] = []
        alice_announced: set[str] = set()
        for match in visitor.get("/api/final/matches").json():
            for url in match["replays"]:
                answer = visitor.get(url)
                assert answer.status_code == 200, url
                name = answer.headers["content-disposition"].split('filename="')[1].rstrip('"')
                files.append(folder / name)
                files[-1].write_bytes(answer.content)
                if "alice" in match["entrants"]:
                    seats = read_records(files[-1])[0]["seats"]
                    alice = match["entrants"].index("alice")
                    alice_announced |= {s["name"] for s in seats if s["bot"] == alice}
        assert len(files) == 6 * 2
    # Alice's marked version 1 (the example dice bot) played, not her later random bot.
    assert alice_announced == {"dice-example"}

    check = subprocess.run(
        [*thousand(), "replay", "verify", "--seed", rules["seed"], "--commitment",
         rules["commitment"], *map(str, files)],
        capture_output=True, text=True, timeout=600, cwd=ROOT, check=False,
    )  # fmt: skip
    assert check.returncode == 0, check.stdout[-3000:] + check.stderr[-3000:]
    assert check.stdout.count(": OK") == len(files)

    # One throw changed (consistently) in a downloaded replay: the seed check catches it.
    altered, line = with_a_throw_changed(files[0], tmp_path)
    caught = subprocess.run(
        [*thousand(), "replay", "verify", "--seed", rules["seed"], str(altered)],
        capture_output=True, text=True, timeout=300, cwd=ROOT, check=False,
    )  # fmt: skip
    assert caught.returncode == 1 and f"line {line}: chance recorded" in caught.stdout


def test_only_versions_whose_program_is_kept_can_be_marked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server keeps the programs of an account's latest three versions (and of a marked
    one): an older one can no longer be played, so it cannot be marked either."""
    clock = tmp_path / "clock"
    clock.write_text(str(BEFORE))
    monkeypatch.setenv(CLOCK_ENV, str(clock))
    db = make_ladder(tmp_path, "--deadline", DEADLINE, players=2)
    token = invite(db, "alice")
    with serving(db) as server, server.client(token) as alice:
        for version in (1, 2):
            data = PY_BOT.read_bytes() + f"\n# version {version}\n".encode()
            entry = wait_finished(server, token, submit(server, token, data, "b.py").json()["id"])
            assert entry["status"] == "accepted", entry
        assert alice.post("/api/bots/final", json={"version": 1}).json()["marked"]
        for version in (3, 4, 5):
            data = PY_BOT.read_bytes() + f"\n# version {version}\n".encode()
            entry = wait_finished(server, token, submit(server, token, data, "b.py").json()["id"])
            assert entry["status"] == "accepted", entry
        # 1 is marked: kept; 2 fell out of the latest three and is gone.
        assert alice.get("/api/bots/final").json()["versions"] == [1, 3, 4, 5]
        refused = alice.post("/api/bots/final", json={"version": 2})
        assert refused.status_code == 422, refused.text
        assert "versions that can: 1, 3, 4, 5" in refused.json()["detail"]


STORED = "2026-12-10T18:00:00+00:00"


@pytest.mark.parametrize(
    ("sent", "status", "kept"),
    [
        ({"deadline": "2030-01-01T00:00Z"}, 200, "2030-01-01T00:00:00+00:00"),
        ({"deadline": None}, 200, None),
        ({"deadline": "next week"}, 409, STORED),
        ({"deadline": "\x1b[31m\u202e" * 10_000}, 409, STORED),
        ({"deadline": 12}, 422, STORED),
    ],
)
def test_the_organiser_moves_the_deadline_and_no_one_else(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    sent: dict[str, object],
    status: int,
    kept: str | None,
) -> None:
    clock = tmp_path / "clock"
    clock.write_text(str(BEFORE))
    monkeypatch.setenv(CLOCK_ENV, str(clock))
    db = make_ladder(tmp_path, "--deadline", DEADLINE, players=2)
    organiser, contestant = invite(db, "org", "--organiser"), invite(db, "eve")
    with serving(db) as server:
        with server.client(contestant) as eve:
            # A malformed body is refused before anyone's token is asked for.
            refused = eve.post("/api/admin/phase", json=sent).status_code
            assert refused == (422 if status == 422 else 403)
        with server.client(organiser) as org:
            answer = org.post("/api/admin/phase", json=sent)
            assert answer.status_code == status, answer.text
            if status == 409:
                detail = answer.json()["detail"]
                assert "ISO 8601" in detail and "\x1b" not in detail and len(detail) < 300
        with server.client() as visitor:
            assert visitor.get("/api/phase").json()["deadline"] == kept


def test_a_contestant_marks_the_final_version_on_the_mine_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = tmp_path / "clock"
    clock.write_text(str(BEFORE))
    monkeypatch.setenv(CLOCK_ENV, str(clock))
    db = make_ladder(tmp_path, "--deadline", DEADLINE, players=2)
    token = invite(db, "alice")
    with serving(db) as server:
        for version in (1, 2):
            data = PY_BOT.read_bytes() + f"\n# version {version}\n".encode()
            entry = wait_finished(server, token, submit(server, token, data, "b.py").json()["id"])
            assert entry["status"] == "accepted", entry
        with server.client() as browser:
            login = browser.get("/login")
            csrf = login.cookies["thousand_login"]
            assert browser.post("/login", data={"token": token, "csrf": csrf}).status_code == 303
            page = browser.get("/mine").text
            assert 'id="final-version"' in page and "Now: version 2 (the latest)" in page
            form_csrf = re.search(r'name="csrf" value="([^"]+)"', page)
            assert form_csrf is not None
            forged_form = browser.post("/mine/final", data={"version": "1", "csrf": "x"})
            assert forged_form.status_code == 403
            done = browser.post("/mine/final", data={"version": "1", "csrf": form_csrf[1]})
            assert done.status_code == 303
            assert "Now: version 1 (marked)" in browser.get("/mine").text
            clock.write_text(str(AFTER))
            page = browser.get("/mine").text
            assert "disabled" in page.split('id="final-version"')[1].split("</form>")[0]
            late = browser.post("/mine/final", data={"version": "latest", "csrf": form_csrf[1]})
            assert late.status_code == 403 and "(the deadline)" in late.text
