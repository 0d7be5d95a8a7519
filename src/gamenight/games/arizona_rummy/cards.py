"""Arizona Rummy's cards: the packs, each round's rank (its wild cards and hand size), what a meld
may be and what cards left in hand count."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from gamenight.core.cards import JOKER, Card, code, standard_deck
from gamenight.families import rummy
from gamenight.families.melds import MeldRules

ROUNDS = tuple(range(3, 14))
"""Each round's rank, 3s to kings: the cards dealt and the rank that is wild."""
JOKER_FACE = int(JOKER)


def deck(decks: int) -> list[Card]:
    return standard_deck(copies=decks, jokers=2)


def rank_of(round_no: int) -> int:
    return ROUNDS[round_no - 1]


@functools.cache
def wild(rank: int) -> frozenset[int]:
    """The jokers and the round's rank in every suit."""
    return frozenset({JOKER_FACE, *(code(rank, s) for s in range(4))})


@functools.cache
def values(rank: int) -> tuple[int, ...]:
    """What each face counts left in hand this round: jokers 50, the round's wild cards 25, aces 20,
    K-10 10, 9-2 5."""
    table = rummy.point_table({"9-2": 5, "K-10": 10, "A": 20, "JK": 50})
    for face in wild(rank) - {JOKER_FACE}:
        table[face] = 25
    return tuple(table)


@functools.cache
def meld_rules(rank: int) -> MeldRules:
    table = values(rank)
    return MeldRules(ace_low=True, ace_high=True, max_set_size=None, wild_faces=wild(rank),
                     value=table.__getitem__)


def count(cards: Iterable[Card], rank: int) -> int:
    return rummy.count(cards, values(rank))
