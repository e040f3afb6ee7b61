"""The words an engine writes into ``why``, ``reason`` and ``phase`` are exactly the published
enums.

Three holds, one for each way the list and the engines could part:

- the published schema's enum of each such field is the engine's own Literal list (the
  engines' functions that write these words take those types, so ``mypy --strict`` refuses a
  word that is not listed), and no ``why``, ``reason`` or ``phase`` field goes unlisted here;
- every listed word is written somewhere in its engine's source (no word the engine no longer
  writes stays published);
- every word that seeded random games of every preset (and of variants reaching the open
  barrel, the round cap and low barrels) emit is listed: the words written as literals straight
  into an event dict, which no type check sees, are caught here.
"""

from __future__ import annotations

import ast
import random
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import thousand.cards.state as cards_state
import thousand.dice.state as dice_state
from referee.players.schema import protocol_schemas
from thousand.cards import reasons as cards_words
from thousand.dice import reasons as dice_words
from thousand.game import CARDS_END_REASONS, CHANCE, DICE_END_REASONS, OVER
from thousand.registry import game_spec

SRC = Path(__file__).resolve().parents[2] / "src" / "thousand"

Field = tuple[str, str, str]
"""Where a word list is published: (part of the game's schema, model title or "" for the
part itself, field)."""

WORDS: dict[str, dict[Field, tuple[str, ...]]] = {
    "dice": {
        ("event", "DiceTurnEnd", "why"): dice_words.TURN_END_WHYS,
        ("event", "DiceBarrelFallen", "why"): dice_words.FALL_WHYS,
        ("event", "DiceWin", "why"): dice_words.WIN_WHYS,
        ("event", "DiceScore", "reason"): dice_words.SCORE_REASONS,
        ("event", "DiceGameOver", "reason"): DICE_END_REASONS,
        ("game_end", "DiceResult", "reason"): DICE_END_REASONS,
        ("view", "", "phase"): dice_state.PHASE_NAMES,
    },
    "cards": {
        ("event", "CardsRedeal", "reason"): cards_words.REDEAL_REASONS,
        ("event", "CardsTalon", "reason"): cards_words.TALON_REASONS,
        ("event", "CardsBarrelOff", "reason"): cards_words.BARREL_OFF_REASONS,
        ("event", "CardsScore", "reason"): cards_words.SCORE_REASONS,
        ("event", "CardsGameOver", "reason"): CARDS_END_REASONS,
        ("game_end", "CardsResult", "reason"): CARDS_END_REASONS,
        ("view", "", "phase"): cards_state.PHASE_NAMES,
    },
}

ENGINE_SOURCES = {
    "dice": [SRC / "dice" / "state.py"],
    "cards": [SRC / "cards" / "state.py", SRC / "cards" / "scoring.py"],
}

EVENT_MODELS = {
    "dice": {
        "turn_end": "DiceTurnEnd",
        "barrel_fallen": "DiceBarrelFallen",
        "win": "DiceWin",
        "score": "DiceScore",
        "game_over": "DiceGameOver",
    },
    "cards": {
        "redeal": "CardsRedeal",
        "talon": "CardsTalon",
        "barrel_off": "CardsBarrelOff",
        "score": "CardsScore",
        "game_over": "CardsGameOver",
    },
}
"""Each event type that carries a word, with its model's title."""

KEYS = ("why", "reason", "phase")


@pytest.fixture(scope="module")
def published() -> dict[str, Any]:
    return protocol_schemas()


def listed(document: dict[str, Any], game: str, where: Field) -> list[str]:
    part, title, field = where
    schema = document[game][part]
    model = schema["$defs"][title] if title else schema
    prop = model["properties"][field]
    return list(prop["enum"]) if "enum" in prop else [prop["const"]]


def word_fields(node: Any, title: str = "") -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every why, reason and phase property in a schema, with its model's title."""
    if isinstance(node, dict):
        title = node.get("title", title)
        for name, prop in (node.get("properties") or {}).items():
            if name in KEYS:
                yield title, name, prop
        for value in node.values():
            yield from word_fields(value, title)
    elif isinstance(node, list):
        for value in node:
            yield from word_fields(value, title)


