"""The floor of bench/referee.py: read one JSON line, parse it, answer one line, repeat."""

from __future__ import annotations

import sys

import orjson


def main() -> None:
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        message = orjson.loads(line)
        out.write(b'{"type":"action","id":%d,"action":{"type":"stop"}}\n' % message["id"])
        out.flush()


if __name__ == "__main__":
    main()
