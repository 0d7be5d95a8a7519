"""Fast deadwood bounds and spreads for Gin Rummy: the play path asks the meld solver only
when a hand could possibly go out. The moves and the words of their events are made once."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from gamenight.core.cards import FACES, Card, card_text, standard_deck
from gamenight.engine.actions import Action
from gamenight.families import melds, rummy
from gamenight.families.melds import MeldRules

DECK: tuple[Card, ...] = tuple(standard_deck())
CARD: list[Card] = [FACES.get(i, Card(i)) for i in range(64)]


def card_value(card: Card) -> int:
    """What an unmatched card counts: ace 1, two to nine at face value, ten and court cards 10."""
    rank = card & 15
    return 1 if rank == 14 else min(rank, 10)


VALUE: list[int] = [0] * 64
for _c in DECK:
    VALUE[_c] = card_value(_c)

DRAW_STOCK = rummy.DRAW_STOCK
TAKE_DISCARD = rummy.TAKE_DISCARD
PASS = Action("pass", ())
DEAL = Action("deal", ())
DOUBLE_GIN = Action("gin", ())
DISCARD: list[Action] = [rummy.discard(CARD[i]) for i in range(64)]
KNOCK: list[Action] = [Action("knock", (CARD[i],)) for i in range(64)]
GIN: list[Action] = [Action("gin", (CARD[i],)) for i in range(64)]
DISCARDS: list[str] = ["{0} discards " + card_text(CARD[i]) if i in FACES else "" for i in range(64)]
DRAWS: list[str] = ["{0} draws " + card_text(CARD[i]) if i in FACES else "" for i in range(64)]
"""The events of the two moves every turn makes, written once per card."""

MELD_RULES = {"low": MeldRules(ace_low=True, ace_high=False, max_set_size=4, value=card_value),
              "high-or-low": MeldRules(ace_low=True, ace_high=True, max_set_size=4, value=card_value)}

_OUTS: dict[tuple[int, str, int], tuple[int, tuple[tuple[Card, int], ...]]] = {}

_LANE_VALUE = [0] * (1 << 16)
"""Total card value of one suit's 16-bit rank mask."""
for _m in range(1, 1 << 16):
    _low = _m & -_m
    _r = _low.bit_length() - 1
    _LANE_VALUE[_m] = _LANE_VALUE[_m ^ _low] + (1 if _r == 14 else min(_r, 10) if _r >= 2 else 0)
_ACE_BITS = sum(1 << (16 * s + 14) for s in range(4))
_LOW_ACE_BITS = sum(1 << (16 * s + 1) for s in range(4))
_NOT_ACES = ~_ACE_BITS


def dead_floor(mask: int, ace_high: bool) -> int:
    """A quick lower bound on a hand's deadwood: the value of the cards that are in no possible
    meld at all (no two same-suit neighbours to run with, no two more of their rank).

    ``mask`` has bit ``card`` set for each card held; all four suits are handled at once
    (bits 0, 1 and 15 of each suit's lane are empty, so shifts never mix suits)."""
    low = (mask & _ACE_BITS) >> 13
    x = (mask | low) if ace_high else (mask & _NOT_ACES) | low
    r = x & (x >> 1) & (x >> 2)
    cov = r | (r << 1) | (r << 2)
    cov |= (cov & _LOW_ACE_BITS) << 13
    a, b, c, d = mask & 0xFFFF, mask >> 16 & 0xFFFF, mask >> 32 & 0xFFFF, mask >> 48
    three = (a & b & (c | d)) | (c & d & (a | b))
    if three:
        cov |= three | three << 16 | three << 32 | three << 48
    un = mask & ~cov
    return _LANE_VALUE[un & 0xFFFF] + _LANE_VALUE[un >> 16 & 0xFFFF] + _LANE_VALUE[un >> 32 & 0xFFFF] \
        + _LANE_VALUE[un >> 48]


_BIT = [1 << i for i in range(64)]


