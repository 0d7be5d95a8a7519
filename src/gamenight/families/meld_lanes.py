"""What a meld may be, and the runs of one suit: the pieces the meld search is built from.

A suit's cards are a multiset of ranks, kept as a *layered mask*: bit ``16 * k + r`` is set when
rank ``r`` has more than ``k`` cards, so one deck's suit is its plain 16-bit rank mask. A
:class:`Lane` answers, for any such multiset, the least value left out of runs when exactly j
wild cards join them; it remembers every answer, so after the first hands it is a table.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamenight.families.melds import MeldRules

WILD = -1
"""A wild card's place in a meld layout."""
MAX_RUN = 13
"""No run is longer than a suit: aces may be low or high but never both at once."""
INF = 1 << 40
LAYER = 16
"""Bits per layer of a multiset key."""
STANDARD_SUITS = range(0, 4)
COLOUR_SUITS = range(5, 10)
"""Rumski-style coloured suits: ranks 1..13, no aces."""
SUIT_MASK = 0xFFFF
"""One layer of a multiset key: a suit's ranks (or run positions)."""
_LANE_LIMIT = 400_000
"""Multisets a lane remembers before it starts again (several decks make many)."""

# ---------------------------------------------------------------------------
# What a meld may be


def family(suit: int) -> int:
    """Which cards may share a set: standard suits together, coloured suits together (-1: none)."""
    if suit < 4:
        return 0
    if 5 <= suit <= 9:
        return 1
    return -1


FAMILY_SUITS = (tuple(STANDARD_SUITS), tuple(COLOUR_SUITS))


def window(suit: int, rules: MeldRules) -> tuple[int, int] | None:
    """The positions a run in this suit may use (position 1 is a low ace, 14 a high ace)."""
    if suit < 4:
        return (1 if rules.ace_low else 2, 14 if rules.ace_high else 13)
    if 5 <= suit <= 9:
        return (1, 13)
    return None


def positions(suit: int, rank: int, rules: MeldRules) -> tuple[int, ...]:
    """Where a card may sit in a run of its suit: an ace low, high or (both allowed) either."""
    w = window(suit, rules)
    if w is None:
        return ()
    lo, hi = w
    if suit < 4 and rank == 14:
        return tuple(p for p in (1, 14) if lo <= p <= hi)
    return (rank,) if lo <= rank <= hi else ()


def face_at(suit: int, pos: int) -> int:
    return suit * 16 + (14 if pos == 1 and suit < 4 else pos)


def wilds_ok(naturals: int, wilds: int, rules: MeldRules) -> bool:
    """The per-meld wild limits, for a meld holding at least one natural card."""
    if naturals < rules.min_naturals_per_meld:
        return False
    if rules.max_wilds_per_meld is not None and wilds > rules.max_wilds_per_meld:
        return False
    return not (rules.wilds_at_most_naturals and wilds > naturals)


def set_cap(rules: MeldRules, suits_in_family: int) -> int:
    """The most cards a set may hold (INF: no limit)."""
    cap = INF if rules.max_set_size is None else rules.max_set_size
    return min(cap, suits_in_family) if rules.set_suits_distinct else cap


def all_wild_allowed(rules: MeldRules) -> bool:
    return rules.all_wild_melds or (rules.min_naturals_per_meld == 0 and not rules.wilds_at_most_naturals)


def all_wild_cap(rules: MeldRules) -> int:
    """The longest meld of wild cards alone (0: none allowed)."""
    if not all_wild_allowed(rules):
        return 0
    caps = [0]
    if rules.sets:
        caps.append(set_cap(rules, 4))
    if rules.runs:
        caps.append(MAX_RUN)
    cap = max(caps)
    if rules.max_wilds_per_meld is not None and not rules.all_wild_melds:
        cap = min(cap, rules.max_wilds_per_meld)
    return cap


