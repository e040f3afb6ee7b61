"""`thousand match` keeps every bot's stderr even without --replays or --logs (in a new folder
under the system's temporary folder), names the faulting bot's log in the report, and prints one
line per finished game when its output goes to a log rather than a terminal.

Where the system's temporary folder is the claim (TMPDIR, which Python reads once a process),
the real program runs; the rest in this process (``invoke``: the real command, real bots)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.match_cli.conftest import (
    FAST,
    assert_no_leftovers,
    faulty,
    invoke,
    match_folders,
    random_bot,
    run,
    short_dice,
)

LOG_LINE = re.compile(r"^thousand: bot (\d) \((.*)\) faulted in (\d+) games?.*stderr log: (.*)$")


def test_without_replays_or_logs_the_faulting_bots_stderr_is_kept_and_named(
    marker: str, tmp_path: Path
) -> None:
    temp = tmp_path / "system-temp"
    temp.mkdir()
    done = run(
        [
            "match",
            faulty("stderr_crash", 1, marker),
            random_bot(marker),
            "--game",
            "dice",
            "--games",
            "2",
            "--seed",
            "1",
            *FAST,
            "--json",
        ],
        tmp_path,
        env={"TMPDIR": str(temp)},
    )
    assert done.returncode == 0, done.explain()
    assert done.doc["bots"][0]["faults"] == {"crash": 2}
    found = [m for m in map(LOG_LINE.match, done.stderr.splitlines()) if m]
    assert [m.group(1) for m in found] == ["0"], done.explain()  # the good bot is not named
    (path,) = (Path(p) for p in found[0].group(4).split(", "))
    assert path.is_file() and path.is_relative_to(temp), path
    assert path.read_bytes().startswith(b"eeee")  # what the bot wrote before it crashed
    assert Path(done.doc["logs"]) == path.parent
    assert_no_leftovers(marker)


def test_with_replays_the_log_named_is_in_the_matchs_own_folder(
    marker: str, tmp_path: Path
) -> None:
    replays = tmp_path / "replays"
    done = invoke(
        [
            "match",
            faulty("crash", 1, marker),
            random_bot(marker),
            "--game",
            "dice",
            "--games",
            "1",
            "--seed",
            "1",
            *FAST,
            "--json",
            "--replays",
            str(replays),
        ],
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.explain()
    (folder,) = match_folders(replays)
    found = [m for m in map(LOG_LINE.match, done.stderr.splitlines()) if m]
    assert len(found) == 1, done.explain()
    (path,) = (Path(p) for p in found[0].group(4).split(", "))
    assert path.parent == folder / "logs" and path.is_file()
    assert_no_leftovers(marker)


def test_one_line_per_finished_game_when_stdout_is_not_a_terminal(tmp_path: Path) -> None:
    done = invoke(
        [
            "match",
            "builtin:random",
            "builtin:first",
            "--game",
            "dice",
            "--games",
            "3",
            "--seed",
            "4",
            "--rules",
            short_dice(tmp_path),
        ],
        env={"COLUMNS": "200"},
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.explain()
    lines = [line for line in done.stdout.splitlines() if line.startswith("game ")]
    assert len(lines) == 3, done.explain()
    for number, line in enumerate(lines, start=1):
        assert line.startswith(f"game {number} of 3 finished"), line
        assert "builtin:random" in line and "builtin:first" in line, line
    # The lines come before the results table, as the games finish.
    assert done.stdout.index(lines[-1]) < done.stdout.index("mean place")


def test_json_output_stays_one_document(tmp_path: Path) -> None:
    done = invoke(
        [
            "match",
            "builtin:random",
            "builtin:first",
            "--game",
            "dice",
            "--games",
            "2",
            "--seed",
            "4",
            "--rules",
            short_dice(tmp_path),
            "--json",
        ],
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.explain()
    assert done.doc["games_played"] == 2  # parses: no progress line mixed in


def test_help_says_where_logs_go_by_default(tmp_path: Path) -> None:
    done = invoke(["match", "--help"], env={"COLUMNS": "100"}, cwd=tmp_path)
    text = " ".join(done.stdout.split())
    assert "system's temporary folder" in text
    assert "3 a bot never played a game" in text


def quiet_or_chatty_match(first: str, marker: str, tmp_path: Path, temp: Path) -> dict[str, object]:
    options = ["--game", "dice", "--games", "2", "--seed", "2", *FAST, "--json"]
    done = run(
        ["match", first, random_bot(marker), *options],
        tmp_path,
        env={"TMPDIR": str(temp)},
    )
    assert done.returncode == 0, done.explain()
    assert_no_leftovers(marker)
    document: dict[str, object] = done.doc
    return document


def test_a_quiet_match_leaves_nothing_in_the_temporary_folder(marker: str, tmp_path: Path) -> None:
    """Thousands of matches without --replays or --logs must not fill the temporary folder
    with folders of empty logs."""
    temp = tmp_path / "system-temp"
    temp.mkdir()
    document = quiet_or_chatty_match(random_bot(marker, 3), marker, tmp_path, temp)
    assert document["logs"] is None
    assert list(temp.glob("thousand-match-logs-*")) == []


def test_a_bots_stderr_is_kept_and_named_and_empty_logs_are_not(
    marker: str, tmp_path: Path
) -> None:
    temp = tmp_path / "system-temp"
    temp.mkdir()
    document = quiet_or_chatty_match(faulty("env", 0, marker), marker, tmp_path, temp)
    (folder,) = temp.glob("thousand-match-logs-*")
    assert document["logs"] == str(folder)
    (kept,) = folder.iterdir()  # the quiet random bot's empty log is gone
    assert kept.name.startswith("bot0-") and b"PATH" in kept.read_bytes()
