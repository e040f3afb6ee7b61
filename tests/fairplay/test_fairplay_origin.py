"""A replay's origin tells which match of which ladder it is and nothing about its chance.

The origin lets anyone holding the revealed master seed recompute a game's seed; before the
reveal it must give nothing away. A match's seed is one HMAC above each of its game seeds: a
replay that held it would let its reader compute every deal of the match's other games (a
final's table plays several duplicate groups), so neither it nor the master seed may appear in
any replay, in any form. The origin holds exactly the ladder's id (already public: its game
pages are filed under it), the stage and the match number, and the seed the ladder drew for
itself (no ``--seed``) still verifies every replay once it is read out as a reveal would.
"""

from __future__ import annotations

import json
from pathlib import Path

from referee.games.chance import commitment
from referee.ladder.paths import files_dir
from tests.ladder.conftest import ok, quick_ok, read_only, rules_file
from tests.replay.conftest import thousand
from tests.replay.forged import read_records


def _forms(seed: int) -> set[str]:
    return {str(seed), format(seed, "x"), format(seed, "X"), format(seed, "064x")}


def test_origins_name_the_match_and_no_replay_holds_the_master_or_a_match_seed(
    tmp_path: Path,
) -> None:
    db = tmp_path / "ladder.db"
    rules = rules_file(tmp_path)
    # No --seed: the ladder draws its own, as a contest's does.
    quick_ok("init", db, "--game", "dice", "--rules", rules, "--sandbox", "rlimits",
             "--allow-weak-sandbox")  # fmt: skip
    for name in ("anna", "boris", "vera"):
        quick_ok("add", db, name, "builtin:random", "--no-check")
    ok("run", db, "--matches", 3, "--allow-weak-sandbox", timeout=240)
    conn = read_only(db)
    try:
        meta = {k: json.loads(v) for k, v in conn.execute("SELECT key, value FROM meta")}
        match_seeds = {i: int(s, 16) for i, s in conn.execute("SELECT id, seed FROM matches")}
    finally:
        conn.close()
    master = int(meta["seed"])
    assert master.bit_length() > 96 and len(match_seeds) == 3
    secrets = _forms(master).union(*(_forms(s) for s in match_seeds.values()))
    replays = sorted(files_dir(db).rglob("game-*.jsonl"))
    assert len(replays) == 3 * 6
    for path in replays:
        text = path.read_text(encoding="utf-8")
        assert [form for form in secrets if form in text] == [], path
        origin = read_records(path)[0]["origin"]
        match = int(path.parent.name.removeprefix("match-"))
        assert origin == {"ladder": meta["ladder_id"], "stage": "match", "match": match}
    # Read out, the drawn seed holds every replay to its published commitment.
    done = thousand(
        "replay", "verify", "--seed", master, "--commitment", commitment(master), files_dir(db)
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count(": OK") == 18
