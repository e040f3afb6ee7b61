"""A bot's hello may ask its requests to leave out the ``view`` or the ``events`` (protocol.md).

Real matches of real bot processes: each seat that asked gets requests (and a game_end) without
those parts — the bot itself exits with a fault if it is told one — a seat that asked nothing
gets what it always did, every line still validates against the published schema, and the
games are the same games as when nobody asks (the referee's decisions never depend on what a
seat is sent). A hostile ``omit`` is a bad hello, by a real process and by the parser.

One lean match a game, each seat asking for something else (dice: the view, the events, both,
nothing; cards: the view, the events, both), each compared with the match nobody asks anything
of, played once per game (a module fixture, only read): four matches instead of eight, and
each seat's requests are checked beside seats that asked for other things.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from referee.players.protocol import Fault, parse_hello
from tests.bot_access import open_to_bots
from tests.inprocess import invoke
from tests.processes import leftovers
from tests.protocol.conftest import ROOT, read_lines, schema_validator, wire_bot

RULES = {
    "dice": {"preset": "classic", "max_rounds": 30},
    "cards": {"preset": "classic", "max_deals": 3},
}
OMITS: dict[str, list[list[str] | None]] = {
    "dice": [["view"], ["events"], ["view", "events"], None],
    "cards": [["view"], ["events"], ["view", "events"]],
}
"""What each seat of the lean match asks to go without (None: it asks nothing)."""


Played = tuple[dict[str, Any], list[list[dict[str, Any]]]]
"""A match's --json document and what every bot received."""


