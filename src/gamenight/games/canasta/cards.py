"""Canasta's cards: which are wild, which threes do what, what each counts, and the melds the
rules accept. Pure functions of cards, shared by the game, its scoring and its bot."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gamenight.core.cards import JOKER, Card, cards, standard_deck
from gamenight.families import rummy
from gamenight.families.melds import MeldRules

WILD: frozenset[int] = frozenset(int(c) for c in [JOKER, *cards("2C 2D 2H 2S")])


def _pack() -> tuple[Card, ...]:
    """The 108 cards, the wild cards and threes in the middle: every deal shuffles them, and a test's
    stacked deal (``gamenight.testing`` deals the pack unshuffled once, to see where each card goes)
    then finds a plain deal, with no red three to lay out and no wild card turned up."""
    pack = standard_deck(copies=2, jokers=2)
    plain = [c for c in pack if int(c) not in WILD and c & 15 != 3]
    special = [c for c in pack if int(c) in WILD or c & 15 == 3]
    return (*plain[:60], *special, *plain[60:])


DECK: tuple[Card, ...] = _pack()
MELD_RULES = MeldRules(runs=False, max_set_size=None, wild_faces=WILD, min_naturals_per_meld=2,
                       max_wilds_per_meld=3)
BLACK_THREE_RULES = MeldRules(runs=False, max_set_size=4, min_naturals_per_meld=3)
"""A going-out meld of black threes: three or four of them, no wild card."""
VALUES = rummy.point_table({"JK": 50, "A": 20, "2": 20, "K-8": 10, "7-4": 5, "black 3": 5})
CANASTA_SIZE = 7
HAND_SIZE = 11
MINIMUMS = ((0, 15), (1500, 50), (3000, 90))
"""Initial meld minimum by the side's score: below 0 it is 15, below 1500 it is 50, below 3000 it is 90, else 120."""


def is_wild(c: int) -> bool:
    return c in WILD


def is_red_three(c: Card) -> bool:
    return c & 15 == 3 and c.is_red


def is_black_three(c: Card) -> bool:
    return c & 15 == 3 and not c.is_red and not c.is_joker


def freezes(c: Card) -> bool:
    """A wild card or a red three in the pile freezes it."""
    return is_wild(c) or is_red_three(c)


def stops(c: Card) -> bool:
    """A black three or a wild card on top of the pile stops it."""
    return is_black_three(c) or is_wild(c)


def turned_up_again(c: Card) -> bool:
    """At the deal, a wild card or a three turned up is covered by another."""
    return is_wild(c) or c & 15 == 3


def minimum(score: int) -> int:
    for below, needed in MINIMUMS:
        if score < below:
            return needed
    return 120


def value(cs: Iterable[Card]) -> int:
    return rummy.count(cs, VALUES)


def naturals_of(hand: Sequence[Card], rank: int) -> list[Card]:
    return [c for c in hand if c & 15 == rank and not is_wild(c)]


def canasta_kind(meld: Sequence[Card]) -> str | None:
    """``natural`` or ``mixed`` once the meld is a canasta of seven cards or more."""
    return rummy.canasta_kind(meld, WILD, CANASTA_SIZE)
