"""`thousand replay verify --seed SEED [--commitment HEX]`: a ladder's replays checked against
its revealed master seed, issue 30's "verifiable chance".

Real ladders are made and run by the real program (`thousand ladder init --seed`, `ladder run`
with builtin bots), so the replays checked are the ones a contest publishes; the main checks
run `thousand replay verify` as a process too. The many one-line error cases run the same
command in this process (tests/inprocess.py). A forged replay (tests/replay/forged.py) is one
the plain verify passes: only the seed can tell its chance was chosen.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from referee.games.chance import commitment
from referee.games.match_types import MatchConfig
from referee.games.provenance import MAX_MATCH, Origin, match_seed
from referee.games.tables import run_match
from referee.players.botspec import parse_bot
from tests.inprocess import Invoked
from tests.ladder.conftest import make_ladder, ok
from tests.ladder.conftest import thousand as thousand_argv
from tests.replay.conftest import ROOT, make_replays, thousand
from tests.replay.forged import forged, read_records, tampered_copy
from thousand.rules_io import rules_from_mapping

SEED = 0x5EED_C0FF_EE15_600D_F00D_CAFE_BABE_D1CE
"""The ladders' master seed: 128 bits, as a contest's is (a smaller one draws a warning)."""
MATCHES = 2


@dataclass(frozen=True)
class Ladder:
    db: Path
    ladder_id: str
    replays: list[Path]

    @property
    def files(self) -> Path:
        return self.db.with_name(self.db.name + ".files")


def _ladder(folder: Path, game: str, rules: str, extra: tuple[str, ...] = ()) -> Ladder:
    bots = {name: "builtin:random" for name in ("north", "east", "west")}
    db = make_ladder(folder, bots, game=game, rules=rules, seed=SEED, extra=extra)
    run = ok("run", db, "--matches", MATCHES, "--allow-weak-sandbox", timeout=240)
    assert f"recorded {MATCHES} matches" in run.stdout
    conn = sqlite3.connect(db)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'ladder_id'").fetchone()
    finally:
        conn.close()
    files = db.with_name(db.name + ".files")
    replays = sorted(p for p in files.rglob("game-*.jsonl*") if p.is_file())
    assert len(replays) == MATCHES * 6, replays  # one duplicate group (6 seatings) a match
    return Ladder(db, json.loads(row[0]), replays)


@pytest.fixture(scope="module")
def dice_ladder(tmp_path_factory: pytest.TempPathFactory) -> Ladder:
    return _ladder(tmp_path_factory.mktemp("dice-ladder"), "dice", "short")


@pytest.fixture(scope="module")
def card_ladder(tmp_path_factory: pytest.TempPathFactory) -> Ladder:
    folder = tmp_path_factory.mktemp("card-ladder")
    rules = folder / "cards.toml"
    rules.write_text('preset = "classic"\nmax_deals = 4\n', encoding="utf-8")
    return _ladder(folder, "cards", str(rules), ("--gzip",))


def verify_process(*args: object) -> subprocess.CompletedProcess[str]:
    """``thousand replay verify ARGS`` as the program a contestant runs."""
    argv = [*thousand_argv(), "replay", "verify", *(str(a) for a in args)]
    return subprocess.run(argv, capture_output=True, text=True, timeout=300, cwd=ROOT, check=False)


def verify(*args: object) -> Invoked:
    return thousand("replay", "verify", *args)


def only_line(done: Invoked) -> str:
    """The one line a failing file gets, checked to be one short, escaped line."""
    assert done.returncode == 1, done
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout
    message = lines[0].rsplit(".jsonl", 1)[-1]  # after the file's (long) temporary path
    assert "\x1b" not in done.stdout and len(message) < 400, lines[0]
    return lines[0]


def _header(path: Path) -> dict[str, Any]:
    return read_records(path)[0]


# ------------------------------------------------------------------------- genuine replays


@pytest.mark.parametrize("which", ["dice_ladder", "card_ladder"])
def test_every_replay_of_a_ladder_verifies_against_its_seed_and_commitment(
    which: str, request: pytest.FixtureRequest
) -> None:
    ladder: Ladder = request.getfixturevalue(which)
    done = verify_process("--seed", SEED, "--commitment", commitment(SEED), "--json", ladder.files)
    assert done.returncode == 0, done.stdout + done.stderr
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert sorted(Path(v["file"]) for v in verdicts) == ladder.replays
    assert all(v["ok"] and v["steps"] > 0 for v in verdicts), verdicts
    # The commitment may be given as published in capitals too; files as well as folders.
    upper = commitment(SEED).upper()
    done = verify_process("--seed", SEED, "--commitment", upper, *ladder.replays[:2], ladder.files)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(ladder.replays) + 2} of {len(ladder.replays) + 2} replays verified" in done.stderr


@pytest.mark.parametrize("which", ["dice_ladder", "card_ladder"])
def test_each_replay_names_its_ladder_stage_and_match(
    which: str, request: pytest.FixtureRequest
) -> None:
    ladder: Ladder = request.getfixturevalue(which)
    for path in ladder.replays:
        match = int(path.parent.name.removeprefix("match-"))
        header = _header(path)
        assert header["origin"] == {"ladder": ladder.ladder_id, "stage": "match", "match": match}


def test_a_final_table_of_two_groups_verifies_against_the_seed(tmp_path: Path) -> None:
    """A final's match (stage ``final``, several duplicate groups a table) played by the
    referee's own game loop, seeded and labelled as referee/ladder/final.py does it."""
    origin = Origin("a1b2c3", "final", 4)
    config = MatchConfig(
        game="dice",
        rules=rules_from_mapping("dice", {"preset": "simple", "goal": 300}),
        bots=[parse_bot("builtin:random")] * 3,
        games=12,
        seed=int(match_seed(SEED, origin), 16),
        rotate=True,
        replays=tmp_path / "final",
        processes=False,
        origin=origin,
    )
    played = asyncio.run(run_match(config))
    assert sorted({game.plan.group for game in played}) == [0, 1]
    done = verify_process("--seed", SEED, "--commitment", commitment(SEED), tmp_path / "final")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count(": OK") == 12
    # The same games under a ladder match's numbering are not the seed's.
    records = read_records(tmp_path / "final" / "game-00007.jsonl")
    records[0]["origin"] = {**records[0]["origin"], "stage": "match"}
    path = tampered_copy(tmp_path / "final" / "game-00007.jsonl", tmp_path, records)
    assert "is not the one the master seed gives match 4, game 7" in only_line(
        verify("--seed", SEED, path)
    )


