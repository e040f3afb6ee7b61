"""Match statistics that are honest at the edges: Wilson intervals (10-0 is not 100-100%),
unbounded Elo shown as unbounded, the same for paired duplicate groups, and a head-to-head
table with every pair when three or more bots play."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from referee.games.match_types import GameOutcome, GamePlan
from referee.games.stats import head_to_head, pairwise, wilson
from tests.match_cli.conftest import FAST, faulty, invoke, random_bot, write_json
from thousand.game import Result

Z = 1.959963984540054


def reference_wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson bounds as the two roots of (x - p)^2 = z^2 x (1 - x) / n, solved here with
    the quadratic formula (an independent derivation of the same interval)."""
    p, n = successes / trials, trials
    a = 1 + Z * Z / n
    b = -(2 * p + Z * Z / n)
    c = p * p
    root = math.sqrt(b * b - 4 * a * c)
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


@pytest.mark.parametrize(("wins", "games"), [(10, 10), (0, 10), (5, 10), (1, 3), (97, 100)])
def test_wilson_matches_the_quadratic_roots(wins: int, games: int) -> None:
    low, high = wilson(wins, games)
    expected_low, expected_high = reference_wilson(wins, games)
    assert low == pytest.approx(expected_low, abs=1e-12)
    assert high == pytest.approx(expected_high, abs=1e-12)


def test_wilson_known_values() -> None:
    # 10 of 10: n / (n + z^2); 0 of 10: z^2 / (n + z^2); 5 of 10: the textbook 23.7%-76.3%.
    assert wilson(10, 10) == pytest.approx((10 / (10 + Z * Z), 1.0))
    assert wilson(0, 10) == pytest.approx((0.0, Z * Z / (10 + Z * Z)))
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)


def outcome(index: int, group: int, seating: tuple[int, ...], ranking: list[int]) -> GameOutcome:
    """A finished game as the match loop reports it; ``ranking`` lists seats best first."""
    result = Result(ranking=ranking, scores=[0] * len(seating), reason="goal", winner=ranking[0])
    plan = GamePlan(index, group, "00" * 32, seating)
    return GameOutcome(plan, result, result, [], {}, 0, None, ["a"] * len(seating))


def sweep(games: int, paired: bool) -> list[GameOutcome]:
    """Bot 0 beats bot 1 in every game (in pairs of seatings when ``paired``)."""
    found = []
    for index in range(games):
        seating = (0, 1) if index % 2 == 0 else (1, 0)
        winner_seat = seating.index(0)
        group = index // 2 if paired else index
        found.append(outcome(index, group, seating, [winner_seat, 1 - winner_seat]))
    return found


@pytest.mark.parametrize("paired", [False, True])
def test_a_clean_sweep_is_not_certainty(paired: bool) -> None:
    h2h = head_to_head(sweep(10, paired), paired)
    assert h2h is not None
    assert h2h.score == 1.0
    assert h2h.high == 1.0
    assert h2h.low == pytest.approx(10 / (10 + Z * Z))  # 72.2%, not 100%
    assert h2h.elo == math.inf and h2h.elo_high == math.inf
    assert math.isfinite(h2h.elo_low) and h2h.elo_low > 0
    data = h2h.to_json()
    assert data["elo"] is None and data["elo_95"][1] is None  # JSON has no infinity
    assert data["elo_95"][0] == pytest.approx(h2h.elo_low)


def test_paired_groups_with_spread_use_the_effective_number_of_games() -> None:
    # Six groups of two: bot 0 wins both, one, or none of each pair.
    per_group = [2, 1, 2, 1, 0, 2]
    games: list[GameOutcome] = []
    for group, wins in enumerate(per_group):
        for k, seating in enumerate([(0, 1), (1, 0)]):
            zero_wins = k < wins
            first = seating.index(0) if zero_wins else seating.index(1)
            games.append(outcome(len(games), group, seating, [first, 1 - first]))
    h2h = head_to_head(games, True)
    assert h2h is not None
    means = [w / 2 for w in per_group]
    mean = sum(means) / len(means)
    var = sum((m - mean) ** 2 for m in means) / (len(means) - 1)
    effective = mean * (1 - mean) / (var / len(means))
    expected = reference_wilson_float(mean, effective)
    assert (h2h.low, h2h.high) == pytest.approx(expected)
    assert 0 < h2h.low < mean < h2h.high < 1


def test_los_of_single_games_is_cutechess_s() -> None:
    """7 wins, 3 losses, no draws: cutechess-cli's 0.5 (1 + erf((W − L) / √(2 (W + L))))."""
    games = [outcome(i, i, (0, 1), [0, 1] if i < 7 else [1, 0]) for i in range(10)]
    h2h = head_to_head(games, False)
    assert h2h is not None
    assert h2h.los == pytest.approx(0.5 * (1 + math.erf((7 - 3) / math.sqrt(2 * 10))))
    assert h2h.to_json()["los"] == h2h.los


@pytest.mark.parametrize("paired", [False, True])
def test_los_of_a_clean_sweep_is_not_certainty(paired: bool) -> None:
    h2h = head_to_head(sweep(10, paired), paired)
    assert h2h is not None
    assert h2h.los == pytest.approx(0.5 * (1 + math.erf(10 / math.sqrt(2 * 10))))  # 99.92 %
    assert h2h.los < 1.0


