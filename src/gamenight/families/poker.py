"""Poker hand evaluation shared by every game that ranks poker hands (draw and stud
variants, showdown-and-tricks games, board games with a poker pot).

A hand's strength is one ``int`` (higher is better) so that showdowns are plain
``max``/``sorted`` calls: ``category << 20`` followed by the five ranks in order of
significance, four bits each (grouped ranks first, ace-low straights with the ace
as 1). The packing is injective on the 7,462 distinct classes of a 52-card deck and
extends to five of a kind, which ranks above a straight flush, as the rulebooks do
where wild cards or several decks are used.

Speed comes from tables, not search. Every card maps (per wild-card rule) to one
integer; the sum over a hand packs the count of each rank, the number of wild
cards and the count per suit (a wild counts towards every suit). The rank part of
that sum keys one dict of best non-flush values; a flush is possible only when a
suit's count reaches five, which one add and one mask reveal. The non-flush table
already knows what the wild cards can become, so wild hands cost the same as
natural ones.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterable, Sequence
from enum import IntEnum
from typing import TypeAlias

from gamenight.core.cards import FACES, RANK_TEXT, Card, card_text

__all__ = [
    "Category",
    "HandValue",
    "PokerEvaluator",
    "Wild",
    "best_low",
    "best_of",
    "best_value",
    "category_of",
    "compare",
    "describe",
    "evaluate5",
    "evaluator",
    "low_value",
    "ranks_wild",
]


class Category(IntEnum):
    """Hand categories, weakest first; the value of a hand starts with one of these."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9


Wild: TypeAlias = Collection[int] | Callable[[Card], bool] | None
"""Which cards are wild: ``None``, a collection of faces (``{JOKER}``) or a predicate."""

# --- packing ------------------------------------------------------------------

_CAT_SHIFT = 20
_LOW_TOP = 1 << 24
"""Low values are ``_LOW_TOP - v``, so a better low hand is also a higher int."""


def _pack(cat: int, ranks: Sequence[int]) -> int:
    v = cat
    for i in range(5):
        v = (v << 4) | (ranks[i] if i < len(ranks) else 0)
    return v


def _unpack(value: int) -> tuple[int, list[int]]:
    return value >> _CAT_SHIFT, [(value >> (16 - 4 * i)) & 15 for i in range(5)]


# --- hand-sum layout ------------------------------------------------------------
# bits 0..38: three bits per rank 2..14 (count of natural cards of that rank)
# bits 39..41: number of wild cards
# bits 44..59: four bits per suit (naturals of that suit plus every wild card)
# bit 63: a card that is neither standard nor wild (never in a table)

_WILD_SHIFT = 39
_SUIT_SHIFT = 44
_INVALID = 1 << 63
_KEY_MASK = ((1 << 42) - 1) | _INVALID
_FL_ADD = 0x3333 << _SUIT_SHIFT
_FL_TEST = 0x8888 << _SUIT_SHIFT
_TABLE_SIZE = 176
_FAST_MAX = 7
"""Hands of up to this many cards use the tables (every 3-bit count stays below 8)."""

_RBIT = [0, 0] + [1 << (r - 2) for r in range(2, 15)]
_WINDOWS: list[tuple[int, int]] = [(top, sum(1 << (r - 2) for r in range(top - 4, top + 1)))
                                   for top in range(14, 5, -1)]
_WHEEL = (5, (1 << 12) | 0b1111)


def _straight_ranks(top: int) -> list[int]:
    return [5, 4, 3, 2, 1] if top == 5 else [top, top - 1, top - 2, top - 3, top - 4]


def _best_straight(mask: int, k: int, wheel: bool) -> int:
    """Top rank of the highest straight that ``k`` wild cards can complete, or 0."""
    for top, w in _WINDOWS:
        if 5 - (mask & w).bit_count() <= k:
            return top
    if wheel and 5 - (mask & _WHEEL[1]).bit_count() <= k:
        return 5
    return 0


