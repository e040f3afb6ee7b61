"""A contest's shape on the command line (issue 30): the deadline and the phases it moves, the
refusals after it, final versions, the final played, killed and resumed, its frozen standings,
and the reveal that lets anyone verify every final game against the published commitment.

Real ladders, real commands (short ones in this process through click's runner, the final as
the program), real bot processes for the final. The clock is a file the test writes
(``THOUSAND_CLOCK_FILE``): the deadline passes without a sleep.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from referee.games.chance import commitment
from referee.ladder import final_schedule
from referee.ladder.contest import CLOCK_ENV
from tests.ladder.conftest import (
    DICE_BOT,
    ROOT,
    cli,
    final_process,
    make_ladder,
    one_error_line,
    py_bot,
    quick,
    quick_ok,
    read_only,
    thousand,
    wait_until,
)
from tests.replay.forged import read_records, with_a_throw_changed

SEED = 20261206 << 80
DEADLINE = "2026-12-10T18:00:00Z"
BEFORE = 1_765_000_000.0  # 2025-12-06: before the deadline
AFTER = 1_797_000_000.0  # 2026-12-11: after it


@pytest.fixture
def clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The contest's clock, a file the test sets (before the deadline to begin with)."""
    path = tmp_path / "clock"
    path.write_text(str(BEFORE))
    monkeypatch.setenv(CLOCK_ENV, str(path))
    return path


def contest(folder: Path, bots: dict[str, str], *, players: int = 2) -> Path:
    return make_ladder(folder, bots, players=players, seed=SEED, extra=("--deadline", DEADLINE))


def phase(db: Path) -> dict[str, object]:
    state: dict[str, object] = json.loads(quick_ok("phase", db, "--json").stdout)
    return state


# ------------------------------------------------------------------------ the deadline


def test_the_deadline_closes_entry_by_the_clock_alone(tmp_path: Path, clock: Path) -> None:
    db = contest(tmp_path, {"a": "builtin:random", "b": "builtin:random"})
    state = phase(db)
    assert state["phase"] == "open" and state["seed"] is None
    assert state["commitment"] == commitment(SEED)
    assert isinstance(state["seconds_left"], int) and state["seconds_left"] > 86400
    assert "submissions close at 2026-12-10 18:00 UTC (in " in quick_ok("phase", db).stdout

    clock.write_text(str(AFTER))
    assert phase(db)["phase"] == "closed"
    for refused in (
        quick("add", db, "c", "builtin:random", "--no-check"),
        quick("update", db, "a", "builtin:first", "--no-check"),
    ):
        line = one_error_line(refused)
        assert "submissions closed at 2026-12-10 18:00 UTC (the deadline)" in line, line
    assert [r[0] for r in read_only(db).execute("SELECT name FROM entrants")] == ["a", "b"]

    # The organiser may move it back (the contest reopens) until the final begins.
    quick_ok("phase", db, "--deadline", "2027-01-01T00:00+02:00")
    assert phase(db)["deadline"] == "2026-12-31T22:00:00+00:00"
    quick_ok("add", db, "c", "builtin:random", "--no-check")
    quick_ok("phase", db, "--deadline", "now")
    assert phase(db)["phase"] == "closed"


@pytest.mark.parametrize("when", ["tomorrow", "2026-13-01", "\x1b[31mred\u202e" * 50, "9" * 5000])
def test_a_deadline_that_is_no_moment_is_one_escaped_line(
    tmp_path: Path, clock: Path, when: str
) -> None:
    db = contest(tmp_path, {"a": "builtin:random", "b": "builtin:random"})
    line = one_error_line(quick("phase", db, "--deadline", when))
    assert "ISO 8601" in line and "\x1b" not in line and "\u202e" not in line, line
    assert len(line) < 300, line
    assert phase(db)["deadline"] == "2026-12-10T18:00:00+00:00"


def test_a_clock_file_without_a_time_is_one_line(tmp_path: Path, clock: Path) -> None:
    db = contest(tmp_path, {"a": "builtin:random", "b": "builtin:random"})
    clock.write_text("\x1b]0;owned\x07" + "x" * 100_000)
    line = one_error_line(quick("phase", db))
    assert CLOCK_ENV in line and "\x1b" not in line and len(line) < 400, line


def test_reveal_and_final_are_refused_out_of_order(tmp_path: Path, clock: Path) -> None:
    db = contest(tmp_path, {"a": "builtin:random", "b": "builtin:random"})
    line = one_error_line(quick("reveal", db))
    assert "revealed only once it is finished" in line, line
    line = one_error_line(quick("final", db))
    assert "submissions are still open" in line, line
    clock.write_text(str(AFTER))
    assert "revealed only once it is finished" in one_error_line(quick("reveal", db))
    assert phase(db)["seed"] is None