def test_los_of_paired_groups_counts_the_effective_games() -> None:
    per_group = [2, 1, 2, 1, 0, 2]
    games: list[GameOutcome] = []
    for group, wins in enumerate(per_group):
        for k, seating in enumerate([(0, 1), (1, 0)]):
            first = seating.index(0) if k < wins else seating.index(1)
            games.append(outcome(len(games), group, seating, [first, 1 - first]))
    h2h = head_to_head(games, True)
    assert h2h is not None
    means = [w / 2 for w in per_group]
    mean = sum(means) / len(means)
    var = sum((m - mean) ** 2 for m in means) / (len(means) - 1)
    effective = mean * (1 - mean) / (var / len(means))
    expected = 0.5 * (1 + math.erf((mean - 0.5) * 2 * math.sqrt(effective) / math.sqrt(2)))
    assert h2h.los == pytest.approx(expected)


def reference_wilson_float(p: float, n: float) -> tuple[float, float]:
    a = 1 + Z * Z / n
    b = -(2 * p + Z * Z / n)
    root = math.sqrt(b * b - 4 * a * p * p)
    return (-b - root) / (2 * a), (-b + root) / (2 * a)


def test_pairwise_covers_every_pair_of_three() -> None:
    # Bot 2 always first, bot 0 second, bot 1 last.
    games = [
        outcome(i, i, seating, [seating.index(2), seating.index(0), seating.index(1)])
        for i, seating in enumerate([(0, 1, 2), (1, 2, 0), (2, 0, 1)])
    ]
    table = {(h.a, h.b): h for h in pairwise(games, 3, False)}
    assert set(table) == {(0, 1), (0, 2), (1, 2)}
    assert table[(0, 1)].score == 1.0 and table[(0, 2)].score == 0.0
    assert table[(1, 2)].score == 0.0 and table[(1, 2)].elo == -math.inf


# ------------------------------------------------------------------------- on the command line
# What the report says, in this process (``invoke``: the real command, real bot processes).


def test_a_zero_to_ten_result_prints_honest_bounds(marker: str, tmp_path: Path) -> None:
    rules = write_json(tmp_path / "short.json", {"max_rounds": 3})
    args = [
        "match",
        faulty("crash", 0, marker),
        random_bot(marker),
        "--game",
        "dice",
        "--games",
        "10",
        "--seed",
        "3",
        "--rules",
        str(rules),
        *FAST,
    ]
    done = invoke([*args, "--json"], cwd=tmp_path)
    assert done.returncode == 0, done.explain()
    h2h = done.doc["head_to_head"]
    assert h2h["win_rate"] == 0.0
    assert h2h["win_rate_95"] == pytest.approx([0.0, Z * Z / (10 + Z * Z)])
    assert h2h["elo"] is None and h2h["elo_95"][0] is None
    text = invoke(args, env={"COLUMNS": "200"}, cwd=tmp_path)
    assert text.returncode == 0, text.explain()
    assert "win rate 0.0% (95% CI 0.0–27.8%)" in text.stdout, text.explain()
    assert "Elo -∞ (95% CI -∞ to " in text.stdout, text.explain()
    assert "100.0–100.0%" not in text.stdout and "+2400" not in text.stdout


def test_three_bots_get_the_head_to_head_table(marker: str, tmp_path: Path) -> None:
    rules = write_json(tmp_path / "short.json", {"max_rounds": 5})
    bots = [random_bot(marker, 1), "builtin:first", "builtin:random"]
    args = [
        "match",
        *bots,
        "--game",
        "dice",
        "--games",
        "3",
        "--seed",
        "5",
        "--rules",
        str(rules),
        *FAST,
    ]
    done = invoke([*args, "--json"], cwd=tmp_path)
    assert done.returncode == 0, done.explain()
    rows = done.doc["pairwise"]
    assert sorted(tuple(r["bots"]) for r in rows) == [(0, 1), (0, 2), (1, 2)]
    for row in rows:
        assert row["games"] == 3
        low, high = row["win_rate_95"]
        assert 0 <= low <= row["win_rate"] <= high <= 1
    text = invoke(args, env={"COLUMNS": "250"}, cwd=tmp_path)
    assert text.returncode == 0, text.explain()
    assert "head to head" in text.stdout
    table = text.stdout[text.stdout.index("head to head") :]
    names = ["0: random", "1: builtin:first", "2: builtin:random"]
    for a, b in [(0, 1), (0, 2), (1, 2)]:
        assert re.search(rf"{re.escape(names[a])}\s*│\s*{re.escape(names[b])}", table), table
    # Each pair's LOS, as --json gives it, at the end of its row (issue 31: beside Elo).
    assert "LOS" in table.splitlines()[2], table
    for row in rows:
        a, b = row["bots"]
        line = next(line for line in table.splitlines() if names[a] in line and names[b] in line)
        assert line.rstrip(" │").endswith(f"{100 * row['los']:.1f}%"), line
        low, high = row["win_rate_95"]  # the whole row on one line of a 120-column log
        assert f"({100 * low:.1f}–{100 * high:.1f}%)" in line, table


def test_a_rotated_duel_states_los_and_the_pairing_gain_once(marker: str, tmp_path: Path) -> None:
    rules = write_json(tmp_path / "short.json", {"max_rounds": 5})
    args = ["match", random_bot(marker, 1), "builtin:random", "--game", "dice", "--games", "8"]
    args += ["--rotate", "--seed", "4", "--rules", str(rules), *FAST]
    done = invoke([*args, "--json"], cwd=tmp_path)
    assert done.returncode == 0, done.explain()
    assert 0.0 < done.doc["head_to_head"]["los"] < 1.0
    text = invoke(args, env={"COLUMNS": "200"}, cwd=tmp_path)
    assert text.returncode == 0, text.explain()
    los = 100 * done.doc["head_to_head"]["los"]
    assert f"LOS {los:.1f}%" in text.stdout, text.explain()
    gains = re.findall(r"narrower|wider|of the unpaired one", text.stdout)
    assert len(gains) == 1, text.stdout
