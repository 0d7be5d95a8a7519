"""How the meld solvers search: runs per suit from tables, sets on top, wild cards shared out.

A hand's melds split along two lines. Runs stay inside one suit, so each suit's cards can be
answered on their own: its *lane* knows, for any multiset of the suit's ranks, the least value
left out of runs when exactly j wild cards join them (filled once per multiset and kept, so a
table after the first few hands). Sets cut across the suits at one rank, and a hand has few
ranks with two or more cards, so the search tries every way of taking sets out of those ranks
(which cards, how many wild cards) and asks the lanes about the rest, sharing the wild cards
left between the suits (a min-plus sum over the suits). Wild cards no meld takes are dead; the
melds take the most valuable ones, so the dead ones are always the cheapest.

Two shortcuts keep the common cases cheap. A set holding a single natural card is never needed
when runs are allowed: the same cards make a run (same length, same wild cards). And a hand of
distinct standard cards without wild cards -- one deck, Gin -- reads each suit's 13-bit rank
mask in a flat list (:meth:`Solver.plain_value`), with the few ways of taking sets from ranks of
three or four cards enumerated on top; :meth:`Solver.plain_discard` answers "which discard
leaves least" from a second table of each suit's best single removal, without trying all eleven.

Multisets (several decks) are *layered masks*: bit ``16 * k + r`` is set when rank ``r`` has more
than ``k`` cards, so one deck's hand is its plain rank mask.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from gamenight.core.cards import Card

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
_SUIT_MASK = 0xFFFF

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

    def costs(self, key: int, J: int) -> list[int]:
        hit = self.cache.get(key)
        if hit is not None and len(hit[0]) > J:
            return hit[0]
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
        present = pk & _SUIT_MASK
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
            present = pk & _SUIT_MASK
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


def _discard_table(table: list[int], vals: Sequence[int]) -> tuple[list[int], list[int]]:
    """For every suit mask: the least runs-only deadwood after taking one card out, and which rank
    to take (ties: the more valuable card, then the higher rank)."""
    after = [INF] * (1 << 15)
    which = [0] * (1 << 15)
    for m in range(1, 1 << 13):
        mask = m << 2
        best = (INF, 0, 0)
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            r = low.bit_length() - 1
            key = (table[mask ^ low], -vals[r], -r)
            if key < best:
                best = key
        after[mask], which[mask] = best[0], -best[2]
    return after, which


_TABLES: dict[tuple[object, ...], list[int]] = {}
_DISCARD_TABLES: dict[tuple[object, ...], tuple[list[int], list[int]]] = {}


# ---------------------------------------------------------------------------
# The solver for one MeldRules

_Option = tuple[tuple[int, ...], int]
"""Sets taken at one rank: (cards taken from each suit of the family, wild cards joining them)."""
_Path = tuple[tuple[int, int], "_Path"] | None
"""The set choices made, as a linked list of (candidate rank, option)."""


class Plan:
    """A solution in face codes: meld layouts (``WILD`` for a wild card), dead natural faces, how
    many wild cards are dead, and which of the hand's cards played as naturals and as wilds."""

    __slots__ = ("dead", "dead_wilds", "melds", "naturals", "value", "wilds")

    def __init__(self, value: int, melds: list[list[int]], dead: list[int], dead_wilds: int,
                 naturals: Sequence[Card], wilds: Sequence[Card]) -> None:
        self.value, self.melds, self.dead, self.dead_wilds = value, melds, dead, dead_wilds
        self.naturals, self.wilds = naturals, wilds


