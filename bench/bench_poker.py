"""Poker hand-evaluator throughput: 5-card and best-of-7, with and without wild cards,
side by side with ``treys`` (pure-Python Cactus Kev variant) when it is installed.

    python bench/bench_poker.py [--quick]

Hands are generated before the timed loops. Timing is CPU time; the cases take
turns chunk by chunk and each chunk keeps its best of several passes (see
``_rates``). treys has no wild cards, so the wild rows compare against its
no-wild rate.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from gamenight.core.cards import FACES, JOKER, Card, card_text
from gamenight.families.poker import PokerEvaluator, best_of, evaluate5

try:
    from treys import Card as TCard
    from treys import Evaluator as TEvaluator
except ImportError:  # pragma: no cover - optional benchmark dependency
    TCard = TEvaluator = None


def _time_once(fn: Callable[..., object], items: Sequence[Any], pairs: bool) -> float:
    """CPU time of one pass (process time: other jobs on a shared machine do not count)."""
    t0 = time.process_time()
    if pairs:
        for a, b in items:
            fn(a, b)
    else:
        for it in items:
            fn(it)
    return time.process_time() - t0


def _rates(cases: dict[str, tuple[Callable[..., object], Sequence[Any], bool]], repeats: int,
           chunk: int = 2_000) -> dict[str, float]:
    """Hands per second for every case. Each case's hands are cut into chunks; round
    by round every case times its next chunk, so ours and treys run within
    milliseconds of each other; each chunk keeps its best time over ``repeats``
    passes. On a shared, busy machine this is far steadier than whole-run timings."""
    chunks = {name: [items[i:i + chunk] for i in range(0, len(items), chunk)]
              for name, (_, items, _) in cases.items()}
    best = {name: [float("inf")] * len(cs) for name, cs in chunks.items()}
    rounds = max(len(cs) for cs in chunks.values())
    names = list(cases)
    for rep in range(repeats):
        for r in range(rounds):
            turn = (rep + r) % len(names)  # rotate who goes first: no case always follows a cold cache
            for name in names[turn:] + names[:turn]:
                fn, _, pairs = cases[name]
                if r < len(chunks[name]):
                    best[name][r] = min(best[name][r], _time_once(fn, chunks[name][r], pairs))
    return {name: len(cases[name][1]) / sum(best[name]) for name in cases}


def _treys(c: Card) -> int:
    text = card_text(c).replace("10", "T")
    return int(TCard.new(text[0] + text[1].lower()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer hands and repeats (a smoke run)")
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args(argv)
    n5, n7, repeats = (20_000, 5_000, 3) if args.quick else (100_000, 30_000, 9)

    rng = random.Random(args.seed)
    deck = [FACES[s * 16 + r] for s in range(4) for r in range(2, 15)]
    wild_deck = deck + [JOKER, Card(int(JOKER))]  # two jokers, both wild
    hands5 = [rng.sample(deck, 5) for _ in range(n5)]
    hands7 = [rng.sample(deck, 7) for _ in range(n7)]
    whands5 = [rng.sample(wild_deck, 5) for _ in range(n5)]
    whands7 = [rng.sample(wild_deck, 7) for _ in range(n7)]

    plain = PokerEvaluator()
    jokers = PokerEvaluator(wild={JOKER})
    deuces = PokerEvaluator(wild=lambda c: c & 15 == 2 and c >> 4 < 4)
    for ev in (plain, jokers, deuces):  # fill the lazily built tables outside the timing
        ev.best_value(hands5[0]), ev.best_value(hands7[0][:6]), ev.best_value(hands7[0])

    print(f"python {platform.python_version()} ({platform.python_implementation()}), "
          f"{n5:,} five-card and {n7:,} seven-card hands, best of {repeats} per 2,000-hand chunk")
    jk5 = sum(1 for h in whands5 if any(c == JOKER for c in h)) / n5
    jk7 = sum(1 for h in whands7 if any(c == JOKER for c in h)) / n7
    print(f"wild decks: 52 + 2 wild jokers ({jk5:.0%} of 5-card and {jk7:.0%} of 7-card hands hold one); "
          "deuces wild on the plain deck\n")

    cases: dict[str, tuple[Callable[..., object], Sequence[Any], bool]] = {
        "5-card    PokerEvaluator.evaluate5": (plain.evaluate5, hands5, False),
        "5-card    evaluate5() module function": (evaluate5, hands5, False),
        "5-card    2 jokers wild": (jokers.evaluate5, whands5, False),
        "5-card    deuces wild": (deuces.evaluate5, hands5, False),
        "best-of-7 PokerEvaluator.best_value": (plain.best_value, hands7, False),
        "best-of-7 best_of() -> HandValue": (best_of, hands7, False),
        "best-of-7 2 jokers wild": (jokers.best_value, whands7, False),
        "best-of-7 deuces wild": (deuces.best_value, hands7, False),
    }
    treys_cases: dict[str, tuple[Callable[..., object], Sequence[Any], bool]] = {}
    if TEvaluator is not None:
        tev = TEvaluator()
        th5 = [[_treys(c) for c in h] for h in hands5]
        th7 = [[_treys(c) for c in h] for h in hands7]
        treys_cases = {
            "treys 5-card    Evaluator.evaluate(hand, board)": (tev.evaluate, [(h[:2], h[2:]) for h in th5], True),
            "treys 5-card    Evaluator._five (internal)": (tev._five, th5, False),
            "treys best-of-7 Evaluator.evaluate(hand, board)": (tev.evaluate, [(h[:2], h[2:]) for h in th7], True),
        }
        _check_agreement(plain, tev, hands5, th5)
    else:
        print("treys is not installed (pip install treys): no side-by-side ratios\n")

    rates = _rates(cases | treys_cases, repeats)
    t5 = rates.get("treys 5-card    Evaluator.evaluate(hand, board)")
    t7 = rates.get("treys best-of-7 Evaluator.evaluate(hand, board)")
    for name in treys_cases:
        print(f"{name:48s} {rates[name]:>11,.0f} hands/s")
    if treys_cases:
        print()
    for name in cases:
        theirs = t5 if name.startswith("5-card") else t7
        ratio = f"   ours/treys {rates[name] / theirs:5.2f}x" if theirs else ""
        print(f"{name:48s} {rates[name]:>11,.0f} hands/s{ratio}")
    return 0


def _check_agreement(ev: PokerEvaluator, tev: Any, hands: list[list[Card]], thands: list[list[int]]) -> None:
    """treys ranks 1 (best) .. 7462; ours must order the same hands the same way."""
    pairs = sorted({(tev._five(t), ev.evaluate5(h)) for h, t in zip(hands, thands)})
    ok = all(a[1] > b[1] for a, b in zip(pairs, pairs[1:])) and len({p[0] for p in pairs}) == len(pairs)
    print(f"ordering agrees with treys on {len(pairs):,} distinct classes: {'yes' if ok else 'NO'}\n")
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    sys.exit(main())
