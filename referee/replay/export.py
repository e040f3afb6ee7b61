"""``thousand replay export FILE --html OUT``: one self-contained HTML page that replays a game.

The page (``viewer.html`` next to this module, inline CSS and JS, no network) draws the table
at every step, for the whole table or for what one seat saw. Every view is computed here by
the engine (``frames.py``); the page knows no rule, it only draws views.

Data shape (JSON, gzipped, base64 inside the page; the page inflates it with the browser's
``DecompressionStream``)::

    {"game", "names", "players", "meta", "result", "incomplete",
     "steps": [{"line", "kind", "seat", "fault", "d": [lines], "ds": {seat: [lines]}}],
     "views": [[table delta, seat 0 delta, seat 1 delta, ...] for each step]}

Each view (the whole table's, each seat's) is delta-coded: at step 0 the whole view, at each
later step only the keys whose values changed since the previous step (``"~"`` lists keys
that went away). The views of one step sit side by side, where gzip finds their likeness.
``ds`` holds a seat's description lines only where they differ from the whole table's ``d``.
"""

from __future__ import annotations

import base64
import gzip
import re
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import orjson

from referee import csp
from referee.outputs import HTML_PAGE, PAGE_MARK, check_output, write_atomic
from referee.replay.frames import Frame, LoadedReplay, load_frames
from referee.replay.reader import ReplayError
from referee.replay.render import describe_step, display_names
from referee.safetext import for_html

TEMPLATE = "viewer.html"
DATA_MARK = "__REPLAY_DATA__"
TITLE_MARK = "__REPLAY_TITLE__"
POLICY_MARK = "__REPLAY_POLICY__"
# Decisions whose card is known only to the mover (and the recipient): others see no card.
PRIVATE_CARD_ACTIONS = {"give": "to", "discard": None}


def _template() -> str:
    return resources.files("referee.replay").joinpath(TEMPLATE).read_text(encoding="utf-8")


def _delta(previous: dict[str, Any] | None, current: dict[str, Any]) -> dict[str, Any]:
    if previous is None:
        return dict(current)
    changed = {k: v for k, v in current.items() if k not in previous or previous[k] != v}
    gone = [k for k in previous if k not in current]
    if gone:
        changed["~"] = gone
    return changed


def _plain(view: dict[str, Any]) -> dict[str, Any]:
    """A view as JSON gives it back (tuples, the engine's shared arrays, become lists), so
    that comparing two views compares what the page will get."""
    plain: dict[str, Any] = orjson.loads(orjson.dumps(view))
    return plain


def _redacted(frame: Frame, seat: int) -> Frame:
    """The step as ``seat`` saw it: a card given or discarded by another seat stays unnamed
    unless it was given to ``seat``."""
    record = frame.record
    if record is None or record.get("seat") == seat:
        return frame
    action = record.get("action") or {}
    kind = action.get("type")
    if kind not in PRIVATE_CARD_ACTIONS or "card" not in action:
        return frame
    to_key = PRIVATE_CARD_ACTIONS[kind]
    if to_key is not None and action.get(to_key) == seat:
        return frame
    hidden = dict(record, action={**action, "card": "?"})
    return Frame(frame.index, frame.line, hidden, frame.state)


class _Piles:
    """Talons lying face down on the table (the views name a talon only once it is shown or
    taken): the whole table sees their cards, a seat sees only how many there are. Also keeps
    the hands as dealt, for blind bidding."""

    def __init__(self) -> None:
        self.piles: list[list[str]] = []
        self.claimed: int | None = None
        self.dealt: list[list[str]] = []

    def step(self, record: dict[str, Any] | None, view: dict[str, Any]) -> list[list[str]]:
        if record is not None:
            action = record.get("action") or {}
            if record.get("kind") == "chance" and action.get("type") == "deal":
                if isinstance(action.get("talons"), list):
                    self.piles = [list(p) for p in action["talons"]]
                elif isinstance(action.get("talon"), list):
                    self.piles = [list(action["talon"])]
                else:
                    self.piles = []
                self.claimed = None
                hands = action.get("hands")
                self.dealt = [list(h) for h in hands] if isinstance(hands, list) else []
            if action.get("type") == "take_talon" and isinstance(action.get("index"), int):
                self.claimed = action["index"]
            for event in record.get("events", []):
                if event.get("type") == "talon" and event.get("reason") == "last_trick":
                    self.piles = []
        phase = view.get("phase")
        if phase in ("bidding", "choose_talon"):
            return self.piles
        if (
            len(self.piles) == 2
            and self.claimed is not None
            and phase
            in (
                "talon",
                "contract",
                "play",
            )
        ):
            return [self.piles[1 - self.claimed]]
        return []


