"""Run many bot-only matches of one game and summarise them.

The simulator never imports bots (bots, rulebook and sim are independent
layers): the caller passes ``choose(game_id, seat)`` returning a *chooser* for
that seat, i.e. any object with ``choose(view, legal, rng) -> Action`` (every
``gamenight.bots`` bot is one) or a plain function with that signature. Choosers
see only ``match.view(seat)`` and ``match.legal_actions(seat)``.
"""

from __future__ import annotations

import random
import statistics
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from gamenight.engine.actions import Action
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.options import as_dict
from gamenight.engine.registry import game as get_game
from gamenight.engine.registry import load


class ChooserObject(Protocol):
    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action: ...


ChooseFn = Callable[[Any, list[Action], random.Random], Action]
Chooser = ChooserObject | ChooseFn
ChooserFactory = Callable[[str, int], Chooser]
Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each match."""

DEFAULT_STEP_CAP = 200_000


@dataclass(frozen=True)
class Spread:
    """Final totals of one score-sheet column over all matches."""

    column: str
    mean: float
    minimum: float
    maximum: float
    stdev: float


@dataclass
class SimulationSummary:
    game: str
    players: int
    games: int
    completed: int
    options: dict[str, Any]
    seed: int
    win_rates: list[float]
    """Per seat: the share of completed matches won (a tie among k winners gives each 1/k)."""
    wins: list[float]
    mean_actions: float
    mean_rows: float
    """Average number of score-sheet rows (hands, deals, rounds) per match."""
    spreads: list[Spread]
    seconds: float
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and self.completed == self.games


def _chooser_fn(chooser: Chooser) -> ChooseFn:
    method = getattr(chooser, "choose", None)
    if callable(method):
        return method  # type: ignore[no-any-return]
    if callable(chooser):
        return chooser
    raise TypeError(f"{chooser!r} is not a chooser (needs choose(view, legal, rng))")


def play_match(game_id: str, players: int, options: Any, seed: int, choosers: list[ChooseFn],
               rng: random.Random, step_cap: int = DEFAULT_STEP_CAP) -> tuple[Any, int]:
    """Play one whole match with ``choosers`` (one per seat); returns (match, actions taken).

    With several seats to act at once (simultaneous steps) every one of them chooses
    from the same position before any action is applied, in seat order; a seat whose
    choice has become illegal by then (rare) chooses again."""
    match = load(game_id, players=players, options=options, seed=seed, narrate=False)  # bots read no events
    steps = 0
    while not match.over:
        seats = match.to_act()
        if not seats:
            raise RuntimeError(f"nobody to act at ply {match.state.ply} but the match is not over")
        picks: list[tuple[int, Action]] = []
        for seat in seats:
            legal = match.legal_actions(seat)
            if not legal:
                raise RuntimeError(f"seat {seat} must act but has no legal action at ply {match.state.ply}")
            picks.append((seat, choosers[seat](match.view(seat), list(legal), rng)))
        for seat, action in picks:
            if match.over or seat not in match.to_act():
                continue
            try:
                match.apply(seat, action)
            except IllegalAction:
                legal = match.legal_actions(seat)
                match.apply(seat, choosers[seat](match.view(seat), list(legal), rng))
            steps += 1
            if steps > step_cap:
                raise RuntimeError(f"no end after {step_cap} actions")
    return match, steps


def simulate(game_id: str, games: int, players: int | None = None, options: Mapping[str, Any] | Any = None,
             seed: int = 0, choose: ChooserFactory | None = None, progress: Progress | None = None,
             preset: str | None = None, step_cap: int = DEFAULT_STEP_CAP) -> SimulationSummary:
    """Play ``games`` whole matches of ``game_id`` between bots and summarise them.

    ``choose(game_id, seat)`` gives the chooser for a seat (called once per seat per match);
    without it every seat picks uniformly at random. Match ``i`` uses seed ``seed + i``."""
    spec = get_game(game_id).spec
    n = players if players is not None else spec.preferred_players
    probe = load(game_id, players=n, options=options, seed=seed, preset=preset)  # validates options early
    chosen_options = probe.options
    columns = probe.sheet.columns
    totals: list[list[float]] = [[] for _ in columns]
    wins = [0.0] * n
    actions: list[int] = []
    rows: list[int] = []
    errors: list[str] = []
    completed = 0
    started = time.perf_counter()
    for i in range(games):
        rng = random.Random(f"sim:{seed + i}")
        try:
            if choose is None:
                fns: list[ChooseFn] = [lambda v, legal, r: r.choice(legal)] * n
            else:
                fns = [_chooser_fn(choose(game_id, s)) for s in range(n)]
            match, steps = play_match(game_id, n, chosen_options, seed + i, fns, rng, step_cap)
            result = match.result()
        except Exception as e:  # a bot or game bug must not stop the run; report it
            tb = traceback.extract_tb(e.__traceback__)
            where = f" at {tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else ""
            errors.append(f"match {i} (seed {seed + i}): {type(e).__name__}: {e}{where}")
        else:
            completed += 1
            winners = result.winners
            for s in winners:
                wins[s] += 1.0 / len(winners)
            actions.append(steps)
            rows.append(len(match.sheet.rows))
            for c, t in enumerate(match.sheet.totals):
                totals[c].append(float(t))
        if progress is not None:
            progress(i + 1, games)
    spreads = [Spread(col, statistics.fmean(ts), min(ts), max(ts), statistics.pstdev(ts) if len(ts) > 1 else 0.0)
               if ts else Spread(col, 0.0, 0.0, 0.0, 0.0) for col, ts in zip(columns, totals)]
    return SimulationSummary(
        game=game_id, players=n, games=games, completed=completed, options=as_dict(chosen_options), seed=seed,
        win_rates=[w / completed if completed else 0.0 for w in wins], wins=wins,
        mean_actions=statistics.fmean(actions) if actions else 0.0,
        mean_rows=statistics.fmean(rows) if rows else 0.0,
        spreads=spreads, seconds=time.perf_counter() - started, errors=errors)
