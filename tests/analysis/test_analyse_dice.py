"""``thousand analyse`` on dice games played by real bot processes (``thousand match`` run in
the test's process, its bots in their own): the expert loses nothing against itself, a planted
blunder is marked with its exact loss, the JSON validates against the published schema."""

from __future__ import annotations

import base64
import gzip
import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from referee.analysis.dice_model import PlayerState
from referee.analysis.dice_table import BOT_FILE, load_table
from referee.analysis.marks import DICE_MARKS, mark
from referee.analysis.report import analysis_schema
from tests.analysis.test_dice_table import independent_turn
from tests.inprocess import invoke

ROOT = Path(__file__).resolve().parents[2]
EXPERT = f"{sys.executable} {BOT_FILE}"

# The expert's policy, except once: the first time it would record a turn total of 150 or more
# with one die left (opened, a score below 500), it throws that die instead: two chances in
# three to lose the whole total. (In classic no stop of 0 points is legal, and an early stop
# costs well under 1 % of winning chances but onto the samosval, which few games meet.)
PLANTED = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("dice_expert", sys.argv[1])
expert = importlib.util.module_from_spec(spec)
spec.loader.exec_module(expert)
policy = expert.SolvedPolicy()
planted = False
for line in sys.stdin:
    message = json.loads(line)
    kind = message.get("type")
    if kind == "hello":
        hello = {"type": "hello", "name": "planted", "version": "1", "protocol": 1}
        print(json.dumps({**hello, "games": ["dice"]}), flush=True)
    elif kind == "request":
        view, legal = message["view"], message["legal"]
        me = view["seat"]
        action = policy.choose(view, legal)
        greedy = view["turn_total"] >= 150 and view["dice_left"] == 1
        if not planted and greedy and view["opened"][me] and 0 <= view["scores"][me] < 500:
            if action["type"] == "stop":
                action, planted = {"type": "roll"}, True
                print(f"planted at {view['turns_played']}", file=sys.stderr)
        print(json.dumps({"type": "action", "id": message["id"], "action": action}), flush=True)
    elif kind == "bye":
        break
"""


def play(tmp_path: Path, bots: list[str], games: int, seed: int) -> list[Path]:
    """Classic, where the expert plays its solved policy (under a rules file of the table's
    exact rules, score_floor -200, it reads the rules as unsolved and plays its fallback)."""
    folder = tmp_path / "replays"
    done = invoke(
        ["match", "--game", "dice", "--rules", "classic", "--games", games, "--seed", seed,
         "--replays", folder, "--time-per-move", "5", "--json", *bots],
        cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return sorted(folder.glob("match-*/game-*.jsonl"))


def analyse(*args: object) -> dict[str, Any]:
    done = invoke(["analyse", "--json", *args], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    document: dict[str, Any] = json.loads(done.stdout)
    jsonschema.validate(document, analysis_schema())
    return document


def test_the_expert_against_itself_loses_nothing(tmp_path: Path) -> None:
    files = play(tmp_path, [EXPERT, EXPERT], games=4, seed=32)
    document = analyse(*files)
    assert [game["basis"] for game in document["games"]] == ["abstracted"] * 4
    decisions = [d for game in document["games"] for d in game["decisions"]]
    assert len(decisions) > 20
    # the bot reads the other player without its bolt count (docs/bots.md): where that
    # changes the answer the loss is a near tie's, far below any mark
    assert all(d["mark"] is None and d["loss"] < 1e-3 for d in decisions)
    assert len(document["bots"]) == 2  # the referee names the two copies apart: #0, #1
    for bot in document["bots"]:
        assert bot["games"] == 4 and bot["blunders"] == bot["mistakes"] == bot["inaccuracies"] == 0


def test_a_planted_blunder_is_marked_with_its_exact_loss(tmp_path: Path) -> None:
    script = tmp_path / "planted.py"
    script.write_text(PLANTED, encoding="utf-8")
    planted = f"{sys.executable} {script} {BOT_FILE}"
    files = play(tmp_path, [planted, EXPERT], games=1, seed=1)  # the plant occurs in game 0
    document = analyse(files[0], "--seat", "0")
    game = document["games"][0]
    (first,) = [d for d in game["decisions"] if d["mark"] is not None]
    assert first["chosen"] == {"type": "roll"} and first["best"] == {"type": "stop"}
    assert first["dice_left"] == 1 and first["turn_total"] >= 150
    # the loss, recomputed apart: the state before the step, valued by a separate recursion
    state = state_before(files[0], first["step"])
    assert state["opened"][0] and not state["on_barrel"][1]
    table = load_table()
    me = PlayerState(state["scores"][0], -1, state["bolts"][0])
    other = (
        PlayerState(state["scores"][1], -1, state["bolts"][1])
        if state["opened"][1]
        else PlayerState(None)
    )
    stop_value, throw = independent_turn(table, me, other)
    expected = stop_value(first["turn_total"]) - throw(first["turn_total"], 1)  # type: ignore[operator]
    assert expected >= 0.03  # stopping was better by a margin worth a mistake at least
    assert first["loss"] == pytest.approx(expected, abs=1e-12)
    assert first["mark"] == mark(expected, DICE_MARKS)
    (bot,) = document["bots"]  # --seat 0: the planted bot only
    assert bot["name"] == "planted" and bot["mistakes"] + bot["blunders"] == 1
    assert (bot["costliest"][0]["file"], bot["costliest"][0]["step"]) == (
        str(files[0]),
        first["step"],
    )
    throws = next(p for p in bot["by_phase"] if p["phase"] == "throw")
    assert throws["total_loss"] >= first["loss"]
    # where people look: the step in `thousand replay show --analysis`, the dot on the page
    shown = invoke(["replay", "show", files[0], "--analysis", "--no-step"], cwd=ROOT)
    assert shown.returncode == 0, shown.stderr
    text = " ".join(shown.stdout.split())  # rich wraps long lines
    assert f"best stop {first['value_best'] * 100:.1f} %: {first['mark']}" in text
    assert text.count("win probability: planted") > 20
    page = tmp_path / "analysis.html"
    assert invoke(["analyse", files[0], "--html", page], cwd=ROOT).returncode == 0
    assert f"<title>step {first['step']}: {first['mark']}</title>" in page.read_text("utf-8")
    viewer = tmp_path / "replay.html"
    done = invoke(["replay", "export", files[0], "--html", viewer, "--analysis"], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    step = page_data(viewer)["steps"][first["step"]]
    assert step["d"][-1].endswith(f"{first['mark']} (-{first['loss'] * 100:.1f} %)")


def page_data(page: Path) -> dict[str, Any]:
    """The data block of a replay page (gzipped JSON, base64), as the page's script reads it."""
    text = page.read_text(encoding="utf-8")
    blob = text.split('id="replay-data"', 1)[1].split(">", 1)[1].split("<", 1)[0]
    data: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(blob.strip())))
    return data


def state_before(path: Path, step: int) -> dict[str, Any]:
    """The public table before ``step``, rebuilt from the replay through the engine."""
    from referee.replay.frames import load_frames

    frames = load_frames(path).frames
    view: dict[str, Any] = frames[step - 1].state.view(0)
    return view


def test_the_json_schema_is_the_one_published(tmp_path: Path) -> None:
    """docs/analysis.md's schema is the model's: a reader can validate without this code."""
    published = (ROOT / "docs" / "analysis.schema.json").read_text(encoding="utf-8")
    assert json.loads(published) == analysis_schema()
