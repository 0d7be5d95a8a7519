"""Pinochle meld counting (rulebook 001, meld tables I-III).

A hand's meld is the best set of combinations its cards allow, where a card may
belong to one meld of each type (type I: runs and marriages, type II: pinochles,
type III: arounds) but never to two melds of the same type. Within a type the
choices are independent per suit (type I) or per rank (type III), so the best
meld is found by trying every number of runs in the trump suit and splitting the
rest into the book's single/double/triple/quadruple melds with a tiny table of
best partitions. Everything works on card faces (``suit * 16 + rank``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from gamenight.core.cards import SUIT_NAMES

ACE, TEN, KING, QUEEN, JACK = 14, 10, 13, 12, 11
RANK_ORDER = (ACE, TEN, KING, QUEEN, JACK)
"""Pinochle's rank order within a suit, highest first."""
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
JACK_OF_DIAMONDS = DIAMONDS * 16 + JACK
QUEEN_OF_SPADES = SPADES * 16 + QUEEN

RUN = {1: 15, 2: 150, 3: 500}
"""Runs in trumps (a run in a non-trump suit has no value)."""
MARRIAGE_TRUMP = {1: 4, 2: 30, 3: 60, 4: 240}
MARRIAGE_PLAIN = {1: 2, 2: 4, 3: 6, 4: 8}
PINOCHLE = {1: 4, 2: 30, 3: 90, 4: 360}
AROUND = {
    ACE: {1: 10, 2: 100, 3: 500},
    KING: {1: 8, 2: 80, 3: 400},
    QUEEN: {1: 6, 2: 60, 3: 300},
    JACK: {1: 4, 2: 40, 3: 200},
}
"""Arounds: one card of the rank in each suit per set. A set of tens is worth nothing."""
AROUND_KIND = {ACE: "aces", KING: "kings", QUEEN: "queens", JACK: "jacks"}
SIZE_WORD = {1: "", 2: "double ", 3: "triple ", 4: "quadruple "}
TYPE_OF = {"run": 1, "marriage": 1, "pinochle": 2, "aces": 3, "kings": 3, "queens": 3, "jacks": 3}


@dataclass(frozen=True)
class Meld:
    """One combination as the book's tables name it: ``kind`` (run, marriage, pinochle,
    aces, kings, queens, jacks), ``size`` (1 single .. 4 quadruple), the suit for type I."""

    kind: str
    size: int
    points: int
    suit: int | None = None

    @property
    def type(self) -> int:
        return TYPE_OF[self.kind]

    @property
    def name(self) -> str:
        base = SIZE_WORD[self.size] + self.kind
        return f"{base} in {SUIT_NAMES[self.suit]}" if self.suit is not None else base

    @property
    def faces(self) -> list[int]:
        """The card faces the meld is made of (with repeats for double and triple melds)."""
        n = self.size
        if self.kind == "run":
            assert self.suit is not None
            return [self.suit * 16 + r for r in RANK_ORDER for _ in range(n)]
        if self.kind == "marriage":
            assert self.suit is not None
            return [self.suit * 16 + r for r in (KING, QUEEN) for _ in range(n)]
        if self.kind == "pinochle":
            return [f for f in (JACK_OF_DIAMONDS, QUEEN_OF_SPADES) for _ in range(n)]
        rank = next(r for r, k in AROUND_KIND.items() if k == self.kind)
        return [s * 16 + rank for s in range(4) for _ in range(n)]


@cache
def _partition(n: int, table_key: str) -> tuple[int, tuple[int, ...]]:
    """The best way to split ``n`` sets into the table's melds: (points, sizes, largest first)."""
    table = _TABLES[table_key]
    if n <= 0:
        return 0, ()
    best: tuple[int, tuple[int, ...]] = (-1, ())
    for size in sorted(table, reverse=True):
        if size <= n:
            pts, rest = _partition(n - size, table_key)
            total = table[size] + pts
            if total > best[0]:
                best = (total, (size, *rest))
    return best


_TABLES: dict[str, Mapping[int, int]] = {
    "run": RUN, "marriage-trump": MARRIAGE_TRUMP, "marriage-plain": MARRIAGE_PLAIN, "pinochle": PINOCHLE,
    **{AROUND_KIND[r]: AROUND[r] for r in AROUND},
}


def _split(n: int, table_key: str, kind: str, suit: int | None) -> tuple[int, list[Meld]]:
    pts, sizes = _partition(n, table_key)
    table = _TABLES[table_key]
    return pts, [Meld(kind, size, table[size], suit) for size in sizes]


def counts(hand: Iterable[int]) -> list[int]:
    """How many of each face ``hand`` holds, indexed by face."""
    out = [0] * 64
    for c in hand:
        out[int(c)] += 1
    return out


def find_melds(hand: Iterable[int], trump: int) -> list[Meld]:
    """The best meld of ``hand`` with ``trump`` as trumps, as a list of combinations."""
    cnt = counts(hand)
    melds: list[Meld] = []
    # Type I: runs and marriages, suit by suit.
    for s in range(4):
        base = s * 16
        k, q = cnt[base + KING], cnt[base + QUEEN]
        if s == trump:
            most_runs = min(cnt[base + r] for r in RANK_ORDER)
            best: tuple[int, list[Meld]] = (-1, [])
            for runs in range(most_runs + 1):
                run_pts, run_melds = _split(runs, "run", "run", s)
                mar_pts, mar_melds = _split(min(k, q) - runs, "marriage-trump", "marriage", s)
                if run_pts + mar_pts > best[0]:
                    best = (run_pts + mar_pts, run_melds + mar_melds)
            melds += best[1]
        else:
            melds += _split(min(k, q), "marriage-plain", "marriage", s)[1]
    # Type II: pinochles.
    melds += _split(min(cnt[JACK_OF_DIAMONDS], cnt[QUEEN_OF_SPADES]), "pinochle", "pinochle", None)[1]
    # Type III: arounds.
    for rank, kind in AROUND_KIND.items():
        melds += _split(min(cnt[s * 16 + rank] for s in range(4)), kind, kind, None)[1]
    return melds


def meld_points(melds: Iterable[Meld]) -> int:
    return sum(m.points for m in melds)


def exposed_faces(melds: Iterable[Meld]) -> list[int]:
    """The cards a player lays face up to show ``melds``: a card may serve one meld of
    each type, so each face is shown as many times as the type needing it most uses it."""
    by_type: dict[int, list[int]] = {1: [0] * 64, 2: [0] * 64, 3: [0] * 64}
    for m in melds:
        used = by_type[m.type]
        for f in m.faces:
            used[f] += 1
    out: list[int] = []
    for f in range(64):
        n = max(by_type[1][f], by_type[2][f], by_type[3][f])
        out += [f] * n
    return out


def best_meld(hand: Iterable[int], trump: int) -> int:
    """The points of the best meld of ``hand`` with ``trump`` as trumps."""
    return meld_points(find_melds(hand, trump))
