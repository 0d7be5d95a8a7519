"""Chicago's poker hand types and verbal declarations: the royal flush as a type of its own,
the ranks a player names when two hands of a type are compared, and the weakest poker value
that backs up a declaration."""

from __future__ import annotations

import itertools

from gamenight.core.cards import Card, standard_deck
from gamenight.families import poker

DECK = tuple(standard_deck())
EVAL = poker.PokerEvaluator()
HAND = 5

# Chicago's hand types: poker's categories, with the royal flush as a type of its own.
ROYAL = 9
CAT_WORDS = {1: "pair", 2: "two_pair", 3: "three_of_a_kind", 4: "straight", 5: "flush", 6: "full_house",
             7: "four_of_a_kind", 8: "straight_flush", ROYAL: "royal_flush"}
WORD_CATS = {w: c for c, w in CAT_WORDS.items()}
CAT_NAMES = {c: w.replace("_", " ") for c, w in CAT_WORDS.items()}
POINTS = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, ROYAL: 52}
SIGNIFICANT = {1: (0, 2, 3, 4), 2: (0, 2, 4), 3: (0, 3, 4), 4: (0,), 5: (0, 1, 2, 3, 4), 6: (0, 3), 7: (0, 4),
               8: (0,), ROYAL: ()}
"""Which of poker's five packed ranks a player names, in order, when two hands of a type are compared."""
RANK_WORDS = {14: "aces", 13: "kings", 12: "queens", 11: "jacks"}


def _straight(top: int) -> list[int]:
    return [5, 4, 3, 2, 1] if top == 5 else [top - i for i in range(5)]


def _full_sequences(cat: int) -> list[tuple[int, ...]]:
    """Every sequence of significant ranks a real hand of this type can have."""
    ranks = range(14, 1, -1)
    out: list[tuple[int, ...]] = []
    if cat == 1:
        for p in ranks:
            out += [(p, *ks) for ks in itertools.combinations([r for r in ranks if r != p], 3)]
    elif cat == 2:
        for h, low in itertools.combinations(ranks, 2):
            out += [(h, low, k) for k in ranks if k not in (h, low)]
    elif cat == 3:
        for t in ranks:
            out += [(t, *ks) for ks in itertools.combinations([r for r in ranks if r != t], 2)]
    elif cat == 4:
        out = [(t,) for t in range(14, 4, -1)]
    elif cat == 5:
        straights = {tuple(sorted(_straight(t), reverse=True)) for t in range(14, 4, -1)}
        straights = {tuple(14 if r == 1 else r for r in s) for s in straights}
        out = [s for s in itertools.combinations(ranks, 5) if tuple(sorted(s, reverse=True)) not in
               {tuple(sorted(x, reverse=True)) for x in straights}]
    elif cat in (6, 7):
        out = [(a, b) for a in ranks for b in ranks if a != b]
    elif cat == 8:
        out = [(t,) for t in range(13, 4, -1)]
    else:
        out = [()]
    return out


NEXT_RANKS: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
"""(type, ranks named so far) -> the ranks that may be named next, highest first."""
for _cat in CAT_WORDS:
    _nexts: dict[tuple[int, ...], set[int]] = {}
    for _seq in _full_sequences(_cat):
        for _i in range(len(_seq)):
            _nexts.setdefault(_seq[:_i], set()).add(_seq[_i])
    for _prefix, _rs in _nexts.items():
        NEXT_RANKS[(_cat, _prefix)] = tuple(sorted(_rs, reverse=True))


def claim_value(cat: int, named: tuple[int, ...] = ()) -> int:
    """The weakest poker value that proves a claim of type ``cat`` with ``named`` ranks."""
    r = [0] * 5
    if cat == ROYAL:
        r = [14, 13, 12, 11, 10]
        pcat = 8
    else:
        pcat = cat
        if cat in (4, 8):
            if named:
                r = _straight(named[0])
        elif cat == 5:
            r[:len(named)] = named
        else:
            groups = {1: (2, 1, 1, 1), 2: (2, 2, 1), 3: (3, 1, 1), 6: (3, 2), 7: (4, 1)}[cat]
            pos = 0
            for i, size in enumerate(groups):
                if i < len(named):
                    r[pos:pos + size] = [named[i]] * size
                pos += size
    v = pcat
    for x in r:
        v = (v << 4) | x
    return v


def hand_type(value: int) -> int:
    """Chicago's type of a poker value (0: no pair; 9: royal flush)."""
    cat = value >> 20
    if cat == 8 and (value >> 16) & 15 == 14:
        return ROYAL
    return cat


def significant(value: int) -> tuple[int, ...]:
    ranks = [(value >> (16 - 4 * i)) & 15 for i in range(5)]
    return tuple(ranks[i] for i in SIGNIFICANT[hand_type(value)]) if hand_type(value) else ()


def claim_text(cat: int, named: tuple[int, ...] = ()) -> str:
    if not named:
        return CAT_NAMES[cat]
    words = ", ".join(RANK_WORDS.get(r, f"{r}s") for r in named)
    return f"{CAT_NAMES[cat]}: {words}"


def value_of(cards: list[Card]) -> int:
    return EVAL.best_value(cards)