def test_a_wrong_seed_fails_every_replay_at_its_header(dice_ladder: Ladder) -> None:
    done = verify_process("--seed", SEED + 1, dice_ladder.files)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert len(lines) == len(dice_ladder.replays)
    for line in lines:
        assert ": line 1: seed " in line and "is not the one the master seed gives match" in line
    assert f"0 of {len(dice_ladder.replays)} replays verified against the seed" in done.stderr


def test_a_wrong_commitment_is_one_line_and_nothing_is_checked(dice_ladder: Ladder) -> None:
    done = verify_process("--seed", SEED, "--commitment", commitment(SEED + 1), dice_ladder.files)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("thousand: error: the seed does not match the commitment")
    assert len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    "published", ["", "00", "g" * 64, commitment(SEED) + "0", "\x1b[31m" + "0" * 59]
)
def test_a_malformed_commitment_is_one_line(dice_ladder: Ladder, published: str) -> None:
    done = verify("--seed", SEED, "--commitment", published, dice_ladder.replays[0])
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == "thousand: error: a commitment is 64 hex digits (a SHA-256)\n"


def test_a_commitment_needs_a_seed(dice_ladder: Ladder) -> None:
    done = verify("--commitment", commitment(SEED), dice_ladder.replays[0])
    assert done.returncode == 2 and "give --seed too" in done.stderr


