"""Replay files: one JSON Lines file per game (docs/replay-format.md)."""

FORMAT_NAME = "thousand-replay"
FORMAT_VERSION = 1