def play(
    folder: Path, rules: Path, marker: str, game: str, omits: list[list[str] | None]
) -> Played:
    """A match whose seat K's bot asks to go without ``omits[K]``: the --json document and
    what every bot received (written by the bots into ``folder``). The referee runs in this
    process (no interpreter start-up), the bots are real processes."""
    folder.mkdir()
    open_to_bots(folder)  # the bots write what they received there
    bots = []
    for index, omit in enumerate(omits):
        options = ["--log", str(folder / f"bot{index}")]
        if omit is not None:
            options += ["--omit", json.dumps(omit)]
        bots.append(wire_bot(marker, *options))
    argv = ["match", *bots, "--game", game, "--rules", rules, "--games", 3, "--seed", 8, "--json"]
    done = invoke(argv, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    received = [read_lines(folder / f"bot{index}.in.jsonl") for index in range(len(bots))]
    return json.loads(done.stdout), received


@dataclass
class Plain:
    """The match nobody asks anything of, played once per game (on first use) and only read
    afterwards; its rules files, which the lean matches name too (the hello names the path)."""

    folder: Path
    marker: str
    played: dict[str, Played] = field(default_factory=dict)

    def rules(self, game: str) -> Path:
        path = self.folder / f"{game}-rules.json"
        if not path.exists():
            path.write_text(json.dumps(RULES[game]))
        return path

    def match(self, game: str) -> Played:
        if game not in self.played:
            nobody_asks: list[list[str] | None] = [None] * len(OMITS[game])
            self.played[game] = play(
                self.folder / f"plain-{game}", self.rules(game), self.marker, game, nobody_asks
            )
            left = leftovers(self.marker)
            assert not left, f"processes left behind: {[p.cmdline for p in left]}"
        return self.played[game]


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> Plain:
    return Plain(open_to_bots(tmp_path_factory.mktemp("omit-plain")), f"mark-{uuid.uuid4().hex}")


@pytest.fixture(scope="module")
def checks(document: dict[str, Any]) -> dict[str, dict[str, Draft202012Validator]]:
    """The request and game_end validators of each game, built once for the module."""
    return {
        game: {k: schema_validator(document[game][k]) for k in ("request", "game_end")}
        for game in OMITS
    }


@pytest.mark.parametrize("game", ["dice", "cards"])
def test_each_bot_is_sent_only_what_it_asked_for(
    tmp_path: Path,
    marker: str,
    checks: dict[str, dict[str, Draft202012Validator]],
    plain: Plain,
    game: str,
) -> None:
    plain_doc, plain_lines = plain.match(game)
    omits = OMITS[game]
    lean, lean_lines = play(tmp_path / "lean", plain.rules(game), marker, game, omits)
    assert lean["games"] == plain_doc["games"]  # the same games, move for move, result for result
    assert all(not bot["faults"] for bot in lean["bots"]), lean["bots"]
    check = checks[game]
    for bot, (was, now) in enumerate(zip(plain_lines, lean_lines, strict=True)):
        kinds = [m["type"] for m in now]
        assert kinds == [m["type"] for m in was], bot
        assert kinds.count("request") >= 10 and kinds.count("game_end") == 3, bot
        left_out = set(omits[bot] or ())
        for before, after in zip(was, now, strict=True):
            if after["type"] not in check:
                assert after == before, bot
                continue
            assert not list(check[after["type"]].iter_errors(after)), (bot, after)
            timed = {"clock"}  # the time left differs from run to run, not its presence
            assert {k: v for k, v in before.items() if k not in left_out | timed} == {
                k: v for k, v in after.items() if k not in timed
            }, bot
            if after["type"] == "request":
                assert set(before) - set(after) == left_out, bot  # a request had every part
            else:
                assert set(before) - set(after) == left_out & {"events"}, bot


HOSTILE_OMITS = [
    '"view"',
    '["legal"]',
    '["view", "events", "view"]',
    '[{"view": 1}]',
    '{"view": true}',
    "3",
]
"""Hostile ``omit`` values as a bot writes them in its hello."""


def test_a_hostile_omit_is_a_bad_hello(tmp_path: Path, marker: str) -> None:
    """One real bot process (the referee in this one): its hostile hello is a bad_hello fault
    of that seat, with the parser's words (every other hostile value is refused by the parser
    below, in the same words — the referee reads every hello through it)."""
    omit = HOSTILE_OMITS[0]
    done = invoke(
        ["match", wire_bot(marker, "--omit", omit), wire_bot(marker), "--game", "dice",
         "--games", "1", "--seed", "2", "--json", "--logs", tmp_path / "logs"],
        cwd=ROOT,
    )  # fmt: skip
    assert done.returncode != 0
    document = json.loads(done.stdout)
    assert document["bots"][0]["faults"] == {"bad_hello": 1}, document["bots"]
    assert not document["bots"][1]["faults"]
    fault = document["games"][0]["faults"][0]
    assert fault["kind"] == "bad_hello" and "omit must be a list" in fault["detail"]


@pytest.mark.parametrize(
    ("omit", "parts"),
    [
        (None, frozenset()),
        ([], frozenset()),
        (["view"], frozenset({"view"})),
        (["events", "view"], frozenset({"view", "events"})),
        (["view", "view"], frozenset({"view"})),
    ],
)
def test_the_parser_reads_omit(omit: Any, parts: frozenset[str]) -> None:
    hello: dict[str, Any] = {"type": "hello", "name": "x"}
    if omit is not None:
        hello["omit"] = omit
    assert parse_hello(json.dumps(hello).encode()).omit == parts


@pytest.mark.parametrize(
    "omit",
    ["view", ["clock"], ["id"], ["View"], [None], ["view"] * 3, ["x" * 100_000], [["view"]], 1.5],
)
def test_the_parser_refuses_a_hostile_omit(omit: Any) -> None:
    line = json.dumps({"type": "hello", "name": "x", "omit": omit}).encode()
    with pytest.raises(Fault) as caught:
        parse_hello(line)
    assert caught.value.kind == "bad_hello"
    assert len(caught.value.detail) < 100  # one line, never the hostile value itself


@pytest.mark.parametrize("omit", HOSTILE_OMITS)
def test_the_parser_refuses_what_a_hostile_bot_writes(omit: str) -> None:
    line = b'{"type": "hello", "name": "x", "omit": ' + omit.encode() + b"}"
    with pytest.raises(Fault) as caught:
        parse_hello(line)
    assert caught.value.kind == "bad_hello"
    assert caught.value.detail.startswith("omit must be a list"), caught.value.detail
