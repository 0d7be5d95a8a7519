"""Desert Rummy's cards and melds: the decks for the table, the wild cards, what a meld may be, and
the eleven melds each player climbs."""

from __future__ import annotations

import dataclasses
from typing import Any

from gamenight.core.cards import JOKER, Card, cards, standard_deck
from gamenight.families.melds import MeldRules
from gamenight.families.rummy_contracts import Contract

WILD: frozenset[int] = frozenset(int(c) for c in [JOKER, *cards("2C 2D 2H 2S")])
MELD_RULES = MeldRules(ace_low=True, ace_high=True, max_set_size=None, wild_faces=WILD, wilds_at_most_naturals=True)
SET_RULES = dataclasses.replace(MELD_RULES, runs=False)
HAND_SIZE = 11
CONTRACTS = tuple(Contract.parse(text) for text in (
    "2 sets of 3", "2 runs of 3", "1 run of 4 and 1 set of 3", "2 sets of 4", "1 run of 5 and 1 set of 3",
    "3 sets of 3", "1 run of 7", "2 runs of 4 in same suit", "1 run of 6 and 1 set of 3", "2 sets of 5",
    "1 run of 9"))
"""The book's "order of melds required to move to next set"."""


def is_wild(c: int) -> bool:
    return c in WILD


def contract(n: int) -> Contract:
    """Meld number ``n`` (1 to 11)."""
    return CONTRACTS[n - 1]


def decks(players: int, options: Any) -> int:
    """Two decks for up to five players, three for more, unless the house says how many."""
    return int(options.decks) or (2 if players <= 5 else 3)


def deck(players: int, options: Any) -> list[Card]:
    return standard_deck(copies=decks(players, options), jokers=2)
