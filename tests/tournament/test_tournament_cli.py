"""`thousand tournament` end to end: real bot processes, real replay files, the JSON document's
shape, a strong bot ranked first, a hostile bot name escaped in every output, one-line errors.

Where the length of a game is not what is tested, the dice games are the short capped rules
(the simple table to 300, at most 30 rounds: ``builtin:first`` and the hostile bot never stop a
turn, and would otherwise play the default 500). The strength test keeps the rules the expert
is solved for. Refusals, help, and what a tournament writes and says where the program's
process is not the claim, are read in this process (click's runner on the real command group;
the bots are processes all the same); one refusal, the round robin and a quiet tournament
still run the program.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.outputs import PAGE_MARK
from referee.replay.verify import verify_file
from tests.ladder.conftest import CAPPED_DICE
from tests.match_cli.conftest import ROOT, Run, assert_no_leftovers, bot, run
from tests.tournament.conftest import in_process

RANDOM_BOT = ROOT / "bots" / "random_bot.py"
DICE_EXPERT = ROOT / "bots" / "dice_expert.py"
HOSTILE = Path(__file__).parent / "bots" / "hostile.py"


def capped(folder: Path) -> list[str]:
    """``--rules`` of short dice games, written into ``folder``."""
    path = folder / "capped.toml"
    path.write_text(CAPPED_DICE, encoding="utf-8")
    return ["--rules", str(path)]


def tournament(args: list[str], cwd: Path) -> dict[str, Any]:
    # No sandbox: these tests are about the tournament; every game would pay its start-up.
    done = run(["tournament", "--seed", "1", "--sandbox", "none", "--json", *args], cwd)
    assert done.returncode == 0, done.explain()
    document: dict[str, Any] = done.doc
    return document


def tournament_in_process(args: list[str], cwd: Path) -> dict[str, Any]:
    """``tournament`` as above, in this process: for what the document says."""
    done = in_process(["tournament", "--seed", "1", "--sandbox", "none", "--json", *args], cwd)
    assert done.returncode == 0, done.explain()
    document: dict[str, Any] = done.doc
    return document


def test_round_robin_of_four_bots_plays_every_triple(marker: str, tmp_path: Path) -> None:
    doc = tournament(
        [
            "--game",
            "dice",
            *capped(tmp_path),
            "--replays",
            str(tmp_path / "r"),
            "builtin:random",
            "builtin:random",
            bot(RANDOM_BOT, 1, marker),  # a process: cheap to start, unlike the dice bot
            "builtin:first",
        ],
        tmp_path,
    )
    assert [t["bots"] for t in doc["tables"]] == [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]
    assert doc["games_planned"] == doc["games_played"] == 24
    assert [b["games"] for b in doc["bots"]] == [18] * 4
    assert doc["bots"][0]["name"] == "builtin:random#1"
    cross = doc["crosstable"]
    for a in range(4):
        assert cross[a][a] is None
        for b in range(4):
            if a != b:  # every pair sat at two tables of six games
                assert cross[a][b]["games"] == 12
                assert cross[a][b]["ahead"] + cross[b][a]["ahead"] == 12
                low, high = cross[a][b]["share_95"]
                assert low <= cross[a][b]["share"] <= high
    ranks = doc["ranking"]
    assert [r["rank"] for r in ranks] == [1, 2, 3, 4]
    assert sorted(r["bot"] for r in ranks) == [0, 1, 2, 3]
    assert [r["elo"] for r in ranks] == sorted((r["elo"] for r in ranks), reverse=True)
    assert abs(sum(r["elo"] for r in ranks)) < 1e-6  # centred on the mean
    assert doc["model"]["name"] == "plackett-luce"
    assert len(doc["games"]) == 24
    assert {(g["table"], g["game"]) for g in doc["games"]} == {
        (t, i) for t in range(4) for i in range(6)
    }
    assert all(sorted(g["seating"]) == doc["tables"][g["table"]]["bots"] for g in doc["games"])
    replays = sorted(Path(doc["replays"]).rglob("game-*.jsonl"))
    assert len(replays) == 24
    assert all(verify_file(path).ok for path in replays)
    assert_no_leftovers(marker)


def test_gauntlet_ranks_the_expert_above_random_bots(marker: str, tmp_path: Path) -> None:
    # Two seats: the dice expert is solved for the duel, where it wins about 80 % of its
    # games against a random player (docs/bots.md); 60 such games make the fit sure that it
    # is above the field. Not that it is above each random bot's own estimate by its whole
    # margin: one of them meets it 20 times only, and 11 of 20 happens (seed 1 does it).
    # The ranking is what the document says: read in this process (the expert a process).
    doc = tournament_in_process(
        [
            "--game",
            "dice",
            "--players",
            "2",
            "--format",
            "gauntlet",
            "--games-per-table",
            "20",
            bot(DICE_EXPERT, 1, marker),
            "builtin:random",
            "builtin:random",
            "builtin:random",
        ],
        tmp_path,
    )
    assert [t["bots"] for t in doc["tables"]] == [[0, 1], [0, 2], [0, 3]]
    first = doc["ranking"][0]
    assert first["bot"] == 0, doc["ranking"]
    assert first["elo_95"][0] > 0, doc["ranking"]  # surely above the field's mean
    assert first["elo"] > max(r["elo"] for r in doc["ranking"][1:])
    assert doc["bots"][0]["games"] == 60 and doc["bots"][1]["games"] == 20
    assert doc["crosstable"][1][2] is None  # the random bots never met
    assert doc["crosstable"][0][1]["share"] > 0.5
    assert len(doc["pentanomial"]) == 3
    assert_no_leftovers(marker)


def test_two_player_tables_report_pentanomial_pairs(tmp_path: Path) -> None:
    """The document's shape, of built-in players only: read in this process."""
    doc = tournament_in_process(
        [
            "--game",
            "dice",
            "--players",
            "2",
            *capped(tmp_path),
            "--games-per-table",
            "10",
            "builtin:random",
            "builtin:first",
            "builtin:random",
        ],
        tmp_path,
    )
    assert [t["bots"] for t in doc["tables"]] == [[0, 1], [0, 2], [1, 2]]
    pairs = {tuple(p["bots"]): p for p in doc["pentanomial"]}
    assert set(pairs) == {(0, 1), (0, 2), (1, 2)}
    for penta in pairs.values():
        assert penta["pairs"] == 5 and sum(penta["counts"]) == 5
        assert "narrower" in penta and "trinomial" in penta
    # The JSON document round-trips and holds every part a reader looks for.
    assert json.loads(json.dumps(doc)) == doc
    for key in ("tables", "bots", "ranking", "crosstable", "model", "seed", "games_played"):
        assert key in doc
    assert doc["seed"] == "1"