class Solver:
    """Everything derived from a MeldRules that the solvers need on every call."""

    def __init__(self, rules: MeldRules) -> None:
        self.rules = rules
        self.value_by_rank: dict[int, list[int]] = {}
        lanes: dict[tuple[object, ...], Lane] = {}
        self.lanes: list[Lane | None] = [None] * 16
        for s in (*STANDARD_SUITS, *COLOUR_SUITS):
            ranks = range(2, 15) if s < 4 else range(1, 14)
            vals = [0] * 16
            for r in ranks:
                vals[r] = rules.value(Card(s * 16 + r))
            self.value_by_rank[s] = vals
            span = window(s, rules)
            key = (tuple(vals), s < 4, span)
            if key not in lanes:
                lanes[key] = Lane(rules, vals, s < 4, span)
            self.lanes[s] = lanes[key]
        self.unmeldable = frozenset(int(f) for f in rules.unmeldable)
        self._options: dict[tuple[object, ...], list[_Option]] = {}
        self._partitions: dict[tuple[object, ...], list[tuple[int, int]] | None] = {}
        self._suit_partitions: dict[tuple[object, ...], list[_Option] | None] = {}
        self._init_plain()

    # -- the plain path ------------------------------------------------------------------------

    def _init_plain(self) -> None:
        rules = self.rules
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
        self._discard: list[tuple[list[int], list[int]]] | None = None

    def plain_value(self, hm: int) -> int:
        a, b, c, d = hm & _SUIT_MASK, hm >> 16 & _SUIT_MASK, hm >> 32 & _SUIT_MASK, hm >> 48
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
        return min([t0[A] + t1[B] + t2[C] + t3[D] for A, B, C, D, _ in self.plain_set_options(a, b, c, d, trip)])

    def plain_set_options(self, a: int, b: int, c: int, d: int,
                          trip: int) -> list[tuple[int, int, int, int, tuple[int, ...]]]:
        """Every way of taking sets out of the ranks in ``trip``: the four suit masks left and
        the faces placed in sets."""
        combos: list[tuple[int, int, int, int, tuple[int, ...]]] = [(a, b, c, d, ())]
        while trip:
            low = trip & -trip
            trip ^= low
            rank = low.bit_length() - 1
            nl = ~low
            present = (1 if a & low else 0) | (2 if b & low else 0) | (4 if c & low else 0) | (8 if d & low else 0)
            grown = list(combos)
            for rm in self.set_patterns[present]:
                faces = tuple(s * 16 + rank for s in range(4) if rm >> s & 1)
                for A, B, C, D, used in combos:
                    grown.append((A & nl if rm & 1 else A, B & nl if rm & 2 else B, C & nl if rm & 4 else C,
                                  D & nl if rm & 8 else D, used + faces))
            combos = grown
        return combos

    def plain_arrange(self, hm: int) -> tuple[list[list[int]], list[int]]:
        """Melds (face layouts) and dead faces reaching ``plain_value(hm)``."""
        t0, t1, t2, t3 = self.t0, self.t1, self.t2, self.t3
        a, b, c, d = hm & _SUIT_MASK, hm >> 16 & _SUIT_MASK, hm >> 32 & _SUIT_MASK, hm >> 48
        trip = (a & b & (c | d)) | (c & d & (a | b)) if self.set_sizes else 0
        best = min(self.plain_set_options(a, b, c, d, trip), key=lambda o: t0[o[0]] + t1[o[1]] + t2[o[2]] + t3[o[3]])
        by_rank: dict[int, list[int]] = {}
        for f in best[4]:
            by_rank.setdefault(f & 15, []).append(f)
        melds = [sorted(fs) for fs in by_rank.values()]
        dead: list[int] = []
        for s, mask in enumerate(best[:4]):
            assert isinstance(mask, int)
            key = s << 16 | mask
            hit = self._runs_cache.get(key)
            if hit is None:
                runs, loose = self.lane(s).arrange(s, mask, 0)
                hit = self._runs_cache[key] = (tuple(tuple(r) for r in runs), tuple(loose))
            melds.extend(list(r) for r in hit[0])
            dead.extend(hit[1])
        return melds, dead

    def lane(self, suit: int) -> Lane:
        lane = self.lanes[suit]
        assert lane is not None
        return lane

    def plain_discard(self, hm: int) -> tuple[int, int]:
        """(face, deadwood): the discard from a plain hand that leaves least, ties to the more
        valuable card, then the higher face. For each way of taking sets out, the discard comes
        from one suit's runs: that suit's best single removal is read from a table."""
        if self._discard is None:
            self._discard = []
            for s, table_key in enumerate(self._table_keys):
                if table_key not in _DISCARD_TABLES:
                    _DISCARD_TABLES[table_key] = _discard_table((self.t0, self.t1, self.t2, self.t3)[s],
                                                                self.value_by_rank[s])
                self._discard.append(_DISCARD_TABLES[table_key])
        (u0, w0), (u1, w1), (u2, w2), (u3, w3) = self._discard
        t0, t1, t2, t3 = self.t0, self.t1, self.t2, self.t3
        vals = self.value_by_rank
        a, b, c, d = hm & _SUIT_MASK, hm >> 16 & _SUIT_MASK, hm >> 32 & _SUIT_MASK, hm >> 48
        trip = (a & b & (c | d)) | (c & d & (a | b)) if self.set_sizes else 0
        options = self.plain_set_options(a, b, c, d, trip) if trip else [(a, b, c, d, ())]
        best = (INF, 0, 0)
        for A, B, C, D, _ in options:
            ta, tb, tc, td = t0[A], t1[B], t2[C], t3[D]
            base = ta + tb + tc + td
            if A:
                r = w0[A]
                key = (base - ta + u0[A], -vals[0][r], -r)
                if key < best:
                    best = key
            if B:
                r = w1[B]
                key = (base - tb + u1[B], -vals[1][r], -(16 + r))
                if key < best:
                    best = key
            if C:
                r = w2[C]
                key = (base - tc + u2[C], -vals[2][r], -(32 + r))
                if key < best:
                    best = key
            if D:
                r = w3[D]
                key = (base - td + u3[D], -vals[3][r], -(48 + r))
                if key < best:
                    best = key
        return -best[2], best[0]

    # -- the search ----------------------------------------------------------------------------

    def solve(self, hand: Sequence[Card], arrange: bool) -> tuple[int, Plan | None]:
        """Least deadwood of any hand, and with ``arrange`` the plan reaching it.

        Where a wild card may stand as itself, each choice of which wild cards do so is tried.
        """
        rules = self.rules
        wild_faces = rules.wild_faces
        natural = [c for c in hand if c not in wild_faces]
        wild = [c for c in hand if c in wild_faces]
        if not rules.wilds_may_be_natural:
            return self._solve(natural, wild, arrange)
        able = [i for i, c in enumerate(wild) if self.lanes[c >> 4] is not None and int(c) not in self.unmeldable]
        best: tuple[int, Plan | None] | None = None
        for k in range(len(able) + 1):
            for chosen in itertools.combinations(able, k):
                as_natural = natural + [wild[i] for i in chosen]
                as_wild = [c for i, c in enumerate(wild) if i not in chosen]
                got = self._solve(as_natural, as_wild, arrange)
                if best is None or got[0] < best[0]:
                    best = got
        assert best is not None
        return best

    def leftover_costs(self, wild_values: Sequence[int]) -> list[int]:
        """What ``k`` wild cards left out of the melds with natural cards cost: the ``k`` cheapest,
        less those that make melds of wild cards alone."""
        cheap = sorted(wild_values)
        return [sum(cheap[:k - sum(all_wild_split(k, self.rules))]) for k in range(len(cheap) + 1)]

    def _solve(self, naturals: Sequence[Card], wilds: Sequence[Card], arrange: bool) -> tuple[int, Plan | None]:
        rules = self.rules
        W = len(wilds)
        leftover = self.leftover_costs([rules.value(c) for c in wilds])
        keys = [0] * 16
        fixed = 0
        dead: list[int] = []
        for c in naturals:
            f = int(c)
            s = f >> 4
            if s >= 16 or self.lanes[s] is None or f in self.unmeldable:
                fixed += rules.value(c)
                dead.append(f)
            else:
                keys[s] = add(keys[s], f & 15)
        cands = self._candidates(keys, W) if rules.sets else []
        if rules.runs:
            value, path = self._search(keys, cands, leftover, W, arrange)
        else:
            value, path = self._sets_only(keys, cands, leftover, W)
        if not arrange:
            return fixed + value, None
        plan = self._plan(keys, cands, path, leftover, W, naturals, wilds)
        plan.dead.extend(dead)
        plan.value += fixed
        assert plan.value == fixed + value
        return plan.value, plan

    def _candidates(self, keys: list[int], W: int) -> list[tuple[int, tuple[int, ...], list[_Option]]]:
        """The ranks where sets could be made: (rank, the family's suits, the options)."""
        out = []
        for fam, suits in enumerate(FAMILY_SUITS):
            present = 0
            for s in suits:
                present |= keys[s] & _SUIT_MASK
            while present:
                low = present & -present
                present ^= low
                r = low.bit_length() - 1
                counts = tuple(count(keys[s], r) for s in suits)
                opts = self.set_options(fam, r, counts, W)
                if opts:
                    out.append((r, suits, opts))
        return out

    def set_options(self, fam: int, rank: int, counts: tuple[int, ...], W: int) -> list[_Option]:
        """Every way of making sets at one rank from ``counts`` cards per suit and at most ``W``
        wild cards, fewest wild cards first."""
        single = self._single_natural_sets(fam, rank)
        key = (single, counts, W)
        hit = self._options.get(key)
        if hit is not None:
            return hit
        out: list[_Option] = []
        for taken in itertools.product(*(range(c + 1) for c in counts)):
            if not any(taken):
                continue
            for j in range(W + 1):
                if self.set_partition(taken, j, single) is not None:
                    out.append((taken, j))
        out.sort(key=lambda o: o[1])
        self._options[key] = out
        return out

    def _single_natural_sets(self, fam: int, rank: int) -> int:
        """Up to what size a set holding one natural card must be tried: a run with the same card
        does as well when runs are allowed and the rank has a place in a run (0: never needed)."""
        suit = FAMILY_SUITS[fam][0]
        if not self.rules.runs or not positions(suit, rank, self.rules):
            return 0
        lane = self.lane(suit)
        return min(MAX_RUN, lane.hi - lane.lo + 1)

    def set_partition(self, taken: tuple[int, ...], j: int, single: int) -> list[_Option] | None:
        """Split ``taken`` natural cards (per suit) and ``j`` wild cards into valid sets, or None."""
        rules = self.rules
        if not rules.set_suits_distinct:
            sizes = self._partition_total(sum(taken), j, single)
            if sizes is None:
                return None
            pool = [i for i, t in enumerate(taken) for _ in range(t)]
            out: list[_Option] = []
            for n, w in sizes:
                share = [0] * len(taken)
                for i in pool[:n]:
                    share[i] += 1
                pool = pool[n:]
                out.append((tuple(share), w))
            return out
        key = (taken, j, single)
        if key in self._suit_partitions:
            return self._suit_partitions[key]
        result: list[_Option] | None = None
        if not any(taken):
            result = [] if j == 0 else None
        else:
            first = next(i for i, t in enumerate(taken) if t)
            others = [i for i, t in enumerate(taken) if t and i != first]
            cap = set_cap(rules, len(taken))
            for k in range(len(others), -1, -1):
                for extra in itertools.combinations(others, k):
                    part = tuple(1 if i == first or i in extra else 0 for i in range(len(taken)))
                    n = k + 1
                    for w in range(j + 1):
                        if not self._set_ok(n, w, cap, single):
                            continue
                        rest = self.set_partition(tuple(t - p for t, p in zip(taken, part)), j - w, single)
                        if rest is not None:
                            result = [(part, w), *rest]
                            break
                    if result is not None:
                        break
                if result is not None:
                    break
        self._suit_partitions[key] = result
        return result

    def _set_ok(self, n: int, w: int, cap: int, single: int) -> bool:
        size = n + w
        return (self.rules.min_len <= size <= cap and wilds_ok(n, w, self.rules)
                and (n > 1 or size > single))

    def _partition_total(self, n: int, j: int, single: int) -> list[tuple[int, int]] | None:
        """Split ``n`` natural cards of one rank and ``j`` wild cards into valid sets (suits not
        mattering): the (naturals, wilds) of each set, or None."""
        key = (n, j, single)
        if key in self._partitions:
            return self._partitions[key]
        result: list[tuple[int, int]] | None = None
        if n == 0:
            result = [] if j == 0 else None
        else:
            cap = set_cap(self.rules, INF)
            for n1 in range(min(n, cap), 0, -1):
                for w in range(j + 1):
                    if self._set_ok(n1, w, cap, single):
                        rest = self._partition_total(n - n1, j - w, single)
                        if rest is not None:
                            result = [(n1, w), *rest]
                            break
                if result is not None:
                    break
        self._partitions[key] = result
        return result

    def _search(self, keys: list[int], cands: list[tuple[int, tuple[int, ...], list[_Option]]],
                leftover: list[int], W: int, arrange: bool) -> tuple[int, _Path]:
        """Try every choice of sets at the candidate ranks; the lanes answer the rest."""
        suits = [s for s in range(16) if keys[s]]
        lanes = [self.lane(s) for s in suits]
        n = len(cands)

        def leaf(w: int) -> int:
            if not w:
                return sum([lane.costs(keys[s], 0)[0] for s, lane in zip(suits, lanes)])
            g = [0] + [INF] * w
            for s, lane in zip(suits, lanes):
                c = lane.costs(keys[s], w)
                g = [min([g[a] + c[u - a] for a in range(u + 1)]) for u in range(w + 1)]
            return min([g[u] + leftover[w - u] for u in range(w + 1)])

        def rec(i: int, w: int) -> tuple[int, _Path]:
            if i == n:
                return leaf(w), None
            r, group, opts = cands[i]
            best, path = rec(i + 1, w)
            saved = [keys[s] for s in group]
            for o, (taken, j) in enumerate(opts):
                if j > w:
                    break
                for s, t in zip(group, taken):
                    k = keys[s]
                    for _ in range(t):
                        k = remove(k, r)
                    keys[s] = k
                v, p = rec(i + 1, w - j)
                for s, k in zip(group, saved):
                    keys[s] = k
                if v < best:
                    best, path = v, ((i, o), p)
            return best, path

        return rec(0, W)

    def _sets_only(self, keys: list[int], cands: list[tuple[int, tuple[int, ...], list[_Option]]],
                   leftover: list[int], W: int) -> tuple[int, _Path]:
        """Without runs the ranks are independent but for the wild cards they share: a knapsack
        over the ranks of the natural value each option saves."""
        total = sum(self.lane(s).costs(keys[s], 0)[0] for s in range(16) if keys[s])
        gain = [0] + [-INF] * W
        picks: list[list[int]] = []  # per candidate, per wilds used so far: the option taken (-1: none)
        for r, group, opts in cands:
            saves = [sum(t * self.value_by_rank[s][r] for s, t in zip(group, taken)) for taken, _ in opts]
            grown = list(gain)
            pick = [-1] * (W + 1)
            for o, (_, j) in enumerate(opts):
                for u in range(j, W + 1):
                    v = gain[u - j] + saves[o]
                    if v > grown[u]:
                        grown[u], pick[u] = v, o
            gain = grown
            picks.append(pick)
        u = min(range(W + 1), key=lambda x: leftover[W - x] - gain[x])
        value = total - gain[u] + leftover[W - u]
        path: _Path = None
        for i in range(len(cands) - 1, -1, -1):
            o = picks[i][u]
            if o >= 0:
                path = ((i, o), path)
                u -= cands[i][2][o][1]
        return value, path

    def _plan(self, keys: list[int], cands: list[tuple[int, tuple[int, ...], list[_Option]]], path: _Path,
              leftover: list[int], W: int, naturals: Sequence[Card], wilds: Sequence[Card]) -> Plan:
        """Replay the chosen sets, share the wild cards left between the suits' runs as the
        search did, and read each suit's runs back from its lane."""
        keys = list(keys)
        melds: list[list[int]] = []
        w = W
        while path is not None:
            (i, o), path = path
            r, group, opts = cands[i]
            taken, j = opts[o]
            single = self._single_natural_sets(0 if group[0] < 4 else 1, r)
            partition = self.set_partition(taken, j, single)
            assert partition is not None
            for part, pw in partition:
                melds.append([s * 16 + r for s, t in zip(group, part) for _ in range(t)] + [WILD] * pw)
            for s, t in zip(group, taken):
                for _ in range(t):
                    keys[s] = remove(keys[s], r)
            w -= j
        suits = [s for s in range(16) if keys[s]]
        lanes = [self.lane(s) for s in suits]
        tables = [lane.costs(keys[s], w) for s, lane in zip(suits, lanes)]
        g = [[0] + [INF] * w]
        for c in tables:
            prev = g[-1]
            g.append([min([prev[a] + c[u - a] for a in range(u + 1)]) for u in range(w + 1)])
        u = min(range(w + 1), key=lambda x: g[-1][x] + leftover[w - x])
        left = w - u
        value = g[-1][u] + leftover[left]
        dead: list[int] = []
        for idx in range(len(suits) - 1, -1, -1):
            c = tables[idx]
            a = next(a for a in range(u + 1) if g[idx][a] + c[u - a] == g[idx + 1][u])
            runs, d = lanes[idx].arrange(suits[idx], keys[suits[idx]], u - a)
            melds.extend(runs)
            dead.extend(d)
            u = a
        split = all_wild_split(left, self.rules)
        melds.extend([WILD] * size for size in split)
        return Plan(value, melds, dead, left - sum(split), naturals, wilds)
