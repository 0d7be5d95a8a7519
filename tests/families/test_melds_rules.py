"""The meld kinds and wild-card limits the rummy books ask for, each as MeldRules switches.

One test per book sentence (rulebooks 000, 001, 002, 004): what it allows, what it refuses, and
what that does to the least deadwood of a hand.
"""

from __future__ import annotations

from gamenight.core.cards import JOKER, RUMSKI_WILD, Card, cards, standard_deck
from gamenight.families.melds import (
    MeldRules,
    best_arrangement,
    is_meld,
    lay_off,
    meld_kind,
    min_deadwood,
)

JOKERS = frozenset({int(JOKER)})
TWOS = frozenset(int(c) for c in cards("2C 2D 2H 2S"))
THREES = frozenset(int(c) for c in cards("3C 3D 3H 3S"))


def canasta_count(card: Card) -> int:
    """Canasta's card values (001): jokers 50, aces and 2s 20, 8 to king 10, 7 down to black 3 5."""
    return 50 if card.is_joker else 20 if card.rank in (2, 14) else 10 if card.rank >= 8 else 5


def joker(n: int = 1) -> list[Card]:
    """``n`` physical jokers (each its own object, as from several decks)."""
    return [c for c in standard_deck(copies=n, jokers=1) if c.is_joker]


CANASTA = MeldRules(runs=False, max_set_size=None, wild_faces=TWOS | JOKERS, min_naturals_per_meld=2,
                    unmeldable=THREES, value=canasta_count)
HAND_AND_FOOT = MeldRules(runs=False, max_set_size=None, wild_faces=TWOS | JOKERS, wilds_at_most_naturals=True,
                          all_wild_melds=True, unmeldable=THREES, value=canasta_count)
PUSH_ONE_OF_EACH_SUIT = MeldRules(ace_high=True, max_set_size=None, wild_faces=TWOS | JOKERS, set_suits_distinct=True)
RED_ACES = frozenset(int(c) for c in cards("AD AH"))
VAZHUSHAL = MeldRules(ace_high=True, set_suits_distinct=True, wild_faces=JOKERS | RED_ACES, wilds_may_be_natural=True)


def test_canasta_sets_of_one_rank_with_two_naturals_and_no_threes() -> None:
    # 001: "melds, consisting of at least three cards of the same rank, of which at least two
    # must be natural"; "Threes cannot be melded in the usual way".
    assert meld_kind(cards("7H 7S 2C"), CANASTA) == "set"
    assert is_meld(cards("7H 7S 7D 7C 7H 2C JK"), CANASTA)  # two decks: seven sevens and more
    assert not is_meld(cards("7H 2C JK"), CANASTA)
    assert not is_meld(cards("7H 8H 9H"), CANASTA)  # no runs
    assert not is_meld(cards("3H 3D 3C"), CANASTA)
    assert min_deadwood(cards("3H 3D 3C 9S 9D") + joker(), CANASTA) == 15  # the threes stay in hand
    # "Jokers and twos can only be used as substitutes - you cannot have a meld of five twos."
    assert not is_meld(cards("2C 2D 2H 2S 2C"), CANASTA)


def test_hand_and_foot_naturals_at_least_the_wilds_and_wild_canastas() -> None:
    # 000: "You must have at least as many naturals as wild to start each set"; "Wild Canasta
    # 2000 points 7 wild cards".
    assert is_meld(cards("9H 9S 2C"), HAND_AND_FOOT)
    assert not is_meld(cards("9H 2C JK"), HAND_AND_FOOT)
    assert is_meld(cards("9H 9S 9C 2C 2D JK"), HAND_AND_FOOT)
    assert is_meld(cards("2C 2D 2H 2S 2C 2D") + joker(), HAND_AND_FOOT)
    hand = cards("2C 2D 2H KS") + joker(2)
    arrangement = best_arrangement(hand, HAND_AND_FOOT)
    assert arrangement.deadwood_value == 10  # the five wild cards meld on their own, the king stays
    assert [str(c) for c in arrangement.deadwood] == ["KS"]
    assert min_deadwood(hand, MeldRules(runs=False, max_set_size=None, wild_faces=TWOS | JOKERS,
                                        wilds_at_most_naturals=True, value=canasta_count)) == 170