def test_a_replay_from_outside_any_ladder_has_no_origin_to_check(tmp_path: Path) -> None:
    replay = make_replays(tmp_path, "dice", "simple", ["builtin:random"] * 2, seed=SEED)[0]
    assert "origin" not in _header(replay)
    assert verify(replay).returncode == 0  # the plain check still holds it
    line = only_line(verify("--seed", SEED, replay))
    assert line.endswith(": line 1: no origin: cannot check its chance against a seed")


def test_the_kept_replays_of_older_versions_fail_with_seed_but_still_verify() -> None:
    for old in sorted((ROOT / "tests" / "data").glob("replay-v1-*")):
        assert verify(old).returncode == 0
        assert "no origin" in only_line(verify("--seed", SEED, old))


# ------------------------------------------------------------------------- forged chance


def _line_of(path: Path, kind: str, skip: int = 0) -> int:
    """The line number of the (skip+1)-th chance step of type ``kind``."""
    records = read_records(path)
    lines = [i + 1 for i, r in enumerate(records) if r.get("action", {}).get("type") == kind]
    return lines[min(skip, len(lines) - 1)]


def _assert_caught(path: Path, line: int, genuine: dict[str, Any]) -> None:
    plain = verify(path)
    assert plain.returncode == 0, plain.stdout  # consistent: the engine alone cannot tell
    message = only_line(verify("--seed", SEED, "--commitment", commitment(SEED), path))
    assert f": line {line}: chance recorded " in message, message
    assert f"the seed draws {json.dumps(genuine, separators=(',', ':'))}"[:60] in message


def test_a_changed_throw_made_consistent_fails_only_against_the_seed(
    dice_ladder: Ladder, tmp_path: Path
) -> None:
    source = dice_ladder.replays[3]
    line = _line_of(source, "throw", skip=5)

    def other_face(throw: dict[str, Any]) -> dict[str, Any]:
        throw["dice"][0] = throw["dice"][0] % 6 + 1
        return throw

    path, genuine, _ = forged(source, tmp_path, line, other_face)
    _assert_caught(path, line, genuine)


def test_a_chosen_first_player_made_consistent_fails_against_the_seed(
    dice_ladder: Ladder, tmp_path: Path
) -> None:
    source = dice_ladder.replays[7]
    line = _line_of(source, "first_player")

    def next_seat(lot: dict[str, Any]) -> dict[str, Any]:
        return {**lot, "seat": (lot["seat"] + 1) % 3}

    path, genuine, _ = forged(source, tmp_path, line, next_seat)
    _assert_caught(path, line, genuine)


def test_a_changed_dealt_card_made_consistent_fails_only_against_the_seed(
    card_ladder: Ladder, tmp_path: Path
) -> None:
    source = card_ladder.replays[2]
    line = _line_of(source, "deal", skip=1)  # a later deal: the game's first is not special

    def swap_a_card(deal: dict[str, Any]) -> dict[str, Any]:
        hands = deal["hands"]
        hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
        return deal

    path, genuine, _ = forged(source, tmp_path, line, swap_a_card)
    _assert_caught(path, line, genuine)


def test_a_whole_game_under_another_seed_fails_at_its_header(
    dice_ladder: Ladder, tmp_path: Path
) -> None:
    """An organiser who replaced a game by one played under a seed of their choice (every step
    genuine for that seed) is caught at the header's seed."""
    source = dice_ladder.replays[0]
    other = make_replays(tmp_path / "other", "dice", "simple", ["builtin:random"] * 3, seed=9)
    records = read_records(other[0])
    records[0] = {**records[0], "origin": _header(source)["origin"]}
    path = tampered_copy(source, tmp_path, records)
    assert verify(path).returncode == 0
    assert ": line 1: seed " in only_line(verify("--seed", SEED, path))