def _kickers(cnt: Sequence[int], used: Sequence[int], need: int, spare: int) -> list[int]:
    """Highest distinct ranks outside ``used``: the naturals held, plus the ranks that
    ``spare`` wild cards can become (the highest ranks not otherwise present)."""
    pool = [r for r in range(14, 1, -1) if cnt[r] and r not in used]
    if spare:
        extra = [r for r in range(14, 1, -1) if not cnt[r] and r not in used][:spare]
        pool = sorted(pool + extra, reverse=True)
    return pool[:need]


def _nonflush(cnt: Sequence[int], k: int, five_wild: bool, wheel: bool) -> int:
    """Best value ignoring suits, choosing up to five of the naturals counted in ``cnt``
    (index = rank) and ``k`` wild cards, each wild taking whatever rank helps most."""
    if k == 0 and sum(cnt) == 5:
        return _natural5(cnt, wheel)
    kk = k if five_wild else 0
    for r in range(14, 1, -1):
        if cnt[r] + kk >= 5 or cnt[r] >= 5:
            return _pack(Category.FIVE_OF_A_KIND, [r] * 5)
    for r in range(14, 1, -1):
        if cnt[r] + k >= 4:
            spare = k - max(0, 4 - cnt[r])
            kick = _kickers(cnt, (r,), 1, spare)
            return _pack(Category.FOUR_OF_A_KIND, [r] * 4 + kick)
    for t in range(14, 1, -1):
        nt = max(0, 3 - cnt[t])
        if nt > k:
            continue
        for p in range(14, 1, -1):
            if p != t and nt + max(0, 2 - cnt[p]) <= k:
                return _pack(Category.FULL_HOUSE, [t, t, t, p, p])
    mask = 0
    for r in range(2, 15):
        if cnt[r]:
            mask |= _RBIT[r]
    top = _best_straight(mask, k, wheel)
    if top:
        return _pack(Category.STRAIGHT, _straight_ranks(top))
    for r in range(14, 1, -1):
        if cnt[r] + k >= 3:
            spare = k - max(0, 3 - cnt[r])
            return _pack(Category.THREE_OF_A_KIND, [r] * 3 + _kickers(cnt, (r,), 2, spare))
    for t in range(14, 1, -1):
        nt = max(0, 2 - cnt[t])
        if nt > k:
            continue
        for p in range(t - 1, 1, -1):
            np_ = nt + max(0, 2 - cnt[p])
            if np_ <= k:
                return _pack(Category.TWO_PAIR, [t, t, p, p] + _kickers(cnt, (t, p), 1, k - np_))
    for r in range(14, 1, -1):
        if cnt[r] + k >= 2:
            spare = k - max(0, 2 - cnt[r])
            return _pack(Category.ONE_PAIR, [r, r] + _kickers(cnt, (r,), 3, spare))
    return _pack(Category.HIGH_CARD, _kickers(cnt, (), 5, k))


_SHAPES = {(5,): Category.FIVE_OF_A_KIND, (4, 1): Category.FOUR_OF_A_KIND, (3, 2): Category.FULL_HOUSE,
           (3, 1, 1): Category.THREE_OF_A_KIND, (2, 2, 1): Category.TWO_PAIR, (2, 1, 1, 1): Category.ONE_PAIR,
           (1, 1, 1, 1, 1): Category.HIGH_CARD}


def _natural5(cnt: Sequence[int], wheel: bool) -> int:
    """Exactly five natural cards: the shape of the rank counts names the category."""
    groups = sorted(((c, r) for r, c in enumerate(cnt) if c), reverse=True)
    flat = [r for c, r in groups for _ in range(c)]
    if len(groups) == 5:
        mask = 0
        for r in flat:
            mask |= _RBIT[r]
        top = _best_straight(mask, 0, wheel)
        if top:
            return _pack(Category.STRAIGHT, _straight_ranks(top))
    return _pack(_SHAPES[tuple(c for c, _ in groups)], flat)