# ----------------------------------------------------------------------- final versions


def test_a_marked_version_is_kept_and_a_mark_after_the_deadline_refused(
    tmp_path: Path, clock: Path
) -> None:
    db = contest(tmp_path, {"a": "builtin:random", "b": "builtin:random"})
    quick_ok("update", db, "a", "builtin:first", "--no-check")
    shown = json.loads(quick_ok("final-version", db, "a", "--json").stdout)
    assert shown == {"name": "a", "version": 2, "marked": False, "versions": [1, 2]}
    quick_ok("final-version", db, "a", "1")
    assert json.loads(quick_ok("final-version", db, "a", "--json").stdout)["version"] == 1
    line = one_error_line(quick("final-version", db, "a", "7"))
    assert "no version 7 that can still be played" in line and "can: 1, 2" in line, line
    clock.write_text(str(AFTER))
    line = one_error_line(quick("final-version", db, "a", "--latest"))
    assert "(the deadline)" in line, line
    assert json.loads(quick_ok("final-version", db, "a", "--json").stdout)["version"] == 1


# ----------------------------------------------------------------------- the schedule


@pytest.mark.parametrize(("field", "players"), [(2, 2), (5, 2), (7, 3), (12, 4), (40, 3)])
def test_every_finalist_plays_alike_and_pairs_meet_about_equally(field: int, players: int) -> None:
    met: Counter[tuple[int, int]] = Counter()
    rng = random.Random(field)
    rounds = 40
    seats: Counter[int] = Counter()
    for _ in range(rounds):
        tables = final_schedule.plan_round(list(range(field)), players, rng, met)
        for table in tables:
            assert len(set(table)) == players
            seats.update(table)
    per_round = 1 if field == players else players
    assert set(seats.values()) == {rounds * per_round}
    pairs = [met[(a, b)] for a in range(field) for b in range(a + 1, field)]
    mean = sum(pairs) / len(pairs)
    # A fresh random order each round spreads 40 finalists' meetings from 0 to 20 (mean 6.2);
    # the greedy order keeps them near the mean.
    assert mean / 2 - 1 <= min(pairs) and max(pairs) <= 2 * mean + 1, (min(pairs), mean, max(pairs))


# --------------------------------------------------------------- the final, killed, resumed


def _count(db: Path, where: str) -> int:
    conn = read_only(db)
    try:
        return int(conn.execute(f"SELECT COUNT(*) FROM final_matches WHERE {where}").fetchone()[0])
    except sqlite3.OperationalError:  # not made yet
        return 0
    finally:
        conn.close()


def test_a_final_killed_midway_resumes_and_every_game_verifies_after_the_reveal(
    tmp_path: Path, clock: Path
) -> None:
    bot = py_bot(DICE_BOT)
    db = contest(tmp_path, {"a": bot, "b": bot, "c": bot, "d": bot}, players=3)
    quick_ok("update", db, "d", "builtin:random", "--no-check")
    quick_ok("final-version", db, "d", "1")  # d's final version is the dice bot, not v2
    clock.write_text(str(AFTER))

    first = final_process(db, "--rounds", "3", "--concurrency", "2", env={CLOCK_ENV: str(clock)})
    try:
        wait_until(lambda: _count(db, "status = 'done'") >= 1, 120, "a recorded final match")
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        first.communicate()
    planned = _count(db, "1")
    assert planned == 12  # 4 finalists at 3-seat tables: 4 tables a round, 3 rounds
    assert _count(db, "status = 'done'") < planned
    assert phase(db)["phase"] == "final"

    second = final_process(db, "--json", env={CLOCK_ENV: str(clock)})
    out, err = second.communicate(timeout=600)
    assert second.returncode == 0, err
    assert "of 12 matches recorded" in err, err
    table = json.loads(out)
    assert table["frozen"] and table["stopped"] == "rounds" and table["phase"] == "finished"
    assert table["matches_done"] == table["matches_planned"] == 12
    assert table["games"] == 12 * 6
    assert sorted(r["name"] for r in table["rows"]) == ["a", "b", "c", "d"]
    assert {r["games"] for r in table["rows"]} == {3 * 3 * 6}  # 3 rounds x 3 tables x 6 games
    assert next(r for r in table["rows"] if r["name"] == "d")["version"] == 1
    for row in table["rows"]:
        assert row["low"] <= row["elo"] <= row["high"]

    conn = read_only(db)
    results = conn.execute("SELECT COUNT(*) FROM final_results").fetchone()[0]
    conn.close()
    assert results == 12 * 3  # no match recorded twice
    replays = sorted((db.parent / "ladder.db.files" / "replays").glob("final-*/game-*.jsonl"))
    assert len(replays) == 12 * 6
    assert all(read_records(r)[0]["seats"][0]["name"] != "builtin:random" for r in replays)

    # Frozen: the same command shows the same table; the ladder's standings are untouched.
    again = cli("final", db, "--json", env={CLOCK_ENV: str(clock)})
    assert json.loads(again.stdout) == table
    markdown = quick_ok("final", db, "--markdown").stdout
    assert markdown.startswith("# Final standings") and "| 1 |" in markdown

    # The reveal, then the documented check of every final game.
    revealed = quick_ok("reveal", db).stdout
    assert str(SEED) in revealed and commitment(SEED) in revealed
    state = phase(db)
    assert state["seed"] == str(SEED) and state["phase"] == "finished"
    check = subprocess.run(
        [*thousand(), "replay", "verify", "--seed", str(SEED), "--commitment",
         str(state["commitment"]), *map(str, replays)],
        capture_output=True, text=True, timeout=600, cwd=ROOT, check=False,
    )  # fmt: skip
    assert check.returncode == 0, check.stdout[-2000:] + check.stderr[-2000:]
    assert check.stdout.count(": OK") == len(replays)

    # A replay whose throw was changed, consistently, fails only against the seed.
    altered, line = with_a_throw_changed(replays[0], tmp_path)
    plain = quick_replay_verify(altered)
    assert plain.returncode == 0, plain.stdout
    seeded = quick_replay_verify("--seed", SEED, altered)
    assert seeded.returncode == 1 and f"line {line}: chance recorded" in seeded.stdout

    # And the ladder plays no more: its chance is public now.
    line_ = one_error_line(quick("run", db, "--matches", "1"))
    assert "revealed" in line_, line_


