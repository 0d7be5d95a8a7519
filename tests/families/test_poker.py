"""Poker hand evaluator: categories, ordering, wild cards, best-of-n and lowball,
checked against a deliberately plain brute-force reference."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.core.cards import FACES, JOKER, Card, cards, standard_deck
from gamenight.families.poker import (
    Category,
    HandValue,
    PokerEvaluator,
    best_low,
    best_of,
    best_value,
    category_of,
    compare,
    describe,
    evaluate5,
    low_value,
    ranks_wild,
)

DECK = [FACES[s * 16 + r] for s in range(4) for r in range(2, 15)]
ALL_FACES = [int(c) for c in DECK]

# --- the reference: plain code, no tables ------------------------------------------


def pack(cat: int, ranks: Sequence[int]) -> int:
    """The documented value layout: category, then five 4-bit ranks."""
    v = cat
    for i in range(5):
        v = (v << 4) | (ranks[i] if i < len(ranks) else 0)
    return v


@cache
def ref5(hand: tuple[int, ...], wheel: bool = True) -> int:
    """Value of five natural cards, straight from the definitions."""
    ranks = [c & 15 for c in hand]
    suits = {c >> 4 for c in hand}
    counts = Counter(ranks)
    by_group = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    distinct = sorted(counts, reverse=True)
    straight_top = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif wheel and distinct == [14, 5, 4, 3, 2]:
            straight_top = 5
    flush = len(suits) == 1
    line = [5, 4, 3, 2, 1] if straight_top == 5 else [straight_top - i for i in range(5)]
    if shape == [5]:
        return pack(9, by_group)
    if straight_top and flush:
        return pack(8, line)
    if shape == [4, 1]:
        return pack(7, by_group)
    if shape == [3, 2]:
        return pack(6, by_group)
    if flush:
        return pack(5, sorted(ranks, reverse=True))
    if straight_top:
        return pack(4, line)
    if shape[0] == 3:
        return pack(3, by_group)
    if shape[:2] == [2, 2]:
        return pack(2, by_group)
    if shape[0] == 2:
        return pack(1, by_group)
    return pack(0, by_group)


def ref_wild5(hand: Sequence[int], is_wild: Callable[[int], bool], five_of_a_kind: bool = True,
              wheel: bool = True, double_ace: bool = True) -> int:
    """Every wild card replaced by every one of the 52 faces; the best result wins."""
    naturals = tuple(c for c in hand if not is_wild(c))
    k = len(hand) - len(naturals)
    best = -1
    for sub in itertools.product(ALL_FACES, repeat=k):
        full = naturals + sub
        v = ref5(tuple(sorted(full)), wheel)
        cat = v >> 20
        if cat == 9 and k and not five_of_a_kind:
            continue
        if cat == 5 and k and not double_ace and len(set(full)) < 5:
            continue
        best = max(best, v)
    return best


def ref_best(hand: Sequence[int], is_wild: Callable[[int], bool] = lambda c: False, **rules: bool) -> int:
    """Best over every five-card subset of the reference value."""
    return max(ref_wild5(sub, is_wild, **rules) for sub in itertools.combinations(hand, 5))


def jokers(c: int) -> bool:
    return c >> 4 == 4


def deuces(c: int) -> bool:
    return c & 15 == 2 and c >> 4 < 4


JOKERS = PokerEvaluator(wild={JOKER})
DEUCES = PokerEvaluator(wild=ranks_wild(2))

# --- categories and names ------------------------------------------------------------------

KNOWN = [
    ("AS KS QS JS 10S", Category.STRAIGHT_FLUSH, "royal flush"),
    ("9H 8H 7H 6H 5H", Category.STRAIGHT_FLUSH, "straight flush, 9 high"),
    ("5D 4D 3D 2D AD", Category.STRAIGHT_FLUSH, "straight flush, 5 high"),
    ("7C 7D 7H 7S KD", Category.FOUR_OF_A_KIND, "four of a kind, 7s"),
    ("KS KH KD 7C 7H", Category.FULL_HOUSE, "full house, kings over 7s"),
    ("AH 10H 8H 4H 2H", Category.FLUSH, "flush, ace high"),
    ("10C 9D 8H 7S 6S", Category.STRAIGHT, "straight, 10 high"),
    ("AC 2D 3H 4S 5S", Category.STRAIGHT, "straight, 5 high"),
    ("AC KD QH JS 10S", Category.STRAIGHT, "straight, ace high"),
    ("QC QD QH 9S 2S", Category.THREE_OF_A_KIND, "three of a kind, queens"),
    ("JC JD 4H 4S AS", Category.TWO_PAIR, "two pair, jacks and 4s"),
    ("10C 10D 8H 4S 2S", Category.ONE_PAIR, "one pair, 10s"),
    ("AC QD 8H 4S 2S", Category.HIGH_CARD, "high card, ace"),
    ("QC KD AH 2S 3S", Category.HIGH_CARD, "high card, ace"),  # no wrap-around straight
]


@pytest.mark.parametrize("text,cat,name", KNOWN)
def test_known_hands(text: str, cat: Category, name: str) -> None:
    hand = cards(text)
    assert category_of(evaluate5(hand)) == cat
    hv = best_of(hand)
    assert hv.category == cat and hv.name == name == describe(hv.key)
    assert sorted(hv.cards) == sorted(hand)


def ordered(*texts: str, **kw: object) -> list[int]:
    return [best_value(cards(t), **kw) for t in texts]  # type: ignore[arg-type]


def test_order_across_categories() -> None:
    values = ordered("AC QD 8H 4S 2S", "2C 2D 3H 4S 5C", "2C 2D 3H 3S 4C", "2C 2D 2H 3S 4C",
                     "AC 2D 3H 4S 5C", "2H 3H 4H 5H 7H", "2C 2D 2H 3S 3C", "2C 2D 2H 2S 3C",
                     "AC 2C 3C 4C 5C", "AS KS QS JS 10S")
    assert values == sorted(values) and len(set(values)) == len(values)


def test_order_within_categories() -> None:
    # kickers decide, down to the last card
    a, b = ordered("AC KD 9H 5S 3S", "AC KD 9H 5S 2S")
    assert a > b
    a, b = ordered("8C 8D KH 7S 3S", "8C 8D QH JS 10S")
    assert a > b
    a, b = ordered("8C 8D 4H 4S AS", "8C 8D 4H 4S KS")
    assert a > b
    a, b = ordered("9C 9D 2H 2S 3S", "8C 8D 7H 7S AS")  # top pair first
    assert a > b
    a, b = ordered("3C 3D 3H 2S 2C", "2C 2D 2H AS AC")  # trips before the pair
    assert a > b
    # the wheel is the lowest straight and lowest straight flush
    wheel, six, ace = ordered("AC 2D 3H 4S 5C", "2D 3H 4S 5C 6C", "10C JD QH KS AC")
    assert wheel < six < ace
    swheel, ssix = ordered("AC 2C 3C 4C 5C", "2D 3D 4D 5D 6D")
    assert swheel < ssix
    # suits never break ties
    a, b = ordered("AC KD 9H 5S 3S", "AD KH 9S 5C 3C")
    assert a == b
    assert compare(cards("AC KD 9H 5S 3S"), cards("AD KH 9S 5C 3C")) == 0


def test_royal_flush_top_and_five_of_a_kind_above_it() -> None:
    royal = evaluate5(cards("AS KS QS JS 10S"))
    every = max(evaluate5(h) for h in itertools.islice(itertools.combinations(DECK, 5), 0, None, 997))
    assert royal >= every
    five = evaluate5(cards("AS AH AD AC JK"), wild={JOKER})
    assert category_of(five) == Category.FIVE_OF_A_KIND and five > royal
    assert best_of(cards("AS AH AD AC JK"), wild={JOKER}).name == "five of a kind, aces"
    low_five = evaluate5(cards("2S 2H 2D 2C JK"), wild={JOKER})
    assert low_five > royal


def test_all_hands_give_the_7462_classes() -> None:
    """Every one of the 2,598,960 hands: the standard counts per category and 7,462 classes."""
    ev = PokerEvaluator()
    e5 = ev.evaluate5
    counts = Counter(e5(h) for h in itertools.combinations(DECK, 5))
    assert sum(counts.values()) == 2_598_960
    assert len(counts) == 7462
    per_cat: Counter[int] = Counter()
    classes: Counter[int] = Counter()
    for v, n in counts.items():
        per_cat[v >> 20] += n
        classes[v >> 20] += 1
    assert [per_cat[c] for c in range(9)] == [1_302_540, 1_098_240, 123_552, 54_912, 10_200,
                                              5_108, 3_744, 624, 40]
    assert [classes[c] for c in range(9)] == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


# --- natural hands against the reference --------------------------------------------

hand5 = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@settings(deadline=None)
@given(hand5)
def test_evaluate5_matches_reference(hand: list[Card]) -> None:
    assert evaluate5(hand) == ref5(tuple(sorted(hand)))


@settings(deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=9, unique=True))
def test_best_of_is_max_over_five_card_subsets(hand: list[Card]) -> None:
    expect = max(evaluate5(s) for s in itertools.combinations(hand, 5))
    assert best_value(hand) == expect
    hv = best_of(hand)
    assert hv.key == expect and len(hv.cards) == 5
    assert evaluate5(hv.cards) == expect and all(c in hand for c in hv.cards)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=10, max_size=13, unique=True))
def test_big_hands_like_rummoli(hand: list[Card]) -> None:
    assert best_value(hand) == max(ref5(tuple(sorted(s))) for s in itertools.combinations(hand, 5))


@settings(deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=7, unique=True))
def test_no_wheel_option(hand: list[Card]) -> None:
    assert best_value(hand, wheel=False) == max(ref5(tuple(sorted(s)), False)
                                               for s in itertools.combinations(hand, 5))


def test_no_wheel_makes_a5_ace_high() -> None:
    assert category_of(evaluate5(cards("AC 2D 3H 4S 5C"), wheel=False)) == Category.HIGH_CARD


# --- wild cards ---------------------------------------------------------------------

WILD_DECK = DECK + [JOKER, Card(int(JOKER))]


def test_joker_completes_a_straight_flush() -> None:
    hv = JOKERS.best_of(cards("9H 8H 6H 5H JK"))
    assert hv.name == "straight flush, 9 high"
    assert [str(c) for c in hv.represents] == ["9H", "8H", "7H", "6H", "5H"]
    assert JOKERS.best_of(cards("JK KS QS JS 10S")).name == "royal flush"


def test_wild_five_of_a_kind_and_its_option() -> None:
    assert JOKERS.best_of(cards("7S 7H 7D 7C JK")).name == "five of a kind, 7s"
    assert DEUCES.best_of(cards("2S 2H 9D 9C 9S")).name == "five of a kind, 9s"
    no_five = PokerEvaluator(wild={JOKER}, five_of_a_kind=False)
    hv = no_five.best_of(cards("7S 7H 7D 7C JK"))
    assert hv.name == "four of a kind, 7s" and hv.represents[-1].rank == 14  # the joker is an ace kicker
    assert no_five.best_of(cards("AS AH AD AC JK")).name == "four of a kind, aces"
    # natural five of a kind from two decks always counts
    two = standard_deck(copies=2)
    aces = [c for c in two if c.rank == 14][:5]
    assert category_of(PokerEvaluator(five_of_a_kind=False).evaluate5(aces)) == Category.FIVE_OF_A_KIND


def test_wild_takes_the_best_of_its_choices() -> None:
    # pair + joker: trips beat the straight it cannot make; 4 to a flush and a straight: straight flush
    assert JOKERS.best_of(cards("KS KD 9C 4H JK")).name == "three of a kind, kings"
    assert JOKERS.best_of(cards("10S 9S 8S 7D JK")).name == "straight, jack high"
    assert JOKERS.best_of(cards("AS 9S 7S 3S JK")).name == "flush, ace high"
    hv = JOKERS.best_of(cards("KS KD 4C 4H JK"))
    assert hv.name == "full house, kings over 4s"
    assert JOKERS.best_of(cards("QS JS 10S 9S JK 2C 2D")).name == "straight flush, king high"
    # two pair + deuce in seven cards: full house, not quads
    assert DEUCES.best_of(cards("KS KD 4C 4H 2C 8D 9H")).name == "full house, kings over 4s"


def test_wild_predicate_gets_cards() -> None:
    ev = PokerEvaluator(wild=lambda c: c.rank in (3, 9))  # Baseball: threes and nines wild
    assert ev.best_of(cards("3S 9D KH KC 4D")).name == "four of a kind, kings"
    assert ev.evaluate5(cards("3S 9D KH KC 4D")) == PokerEvaluator(wild=ranks_wild(3, 9)).evaluate5(
        cards("3C 9H KH KC 4D"))


def test_double_ace_flush_option() -> None:
    hand = cards("AS KS 9S 5S JK")
    assert JOKERS.best_of(hand).represents[:2] == tuple(cards("AS AS"))
    strict = PokerEvaluator(wild={JOKER}, double_ace_flush=False)
    assert [str(c) for c in strict.best_of(hand).represents] == ["AS", "KS", "QS", "9S", "5S"]
    assert JOKERS.evaluate5(hand) > strict.evaluate5(hand)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(WILD_DECK), min_size=5, max_size=5, unique=True).filter(
    lambda h: sum(jokers(c) for c in h) <= 2))
def test_wild5_against_every_substitution(hand: list[Card]) -> None:
    assert JOKERS.evaluate5(hand) == ref_wild5(hand, jokers)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True).filter(
    lambda h: sum(deuces(c) for c in h) <= 2))
def test_deuces_wild_against_every_substitution(hand: list[Card]) -> None:
    for ev, rules in ((DEUCES, {}),
                      (PokerEvaluator(wild=ranks_wild(2), five_of_a_kind=False), {"five_of_a_kind": False}),
                      (PokerEvaluator(wild=ranks_wild(2), double_ace_flush=False), {"double_ace": False}),
                      (PokerEvaluator(wild=ranks_wild(2), wheel=False), {"wheel": False})):
        assert ev.evaluate5(hand) == ref_wild5(hand, deuces, **rules), rules


@pytest.mark.parametrize("five", [True, False])
def test_many_wilds_exhaustively_by_rank(five: bool) -> None:
    """Three to five wild cards: every hand shape of the naturals, each wild tried as every rank."""
    ev = PokerEvaluator(wild=ranks_wild(2) | {JOKER}, five_of_a_kind=five)
    naturals = [c for c in DECK if not deuces(c)]
    wilds = [c for c in DECK if deuces(c)] + [JOKER]
    seen = set()
    for k in (3, 4, 5):
        for nat in itertools.combinations(naturals, 5 - k):
            shape = (tuple(sorted(c & 15 for c in nat)), len({c >> 4 for c in nat}))
            if shape in seen:
                continue
            seen.add(shape)
            hand = list(nat) + wilds[:k]
            assert ev.evaluate5(hand) == _ref_many(nat, k, five), hand


def _ref_many(nat: Sequence[int], k: int, five: bool) -> int:
    """Wild substitution by rank, with the wilds either all in the naturals' one suit (a
    flush is worth trying) or spread over the suits so that no flush forms."""
    best = -1
    base = nat[0] >> 4 if nat else 0
    suits: list[int | None] = [None] + ([base] if len({c >> 4 for c in nat}) <= 1 else [])
    for ranks in itertools.combinations_with_replacement(range(2, 15), k):
        for suit in suits:
            if suit is None:
                subs = tuple(r + 16 * ((base + i + 1) % 4) for i, r in enumerate(ranks))
            else:
                subs = tuple(r + 16 * suit for r in ranks)
            v = ref5(tuple(sorted(tuple(nat) + subs)))
            if v >> 20 == 9 and not five:
                continue
            best = max(best, v)
    return best


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(WILD_DECK), min_size=6, max_size=7, unique=True).filter(
    lambda h: sum(jokers(c) for c in h) <= 1))
def test_wild_best_of_seven_against_reference(hand: list[Card]) -> None:
    hv = JOKERS.best_of(hand)
    assert hv.key == ref_best(hand, jokers)
    assert JOKERS.evaluate5(hv.cards) == hv.key
    assert ref5(tuple(sorted(hv.represents))) == hv.key


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(WILD_DECK), min_size=5, max_size=7, unique=True))
def test_wild_best_of_is_max_over_subsets(hand: list[Card]) -> None:
    assert JOKERS.best_value(hand) == max(JOKERS.evaluate5(s) for s in itertools.combinations(hand, 5))


TWO_DECKS = standard_deck(copies=2, jokers=1)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(range(len(TWO_DECKS))), min_size=5, max_size=8, unique=True))
def test_two_decks_duplicates(idx: list[int]) -> None:
    hand = [TWO_DECKS[i] for i in idx]
    plain = [c for c in hand if not jokers(c)]
    if len(plain) >= 5:
        assert best_value(plain) == max(ref5(tuple(sorted(s))) for s in itertools.combinations(plain, 5))
    if sum(jokers(c) for c in hand) <= 1 or len(hand) <= 6:
        assert JOKERS.best_value(hand) == max(ref_wild5(s, jokers) for s in itertools.combinations(hand, 5))


def test_partial_hands_for_stud_showdowns() -> None:
    assert best_of(cards("KS KH")).name == "one pair, kings"
    assert best_value(cards("KS KH 3C")) > best_value(cards("KS KH"))
    assert best_value(cards("2S 2H")) > best_value(cards("AS KH QD JC"))
    assert JOKERS.best_of(cards("9S JK 9D")).name == "three of a kind, 9s"


def test_unknown_or_tame_jokers_are_refused() -> None:
    with pytest.raises(ValueError, match="JK"):
        evaluate5(cards("JK 2C 3C 4C 5C"))
    with pytest.raises(ValueError):
        best_value(cards("JK 2C 3C 4C 5C 9D 9H"))


def test_hand_value_orders_and_compares() -> None:
    a, b = best_of(cards("KS KH 3C 3D 9S")), best_of(cards("QS QH JC JD AS"))
    assert a > b and b < a and a != b and max(a, b) is a
    assert compare(a, b) == 1 and compare(cards("QS QH JC JD AS"), a) == -1
    assert isinstance(a, HandValue) and "kings" in repr(a)


# --- lowball ------------------------------------------------------------------------------


def ref_low(hand: Sequence[int], is_wild: Callable[[int], bool], ace_low: bool, sf: bool) -> int:
    """Lowest high-hand value over every five-card subset and every wild substitution,
    with the ace as 1 when ace_low and straights/flushes ignored unless sf."""
    best = None
    for sub in itertools.combinations(hand, 5):
        naturals = tuple(c for c in sub if not is_wild(c))
        for subs in itertools.product(ALL_FACES, repeat=5 - len(naturals)):
            full = naturals + subs
            ranks = sorted(((c & 15) if not (ace_low and c & 15 == 14) else 1 for c in full), reverse=True)
            counts = Counter(ranks)
            by_group = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
            shape = sorted(counts.values(), reverse=True)
            cat = {(5,): 9, (4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0)
            if sf and cat == 0:
                straight = ranks[0] - ranks[4] == 4
                flush = len({c >> 4 for c in full}) == 1
                cat = 8 if straight and flush else 5 if flush else 4 if straight else 0
            v = pack(cat, by_group)
            best = v if best is None else min(best, v)
    assert best is not None
    return best


def test_ace_to_five_low() -> None:
    wheel, six4, six5, pair = (low_value(cards(t)) for t in
                               ("AS 2H 3D 4C 5S", "6S 4H 3D 2C AS", "6S 5H 3D 2C AS", "AS AH 2D 3C 4S"))
    assert wheel > six4 > six5 > pair
    # straights and flushes do not count against a low hand by default
    assert low_value(cards("AS 2S 3S 4S 5S")) == wheel
    assert best_low(cards("AS 2H 3D 4C 5S")).name == "5-4-3-2-A low"
    assert best_low(cards("KS 7H 5D 4C 3S 2H 2C")).name == "7-5-4-3-2 low"


def test_deuce_to_seven_low() -> None:
    rules = {"ace_low": False, "straights_and_flushes": True}
    best, ace_high, straight, flush = (low_value(cards(t), **rules) for t in  # type: ignore[arg-type]
                                       ("7S 5H 4D 3C 2S", "AS 5H 4D 3C 2S", "6S 5H 4D 3C 2S", "7S 5S 4S 3S 2S"))
    assert best > ace_high and best > straight and best > flush
    assert ace_high > straight  # A-5-4-3-2 is ace high, not a straight


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(WILD_DECK), min_size=5, max_size=6, unique=True).filter(
    lambda h: sum(jokers(c) for c in h) <= 1), st.booleans(), st.booleans())
def test_low_against_reference(hand: list[Card], ace_low: bool, sf: bool) -> None:
    got = JOKERS.low_value(hand, ace_low=ace_low, straights_and_flushes=sf)
    assert got == (1 << 24) - ref_low(hand, jokers, ace_low, sf)
    hv = JOKERS.best_low(hand, ace_low=ace_low, straights_and_flushes=sf)
    assert hv.key == got and len(hv.cards) == 5


def test_wild_in_low_takes_the_missing_low_card() -> None:
    hv = JOKERS.best_low(cards("JK 5H 4D 3C 2S"))
    assert hv.name == "5-4-3-2-A low" and hv.represents[-1].rank == 14
    assert low_value(cards("JK 5H 4D 3C 2S"), wild={JOKER}) == low_value(cards("AS 5H 4D 3C 2S"))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=7, unique=True), st.booleans())
def test_deuces_best_of_seven_is_max_over_subsets(hand: list[Card], five: bool) -> None:
    ev = PokerEvaluator(wild=ranks_wild(2), five_of_a_kind=five)
    assert ev.best_value(hand) == max(ev.evaluate5(s) for s in itertools.combinations(hand, 5))


def test_cards_used_are_the_physical_cards() -> None:
    two = standard_deck(copies=2)
    hand = [c for c in two if c.rank == 9 and c.suit < 2] + [two[0], two[1], two[2]]
    hv = best_of(hand)
    assert hv.name == "four of a kind, 9s"
    assert all(any(c is h for h in hand) for c in hv.cards)
