"""Hand and Foot's cards: the packs by player count, what is wild, the threes, what each card
counts, and the melds the rules accept."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from gamenight.core.cards import JOKER, Card, cards, standard_deck
from gamenight.families import rummy
from gamenight.families.melds import MeldRules

WILD: frozenset[int] = frozenset(int(c) for c in [JOKER, *cards("2C 2D 2H 2S")])
MELD_RULES = MeldRules(runs=False, max_set_size=None, wild_faces=WILD, wilds_at_most_naturals=True)
VALUES = rummy.point_table({"JK": 50, "2": 25, "A": 20, "K-8": 10, "4-7": 5, "black 3": 5})
CANASTA = 7
HAND, FOOT = 15, 13
MINIMUMS = (90, 120, 150, 180)
"""The first meld's minimum in rounds 1 to 4."""
ROUNDS = len(MINIMUMS)
RED, BLACK, WILD_KIND = "natural", "mixed", "wild"
CANASTA_NAMES = {RED: "red", BLACK: "black", WILD_KIND: "wild"}


@cache
def pack(players: int) -> tuple[Card, ...]:
    """One more deck than there are players, jokers included; the wild cards and threes lie mid-pack
    (every deal shuffles; a test's stacked deal, which looks at the pack unshuffled first, then finds
    no red three to lay out and nothing wild turned up)."""
    every = standard_deck(copies=players + 1, jokers=2)
    plain = [c for c in every if int(c) not in WILD and c & 15 != 3]
    special = [c for c in every if int(c) in WILD or c & 15 == 3]
    cut = players * (HAND + FOOT) + 10
    return (*plain[:cut], *special, *plain[cut:])


def is_wild(c: int) -> bool:
    return c in WILD


def is_red_three(c: Card) -> bool:
    return c & 15 == 3 and c.is_red


def is_black_three(c: Card) -> bool:
    return c & 15 == 3 and not c.is_red and not c.is_joker


def stops(c: Card) -> bool:
    """A wild card or a black three on top freezes the pile."""
    return is_wild(c) or is_black_three(c)


def value(cs: Iterable[Card]) -> int:
    return rummy.count(cs, VALUES)


def canasta_kind(meld: Sequence[Card]) -> str | None:
    return rummy.canasta_kind(meld, WILD, CANASTA)


def naturals_of(cs: Sequence[Card], rank: int) -> list[Card]:
    return [c for c in cs if c & 15 == rank and not is_wild(c)]
