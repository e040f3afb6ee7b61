"""The end-of-match report: one JSON document, and the same as rich tables for people."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from referee.games.match_types import GameOutcome, MatchConfig
from referee.games.stats import (
    Sprt,
    bot_table,
    head_to_head,
    head_to_head_samples,
    pairwise,
    pentanomial,
)
from referee.safetext import NAME_LIMIT, for_rich, for_terminal
from thousand.game import EndReason


def match_document(
    config: MatchConfig,
    names: Sequence[str],
    outcomes: Sequence[GameOutcome],
    sprt: Sprt | None,
    stopped: str | None,
) -> dict[str, Any]:
    stats = bot_table(outcomes, names)
    document: dict[str, Any] = {
        "game": config.game,
        "rules": config.rules_label,
        "players": len(config.bots),
        "seed": str(config.seed),  # text: a 128-bit seed is beyond JSON readers' integers
        "rotate": config.rotate,
        "games_planned": config.games,
        "games_played": len(outcomes),
        "time": config.time.to_json(),
        "sandbox": config.sandbox.describe(),
        "bots": [s.to_json() for s in stats],
        "stopped": stopped,
        "replays": str(config.replays) if config.replays else None,
        "logs": str(config.logs) if config.logs else None,
        "games": [
            {
                "game": o.plan.index,
                "seating": list(o.plan.seating),
                "ranking": o.result.ranking,
                "scores": o.result.scores,
                "reason": o.result.reason,
                "faults": [f.to_json() for f in o.faults],
                "replay": str(o.replay) if o.replay else None,
            }
            for o in outcomes
        ],
    }
    if len(config.bots) == 2:
        h2h = head_to_head(outcomes, config.rotate)
        document["head_to_head"] = h2h.to_json() if h2h else None
        if config.rotate:
            penta = pentanomial(outcomes)
            document["pentanomial"] = penta.to_json() if penta else None
        if sprt is not None:
            samples = head_to_head_samples(outcomes, config.rotate)
            document["sprt"] = {
                "elo0": sprt.elo0,
                "elo1": sprt.elo1,
                "alpha": sprt.alpha,
                "beta": sprt.beta,
                "llr": sprt.llr(samples),
                "bounds": list(sprt.bounds),
                "decision": sprt.decide(samples),
            }
    else:
        document["pairwise"] = [
            h.to_json() for h in pairwise(outcomes, len(config.bots), config.rotate)
        ]
    return document


END_WORDS: dict[EndReason, str] = {
    "target": "reached the target",
    "deal_cap": "the deal limit",
    "goal": "reached the goal",
    "five_of_a_kind": "five of a kind",
    "round_cap": "the round limit",
}
"""What ended a game, in a player's words: the reports show these, replays and --json the
engine's word (``Result.reason``)."""


def game_line(
    outcome: GameOutcome,
    finished: int,
    total: int,
    names: Sequence[str],
    table: tuple[int, Sequence[int]] | None = None,
) -> str:
    """One line per finished game for a log, as cutechess-cli prints: who scored what, best
    first, what ended the game in a player's words, and, beside a bot that faulted, its fault
    and the place the fault policy gave it (its score alone would read as a win: a crashed
    bot may hold 1000). ``table``: a tournament's table number and its bots' numbers."""
    faulted: dict[int, str] = {}
    for fault in outcome.faults:
        faulted.setdefault(fault.seat, fault.kind)
    seating, result = outcome.plan.seating, outcome.result
    parts = []
    for seat in result.ranking:
        bot = seating[seat] if table is None else table[1][seating[seat]]
        part = f"{names[bot]} {result.scores[seat]}"
        if seat in faulted:
            place = result.places[seat]
            ranked = "last" if place == len(seating) else ordinal(place)
            part += f" (faulted: {faulted[seat]}; ranked {ranked})"
        parts.append(part)
    where = f"#{outcome.plan.index}"
    if table is not None:
        where = f"table {table[0]}, {where}"
    line = f"game {finished} of {total} finished ({where}): {', '.join(parts)}"
    line += f"; ended: {END_WORDS.get(result.reason, result.reason)}"
    return for_terminal(line)  # names are the bots' own text: shown, never obeyed


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``: a place at a table of up to eight."""
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number, 'th') }"


def fault_log_lines(document: dict[str, Any], log_dir: Path) -> list[str]:
    """For every bot that faulted, where its stderr went: the first place to look."""
    lines = []
    for entry in document["bots"]:
        if not entry["fault_games"]:
            continue
        bot = entry["bot"]
        logs = sorted(log_dir.glob(f"bot{bot}-*.stderr.log"))
        where = ", ".join(str(p) for p in logs) if logs else f"none written (in {log_dir})"
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(entry["faults"].items()))
        lines.append(
            for_terminal(
                f"bot {bot} ({entry['name']}) faulted in {count(entry['fault_games'], 'game')} "
                f"({kinds}); its stderr log: {where}"
            )
        )
    return lines


def count(number: int, noun: str) -> str:
    """``1 game``, ``2 games``: a count in English."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _ms(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def _elo(value: float | None, unbounded: str) -> str:
    """An Elo value of the document; ``None`` stands for an unbounded one (a perfect score)."""
    return unbounded if value is None else f"{value:+.0f}"


def _win_rate(h2h: dict[str, Any], said: str = "95% CI ") -> str:
    """The rate and its interval; ``said`` names the interval (a table's header may say it
    once instead)."""
    low, high = h2h["win_rate_95"]
    return f"{100 * h2h['win_rate']:.1f}% ({said}{100 * low:.1f}–{100 * high:.1f}%)"