def _flush(ranks: Sequence[int], k: int, wheel: bool, double_ace: bool) -> int:
    """Best straight flush or flush from one suit's natural ``ranks`` plus ``k`` wilds; 0 if none."""
    if len(ranks) + k < 5:
        return 0
    mask = 0
    for r in ranks:
        mask |= _RBIT[r]
    top = _best_straight(mask, k, wheel)
    if top:
        return _pack(Category.STRAIGHT_FLUSH, _straight_ranks(top))
    nat = sorted(ranks, reverse=True)
    if double_ace:
        return _pack(Category.FLUSH, [14] * k + nat[:5 - k])
    out: list[int] = []
    i, left = 0, k
    for r in range(14, 1, -1):
        while i < len(nat) and nat[i] == r and len(out) < 5:
            out.append(r)
            i += 1
        if left and len(out) < 5 and not mask & _RBIT[r]:
            out.append(r)
            left -= 1
    return _pack(Category.FLUSH, out[:5])


def _multisets(size: int, lo: int = 2) -> Iterable[list[int]]:
    """Every rank-count vector (index = rank) of ``size`` naturals, counts up to 7."""
    cnt = [0] * 15

    def rec(r: int, left: int) -> Iterable[list[int]]:
        if r == 15:
            if left == 0:
                yield cnt
            return
        for c in range(min(left, 7), -1, -1):
            cnt[r] = c
            yield from rec(r + 1, left - c)
        cnt[r] = 0

    return rec(lo, size)


def _rank_key(cnt: Sequence[int], k: int) -> int:
    key = k << _WILD_SHIFT
    for r in range(2, 15):
        key |= cnt[r] << (3 * (r - 2))
    return key


class _Tables:
    """Look-up tables for one set of ranking options, filled per hand size on first use."""

    def __init__(self, five_wild: bool, wheel: bool, double_ace: bool) -> None:
        self.five_wild, self.wheel, self.double_ace = five_wild, wheel, double_ace
        self.flush5: dict[int, int] = {}
        self.sizes: set[int] = set()
        self.layers: dict[int, dict[int, int]] = {n: {} for n in range(5, _FAST_MAX + 1)}
        """Best non-flush value by hand-sum key, one dict per hand size (small dicts stay in cache)."""
        self.flush_masks: list[list[int] | None] = [None] * (_FAST_MAX + 1)

    def build(self, n: int) -> None:
        """Five cards are analysed directly; n > 5 is the best of the (n-1)-card values
        one card smaller, pushed upwards (a best-of-n hand drops some card)."""
        if n in self.sizes:
            return
        fw, wh = self.five_wild, self.wheel
        if n == 5:
            layer: dict[int, int] = {}
            for k in range(6):
                for cnt in _multisets(5 - k):
                    layer[_rank_key(cnt, k)] = _nonflush(cnt, k, fw, wh)
            for k in range(6):
                for combo in itertools.combinations(range(2, 15), 5 - k):
                    cnt = [0] * 15
                    for r in combo:
                        cnt[r] = 1
                    key = _rank_key(cnt, k)
                    self.flush5[key] = max(layer[key], _flush(combo, k, wh, self.double_ace))
        else:
            self.build(n - 1)
            below = self.layers[n - 1]
            units = [1 << (3 * i) for i in range(13)] + [1 << _WILD_SHIFT]
            layer = {}
            get = layer.get
            for key, v in below.items():
                for u in units:
                    if v > get(key + u, -1):
                        layer[key + u] = v
        self.layers[n].update(layer)
        self.sizes.add(n)

    def masks(self, k: int) -> list[int]:
        table = self.flush_masks[k]
        if table is None:
            ranks_of = [[r for r in range(2, 15) if m & _RBIT[r]] for m in range(1 << 13)]
            table = [_flush(rs, k, self.wheel, self.double_ace) for rs in ranks_of]
            self.flush_masks[k] = table
        return table


_TABLES: dict[tuple[bool, bool, bool], _Tables] = {}


def _tables(five_wild: bool, wheel: bool, double_ace: bool) -> _Tables:
    key = (five_wild, wheel, double_ace)
    if key not in _TABLES:
        _TABLES[key] = _Tables(*key)
    return _TABLES[key]


