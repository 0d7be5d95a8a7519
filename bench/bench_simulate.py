"""Simulation throughput: heuristic-bot matches per second on every core, and what lazy views save.

``python bench/bench_simulate.py [--games 10000] [--jobs N] [--only hearts,euchre]`` plays whole
matches with ``gamenight.sim.simulate`` (heuristic bots in every seat, the book's rules, the
game's preferred player count), shared among ``--jobs`` processes (default: every core), and
prints for each game the wall time, matches per second, the CPU seconds summed over the worker
processes, and the wall time 10,000 matches take (measured when ``--games`` is 10,000, else
extrapolated from the rate and marked so), and what the CPU time says 10,000 take on ``--jobs``
free cores (CPU seconds / jobs). On a shared machine read the CPU figures: wall time is whatever
the other processes left over.

``--views`` instead measures what building views only for bots that read them saves: random-bot
Hearts matches, once with every seat's view built (as before) and once lazily (a random bot reads
no view), side by side in rounds of CPU time (``time.process_time``), alternating which goes
first; it prints the median ratio lazy / built (matches per CPU second) and its range.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from gamenight.bots import SeatBots
from gamenight.engine.actions import Action
from gamenight.engine.registry import game, resolve_options
from gamenight.sim import default_jobs, simulate
from gamenight.sim.simulate import Job, play_one

GAMES = ("hearts", "gin_rummy", "euchre", "ten_thousand")
TARGET_SECONDS = {"hearts": 60.0}


class LooksAtViews:
    """A random bot that asks for its view (and ignores it): what every seat cost before."""

    reads_view = True

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)


def looking(game_id: str, seat: int) -> LooksAtViews:
    return LooksAtViews()


def views(rounds: int, block: float) -> int:
    options = resolve_options(game("hearts").spec)
    lazy = Job("hearts", 4, options, SeatBots("random"))
    built = Job("hearts", 4, options, looking)
    ratios = []
    seed = 0
    for r in range(rounds):
        rates = {}
        for name, job in (("lazy", lazy), ("built", built)) if r % 2 == 0 else (("built", built), ("lazy", lazy)):
            start, played, s = time.process_time(), 0, seed
            while time.process_time() - start < block:
                play_one(job, s)
                s += 1
                played += 1
            rates[name] = played / (time.process_time() - start)
        seed += 1000
        ratios.append(rates["lazy"] / rates["built"])
        print(f"round {r + 1}: lazy {rates['lazy']:.1f} matches/CPU s, built {rates['built']:.1f}, "
              f"ratio {ratios[-1]:.2f}", flush=True)
    print(f"random-bot Hearts, views only for bots that read them: median {statistics.median(ratios):.2f}x "
          f"(range {min(ratios):.2f}-{max(ratios):.2f}) matches per CPU second")
    return 0


def throughput(games: int, jobs: int, only: list[str]) -> int:
    print(f"{games} heuristic matches per game, {jobs} processes")
    print(f"{'game':14} {'wall s':>8} {'matches/s':>10} {'CPU s':>8} {'CPU ms/match':>13} {'10,000: wall':>13} "
          f"{'10,000: CPU s / jobs':>21}")
    missed = False
    for game_id in only:
        summary = simulate(game_id, games, choose=SeatBots("heuristic"), jobs=jobs)
        if summary.errors:
            print(f"{game_id}: {len(summary.errors)} matches failed, e.g. {summary.errors[0]}")
            missed = True
        rate = games / summary.seconds
        ten_k = 10_000 / rate
        on_free_cores = 10_000 * summary.cpu_seconds / games / jobs  # what the CPU time says, load aside
        mark = "" if games == 10_000 else " (est.)"
        print(f"{game_id:14} {summary.seconds:8.1f} {rate:10.1f} {summary.cpu_seconds:8.1f} "
              f"{1000 * summary.cpu_seconds / games:13.1f} {ten_k:11.0f} s{mark} {on_free_cores:19.0f} s", flush=True)
        target = TARGET_SECONDS.get(game_id)
        if target is not None and on_free_cores > target:
            print(f"  {game_id}: target {target:.0f} s for 10,000 missed: {on_free_cores:.0f} s of CPU per core "
                  f"({on_free_cores / target:.1f}x the target) even on {jobs} free cores")
            missed = True
    return 1 if missed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--only", default=",".join(GAMES))
    parser.add_argument("--views", action="store_true", help="measure lazy views instead")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--block", type=float, default=2.0, help="CPU seconds per side per round (--views)")
    args = parser.parse_args()
    if args.views:
        return views(args.rounds, args.block)
    return throughput(args.games, args.jobs or default_jobs(), args.only.split(","))


if __name__ == "__main__":
    sys.exit(main())
