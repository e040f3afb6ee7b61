"""Loading rules from a preset name or a JSON/TOML file, with one clear line per mistake.

A rules file overrides any field of a base preset (``preset = "classic"`` in the file, or the
game's ``classic`` by default), so an organiser writes only what differs from a known table.
"""

from __future__ import annotations

import json
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from thousand.errors import RulesError
from thousand.registry import game_spec


def _describe(error: ValidationError) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"]) or "(rules)"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)


def rules_from_mapping(game: str, data: dict[str, Any], origin: str = "rules") -> BaseModel:
    spec = game_spec(game)
    data = dict(data)
    base_name = data.pop("preset", "classic")
    if not isinstance(base_name, str):
        raise RulesError(f"{origin}: preset must be a preset's name (a string)")
    if base_name not in spec.presets:
        known = ", ".join(spec.presets)
        raise RulesError(f"{origin}: unknown {game} preset {base_name!r} (known: {known})")
    base = spec.presets[base_name].model_dump()
    base.update(data)
    try:
        return spec.rules_model.model_validate(base)
    except ValidationError as error:
        raise RulesError(f"{origin}: invalid {game} rules: {_describe(error)}") from None


def load_rules(game: str, preset_or_path: str | None = None) -> BaseModel:
    """A preset by name, or a file; ``None`` means the game's ``classic`` preset."""
    spec = game_spec(game)
    if preset_or_path is None:
        return spec.presets["classic"]
    if preset_or_path in spec.presets:
        return spec.presets[preset_or_path]
    path = Path(preset_or_path)
    if path.suffix.lower() not in (".json", ".toml"):
        known = ", ".join(spec.presets)
        raise RulesError(
            f"{preset_or_path!r} is neither a {game} preset ({known}) nor a .json/.toml rules file"
        )
    raw = _read_rules_file(path)
    try:
        if path.suffix.lower() == ".toml":
            data = tomllib.loads(raw.decode("utf-8"))
        else:
            data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as error:
        raise RulesError(f"{path}: not valid {path.suffix[1:].upper()}: {error}") from None
    except RecursionError:
        raise RulesError(f"{path}: nested too deeply to be a rules file") from None
    if not isinstance(data, dict):
        raise RulesError(f"{path}: a rules file must hold one table of fields")
    file_game = data.pop("game", game)
    if file_game != game:
        shown = file_game if isinstance(file_game, str) else type(file_game).__name__
        raise RulesError(f"{path}: these are {shown[:40]} rules, not {game} rules")
    return rules_from_mapping(game, data, origin=str(path))


MAX_RULES_FILE = 64 << 10
"""A rules file is a few dozen fields: anything larger is not one."""


def _read_rules_file(path: Path) -> bytes:
    """The bytes of a rules file that is a regular file of a sane size (a FIFO would hang,
    /dev/zero never end); every other case is one line."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer before we can refuse it.
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise RulesError(f"rules file {path} is not a regular file")
            raw = handle.read(MAX_RULES_FILE + 1)
    except FileNotFoundError:
        raise RulesError(f"rules file not found: {path}") from None
    except OSError as error:
        raise RulesError(f"cannot read rules file {path}: {error.strerror}") from None
    if len(raw) > MAX_RULES_FILE:
        raise RulesError(f"rules file {path} is larger than {MAX_RULES_FILE} bytes")
    return raw


def rules_table(rules: BaseModel) -> list[tuple[str, str, str]]:
    """(field, value, meaning) for every field, in declaration order, for ``rules show``."""
    rows = []
    fields = type(rules).model_fields
    dumped = rules.model_dump(mode="json")
    for name, info in fields.items():
        value = json.dumps(dumped[name], ensure_ascii=False)
        rows.append((name, value, info.description or ""))
    return rows