def ranks_wild(*ranks: int) -> frozenset[int]:
    """All four faces of each rank, e.g. ``ranks_wild(2)`` for deuces wild, ``ranks_wild(3, 9)``."""
    return frozenset(r + 16 * s for r in ranks for s in range(4))


def _wild_predicate(wild: Wild) -> Callable[[Card], bool]:
    if wild is None:
        return lambda c: False
    if callable(wild):
        return wild
    faces = frozenset(int(c) for c in wild)
    return faces.__contains__


def _refuse(c: int) -> ValueError:
    text = card_text(c) if c in FACES else repr(c)
    return ValueError(f"{text} is not a card poker can rank here (a joker must be made wild to play)")


def _is_standard(c: int) -> bool:
    return 0 <= c >> 4 < 4 and 2 <= c & 15 <= 14


class HandValue:
    """A hand's strength with the five cards that make it; ordered and equal by ``key`` alone."""

    __slots__ = ("key", "_hand", "_wild", "_low", "_used")

    def __init__(self, key: int, hand: Sequence[int], wild: Callable[[int], bool], low: bool = False) -> None:
        self.key = key
        self._hand = tuple(hand)
        self._wild = wild
        self._low = low
        self._used: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None

    @property
    def category(self) -> Category:
        """High card ... five of a kind (for a low hand: what the five cards make)."""
        return Category((_LOW_TOP - self.key if self._low else self.key) >> _CAT_SHIFT)

    @property
    def name(self) -> str:
        """How players say it: ``full house, kings over 7s``."""
        if self._low:
            return _describe_low(_LOW_TOP - self.key)
        return describe(self.key)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five (or fewer) cards of the hand that make this value, best first."""
        return self._pick()[0]

    @property
    def represents(self) -> tuple[Card, ...]:
        """What each of ``cards`` stands for: wild cards replaced by the faces they become."""
        return self._pick()[1]

    def _pick(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        if self._used is None:
            self._used = _pick_cards(self._hand, self._wild, self.key, self._low)
        return self._used

    def __lt__(self, other: HandValue) -> bool:
        return self.key < other.key

    def __le__(self, other: HandValue) -> bool:
        return self.key <= other.key

    def __gt__(self, other: HandValue) -> bool:
        return self.key > other.key

    def __ge__(self, other: HandValue) -> bool:
        return self.key >= other.key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandValue) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"HandValue({self.name!r}, {' '.join(card_text(c) for c in self.cards)})"


def _as_card(c: int) -> Card:
    """The physical card itself when given one (duplicates from several decks stay distinct)."""
    if isinstance(c, Card):
        return c
    return FACES[c] if c in FACES else Card(c)


def _pick_cards(hand: Sequence[int], wild: Callable[[int], bool], key: int,
                low: bool) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Choose which physical cards realise ``key`` and what each wild card stands for."""
    value = _LOW_TOP - key if low else key
    cat, ranks = _unpack(value)
    ranks = [r for r in ranks if r]
    ranks = [14 if r == 1 else r for r in ranks]
    wilds = [c for c in hand if wild(c)]
    naturals = [c for c in hand if not wild(c)]
    suits: Iterable[int | None] = range(4) if cat in (Category.FLUSH, Category.STRAIGHT_FLUSH) and not low else [None]
    for suit in suits:
        pool = [c for c in naturals if suit is None or c >> 4 == suit]
        used: list[Card] = []
        rep: list[Card] = []
        w = list(wilds)
        ok = True
        for r in ranks:
            hit = next((c for c in pool if c & 15 == r), None)
            if hit is not None:
                pool.remove(hit)
                used.append(_as_card(hit))
                rep.append(_as_card(hit))
            elif w:
                used.append(_as_card(w.pop()))
                rep.append(FACES[r + 16 * _wild_suit(suit, r, rep, low)])
            else:
                ok = False
                break
        if ok:
            return tuple(used), tuple(rep)
    raise AssertionError("hand value does not match its cards")  # pragma: no cover


