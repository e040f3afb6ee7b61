"""Drawing a frame as text for the terminal: cards as cards (suit symbols, red and black),
dice as dice faces. Reads only views, never rules: what is drawn is what the engine said.

A replay is a file anyone can hand you: its names, fault details and events are drawn as
text, never as markup (everything here is a ``Text``, not a markup string) and never as
terminal commands (``render_frame`` passes every line through ``safetext``).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from referee.replay.frames import Frame
from referee.replay.reader import Header
from referee.safetext import NAME_LIMIT, for_terminal, is_clean

SUIT_SYMBOL = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
RED = {"D", "H"}
DIE_FACE = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def card_text(card: str | None) -> Text:
    if not card:
        return Text("▒▒", style="dim")
    rank = "10" if card[0] == "T" else card[0]
    suit = card[1]
    return Text(f"{rank}{SUIT_SYMBOL.get(suit, suit)}", style="bold red" if suit in RED else "bold")


def cards_text(cards: list[str] | None) -> Text:
    if cards is None:
        return Text("—", style="dim")
    if not cards:
        return Text("(none)", style="dim")
    return Text(" ").join(card_text(c) for c in cards)


def dice_text(dice: list[int] | tuple[int, ...] | None) -> Text:
    if not dice:
        return Text("—", style="dim")
    return Text(" ").join(Text(f"{DIE_FACE.get(d, '?')}{d}", style="bold") for d in dice)


def _value(value: Any, names: list[str]) -> str:
    if isinstance(value, list):
        if value and all(isinstance(v, str) and len(v) == 2 for v in value):
            return " ".join(card_text(v).plain for v in value)
        return ",".join(str(v) for v in value)
    return str(value)


def describe_event(event: dict[str, Any], names: list[str]) -> str:
    """One event in words: its type, then its fields, seats shown by name."""
    parts = []
    for key, value in event.items():
        if key in ("type", "to"):
            continue
        if key in ("seat", "winner", "declarer", "recipient") and isinstance(value, int):
            parts.append(f"{key}={names[value] if 0 <= value < len(names) else value}")
        elif key == "card" and isinstance(value, str):
            parts.append(f"card={card_text(value).plain}")
        else:
            parts.append(f"{key}={_value(value, names)}")
    private = f" (to {names[event['to']]})" if isinstance(event.get("to"), int) else ""
    return f"{event.get('type')}{private}: " + " ".join(parts)


def describe_step(frame: Frame, names: list[str], seat: int | None) -> list[str]:
    record = frame.record
    if record is None:
        return ["the table before the first step"]
    action = record.get("action", {})
    if record.get("kind") == "chance":
        head = f"chance: {action.get('type')}"
        if action.get("type") == "throw":
            head += " " + dice_text(action.get("dice")).plain
    else:
        who = names[record["seat"]]
        if seat is not None and seat != record["seat"]:
            # Another seat's action may be private (a card passed face down): from a seat's
            # point of view, what it learnt of the move is in the events it was shown.
            fields = ""
        else:
            fields = " ".join(
                f"{k}={card_text(v).plain if k == 'card' else _value(v, names)}"
                for k, v in action.items()
                if k != "type"
            )
        head = f"{who}: {action.get('type')} {fields}".rstrip()
        timing = record.get("wall_ms")
        if timing is not None:
            head += f"  ({timing:.1f} ms)"
        if "fault" in record:
            head += f"  FAULT {record['fault']['kind']}: {record['fault']['detail']}"
    lines = [head]
    for event in record.get("events", []):
        to = event.get("to")
        if to is not None and seat is not None and to != seat:
            continue
        if event.get("type") in ("hand",) and seat is None:
            continue
        lines.append("  · " + describe_event(event, names))
    return lines


def _seat_label(names: list[str], seat: int, view: dict[str, Any]) -> str:
    mark = "▶ " if view.get("to_move") == seat else "  "
    width = max(len(n) for n in names) + 2
    return f"{mark}{names[seat]}".ljust(width + 2)


def render_cards(view: dict[str, Any], names: list[str], seat: int | None) -> list[RenderableType]:
    out: list[RenderableType] = []
    trump = view.get("trump")
    contract = ""
    if view.get("declarer") is not None:
        contract = f"declarer {names[view['declarer']]} · contract {view.get('contract')}"
        if view.get("blind"):
            contract += " (blind)"
    trump_text = f"trump {SUIT_SYMBOL[trump]}" if trump else "no trump"
    out.append(
        Text(
            f"deal {view.get('deal')} · phase {view.get('phase')} · dealer "
            f"{names[view['dealer']] if view.get('dealer') is not None else '—'} · "
            f"{contract or 'bidding'} · {trump_text}"
        )
    )
    barrel = view.get("barrel")
    for s in range(len(names)):
        line = Text(_seat_label(names, s, view))
        line.append(f"score {view['scores'][s]:>5}", style="bold")
        line.append(f"  bolts {view['bolts'][s]}  falls {view['falls'][s]}")
        if barrel == s:
            line.append(f"  ON THE BARREL ({view.get('barrel_deals')} deals)", style="yellow")
        line.append("   ")
        if seat is None:
            hands = view.get("hands") or []
            line.append_text(cards_text(hands[s] if s < len(hands) else None))
        elif s == seat:
            line.append_text(cards_text(view.get("hand")))
        else:
            line.append(f"({view['hand_sizes'][s]} cards)", style="dim")
        out.append(line)
    talon = Text("talon: ")
    if view.get("talon_hidden"):
        talon.append_text(cards_text(view["talon_hidden"]))
        talon.append("  (face down: nobody has seen it yet)", style="dim")
    else:
        talon.append_text(cards_text(view.get("talon")))
        if not view.get("talon") and not view.get("talon_shown"):
            talon.append("  (face down)", style="dim")
    out.append(talon)
    bids = view.get("bids") or []
    if bids:
        out.append(
            Text(
                "bids: "
                + ", ".join(
                    f"{names[b['seat']]} {b['value'] if b['value'] is not None else 'pass'}"
                    + (" blind" if b.get("blind") else "")
                    for b in bids
                )
            )
        )
    trick = Text("trick: ")
    if view.get("trick"):
        trick.append_text(
            Text(", ").join(
                Text(f"{names[t['seat']]} ").append_text(card_text(t["card"]))
                for t in view["trick"]
            )
        )
    else:
        trick.append("—", style="dim")
    out.append(trick)
    if view.get("marriages"):
        out.append(
            Text(
                "marriages: "
                + ", ".join(
                    f"{names[m['seat']]} {SUIT_SYMBOL.get(m['suit'] or '', 'aces')} {m['value']}"
                    for m in view["marriages"]
                )
            )
        )
    return out


def render_dice(view: dict[str, Any], names: list[str], seat: int | None) -> list[RenderableType]:
    out: list[RenderableType] = []
    turn = view.get("turn")
    out.append(
        Text(
            f"round {view.get('round')} · turn {names[turn] if turn is not None else '—'} · "
            f"phase {view.get('phase')}"
        )
    )
    for s in range(len(names)):
        line = Text(_seat_label(names, s, view))
        line.append(f"score {view['scores'][s]:>5}", style="bold")
        if not view["opened"][s]:
            line.append("  not opened", style="dim")
        line.append(f"  bolts {view['bolts'][s]}")
        if view["on_barrel"][s]:
            line.append(f"  ON THE BARREL (attempts {view['barrel_attempts'][s]})", style="yellow")
        if view["barrel_falls"][s]:
            line.append(f"  falls {view['barrel_falls'][s]}")
        out.append(line)
    throw = Text("throw: ")
    throw.append_text(dice_text(view.get("throw")))
    throw.append("   set aside: ")
    throw.append_text(dice_text(view.get("set_aside")))
    out.append(throw)
    out.append(
        Text(
            f"turn total {view.get('turn_total')} · dice left {view.get('dice_left')}"
            + (" · must roll (hot dice)" if view.get("must_roll") else "")
            + (f" · needs {view['need']}" if view.get("need") else "")
        )
    )
    return out


def display_names(header: Header) -> list[str]:
    """The seats' names as a terminal may show them: escaped, and short enough for a line."""
    return [for_terminal(name, NAME_LIMIT) for name in header.names]


def safe_line(line: Text) -> Text:
    """``line`` with any control character shown as its escape (the styling of a line that
    needed one is dropped: the line is hostile text, plainly shown)."""
    if is_clean(line.plain):
        return line
    return Text(for_terminal(line.plain), style=line.style)


def render_frame(
    frame: Frame, total: int, names: list[str], game: str, seat: int | None
) -> RenderableType:
    view = frame.view(seat)
    who = "the whole table" if seat is None else f"what {names[seat]} knew"
    title = Text(
        f"{game} · step {frame.index}/{total - 1} · line {frame.line} · {who}", style="bold cyan"
    )
    body = render_cards(view, names, seat) if game == "cards" else render_dice(view, names, seat)
    step = [Text(line) for line in describe_step(frame, names, seat)]
    lines = [title, *body, Text("last step:", style="bold"), *step]
    return Group(*(safe_line(line) if isinstance(line, Text) else line for line in lines))
