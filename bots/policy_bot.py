#!/usr/bin/env python3
"""A bot that plays a trained policy: a small network saved as plain numpy arrays (.npz).

NEEDS NUMPY (`pip install numpy`), unlike the other example bots: the policy is matrices.
Usage: `python3 bots/policy_bot.py bots/policies/dice_duel.npz` (any file that
examples/train_cards.py or examples/train_dice.py wrote; docs/learning.md).

The file holds `game` ("cards" or "dice"), the layers `w0, b0, w1, b1, ...` (tanh between them,
the last layer's outputs are one score per action index), and `command`, how it was trained.
At each request the bot encodes its view exactly as thousand.rl's environments do (the copies
below are checked against them by tests/rl/test_policy_bot.py), scores the fixed action
indices, and answers the legal action with the best score: greedy, so deterministic.
A bot for the other game exits before its hello, as protocol.md asks.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

# ---------------------------------------------------------------------- the card game's codec

_CARD_INDEX = {r + s: i * 6 + j for i, s in enumerate("SCDH") for j, r in enumerate("9JQKTA")}
_CARD_PHASES = ("lot", "deal", "bidding", "choose_talon", "talon", "contract", "play", "over")
_CARD_FIELDS = (
    ("phase", 8), ("hand", 24), ("hand_seen", 1), ("talon", 24), ("discards", 24),
    ("given", 24), ("played", 24), ("trick", 72), ("trick_seats", 12), ("last_trick", 24),
    ("trump", 5), ("marriages", 5), ("present", 4), ("to_move", 4), ("dealer", 4),
    ("hundred", 4), ("sitting_out", 4), ("declarer", 4), ("high_bidder", 4), ("passed", 4),
    ("last_bid", 4), ("bid_blind", 4), ("received", 4), ("hand_size", 4), ("score", 4),
    ("bolts", 4), ("falls", 4), ("on_barrel", 4), ("tricks_won", 4), ("points_taken", 4),
    ("high_bid", 1), ("contract", 1), ("bid_limit", 1), ("blind", 1), ("golden", 1),
    ("talon_shown", 1), ("talon_index", 2), ("barrel_deals", 1),
)  # fmt: skip


def _offsets(fields: tuple[tuple[str, int], ...]) -> tuple[dict[str, int], int]:
    offsets, start = {}, 0
    for name, size in fields:
        offsets[name] = start
        start += size
    return offsets, start


_C, CARD_SIZE = _offsets(_CARD_FIELDS)


def encode_cards(view: dict[str, Any], target: int, max_bid: int) -> np.ndarray[Any, Any]:
    out = np.zeros(CARD_SIZE, dtype=np.float32)
    me, n = view["seat"], view["players"]
    out[_C["phase"] + _CARD_PHASES.index(view["phase"])] = 1.0
    for field in ("hand", "talon", "discards", "played"):
        for card in view[field] or ():
            out[_C[field] + _CARD_INDEX[card]] = 1.0
    out[_C["hand_seen"]] = view["hand_seen"]
    for given in view["given"]:
        out[_C["received"] + (given["to"] - me) % n] = 1.0
        if given["card"] is not None:
            out[_C["given"] + _CARD_INDEX[given["card"]]] = 1.0
    for position, entry in enumerate(view["trick"]):
        out[_C["trick"] + 24 * position + _CARD_INDEX[entry["card"]]] = 1.0
        out[_C["trick_seats"] + 4 * position + (entry["seat"] - me) % n] = 1.0
    for entry in view["last_trick"]:
        out[_C["last_trick"] + _CARD_INDEX[entry["card"]]] = 1.0
    trump = view["trump"]
    out[_C["trump"] + (4 if trump is None else "SCDH".index(trump))] = 1.0
    for marriage in view["marriages"]:
        suit = marriage["suit"]
        out[_C["marriages"] + (4 if suit is None else "SCDH".index(suit))] = 1.0
    for key in ("to_move", "dealer", "hundred", "sitting_out", "declarer", "high_bidder"):
        if view[key] is not None:
            out[_C[key] + (view[key] - me) % n] = 1.0
    if view["barrel"] is not None:
        out[_C["on_barrel"] + (view["barrel"] - me) % n] = 1.0
    for seat in range(n):
        slot = (seat - me) % n
        out[_C["present"] + slot] = 1.0
        out[_C["passed"] + slot] = view["passed"][seat]
        out[_C["hand_size"] + slot] = view["hand_sizes"][seat] / 10
        out[_C["score"] + slot] = view["scores"][seat] / target
        out[_C["bolts"] + slot] = view["bolts"][seat] / 3
        out[_C["falls"] + slot] = view["falls"][seat] / 3
        out[_C["tricks_won"] + slot] = view["tricks_won"][seat] / 10
        out[_C["points_taken"] + slot] = view["points_taken"][seat] / 120
    for bid in view["bids"]:
        slot = (bid["seat"] - me) % n
        out[_C["last_bid"] + slot] = 0.0 if bid["value"] is None else bid["value"] / max_bid
        out[_C["bid_blind"] + slot] = bid["blind"]
    for key in ("high_bid", "contract", "bid_limit"):
        if view[key] is not None:
            out[_C[key]] = view[key] / max_bid
    for key in ("blind", "golden", "talon_shown"):
        out[_C[key]] = view[key]
    if view["talon_index"] is not None:
        out[_C["talon_index"] + view["talon_index"]] = 1.0
    out[_C["barrel_deals"]] = view["barrel_deals"] / 3
    return out


def card_action_index(action: dict[str, Any], seat: int, players: int, max_bid: int) -> int:
    values = max_bid // 5 + 1
    bid, blind, contract = 6, 6 + values, 6 + 2 * values
    give = 6 + 3 * values
    discard = give + 72
    kind = action["type"]
    if kind == "play":
        card = _CARD_INDEX[action["card"]]
        base = discard + 24
        if "marriage" in action:
            return base + 24 + card
        if "ace_marriage" in action:
            return base + 48 + card
        return base + card
    simple = {"pass": 0, "look": 1, "redeal": 2, "concede": 3}
    if kind in simple:
        return simple[kind]
    if kind == "take_talon":
        return 4 + int(action["index"])
    starts = {"bid": bid, "blind_bid": blind, "contract": contract}
    if kind in starts:
        return starts[kind] + int(action["value"]) // 5
    if kind == "give":
        slot = (int(action["to"]) - seat) % players
        return give + 24 * (slot - 1) + _CARD_INDEX[action["card"]]
    return discard + _CARD_INDEX[action["card"]]


def card_actions(max_bid: int) -> int:
    return 6 + 3 * (max_bid // 5 + 1) + 72 + 4 * 24


# ---------------------------------------------------------------------- the dice game's codec

_DICE_PHASES = ("lot", "throw", "decide", "over")
_DICE_FIELDS = (
    ("phase", 4), ("present", 8), ("mover", 8), ("score", 8), ("opened", 8), ("bolts", 8),
    ("on_barrel", 8), ("barrel_attempts", 8), ("barrel_falls", 8), ("barrel_points", 8),
    ("turn_total", 1), ("dice_left", 6), ("set_aside", 6), ("throw", 6), ("must_roll", 1),
    ("confirming", 1), ("choosing", 1), ("need", 1), ("cap", 1), ("round", 1),
)  # fmt: skip
_D, DICE_SIZE = _offsets(_DICE_FIELDS)
_PER_SEAT = (
    ("score", "scores"), ("opened", "opened"), ("bolts", "bolts"), ("on_barrel", "on_barrel"),
    ("barrel_attempts", "barrel_attempts"), ("barrel_falls", "barrel_falls"),
    ("barrel_points", "barrel_points"),
)  # fmt: skip
_KEEPS = {
    keep: i
    for i, keep in enumerate(
        k for size in range(1, 6) for k in combinations_with_replacement(range(1, 7), size)
    )
}
DICE_ACTIONS = 2 + 2 * len(_KEEPS)


def encode_dice(view: dict[str, Any], goal: int, max_rounds: int) -> np.ndarray[Any, Any]:
    out = np.zeros(DICE_SIZE, dtype=np.float32)
    me, n = view["seat"], view["players"]
    out[_D["phase"] + _DICE_PHASES.index(view["phase"])] = 1.0
    if view["turn"] is not None:
        out[_D["mover"] + (view["turn"] - me) % n] = 1.0
    for key, name in _PER_SEAT:
        scale = goal if key == "score" else (1 if key in ("opened", "on_barrel") else 3)
        for seat in range(n):
            out[_D[key] + (seat - me) % n] = view[name][seat] / scale
    out[_D["present"] : _D["present"] + n] = 1.0
    out[_D["turn_total"]] = view["turn_total"] / goal
    out[_D["dice_left"] + view["dice_left"]] = 1.0
    for field in ("set_aside", "throw"):
        dice = view[field] or ()
        for face in range(1, 7):
            out[_D[field] + face - 1] = sum(die == face for die in dice) / 5
    for key in ("must_roll", "confirming", "choosing"):
        out[_D[key]] = view[key]
    for key in ("need", "cap"):
        if view[key] is not None:
            out[_D[key]] = view[key] / goal
    out[_D["round"]] = view["round"] / max_rounds
    return out


def dice_action_index(action: dict[str, Any]) -> int:
    roll = action["type"] == "roll"
    if action.get("keep") is None:
        return 0 if roll else 1
    return (2 if roll else 2 + len(_KEEPS)) + _KEEPS[tuple(sorted(action["keep"]))]


# ---------------------------------------------------------------------- the policy


class Policy:
    def __init__(self, path: str) -> None:
        with np.load(path, allow_pickle=False) as saved:
            self.game = str(saved["game"])
            self.layers: list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]] = []
            while f"w{len(self.layers)}" in saved:
                i = len(self.layers)
                self.layers.append((saved[f"w{i}"], saved[f"b{i}"]))
        if not self.layers:
            raise ValueError(f"{path}: no layers w0, b0, ...")

    @property
    def inputs(self) -> int:
        return int(self.layers[0][0].shape[0])

    @property
    def outputs(self) -> int:
        return int(self.layers[-1][0].shape[1])

    def scores(self, observation: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        x = observation
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < len(self.layers) - 1:
                x = np.tanh(x)
        return x


class Player:
    """One match's game and rules: the encoder and the action indices they fix."""

    def __init__(self, policy: Policy, hello: dict[str, Any]) -> None:
        self.policy = policy
        rules = hello["rules"]
        self.players = int(hello["players"])
        self.encode: Callable[[dict[str, Any]], np.ndarray[Any, Any]]
        self.index: Callable[[dict[str, Any], int], int]
        if hello["game"] == "cards":
            target, max_bid = int(rules["target"]), int(rules["max_bid"])
            self.size, self.actions = CARD_SIZE, card_actions(max_bid)
            self.encode = lambda view: encode_cards(view, target, max_bid)
            self.index = lambda action, seat: card_action_index(action, seat, self.players, max_bid)
        else:
            goal, rounds = int(rules["goal"]), int(rules["max_rounds"])
            self.size, self.actions = DICE_SIZE, DICE_ACTIONS
            self.encode = lambda view: encode_dice(view, goal, rounds)
            self.index = lambda action, seat: dice_action_index(action)

    def fits(self) -> bool:
        return (self.size, self.actions) == (self.policy.inputs, self.policy.outputs)

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        scores = self.policy.scores(self.encode(view))
        seat = view["seat"]
        best = max(range(len(legal)), key=lambda i: scores[self.index(legal[i], seat)])
        return legal[best]


def send(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: policy_bot.py POLICY.npz (a policy examples/train_*.py wrote)")
    policy = Policy(sys.argv[1])
    player: Player | None = None
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            player = Player(policy, message) if message.get("game") == policy.game else None
            if player is None or not player.fits():
                print(
                    f"policy_bot: {sys.argv[1]} plays {policy.game} with {policy.inputs} inputs"
                    f" and {policy.outputs} actions; this match cannot use it",
                    file=sys.stderr,
                )
                return
            name = "policy-" + policy.game
            send({"type": "hello", "name": name, "version": "1.0", "games": [policy.game]})
        elif kind == "request" and player is not None:
            action = player.choose(message["view"], message["legal"])
            send({"type": "action", "id": message["id"], "action": action})
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