def _wild_suit(suit: int | None, rank: int, so_far: Sequence[int], low: bool) -> int:
    """Suit a wild card shows: the flush suit, else one not already used by that rank
    and not completing an accidental flush."""
    if suit is not None:
        return suit
    taken = {c >> 4 for c in so_far if c & 15 == rank}
    suits_so_far = {c >> 4 for c in so_far}
    for s in (3, 2, 1, 0):
        if s not in taken and not (len(so_far) == 4 and suits_so_far == {s}):
            return s
    return 3


_PLURAL = {14: "aces", 13: "kings", 12: "queens", 11: "jacks"}
_SINGLE = {14: "ace", 13: "king", 12: "queen", 11: "jack", 1: "ace"}


def _plural(r: int) -> str:
    return _PLURAL.get(r, f"{r}s")


def _single(r: int) -> str:
    return _SINGLE.get(r, str(r))


def category_of(value: int) -> Category:
    """The category of a value returned by :func:`evaluate5` or :func:`best_value`."""
    return Category(value >> _CAT_SHIFT)


def describe(value: int) -> str:
    """Name a hand value the way the rulebooks' showdowns declare it."""
    cat, r = _unpack(value)
    if cat == Category.FIVE_OF_A_KIND:
        return f"five of a kind, {_plural(r[0])}"
    if cat == Category.STRAIGHT_FLUSH:
        return "royal flush" if r[0] == 14 else f"straight flush, {_single(r[0])} high"
    if cat == Category.FOUR_OF_A_KIND:
        return f"four of a kind, {_plural(r[0])}"
    if cat == Category.FULL_HOUSE:
        return f"full house, {_plural(r[0])} over {_plural(r[3])}"
    if cat == Category.FLUSH:
        return f"flush, {_single(r[0])} high"
    if cat == Category.STRAIGHT:
        return f"straight, {_single(r[0])} high"
    if cat == Category.THREE_OF_A_KIND:
        return f"three of a kind, {_plural(r[0])}"
    if cat == Category.TWO_PAIR:
        return f"two pair, {_plural(r[0])} and {_plural(r[2])}"
    if cat == Category.ONE_PAIR:
        return f"one pair, {_plural(r[0])}"
    return f"high card, {_single(r[0])}" if r[0] else "no cards"


def _describe_low(value: int) -> str:
    cat, r = _unpack(value)
    shown = "-".join("A" if x in (1, 14) else RANK_TEXT[x] for x in r if x)
    if cat == Category.HIGH_CARD:
        return f"{shown} low"
    return f"{describe(value)} ({shown}) low"


