"""What `thousand match` says: silent adjustments announced, counts in English, one error
style for every mistake (click's own included), bot labels that tell two same-named bots apart
the same way everywhere, and a distinct exit code for a match in which a bot never played.

What a command says is checked in this process (``invoke``: the real command, real bot
processes, no interpreter start-up), with games cut short where their length is not the claim;
one usage error and one referee error go through the real program
(test_usage_error_of_the_real_command and
test_four_bots_at_classic_cards_are_pointed_to_the_four_preset)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.games.report import END_WORDS
from tests.match_cli.conftest import (
    FAST,
    assert_no_leftovers,
    bot,
    faulty,
    invoke,
    random_bot,
    run,
    short_dice,
)


def test_rotate_announces_the_games_it_adds(tmp_path: Path) -> None:
    done = invoke(
        [
            "match",
            "builtin:random",
            "builtin:random",
            "builtin:first",
            "--game",
            "dice",
            "--games",
            "10",
            "--rotate",
            "--seed",
            "1",
            "--rules",
            short_dice(tmp_path),
            "--json",
        ],
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.explain()
    assert done.doc["games_played"] == 12
    assert "12 games, not 10" in done.stderr, done.explain()


def test_four_bots_at_classic_cards_are_pointed_to_the_four_preset(tmp_path: Path) -> None:
    done = run(["match", *["builtin:random"] * 4, "--game", "cards", "--games", "1"], tmp_path)
    assert done.returncode == 1
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("thousand: error:") and "--rules four" in line, line


def test_a_dice_preset_asked_of_cards_is_pointed_to_the_dice_game() -> None:
    done = invoke(["rules", "show", "ussr"])
    assert done.returncode == 1
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("thousand: error:") and "--game dice" in line, line


def test_one_game_reads_as_english(tmp_path: Path) -> None:
    done = invoke(
        [
            "match",
            "builtin:random",
            "builtin:first",
            "--game",
            "dice",
            "--games",
            "1",
            "--seed",
            "2",
            "--rules",
            short_dice(tmp_path),
        ],
        env={"COLUMNS": "200"},
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.explain()
    assert "1 game ·" in done.stdout, done.stdout
    assert "1 games" not in done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["match", "builtin:random", "builtin:random", "--games", "0"],
        ["match", "builtin:random", "builtin:random", "--no-such-option"],
        ["match", "builtin:random", "builtin:random", "--game", "chess"],
        ["match"],
        ["no-such-command"],
        ["ladder", "init", "x.db", "--game", "dice", "--players", "1"],
        ["rules", "show", "--game", "poker"],
    ],
    ids=["range", "option", "choice", "missing", "command", "ladder", "rules"],
)
def test_click_usage_errors_speak_the_one_error_style(args: list[str], tmp_path: Path) -> None:
    """In process (the error path is click's and ours, not the interpreter's); the real
    command's exit 2 and one line are tested end to end by test_usage_error_of_the_real_command."""
    done = invoke([str(tmp_path / a) if a == "x.db" else a for a in args])
    assert done.returncode == 2, done.explain()
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.explain()
    assert lines[0].startswith("thousand: error: "), done.explain()
    assert "--help" in lines[0]  # where to read more, in the same line


def test_two_bots_of_one_name_are_numbered_everywhere(marker: str, tmp_path: Path) -> None:
    args = [
        "match",
        random_bot(marker, 1),
        random_bot(marker, 2),
        "--game",
        "dice",
        "--games",
        "2",
        "--seed",
        "9",
        "--rules",
        short_dice(tmp_path),
        *FAST,
    ]
    done = invoke([*args, "--json"], cwd=tmp_path)
    assert done.returncode == 0, done.explain()
    assert [b["name"] for b in done.doc["bots"]] == ["random#1", "random#2"]
    text = invoke(args, env={"COLUMNS": "200"}, cwd=tmp_path)
    assert "0: random#1" in text.stdout and "1: random#2" in text.stdout, text.explain()
    assert "random#1 vs random#2" in text.stdout
    assert_no_leftovers(marker)


def test_a_bot_that_never_played_makes_exit_code_3(marker: str, tmp_path: Path) -> None:
    done = invoke(
        [
            "match",
            faulty("crash_start", 0, marker),
            random_bot(marker),
            "--game",
            "dice",
            "--games",
            "2",
            "--seed",
            "1",
            "--rules",
            short_dice(tmp_path),
            *FAST,
            "--json",
        ],
        cwd=tmp_path,
    )
    assert done.returncode == 3, done.explain()
    assert done.doc["games_played"] == 2  # the match was still played and reported
    errors = done.error_lines
    assert len(errors) == 1 and "bot 0" in errors[0] and "never played" in errors[0], errors
    assert "Traceback" not in done.stderr
    assert_no_leftovers(marker)


