"""One deck's hands, fast: each suit's rank mask read straight from flat tables.

A hand of distinct standard cards without wild cards -- Gin -- is four 16-bit rank masks; each
suit's least runs-only deadwood is a list entry, and the few ways of taking sets out of ranks of
three or four cards are tried on top (:meth:`Solver.plain_value`). "Which discard leaves least"
reads a second table, each suit's best single removal, instead of trying all eleven discards
(:meth:`Solver.plain_discard`).

With wild cards the same masks go through the search of :mod:`.meld_search` cut down to one deck:
a third table holds what one wild card does to each suit's runs (filled once per process), and
the sets a wild card can join are the pairs, changed in place in the masks. Everything else goes
to the general search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gamenight.core.cards import Card
from gamenight.families.meld_lanes import INF, STANDARD_SUITS, SUIT_MASK, set_cap, window
from gamenight.families.meld_search import Search

if TYPE_CHECKING:
    from gamenight.families.melds import MeldRules

_LOW64 = (1 << 64) - 1
_SPREAD = 1 | 1 << 16 | 1 << 32 | 1 << 48
"""One bit in each standard suit's lane: shifted by a rank, every card of that rank."""


# ---------------------------------------------------------------------------
# The plain path: distinct standard cards, no wild cards


def _runs_table(rules: MeldRules, vals: Sequence[int]) -> list[int]:
    """Runs-only deadwood of one standard suit for every 13-bit rank mask, indexed by the 16-bit
    suit mask (a block of consecutive cards at least ``min_len`` long is one run)."""
    table = [0] * (1 << 15)
    lo, hi = window(0, rules) or (2, 13)
    orders = []
    if lo == 1:
        orders.append([14] + list(range(2, 14)))
    if hi == 14:
        orders.append(list(range(2, 15)))
    if not orders:
        orders.append(list(range(2, 14)))
    min_len = rules.min_len
    for m in range(1 << 13):
        mask = m << 2
        total = sum(vals[r] for r in range(2, 15) if mask >> r & 1)
        if not rules.runs or total == 0:
            table[mask] = total
            continue
        best = total
        for order in orders:
            covered = block = blen = 0  # value of cards inside long-enough blocks
            for r in order:
                if mask >> r & 1:
                    block += vals[r]
                    blen += 1
                else:
                    if blen >= min_len:
                        covered += block
                    block = blen = 0
            if blen >= min_len:
                covered += block
            best = min(best, total - covered)
        table[mask] = best
    return table


def _discard_table(table: list[int], order: Sequence[int]) -> list[int]:
    """For every suit mask, what taking out its best card does: ``64 * (change in the suit's
    runs-only deadwood) + order[rank]``, the least over its cards (``order`` ranks the discards
    that leave the same deadwood: the more valuable card first, then the higher face)."""
    out = [INF] * (1 << 15)
    for m in range(1, 1 << 13):
        mask = m << 2
        t = table[mask]
        best = INF
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            key = (table[mask ^ low] - t) * 64 + order[low.bit_length() - 1]
            if key < best:
                best = key
        out[mask] = best
    return out


_TABLES: dict[tuple[object, ...], list[int]] = {}
_DISCARD_TABLES: dict[tuple[object, ...], list[int]] = {}