def quick_replay_verify(*args: object) -> subprocess.CompletedProcess[str]:
    from tests.inprocess import invoke

    argv = ["replay", "verify", *(str(a) for a in args)]
    return subprocess.CompletedProcess(argv, *invoke(argv))


def test_the_final_needs_a_field_of_a_table_at_least(tmp_path: Path, clock: Path) -> None:
    bots = {"a": "builtin:random", "b": "builtin:random", "c": "builtin:random"}
    db = contest(tmp_path, bots, players=3)
    clock.write_text(str(AFTER))
    line = one_error_line(quick("final", db, "--top", "2", "--rounds", "1"))
    assert "needs at least" in line, line


def test_names_in_the_final_standings_are_escaped(tmp_path: Path, clock: Path) -> None:
    hostile = "a|b *c* <i>d</i>"
    db = contest(tmp_path, {hostile: "builtin:random", "plain": "builtin:first"})
    clock.write_text(str(AFTER))
    done = cli("final", db, "--rounds", "1", "--markdown", env={CLOCK_ENV: str(clock)})
    assert done.returncode == 0, done.explain()
    assert "a\\|b" in done.stdout and "a|b" not in done.stdout, done.stdout
    assert "\\*c\\*" in done.stdout and "&lt;i&gt;" in done.stdout, done.stdout
    assert "<i>" not in done.stdout, done.stdout


def test_until_settled_stops_when_neighbours_separate(tmp_path: Path, clock: Path) -> None:
    db = contest(tmp_path, {"expert": py_bot(DICE_BOT), "random": "builtin:random"})
    clock.write_text(str(AFTER))
    done = cli(
        "final", db, "--until-settled", "--games-per-table", "20", "--max-games", "2000",
        "--json", env={CLOCK_ENV: str(clock)}, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.explain()
    table = json.loads(done.stdout)
    assert table["stopped"] == "settled" and table["settled"], table
    assert [r["name"] for r in table["rows"]] == ["expert", "random"]
    assert table["rows"][0]["separated"] is True and table["rows"][0]["elo"] > 0
    assert table["games"] == table["rounds"] * 20 < 2000


def test_until_settled_stops_at_its_game_budget(tmp_path: Path, clock: Path) -> None:
    db = contest(tmp_path, {"one": "builtin:random", "two": "builtin:random"})
    clock.write_text(str(AFTER))
    done = cli(
        "final", db, "--until-settled", "--max-games", "5", "--json",
        env={CLOCK_ENV: str(clock)},
    )  # fmt: skip
    assert done.returncode == 0, done.explain()
    table = json.loads(done.stdout)
    assert table["stopped"] == "budget" and not table["settled"], table
    assert table["games"] == 6  # rounds of 2 games: the third round began below 5
