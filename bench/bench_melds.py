"""The meld solvers against themselves with wild cards, and against OpenSpiel on Gin's discards.

Three sections, each timed in CPU seconds (``time.process_time``), in interleaved rounds of short
blocks whose order rotates from round to round, so a slow patch of the machine hurts every side:

``wilds``: ``min_deadwood`` (and ``best_arrangement``, ``best_discard``) on random hands holding
0, 1 or 2 wild cards, reported as a ratio to the plain hands of the same deck and size. The
groups: one deck with jokers wild (10 and 11 cards); Sticks (three decks and jokers, 2s and jokers
wild, sets and runs; 13 and 15 cards, duplicates common); Hand and Foot (five decks and jokers,
sets only, naturals at least the wilds; 15 cards). Each case has its own pool of hands (every
hand dealt from a fresh shuffle; the pool cycles when a case needs more hands than it holds) and
a separate warm-up pool: the solver's tables are per suit and fill on first use, and nothing is
remembered per hand, so cycling does not flatter.

``discard``: Gin's best deadwood after the discard, on 11 cards. Ours is
``best_discard(hand, rules)``; OpenSpiel's exact answer is the minimum over the 11 discards of its
10-card ``GinRummyUtils.min_deadwood`` (pyspiel.gin_rummy), called from a lean Python loop. Its
own 11-card ``min_deadwood`` is timed too, for reference: it takes one best arrangement of all 11
cards and drops the highest deadwood card, which is fast but not always the least deadwood. Two
pools: uniformly random hands, and meld-rich ones (two melds or more). Every answer is first
checked against OpenSpiel's exact minimum.

``layoff``: Gin's knock scoring, the defender's least count after laying off on the knocker's
melds (``min_deadwood_after_layoff``), on knocks dealt at random (the knocker's 10 cards meld to
10 or less).

Run: ``python bench/bench_melds.py [wilds discard layoff] [--rounds 5] [--block 0.2]``
(``--quick`` for a few seconds a section).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from gamenight.core.cards import JOKER, Card, card_text, standard_deck  # noqa: E402
from gamenight.families.melds import (  # noqa: E402
    MeldRules,
    best_arrangement,
    best_discard,
    min_deadwood,
    min_deadwood_after_layoff,
)

clock = time.process_time


def pip(card: Card) -> int:
    """Gin's count (ace 1, faces at their number, tens and courts 10), jokers 15."""
    rank = card & 15
    return 15 if card.is_joker else 1 if rank == 14 else min(rank, 10)


def canasta_count(card: Card) -> int:
    """Hand and Foot's card count: jokers 50, 2s 25, aces 20, 8 to king 10, the rest 5."""
    rank = card & 15
    return 50 if card.is_joker else 25 if rank == 2 else 20 if rank == 14 else 10 if rank >= 8 else 5


TWOS_AND_JOKERS = frozenset({int(JOKER)} | {s * 16 + 2 for s in range(4)})
GIN = MeldRules(value=pip)  # aces low, sets of 3 or 4, runs of 3 or more: gin_rummy's "low" rules
JOKERS_WILD = MeldRules(wild_faces=frozenset({int(JOKER)}), value=pip)
STICKS = MeldRules(ace_high=True, max_set_size=None, wild_faces=TWOS_AND_JOKERS, value=pip)
HAND_AND_FOOT = MeldRules(runs=False, max_set_size=None, wild_faces=TWOS_AND_JOKERS, wilds_at_most_naturals=True,
                          value=canasta_count)