class PokerEvaluator:
    """Ranks hands under one set of house rules. Build it once per game (the wild-card
    rule is compiled into a per-card table); its methods are the fast paths.

    ``wild``: the wild cards, as faces or a predicate called once per face with a
    :class:`Card` when the evaluator is built. ``five_of_a_kind``: may wild cards
    make five of a kind (natural five of a kind from several decks always counts).
    ``wheel``: A-2-3-4-5 is a straight. ``double_ace_flush``: a wild card in a flush
    counts as an ace even when the ace of that suit is held.
    """

    def __init__(self, wild: Wild = None, *, five_of_a_kind: bool = True, wheel: bool = True,
                 double_ace_flush: bool = True) -> None:
        self.is_wild = _wild_predicate(wild)
        self.five_of_a_kind, self.wheel, self.double_ace_flush = five_of_a_kind, wheel, double_ace_flush
        self._t = _tables(five_of_a_kind, wheel, double_ace_flush)
        self._nf5, self._nf6, self._nf7 = (self._t.layers[n] for n in (5, 6, 7))
        self._flush5 = self._t.flush5
        self._wildflag = [False] * _TABLE_SIZE
        contrib = [_INVALID] * _TABLE_SIZE
        for c in range(_TABLE_SIZE):
            if c not in FACES:
                continue
            if self.is_wild(FACES[c]):
                self._wildflag[c] = True
                contrib[c] = (1 << _WILD_SHIFT) | (0x1111 << _SUIT_SHIFT)
            elif _is_standard(c):
                contrib[c] = (1 << (3 * ((c & 15) - 2))) | (1 << (_SUIT_SHIFT + 4 * (c >> 4)))
        self._contrib = contrib
        self._flagged: Callable[[int], bool] = self._wildflag.__getitem__

    # -- high hands ---------------------------------------------------------------

    def evaluate5(self, cards: Sequence[int]) -> int:
        """Value of exactly five cards (higher is better)."""
        t = self._contrib
        a, b, c, d, e = cards
        s = t[a] + t[b] + t[c] + t[d] + t[e]
        try:
            if (s + _FL_ADD) & _FL_TEST:
                return self._flush5[s & _KEY_MASK]
            return self._nf5[s & _KEY_MASK]
        except KeyError:
            return self._slow(cards)

    def best_value(self, cards: Sequence[int]) -> int:
        """Value of the best five-card hand within ``cards`` (fewer than five: partial hand)."""
        n = len(cards)
        t = self._contrib
        try:
            if n == 7:
                a, b, c, d, e, f, g = cards
                s = t[a] + t[b] + t[c] + t[d] + t[e] + t[f] + t[g]
                v = self._nf7[s & _KEY_MASK]
            elif n == 5:
                return self.evaluate5(cards)
            elif n == 6:
                a, b, c, d, e, f = cards
                s = t[a] + t[b] + t[c] + t[d] + t[e] + t[f]
                v = self._nf6[s & _KEY_MASK]
            else:
                return self._slow(cards)
        except KeyError:
            return self._slow(cards)
        if (s + _FL_ADD) & _FL_TEST:
            fv = self._flush_n(cards, s)
            if fv > v:
                return fv
        return v

    def best_of(self, cards: Sequence[int]) -> HandValue:
        """The best five-card hand within ``cards``, with its name and the cards used."""
        return HandValue(self.best_value(cards), cards, self._flagged)

    def compare(self, a: Sequence[int], b: Sequence[int]) -> int:
        """1 if hand ``a`` beats ``b``, -1 if it loses, 0 for a tie (best five of each)."""
        va, vb = self.best_value(a), self.best_value(b)
        return (va > vb) - (va < vb)

    def _flush_n(self, cards: Sequence[int], s: int) -> int:
        k = (s >> _WILD_SHIFT) & 7
        best = 0
        flag = self._wildflag
        for suit in range(4):
            if (s >> (_SUIT_SHIFT + 4 * suit)) & 15 >= 5:
                mask = n = 0
                for c in cards:
                    if c >> 4 == suit and not flag[c]:
                        mask |= _RBIT[c & 15]
                        n += 1
                if n == mask.bit_count():
                    v = self._t.masks(k)[mask]
                else:
                    v = _flush([c & 15 for c in cards if c >> 4 == suit and not flag[c]], k,
                               self.wheel, self.double_ace_flush)
                if v > best:
                    best = v
        return best

    def _slow(self, cards: Sequence[int]) -> int:
        """Any size: validate, fill a table on first use, or analyse directly."""
        cnt = [0] * 15
        suited: list[list[int]] = [[], [], [], []]
        k = 0
        for c in cards:
            if 0 <= c < _TABLE_SIZE and self._wildflag[c]:
                k += 1
            elif _is_standard(c):
                cnt[c & 15] += 1
                suited[c >> 4].append(c & 15)
            else:
                raise _refuse(c)
        n = len(cards)
        if 5 <= n <= _FAST_MAX and n not in self._t.sizes:
            self._t.build(n)
            return self.best_value(cards)
        v = _nonflush(cnt, k, self.five_of_a_kind, self.wheel)
        for ranks in suited:
            if len(ranks) + k >= 5:
                v = max(v, _flush(ranks, k, self.wheel, self.double_ace_flush))
        return v

    # -- low hands ----------------------------------------------------------------

    def low_value(self, cards: Sequence[int], *, ace_low: bool = True, straights_and_flushes: bool = False) -> int:
        """Best five-card low hand within ``cards``; higher is better (a better low).

        Default is ace-to-five (ace low, straights and flushes ignored: 5-4-3-2-A is
        best). ``ace_low=False, straights_and_flushes=True`` is deuce-to-seven.
        Wild cards take whatever makes the lowest hand.
        """
        return self._low(cards, ace_low, straights_and_flushes)

    def best_low(self, cards: Sequence[int], *, ace_low: bool = True,
                 straights_and_flushes: bool = False) -> HandValue:
        """The best low hand within ``cards`` as a :class:`HandValue` (key = low value)."""
        return HandValue(self._low(cards, ace_low, straights_and_flushes), cards, self._flagged, low=True)

    def _low(self, cards: Sequence[int], ace_low: bool, sf: bool) -> int:
        nat: list[tuple[int, int]] = []
        k = 0
        for c in cards:
            if 0 <= c < _TABLE_SIZE and self._wildflag[c]:
                k += 1
            elif _is_standard(c):
                r = c & 15
                nat.append((1 if ace_low and r == 14 else r, c >> 4))
            else:
                raise _refuse(c)
        ranks_avail = list(range(1, 14)) if ace_low else list(range(2, 15))
        used_k = min(k, 5)
        best = -1
        for combo in itertools.combinations(nat, min(5 - used_k, len(nat))):
            if not sf:
                v = _low_greedy([r for r, _ in combo], used_k, ranks_avail)
            else:
                v = _low_search(list(combo), used_k, ranks_avail, ace_low)
            if v > best:
                best = v
        return best


