"""The dice family: face counts, runs, scoring kept dice from a table, odds, and the
push-your-luck turn bookkeeping. No game names: tables are built here."""

from __future__ import annotations

import itertools

import pytest

from gamenight.families.dice import (
    PushTurn,
    ScoreTable,
    best_score,
    bust_chance,
    face_counts,
    is_run,
    mean_best,
    score_keep,
    scoring_keeps,
)

TABLE = ScoreTable(singles=((1, 100), (5, 50)),
                   sets=((1, 1000), (2, 200), (3, 300), (4, 400), (5, 500), (6, 600)),
                   multipliers=((3, 1), (4, 2), (5, 4)),
                   runs=(((1, 2, 3, 4, 5), 1000), ((2, 3, 4, 5, 6), 1000)))
SINGLES_ONLY = ScoreTable(singles=((1, 100), (5, 50)), sets=())


def test_face_counts_and_runs() -> None:
    assert face_counts([1, 5, 5, 6]) == (0, 1, 0, 0, 0, 2, 1)
    assert face_counts([3], sides=4) == (0, 0, 0, 1, 0)
    assert is_run([5, 3, 1, 2, 4], (1, 2, 3, 4, 5))
    assert not is_run([1, 2, 3, 4, 4], (1, 2, 3, 4, 5))


@pytest.mark.parametrize(("dice", "points"), [
    ((5,), 50), ((1,), 100), ((1, 1, 1), 1000), ((2, 2, 2), 200), ((4, 4, 4), 400),
    ((2, 2, 2, 2), 400), ((3, 3, 3, 3), 600), ((2, 2, 2, 2, 2), 800), ((3, 3, 3, 3, 3), 1200),
    ((1, 2, 3, 4, 5), 1000), ((2, 3, 4, 5, 6), 1000),
])
def test_a_table_scores_each_combination(dice: tuple[int, ...], points: int) -> None:
    assert score_keep(dice, TABLE) == points
    assert score_keep(reversed(dice), TABLE) == points


def test_every_kept_die_must_count() -> None:
    assert score_keep((2,), TABLE) is None
    assert score_keep((1, 2), TABLE) is None
    assert score_keep((2, 2), TABLE) is None
    assert score_keep((), TABLE) == 0


def test_the_best_split_is_used() -> None:
    assert score_keep((1, 1, 1, 5, 5), TABLE) == 1100
    assert score_keep((5, 5, 5, 1), TABLE) == 600
    assert score_keep((1, 1, 1, 1), TABLE) == 2000
    assert score_keep((1, 2, 3, 4, 5), SINGLES_ONLY) is None
    assert score_keep((1, 5), SINGLES_ONLY) == 150


def test_scoring_keeps_lists_every_distinct_keep() -> None:
    keeps = dict(scoring_keeps((2, 1, 2, 5, 2), TABLE))
    assert keeps == {(1,): 100, (5,): 50, (1, 5): 150, (2, 2, 2): 200, (1, 2, 2, 2): 300,
                     (2, 2, 2, 5): 250, (1, 2, 2, 2, 5): 350}
    assert scoring_keeps((2, 3, 4, 6, 6), TABLE) == ()
    assert best_score((2, 1, 2, 5, 2), TABLE) == 350
    assert best_score((2, 3, 4, 6, 6), TABLE) == 0


def test_odds_match_brute_force() -> None:
    assert bust_chance(1, TABLE) == pytest.approx(4 / 6)
    assert bust_chance(2, TABLE) == pytest.approx(16 / 36)
    assert mean_best(1, TABLE) == pytest.approx(25.0)
    rolls = list(itertools.product(range(1, 7), repeat=3))
    busts = sum(1 for r in rolls if best_score(r, TABLE) == 0)
    assert bust_chance(3, TABLE) == pytest.approx(busts / len(rolls))
    assert mean_best(3, TABLE) == pytest.approx(sum(best_score(r, TABLE) for r in rolls) / len(rolls))
    assert 0 < bust_chance(5, TABLE) < bust_chance(4, TABLE) < bust_chance(3, TABLE)


def test_push_turn_keeps_and_hot_dice() -> None:
    turn = PushTurn(5)
    assert turn.left == 5 and turn.total == 0
    turn.rolled([1, 2, 3, 4, 6])
    assert turn.awaiting_keep
    assert not turn.keep([1], 100)
    assert turn.left == 4 and turn.total == 100 and not turn.awaiting_keep
    turn.rolled([5, 5, 1, 1])
    assert turn.keep([5, 1, 5, 1], 300)
    assert turn.hot and turn.left == 5 and turn.total == 400
    assert turn.kept == [(1,), (1, 1, 5, 5)]
    turn.rolled([2, 2, 2, 3, 4])
    assert not turn.hot


def test_set_points_override_the_multipliers_and_the_best_split_still_wins() -> None:
    table = ScoreTable(singles=((1, 100), (5, 50)), sets=((1, 1000), (2, 200)),
                       multipliers=((3, 1), (4, 2), (5, 4)), set_points=((1, 4, 200), (1, 5, 400)))
    assert table.set_value(1, 3) == 1000 and table.set_value(1, 4) == 200 and table.set_value(2, 4) == 400
    assert score_keep((1, 1, 1, 1), table) == 1100  # three 1s and a single beat the 200 set
    assert score_keep((1, 1, 1, 1, 1), table) == 1200