def test_a_hostile_bot_name_is_escaped_everywhere(marker: str, tmp_path: Path) -> None:
    page = tmp_path / "t.html"
    args = ["--game", "dice", *capped(tmp_path)]
    args += ["builtin:random", "builtin:random", bot(HOSTILE, marker)]
    # What the command writes and says: read in this process (the hostile bot is a process).
    done = in_process(["tournament", "--seed", "2", "--html", str(page), *args], tmp_path)
    assert done.returncode == 0, done.explain()
    text = page.read_text()
    assert PAGE_MARK in text
    assert "<script" not in text and "<img" not in text and "\x1b" not in text
    assert "&lt;script&gt;" in text
    assert "\x1b" not in done.stdout + done.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # atomic
    # The document keeps the name as data; a reader escapes it where it shows it.
    doc = tournament_in_process(args, tmp_path)
    assert doc["bots"][2]["name"].startswith("<script>")
    assert_no_leftovers(marker)


def test_html_does_not_overwrite_a_file_it_did_not_write(tmp_path: Path) -> None:
    notes = tmp_path / "notes.html"
    notes.write_text("my notes")
    done = in_process(
        ["tournament", "--game", "dice", "--html", str(notes), *["builtin:random"] * 3],
        tmp_path,
    )
    assert done.returncode == 1 and len(done.error_lines) == 1, done.explain()
    assert "--force" in done.stderr and notes.read_text() == "my notes"


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["--game", "dice", "builtin:random", "builtin:random"], 1, "at least 3 bots"),
        (
            ["--game", "dice", "--format", "gauntlet", "builtin:random", "builtin:random"],
            1,
            "gauntlet",
        ),
        (["--game", "dice", "--format", "swiss", *["builtin:random"] * 3], 2, "swiss"),
        (["--game", "cards", "--players", "4", *["builtin:random"] * 4], 1, "--rules four"),
        (["--game", "dice", "builtin:random", "builtin:nope", "builtin:random"], 1, "nope"),
        (["--resume", "nowhere"], 1, "no such folder"),
        (["--resume", ".", "builtin:random"], 1, "give no BOT"),
        (["--game", "dice"], 2, "Missing argument"),
        (["--html", "no/such/t.html", *["builtin:random"] * 3], 1, "does not exist"),
    ],
    ids=[
        "few",
        "gauntlet-few",
        "format",
        "players",
        "unknown-bot",
        "resume-none",
        "resume-bots",
        "no-bots",
        "html-folder",
    ],
)
def test_every_mistake_is_one_line(args: list[str], code: int, words: str, tmp_path: Path) -> None:
    assert_one_error_line(in_process(["tournament", *args], tmp_path), code, words)