def run_blocks(sides: dict[str, Callable[[int], int]], rounds: int, seconds: float) -> dict[str, list[float]]:
    """Each side's rate (items per CPU second) in each round; ``sides[name](start)`` runs one chunk
    from position ``start`` and returns how many items it did."""
    rates: dict[str, list[float]] = {name: [] for name in sides}
    pos = dict.fromkeys(sides, 0)
    names = list(sides)
    for r in range(rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            done = 0
            start = clock()
            end = start + seconds
            while True:
                n = sides[name](pos[name])
                pos[name] += n
                done += n
                now = clock()
                if now >= end:
                    break
            rates[name].append(done / (now - start))
    return rates


CHUNK = 32
"""Hands between two reads of the clock."""


def chunked(fn: Callable[[Sequence[Card], MeldRules], object], hands: list[list[Card]],
            rules: MeldRules) -> Callable[[int], int]:
    n = len(hands)

    def run(start: int) -> int:
        for i in range(start, start + CHUNK):
            fn(hands[i % n], rules)
        return CHUNK
    return run


# --- wilds ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Group:
    name: str
    rules: MeldRules
    decks: int
    jokers: int
    sizes: tuple[int, ...]

    @cached_property
    def split_deck(self) -> tuple[list[Card], list[Card]]:
        deck = standard_deck(copies=self.decks, jokers=self.jokers)
        return ([c for c in deck if c not in self.rules.wild_faces], [c for c in deck if c in self.rules.wild_faces])

    def deal(self, rng: random.Random, size: int, wilds: int) -> list[Card]:
        """``size`` cards from the group's decks holding exactly ``wilds`` wild cards, in random order."""
        natural, wild = self.split_deck
        hand = rng.sample(natural, size - wilds) + rng.sample(wild, wilds)
        rng.shuffle(hand)
        return hand


GROUPS = (
    Group("one deck, jokers wild", JOKERS_WILD, 1, 2, (10, 11)),
    Group("Sticks: 3 decks + jokers, 2s and jokers wild", STICKS, 3, 2, (13, 15)),
    Group("Hand and Foot: 5 decks + jokers, sets only", HAND_AND_FOOT, 5, 2, (15,)),
)
FUNCTIONS: dict[str, Callable[[Sequence[Card], MeldRules], object]] = {
    "min_deadwood": min_deadwood, "best_arrangement": best_arrangement, "best_discard": best_discard}


def wilds(rng: random.Random, rounds: int, seconds: float, pool: int) -> None:
    print("\nwild cards: hands per CPU second, and the time per hand as a multiple of the plain hands' "
          f"(median of {rounds} interleaved rounds; pools of {pool:,} hands per case)")
    print(f"{'group':<46}{'function':<18}{'cards':>6}{'wilds':>6}{'hands/s':>11}{'us/hand':>9}{'x plain':>9}")
    for group in GROUPS:
        for fname, fn in FUNCTIONS.items():
            for size in group.sizes:
                if fname != "min_deadwood" and size != group.sizes[0]:
                    continue
                sides = {}
                for k in (0, 1, 2):
                    warm_until = clock() + 2 * seconds
                    for _ in range(pool):  # fill the per-suit tables on hands that are not timed
                        fn(group.deal(rng, size, k), group.rules)
                        if clock() > warm_until:
                            break
                    sides[str(k)] = chunked(fn, [group.deal(rng, size, k) for _ in range(pool)], group.rules)
                rates = run_blocks(sides, rounds, seconds)
                for k, rs in rates.items():
                    rate = statistics.median(rs)
                    slower = statistics.median([p / r for p, r in zip(rates["0"], rs)])
                    print(f"{group.name:<46}{fname:<18}{size:>6}{k:>6}{rate:>11,.0f}{1e6 / rate:>9.1f}"
                          f"{slower:>9.1f}", flush=True)


# --- discard: against OpenSpiel ----------------------------------------------------------------------------------

def spiel_card(card: Card) -> int:
    """OpenSpiel's gin card number: suit * 13 + rank, ace 0 .. king 12 (the suit order does not
    matter to deadwood)."""
    rank = card & 15
    return (card >> 4) * 13 + (0 if rank == 14 else rank - 1)


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
          md: Callable[[list[int]], int]) -> int:
    """How often ours (and OpenSpiel's 11-card function) differ from OpenSpiel's exact minimum."""
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
    return ours_wrong


def compare(name: str, ours: list[list[Card]], spiel: list[list[int]], md: Callable[[list[int]], int],
            rounds: int, seconds: float) -> None:
    n = len(ours)

    def exact(start: int) -> int:
        for i in range(start, start + CHUNK):
            h = spiel[i % n]
            min([md(h[:j] + h[j + 1:]) for j in range(11)])
        return CHUNK

    def eleven(start: int) -> int:
        for i in range(start, start + CHUNK):
            md(spiel[i % n])
        return CHUNK

    best_discard(ours[0], GIN)  # the rules' tables are built on first use, outside the timing
    rates = run_blocks({"ours": chunked(best_discard, ours, GIN), "exact": exact, "eleven": eleven},
                       rounds, seconds)
    print(f"\n{name} ({n:,} hands in the pool)")
    print(f"  {'':<58}{'hands/s':>10}{'us/hand':>9}")
    for side, label in (("ours", "gamenight best_discard (exact)"),
                        ("exact", "OpenSpiel exact: min over 11 discards of min_deadwood(10)"),
                        ("eleven", "OpenSpiel min_deadwood(11 cards), approximate")):
        rate = statistics.median(rates[side])
        print(f"  {label:<58}{rate:>10,.0f}{1e6 / rate:>9.1f}")
    for side, label in (("exact", "OpenSpiel exact"), ("eleven", "OpenSpiel 11-card (approximate)")):
        ratios = [o / s for o, s in zip(rates["ours"], rates[side])]
        print(f"  ours / {label}: median {statistics.median(ratios):.2f}, "
              f"range {min(ratios):.2f}-{max(ratios):.2f} over {rounds} rounds")


