#!/usr/bin/env python3
"""A card bot that tries to remember a duplicate deal into its next seating:
``memory.py WORD [words...]`` (WORD names its notes outside its working directory).

Each game it records the deal as far as it saw it: its own hand (exactly, under its seat) and
every card another seat played (under that seat: a seat plays its dealt cards, plus one the
declarer gave it). It keeps the record in a global variable and on disk: its HOME, its TMPDIR,
its working directory, /tmp/fairplay-WORD, /dev/shm/fairplay-WORD and its own folder. At
its first hand of a game it looks through every record it can reach for the same deal (most
of its hand is among what a record holds for its current seat: a duplicate deal gives each
seat the same cards) and, if found, places the other seats' cards from it. Otherwise it
places the cards it cannot see at random, 7 to each other seat and 3 to the talon: a card of
another seat is then placed right with probability 7/17.

It reports on stderr one line ``REPORT {json}`` per game: every place where it found a memory
of the deal, its placement of the unseen cards, and who it is (pid, NSpid, start time and a
random token of this process), which shows whether the game was played by a fresh process.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import sys
from pathlib import Path
from typing import Any

CARDS = [r + s for r in "9JQKTA" for s in "SCDH"]
SAME_DEAL = 5
"""Cards of the hand a record must hold for the same seat: not all 7, as a declarer gives two
away and they are played by others; another deal shares 5 with a seat's 8 or so rarely."""
TOKEN = secrets.token_hex(8)
"""Drawn once per process: a process that played an earlier game would show the same token."""
MEMORY: list[dict[str, Any]] = []
"""Deals seen by this process (a process reused between seatings would find them here)."""


def places(word: str) -> dict[str, Path]:
    own = Path(__file__).resolve().parent
    return {
        "home": Path(os.environ.get("HOME", ".")) / "fairplay-notes.json",
        "tmpdir": Path(os.environ.get("TMPDIR", ".")) / "fairplay-notes.json",
        "cwd": Path.cwd() / "fairplay-notes.json",
        "tmp": Path("/tmp") / f"fairplay-{word}.json",
        "shm": Path("/dev/shm") / f"fairplay-{word}.json",
        "own": own / f"fairplay-{word}.json",
    }


def recall(word: str) -> list[tuple[str, dict[str, Any]]]:
    found = [("global", record) for record in MEMORY]
    for where, path in places(word).items():
        try:
            records = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        found += [(where, record) for record in records if isinstance(record, dict)]
    return found


def note(word: str, record: dict[str, Any]) -> list[str]:
    """Save ``record`` everywhere it can; the places it could write."""
    if record not in MEMORY:
        MEMORY.append(record)
    written = []
    for where, path in places(word).items():
        try:
            try:
                records = [r for r in json.loads(path.read_text()) if r.get("id") != record["id"]]
            except (OSError, ValueError):
                records = []
            path.write_text(json.dumps([*records, record]))
            written.append(where)
        except OSError:
            continue
    return written


def identity() -> dict[str, Any]:
    nspid = None
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("NSpid:"):
                nspid = [int(x) for x in line.split()[1:]]
        start = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
    except (OSError, ValueError, IndexError):
        start = None
    return {"pid": os.getpid(), "nspid": nspid, "start": start, "token": TOKEN}


def place(
    hand: list[str], seat: int, players: int, memory: dict[str, Any] | None
) -> dict[str, Any]:
    """Where each card not in ``hand`` is: a seat number, or "talon"."""
    unseen = [c for c in CARDS if c not in hand]
    guess: dict[str, Any] = {}
    if memory is not None:
        for other, cards in memory["seats"].items():
            if int(other) != seat:
                for card in cards:
                    if card in unseen and card not in guess:
                        guess[card] = int(other)
    slots: list[Any] = []
    for other in range(players):
        if other != seat:
            slots += [other] * (7 - sum(1 for v in guess.values() if v == other))
    slots += ["talon"] * (len(unseen) - len(guess) - len(slots))
    random.shuffle(slots)
    for card in unseen:
        if card not in guess and slots:
            guess[card] = slots.pop()
    return guess


def main() -> None:
    word = sys.argv[1]
    rng = random.Random()
    seat = players = game = 0
    record: dict[str, Any] | None = None
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            sys.stdout.write(json.dumps({"type": "hello", "name": "memory", "protocol": 1}) + "\n")
            sys.stdout.flush()
        elif kind == "game_start":
            seat, players, game, record = message["seat"], message["players"], message["game"], None
        elif kind in ("request", "game_end"):
            for event in message.get("events", []):
                if event.get("type") == "hand" and record is None:
                    hand = sorted(event["cards"])
                    found = [
                        (where, old)
                        for where, old in recall(word)
                        if len(set(hand) & set(old["seats"].get(str(seat), []))) >= SAME_DEAL
                    ]
                    guess = place(hand, seat, players, found[0][1] if found else None)
                    record = {"id": TOKEN + f":{game}", "seats": {str(seat): hand}}
                    written = note(word, record)
                    sys.stderr.write(
                        "REPORT "
                        + json.dumps(
                            {
                                "game": game,
                                "seat": seat,
                                "found": sorted({where for where, _ in found}),
                                "guess": guess,
                                "written": written,
                                **identity(),
                            }
                        )
                        + "\n"
                    )
                    sys.stderr.flush()
                elif event.get("type") == "play" and record is not None:
                    played = record["seats"].setdefault(str(event["seat"]), [])
                    if event["seat"] != seat and event["card"] not in played:
                        played.append(event["card"])
            if record is not None:
                note(word, record)
            if kind == "request":
                action = rng.choice(message["legal"])
                sys.stdout.write(
                    json.dumps({"type": "action", "id": message["id"], "action": action}) + "\n"
                )
                sys.stdout.flush()
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