def _plain_high(ranks: Sequence[int], suits: Sequence[int] | None, ace_low: bool) -> int:
    """Simple high-hand value of up to five ranks (rank 1 = low ace); suits given
    only when straights and flushes count."""
    cnt: dict[int, int] = {}
    for r in ranks:
        cnt[r] = cnt.get(r, 0) + 1
    order = sorted(cnt, key=lambda r: (cnt[r], r), reverse=True)
    shape = sorted(cnt.values(), reverse=True)
    flat = [r for r in order for _ in range(cnt[r])]
    if suits is not None and len(ranks) == 5 and len(cnt) == 5:
        srt = sorted(ranks, reverse=True)
        straight = srt[0] - srt[4] == 4
        flush = len(set(suits)) == 1
        if straight and flush:
            return _pack(Category.STRAIGHT_FLUSH, srt)
        if flush:
            return _pack(Category.FLUSH, srt)
        if straight:
            return _pack(Category.STRAIGHT, srt)
    cat = {(5,): Category.FIVE_OF_A_KIND, (4, 1): Category.FOUR_OF_A_KIND, (3, 2): Category.FULL_HOUSE,
           (4,): Category.FOUR_OF_A_KIND, (3, 1, 1): Category.THREE_OF_A_KIND, (3, 1): Category.THREE_OF_A_KIND,
           (3,): Category.THREE_OF_A_KIND, (2, 2, 1): Category.TWO_PAIR, (2, 2): Category.TWO_PAIR}.get(
        tuple(shape), Category.ONE_PAIR if shape and shape[0] == 2 else Category.HIGH_CARD)
    return _pack(cat, flat)


def _low_greedy(ranks: list[int], k: int, avail: Sequence[int]) -> int:
    """Ace-to-five style: each wild becomes the lowest rank not yet held."""
    held = set(ranks)
    out = list(ranks)
    for r in avail:
        if k == 0:
            break
        if r not in held:
            out.append(r)
            held.add(r)
            k -= 1
    out += [avail[0]] * k
    return _LOW_TOP - _plain_high(out, None, True)


def _low_search(nat: list[tuple[int, int]], k: int, avail: Sequence[int], ace_low: bool) -> int:
    """Straights and flushes count: try every rank for the wilds (a wild never needs to make a flush)."""
    best = -1
    ranks = [r for r, _ in nat]
    suits = [s for _, s in nat]
    for extra in itertools.combinations_with_replacement(avail, k):
        hand = ranks + list(extra)
        hs = suits + [4 + i for i in range(k)] if len(hand) == 5 else None
        v = _LOW_TOP - _plain_high(hand, hs, ace_low)
        if v > best:
            best = v
    return best


