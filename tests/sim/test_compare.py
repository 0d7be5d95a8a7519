"""Comparing rule sets: the same seeds under each, intervals that hold, clause counts that tell
the rule sets apart, and a folder with the table and its plots."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from gamenight.bots import SeatBots
from gamenight.engine.options import OptionError
from gamenight.sim import report, run, stats
from gamenight.sim.compare import CompareError, Comparison, RuleSet, compare
from gamenight.sim.simulate import prepare

SHORT = {"target": 2000}
BOOK = RuleSet("book", SHORT)
EQUAL_TURNS = RuleSet("equal turns", {**SHORT, "equal_turns": True})
TARGET = "ten_thousand.object.target"
EQUAL = "ten_thousand.object.equal-turns"


@pytest.fixture(scope="module")
def dice() -> Comparison:
    return compare("ten_thousand", [BOOK, EQUAL_TURNS], 12, players=3, seed=40, choose=SeatBots("heuristic"))


def row(c: Comparison, metric: str) -> tuple[float, ...]:
    return tuple(e.value for e in next(r for r in c.rows if r.metric == metric).estimates)


def test_each_rule_set_plays_the_same_seeds(dice: Comparison) -> None:
    assert [s.label for s in dice.sides] == ["book", "equal turns"]
    for side, rules in zip(dice.sides, (BOOK, EQUAL_TURNS)):
        assert [o.seed for o in side.outcomes] == list(range(40, 52))
        assert list(side.outcomes) == run(prepare("ten_thousand", 3, rules.options, None, SeatBots("heuristic")),
                                          range(40, 52))
    assert not dice.errors


def test_a_clause_that_fires_under_one_rule_set_only_shows_zero_under_the_other(dice: Comparison) -> None:
    assert row(dice, f"{TARGET} cited per match") == (1.0, 0.0)  # every book game ends by reaching the target
    under_book, under_equal = row(dice, f"{EQUAL} cited per match")
    assert under_book == 0.0 and under_equal >= 1.0


def test_rows_cover_every_seat_length_spread_and_clause_with_intervals(dice: Comparison) -> None:
    metrics = [r.metric for r in dice.rows]
    assert metrics[:6] == ["win rate, seat 0", "win rate, seat 1", "win rate, seat 2", "hands per match",
                           "actions per match", "score spread"]
    assert all(m.endswith(" cited per match") for m in metrics[6:])
    for side in range(2):
        assert sum(row(dice, f"win rate, seat {s}")[side] for s in range(3)) == pytest.approx(1.0)
    for r in dice.rows:
        for e in r.estimates:
            assert e.low <= e.value <= e.high and e.n == 12
            if r.kind == "rate":
                assert e.low >= 0.0 and e.high <= 1.0


def test_the_table_does_not_depend_on_the_number_of_processes(dice: Comparison) -> None:
    shared = compare("ten_thousand", [BOOK, EQUAL_TURNS], 12, players=3, seed=40, choose=SeatBots("heuristic"),
                     jobs=2)
    assert shared.rows == dice.rows


def test_the_folder_holds_the_csv_the_plots_and_the_report(dice: Comparison, tmp_path: Path) -> None:
    written = report.write(dice, tmp_path / "out")
    assert {p.name for p in written} == {"table.csv", "report.html", "win-rates.png", "length.png", "clauses.png"}
    with (tmp_path / "out" / "table.csv").open() as f:
        lines = list(csv.reader(f))
    assert lines[0] == ["metric", "book", "book low", "book high", "equal turns", "equal turns low",
                        "equal turns high"]
    target = next(line for line in lines if line[0] == f"{TARGET} cited per match")
    assert [float(x) for x in target[1:]] == [1.0, 1.0, 1.0, 0.0, 0.0, 0.0]
    page = (tmp_path / "out" / "report.html").read_text()
    assert '<img src="clauses.png"' in page and "equal turns" in page and "equal_turns=True" in page
    assert (tmp_path / "out" / "win-rates.png").read_bytes()[:4] == b"\x89PNG"


def test_a_comparison_needs_two_named_rule_sets_and_good_options() -> None:
    with pytest.raises(CompareError, match="two or more"):
        compare("ten_thousand", [BOOK], 2)
    with pytest.raises(CompareError, match="name of its own"):
        compare("ten_thousand", [BOOK, RuleSet("book", {"target": 3000})], 2)
    with pytest.raises(OptionError):
        compare("ten_thousand", [BOOK, RuleSet("bad", {"target": 10})], 2)


def test_wilson_and_bootstrap_intervals() -> None:
    none = stats.wilson(0, 10)
    assert (none.value, none.low) == (0.0, 0.0) and none.high == pytest.approx(0.2775, abs=1e-4)
    half = stats.wilson(50, 100)
    assert (half.low, half.high) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    values = [float(x % 7) for x in range(200)]
    m = stats.mean(values)
    assert m.value == pytest.approx(sum(values) / 200) and m.low < m.value < m.high
    assert stats.mean(values) == m  # seeded: the same report every time
    assert stats.mean([3.0, 3.0]) == stats.Estimate(3.0, 3.0, 3.0, 2)
