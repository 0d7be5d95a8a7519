"""Rummy melds: what counts as a set or a run, and how little deadwood a hand can leave.

Every rummy-family game needs the same three answers: is this group of cards a
meld, what is the best way to arrange a hand into melds, and which loose cards
can be laid off onto someone else's melds. The rules that differ between games
(aces high or low, wild cards, set sizes, card values) live in :class:`MeldRules`,
so each game passes its own rules instead of re-implementing the search.

Two solvers share the work. The common case -- one standard deck, no wild cards
in the hand -- is answered from per-suit tables: a hand becomes four 16-bit rank
masks, each table entry is that suit's least deadwood using runs only, and the
few ways of using sets (a rank with three or four cards) are enumerated on top.
Everything else (wild cards, duplicate faces from several decks, non-standard
suits) goes through a memoised search that falls back on the tables as soon as
at most one wild card is left to place (that wild is tried in every meld it could
join, the rest of the hand read from the tables).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from gamenight.core.cards import JOKER_SUIT, Card

__all__ = [
    "Arrangement",
    "LayOff",
    "MeldKind",
    "MeldRules",
    "best_arrangement",
    "best_discard",
    "gin_value",
    "is_meld",
    "lay_off",
    "meld_kind",
    "min_deadwood",
    "min_deadwood_after_layoff",
]

MeldKind = Literal["set", "run"]

_WILD = -1
"""Placeholder for a wild card inside a meld layout during the search."""
_MAX_RUN = 13
"""No run is longer than a suit: aces may be low or high but never both at once."""


def gin_value(card: Card) -> int:
    """Deadwood points: ace 1, two to nine at face value, ten and court cards 10, jokers 15.

    Ranks 1..13 of non-standard suits count like standard ones (1..9 face, 10+ ten).
    """
    suit, rank = card >> 4, card & 15
    if suit == JOKER_SUIT:
        return 15
    if rank == 14:
        return 1
    return rank if rank < 10 else 10


@dataclass(frozen=True)
class MeldRules:
    """What a game accepts as a meld and what loose cards cost.

    ``ace_low`` allows A-2-3, ``ace_high`` allows Q-K-A; runs never wrap (K-A-2),
    and with both set an ace is low or high within a run, not both.
    ``max_set_size`` caps sets (None: unlimited, for multi-deck games).
    ``wild_faces`` are the face codes that stand in for any card (jokers, 2s...);
    a wild card always counts as wild, even where it could pass as itself.
    Per-meld wild limits: ``min_naturals_per_meld`` (1 forbids all-wild melds,
    0 allows them), ``max_wilds_per_meld`` (Rumski-style "one wild per meld" is 1),
    ``wilds_at_most_naturals`` (canasta-style: wilds may not outnumber naturals).
    ``min_len`` applies to sets and runs alike.
    """

    ace_low: bool = True
    ace_high: bool = False
    min_len: int = 3
    max_set_size: int | None = 4
    sets: bool = True
    runs: bool = True
    wild_faces: frozenset[int] = frozenset()
    min_naturals_per_meld: int = 1
    max_wilds_per_meld: int | None = None
    wilds_at_most_naturals: bool = False
    value: Callable[[Card], int] = field(default=gin_value)

    def __post_init__(self) -> None:
        if self.min_len < 1:
            raise ValueError("min_len must be at least 1")
        if self.max_set_size is not None and self.max_set_size < 1:
            raise ValueError("max_set_size must be positive or None")
        if self.min_naturals_per_meld < 0:
            raise ValueError("min_naturals_per_meld cannot be negative")
        if self.max_wilds_per_meld is not None and self.max_wilds_per_meld < 0:
            raise ValueError("max_wilds_per_meld cannot be negative")

    @cached_property
    def _ctx(self) -> _Context:
        # Built once per rules object: the tables cost ~50 ms, the look-up must cost nothing.
        return _Context(self)


_DEFAULT_RULES = MeldRules()


@dataclass(frozen=True)
class Arrangement:
    """A hand split into melds and deadwood (the hand's own card objects)."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    deadwood_value: int


@dataclass(frozen=True)
class LayOff:
    """Which loose cards went onto which of the other player's melds.

    ``placements[i]`` are the cards laid on ``melds[i]`` (empty if none).
    """

    placements: tuple[tuple[Card, ...], ...]
    remaining: tuple[Card, ...]
    laid_value: int
    remaining_value: int


# ---------------------------------------------------------------------------
# Meld validity

_STANDARD_SUITS = range(0, 4)
_COLOUR_SUITS = range(5, 10)
"""Rumski-style coloured suits: ranks 1..13, no aces."""


def _family(suit: int) -> int:
    """Which cards may share a set: standard suits together, coloured suits together."""
    if suit < 4:
        return 0
    if 5 <= suit <= 9:
        return 1
    return -1


def _ranges(suit: int, rules: MeldRules) -> tuple[tuple[int, int], ...]:
    """The position windows a run in this suit may occupy (position 1 is a low ace)."""
    if suit < 4:
        out: list[tuple[int, int]] = []
        if rules.ace_low:
            out.append((1, 13))
        if rules.ace_high:
            out.append((2, 14))
        return tuple(out) if out else ((2, 13),)
    if 5 <= suit <= 9:
        return ((1, 13),)
    return ()


def _position(rank: int, lo: int, hi: int) -> int | None:
    if lo <= rank <= hi:
        return rank
    if rank == 14 and lo == 1:
        return 1
    return None


def _face_at(suit: int, pos: int) -> int:
    return suit * 16 + (14 if pos == 1 and suit < 4 else pos)


def _wilds_ok(naturals: int, wilds: int, rules: MeldRules) -> bool:
    if naturals < rules.min_naturals_per_meld:
        return False
    if rules.max_wilds_per_meld is not None and wilds > rules.max_wilds_per_meld:
        return False
    return not (rules.wilds_at_most_naturals and wilds > naturals)


def _is_set(naturals: Sequence[int], n: int, rules: MeldRules) -> bool:
    if not rules.sets or (rules.max_set_size is not None and n > rules.max_set_size):
        return False
    if not naturals:
        return True
    first = naturals[0]
    fam = _family(first >> 4)
    return fam >= 0 and all(c & 15 == first & 15 and _family(c >> 4) == fam for c in naturals)


def _is_run(naturals: Sequence[int], n: int, rules: MeldRules) -> bool:
    if not rules.runs or n > _MAX_RUN:
        return False
    if not naturals:
        return True
    suit = naturals[0] >> 4
    if any(c >> 4 != suit for c in naturals) or len(set(naturals)) != len(naturals):
        return False
    for lo, hi in _ranges(suit, rules):
        pos = [_position(c & 15, lo, hi) for c in naturals]
        if None in pos:
            continue
        ps = [p for p in pos if p is not None]
        if max(ps) - min(ps) + 1 <= n <= hi - lo + 1:
            return True
    return False


def meld_kind(cards: Iterable[Card], rules: MeldRules = _DEFAULT_RULES) -> MeldKind | None:
    """``"set"``, ``"run"`` or None. Cards that could be read either way (wilds) count as a set."""
    cs = list(cards)
    n = len(cs)
    if n < rules.min_len:
        return None
    naturals = [int(c) for c in cs if c not in rules.wild_faces]
    if not _wilds_ok(len(naturals), n - len(naturals), rules):
        return None
    if _is_set(naturals, n, rules):
        return "set"
    if _is_run(naturals, n, rules):
        return "run"
    return None


def is_meld(cards: Iterable[Card], rules: MeldRules = _DEFAULT_RULES) -> bool:
    """True if the cards, wild cards included, form one valid set or run."""
    return meld_kind(cards, rules) is not None


# ---------------------------------------------------------------------------
# Per-rules context: tables for the fast path

_BIT = [1 << i for i in range(256)]
_SUIT_MASK = 0xFFFF


def _suit_runs(mask: int, suit: int, rules: MeldRules, vals: Sequence[int]) -> tuple[int, list[list[int]], list[int]]:
    """Least runs-only deadwood for one standard suit's rank mask, with the runs that reach it.

    A block of consecutive cards at least ``min_len`` long is one run; shorter blocks are dead.
    With aces both ways the ace sits low or high, whichever leaves less.
    """
    ranks = [r for r in range(2, 15) if mask >> r & 1]
    if not rules.runs:
        return sum(vals[r] for r in ranks), [], [suit * 16 + r for r in ranks]
    best: tuple[int, list[list[int]], list[int]] | None = None
    for lo, hi in _ranges(suit, rules):
        runs: list[list[int]] = []
        dead: list[int] = [suit * 16 + r for r in ranks if _position(r, lo, hi) is None]
        block: list[int] = []
        for p in range(lo, hi + 2):
            face = _face_at(suit, p) if p <= hi else -1
            if p <= hi and mask >> (face & 15) & 1:
                block.append(face)
                continue
            if len(block) >= rules.min_len:
                runs.append(block)
            else:
                dead.extend(block)
            block = []
        dw = sum(vals[c & 15] for c in dead)
        if best is None or dw < best[0]:
            best = (dw, runs, sorted(dead))
    assert best is not None
    return best


def _runs_table(suit: int, rules: MeldRules, vals: Sequence[int]) -> list[int]:
    """Runs-only deadwood for every 13-bit rank mask, indexed by the 16-bit suit mask."""
    table = [0] * (1 << 15)
    orders: list[list[int]] = []
    for lo, hi in _ranges(suit, rules):
        orders.append([14 if p == 1 else p for p in range(lo, hi + 1)])
    min_len = rules.min_len
    runs = rules.runs
    for m in range(1 << 13):
        mask = m << 2
        total = 0
        for r in range(2, 15):
            if mask >> r & 1:
                total += vals[r]
        if not runs or total == 0:
            table[mask] = total
            continue
        best = total
        for order in orders:
            covered = 0  # value of cards inside long-enough blocks
            block = blen = 0
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
            if total - covered < best:
                best = total - covered
        table[mask] = best
    return table


_TABLES: dict[tuple[object, ...], list[int]] = {}


def _one_wild_set_ok(naturals: int, rules: MeldRules) -> bool:
    n = naturals + 1
    return (n >= rules.min_len and (rules.max_set_size is None or n <= rules.max_set_size)
            and _wilds_ok(naturals, 1, rules))


class _Context:
    """Everything derived from a MeldRules that the solvers need on every call."""

    def __init__(self, rules: MeldRules) -> None:
        self.rules = rules
        self.wild_bits = 0
        for f in rules.wild_faces:
            if 0 <= f < 256:
                self.wild_bits |= 1 << f
        self.vals: list[list[int]] = []  # vals[suit][rank] for standard suits
        tables: list[list[int]] = []
        for s in _STANDARD_SUITS:
            v = [0, 0] + [rules.value(Card(s * 16 + r)) for r in range(2, 15)]
            self.vals.append(v)
            key = (rules.ace_low, rules.ace_high, rules.min_len, rules.runs, tuple(v))
            if key not in _TABLES:
                _TABLES[key] = _runs_table(s, rules, v)
            tables.append(_TABLES[key])
        self.t0, self.t1, self.t2, self.t3 = tables
        top = 4 if rules.max_set_size is None else min(4, rules.max_set_size)
        self.set_sizes = tuple(range(max(rules.min_len, 1), top + 1)) if rules.sets else ()
        # The fast path handles hands of distinct standard cards without wilds. It needs
        # natural-only melds to be plain sets/runs, and sets to come from ranks with 3+ cards.
        self.fast = rules.min_len >= 3 and rules.min_naturals_per_meld <= rules.min_len
        # A hand takes the slow path if it has any bit here: wild faces, or cards beyond the
        # four standard suits (negative number: every bit from 64 up).
        self.slow_bits = (self.wild_bits | -(1 << 64)) if self.fast else -1
        self._faces_at: dict[tuple[int, int, int], list[int]] = {}
        self._runs_cache: dict[int, tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}
        self._runs1: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
        # Suit patterns a set may take when one wild joins it.
        self.set1_patterns = [
            [m for m in range(1, 16) if m & p == m and _one_wild_set_ok(m.bit_count(), rules)] if rules.sets else []
            for p in range(16)]
        self.set1_min = min((m.bit_count() for m in self.set1_patterns[15]), default=5)
        # For each 4-bit pattern of suits holding a rank: the suit patterns a set may take.
        self.set_patterns = [[m for m in range(1, 16) if m & p == m and m.bit_count() in self.set_sizes]
                             for p in range(16)]
        self.ranges = {s: _ranges(s, rules) for s in range(16)}

    def faces_at(self, suit: int, lo: int, hi: int) -> list[int]:
        """The face at each run position lo..hi of a suit (memoised: the search asks constantly)."""
        key = (suit, lo, hi)
        got = self._faces_at.get(key)
        if got is None:
            got = self._faces_at[key] = [_face_at(suit, q) for q in range(lo, hi + 1)]
        return got

    # -- one wild card over the tables ------------------------------------

    def runs_one_wild(self, suit: int, mask: int) -> list[tuple[int, tuple[int, ...]]]:
        """Runs in one suit made of some of ``mask``'s cards plus one wild: (rank bits used,
        layout). The wild fills a gap, extends an end or stands in for a card needed elsewhere."""
        key = suit << 16 | mask
        hit = self._runs1.get(key)
        if hit is not None:
            return hit
        rules = self.rules
        found: dict[int, tuple[int, ...]] = {}
        if rules.runs:
            for lo, hi in self.ranges[suit]:
                faces = self.faces_at(suit, lo, hi)
                for a in range(lo, hi + 1):
                    missing: list[int] = []
                    for b in range(a, hi + 1):
                        if not mask >> (faces[b - lo] & 15) & 1:
                            missing.append(b)
                            if len(missing) > 1:
                                break
                        if b - a + 1 < rules.min_len or not _wilds_ok(b - a, 1, rules):
                            continue
                        for q in missing or range(a, b + 1):
                            layout = tuple(_WILD if x == q else faces[x - lo] for x in range(a, b + 1))
                            used = sum(1 << (f & 15) for f in layout if f != _WILD)
                            found.setdefault(used, layout)
        out = list(found.items())
        self._runs1[key] = out
        return out

    def one_wild(self, hm: int, wild_cost: int) -> tuple[int, tuple[int, ...] | None]:
        """Least deadwood of distinct standard naturals ``hm`` plus one wild card worth
        ``wild_cost``: the wild is dead, or in exactly one meld and the rest is wild-free."""
        fast = self.fast_value
        best = wild_cost + fast(hm)
        best_layout: tuple[int, ...] | None = None
        for s in _STANDARD_SUITS:
            m = hm >> (16 * s) & _SUIT_MASK
            if not m:
                continue
            for used, layout in self.runs_one_wild(s, m):
                v = fast(hm ^ (used << (16 * s)))
                if v < best:
                    best, best_layout = v, layout
        if self.set1_patterns[15]:
            a, b, c, d = hm & _SUIT_MASK, hm >> 16 & _SUIT_MASK, hm >> 32 & _SUIT_MASK, hm >> 48
            ranks = a | b | c | d
            if self.set1_min > 1:
                ranks = (a & (b | c | d)) | (b & (c | d)) | (c & d)
            while ranks:
                low = ranks & -ranks
                ranks ^= low
                rank = low.bit_length() - 1
                present = (1 if a & low else 0) | (2 if b & low else 0) | (4 if c & low else 0) | (8 if d & low else 0)
                for sub in self.set1_patterns[present]:
                    remove = sum(low << (16 * s) for s in range(4) if sub >> s & 1)
                    v = fast(hm ^ remove)
                    if v < best:
                        best = v
                        best_layout = tuple(s * 16 + rank for s in range(4) if sub >> s & 1) + (_WILD,)
        return best, best_layout

    # -- fast path -------------------------------------------------------

    def set_options(self, hm: int) -> list[tuple[int, int, int, int, tuple[int, ...]]]:
        """Every way of taking sets out of a distinct standard hand: the four leftover suit
        masks and the faces placed in sets."""
        a, b, c, d = hm & _SUIT_MASK, hm >> 16 & _SUIT_MASK, hm >> 32 & _SUIT_MASK, hm >> 48
        combos: list[tuple[int, int, int, int, tuple[int, ...]]] = [(a, b, c, d, ())]
        trip = (a & b & (c | d)) | (c & d & (a | b)) if self.set_sizes else 0
        while trip:
            low = trip & -trip
            trip ^= low
            rank = low.bit_length() - 1
            present = [s for s, m in enumerate((a, b, c, d)) if m & low]
            subsets = [sub for k in self.set_sizes for sub in itertools.combinations(present, k)]
            grown = list(combos)
            for sub in subsets:
                keep = ~low
                for A, B, C, D, used in combos:
                    grown.append((A & keep if 0 in sub else A, B & keep if 1 in sub else B,
                                  C & keep if 2 in sub else C, D & keep if 3 in sub else D,
                                  used + tuple(s * 16 + rank for s in sub)))
            combos = grown
        return combos

    def fast_value(self, hm: int) -> int:
        a, b, c, d = hm & _SUIT_MASK, hm >> 16 & _SUIT_MASK, hm >> 32 & _SUIT_MASK, hm >> 48
        trip = (a & b & (c | d)) | (c & d & (a | b))
        if not trip or not self.set_sizes:
            return self.t0[a] + self.t1[b] + self.t2[c] + self.t3[d]
        return self.fast_sets(a, b, c, d, trip)

    def fast_sets(self, a: int, b: int, c: int, d: int, trip: int) -> int:
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
        combos = [(a, b, c, d)]
        while trip:
            low = trip & -trip
            trip ^= low
            nl = ~low
            present = (1 if a & low else 0) | (2 if b & low else 0) | (4 if c & low else 0) | (8 if d & low else 0)
            grown = list(combos)
            for rm in patterns[present]:
                r0, r1, r2, r3 = rm & 1, rm & 2, rm & 4, rm & 8
                for A, B, C, D in combos:
                    grown.append((A & nl if r0 else A, B & nl if r1 else B, C & nl if r2 else C, D & nl if r3 else D))
            combos = grown
        return min([t0[A] + t1[B] + t2[C] + t3[D] for A, B, C, D in combos])

    def fast_arrange(self, hm: int) -> tuple[list[list[int]], list[int]]:
        """Melds (as face layouts) and dead faces reaching ``fast_value(hm)``."""
        t0, t1, t2, t3 = self.t0, self.t1, self.t2, self.t3
        best = min(self.set_options(hm), key=lambda o: t0[o[0]] + t1[o[1]] + t2[o[2]] + t3[o[3]])
        melds: list[list[int]] = []
        by_rank: dict[int, list[int]] = {}
        for f in best[4]:
            by_rank.setdefault(f & 15, []).append(f)
        melds.extend(sorted(fs) for fs in by_rank.values())
        dead: list[int] = []
        cache = self._runs_cache
        for s, mask in enumerate(best[:4]):
            assert isinstance(mask, int)
            key = s << 16 | mask
            hit = cache.get(key)
            if hit is None:
                _, runs, d = _suit_runs(mask, s, self.rules, self.vals[s])
                hit = cache[key] = (tuple(tuple(r) for r in runs), tuple(d))
            melds.extend(list(r) for r in hit[0])
            dead.extend(hit[1])
        return melds, dead


# ---------------------------------------------------------------------------
# General search (wild cards, duplicate faces, other suits)

_Choice = tuple[tuple[int, ...], int, tuple[int, ...]]
"""(meld layout with _WILD placeholders, wilds used, state left)."""
_Fast = Literal["fast"]
"""Marks a memo entry the table path answered."""


class _Search:
    """Least deadwood of a multiset of natural faces plus ``w`` wild cards.

    The lowest remaining card is either dead or in some meld with other remaining cards
    and wilds; memoised on (faces left, wilds left). Once no wilds are left and the faces
    are distinct standard cards, the table path answers.
    """

    def __init__(self, ctx: _Context, naturals: tuple[int, ...], wild_values: Sequence[int]) -> None:
        self.ctx = ctx
        # Melds take the most valuable wilds, so w wilds left over are the w cheapest;
        # some of those may still form all-wild melds when the rules allow them.
        cheap = sorted(wild_values)
        self.leftover_cost = [sum(cheap[:w - _all_wild_meldable(w, ctx.rules)]) for w in range(len(cheap) + 1)]
        self.rules = ctx.rules
        self.memo: dict[tuple[tuple[int, ...], int], tuple[int, _Choice | _Fast | None]] = {}
        self.fast_tail = ctx.fast and len(set(naturals)) == len(naturals) and all(0 <= f < 64 for f in naturals)
        self.value_of: dict[int, int] = {f: self.rules.value(Card(f)) for f in set(naturals)}

    def solve(self, state: tuple[int, ...], w: int) -> int:
        key = (state, w)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0]
        result: tuple[int, _Choice | _Fast | None]
        if not state:
            result = (self.leftover_cost[w], None)
        elif w == 0 and self.fast_tail:
            result = (self.ctx.fast_value(sum(_BIT[f] for f in state)), "fast")
        elif w == 1 and self.fast_tail:
            v, layout = self.ctx.one_wild(sum(_BIT[f] for f in state), self.leftover_cost[1])
            if layout is None:
                result = (v, "fast")
            else:
                result = (v, (layout, 1, tuple(f for f in state if f not in layout)))
        else:
            x = state[0]
            best = self.value_of[x] + self.solve(state[1:], w)
            choice: _Choice | None = None
            counts: dict[int, int] = {}
            for f in state:
                counts[f] = counts.get(f, 0) + 1
            for layout, used in self._melds(x, counts, w):
                left = list(state)
                for f in layout:
                    if f != _WILD:
                        left.remove(f)
                rest = tuple(left)
                v = self.solve(rest, w - used)
                if v < best:
                    best, choice = v, (layout, used, rest)
            result = (best, choice)
        self.memo[key] = result
        return result[0]

    def _melds(self, x: int, counts: dict[int, int], w: int) -> Iterator[tuple[tuple[int, ...], int]]:
        """Every meld holding ``x`` from the remaining cards and at most ``w`` wilds."""
        rules = self.rules
        cap = w if rules.max_wilds_per_meld is None else min(w, rules.max_wilds_per_meld)
        suit, rank = x >> 4, x & 15
        fam = _family(suit)
        if rules.sets and fam >= 0:
            faces = sorted(f for f in counts if f & 15 == rank and _family(f >> 4) == fam)
            ranges = [range(1 if f == x else 0, counts[f] + 1) for f in faces]
            for pick in itertools.product(*ranges):
                nat = tuple(f for f, k in zip(faces, pick) for _ in range(k))
                k = len(nat)
                for j in range(cap + 1):
                    n = k + j
                    if rules.max_set_size is not None and n > rules.max_set_size:
                        break
                    if n >= rules.min_len and _wilds_ok(k, j, rules):
                        yield nat + (_WILD,) * j, j
        if not rules.runs:
            return
        for lo, hi in self.ctx.ranges[suit]:
            p = _position(rank, lo, hi)
            if p is None:
                continue
            faces_at = self.ctx.faces_at(suit, lo, hi)
            have = [f in counts for f in faces_at]
            have[p - lo] = False
            forced_left = 0
            for a in range(p, lo - 1, -1):
                if a < p and not have[a - lo]:
                    forced_left += 1
                if forced_left > cap:
                    break
                forced = forced_left
                for b in range(p, hi + 1):
                    if b > p and not have[b - lo]:
                        forced += 1
                    if forced > cap:
                        break
                    if b - a + 1 < rules.min_len:
                        continue
                    optional = [q for q in range(a, b + 1) if have[q - lo]]
                    for extra in range(min(cap - forced, len(optional)) + 1):
                        for subs in itertools.combinations(optional, extra):
                            j = forced + extra
                            if not _wilds_ok(b - a + 1 - j, j, rules):
                                continue
                            layout = tuple(x if q == p else _WILD if (q in subs or not have[q - lo])
                                           else faces_at[q - lo] for q in range(a, b + 1))
                            yield layout, j

    def arrange(self, state: tuple[int, ...], w: int) -> tuple[list[list[int]], list[int]]:
        """Replay the recorded choices: meld layouts and dead faces."""
        melds: list[list[int]] = []
        dead: list[int] = []
        while state:
            self.solve(state, w)
            choice = self.memo[(state, w)][1]
            if choice == "fast":
                m, d = self.ctx.fast_arrange(sum(_BIT[f] for f in state))
                melds.extend(m)
                dead.extend(d)
                break
            if choice is None or isinstance(choice, str):
                dead.append(state[0])
                state = state[1:]
                continue
            layout, used, state = choice
            melds.append(list(layout))
            w -= used
        return melds, dead