# --- module-level conveniences -----------------------------------------------------

_DEFAULT = PokerEvaluator()
_EVALUATORS: dict[tuple[object, bool, bool, bool], PokerEvaluator] = {}


def evaluator(wild: Wild = None, *, five_of_a_kind: bool = True, wheel: bool = True,
              double_ace_flush: bool = True) -> PokerEvaluator:
    """A cached :class:`PokerEvaluator` for these rules (games should keep their own)."""
    if wild is None and five_of_a_kind and wheel and double_ace_flush:
        return _DEFAULT
    wkey: object = wild if wild is None or callable(wild) else frozenset(int(c) for c in wild)
    key = (wkey, five_of_a_kind, wheel, double_ace_flush)
    ev = _EVALUATORS.get(key)
    if ev is None:
        if len(_EVALUATORS) > 256:
            _EVALUATORS.clear()
        ev = _EVALUATORS[key] = PokerEvaluator(wild, five_of_a_kind=five_of_a_kind, wheel=wheel,
                                               double_ace_flush=double_ace_flush)
    return ev


def evaluate5(cards: Sequence[int], wild: Wild = None, *, five_of_a_kind: bool = True, wheel: bool = True,
              double_ace_flush: bool = True) -> int:
    """Value of exactly five cards: one comparable int, higher is better."""
    if wild is None and five_of_a_kind and wheel and double_ace_flush:
        return _DEFAULT.evaluate5(cards)
    return evaluator(wild, five_of_a_kind=five_of_a_kind, wheel=wheel,
                     double_ace_flush=double_ace_flush).evaluate5(cards)


def best_value(cards: Sequence[int], wild: Wild = None, *, five_of_a_kind: bool = True, wheel: bool = True,
               double_ace_flush: bool = True) -> int:
    """Value of the best five-card hand within any number of cards."""
    return evaluator(wild, five_of_a_kind=five_of_a_kind, wheel=wheel,
                     double_ace_flush=double_ace_flush).best_value(cards)


def best_of(cards: Sequence[int], wild: Wild = None, *, five_of_a_kind: bool = True, wheel: bool = True,
            double_ace_flush: bool = True) -> HandValue:
    """The best five-card hand within ``cards`` (5, 7 or a whole Rummoli hand)."""
    return evaluator(wild, five_of_a_kind=five_of_a_kind, wheel=wheel,
                     double_ace_flush=double_ace_flush).best_of(cards)


def compare(a: Sequence[int] | HandValue, b: Sequence[int] | HandValue, wild: Wild = None, *,
            five_of_a_kind: bool = True, wheel: bool = True, double_ace_flush: bool = True) -> int:
    """1 if ``a`` beats ``b``, -1 if it loses, 0 if they tie (hands or hand values)."""
    ev = evaluator(wild, five_of_a_kind=five_of_a_kind, wheel=wheel, double_ace_flush=double_ace_flush)
    va = a.key if isinstance(a, HandValue) else ev.best_value(a)
    vb = b.key if isinstance(b, HandValue) else ev.best_value(b)
    return (va > vb) - (va < vb)


def low_value(cards: Sequence[int], wild: Wild = None, *, ace_low: bool = True,
              straights_and_flushes: bool = False) -> int:
    """Best low hand within ``cards`` as an int, higher = better low (so ``max`` finds the
    low winner of a high/low split). Default ace-to-five; see :meth:`PokerEvaluator.low_value`."""
    return evaluator(wild).low_value(cards, ace_low=ace_low, straights_and_flushes=straights_and_flushes)


def best_low(cards: Sequence[int], wild: Wild = None, *, ace_low: bool = True,
             straights_and_flushes: bool = False) -> HandValue:
    """Best low hand within ``cards`` with its name and cards."""
    return evaluator(wild).best_low(cards, ace_low=ace_low, straights_and_flushes=straights_and_flushes)