def test_a_mistake_is_one_line_from_the_real_program(tmp_path: Path) -> None:
    """The end-to-end case of the refusals above: the installed command, as a process."""
    done = run(["tournament", "--game", "dice", "builtin:random", "builtin:random"], tmp_path)
    assert_one_error_line(done, 1, "at least 3 bots")


def assert_one_error_line(done: Run, code: int, words: str) -> None:
    assert done.returncode == code, done.explain()
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("thousand: error:"), done.explain()
    assert words in lines[0], done.explain()


def test_help_names_every_option(tmp_path: Path) -> None:
    done = in_process(["tournament", "--help"], tmp_path)
    assert done.returncode == 0
    for option in (
        "--format",
        "--games-per-table",
        "--concurrency",
        "--resume",
        "--html",
        "--sandbox",
        "--time-per-move",
        "--players",
    ):
        assert option in done.stdout


def test_a_two_bot_duplicate_match_prints_its_pentanomial_line(tmp_path: Path) -> None:
    """What the report says: read in this process (the bots still processes; short games)."""
    # Seed 3: pairs of three kinds ([1, 0, 1, 0, 2]), so there is a spread to compare.
    args = ["match", "--game", "dice", "--games", "8", "--rotate", "--seed", "3"]
    random_bot = bot(RANDOM_BOT, 1)
    options = [*capped(tmp_path), "--sandbox", "none"]
    done = in_process([*args, *options, "builtin:random", random_bot], tmp_path)
    assert done.returncode == 0, done.explain()
    (line,) = [x for x in done.stdout.splitlines() if x.startswith("pentanomial [")]
    assert "over 4 pairs" in line and "trinomial 95% CI" in line
    assert line.endswith(("narrower", "wider")), line
    plain = in_process(
        [*args[:-3], "--seed", "6", *capped(tmp_path), "builtin:random", "builtin:first"], tmp_path
    )
    assert plain.returncode == 0, plain.explain()
    assert "pentanomial" not in plain.stdout  # no pairs without --rotate


def test_a_quiet_tournament_leaves_nothing_in_the_temporary_folder(
    marker: str, tmp_path: Path
) -> None:
    temp = tmp_path / "system-temp"
    temp.mkdir()
    bots = [bot(RANDOM_BOT, seed, marker) for seed in (1, 2, 3)]
    options = ["--seed", "1", "--sandbox", "none", "--json", "--game", "dice", "--players", "2"]
    options += capped(tmp_path)
    done = run(
        ["tournament", *options, "--games-per-table", "2", *bots],
        tmp_path,
        env={"TMPDIR": str(temp)},
    )
    assert done.returncode == 0, done.explain()
    assert done.doc["logs"] is None
    assert list(temp.iterdir()) == []
    assert_no_leftovers(marker)