@pytest.mark.parametrize("game", list(WORDS))
def test_each_published_word_list_is_the_engines(published: dict[str, Any], game: str) -> None:
    for where, words in WORDS[game].items():
        assert listed(published, game, where) == list(words), where
    view_title = published[game]["view"]["title"]
    found = set()
    for part, schema in published[game].items():
        for title, name, prop in word_fields(schema):
            assert "enum" in prop or "const" in prop, (part, title, name)
            found.add((title, name))
    expected = {(title or view_title, field) for _, title, field in WORDS[game]}
    assert found == expected


@pytest.mark.parametrize("game", list(WORDS))
def test_every_listed_word_is_written_by_its_engine(game: str) -> None:
    constants: set[str] = set()
    for path in ENGINE_SOURCES[game]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
    for where, words in WORDS[game].items():
        assert set(words) <= constants, (where, set(words) - constants)


def variants(game: str) -> Iterator[tuple[Any, int]]:
    """Every preset, and variants that reach the words the presets rarely do."""
    spec = game_spec(game)
    for rules in spec.presets.values():
        changes: list[dict[str, Any]]
        if game == "dice":
            players = 3
            changes = [
                {},
                {"bolts_on_barrel": True, "barrel": "open", "max_rounds": 60},
                {"max_rounds": 3},
            ]
        else:
            players = rules.allowed_players()[0]  # type: ignore[attr-defined]
            changes = [{"max_deals": 40}, {"max_deals": 60, "target": 300, "barrel": False}]
            if rules.barrel is not False:  # type: ignore[attr-defined]
                changes.append({"max_deals": 40, "barrel_score": 150, "target": 400})
        for change in changes:
            yield spec.rules_model.model_validate({**rules.model_dump(), **change}), players


def emitted(game: str, games_per_variant: int) -> dict[tuple[str, str], set[str]]:
    """The words seeded random games wrote, by (event type or "view", key)."""
    spec = game_spec(game)
    seen: dict[tuple[str, str], set[str]] = defaultdict(set)
    for rules, players in variants(game):
        for seed in range(games_per_variant):
            state = spec.new_game(rules, players)
            rng = random.Random(seed)
            while True:
                seen[("view", "phase")].add(state.view(0)["phase"])
                seat = state.to_move()
                if seat == OVER:
                    break
                if seat == CHANCE:
                    action = state.sample_chance(rng)
                else:
                    action = rng.choice(state.legal_actions())
                for event in state.apply(action):
                    for key in KEYS:
                        if key in event:
                            seen[(event["type"], key)].add(event[key])
            result = state.result()
            assert result is not None
            seen[("result", "reason")].add(result.reason)
    return seen


RARE: dict[str, set[str]] = {
    "dice": {"five_of_a_kind"},
    "cards": {"barrel_usurped"},
}
"""Listed words these random games do not reach, each played by a scripted test instead: five
of a kind (6 in 7,776 five-dice throws; tests/dice/test_dice_rules.py, five of a kind wins at
once) and a climber knocking the card barrel's sitter off (tests/cards/test_cards_scoring.py)."""


@pytest.mark.parametrize("game", list(WORDS))
def test_random_games_emit_exactly_the_listed_words(published: dict[str, Any], game: str) -> None:
    models = EVENT_MODELS[game]
    title = game.capitalize()
    by_field: dict[Field, set[str]] = defaultdict(set)
    for (kind, key), words in emitted(game, 8).items():
        if kind == "view":
            where: Field = ("view", "", key)
        elif kind == "result":
            where = ("game_end", f"{title}Result", key)
        else:
            assert kind in models, f"a {kind} event carries {key}: list its words here"
            where = ("event", models[kind], key)
        by_field[where] |= words
    for where in WORDS[game]:
        words = set(listed(published, game, where))
        assert by_field[where] <= words, (where, by_field[where] - words)
        assert words - by_field[where] <= RARE[game], (where, words - by_field[where])