def test_a_ladder_run_of_one_match_says_match(tmp_path: Path) -> None:
    db = str(tmp_path / "contest.db")
    # The simple table to 300, cut off after 30 rounds: builtin:first never banks a point, so
    # without a cap its games would last the preset's 500 rounds.
    rules = tmp_path / "capped.toml"
    rules.write_text('preset = "simple"\ngoal = 300\nmax_rounds = 30\n')
    steps = [
        [
            "ladder",
            "init",
            db,
            "--game",
            "dice",
            "--players",
            "2",
            "--rules",
            str(rules),
            "--sandbox",
            "bwrap",
        ],
        ["ladder", "add", db, "alice", "builtin:random"],
        ["ladder", "add", db, "bob", "builtin:first"],
        ["ladder", "run", db, "--matches", "1"],
    ]
    for step in steps:
        done = invoke(step, cwd=tmp_path)
        assert done.returncode == 0, done.explain()
    assert "recorded 1 match\n" in done.stdout, done.explain()


def test_a_bot_that_faults_after_starting_is_not_a_bot_that_never_played(
    marker: str, tmp_path: Path
) -> None:
    done = invoke(
        [
            "match",
            faulty("crash", 0, marker),
            random_bot(marker),
            "--game",
            "dice",
            "--games",
            "2",
            "--seed",
            "1",
            "--rules",
            short_dice(tmp_path),
            *FAST,
            "--json",
        ],
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.explain()
    assert done.doc["bots"][0]["faults"] == {"crash": 2}
    assert_no_leftovers(marker)


@pytest.mark.parametrize("args", [[], ["ladder"], ["replay"]], ids=["top", "ladder", "replay"])
def test_a_bare_command_group_still_shows_its_help(args: list[str]) -> None:
    """Only errors take the one-line style: a group called without a command shows its help."""
    done = invoke(args)
    shown = done.stdout + done.stderr
    assert "Usage:" in shown and "Commands:" in shown, done.explain()
    assert "thousand: error:" not in shown, done.explain()


def test_a_bot_keeps_its_first_name_for_the_whole_match(marker: str, tmp_path: Path) -> None:
    """A bot restarted for every game announces a new name each time; the report keeps the
    name of its first game, as the per-game lines do."""
    renamer = bot(Path(__file__).parent / "bots" / "renamer.py", marker)
    replays = tmp_path / "replays"
    rules = short_dice(tmp_path)
    done = invoke(
        [
            "match",
            renamer,
            random_bot(marker),
            "--game",
            "dice",
            "--games",
            "3",
            "--seed",
            "1",
            "--rules",
            rules,
            *FAST,
            "--json",
            "--replays",
            str(replays),
        ],
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.explain()
    announced = []
    for game in done.doc["games"]:
        header = json.loads(Path(game["replay"]).read_text().splitlines()[0])
        (seat,) = [s for s in header["seats"] if s["bot"] == 0]
        announced.append(seat["name"])
    assert len(set(announced)) == 3, announced  # it really did rename itself every game
    assert done.doc["bots"][0]["name"] == announced[0]
    lines = invoke(
        [
            "match",
            renamer,
            random_bot(marker),
            "--game",
            "dice",
            "--games",
            "3",
            "--seed",
            "1",
            "--rules",
            rules,
            *FAST,
        ],
        env={"COLUMNS": "200"},
        cwd=tmp_path,
    )
    per_game = [line for line in lines.stdout.splitlines() if line.startswith("game ")]
    first = re.search(r"renamer-[0-9a-f]+", per_game[0])
    assert first is not None, lines.explain()
    assert all(first.group(0) in line for line in per_game), per_game
    assert f"0: {first.group(0)}" in lines.stdout
    assert_no_leftovers(marker)


def test_usage_error_of_the_real_command(tmp_path: Path) -> None:
    """One usage error through the real ``thousand`` process: exit 2, one line on stderr."""
    done = run(["match", "builtin:random", "builtin:random", "--no-such-option"], tmp_path)
    assert done.returncode == 2, done.explain()
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("thousand: error: "), done.explain()
    assert "--help" in lines[0]


def test_a_game_line_says_who_faulted_where_it_was_ranked_and_what_ended_the_game(
    marker: str, tmp_path: Path
) -> None:
    """A crashed bot's seat is played on by the fallback and may end with the highest score:
    the per-game line names the fault and the place the fault policy gave it, lists it last,
    and says what ended the game in a player's words, never the engine's bare word."""
    done = invoke(
        [
            "match",
            faulty("crash", 2, marker),
            random_bot(marker),
            "--game",
            "dice",
            "--games",
            "2",
            "--seed",
            "3",
            "--rules",
            short_dice(tmp_path),
            *FAST,
        ],
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.explain()
    lines = [line for line in done.stdout.splitlines() if line.startswith("game ")]
    assert len(lines) == 2, done.explain()
    words = set(END_WORDS.values())
    for line in lines:
        players, ended = line.split(": ", 1)[1].rsplit("; ended: ", 1)
        assert ended in words, line
        last = players.split(", ")[-1]
        assert re.fullmatch(r"faulty\S* -?\d+ \(faulted: crash; ranked last\)", last), line
    assert_no_leftovers(marker)
