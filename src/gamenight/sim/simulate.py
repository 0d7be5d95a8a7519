"""Run many bot-only matches of one game and summarise them.

The simulator never imports bots (bots, rulebook and sim are independent
layers): the caller passes ``choose(game_id, seat)`` returning a *chooser* for
that seat, i.e. any object with ``choose(view, legal, rng) -> Action`` (every
``gamenight.bots`` bot is one) or a plain function with that signature. Choosers
see only their seat's view and ``match.legal_actions(seat)``; a chooser that
says ``reads_view = False`` gets ``None`` for its view, which is then never built. The view is a
``LazyView``: what ``match.view(seat)`` shows (a simulation keeps no events), each part derived
when the chooser first reads it.

Each match is played on its own (match ``i`` uses seed ``seed + i`` and an RNG of
its own), so the matches can be shared out among processes (``--jobs``) or a Ray
cluster and the summary is the same however they were shared.
"""

from __future__ import annotations

import random
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from gamenight.engine.actions import Action
from gamenight.engine.clauses import IllegalAction
from gamenight.engine.match import Match
from gamenight.engine.options import as_dict
from gamenight.engine.registry import game as get_game
from gamenight.engine.registry import load
from gamenight.engine.view import LazyView


class ChooserObject(Protocol):
    def choose(self, view: Any, legal: Any, rng: random.Random) -> Action: ...


