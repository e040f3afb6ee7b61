"""The card actions at fixed indices, for a policy's fixed output layer: the environments map
the engine's legal actions to them at every step.

This module imports neither numpy nor anything that does, so that setup.py can compile it with
the card engine (mypyc).
"""

from __future__ import annotations

from thousand.game import Action, GameState
from thousand.rl.cards_layout import CARD_INDEX, SEATS


class Actions:
    """Every action of a table at a fixed index, for a policy's fixed output layer.

    0 pass, 1 look, 2 redeal, 3 concede, 4 and 5 take talon 0 or 1; then a bid, a blind bid and
    a contract of each multiple of 5 up to the table's max bid; then giving each card to the
    seat slot 1, 2 or 3; discarding, playing, playing as a marriage and as the ace marriage each
    card. An index names the action relative to the seat that acts (the slot of a ``give``).
    """

    def __init__(self, max_bid: int, players: int) -> None:
        self.players = players
        values = max_bid // 5 + 1
        self.bid = 6
        self.blind_bid = self.bid + values
        self.contract = self.blind_bid + values
        self.give = self.contract + values
        self.discard = self.give + 24 * (SEATS - 1)
        self.play = self.discard + 24
        self.marriage = self.play + 24
        self.ace_marriage = self.marriage + 24
        self.size = self.ace_marriage + 24

    def legal(self, state: GameState, seat: int) -> dict[int, Action]:
        """The legal actions of ``seat``, to act in ``state``, by index."""
        return self.indexed(state.legal_actions(), seat)

    def indexed(self, actions: list[Action], seat: int) -> dict[int, Action]:
        """The legal actions by index; plain plays and bids (most of a random game's decisions,
        and a bidding turn lists up to 37 bids) the quick way."""
        play = self.play
        bid = self.bid
        found = {}
        for action in actions:
            kind = action["type"]
            if kind == "play" and len(action) == 2:
                found[play + CARD_INDEX[action["card"]]] = action
            elif kind == "bid":
                found[bid + action["value"] // 5] = action
            else:
                found[self.index(action, seat)] = action
        return found

    def index(self, action: Action, seat: int) -> int:
        """The index of one of ``seat``'s legal actions."""
        kind = action["type"]
        if kind == "play":
            card = CARD_INDEX[action["card"]]
            if "marriage" in action:
                return self.marriage + card
            if "ace_marriage" in action:
                return self.ace_marriage + card
            return self.play + card
        simple = _SIMPLE.get(kind)
        if simple is not None:
            return simple
        if kind == "bid":
            return self.bid + int(action["value"]) // 5
        if kind == "blind_bid":
            return self.blind_bid + int(action["value"]) // 5
        if kind == "contract":
            return self.contract + int(action["value"]) // 5
        if kind == "take_talon":
            return 4 + int(action["index"])
        if kind == "give":
            slot = (int(action["to"]) - seat) % self.players
            return self.give + 24 * (slot - 1) + CARD_INDEX[action["card"]]
        if kind == "discard":
            return self.discard + CARD_INDEX[action["card"]]
        raise ValueError(f"not a card-game action: {action!r}")


_SIMPLE = {"pass": 0, "look": 1, "redeal": 2, "concede": 3}
