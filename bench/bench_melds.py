"""Gin's best deadwood after the discard, on 11 cards: gamenight against OpenSpiel, side by side.

A gin player holding 11 cards discards one; the figure that matters is the least deadwood over
the 11 possible discards. Ours is ``gamenight.families.melds.best_discard(hand, MeldRules())``
(aces low, sets of 3-4, runs of 3+: gin's rules), which returns the discard and that deadwood.
OpenSpiel's exact answer is the minimum over the 11 discards of its 10-card
``GinRummyUtils.min_deadwood`` (pyspiel.gin_rummy), called from a lean Python loop. Its own
11-card ``min_deadwood`` is timed too, for reference: it takes one best arrangement of all 11
cards and drops the highest deadwood card, which is fast but not always the least deadwood; the
script counts how often it disagrees with the exact minimum.

The same seeded hands go to every side (each in its own card encoding, converted before any
timing), in rounds of short CPU-time blocks (``time.process_time``) that alternate which side
goes first; the script prints the median of the per-round ratios with their range. Two pools:
uniformly random 11-card hands, and meld-rich ones (random hands kept only when their best
arrangement has two melds or more). Before timing, every answer is checked against OpenSpiel's
exact minimum on the meld-rich sample and on as many random hands.

``--solvers`` adds the older throughput table of the meld solvers on their own (more sizes,
wild cards), which needs no OpenSpiel.

Run: ``python bench/bench_melds.py [--rounds 10] [--block 0.2] [--check 10000]``
(``--quick`` for a few seconds in all).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from gamenight.core.cards import JOKER, Card, card_text, standard_deck  # noqa: E402
from gamenight.families.melds import (  # noqa: E402
    MeldRules,
    best_arrangement,
    best_discard,
    min_deadwood,
)

clock = time.process_time
GIN = MeldRules()  # aces low, sets of 3 or 4, runs of 3 or more: gin_rummy's "low" rules
JOKERS_WILD = MeldRules(wild_faces=frozenset({int(JOKER)}))
CHUNK = 64
"""Hands between two reads of the clock."""


def spiel_card(card: Card) -> int:
    """OpenSpiel's gin card number: suit * 13 + rank, ace 0 .. king 12 (the suit order does not
    matter to deadwood)."""
    rank = card & 15
    return (card >> 4) * 13 + (0 if rank == 14 else rank - 1)


# --- the timed loops: each takes its pool in chunks, cycling, until the block's CPU time is spent ----

def block(run_chunk: Callable[[list[Any]], None], chunks: list[list[Any]], start_chunk: int,
          seconds: float) -> tuple[int, float, int]:
    """(hands, CPU seconds, next chunk)."""
    n = len(chunks)
    i = start_chunk
    hands = 0
    start = clock()
    end = start + seconds
    while True:
        chunk = chunks[i]
        run_chunk(chunk)
        hands += len(chunk)
        i = (i + 1) % n
        now = clock()
        if now >= end:
            return hands, now - start, i


def ours_chunk(hands: list[list[Card]]) -> None:
    fn, rules = best_discard, GIN
    for hand in hands:
        fn(hand, rules)


def make_exact_chunk(md: Callable[[list[int]], int]) -> Callable[[list[list[int]]], None]:
    def exact_chunk(hands: list[list[int]]) -> None:
        for h in hands:
            min([md(h[:i] + h[i + 1:]) for i in range(11)])
    return exact_chunk


def make_eleven_chunk(md: Callable[[list[int]], int]) -> Callable[[list[list[int]]], None]:
    def eleven_chunk(hands: list[list[int]]) -> None:
        for h in hands:
            md(h)
    return eleven_chunk


# --- the pools and the check ---------------------------------------------------------------------------

def random_hands(rng: random.Random, count: int) -> list[list[Card]]:
    deck = standard_deck()
    return [rng.sample(deck, 11) for _ in range(count)]


def meld_rich_hands(rng: random.Random, count: int) -> tuple[list[list[Card]], int]:
    """Random 11-card hands whose best arrangement has two melds or more: (hands, hands drawn)."""
    deck = standard_deck()
    out: list[list[Card]] = []
    drawn = 0
    while len(out) < count:
        hand = rng.sample(deck, 11)
        drawn += 1
        if len(best_arrangement(hand, GIN).melds) >= 2:
            out.append(hand)
    return out, drawn


def check(name: str, ours_hands: list[list[Card]], spiel_hands: list[list[int]],
          md: Callable[[list[int]], int]) -> tuple[int, int]:
    """(ours wrong, OpenSpiel's 11-card function wrong) against OpenSpiel's exact minimum."""
    ours_wrong = eleven_wrong = 0
    example = ""
    for hand, h in zip(ours_hands, spiel_hands):
        exact = min(md(h[:i] + h[i + 1:]) for i in range(11))
        if best_discard(hand, GIN)[1] != exact:
            ours_wrong += 1
        eleven = md(h)
        if eleven != exact:
            eleven_wrong += 1
            if not example:
                example = f" (e.g. {' '.join(map(card_text, hand))}: {eleven} instead of {exact})"
    n = len(ours_hands)
    rate = f"1 in {n / eleven_wrong:,.0f}" if eleven_wrong else "none"
    print(f"  {name:<11} {n:>7,} hands: gamenight best_discard wrong {ours_wrong}; "
          f"OpenSpiel 11-card min_deadwood wrong {eleven_wrong} ({rate}){example}")
    return ours_wrong, eleven_wrong


def compare(name: str, ours_hands: list[list[Card]], spiel_hands: list[list[int]], md: Callable[[list[int]], int],
            rounds: int, seconds: float) -> None:
    ours_chunks = [ours_hands[i:i + CHUNK] for i in range(0, len(ours_hands), CHUNK)]
    spiel_chunks = [spiel_hands[i:i + CHUNK] for i in range(0, len(spiel_hands), CHUNK)]
    exact_chunk, eleven_chunk = make_exact_chunk(md), make_eleven_chunk(md)
    ours_chunk(ours_chunks[0])  # the rules' tables are built on first use, outside the timing
    totals = {"ours": [0, 0.0], "exact": [0, 0.0], "eleven": [0, 0.0]}
    vs_exact: list[float] = []
    vs_eleven: list[float] = []
    pos = {"ours": 0, "exact": 0, "eleven": 0}
    for r in range(rounds):
        order = ["ours", "exact", "eleven"]
        order = order[r % 3:] + order[:r % 3]  # each side goes first in turn
        rates = {}
        for side in order:
            if side == "ours":
                h, s, pos[side] = block(ours_chunk, ours_chunks, pos[side], seconds)
            elif side == "exact":
                h, s, pos[side] = block(exact_chunk, spiel_chunks, pos[side], seconds)
            else:
                h, s, pos[side] = block(eleven_chunk, spiel_chunks, pos[side], seconds)
            totals[side][0] += h
            totals[side][1] += s
            rates[side] = h / s
        vs_exact.append(rates["ours"] / rates["exact"])
        vs_eleven.append(rates["ours"] / rates["eleven"])

    def rate(side: str) -> float:
        return totals[side][0] / totals[side][1]

    print(f"\n{name} ({len(ours_hands):,} hands in the pool)")
    print(f"  {'':<58}{'hands/s':>10}{'us/hand':>9}")
    for side, label in (("ours", "gamenight best_discard (exact)"),
                        ("exact", "OpenSpiel exact: min over 11 discards of min_deadwood(10)"),
                        ("eleven", "OpenSpiel min_deadwood(11 cards), approximate")):
        print(f"  {label:<58}{rate(side):>10,.0f}{1e6 / rate(side):>9.1f}")
    print(f"  ours / OpenSpiel exact: median {statistics.median(vs_exact):.2f}, "
          f"range {min(vs_exact):.2f}–{max(vs_exact):.2f} over {rounds} rounds")
    print(f"  ours / OpenSpiel 11-card (approximate): median {statistics.median(vs_eleven):.2f}, "
          f"range {min(vs_eleven):.2f}–{max(vs_eleven):.2f}")


# --- the solvers on their own (--solvers) --------------------------------------------------------------

def deal(rng: random.Random, size: int, jokers: int, count: int) -> list[list[Card]]:
    deck = standard_deck()
    joker_cards = [c for c in standard_deck(jokers=2) if c.is_joker]
    return [rng.sample(deck, size - jokers) + joker_cards[:jokers] for _ in range(count)]


def solver_rate(fn: Callable[[Sequence[Card], MeldRules], object], hands: list[list[Card]], rules: MeldRules,
                min_seconds: float) -> float:
    """Hands per CPU second, repeating the batch until ``min_seconds`` have passed (best of the passes)."""
    fn(hands[0], rules)  # build the rules' tables outside the timing
    best = 0.0
    spent = 0.0
    while spent < min_seconds or best == 0.0:
        start = clock()
        for hand in hands:
            fn(hand, rules)
        elapsed = clock() - start
        spent += elapsed
        best = max(best, len(hands) / elapsed)
    return best


def solvers(rng: random.Random, quick: bool) -> None:
    fast_n, slow_n, secs = (20_000, 300, 0.3) if quick else (100_000, 2_000, 2.0)
    cases = [
        ("min_deadwood", 10, 0, fast_n, GIN, min_deadwood),
        ("min_deadwood", 11, 0, fast_n, GIN, min_deadwood),
        ("min_deadwood", 13, 0, fast_n, GIN, min_deadwood),
        ("min_deadwood", 15, 0, fast_n, GIN, min_deadwood),
        ("min_deadwood", 10, 1, slow_n, JOKERS_WILD, min_deadwood),
        ("min_deadwood", 10, 2, slow_n, JOKERS_WILD, min_deadwood),
        ("min_deadwood", 11, 1, slow_n, JOKERS_WILD, min_deadwood),
        ("min_deadwood", 11, 2, slow_n, JOKERS_WILD, min_deadwood),
        ("best_arrangement", 10, 0, fast_n // 4, GIN, best_arrangement),
        ("best_arrangement", 10, 1, slow_n, JOKERS_WILD, best_arrangement),
        ("best_discard", 11, 0, fast_n // 10, GIN, best_discard),
    ]
    print("\nthe meld solvers on their own (best of repeated passes, CPU time)")
    print(f"{'function':<18}{'cards':>6}{'jokers':>8}{'hands':>9}{'hands/s':>12}{'us/hand':>10}")
    for name, size, jokers, count, rules, fn in cases:
        r = solver_rate(fn, deal(rng, size, jokers, count), rules, secs)
        print(f"{name:<18}{size:>6}{jokers:>8}{count:>9}{r:>12,.0f}{1e6 / r:>10.1f}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="interleaved rounds per pool (default 10)")
    parser.add_argument("--block", type=float, default=0.2, help="CPU seconds per side per round (default 0.2)")
    parser.add_argument("--pool", type=int, default=20_000, help="random hands in the timing pool (default 20,000)")
    parser.add_argument("--check", type=int, default=10_000,
                        help="meld-rich hands (and as many random ones) checked against the exact answer; "
                             "the meld-rich ones are also the second timing pool (default 10,000)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quick", action="store_true", help="3 rounds of 0.1 s, 2,000 checked hands")
    parser.add_argument("--solvers", action="store_true", help="also time the solvers on their own")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.block, args.check, args.pool = 3, 0.1, 2_000, 5_000
    rng = random.Random(args.seed)
    print(f"Python {sys.version.split()[0]}; seed {args.seed}; {args.rounds} rounds of {args.block:g} CPU s "
          "per side")

    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
        print("pyspiel is not installed: no comparison (pip install .[bench])")

    wrong = 0
    if pyspiel is not None:
        md = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood  # ranks, suits, hand size
        pool = random_hands(rng, args.pool)
        t = clock()
        rich, drawn = meld_rich_hands(rng, args.check)
        print(f"meld-rich: {len(rich):,} of {drawn:,} random hands had two melds or more "
              f"({len(rich) / drawn:.1%}; drawn in {clock() - t:.1f} s)")
        spiel_pool = [[spiel_card(c) for c in h] for h in pool]
        spiel_rich = [[spiel_card(c) for c in h] for h in rich]
        n = min(args.check, len(pool))
        print("\nanswers against OpenSpiel's exact minimum (min over discards of its 10-card min_deadwood)")
        w1, _ = check("random", pool[:n], spiel_pool[:n], md)
        w2, _ = check("meld-rich", rich, spiel_rich, md)
        wrong = w1 + w2
        compare("random 11-card hands", pool, spiel_pool, md, args.rounds, args.block)
        compare("meld-rich 11-card hands (two melds or more)", rich, spiel_rich, md, args.rounds, args.block)
    if args.solvers or pyspiel is None:
        solvers(rng, args.quick)
    if wrong:
        print(f"\nERROR: gamenight's best_discard disagreed with the exact minimum on {wrong} hands")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
