"""A fixed-size observation as named fields, so that the encoder, its documentation
(docs/learning.md) and the tests that read observations back all use one list of offsets."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Field:
    name: str
    size: int
    meaning: str


class Layout:
    """Fields laid end to end: ``layout["hand"]`` is the slice of that field in a vector."""

    def __init__(self, fields: tuple[Field, ...]) -> None:
        self.fields = fields
        self.offsets: dict[str, int] = {}
        self._slices: dict[str, slice] = {}
        start = 0
        for field in fields:
            if field.name in self.offsets:
                raise ValueError(f"field {field.name!r} twice")
            self.offsets[field.name] = start
            self._slices[field.name] = slice(start, start + field.size)
            start += field.size
        self.size = start

    def __getitem__(self, name: str) -> slice:
        return self._slices[name]

    def markdown(self) -> str:
        """The table docs/learning.md shows (tests/rl checks that the page holds it)."""
        rows = ["| offset | field | size | meaning |", "|---:|---|---:|---|"]
        rows.extend(
            f"| {self.offsets[f.name]} | `{f.name}` | {f.size} | {f.meaning} |" for f in self.fields
        )
        return "\n".join(rows)
