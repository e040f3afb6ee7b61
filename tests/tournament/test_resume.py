"""Resumable runs: a real `thousand match` / `thousand tournament` with --replays is killed
(SIGKILL: no handler runs, a game is cut mid-write), continued with --resume, and its final
table compared with an uninterrupted run of the same seed. Deterministic bots (builtin random,
the example random bot with a seed: a fresh process each game) make the two runs' games
identical. A bot whose file changed is refused.

What is resumed does not depend on how long a game is or how many there are: the games are
few and short (the capped dice rules), the bot processes cheap to start (issue 29). The runs
that only set up a folder for a refusal, the refusals themselves and the uninterrupted
reference runs are played in this process (``in_process``); a killed run, a resumed match and
a signal are the real program.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import stat
import time
from pathlib import Path
from typing import Any

from tests.ladder.conftest import CAPPED_DICE
from tests.match_cli.conftest import ROOT, assert_no_leftovers, bot, run, start
from tests.tournament.conftest import in_process

RANDOM_BOT = ROOT / "bots" / "random_bot.py"
POLL = 0.02
"""How often the killer looks for finished replays: a game (a bot process started, a short
game played) takes longer than this, so the run is still killed well before its end."""


def capped(folder: Path) -> list[str]:
    """``--rules`` of short dice games (the simple table to 300, at most 30 rounds), written
    into ``folder``."""
    path = folder / "capped.toml"
    path.write_text(CAPPED_DICE, encoding="utf-8")
    return ["--rules", str(path)]


def finished(args: list[str], cwd: Path) -> Path:
    """A finished run of ``thousand ARGS`` (with ``--replays out``), played in this process:
    the folder a refusal test resumes."""
    done = in_process(args, cwd)
    assert done.returncode == 0, done.explain()
    return only_run(cwd / "out")


def kill_after(args: list[str], cwd: Path, folder: Path, games: int) -> None:
    """Start the command, SIGKILL it once ``games`` replays are complete under ``folder``."""
    process = start(args, cwd)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if len(list(folder.rglob("game-*.jsonl"))) >= games or process.poll() is not None:
                break
            time.sleep(POLL)
    finally:
        process.kill()
        process.communicate()
    assert process.returncode == -signal.SIGKILL, "the run ended before it could be killed"


def table(doc: dict[str, Any]) -> dict[str, Any]:
    """What must equal between an interrupted and an uninterrupted run: every game's result
    and every figure made from them (not thinking times, not file names)."""
    keep = {k: v for k, v in doc.items() if k not in ("replays", "logs", "bots", "games", "tables")}
    keep["bots"] = [{k: v for k, v in b.items() if k != "think_ms"} for b in doc["bots"]]
    keep["games"] = [{k: v for k, v in g.items() if k != "replay"} for g in doc.get("games", [])]
    return keep


def only_run(parent: Path) -> Path:
    (folder,) = [p for p in parent.iterdir() if p.is_dir()]
    return folder


def test_a_killed_match_resumes_to_the_uninterrupted_table(marker: str, tmp_path: Path) -> None:
    args = [
        "match",
        "--game",
        "dice",
        "--games",
        "8",
        "--rotate",
        "--seed",
        "11",
        *capped(tmp_path),
        "--sandbox",
        "none",  # what is tested is the resume; a sandbox would only slow every game
        "--json",
        "builtin:random",
        bot(RANDOM_BOT, 1, marker),
    ]
    killed = tmp_path / "killed"
    kill_after([*args, "--replays", str(killed)], tmp_path, killed, 2)
    folder = only_run(killed)
    manifest = folder / "run.json"
    assert stat.S_IMODE(manifest.stat().st_mode) == 0o600  # it holds the secret seed
    kept = len(list(folder.glob("game-*.jsonl")))
    resumed = run(["match", "--resume", str(folder), "--json"], tmp_path)
    assert resumed.returncode == 0, resumed.explain()
    assert f"{kept} games finished, {8 - kept} games to play" in resumed.stderr
    # The uninterrupted run is only the reference: played in this process.
    whole = in_process([*args, "--replays", str(tmp_path / "whole")], tmp_path)
    assert whole.returncode == 0, whole.explain()
    assert table(resumed.doc) == table(whole.doc)
    assert resumed.doc["games_played"] == 8 and resumed.doc["pentanomial"]["pairs"] == 4
    assert sorted(p.name for p in folder.glob("game-*")) == [
        f"game-{i:05d}.jsonl" for i in range(8)
    ]
    assert_no_leftovers(marker)


def test_a_killed_tournament_resumes_to_the_uninterrupted_table(
    marker: str, tmp_path: Path
) -> None:
    args = [
        "tournament",
        "--game",
        "dice",
        "--players",
        "2",
        "--games-per-table",
        "4",
        "--seed",
        "12",
        *capped(tmp_path),
        "--sandbox",
        "none",
        "--json",
        "builtin:random",
        bot(RANDOM_BOT, 1, marker),
        "builtin:random",
    ]
    killed = tmp_path / "killed"
    kill_after([*args, "--replays", str(killed)], tmp_path, killed, 4)
    folder = only_run(killed)
    # The kill is the real program; the resume of what it left (a match's resume is the
    # real program in the test above) and the reference run are played in this process.
    resumed = in_process(["tournament", "--resume", str(killed), "--json"], tmp_path)
    assert resumed.returncode == 0, resumed.explain()  # the parent folder named, not the run
    assert "games to play" in resumed.stderr and " 0 games to play" not in resumed.stderr
    whole = in_process([*args, "--replays", str(tmp_path / "whole")], tmp_path)
    assert whole.returncode == 0, whole.explain()
    assert table(resumed.doc) == table(whole.doc)
    assert resumed.doc["games_played"] == 12
    assert len(list(folder.rglob("game-*.jsonl"))) == 12
    assert not list(folder.rglob("*.part"))
    assert_no_leftovers(marker)


def test_a_changed_bot_is_refused_with_the_reason(tmp_path: Path) -> None:
    shutil.copy(RANDOM_BOT, tmp_path / "mine.py")
    args = ["match", "--game", "dice", "--games", "2", "--seed", "3", *capped(tmp_path)]
    folder = finished([*args, "--replays", "out", "builtin:random", "python3 mine.py"], tmp_path)
    with open(tmp_path / "mine.py", "a") as handle:
        handle.write("\n# a new idea\n")
    done = in_process(["match", "--resume", str(folder)], tmp_path)
    assert done.returncode == 1, done.explain()
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("thousand: error: bot 1 (python3 mine.py) is not the bot"), line
    assert "digest" in line


def test_a_resume_from_elsewhere_or_of_the_other_kind_is_refused(tmp_path: Path) -> None:
    """Read in this process, all of it (the same command group; from the folder each names):
    what is claimed is what the command says, and the resume of a finished run plays no game."""
    args = ["match", "--game", "dice", "--games", "2", "--seed", "3", "--replays", "out"]
    folder = finished([*args, "builtin:random", "builtin:random"], tmp_path)
    other = in_process(["tournament", "--resume", str(folder)], tmp_path)
    assert other.returncode == 1 and "thousand match --resume" in other.stderr, other.explain()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    moved = in_process(["match", "--resume", str(folder)], elsewhere)
    assert moved.returncode == 1 and "started in" in moved.stderr, moved.explain()
    manifest = json.loads((folder / "run.json").read_text())
    (folder / "run.json").write_text(json.dumps({**manifest, "referee": "0.0.1"}))
    older = in_process(["match", "--resume", str(folder)], tmp_path)
    assert older.returncode == 0, older.explain()
    assert "warning: the run was started by thousand 0.0.1" in older.stderr
    bad_options = {**manifest, "options": {**manifest["options"], "games": "many"}}
    (folder / "run.json").write_text(json.dumps(bad_options))
    options = in_process(["match", "--resume", str(folder)], tmp_path)
    assert options.returncode == 1 and "Traceback" not in options.stderr, options.explain()
    assert "the run manifest is damaged" in options.stderr, options.explain()
    (folder / "run.json").write_text("{not json")
    damaged = in_process(["match", "--resume", str(folder)], tmp_path)
    assert damaged.returncode == 1 and "not a run manifest" in damaged.stderr
    assert "Traceback" not in other.stderr + moved.stderr + damaged.stderr
    assert os.path.isdir(folder)


def test_a_replay_of_another_game_or_a_damaged_one_is_refused(tmp_path: Path) -> None:
    """Each refusal is what the command says: read in this process."""
    args = ["match", "--game", "dice", "--games", "4", "--rotate", "--seed", "3"]
    folder = finished([*args, "--replays", "out", "builtin:random", "builtin:random"], tmp_path)
    original = (folder / "game-00001.jsonl").read_bytes()
    # Game 0 under game 1's name: the same group seed, another seating.
    shutil.copy(folder / "game-00000.jsonl", folder / "game-00001.jsonl")
    swapped = in_process(["match", "--resume", str(folder)], tmp_path)
    assert swapped.returncode == 1, swapped.explain()
    assert "is not a game of this run" in swapped.stderr
    (folder / "game-00001.jsonl").write_bytes(original)
    lines = original.splitlines(keepends=True)
    result = json.loads(lines[-1])
    result["faults"] = [{"kind": "timeout", "bot": 7, "seat": 0}]
    (folder / "game-00001.jsonl").write_bytes(
        b"".join(lines[:-1]) + json.dumps(result).encode() + b"\n"
    )
    damaged = in_process(["match", "--resume", str(folder)], tmp_path)
    assert damaged.returncode == 1, damaged.explain()
    assert len(damaged.error_lines) == 1 and "Traceback" not in damaged.stderr
    # A fault at its right seat but of a kind protocol.md does not name (a hostile one).
    seating = json.loads(lines[0])["seating"]
    result["faults"] = [{"kind": "\x1b[2Jtime\nout", "bot": seating[0], "seat": 0}]
    (folder / "game-00001.jsonl").write_bytes(
        b"".join(lines[:-1]) + json.dumps(result).encode() + b"\n"
    )
    unknown = in_process(["match", "--resume", str(folder)], tmp_path)
    assert unknown.returncode == 1, unknown.explain()
    assert len(unknown.error_lines) == 1 and "a fault of unknown kind" in unknown.stderr
    assert "\x1b" not in unknown.stderr and "Traceback" not in unknown.stderr
    # A game that ended for a reason no engine gives.
    result["faults"] = []
    result["reason"] = "<b>bored</b>"
    (folder / "game-00001.jsonl").write_bytes(
        b"".join(lines[:-1]) + json.dumps(result).encode() + b"\n"
    )
    bored = in_process(["match", "--resume", str(folder)], tmp_path)
    assert bored.returncode == 1 and "ended for an unknown reason" in bored.stderr, bored.explain()
    (folder / "game-00002.jsonl").write_bytes(b"\x00garbage")
    (folder / "game-00001.jsonl").write_bytes(original)
    garbage = in_process(["match", "--resume", str(folder)], tmp_path)
    assert garbage.returncode == 1 and "cannot resume" in garbage.stderr, garbage.explain()


def test_sigterm_stops_a_tournament_with_its_report_and_the_way_on(tmp_path: Path) -> None:
    args = ["tournament", "--game", "dice", "--players", "2", "--games-per-table", "400"]
    args += ["--sandbox", "none", "--replays", "out", "--json", *["builtin:random"] * 3]
    process = start(args, tmp_path)
    try:
        deadline = time.monotonic() + 60
        while len(list((tmp_path / "out").rglob("game-*.jsonl"))) < 3:
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(POLL)
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130, err
    assert "Traceback" not in err
    document = json.loads(out)
    assert document["stopped"].startswith("interrupted after")
    assert 3 <= document["games_played"] < 1200
    folder = only_run(tmp_path / "out")
    assert f"continue with: thousand tournament --resume {folder.relative_to(tmp_path)}" in err


def test_an_option_the_run_fixes_is_refused_with_resume_not_ignored(tmp_path: Path) -> None:
    """The run is played in this process, and each refusal read there (the same command
    group, from the run's folder); the resume that is accepted is the real program (``--pin``
    is about the processes)."""
    args = ["match", "--game", "dice", "--games", "2", "--seed", "3", "--replays", "out"]
    folder = str(finished([*args, "builtin:random", "builtin:random"], tmp_path))
    for command, extra, named in (
        ("match", ["--games", "50"], "--games"),
        ("match", ["--seed", "4", "--time-per-move", "2"], "--seed, --time-per-move"),
        ("match", ["--sandbox", "none"], "--sandbox"),
        ("tournament", ["--players", "2"], "--players"),
    ):
        done = in_process([command, "--resume", folder, *extra], tmp_path)
        assert done.returncode == 2, done.explain()
        assert f"thousand: error: {named}: a resumed run keeps the options" in done.stderr
    # Output options, and where to play, may still be given.
    kept = run(["match", "--resume", folder, "--json", "--pin"], tmp_path)
    assert kept.returncode == 0, kept.explain()
    assert kept.doc["games_played"] == 2
