"""The ``thousand`` command line: thin click commands that parse, call and print.

Every mistake a person can make ends in one line on stderr and a non-zero exit (``UsageError``
exit 2 for bad options, exit 1 for bad inputs), never a traceback.
"""

from __future__ import annotations

import json
import sys

import click

from thousand import __version__
from thousand.errors import RulesError
from thousand.registry import GAME_NAMES, game_spec
from thousand.rules_io import load_rules, rules_table

GAME_OPTION = click.Choice(GAME_NAMES)


def fail(message: str) -> None:
    """Print one line and exit 1: the shape of every error a person can cause."""
    click.echo(f"thousand: error: {message}", err=True)
    sys.exit(1)


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="thousand")
def main() -> None:
    """Arena for the game Thousand (Тысяча): the 3-player card game and the dice game.

    Run bots against each other with `thousand match`, step through games with
    `thousand replay`, and host a contest with `thousand ladder`.
    """


@main.group()
def rules() -> None:
    """Show the rule presets of both games (every rule is an option)."""


@rules.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def rules_list(as_json: bool) -> None:
    """List the presets of both games."""
    listing: dict[str, list[str]] = {}
    for name in GAME_NAMES:
        listing[name] = list(game_spec(name).presets)
    if as_json:
        click.echo(json.dumps(listing))
        return
    for name, presets in listing.items():
        click.echo(f"{name}: {', '.join(presets)}")


@rules.command("show")
@click.argument("preset", required=False, default="classic")
@click.option("--game", type=GAME_OPTION, default="cards", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the rules as one JSON object.")
def rules_show(preset: str, game: str, as_json: bool) -> None:
    """Print the full rule table of PRESET (a preset name or a .json/.toml rules file)."""
    try:
        chosen = load_rules(game, preset)
    except RulesError as error:
        fail(str(error))
        return
    if as_json:
        click.echo(json.dumps({"game": game, **chosen.model_dump(mode="json")}, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{game_spec(game).title} — rules {preset}")
    table.add_column("option", style="bold")
    table.add_column("value")
    table.add_column("meaning")
    for field, value, meaning in rules_table(chosen):
        table.add_row(field, value, meaning)
    Console().print(table)


if __name__ == "__main__":
    main()
