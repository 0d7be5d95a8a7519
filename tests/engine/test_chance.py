"""The deal's shuffle: the same seed must deal what it always dealt (saved matches replay by seed)."""

import random

from gamenight.core.cards import cards
from gamenight.engine.chance import Chance, StackedRandom, shuffle


def test_shuffle_matches_random_shuffle_and_leaves_the_rng_where_it_would() -> None:
    for seed in range(40):
        for size in (0, 1, 2, 3, 24, 52, 104, 1100):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
            assert ours.getrandbits(64) == theirs.getrandbits(64)


def test_a_stacked_rng_shuffles_its_own_way() -> None:
    deck = cards("2C 3C AS")
    shuffle(StackedRandom(0, Chance(decks={0: ("3C", "AS", "2C")})), deck)
    assert [str(c) for c in deck] == ["3C", "AS", "2C"]