def all_wild_split(m: int, rules: MeldRules) -> list[int]:
    """Sizes of the melds of wild cards alone that hold as many of ``m`` loose wild cards as
    possible (as few melds as the caps allow)."""
    cap = all_wild_cap(rules)
    if cap < rules.min_len:
        return []
    for t in range(m, rules.min_len - 1, -1):
        q = -(-t // cap)
        if q * rules.min_len <= t:
            return [t // q + (1 if i < t % q else 0) for i in range(q)]
    return []


# ---------------------------------------------------------------------------
# Layered multiset keys


def add(key: int, bit: int) -> int:
    """One more card at ``bit`` (a rank or a run position)."""
    b = 1 << bit
    while key & b:
        b <<= LAYER
    return key | b


def remove(key: int, bit: int) -> int:
    """One card fewer at ``bit`` (which must be present)."""
    b = 1 << bit
    while key & (b << LAYER):
        b <<= LAYER
    return key ^ b


def count(key: int, bit: int) -> int:
    n = 0
    key >>= bit
    while key & 1:
        n += 1
        key >>= LAYER
    return n


def repeat(bit: int, n: int) -> int:
    """``n`` cards at ``bit``."""
    return sum(1 << (bit + LAYER * k) for k in range(n))


# ---------------------------------------------------------------------------
# Lanes: the runs of one suit


_Run = tuple[int, int, tuple[int, ...]]
"""(first position, last position, positions held by a wild although the card is in the lane)."""


class Lane:
    """The runs of one suit, shared by the suits whose cards count the same.

    ``costs(key, J)[j]`` is the least value of the lane's cards left out of runs when exactly
    ``j`` wild cards join runs (INF when they cannot). The lowest card left is either dead or
    the lowest natural card of a run: the run may start below it with wild cards, take every
    card it passes or let a wild card stand for one (that card then stays for another run), and
    must respect the per-meld wild limits.
    """

    def __init__(self, rules: MeldRules, value_by_rank: Sequence[int], standard: bool,
                 span: tuple[int, int] | None) -> None:
        self.rules = rules
        self.standard = standard
        self.runs = rules.runs and span is not None
        self.lo, self.hi = span if span is not None else (1, 0)
        self.value_by_rank = list(value_by_rank)
        self.value_at = [value_by_rank[14 if standard and p in (1, 14) else p] for p in range(16)]
        self.ace_spots = tuple(p for p in (1, 14) if self.lo <= p <= self.hi) if standard else ()
        self.cache: dict[int, tuple[list[int], list[int]]] = {}
        self.memo: dict[int, tuple[list[int], list[_Run | None]]] = {}
        self.gain: list[int] | None = None
        self.two: list[int] = []

    def one_deck_tables(self, plain: list[int]) -> tuple[list[int], list[int]]:
        """For one deck's 16-bit suit masks: what one wild card in the runs changes
        (``costs(mask, 1)[1] - plain[mask]``, INF where none fits), all filled at once (a fifth
        of a second, once per process); and ``costs(mask, 2)[2]``, filled on first use (-1)."""
        if self.gain is None:
            gain = [INF] * (1 << 15)
            for m in range(1, 1 << 13):
                mask = m << 2
                c = self.costs(mask, 1)[1]
                if c < INF:
                    gain[mask] = c - plain[mask]
            self.gain, self.two = gain, [-1] * (1 << 15)
        return self.gain, self.two

    def fill_two(self, mask: int) -> int:
        self.two[mask] = c = self.costs(mask, 2)[2]
        return c

    def costs(self, key: int, J: int) -> list[int]:
        hit = self.cache.get(key)
        if hit is not None and len(hit[0]) > J:
            return hit[0]
        if len(self.memo) > _LANE_LIMIT:
            self.cache.clear()
            self.memo.clear()
        return self._fill(key, J)[0]

    def _fill(self, key: int, J: int) -> tuple[list[int], list[int]]:
        """Costs for a rank multiset, and for each j the run-position key that reaches it (aces
        placed low or high)."""
        options: list[tuple[int, int]] = []  # (position key, value of cards no run can hold)
        if self.standard:
            aces = count(key, 14)
            base = key & ~repeat(14, 4 * 4)
            if not self.runs:
                options.append((0, self._total(key)))
            elif not self.ace_spots:
                options.append((base, aces * self.value_by_rank[14]))
            elif len(self.ace_spots) == 1:
                options.append((base | repeat(self.ace_spots[0], aces), 0))
            else:
                options.extend((base | repeat(1, low) | repeat(14, aces - low), 0) for low in range(aces + 1))
        else:
            options.append((key, 0) if self.runs else (0, self._total(key)))
        best = [INF] * (J + 1)
        how = [0] * (J + 1)
        for pk, extra in options:
            c = self.position_costs(pk, J)
            for j in range(J + 1):
                if c[j] + extra < best[j]:
                    best[j], how[j] = c[j] + extra, pk
        self.cache[key] = (best, how)
        return best, how

    def _total(self, key: int) -> int:
        total = 0
        while key:
            low = key & -key
            total += self.value_by_rank[(low.bit_length() - 1) % LAYER]
            key ^= low
        return total

    def position_costs(self, pk: int, J: int) -> list[int]:
        hit = self.memo.get(pk)
        if hit is not None and len(hit[0]) > J:
            return hit[0]
        if not pk:
            best = [0] + [INF] * J
            self.memo[pk] = (best, [None] * (J + 1))
            return best
        present = pk & SUIT_MASK
        p = (present & -present).bit_length() - 1
        rest = remove(pk, p)
        sub = self.position_costs(rest, J)
        vp = self.value_at[p]
        best = [min(s + vp, INF) for s in sub[:J + 1]]
        how: list[_Run | None] = [None] * (J + 1)
        for run, k, left in self._runs_from(p, present, rest, J):
            c = self.position_costs(left, J)
            for j in range(k, J + 1):
                if c[j - k] < best[j]:
                    best[j], how[j] = c[j - k], run
        self.memo[pk] = (best, how)
        return best

    def _runs_from(self, p: int, present: int, rest: int, J: int) -> Iterator[tuple[_Run, int, int]]:
        """Every run whose lowest natural card is the one at ``p``: (run, wilds, key left)."""
        rules = self.rules
        min_len = max(rules.min_len, 1)
        for x in range(max(self.lo, p - J), p + 1):
            forced = p - x
            held: list[int] = []
            for y in range(p, min(self.hi, x + MAX_RUN - 1) + 1):
                if y > p:
                    if present >> y & 1:
                        held.append(y)
                    else:
                        forced += 1
                        if forced > J:
                            break
                if y - x + 1 < min_len:
                    continue
                for s in range(min(J - forced, len(held)) + 1):
                    for subs in itertools.combinations(held, s):
                        k = forced + s
                        if not wilds_ok(1 + len(held) - s, k, rules):
                            continue
                        left = rest
                        for q in held:
                            if q not in subs:
                                left = remove(left, q)
                        yield (x, y, subs), k, left

    def arrange(self, suit: int, key: int, j: int) -> tuple[list[list[int]], list[int]]:
        """The runs (face layouts) and dead faces reaching ``costs(key, J)[j]``."""
        hit = self.cache.get(key)
        if hit is None or len(hit[0]) <= j:
            hit = self._fill(key, j)
        if not self.runs:
            return [], self._faces(suit, key)
        pk = hit[1][j]
        dead = [suit * 16 + 14] * count(key, 14) if self.standard and not self.ace_spots else []
        runs: list[list[int]] = []
        while pk:
            self.position_costs(pk, j)
            run = self.memo[pk][1][j]
            present = pk & SUIT_MASK
            p = (present & -present).bit_length() - 1
            pk = remove(pk, p)
            if run is None:
                dead.append(face_at(suit, p))
                continue
            x, y, subs = run
            layout: list[int] = []
            for q in range(x, y + 1):
                if q == p:
                    layout.append(face_at(suit, q))
                elif q < p or q in subs or not present >> q & 1:
                    layout.append(WILD)
                    j -= 1
                else:
                    layout.append(face_at(suit, q))
                    pk = remove(pk, q)
            runs.append(layout)
        return runs, dead

    @staticmethod
    def _faces(suit: int, key: int) -> list[int]:
        out = []
        while key:
            low = key & -key
            out.append(suit * 16 + (low.bit_length() - 1) % LAYER)
            key ^= low
        return sorted(out)