def _elo_range(h2h: dict[str, Any], said: str = "95% CI ") -> str:
    elo_low, elo_high = h2h["elo_95"]
    point = _elo(h2h["elo"], "+∞" if h2h["win_rate"] >= 1 else "-∞")
    return f"{point} ({said}{_elo(elo_low, '-∞')} to {_elo(elo_high, '+∞')})"


def pentanomial_line(penta: dict[str, Any]) -> str:
    """One line of a pentanomial document: the pair counts, Elo with its interval, and how
    much narrower it is than the trinomial interval of the same games."""
    low, high = penta["elo_95"]
    tri_low, tri_high = penta["trinomial"]["elo_95"]
    unbounded = "+∞" if penta["score"] >= 1 else "-∞"
    text = (
        f"pentanomial {penta['counts']} over {count(penta['pairs'], 'pair')}: "
        f"Elo {_elo(penta['elo'], unbounded)} (95% CI {_elo(low, '-∞')} to {_elo(high, '+∞')}); "
        f"trinomial 95% CI {_elo(tri_low, '-∞')} to {_elo(tri_high, '+∞')}"
    )
    narrower = penta["narrower"]
    if narrower is not None:
        text += f", {100 * abs(narrower):.0f}% {'narrower' if narrower >= 0 else 'wider'}"
    return text


def print_pairwise(document: dict[str, Any], console: Console) -> None:
    """The head-to-head table of three or more bots: for every pair, how often the first
    finished ahead of the second in the games both played."""
    rows = document.get("pairwise")
    if not rows:
        return
    table = Table(title="head to head: how often A finished ahead of B")
    for column, justify in (
        ("A", "left"),
        ("B", "left"),
        ("games", "right"),
        ("A ahead", "right"),
        ("A ahead rate (95% CI)", "right"),
        ("Elo A − B (95% CI)", "right"),
        ("LOS", "right"),
    ):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    bots = document["bots"]
    for h2h in rows:
        a, b = h2h["bots"]
        table.add_row(
            Text(f"{a}: {for_terminal(bots[a]['name'], NAME_LIMIT)}"),
            Text(f"{b}: {for_terminal(bots[b]['name'], NAME_LIMIT)}"),
            str(h2h["games"]),
            str(round(h2h["win_rate"] * h2h["games"])),
            # The interval said once, in the header: the row fits a 120-column log.
            _win_rate(h2h, said=""),
            _elo_range(h2h, said=""),
            f"{100 * h2h['los']:.1f}%",
        )
    console.print(table)


def print_report(document: dict[str, Any], console: Console) -> None:
    title = (
        f"{document['game']} · rules {for_rich(document['rules'])} · "
        f"{count(document['games_played'], 'game')} · seed {document['seed']}"
    )
    table = Table(title=title)
    for column, justify in (
        ("bot", "left"),
        ("games", "right"),
        ("wins", "right"),
        ("mean place", "right"),
        ("mean score", "right"),
        ("faults", "left"),
        ("think ms mean/max", "right"),
    ):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for bot in document["bots"]:
        faults = ", ".join(f"{k} {v}" for k, v in sorted(bot["faults"].items())) or "—"
        think = bot["think_ms"]
        table.add_row(
            f"{bot['bot']}: {for_rich(bot['name'], NAME_LIMIT)}",
            str(bot["games"]),
            str(bot["wins"]),
            "—" if bot["mean_place"] is None else f"{bot['mean_place']:.2f}",
            "—" if bot["mean_score"] is None else f"{bot['mean_score']:.1f}",
            faults,
            f"{_ms(think['mean_wall'])} / {_ms(think['max_wall'])}",
        )
    console.print(table)
    print_pairwise(document, console)
    h2h = document.get("head_to_head")
    if h2h:
        name0, name1 = (for_rich(b["name"], NAME_LIMIT) for b in document["bots"][:2])
        console.print(
            f"{name0} vs {name1}: win rate {_win_rate(h2h)}, Elo {_elo_range(h2h)}, "
            f"LOS {100 * h2h['los']:.1f}%"
        )
        penta = document.get("pentanomial")
        if h2h["paired"] and "error_bar_ratio" in h2h and not penta:
            # Said once: with the pentanomial line below, its comparison is the one shown.
            console.print(
                f"duplicate pairing: error bar {100 * h2h['error_bar_ratio']:.0f}% of the "
                f"unpaired one (stderr {h2h['stderr']:.4f} vs {h2h['stderr_unpaired']:.4f})"
            )
    penta = document.get("pentanomial")
    if penta:
        console.print(pentanomial_line(penta))
    sprt = document.get("sprt")
    if sprt:
        first = for_rich(document["bots"][0]["name"], NAME_LIMIT)
        verdict = {
            "H1": f"H1 accepted: {first} is at least {sprt['elo1']:+g} Elo stronger",
            "H0": f"H0 accepted: {first} is not {sprt['elo1']:+g} Elo "
            f"stronger (at most {sprt['elo0']:+g})",
            None: "undecided",
        }[sprt["decision"]]
        low, high = sprt["bounds"]
        console.print(f"SPRT: LLR {sprt['llr']:.2f} (bounds {low:.2f}, {high:.2f}) — {verdict}")
    if document.get("stopped"):
        console.print(f"stopped: {document['stopped']}")
    if document.get("sandbox"):
        console.print(f"sandbox: {document['sandbox']}")
    if document.get("replays"):
        # Never wrapped: a path broken over two lines cannot be pasted or grepped from a log.
        console.print(f"replays in {for_rich(document['replays'])}", soft_wrap=True)
    if document.get("logs"):
        console.print(Text(f"bot stderr logs in {document['logs']}"), soft_wrap=True)