class Solver(Search):
    """Everything derived from a MeldRules that the solvers need on every call: the search, and
    the tables that answer one deck's hands without it."""

    def __init__(self, rules: MeldRules) -> None:
        super().__init__(rules)
        tables: list[list[int]] = []
        for s in STANDARD_SUITS:
            v = self.value_by_rank[s]
            key = (rules.ace_low, rules.ace_high, rules.min_len, rules.runs, tuple(v))
            if key not in _TABLES:
                _TABLES[key] = _runs_table(rules, v)
            tables.append(_TABLES[key])
        self.t0, self.t1, self.t2, self.t3 = tables
        self._table_keys = [(rules.ace_low, rules.ace_high, rules.min_len, rules.runs, tuple(self.value_by_rank[s]))
                            for s in STANDARD_SUITS]
        top = min(4, INF if rules.max_set_size is None else rules.max_set_size)
        self.set_sizes = tuple(range(max(rules.min_len, 1), top + 1)) if rules.sets else ()
        # The plain path needs natural-only melds to be plain sets and runs, and sets to come
        # from ranks with three or four cards.
        plain = rules.min_len >= 3 and rules.min_naturals_per_meld <= rules.min_len
        slow = 0
        for f in (*rules.wild_faces, *self.unmeldable):
            if 0 <= f < 64:
                slow |= 1 << f
        # A hand takes the search if it has any bit here: wild or unmeldable faces, or cards
        # beyond the four standard suits (negative number: every bit from 64 up).
        self.slow_bits = (slow | -(1 << 64)) if plain else -1
        # For each 4-bit pattern of suits holding a rank: the suit patterns a set may take.
        self.set_patterns = [[m for m in range(1, 16) if m & p == m and m.bit_count() in self.set_sizes]
                             for p in range(16)]
        self._runs_cache: dict[int, tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}
        self._discard: list[list[int]] | None = None
        self._discard_face: list[int] = []
        self._gain: list[list[int]] = []
        self._two: list[list[int]] = []
        self._wild_options: dict[int, list[tuple[int, int, int]]] = {}
        self._leftover: dict[int, list[int]] = {}
        high = [f for f in rules.wild_faces if f >= 64]
        self.high_wild = high[0] - 64 if len(high) == 1 else 64
        self.below_high_wild = (1 << self.high_wild) - 1
        # The one-deck wild path: plain hands with wild cards, where every set holding a wild
        # card holds two natural cards or more (a run does as well as any other).
        self.wild_plain = (self.slow_bits != -1 and not rules.wilds_may_be_natural
                           and all(self._single_natural_sets(0, r) for r in range(2, 15)))
        self.natural_bits = _LOW64 & ~sum(1 << f for f in rules.wild_faces if 0 <= f < 64)
        # Whether a pair of one rank makes a set with one wild card, with two; and for each
        # pattern of suits holding a rank, the sets one wild card makes there (the suits taken,
        # spread over the lanes).
        self.pair_sets = [False] + [rules.sets and self._set_ok(2, w, set_cap(rules, 4), 0) for w in (1, 2)]
        self.wild_set_spreads = [[spread for spread, _, _ in self._wild_set_options(p, 7, 1)] if self.wild_plain else []
                                 for p in range(16)]

    # -- one deck, no wild cards --------------------------------------------------------------

    def plain_value(self, hm: int) -> int:
        a, b, c, d = hm & SUIT_MASK, hm >> 16 & SUIT_MASK, hm >> 32 & SUIT_MASK, hm >> 48
        trip = (a & b & (c | d)) | (c & d & (a | b))
        if not trip or not self.set_sizes:
            return self.t0[a] + self.t1[b] + self.t2[c] + self.t3[d]
        return self._plain_sets(a, b, c, d, trip)

    def _plain_sets(self, a: int, b: int, c: int, d: int, trip: int) -> int:
        """Least deadwood when ranks in ``trip`` have three or four cards: try every way of
        taking sets out of those ranks (none, the four, any three) over the run tables."""
        t0, t1, t2, t3 = self.t0, self.t1, self.t2, self.t3
        patterns = self.set_patterns
        if not trip & (trip - 1):  # one such rank: the usual case, kept loop-free
            nl = ~trip
            present = (1 if a & trip else 0) | (2 if b & trip else 0) | (4 if c & trip else 0) | (8 if d & trip else 0)
            best = t0[a] + t1[b] + t2[c] + t3[d]
            for rm in patterns[present]:
                v = (t0[a & nl if rm & 1 else a] + t1[b & nl if rm & 2 else b]
                     + t2[c & nl if rm & 4 else c] + t3[d & nl if rm & 8 else d])
                if v < best:
                    best = v
            return best
        return min([t0[A] + t1[B] + t2[C] + t3[D] for A, B, C, D in self.plain_set_masks(a, b, c, d, trip)])

    def plain_set_masks(self, a: int, b: int, c: int, d: int, trip: int) -> list[tuple[int, int, int, int]]:
        """Every way of taking sets out of the ranks in ``trip`` (none, the four, any three...):
        the four suit masks each leaves."""
        combos = [(a, b, c, d)]
        patterns = self.set_patterns
        while trip:
            low = trip & -trip
            trip ^= low
            nl = ~low
            present = (1 if a & low else 0) | (2 if b & low else 0) | (4 if c & low else 0) | (8 if d & low else 0)
            combos += [(A & nl if rm & 1 else A, B & nl if rm & 2 else B, C & nl if rm & 4 else C,
                        D & nl if rm & 8 else D) for rm in patterns[present] for A, B, C, D in combos]
        return combos

    def plain_arrange(self, hm: int) -> tuple[list[list[int]], list[int]]:
        """Melds (face layouts) and dead faces reaching ``plain_value(hm)``."""
        t0, t1, t2, t3 = self.t0, self.t1, self.t2, self.t3
        a, b, c, d = hm & SUIT_MASK, hm >> 16 & SUIT_MASK, hm >> 32 & SUIT_MASK, hm >> 48
        trip = (a & b & (c | d)) | (c & d & (a | b)) if self.set_sizes else 0
        best = min(self.plain_set_masks(a, b, c, d, trip), key=lambda o: t0[o[0]] + t1[o[1]] + t2[o[2]] + t3[o[3]])
        melds = []
        while trip:
            low = trip & -trip
            trip ^= low
            r = low.bit_length() - 1
            taken = [s * 16 + r for s, (held, left) in enumerate(zip((a, b, c, d), best)) if held & ~left & low]
            if taken:
                melds.append(taken)
        dead: list[int] = []
        for s, mask in enumerate(best):
            key = s << 16 | mask
            hit = self._runs_cache.get(key)
            if hit is None:
                runs, loose = self.lane(s).arrange(s, mask, 0)
                hit = self._runs_cache[key] = (tuple(tuple(r) for r in runs), tuple(loose))
            melds.extend(list(r) for r in hit[0])
            dead.extend(hit[1])
        return melds, dead

    def plain_discard(self, hm: int) -> tuple[int, int]:
        """(face, deadwood): the discard from a plain hand that leaves least, ties to the more
        valuable card, then the higher face. For each way of taking sets out, the discard comes
        from one suit's runs: that suit's best single removal is read from a table."""
        if self._discard is None:
            # Every discard's place among equals: more valuable first, then the higher face.
            faces = sorted((s * 16 + r for s in STANDARD_SUITS for r in range(2, 15)),
                           key=lambda f: (-self.value_by_rank[f >> 4][f & 15], -f))
            self._discard_face = faces
            place = {f: i for i, f in enumerate(faces)}
            self._discard = []
            for s, table_key in enumerate(self._table_keys):
                order = [place.get(s * 16 + r, 0) for r in range(16)]
                cache_key = (*table_key, tuple(order))
                if cache_key not in _DISCARD_TABLES:
                    _DISCARD_TABLES[cache_key] = _discard_table((self.t0, self.t1, self.t2, self.t3)[s], order)
                self._discard.append(_DISCARD_TABLES[cache_key])
        u0, u1, u2, u3 = self._discard
        t0, t1, t2, t3 = self.t0, self.t1, self.t2, self.t3
        a, b, c, d = hm & SUIT_MASK, hm >> 16 & SUIT_MASK, hm >> 32 & SUIT_MASK, hm >> 48
        trip = (a & b & (c | d)) | (c & d & (a | b)) if self.set_sizes else 0
        best = (t0[a] + t1[b] + t2[c] + t3[d]) * 64 + min(u0[a], u1[b], u2[c], u3[d])
        if trip and not trip & (trip - 1):  # one rank of three or four: its sets, loop-light
            nl = ~trip
            present = (1 if a & trip else 0) | (2 if b & trip else 0) | (4 if c & trip else 0) | (8 if d & trip else 0)
            for rm in self.set_patterns[present]:
                A, B = a & nl if rm & 1 else a, b & nl if rm & 2 else b
                C, D = c & nl if rm & 4 else c, d & nl if rm & 8 else d
                key = (t0[A] + t1[B] + t2[C] + t3[D]) * 64 + min(u0[A], u1[B], u2[C], u3[D])
                if key < best:
                    best = key
        elif trip:
            best = min([(t0[A] + t1[B] + t2[C] + t3[D]) * 64 + min(u0[A], u1[B], u2[C], u3[D])
                        for A, B, C, D in self.plain_set_masks(a, b, c, d, trip)])
        return self._discard_face[best & 63], best >> 6

    # -- one deck with wild cards -------------------------------------------------------------

    def value(self, hand: Sequence[Card], hm: int) -> int:
        """Least deadwood of a hand the plain tables cannot answer alone (``hm``: the sum of
        ``1 << card`` over the hand). Distinct standard natural cards with wild cards take the
        one-deck wild path; the rest, the full search."""
        if self.wild_plain:
            natural = hm & self.natural_bits
            wild = hm ^ natural
            high = wild >> 64
            # Several copies of one wild face above the standard suits (jokers) add up there.
            count = ((wild & _LOW64).bit_count() + (high >> self.high_wild)) if high else wild.bit_count()
            if (not natural & self.slow_bits and not high & self.below_high_wild
                    and natural.bit_count() + count == len(hand)):
                leftover = self._leftover.get(wild) or self._leftover_for(wild, hand)
                if len(leftover) == 2:
                    return self._wild_one(natural, leftover[1], 0)
                return self._one_deck(natural, leftover)
        return self.solve(hand, False)[0]

    def discard(self, hand: Sequence[Card], hm: int) -> tuple[Card, int] | None:
        """:func:`best_discard` on the one-deck wild path (None: not such a hand): each distinct
        card taken out of the masks in turn."""
        if not self.wild_plain:
            return None
        natural = hm & self.natural_bits
        wild = hm ^ natural
        high = wild >> 64
        count = ((wild & _LOW64).bit_count() + (high >> self.high_wild)) if high else wild.bit_count()
        if natural & self.slow_bits or high & self.below_high_wild or natural.bit_count() + count != len(hand):
            return None
        leftover = self._leftover.get(wild) or self._leftover_for(wild, hand)
        value = self.rules.value
        best: tuple[int, int, int] | None = None
        choice = hand[0]
        seen = 0
        for card in hand:
            bit = 1 << card
            if seen & bit:
                continue
            seen |= bit
            if natural & bit:
                dw = self._one_deck(natural ^ bit, leftover)
            else:
                rest = [c for c in hand if c in self.rules.wild_faces]
                rest.remove(card)
                dw = self._one_deck(natural, self._leftover.get(wild - bit) or self._leftover_for(wild - bit, rest))
            key = (dw, -value(card), -int(card))
            if best is None or key < best:
                best, choice = key, card
        assert best is not None
        return choice, best[0]

    def _leftover_for(self, wild: int, cards: Sequence[Card]) -> list[int]:
        """:meth:`leftover_costs` for the wild cards among ``cards``, remembered by their bit sum."""
        self._one_deck_tables()
        leftover = self._leftover[wild] = self.leftover_costs([self.rules.value(c) for c in cards
                                                               if c in self.rules.wild_faces])
        return leftover

    def _one_deck(self, natural: int, leftover: list[int]) -> int:
        w = len(leftover) - 1
        if w == 0:
            return self.plain_value(natural)
        if w == 1:
            return self._wild_one(natural, leftover[1], 0)
        if w == 2:
            return self._wild_two(natural, leftover)
        return self._wild_sets(natural, w, 0, leftover)

    def _one_deck_tables(self) -> None:
        if not self._gain:
            tables = [self.lane(s).one_deck_tables(t) for s, t in enumerate((self.t0, self.t1, self.t2, self.t3))]
            self._gain = [g for g, _ in tables]
            self._two = [two for _, two in tables]

    def _wild_sets(self, hm: int, w: int, start: int, leftover: list[int]) -> int:
        """Sets holding wild cards, at ranks from ``start`` up, then :meth:`_wild_runs`."""
        best = self._wild_runs(hm, w, leftover)
        a, b, c, d = hm & SUIT_MASK, hm >> 16 & SUIT_MASK, hm >> 32 & SUIT_MASK, hm >> 48
        ranks = ((a & (b | c | d)) | (b & (c | d)) | (c & d)) >> start << start
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            r = low.bit_length() - 1
            present = (1 if a & low else 0) | (2 if b & low else 0) | (4 if c & low else 0) | (8 if d & low else 0)
            for spread, j, _ in self._wild_set_options(present, r, w):
                rest = hm ^ (spread << r)
                if j == w:
                    v = self.plain_value(rest)
                elif j == w - 1:
                    v = self._wild_one(rest, leftover[1], r + 1)
                else:
                    v = self._wild_sets(rest, w - j, r + 1, leftover)
                if v < best:
                    best = v
        return best

    def _wild_two(self, hm: int, leftover: list[int]) -> int:
        """:meth:`_wild_sets` for two wild cards: without ranks of three or four cards, the sets
        with wild cards are pairs taking one (the other is :meth:`_wild_one`'s) or both."""
        a, b, c, d = hm & SUIT_MASK, hm >> 16 & SUIT_MASK, hm >> 32 & SUIT_MASK, hm >> 48
        if self.set_sizes and (a & b & (c | d)) | (c & d & (a | b)):
            return self._wild_sets(hm, 2, 0, leftover)
        best = self._runs_two(a, b, c, d, leftover)
        one, both = self.pair_sets[1], self.pair_sets[2]
        pairs = (a & (b | c | d)) | (b & (c | d)) | (c & d) if one or both else 0
        t0, t1, t2, t3 = self.t0, self.t1, self.t2, self.t3
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            r = low.bit_length() - 1
            rest = hm & ~(_SPREAD << r)
            if one:
                v = self._wild_one(rest, leftover[1], r + 1)
                if v < best:
                    best = v
            if both:
                v = t0[rest & SUIT_MASK] + t1[rest >> 16 & SUIT_MASK] + t2[rest >> 32 & SUIT_MASK] + t3[rest >> 48]
                if v < best:
                    best = v
        return best

    def _wild_one(self, hm: int, left: int, start: int) -> int:
        """:meth:`_wild_sets` for one wild card worth ``left`` when left out: it is dead, in one
        suit's runs, or in a set (at a rank from ``start`` up). With at most one rank of three or
        four cards, every answer is the four tables with a suit or two changed."""
        a, b, c, d = hm & SUIT_MASK, hm >> 16 & SUIT_MASK, hm >> 32 & SUIT_MASK, hm >> 48
        t0, t1, t2, t3 = self.t0, self.t1, self.t2, self.t3
        g0, g1, g2, g3 = self._gain
        trip = (a & b & (c | d)) | (c & d & (a | b)) if self.set_sizes else 0
        # Pairs make sets with the wild card; their cards are never in a natural set.
        pairs = ((a & (b | c | d)) | (b & (c | d)) | (c & d)) >> start << start if self.pair_sets[1] else 0
        if not trip:
            ta, tb, tc, td = t0[a], t1[b], t2[c], t3[d]
            base = ta + tb + tc + td
            best = base + min(left, g0[a], g1[b], g2[c], g3[d])
            while pairs:
                low = pairs & -pairs
                pairs ^= low
                nl = ~low
                v = base
                if a & low:
                    v += t0[a & nl] - ta
                if b & low:
                    v += t1[b & nl] - tb
                if c & low:
                    v += t2[c & nl] - tc
                if d & low:
                    v += t3[d & nl] - td
                if v < best:
                    best = v
            return best
        if trip & (trip - 1):
            return self._wild_sets(hm, 1, start, [0, left])
        pairs &= ~trip
        present = (1 if a & trip else 0) | (2 if b & trip else 0) | (4 if c & trip else 0) | (8 if d & trip else 0)
        nl = ~trip
        best = INF
        for rm in (0, *self.set_patterns[present]):  # the rank's natural set, if any
            A, B = a & nl if rm & 1 else a, b & nl if rm & 2 else b
            C, D = c & nl if rm & 4 else c, d & nl if rm & 8 else d
            base = t0[A] + t1[B] + t2[C] + t3[D]
            best = min(best, base + min(left, g0[A], g1[B], g2[C], g3[D]))
            if pairs:
                best = self._pair_sets(pairs, A, B, C, D, base, best)
        if trip >> start:
            # The rank of three or four takes the wild card with all or some of its cards;
            # what is left there is no set, so the tables answer.
            r = trip.bit_length() - 1
            for spread in self.wild_set_spreads[present]:
                rest = hm ^ (spread << r)
                v = t0[rest & SUIT_MASK] + t1[rest >> 16 & SUIT_MASK] + t2[rest >> 32 & SUIT_MASK] + t3[rest >> 48]
                if v < best:
                    best = v
        return best

    def _pair_sets(self, pairs: int, a: int, b: int, c: int, d: int, base: int, best: int) -> int:
        """``best`` or less: the wild card in a set with each of the ``pairs`` (suit masks
        ``a``..``d`` leaving ``base`` without it)."""
        t0, t1, t2, t3 = self.t0, self.t1, self.t2, self.t3
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            nl = ~low
            v = base
            if a & low:
                v += t0[a & nl] - t0[a]
            if b & low:
                v += t1[b & nl] - t1[b]
            if c & low:
                v += t2[c & nl] - t2[c]
            if d & low:
                v += t3[d & nl] - t3[d]
            if v < best:
                best = v
        return best

    def _wild_set_options(self, present: int, rank: int, w: int) -> list[tuple[int, int, int]]:
        """The sets with at least one wild card (and at most ``w``) at a rank held in the
        ``present`` suits: (the suits taken spread over a 64-bit mask, to shift by the rank;
        wild cards; what the natural cards taken are worth)."""
        key = w << 12 | rank << 4 | present
        hit = self._wild_options.get(key)
        if hit is None:
            counts = tuple(present >> s & 1 for s in STANDARD_SUITS)
            hit = self._wild_options[key] = [
                (sum(1 << (16 * s) for s in STANDARD_SUITS if taken[s]), j,
                 sum(self.value_by_rank[s][rank] for s in STANDARD_SUITS if taken[s]))
                for taken, j in self.set_options(0, rank, counts, w) if j]
        return hit

    def _wild_runs(self, hm: int, w: int, leftover: list[int]) -> int:
        """No more sets with wild cards: each way of taking natural sets, the ``w`` wild cards
        shared among the suits' runs or left out."""
        a, b, c, d = hm & SUIT_MASK, hm >> 16 & SUIT_MASK, hm >> 32 & SUIT_MASK, hm >> 48
        if not w:
            return self.plain_value(hm)
        trip = (a & b & (c | d)) | (c & d & (a | b)) if self.set_sizes else 0
        if w == 2 and not trip:
            return self._runs_two(a, b, c, d, leftover)
        tables = (self.t0, self.t1, self.t2, self.t3)
        best = INF
        for A, B, C, D in self.plain_set_masks(a, b, c, d, trip) if trip else ((a, b, c, d),):
            masks = (A, B, C, D)
            if w > 2:
                v = self._share_wilds(masks, w, leftover)
            else:
                base = 0
                one = two = pair = INF  # the best change by one wild, two in one suit, one in each of two suits
                for s in STANDARD_SUITS:
                    m = masks[s]
                    t = tables[s][m]
                    base += t
                    if not m:
                        continue
                    x = self._gain[s][m]
                    if w == 2:
                        y = self._two[s][m]
                        if y < 0:
                            y = self._lane_fill_two(s, m)
                        if y - t < two:
                            two = y - t
                        if one + x < pair:
                            pair = one + x
                    if x < one:
                        one = x
                if w == 1:
                    v = base + min(leftover[1], one)
                else:
                    v = base + min(leftover[2], one + leftover[1], two, pair)
            if v < best:
                best = v
        return best

    def _runs_two(self, a: int, b: int, c: int, d: int, leftover: list[int]) -> int:
        """:meth:`_wild_runs` for two wild cards and no sets: both dead, one in a suit's runs,
        one in each of two suits' runs, or both in one suit's."""
        t0, t1, t2, t3 = self.t0, self.t1, self.t2, self.t3
        ta, tb, tc, td = t0[a], t1[b], t2[c], t3[d]
        g0, g1, g2, g3 = self._gain
        gains = sorted((g0[a], g1[b], g2[c], g3[d]))
        best = min(leftover[2], gains[0] + leftover[1], gains[0] + gains[1])
        for s, m, t in ((0, a, ta), (1, b, tb), (2, c, tc), (3, d, td)):
            if m:
                y = self._two[s][m]
                if y < 0:
                    y = self._lane_fill_two(s, m)
                if y - t < best:
                    best = y - t
        return ta + tb + tc + td + best

    def _lane_fill_two(self, suit: int, mask: int) -> int:
        return self.lane(suit).fill_two(mask)

    def _share_wilds(self, masks: Sequence[int], w: int, leftover: list[int]) -> int:
        """Three or more wild cards over the four suits' runs: a min-plus sum of the lanes."""
        g = [0] + [INF] * w
        for s in STANDARD_SUITS:
            m = masks[s]
            c = self.lane(s).costs(m, w) if m else [0] + [INF] * w
            g = [min([g[a] + c[u - a] for a in range(u + 1)]) for u in range(w + 1)]
        return min([g[u] + leftover[w - u] for u in range(w + 1)])
