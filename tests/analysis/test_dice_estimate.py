"""Dice under rules the solved table does not model, valued by the expert's per-turn estimate
(referee/analysis/dice_estimate.py), on games played by real bot processes: the expert loses
nothing against itself, a planted blunder is marked with the loss of the expert's own values,
and the game says its values are an estimate."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from referee.analysis.dice_table import BOT_FILE
from referee.analysis.marks import ESTIMATE_MARKS, mark
from referee.analysis.report import analysis_schema
from tests.inprocess import invoke

ROOT = Path(__file__).resolve().parents[2]
EXPERT = f"{sys.executable} {BOT_FILE}"

# The expert's per-turn policy, except once: the first time it would record 150 or more with
# one die left, it throws that die instead (two chances in three to lose the whole total).
PLANTED = """
import importlib.util, json, random, sys
spec = importlib.util.spec_from_file_location("dice_expert", sys.argv[1])
expert = importlib.util.module_from_spec(spec)
spec.loader.exec_module(expert)
rng = random.Random(1)
planted = False
for line in sys.stdin:
    message = json.loads(line)
    kind = message.get("type")
    if kind == "hello":
        rules = message["rules"]
        table = expert.Table(rules)
        hello = {"type": "hello", "name": "planted", "version": "1", "protocol": 1}
        print(json.dumps({**hello, "games": ["dice"]}), flush=True)
    elif kind == "request":
        view, legal = message["view"], message["legal"]
        action = expert.ev_choose(view, legal, rules, table, rng)
        roll = [a for a in legal if a["type"] != "stop" and "keep" not in a]
        greedy = view["turn_total"] >= 150 and view["dice_left"] == 1
        if not planted and greedy and action["type"] == "stop" and roll:
            action, planted = roll[0], True
            print(f"planted at {view['turn_total']}", file=sys.stderr)
        print(json.dumps({"type": "action", "id": message["id"], "action": action}), flush=True)
    elif kind == "bye":
        break
"""


def play(tmp_path: Path, rules: str, bots: list[str], games: int, seed: int) -> list[Path]:
    argv = ["match", "--game", "dice", "--rules", rules, "--games", str(games), "--seed",
            str(seed), "--replays", tmp_path, *bots]  # fmt: skip
    done = invoke(argv, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return sorted(tmp_path.glob("match-*/game-*.jsonl"))


def analysed(paths: list[Path]) -> dict[str, Any]:
    done = invoke(["analyse", "--json", *paths], cwd=ROOT)
    assert done.returncode == 0, done.stderr
    document: dict[str, Any] = json.loads(done.stdout)
    jsonschema.validate(document, analysis_schema())
    return document


@pytest.mark.parametrize("rules", ["ussr", "barrel850"])
def test_the_expert_against_itself_loses_nothing(tmp_path: Path, rules: str) -> None:
    (path,) = play(tmp_path, rules, [EXPERT, EXPERT], games=1, seed=3)
    (game,) = analysed([path])["games"]
    assert game["basis"] == "estimate" and game["unit"] == "points"
    assert "estimate" in game["note"]
    assert len(game["decisions"]) > 20
    assert all(d["loss"] == 0.0 and d["mark"] is None for d in game["decisions"])
    assert {d["phase"] for d in game["decisions"]} == {"throw", "stop"}


def test_a_planted_blunder_is_marked_with_the_experts_loss(tmp_path: Path) -> None:
    script = tmp_path / "planted.py"
    script.write_text(PLANTED, encoding="utf-8")
    paths = play(tmp_path, "ussr", [f"{sys.executable} {script} {BOT_FILE}", EXPERT], 4, seed=2)
    document = analysed(paths)
    planted = [d for g in document["games"] for d in g["decisions"] if d["seat"] == 0]
    lost = [d for d in planted if d["loss"] > 0]
    assert len(lost) == 1, lost  # the plant, and nothing else the expert's policy played
    (made,) = lost
    assert made["dice_left"] == 1 and made["turn_total"] >= 150
    assert made["chosen"]["type"] != "stop" and made["best"]["type"] == "stop"
    values = {o["action"]["type"]: o["value"] for o in made["options"]}
    assert made["loss"] == pytest.approx(values["stop"] - made["value_chosen"])
    assert made["loss"] > 50 and made["mark"] == mark(made["loss"], ESTIMATE_MARKS) == "blunder"
    assert any(
        "blunder" in line
        for line in invoke(["analyse", *paths], cwd=ROOT).stdout.splitlines()
        if "planted" in line
    )


def test_three_players_under_another_preset_are_an_estimate_too(tmp_path: Path) -> None:
    (path,) = play(tmp_path, "simple", ["builtin:random"] * 3, games=1, seed=4)
    (game,) = analysed([path])["games"]
    assert game["basis"] == "estimate" and game["unit"] == "points" and game["decisions"]
    assert game["curve"] == []  # no probability of winning is claimed
