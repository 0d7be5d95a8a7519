"""Simulations shared among processes or a Ray cluster give the same matches as one process,
and a bot that never reads its view never has one built."""

from __future__ import annotations

import os
import random
import sys
from typing import Any

import pytest

from gamenight.bots import RandomBot, SeatBots
from gamenight.engine.actions import Action
from gamenight.engine.view import LazyView, View
from gamenight.sim import run, simulate
from gamenight.sim.simulate import prepare

simulate_module = sys.modules["gamenight.sim.simulate"]  # the package's ``simulate`` is the function

HEARTS = {"target": 30}


def test_the_same_seeds_give_the_same_matches_whatever_the_number_of_processes() -> None:
    job = prepare("hearts", 4, HEARTS, None, SeatBots("mixed"))
    alone = run(job, range(10, 22), jobs=1)
    assert [o.seed for o in alone] == list(range(10, 22))
    assert all(o.error is None for o in alone) and len({o.totals for o in alone}) > 1
    assert run(job, range(10, 22), jobs=2) == alone
    assert run(job, range(10, 22), jobs=3) == alone  # more workers than cores: still shared the same way


def test_summary_is_the_same_with_any_jobs_and_progress_reaches_the_end() -> None:
    seen: list[tuple[int, int]] = []
    one = simulate("hearts", 8, 4, HEARTS, seed=5, choose=SeatBots("heuristic"), jobs=1)
    two = simulate("hearts", 8, 4, HEARTS, seed=5, choose=SeatBots("heuristic"), jobs=2,
                   progress=lambda done, total: seen.append((done, total)))
    assert (two.wins, two.mean_actions, two.mean_rows, two.spreads) == (one.wins, one.mean_actions, one.mean_rows,
                                                                        one.spreads)
    assert seen[-1] == (8, 8) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_a_bot_that_reads_no_view_gets_none_and_no_view_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    built = []

    class Counting(LazyView):
        __slots__ = ()

        def __init__(self, source: Any, state: Any, seat: int | None) -> None:
            built.append(seat)
            super().__init__(source, state, seat)

    monkeypatch.setattr(simulate_module, "LazyView", Counting)
    summary = simulate("hearts", 2, 4, HEARTS, seed=1, choose=lambda game, seat: RandomBot())
    assert summary.ok and built == []

    given: list[Any] = []

    class Looking:
        def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
            given.append((view.seat, view.hand, view.view()))
            return rng.choice(legal)

    simulate("hearts", 1, 4, HEARTS, seed=1, choose=lambda game, seat: Looking() if seat == 0 else RandomBot())
    assert given and all(seat == 0 and hand == full.hand and isinstance(full, View) for seat, hand, full in given)
    assert set(built) == {0}  # only the seat whose bot reads views had them built


def test_random_and_default_choosers_play_the_same_matches() -> None:
    """The default chooser and ``RandomBot`` both pick uniformly from the same RNG: same matches."""
    a = simulate("hearts", 3, 4, HEARTS, seed=2)
    b = simulate("hearts", 3, 4, HEARTS, seed=2, choose=SeatBots("random"))
    assert (a.wins, a.spreads) == (b.wins, b.spreads)


@pytest.fixture
def local_ray() -> Any:
    if os.environ.get("CI") == "true":
        import ray  # CI installs .[test], which brings Ray: a missing Ray there is a failure
    else:
        ray = pytest.importorskip("ray", reason="Ray is an optional extra: pip install 'gamenight[ray]'")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_a_ray_cluster_plays_the_same_matches_as_local_processes(local_ray: Any) -> None:
    job = prepare("hearts", 4, HEARTS, None, SeatBots("mixed"))
    seen: list[int] = []
    on_ray = run(job, range(3, 11), ray="auto", progress=lambda done, total: seen.append(done))
    assert on_ray == run(job, range(3, 11), jobs=1)
    assert seen[-1] == 8