ChooseFn = Callable[[Any, Any, random.Random], Action]
"""``legal`` is the legal actions as the game lists them, a ``Sequence[Action]``: a combinatorial
set (a three-card pass) stays a lazy ``Choices``, so a bot that builds its move never pays for
listing 220 others. (Typed ``Any`` because bots, another layer, declare it as a list.)"""
Chooser = ChooserObject | ChooseFn
ChooserFactory = Callable[[str, int], Chooser]
Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` as matches finish."""

DEFAULT_STEP_CAP = 200_000


def pick_at_random(view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
    """The chooser of a seat nobody chose one for: uniform among the legal actions."""
    return rng.choice(legal)


pick_at_random.reads_view = False  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Spread:
    """Final totals of one score-sheet column over all matches."""

    column: str
    mean: float
    minimum: float
    maximum: float
    stdev: float


@dataclass(frozen=True)
class Outcome:
    """What one match came to: enough to summarise and compare, small enough to send between processes."""

    seed: int
    winners: tuple[int, ...] = ()
    actions: int = 0
    rows: int = 0
    """Score-sheet rows (hands, deals, rounds)."""
    totals: tuple[float, ...] = ()
    cited: tuple[tuple[str, int], ...] = ()
    """How many times each clause was cited on the score sheet, by clause id."""
    error: str | None = None
    cpu: float = field(default=0.0, compare=False)
    """CPU seconds the match took, wherever it was played (not part of what the match came to)."""


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play its share of the matches (picklable when ``choose`` is)."""

    game_id: str
    players: int
    options: Any
    choose: ChooserFactory | None = None
    step_cap: int = DEFAULT_STEP_CAP


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
    cpu_seconds: float = 0.0
    """CPU time the matches took, summed over every process that played them."""

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


def reads_view(chooser: Chooser) -> bool:
    return bool(getattr(chooser, "reads_view", True))


def play_match(game_id: str, players: int, options: Any, seed: int, choosers: Sequence[ChooseFn],
               rng: random.Random, step_cap: int = DEFAULT_STEP_CAP,
               reads: Sequence[bool] | None = None) -> tuple[Match, int]:
    """Play one whole match with ``choosers`` (one per seat); returns (match, actions taken).

    ``reads[seat]`` False: that seat's chooser gets ``None`` instead of a view. With several
    seats to act at once (simultaneous steps) every one of them chooses from the same
    position before any action is applied, in seat order; a seat whose choice has become
    illegal by then (rare) chooses again."""
    match = load(game_id, players=players, options=options, seed=seed, narrate=False)  # bots read no events
    wants = list(reads) if reads is not None else [reads_view(c) for c in choosers]

    def view(seat: int) -> Any:
        return LazyView(match.game, match.state, seat) if wants[seat] else None

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
            picks.append((seat, choosers[seat](view(seat), legal, rng)))
        for i, (seat, action) in enumerate(picks):
            if i and (match.over or seat not in match.to_act()):  # the first is still to act: nothing moved yet
                continue
            try:
                match.apply(seat, action)
            except IllegalAction:
                legal = match.legal_actions(seat)
                match.apply(seat, choosers[seat](view(seat), legal, rng))
            steps += 1
            if steps > step_cap:
                raise RuntimeError(f"no end after {step_cap} actions")
    return match, steps


def cited_clauses(match: Match) -> Counter[str]:
    """How often each clause is cited by the notes of the match's score sheet: the rules that
    decided its points (Power taken, a dealer's restriction, the end of the game)."""
    cited: Counter[str] = Counter()
    for row in match.sheet.rows:
        for note in row.notes:
            cited.update(note.clauses)
    return cited


def play_one(job: Job, seed: int) -> Outcome:
    """Match number ``seed`` of ``job``; a bot or game bug is reported in the outcome, never raised."""
    rng = random.Random(f"sim:{seed}")
    started = time.process_time()
    try:
        seats = [job.choose(job.game_id, s) if job.choose is not None else pick_at_random
                 for s in range(job.players)]
        match, steps = play_match(job.game_id, job.players, job.options, seed, [_chooser_fn(c) for c in seats],
                                  rng, job.step_cap, [reads_view(c) for c in seats])
        winners = tuple(match.result().winners)
    except Exception as e:  # a bot or game bug must not stop the run; report it
        tb = traceback.extract_tb(e.__traceback__)
        where = f" at {tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else ""
        return Outcome(seed, error=f"{type(e).__name__}: {e}{where}", cpu=time.process_time() - started)
    return Outcome(seed, winners, steps, len(match.sheet.rows), tuple(float(t) for t in match.sheet.totals),
                   tuple(sorted(cited_clauses(match).items())), cpu=time.process_time() - started)


def play_seeds(job: Job, seeds: Sequence[int]) -> list[Outcome]:
    """The unit of work a process or a Ray task runs: the matches of ``seeds``, in order."""
    return [play_one(job, s) for s in seeds]


def prepare(game_id: str, players: int | None, options: Mapping[str, Any] | Any, preset: str | None,
            choose: ChooserFactory | None, step_cap: int = DEFAULT_STEP_CAP) -> Job:
    """A ``Job`` with the player count and options checked (bad ones raise before any match)."""
    spec = get_game(game_id).spec
    n = players if players is not None else spec.preferred_players
    probe = load(game_id, players=n, options=options, seed=0, preset=preset, narrate=False)
    return Job(spec.id, n, probe.options, choose, step_cap)


def summarise(job: Job, outcomes: Sequence[Outcome], seed: int, seconds: float) -> SimulationSummary:
    columns = load(job.game_id, players=job.players, options=job.options, seed=seed, narrate=False).sheet.columns
    done = [o for o in outcomes if o.error is None]
    wins = [0.0] * job.players
    for o in done:
        for s in o.winners:
            wins[s] += 1.0 / len(o.winners)
    totals = [[o.totals[c] for o in done] for c in range(len(columns))]
    spreads = [Spread(col, statistics.fmean(ts), min(ts), max(ts), statistics.pstdev(ts) if len(ts) > 1 else 0.0)
               if ts else Spread(col, 0.0, 0.0, 0.0, 0.0) for col, ts in zip(columns, totals)]
    return SimulationSummary(
        game=job.game_id, players=job.players, games=len(outcomes), completed=len(done),
        options=as_dict(job.options), seed=seed,
        win_rates=[w / len(done) if done else 0.0 for w in wins], wins=wins,
        mean_actions=statistics.fmean(o.actions for o in done) if done else 0.0,
        mean_rows=statistics.fmean(o.rows for o in done) if done else 0.0,
        spreads=spreads, seconds=seconds,
        errors=[f"match {o.seed - seed} (seed {o.seed}): {o.error}" for o in outcomes if o.error is not None],
        cpu_seconds=sum(o.cpu for o in outcomes))


def simulate(game_id: str, games: int, players: int | None = None, options: Mapping[str, Any] | Any = None,
             seed: int = 0, choose: ChooserFactory | None = None, progress: Progress | None = None,
             preset: str | None = None, step_cap: int = DEFAULT_STEP_CAP, jobs: int = 1,
             ray: str | None = None) -> SimulationSummary:
    """Play ``games`` whole matches of ``game_id`` between bots and summarise them.

    ``choose(game_id, seat)`` gives the chooser for a seat (called once per seat per match);
    without it every seat picks uniformly at random. Match ``i`` uses seed ``seed + i``.
    ``jobs`` processes share the matches (``choose`` must then pickle, e.g. ``bots.SeatBots``);
    ``ray`` (an address, or ``auto``) sends them to a Ray cluster instead."""
    from gamenight.sim.pool import run

    job = prepare(game_id, players, options, preset, choose, step_cap)
    started = time.perf_counter()
    outcomes = run(job, range(seed, seed + games), jobs=jobs, ray=ray, progress=progress)
    return summarise(job, outcomes, seed, time.perf_counter() - started)
