"""A ladder by default: bubblewrap, a secret master seed, and nothing of either to be had.

A ladder made without ``--sandbox`` runs its bots under bwrap. An entrant (bots/reader.py) tries
to read and write the ladder's database and the replays being written into NAME.db.files/: it
can do none of it, and says so in its stderr log under NAME.db.files/replays/match-*/logs/. The
ladder's master seed, read from its database, appears nowhere the ladder publishes or shows a
bot (standings as text, JSON, Markdown and HTML with its game pages, the games list, replays,
the bots' logs) in decimal or hex. A weaker sandbox needs ``--allow-weak-sandbox``, and a seed a
person can guess is announced.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from referee.ladder.paths import files_dir
from tests.fairplay.conftest import py_bot, reader_copy, reports, rules_file
from tests.ladder.conftest import ok, one_error_line, quick, quick_ok, read_only
from tests.requirements import need

WRITTEN = "fairplay-probe-written"  # as in bots/reader.py


@dataclass
class Contest:
    folder: Path
    db: Path
    seed: int
    targets: list[str]
    init_stderr: str


@pytest.fixture(scope="module")
def contest(tmp_path_factory: pytest.TempPathFactory) -> Contest:
    """A card ladder with defaults (bwrap, fresh seed), a reader entrant, one match played."""
    need("bwrap")
    folder = tmp_path_factory.mktemp("contest")
    db = folder / "contest.db"
    files = files_dir(db)
    # What init says is read in this process; the match is the real program.
    init = quick_ok(
        "init", db, "--game", "cards", "--players", 3, "--rules", rules_file(folder, "cards")
    )
    targets = [str(db), f"{db}-wal", str(files), str(files / "replays"), str(folder)]
    probe = reader_copy(tmp_path_factory.mktemp("entrant"), targets)  # not under the ladder's
    quick_ok("add", db, "reader", py_bot(probe), "--no-check")
    quick_ok("add", db, "anna", "builtin:random", "--no-check")
    quick_ok("add", db, "boris", "builtin:random", "--no-check")
    ok("run", db, "--matches", 1, timeout=180)
    conn = read_only(db)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        (status,) = conn.execute("SELECT status FROM matches WHERE id = 1").fetchone()
    finally:
        conn.close()
    assert status == "done"
    return Contest(folder, db, int(meta["seed"]), targets, init.stderr)


def test_the_default_ladder_sandbox_hides_the_database_and_replays(contest: Contest) -> None:
    assert "sandbox" not in contest.init_stderr  # no warning: bwrap is the default
    logs = sorted(files_dir(contest.db).glob("replays/match-*/logs/*.log"))
    assert logs, "no bot logs under the ladder's files folder"
    found = reports(files_dir(contest.db) / "replays")
    assert len(found) == 6 * len(contest.targets), found  # every game, a fresh process
    for report in found:
        assert not report["exists"], report
        assert (report["listed"], report["read"], report["writable"]) == (None, {}, False)
    for target in contest.targets:
        assert not (Path(target) / WRITTEN).exists()


def test_the_master_seed_is_published_nowhere(contest: Contest) -> None:
    seed = contest.seed
    assert seed.bit_length() > 96, "init without --seed must draw a fresh secret seed"
    forms = {str(seed), format(seed, "x"), format(seed, "032x"), format(seed, "064x")}
    out = contest.folder / "published"
    out.mkdir()
    shown = {
        "standings": quick_ok("standings", contest.db).stdout,
        "standings --json": quick_ok("standings", contest.db, "--json").stdout,
        "standings --markdown": quick_ok("standings", contest.db, "--markdown").stdout,
        "standings --html": quick_ok("standings", contest.db, "--html", out / "s.html").stdout,
        "games": quick_ok("games", contest.db).stdout,
        "games --json": quick_ok("games", contest.db, "--json").stdout,
    }
    written = [out, files_dir(contest.db)]
    for place in written:
        for path in sorted(p for p in place.rglob("*") if p.is_file()):
            shown[str(path)] = path.read_bytes().decode("latin-1")
    assert len([p for p in shown if p.endswith(".jsonl")]) == 6, sorted(shown)
    assert len([p for p in shown if p.endswith(".html")]) == 7, sorted(shown)  # + game pages
    leaks = [f"{where}: {form}" for where, text in shown.items() for form in forms if form in text]
    assert leaks == [], leaks
    # The search would find it: the seed is in the database, in the form searched for.
    conn = read_only(contest.db)
    try:
        stored = " ".join(str(v) for (v,) in conn.execute("SELECT value FROM meta"))
    finally:
        conn.close()
    assert str(seed) in stored


def test_a_weak_sandbox_needs_saying_so(tmp_path: Path) -> None:
    refused = quick("init", tmp_path / "weak.db", "--game", "dice", "--sandbox", "rlimits")
    assert refused.returncode == 1
    assert one_error_line(refused).startswith("thousand: error:"), refused.explain()
    assert not (tmp_path / "weak.db").exists()
    made = quick_ok(
        "init", tmp_path / "weak.db", "--game", "dice", "--sandbox", "rlimits",
        "--allow-weak-sandbox",
    )  # fmt: skip
    assert "created ladder" in made.stdout


def test_a_guessable_seed_is_announced_and_a_fresh_one_is_not(tmp_path: Path) -> None:
    guessable = quick_ok("init", tmp_path / "five.db", "--game", "dice", "--seed", 5)
    assert "thousand: warning: seed 5 is guessable" in guessable.stderr, guessable.explain()
    fresh = quick_ok("init", tmp_path / "fresh.db", "--game", "dice")
    assert "guessable" not in fresh.stderr and "warning" not in fresh.stderr, fresh.explain()
