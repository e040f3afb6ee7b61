#!/usr/bin/env python3
"""The instant bot of bench/referee.py: answers every request with its first legal action.

It does the least a correct bot can do, so what a match with it costs is the referee's cost
plus the floor of the pipe itself.
"""

from __future__ import annotations

import sys

try:
    import orjson

    loads = orjson.loads

    def dumps(obj: object) -> bytes:
        return orjson.dumps(obj)

except ImportError:  # pragma: no cover - the bench runs where orjson is installed
    import json

    loads = json.loads

    def dumps(obj: object) -> bytes:
        return json.dumps(obj).encode()


def main() -> None:
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        message = loads(line)
        kind = message["type"]
        if kind == "request":
            out.write(
                b'{"type":"action","id":%d,"action":%s}\n'
                % (message["id"], dumps(message["legal"][0]))
            )
            out.flush()
        elif kind == "hello":
            out.write(b'{"type":"hello","name":"instant","protocol":1}\n')
            out.flush()
        elif kind == "bye":
            return


if __name__ == "__main__":
    main()