def test_a_game_moved_to_another_group_fails_at_its_header(
    dice_ladder: Ladder, tmp_path: Path
) -> None:
    records = read_records(dice_ladder.replays[1])
    records[0]["seating"] = records[0]["seating"][::-1]
    path = tampered_copy(dice_ladder.replays[1], tmp_path, records)
    assert "group and seating are not those of game 1" in only_line(verify("--seed", SEED, path))


# ------------------------------------------------------------------------- hostile origins

HOSTILE_ORIGINS: dict[str, tuple[Any, str]] = {
    "text": ("match 1", "origin must be an object, not str"),
    "list": ([1, 2], "origin must be an object, not list"),
    "null": (None, "origin must be an object, not nothing"),
    "ladder number": ({"ladder": 5, "stage": "match", "match": 1}, "ladder must be text"),
    "ladder escape": (
        {"ladder": "\x1b[2J\x1b[31mowned", "stage": "match", "match": 1},
        "ladder must be 1 to 64",
    ),
    "ladder long": ({"ladder": "a" * 1_000_000, "stage": "match", "match": 1}, "1 to 64"),
    "stage": ({"ladder": "x", "stage": "semi", "match": 1}, "stage must be one of match, final"),
    "stage list": ({"ladder": "x", "stage": ["match"], "match": 1}, "stage must be one of"),
    "match huge": ({"ladder": "x", "stage": "match", "match": 10**40}, "match must be a whole"),
    "match 2**63": ({"ladder": "x", "stage": "match", "match": MAX_MATCH + 1}, "from 1 to"),
    "match negative": ({"ladder": "x", "stage": "match", "match": -1}, "from 1 to"),
    "match bool": ({"ladder": "x", "stage": "match", "match": True}, "match must be a whole"),
    "match text": ({"ladder": "x", "stage": "match", "match": "1"}, "match must be a whole"),
    "missing": ({"stage": "match", "match": 1}, "ladder must be text, not nothing"),
    "extra key": (
        {"ladder": "x", "stage": "match", "match": 1, "\x1b]0;title\x07": 1},
        "origin has an unknown key",
    ),
}


@pytest.mark.parametrize("case", list(HOSTILE_ORIGINS))
def test_a_hostile_origin_is_one_line(dice_ladder: Ladder, tmp_path: Path, case: str) -> None:
    origin, said = HOSTILE_ORIGINS[case]
    records = read_records(dice_ladder.replays[0])
    records[0]["origin"] = origin
    path = tampered_copy(dice_ladder.replays[0], tmp_path, records)
    line = only_line(verify("--seed", SEED, path))
    assert ": line 1: origin" in line and said in line, line


def test_a_ten_megabyte_origin_is_refused_by_the_reader_in_one_line(
    dice_ladder: Ladder, tmp_path: Path
) -> None:
    records = read_records(dice_ladder.replays[0])
    records[0]["origin"] = {"ladder": "x" * 10_000_000, "stage": "match", "match": 1}
    path = tampered_copy(dice_ladder.replays[0], tmp_path, records)
    line = only_line(verify("--seed", SEED, path))
    assert ": line 1: longer than 4 MiB" in line


def test_json_verdicts_name_the_line_of_a_failure(dice_ladder: Ladder, tmp_path: Path) -> None:
    records = read_records(dice_ladder.replays[0])
    del records[0]["origin"]
    path = tampered_copy(dice_ladder.replays[0], tmp_path, records)
    done = verify("--seed", SEED, "--json", path, dice_ladder.replays[1])
    assert done.returncode == 1
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first == {
        "file": str(path),
        "ok": False,
        "line": 1,
        "message": "no origin: cannot check its chance against a seed",
        "steps": 0,
    }
    assert second["ok"] is True and second["line"] is None
