"""Comparing rule sets: the same seeds played under each, their outcomes side by side.

Every rule set plays matches ``seed .. seed + games - 1`` with the same bots, so the deals
start alike and a difference in the table is the rules' doing (and chance's, which the 95%
intervals bound). What a comparison reports, per rule set: each seat's win rate, how long a
match runs (hands and actions), the score spread (the leader's final total less the last
one's), and how many times per match each clause was cited by the score sheet: how often
Power was taken, how often the game ended by ``hearts.end``."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamenight.engine.options import as_dict
from gamenight.engine.registry import game as get_game
from gamenight.sim import stats
from gamenight.sim.pool import run
from gamenight.sim.simulate import DEFAULT_STEP_CAP, ChooserFactory, Job, Outcome, Progress, prepare
from gamenight.sim.stats import Estimate


class CompareError(ValueError):
    """A comparison asked for in a way that cannot be run (too few rule sets, a repeated name)."""


@dataclass(frozen=True)
class RuleSet:
    """One side of a comparison: its name in the report and its options (a mapping or an options object)."""

    label: str
    options: Mapping[str, Any] | Any = None
    preset: str | None = None


@dataclass(frozen=True)
class Row:
    """One line of the table: a metric and its estimate under each rule set, in order."""

    metric: str
    kind: str
    """``rate`` (a share, Wilson's interval) or ``mean`` (per match, bootstrap interval)."""
    estimates: tuple[Estimate, ...]
    clause: str | None = None


@dataclass(frozen=True)
class Side:
    label: str
    options: dict[str, Any]
    outcomes: tuple[Outcome, ...]

    @property
    def completed(self) -> tuple[Outcome, ...]:
        return tuple(o for o in self.outcomes if o.error is None)

    @property
    def errors(self) -> list[str]:
        return [f"{self.label}, seed {o.seed}: {o.error}" for o in self.outcomes if o.error is not None]


@dataclass(frozen=True)
class Comparison:
    game: str
    title: str
    players: int
    games: int
    seed: int
    sides: tuple[Side, ...]
    rows: tuple[Row, ...]
    seconds: float

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(s.label for s in self.sides)

    @property
    def errors(self) -> list[str]:
        return [e for s in self.sides for e in s.errors]


def spread(outcome: Outcome) -> float:
    """How far apart the final totals ended: the highest less the lowest."""
    return max(outcome.totals) - min(outcome.totals) if outcome.totals else 0.0


def table(game_id: str, players: int, sides: Sequence[Side]) -> tuple[Row, ...]:
    """The rows of the side-by-side table, clauses in rulebook order."""
    done = [s.completed for s in sides]
    rows = [Row(f"win rate, seat {seat}", "rate",
                tuple(stats.wilson(sum(1.0 / len(o.winners) for o in d if seat in o.winners), len(d)) for d in done))
            for seat in range(players)]
    rows.append(Row("hands per match", "mean", tuple(stats.mean([o.rows for o in d]) for d in done)))
    rows.append(Row("actions per match", "mean", tuple(stats.mean([o.actions for o in d]) for d in done)))
    rows.append(Row("score spread", "mean", tuple(stats.mean([spread(o) for o in d]) for d in done)))
    cited = {c for d in done for o in d for c, _ in o.cited}
    order = [c.id for c in get_game(game_id).spec.rules if c.id in cited] + sorted(cited - set(
        c.id for c in get_game(game_id).spec.rules))
    for clause in order:
        rows.append(Row(f"{clause} cited per match", "mean",
                        tuple(stats.mean([dict(o.cited).get(clause, 0) for o in d]) for d in done), clause))
    return tuple(rows)


def compare(game_id: str, rule_sets: Sequence[RuleSet], games: int, players: int | None = None, seed: int = 0,
            choose: ChooserFactory | None = None, progress: Progress | None = None, jobs: int | None = 1,
            ray: str | None = None, step_cap: int = DEFAULT_STEP_CAP) -> Comparison:
    """Play ``games`` matches of ``game_id`` under each of ``rule_sets`` on the same seeds and
    tabulate them. Bad options raise (``OptionError``) before any match is played."""
    if len(rule_sets) < 2:
        raise CompareError("a comparison needs two or more rule sets")
    labels = [r.label for r in rule_sets]
    if len(set(labels)) != len(labels):
        raise CompareError(f"each rule set needs a name of its own (got {', '.join(labels)})")
    prepared: list[Job] = [prepare(game_id, players, r.options, r.preset, choose, step_cap) for r in rule_sets]
    started = time.perf_counter()
    sides = []
    for i, (r, job) in enumerate(zip(rule_sets, prepared)):
        outcomes = run(job, range(seed, seed + games), jobs=jobs, ray=ray, progress=progress,
                       done_before=i * games, total=games * len(rule_sets))
        sides.append(Side(r.label, as_dict(job.options), tuple(outcomes)))
    job = prepared[0]
    return Comparison(job.game_id, get_game(job.game_id).spec.title, job.players, games, seed, tuple(sides),
                      table(job.game_id, job.players, sides), time.perf_counter() - started)
