"""Throughput of the rummy-meld solvers (gamenight.families.melds).

Run: ``python bench/bench_melds.py`` (``--quick`` for a short run). Hands are dealt
before timing starts, so the figures are solver time only. Standard library only.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from gamenight.core.cards import JOKER, Card, standard_deck  # noqa: E402
from gamenight.families.melds import (  # noqa: E402
    MeldRules,
    best_arrangement,
    best_discard,
    min_deadwood,
)

PLAIN = MeldRules()
JOKERS_WILD = MeldRules(wild_faces=frozenset({int(JOKER)}))


def deal(rng: random.Random, size: int, jokers: int, count: int) -> list[list[Card]]:
    deck = standard_deck()
    joker_cards = [c for c in standard_deck(jokers=2) if c.is_joker]
    return [rng.sample(deck, size - jokers) + joker_cards[:jokers] for _ in range(count)]


def rate(fn: Callable[[Sequence[Card], MeldRules], object], hands: list[list[Card]], rules: MeldRules,
         min_seconds: float) -> float:
    """Hands per second, repeating the batch until ``min_seconds`` have passed (best of the passes)."""
    fn(hands[0], rules)  # build the rules' tables outside the timing
    best = 0.0
    spent = 0.0
    while spent < min_seconds or best == 0.0:
        start = time.perf_counter()
        for hand in hands:
            fn(hand, rules)
        elapsed = time.perf_counter() - start
        spent += elapsed
        best = max(best, len(hands) / elapsed)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small batches, about five seconds in all")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fast_n, slow_n, secs = (20_000, 300, 0.3) if args.quick else (100_000, 2_000, 2.0)

    rows: list[tuple[str, int, int, str, float]] = []
    cases = [
        ("min_deadwood", 10, 0, fast_n, PLAIN, min_deadwood),
        ("min_deadwood", 11, 0, fast_n, PLAIN, min_deadwood),
        ("min_deadwood", 13, 0, fast_n, PLAIN, min_deadwood),
        ("min_deadwood", 15, 0, fast_n, PLAIN, min_deadwood),
        ("min_deadwood", 10, 1, slow_n, JOKERS_WILD, min_deadwood),
        ("min_deadwood", 10, 2, slow_n, JOKERS_WILD, min_deadwood),
        ("min_deadwood", 11, 1, slow_n, JOKERS_WILD, min_deadwood),
        ("min_deadwood", 11, 2, slow_n, JOKERS_WILD, min_deadwood),
        ("best_arrangement", 10, 0, fast_n // 4, PLAIN, best_arrangement),
        ("best_arrangement", 10, 1, slow_n, JOKERS_WILD, best_arrangement),
        ("best_discard", 11, 0, fast_n // 10, PLAIN, best_discard),
    ]
    print(f"python {sys.version.split()[0]}, {'quick' if args.quick else 'full'} run, seed {args.seed}")
    print(f"{'function':<18}{'cards':>6}{'jokers':>8}{'hands':>9}{'hands/s':>12}{'us/hand':>10}")
    for name, size, jokers, count, rules, fn in cases:
        hands = deal(rng, size, jokers, count)
        r = rate(fn, hands, rules, secs)
        rows.append((name, size, jokers, str(count), r))
        print(f"{name:<18}{size:>6}{jokers:>8}{count:>9}{r:>12,.0f}{1e6 / r:>10.1f}", flush=True)


if __name__ == "__main__":
    main()
