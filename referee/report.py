"""The end-of-match report: one JSON document, and the same as rich tables for people."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from referee.match import GameOutcome, MatchConfig
from referee.stats import Sprt, bot_table, head_to_head, head_to_head_samples


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
        "seed": config.seed,
        "rotate": config.rotate,
        "games_planned": config.games,
        "games_played": len(outcomes),
        "time": config.time.to_json(),
        "sandbox": config.sandbox.describe(),
        "bots": [s.to_json() for s in stats],
        "stopped": stopped,
        "replays": str(config.replays) if config.replays else None,
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
    return document


def _ms(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def print_report(document: dict[str, Any], console: Console) -> None:
    title = (
        f"{document['game']} · rules {document['rules']} · "
        f"{document['games_played']} games · seed {document['seed']}"
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
            f"{bot['bot']}: {bot['name']}",
            str(bot["games"]),
            str(bot["wins"]),
            "—" if bot["mean_place"] is None else f"{bot['mean_place']:.2f}",
            "—" if bot["mean_score"] is None else f"{bot['mean_score']:.1f}",
            faults,
            f"{_ms(think['mean_wall'])} / {_ms(think['max_wall'])}",
        )
    console.print(table)
    h2h = document.get("head_to_head")
    if h2h:
        low, high = h2h["win_rate_95"]
        elo_low, elo_high = h2h["elo_95"]
        name0, name1 = document["bots"][0]["name"], document["bots"][1]["name"]
        console.print(
            f"{name0} vs {name1}: win rate {100 * h2h['win_rate']:.1f}% "
            f"(95% CI {100 * low:.1f}–{100 * high:.1f}%), "
            f"Elo {h2h['elo']:+.0f} (95% CI {elo_low:+.0f} to {elo_high:+.0f})"
        )
        if h2h["paired"] and "error_bar_ratio" in h2h:
            console.print(
                f"duplicate pairing: error bar {100 * h2h['error_bar_ratio']:.0f}% of the "
                f"unpaired one (stderr {h2h['stderr']:.4f} vs {h2h['stderr_unpaired']:.4f})"
            )
    sprt = document.get("sprt")
    if sprt:
        verdict = {
            "H1": f"H1 accepted: {document['bots'][0]['name']} is at least "
            f"{sprt['elo1']:+g} Elo stronger",
            "H0": f"H0 accepted: {document['bots'][0]['name']} is not {sprt['elo1']:+g} Elo "
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
        console.print(f"replays in {document['replays']}")
