"""``thousand protocol …``: the protocol's machine-readable description for bot authors.

Kept out of cli.py like the ladder group: the commands here only print or write what
referee/players/schema.py generates.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from referee.errors import fail
from thousand.registry import GAME_NAMES


@click.group()
def protocol() -> None:
    """The bot protocol (protocol.md) as JSON Schemas."""


@protocol.command("schema", short_help="JSON Schemas of every message, rule set, view and event.")
@click.option("--game", type=click.Choice(GAME_NAMES), default=None, help="Only this game's part.")
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default=None,
    help="Write one .schema.json file per schema into this folder instead of printing.",
)
def schema(game: str | None, out: str | None) -> None:
    """Print the JSON Schemas of protocol version 1 as one JSON document.

    The document has the messages common to both games ("common": game_start, bye, and the
    bot's hello and action) and, per game, its hello, request, game_end, rules, view, event and
    action. Each schema is a JSON Schema (draft 2020-12) generated from the models the referee
    uses. With --out, each is written as its own file (common-bye.schema.json,
    dice-view.schema.json, ...); existing files are never overwritten.
    """
    from referee.players.schema import protocol_schemas, schema_files

    document = protocol_schemas(game)
    if out is None:
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
        return
    folder = Path(out)
    files = schema_files(document)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        taken = sorted(name for name in files if (folder / name).exists())
        if taken:
            fail(f"{folder / taken[0]} exists: choose a folder without these schema files")
        for name, content in files.items():
            text = json.dumps(content, indent=2, ensure_ascii=False) + "\n"
            # O_EXCL: a file that appeared meanwhile is not ours to overwrite.
            descriptor = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                handle.write(text)
    except OSError as error:
        fail(f"cannot write the schemas to {folder}: {error.strerror or error}")
    click.echo(f"wrote {len(files)} schema files to {folder}")