def test_ten_dime_and_horseshit_sets_only() -> None:
    # 000, 10 Dime: "Runs are not permitted - SETS ONLY"; "at least equal amounts of tame cards
    # to wild cards". Horseshit: "Only sets"; "at least one natural card in each grouping".
    ten_dime = MeldRules(runs=False, max_set_size=None, wild_faces=TWOS | JOKERS, wilds_at_most_naturals=True)
    horseshit = MeldRules(runs=False, max_set_size=None, wild_faces=frozenset(int(c) for c in cards("5C 5D 5H 5S")))
    assert is_meld(cards("QH QS QH QC 2D 2S"), ten_dime) and not is_meld(cards("QH 2D 2S"), ten_dime)
    assert is_meld(cards("QH 5D 5S"), horseshit) and not is_meld(cards("5D 5S 5H"), horseshit)
    assert not is_meld(cards("9H 10H JH"), ten_dime) and not is_meld(cards("9H 10H JH"), horseshit)


def test_runs_only_and_set_size_caps() -> None:
    runs_only = MeldRules(sets=False, ace_high=True)
    assert is_meld(cards("QS KS AS"), runs_only) and not is_meld(cards("7H 7S 7D"), runs_only)
    assert not is_meld(cards("7H 7S 7D 7C 7H"), MeldRules()) and is_meld(cards("7H 7S 7D 7C 7H"),
                                                                           MeldRules(max_set_size=None))


def test_push_variant_a_set_holds_one_of_each_suit() -> None:
    # 000, Push, Alternate Rule 1: "Each set can only have one of each suit."
    assert is_meld(cards("8H 8S 8D 8C"), PUSH_ONE_OF_EACH_SUIT)
    assert not is_meld(cards("8H 8H 8S"), PUSH_ONE_OF_EACH_SUIT)
    assert is_meld(cards("8H 8S JK"), PUSH_ONE_OF_EACH_SUIT)  # the wild card stands for a missing suit
    assert not is_meld(cards("8H 8S 8D 8C JK"), PUSH_ONE_OF_EACH_SUIT)  # no fifth suit to stand for
    assert is_meld(cards("8H 8H 8S"), MeldRules(max_set_size=None))  # the ordinary rule
    assert min_deadwood(cards("8H 8H 8S 8D"), PUSH_ONE_OF_EACH_SUIT) == 1  # one eight of hearts is left
    laid = lay_off(cards("8H 8C"), [cards("8H 8S 8D")], PUSH_ONE_OF_EACH_SUIT)
    assert [str(c) for c in laid.placements[0]] == ["8C"]


def test_rumski_one_wild_per_meld_in_five_colours() -> None:
    # 002: "only one Wild card may be played in any given matched set"; groups of the same
    # number in any colours, sequences in one colour.
    rumski = MeldRules(max_set_size=None, wild_faces=frozenset({int(RUMSKI_WILD)}), max_wilds_per_meld=1)
    assert is_meld(cards("7R 7Y 7G 7B 7P"), rumski)
    assert is_meld(cards("11B 12B W"), rumski) and not is_meld(cards("11B W W"), rumski)
    assert is_meld(cards("1R 2R 3R"), rumski) and not is_meld(cards("12R 13R 1R"), rumski)


def test_vazhushal_wild_twins_count_as_natural_in_their_own_place() -> None:
    # 004: "The cards of the same rank, but the opposite color, of the negative joker are
    # considered wild" (here the negative joker is the ace of spades, so the red aces are wild);
    # "A wild card being used as its natural value ... does not count as a wild card"; "a meld
    # cannot consist of only jokers"; "Two cards of the same rank and suit are not allowed in
    # the same meld."
    assert is_meld(cards("AD AH JK"), VAZHUSHAL)  # two aces standing as themselves, and a joker
    assert not is_meld(cards("AD AH JK"), MeldRules(ace_high=True, set_suits_distinct=True,
                                                     wild_faces=VAZHUSHAL.wild_faces))
    assert meld_kind(cards("QD KD AD"), VAZHUSHAL) == "run"
    assert not is_meld(joker(3), VAZHUSHAL)
    assert not is_meld(cards("9S 9S 9C"), VAZHUSHAL)
    assert min_deadwood(cards("AD AH") + joker(), VAZHUSHAL) == 0
    assert min_deadwood(cards("AD 5C 6C"), VAZHUSHAL) == 0  # a red ace may also stand for 4C or 7C