def build_data(
    loaded: LoadedReplay,
    notes: Mapping[int, str] | None = None,
    analysis: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The page's data; ``notes``: a line to add to some steps' description (by step number),
    ``analysis``: the chart of the probability of winning (``{"curve": [[step, p], ...],
    "marks": [[step, p, mark], ...]}``), both made by a layer above (``replay export
    --analysis``)."""
    header = loaded.header
    names = display_names(header)
    players = header.players
    cards = header.game == "cards"
    views: list[list[dict[str, Any]]] = []
    previous: list[dict[str, Any] | None] = [None] * (players + 1)
    steps: list[dict[str, Any]] = []
    piles = _Piles()
    for frame in loaded.frames:
        record = frame.record
        table = _plain(frame.view(None))
        seat_views = [_plain(frame.view(s)) for s in range(players)]
        if cards:
            if "given" in table:
                # The whole table knows every given card: take each from whoever saw it.
                given = [dict(g) for g in table.get("given") or []]
                for i, item in enumerate(given):
                    for view in seat_views:
                        known = (view.get("given") or [])[i : i + 1]
                        if item.get("card") is None and known and known[0].get("card"):
                            item["card"] = known[0]["card"]
                table["given"] = given or table.get("given")
            lying = piles.step(record, table)
            table["_piles"] = lying
            # Blind bidding: a hand its owner has not looked at is in no view; the whole table
            # shows it as dealt (marked unseen).
            unseen: list[list[str] | None] = [None] * players
            for s, (view, dealt) in enumerate(zip(seat_views, piles.dealt, strict=False)):
                sizes = view.get("hand_sizes") or []
                if view.get("hand_seen") is False and s < len(sizes) and len(dealt) == sizes[s]:
                    unseen[s] = dealt
            if any(unseen):
                table["_unseen"] = unseen
            for view in seat_views:
                view["_piles"] = [len(p) for p in lying]
        current = [table, *seat_views]
        views.append([_delta(before, now) for before, now in zip(previous, current, strict=True)])
        previous = list(current)
        lines = describe_step(frame, names, None)
        if notes and frame.index in notes:
            lines = [*lines, notes[frame.index]]
        step: dict[str, Any] = {"line": frame.line, "d": lines}
        if record is not None:
            step["kind"] = record.get("kind")
            if "seat" in record:
                step["seat"] = record["seat"]
            if "fault" in record:
                step["fault"] = record["fault"]
        seat_lines = {}
        for s in range(players):
            mine = describe_step(_redacted(frame, s), names, s)
            if mine != lines:
                seat_lines[str(s)] = mine
        if seat_lines:
            step["ds"] = seat_lines
        steps.append(step)
    raw = header.raw
    meta = {
        "rules_label": raw.get("rules_label"),
        "rules": raw.get("rules"),
        "seed": str(raw.get("seed")) if raw.get("seed") is not None else None,
        "game_index": raw.get("game_index"),
        "started": raw.get("started"),
        "referee": raw.get("referee"),
        "seats": [
            {k: seat.get(k) for k in ("name", "label", "version", "author")}
            for seat in raw.get("seats", [])
        ],
    }
    result = loaded.result
    if result is not None:
        result = {k: v for k, v in result.items() if k != "engine"}
    extra = {"analysis": analysis} if analysis else {}
    return {
        **extra,
        "game": header.game,
        "names": names,
        "players": players,
        "meta": meta,
        "result": result,
        "incomplete": loaded.incomplete,
        "steps": steps,
        "views": views,
    }


_MARKS = re.compile(f"{TITLE_MARK}|{DATA_MARK}|{POLICY_MARK}")


def viewer_policy(page: str, *, meta: bool = False) -> str:
    """The viewer's Content-Security-Policy: its own inline script allowed by its hash (the data
    block is ``application/octet-stream``, never run), inline styles (it draws with style
    attributes, which run nothing), ``data:`` images (its icon), nothing fetched from anywhere,
    and, served (``meta`` false), framed only by its own server's game page."""
    return csp.policy(
        scripts=csp.inline_scripts(page),
        inline_styles=True,
        data_images=True,
        framed=True,
        meta=meta,
    )


def render_page(data: dict[str, Any]) -> str:
    packed = gzip.compress(orjson.dumps(data), compresslevel=9, mtime=0)
    blob = base64.b64encode(packed).decode("ascii")
    names = " · ".join(data["names"])
    title = for_html(f"Тысяча · {data['game']} · {names}")
    page = _template()
    if any(mark not in page for mark in (DATA_MARK, TITLE_MARK, POLICY_MARK, PAGE_MARK)):
        raise OSError(f"the page template {TEMPLATE} is damaged (placeholders missing)")
    # One pass over the template: a value put in is never searched again, so a bot named
    # after a placeholder cannot pull the data (or anything else) into the title. The policy
    # is the template's own (its script's hash), whatever the replay holds.
    values = {TITLE_MARK: title, DATA_MARK: blob, POLICY_MARK: viewer_policy(page, meta=True)}
    return _MARKS.sub(lambda mark: values[mark.group()], page)


def export_html(
    replay: Path,
    out: Path,
    *,
    force: bool = False,
    notes: Mapping[int, str] | None = None,
    analysis: dict[str, Any] | None = None,
) -> Path:
    """Write the page for ``replay`` to ``out`` and return ``out``. ``out`` must not be the
    replay itself, nor (without ``force``) an existing file that is not one of our pages
    (referee/outputs.py); the page appears in one rename, whole."""
    check_output(out, [replay], HTML_PAGE, force)
    loaded = load_frames(replay)
    if len(loaded.frames) < 1:
        raise ReplayError(f"{replay}: no steps to show")
    return write_atomic(out, render_page(build_data(loaded, notes, analysis)))