def discard(rng: random.Random, rounds: int, seconds: float, pool_size: int, check_n: int) -> int:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("\npyspiel is not installed: no comparison with OpenSpiel (pip install .[bench])")
        return 0
    md = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10).min_deadwood  # ranks, suits, hand size
    deck = standard_deck()
    pool = [rng.sample(deck, 11) for _ in range(pool_size)]
    rich, drawn = meld_rich_hands(rng, check_n)
    print(f"\nGin, best deadwood after the discard on 11 cards; meld-rich: {len(rich):,} of {drawn:,} random hands "
          f"had two melds or more ({len(rich) / drawn:.1%})")
    spiel_pool = [[spiel_card(c) for c in h] for h in pool]
    spiel_rich = [[spiel_card(c) for c in h] for h in rich]
    n = min(check_n, len(pool))
    print("answers against OpenSpiel's exact minimum (min over discards of its 10-card min_deadwood)")
    wrong = check("random", pool[:n], spiel_pool[:n], md) + check("meld-rich", rich, spiel_rich, md)
    compare("random 11-card hands", pool, spiel_pool, md, rounds, seconds)
    compare("meld-rich 11-card hands (two melds or more)", rich, spiel_rich, md, rounds, seconds)
    return wrong


# --- layoff: Gin's knock scoring ---------------------------------------------------------------------------------

def knocks(rng: random.Random, count: int) -> list[tuple[list[Card], tuple[tuple[Card, ...], ...]]]:
    """(defender's 10 cards, the knocker's melds) from deals where the knocker holds 10 or less."""
    deck = standard_deck()
    out: list[tuple[list[Card], tuple[tuple[Card, ...], ...]]] = []
    while len(out) < count:
        cards = rng.sample(deck, 20)
        if min_deadwood(cards[:10], GIN) <= 10:
            out.append((cards[10:], best_arrangement(cards[:10], GIN).melds))
    return out


def layoff(rng: random.Random, rounds: int, seconds: float, pool_size: int) -> None:
    cases = knocks(rng, pool_size)
    n = len(cases)
    laid = sum(1 for hand, m in cases if min_deadwood_after_layoff(hand, m, GIN)[1].laid_value)

    def run(start: int) -> int:
        for i in range(start, start + CHUNK):
            hand, m = cases[i % n]
            min_deadwood_after_layoff(hand, m, GIN)
        return CHUNK

    rate = statistics.median(run_blocks({"layoff": run}, rounds, seconds)["layoff"])
    print(f"\nGin knock scoring: min_deadwood_after_layoff on {n:,} random knocks ({laid / n:.0%} lay something off)")
    print(f"  {rate:,.0f} knocks/s, {1e6 / rate:.1f} us per knock")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sections", nargs="*", help="wilds, discard, layoff (default: all three)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--block", type=float, default=0.2, help="CPU seconds per side per round (default 0.2)")
    parser.add_argument("--pool", type=int, default=20_000, help="hands per pool (default 20,000)")
    parser.add_argument("--check", type=int, default=10_000,
                        help="meld-rich hands (and as many random ones) checked against OpenSpiel's exact answer; "
                             "the meld-rich ones are also a timing pool (default 10,000)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quick", action="store_true", help="3 rounds of 0.1 s, small pools")
    args = parser.parse_args()
    args.sections = args.sections or ["wilds", "discard", "layoff"]
    if unknown := set(args.sections) - {"wilds", "discard", "layoff"}:
        parser.error(f"unknown sections {sorted(unknown)}")
    if args.quick:
        args.rounds, args.block, args.check, args.pool = 3, 0.1, 2_000, 3_000
    rng = random.Random(args.seed)
    print(f"Python {sys.version.split()[0]}; seed {args.seed}; {args.rounds} rounds of {args.block:g} CPU s per side")
    wrong = 0
    if "wilds" in args.sections:
        wilds(rng, args.rounds, args.block, args.pool)
    if "discard" in args.sections:
        wrong = discard(rng, args.rounds, args.block, args.pool, args.check)
    if "layoff" in args.sections:
        layoff(rng, args.rounds, args.block, min(args.pool, 5_000))
    if wrong:
        print(f"\nERROR: gamenight's best_discard disagreed with the exact minimum on {wrong} hands")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