def _all_wild_meldable(m: int, rules: MeldRules) -> int:
    """How many of ``m`` leftover wilds can form melds on their own (0 if not allowed)."""
    if m == 0 or rules.min_naturals_per_meld > 0 or rules.wilds_at_most_naturals:
        return 0
    caps = []
    if rules.sets:
        caps.append(m if rules.max_set_size is None else rules.max_set_size)
    if rules.runs:
        caps.append(_MAX_RUN)
    if not caps:
        return 0
    cap = max(caps)
    if rules.max_wilds_per_meld is not None:
        cap = min(cap, rules.max_wilds_per_meld)
    for t in range(m, rules.min_len - 1, -1):
        q = -(-t // cap) if cap > 0 else 0
        if q and q * rules.min_len <= t:
            return t
    return 0


def _split_wilds(t: int, rules: MeldRules) -> list[int]:
    """Sizes of the all-wild melds holding ``t`` wilds (as few melds as the caps allow)."""
    if t == 0:
        return []
    caps = []
    if rules.sets:
        caps.append(t if rules.max_set_size is None else rules.max_set_size)
    if rules.runs:
        caps.append(_MAX_RUN)
    cap = max(caps)
    if rules.max_wilds_per_meld is not None:
        cap = min(cap, rules.max_wilds_per_meld)
    q = -(-t // cap)
    return [t // q + (1 if i < t % q else 0) for i in range(q)]


# ---------------------------------------------------------------------------
# Public solvers


def _general(hand: Sequence[Card], rules: MeldRules, arrange: bool) -> tuple[int, Arrangement | None]:
    ctx = rules._ctx
    wild = [c for c in hand if c in rules.wild_faces]
    naturals = tuple(sorted(int(c) for c in hand if c not in rules.wild_faces))
    search = _Search(ctx, naturals, [rules.value(c) for c in wild])
    total = search.solve(naturals, len(wild))
    if not arrange:
        return total, None
    melds, dead = search.arrange(naturals, len(wild))
    used = sum(f == _WILD for m in melds for f in m)
    t = _all_wild_meldable(len(wild) - used, rules)
    melds.extend([_WILD] * size for size in _split_wilds(t, rules))
    wilds_left = len(wild) - used - t
    arrangement = _materialise(hand, rules, melds, dead, wilds_left)
    return total, arrangement


def _materialise(hand: Sequence[Card], rules: MeldRules, melds: list[list[int]], dead: list[int],
                 wilds_left: int) -> Arrangement:
    """Swap face codes for the hand's own card objects, in a stable order."""
    pools: dict[int, list[Card]] = {}
    wild: list[tuple[int, int, Card]] = []
    for i, c in enumerate(hand):
        if c in rules.wild_faces:
            wild.append((-rules.value(c), i, c))
        else:
            pools.setdefault(int(c), []).append(c)
    for pool in pools.values():
        pool.reverse()
    wild.sort(key=lambda t: (t[0], t[1]))
    wild_cards = [c for _, _, c in wild]
    # Melds take the most valuable wilds; the cheapest are the ones left dead.
    dead_wilds = wild_cards[len(wild_cards) - wilds_left:] if wilds_left else []
    wild_cards = wild_cards[:len(wild_cards) - wilds_left]
    wild_cards.reverse()

    def key(m: list[int]) -> tuple[int, ...]:
        nat = sorted(f for f in m if f != _WILD)
        return (0 if nat else 1, *nat, len(m))

    out: list[tuple[Card, ...]] = []
    for m in sorted(melds, key=key):
        out.append(tuple(wild_cards.pop() if f == _WILD else pools[f].pop() for f in m))
    deadwood = [pools[f].pop() for f in sorted(dead)] + dead_wilds
    return Arrangement(tuple(out), tuple(deadwood), sum(rules.value(c) for c in deadwood))


def min_deadwood(hand: Sequence[Card], rules: MeldRules = _DEFAULT_RULES) -> int:
    """The least total value of unmatched cards over all ways of melding the hand."""
    ctx = rules._ctx
    hm = sum(map(_BIT.__getitem__, hand))
    if hm & ctx.slow_bits or hm.bit_count() != len(hand):
        return _general(hand, rules, False)[0]
    a, b, c, d = hm & 0xFFFF, hm >> 16 & 0xFFFF, hm >> 32 & 0xFFFF, hm >> 48
    trip = (a & b & (c | d)) | (c & d & (a | b))
    if trip and ctx.set_sizes:
        return ctx.fast_sets(a, b, c, d, trip)
    return ctx.t0[a] + ctx.t1[b] + ctx.t2[c] + ctx.t3[d]


def best_arrangement(hand: Sequence[Card], rules: MeldRules = _DEFAULT_RULES) -> Arrangement:
    """Melds and deadwood reaching :func:`min_deadwood`; the same hand always gives the same answer."""
    ctx = rules._ctx
    hm = sum(map(_BIT.__getitem__, hand))
    if hm & ctx.slow_bits or hm.bit_count() != len(hand):
        arrangement = _general(hand, rules, True)[1]
        assert arrangement is not None
        return arrangement
    melds, dead = ctx.fast_arrange(hm)
    by_face = {int(c): c for c in hand}  # distinct faces on this path
    out = tuple(tuple(by_face[f] for f in m) for m in sorted(melds, key=sorted))
    deadwood = tuple(by_face[f] for f in sorted(dead))
    return Arrangement(out, deadwood, sum(ctx.vals[f >> 4][f & 15] for f in dead))


def best_discard(hand: Sequence[Card], rules: MeldRules = _DEFAULT_RULES) -> tuple[Card, int]:
    """The discard leaving the least deadwood, and that deadwood.

    Ties go to the higher-valued discard, then the higher face code, so play is repeatable.
    """
    if not hand:
        raise ValueError("cannot discard from an empty hand")
    ctx = rules._ctx
    hm = sum(map(_BIT.__getitem__, hand))
    fast = not (hm & ctx.slow_bits or hm.bit_count() != len(hand))
    best: tuple[int, int, int] | None = None
    choice = hand[0]
    seen: set[int] = set()
    for i, card in enumerate(hand):
        if int(card) in seen:
            continue
        seen.add(int(card))
        if fast:
            dw = ctx.fast_value(hm ^ _BIT[card])
        else:
            dw = min_deadwood([c for j, c in enumerate(hand) if j != i], rules)
        key = (dw, -rules.value(card), -int(card))
        if best is None or key < best:
            best, choice = key, card
    assert best is not None
    return choice, best[0]


# ---------------------------------------------------------------------------
# Laying off


def _relevant(card: Card, meld: Sequence[Card], rules: MeldRules) -> bool:
    """Could this card possibly extend this meld? (Cheap filter before trying subsets.)"""
    if card in rules.wild_faces:
        return True
    naturals = [c for c in meld if c not in rules.wild_faces]
    if not naturals:
        return True
    return any(c & 15 == card & 15 or c >> 4 == card >> 4 for c in naturals)


def _layoff_options(cards: Sequence[Card], melds: Sequence[Sequence[Card]],
                    rules: MeldRules) -> dict[int, tuple[int, tuple[int, ...]]]:
    """Every reachable set of laid-off cards (bitmask over ``cards``) with the best value for it
    and the per-meld bitmasks that reach it."""
    values = [rules.value(c) for c in cards]
    states: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for meld in melds:
        rel = [i for i, c in enumerate(cards) if _relevant(c, meld, rules)]
        subsets = [0]
        for k in range(1, len(rel) + 1):
            for combo in itertools.combinations(rel, k):
                if is_meld(list(meld) + [cards[i] for i in combo], rules):
                    subsets.append(sum(1 << i for i in combo))
        grown: dict[int, tuple[int, tuple[int, ...]]] = {}
        for used, (val, per) in states.items():
            for sub in subsets:
                if used & sub:
                    continue
                nv = val + sum(values[i] for i in range(len(cards)) if sub >> i & 1)
                key = used | sub
                if key not in grown:
                    grown[key] = (nv, per + (sub,))
        states = grown
    return states


def lay_off(deadwood: Sequence[Card], melds: Sequence[Sequence[Card]],
            rules: MeldRules = _DEFAULT_RULES) -> LayOff:
    """Lay loose cards onto another player's melds to take off as many points as possible.

    A card may go on a meld if the meld stays valid: a fourth card on a set, either end
    of a run, several cards in a chain (9H then 10H onto 6-7-8H). With wild cards the
    test is that meld plus laid cards is still one valid meld of either kind.
    """
    options = _layoff_options(deadwood, melds, rules)
    used, (val, per) = max(options.items(), key=lambda kv: (kv[1][0], -kv[0].bit_count(), -kv[0]))
    return _layoff_result(deadwood, melds, per, used, rules)


def _layoff_result(cards: Sequence[Card], melds: Sequence[Sequence[Card]], per: tuple[int, ...], used: int,
                   rules: MeldRules) -> LayOff:
    placements = tuple(tuple(c for i, c in enumerate(cards) if sub >> i & 1) for sub in per)
    placements += ((),) * (len(melds) - len(placements))
    remaining = tuple(c for i, c in enumerate(cards) if not used >> i & 1)
    laid = sum(rules.value(c) for p in placements for c in p)
    return LayOff(placements, remaining, laid, sum(rules.value(c) for c in remaining))


def min_deadwood_after_layoff(hand: Sequence[Card], knocker_melds: Sequence[Sequence[Card]],
                              rules: MeldRules = _DEFAULT_RULES) -> tuple[Arrangement, LayOff]:
    """The defender's arrangement and lay-off that leave the fewest points.

    The least-deadwood arrangement is not always best: breaking a meld can free cards
    that lay off. So every reachable lay-off is tried with the rest of the hand melded
    as well as possible. Ties favour laying off fewer cards.
    """
    options = _layoff_options(hand, knocker_melds, rules)
    best: tuple[int, int, int] | None = None
    best_used = 0
    for used in sorted(options):
        rest = [c for i, c in enumerate(hand) if not used >> i & 1]
        key = (min_deadwood(rest, rules), used.bit_count(), used)
        if best is None or key < best:
            best, best_used = key, used
    rest = [c for i, c in enumerate(hand) if not best_used >> i & 1]
    inner = best_arrangement(rest, rules)
    laid = [c for i, c in enumerate(hand) if best_used >> i & 1]
    deadwood = inner.deadwood + tuple(laid)
    arrangement = Arrangement(inner.melds, deadwood, sum(rules.value(c) for c in deadwood))
    per = options[best_used][1]
    placements = tuple(tuple(c for i, c in enumerate(hand) if sub >> i & 1) for sub in per)
    placements += ((),) * (len(knocker_melds) - len(placements))
    laid_value = sum(rules.value(c) for c in laid)
    layoff = LayOff(placements, inner.deadwood, laid_value, inner.deadwood_value)
    return arrangement, layoff
