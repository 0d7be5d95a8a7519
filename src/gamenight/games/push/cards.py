"""Push's cards and melds: the 108-card pack, the wild cards, what a meld may be (one suit a set in
Alternate Rule 1), the five deals' contracts and what cards count."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from gamenight.core.cards import JOKER, Card, cards, standard_deck
from gamenight.families import rummy
from gamenight.families.melds import MeldRules
from gamenight.families.rummy_contracts import Contract

DECK: tuple[Card, ...] = tuple(standard_deck(copies=2, jokers=2))
WILD: frozenset[int] = frozenset(int(c) for c in [JOKER, *cards("2C 2D 2H 2S")])
VALUES = rummy.point_table({"JK": 25, "2": 25, "A": 20, "K-10": 10, "9-3": 5})
DEALS: tuple[tuple[int, Contract], ...] = tuple((size, Contract.parse(text)) for size, text in (
    (6, "2 sets of 3"), (7, "1 set of 3 and 1 run of 4"), (8, "2 runs of 4"), (9, "3 sets of 3"),
    (10, "2 runs of 5")))
"""Each deal's hand size and contract, in order."""
MELD_RULES = MeldRules(ace_low=True, ace_high=True, max_set_size=None, wild_faces=WILD, value=VALUES.__getitem__)
ONE_SUIT_RULES = dataclasses.replace(MELD_RULES, set_suits_distinct=True)
"""Alternate Rule 1: a set holds one card of each suit."""


def meld_rules(options: Any) -> MeldRules:
    return ONE_SUIT_RULES if options.one_suit_sets else MELD_RULES


def is_wild(c: int) -> bool:
    return c in WILD


def value(cs: Iterable[Card]) -> int:
    return rummy.count(cs, VALUES)