def going_out(hand: list[Card], aces: str, limit: int) -> tuple[int, tuple[tuple[Card, int], ...]]:
    """(least deadwood of the whole hand, or a lower bound on it when the hand cannot go out;
    the discards leaving ``limit`` or less, with the deadwood they leave).

    Discarding X leaves at least (whole hand's deadwood - value of X), so a hand whose deadwood
    is over ``limit`` + 10 cannot go out; the quick :func:`dead_floor` rules most hands out
    before the solver is asked, and then only cards worth enough are tried."""
    mask = sum(map(_BIT.__getitem__, hand))
    floor = dead_floor(mask, aces != "low")
    if floor - limit > 10:
        return floor, ()
    key = (mask, aces, limit)
    hit = _OUTS.get(key)
    if hit is not None:
        return hit
    rules = MELD_RULES[aces]
    full = melds.min_deadwood(hand, rules)
    need = full - limit
    outs = []
    if need <= 10:
        for i, c in enumerate(hand):
            if VALUE[c] >= need:
                dw = melds.min_deadwood(hand[:i] + hand[i + 1:], rules)
                if dw <= limit:
                    outs.append((c, dw))
    result = (full, tuple(outs))
    if len(_OUTS) > 20_000:
        _OUTS.clear()
    _OUTS[key] = result
    return result


def _candidate_melds(hand: list[Card], ace_high: bool) -> list[tuple[Card, ...]]:
    """Every set and run that can be made from ``hand`` (runs: each window of three or more
    consecutive cards of a suit; an ace sits low, or high as well when the rules allow)."""
    out: list[tuple[Card, ...]] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[int, dict[int, Card]] = {}
    for c in hand:
        by_rank.setdefault(c & 15, []).append(c)
        pos = by_suit.setdefault(c >> 4, {})
        pos[c & 15] = c
        if c & 15 == 14:
            pos[1] = c
            if not ace_high:
                del pos[14]
    for same in by_rank.values():
        if len(same) >= 3:
            out += list(itertools.combinations(same, 3))
            if len(same) == 4:
                out.append(tuple(same))
    for pos in by_suit.values():
        for start in sorted(pos):
            if start - 1 in pos:
                continue
            block = []
            r = start
            while r in pos:
                block.append(pos[r])
                r += 1
            for i in range(len(block) - 2):
                for j in range(i + 3, len(block) + 1):
                    out.append(tuple(block[i:j]))
    return out


def least_deadwood_spreads(hand: list[Card], ace_high: bool, limit: int = 64) -> list[tuple[tuple[Card, ...], ...]]:
    """The ways (up to ``limit``) of spreading ``hand`` into melds that leave the least deadwood.
    Several can tie, and they differ in what the opponent may lay off."""
    cands = _candidate_melds(hand, ace_high)
    index = {int(c): i for i, c in enumerate(hand)}
    masks = [sum(1 << index[int(c)] for c in m) for m in cands]
    worth = [sum(VALUE[c] for c in m) for m in cands]
    best_val = -1
    found: list[tuple[int, ...]] = []

    def walk(i: int, used: int, val: int, chosen: tuple[int, ...]) -> None:
        nonlocal best_val, found
        if val > best_val:
            best_val, found = val, [chosen]
        elif val == best_val and len(found) < limit:
            found.append(chosen)
        for j in range(i, len(cands)):
            if not masks[j] & used:
                walk(j + 1, used | masks[j], val + worth[j], chosen + (j,))

    walk(0, 0, 0, ())
    return [tuple(cands[j] for j in chosen) for chosen in found]


def _sort_key(c: int) -> tuple[int, int]:
    return c >> 4, (c & 15) % 14


def in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards sorted by suit and rank, ace first, the way a spread is laid out."""
    return tuple(sorted(cards, key=_sort_key))


def laid_out(melds: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    """Melds as laid on the table: each in order, and the melds in order of their cards."""
    return tuple(sorted(map(in_order, melds), key=lambda m: [_sort_key(c) for c in m]))
