"""Tests for the rummy-meld family: the solvers against a plain brute force, and known hands."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamenight.core.cards import JOKER, RUMSKI_WILD, Card, cards, rumski_deck, standard_deck
from gamenight.families.melds import (
    MeldRules,
    best_arrangement,
    best_discard,
    deadwood_after_discards,
    is_meld,
    lay_off,
    meld_kind,
    min_deadwood,
    min_deadwood_after_layoff,
)

# ---------------------------------------------------------------------------
# Brute-force reference, written independently of the module under test.


def ref_is_meld(cs: Sequence[Card], rules: MeldRules) -> bool:
    """Try every reading of the wild cards and every concrete set and run window."""
    if len(cs) < rules.min_len or any(int(c) in rules.unmeldable for c in cs):
        return False
    wild = [c for c in cs if int(c) in rules.wild_faces]
    nat = [c for c in cs if int(c) not in rules.wild_faces]
    readings = [(nat, len(wild))]
    if rules.wilds_may_be_natural:
        readings = [(nat + list(chosen), len(wild) - k)
                    for k in range(len(wild) + 1) for chosen in combinations(wild, k)]
    return any(ref_reading(n, w, len(cs), rules) for n, w in readings)


def ref_reading(nat: Sequence[Card], wilds: int, n: int, rules: MeldRules) -> bool:
    if not nat:
        too_many = rules.max_wilds_per_meld is not None and wilds > rules.max_wilds_per_meld
        if not rules.all_wild_melds and (rules.min_naturals_per_meld > 0 or rules.wilds_at_most_naturals or too_many):
            return False
        most = min(rules.max_set_size or 99, 4 if rules.set_suits_distinct else 99)
        return (rules.sets and n <= most) or (rules.runs and n <= 13)
    if len(nat) < rules.min_naturals_per_meld:
        return False
    if rules.max_wilds_per_meld is not None and wilds > rules.max_wilds_per_meld:
        return False
    if rules.wilds_at_most_naturals and wilds > len(nat):
        return False
    if rules.sets and (rules.max_set_size is None or n <= rules.max_set_size):
        standard, colours = all(c.suit < 4 for c in nat), all(5 <= c.suit <= 9 for c in nat)
        distinct = not rules.set_suits_distinct or (
            len({c.suit for c in nat}) == len(nat) and n <= (4 if standard else 5))
        if (standard or colours) and len({c.rank for c in nat}) == 1 and distinct:
            return True
    if rules.runs:
        suits = {c.suit for c in nat}
        if len(suits) != 1:
            return False
        suit = suits.pop()
        if suit < 4:
            sequences = []
            if rules.ace_low:
                sequences.append([14] + list(range(2, 14)))
            if rules.ace_high:
                sequences.append(list(range(2, 15)))
            if not sequences:
                sequences.append(list(range(2, 14)))
        elif 5 <= suit <= 9:
            sequences = [list(range(1, 14))]
        else:
            return False
        need = Counter(c.rank for c in nat)
        for seq in sequences:
            for start in range(0, len(seq) - n + 1):
                window = Counter(seq[start:start + n])
                if all(window[r] >= k for r, k in need.items()):
                    return True
    return False


def ref_melds(hand: Sequence[Card], rules: MeldRules) -> list[int]:
    """Bitmasks of every subset of the hand that is a valid meld."""
    out = []
    for mask in range(1, 1 << len(hand)):
        if mask.bit_count() >= rules.min_len and ref_is_meld([c for i, c in enumerate(hand) if mask >> i & 1], rules):
            out.append(mask)
    return out


def ref_min_deadwood(hand: Sequence[Card], rules: MeldRules) -> int:
    """Enumerate every partition into melds and dead cards: the lowest card left is dead or in
    one of the melds whose lowest card it is."""
    by_lowest: dict[int, list[int]] = {}
    for m in ref_melds(hand, rules):
        by_lowest.setdefault(m & -m, []).append(m)
    vals = [rules.value(c) for c in hand]

    @cache
    def best(left: int) -> int:
        if not left:
            return 0
        low = left & -left
        i = low.bit_length() - 1
        result = vals[i] + best(left ^ low)
        for m in by_lowest.get(low, ()):
            if m & left == m:
                result = min(result, best(left ^ m))
        return result

    return best((1 << len(hand)) - 1)


def ref_arrangements(hand: Sequence[Card], rules: MeldRules) -> list[tuple[list[int], int]]:
    """Every arrangement as (meld masks, dead mask)."""
    melds = ref_melds(hand, rules)
    out: list[tuple[list[int], int]] = []

    def walk(left: int, chosen: list[int], dead: int) -> None:
        if not left:
            out.append((list(chosen), dead))
            return
        low = left & -left
        walk(left ^ low, chosen, dead | low)
        for m in melds:
            if m & low and m & left == m:
                walk(left ^ m, chosen + [m], dead)

    walk((1 << len(hand)) - 1, [], 0)
    return out


def ref_layoff_value(dead: Sequence[Card], knocker: Sequence[Sequence[Card]], rules: MeldRules) -> int:
    """Most points layable: every valid subset per meld, combined disjointly."""
    per_meld = []
    for meld in knocker:
        subs = [0]
        for mask in range(1, 1 << len(dead)):
            if ref_is_meld(list(meld) + [c for i, c in enumerate(dead) if mask >> i & 1], rules):
                subs.append(mask)
        per_meld.append(subs)
    vals = [rules.value(c) for c in dead]
    best = 0

    def walk(k: int, used: int) -> None:
        nonlocal best
        if k == len(per_meld):
            best = max(best, sum(v for i, v in enumerate(vals) if used >> i & 1))
            return
        for s in per_meld[k]:
            if not s & used:
                walk(k + 1, used | s)

    walk(0, 0)
    return best


# ---------------------------------------------------------------------------
# Rules and card pools

JOKER_FACE = frozenset({int(JOKER)})
TWOS = frozenset(int(c) for c in cards("2C 2D 2H 2S"))
THREES = frozenset(int(c) for c in cards("3C 3D 3H 3S"))
RED_ACES = frozenset(int(c) for c in cards("AD AH"))  # Vazhushal with the A of spades turned up


def pip(card: Card) -> int:
    """Gin's count, jokers 15."""
    return 15 if card.is_joker else 1 if card.rank == 14 else min(card.rank, 10)


def canasta_count(card: Card) -> int:
    return 50 if card.is_joker else 20 if card.rank in (2, 14) else 10 if card.rank >= 8 else 5


def rumski_value(card: Card) -> int:
    if card.suit == 10:
        return 25
    return 5 if card.rank <= 9 else 10


DECK = standard_deck()
LOW_HIGH = [c for c in DECK if c.rank in (14, 2, 3, 4, 5, 12, 13)]
MIDDLE = [c for c in DECK if 6 <= c.rank <= 10]
STANDARD_POOLS = [DECK, LOW_HIGH, MIDDLE]
DOUBLE = [c for c in standard_deck(copies=2) if c.rank in (14, 2, 3, 4, 5, 6, 7)]
TRIPLE = [c for c in standard_deck(copies=3) if c.rank in (14, 2, 3, 4, 5, 6)]
RUMSKI = [c for c in rumski_deck() if c.rank <= 6 and c.suit != 10]
JOKERS = [c for c in standard_deck(copies=4, jokers=1) if c.is_joker]
RUMSKI_WILDS = [c for c in rumski_deck() if c.suit == 10]

# name: (rules, pools, wild cards to add, max extra wilds)
VARIANTS: dict[str, tuple[MeldRules, list[list[Card]], list[Card], int]] = {
    "gin": (MeldRules(value=pip), STANDARD_POOLS, [], 0),
    "aces_both": (MeldRules(ace_high=True, value=pip), STANDARD_POOLS, [], 0),
    "aces_high_only": (MeldRules(ace_low=False, ace_high=True, value=pip), STANDARD_POOLS, [], 0),
    "aces_never_in_runs": (MeldRules(ace_low=False, value=pip, wild_faces=JOKER_FACE), STANDARD_POOLS, JOKERS, 2),
    "jokers": (MeldRules(wild_faces=JOKER_FACE, value=pip), STANDARD_POOLS, JOKERS, 2),
    "jokers_aces_both": (MeldRules(ace_high=True, wild_faces=JOKER_FACE, value=pip), STANDARD_POOLS, JOKERS, 3),
    "twos": (MeldRules(wild_faces=TWOS, value=pip), STANDARD_POOLS, [], 0),
    "twos_aces_high_only": (MeldRules(ace_low=False, ace_high=True, wild_faces=TWOS, value=pip), STANDARD_POOLS, [], 0),
    "melds_of_four": (MeldRules(min_len=4, wild_faces=JOKER_FACE, value=pip), STANDARD_POOLS, JOKERS, 2),
    "twos_and_jokers_one_per_meld": (MeldRules(wild_faces=TWOS | JOKER_FACE, max_wilds_per_meld=1, value=pip),
                                     STANDARD_POOLS, JOKERS, 1),
    "all_wild_melds": (MeldRules(wild_faces=JOKER_FACE, min_naturals_per_meld=0, value=pip), STANDARD_POOLS, JOKERS, 3),
    "sets_only_capped": (MeldRules(runs=False, wild_faces=JOKER_FACE, value=pip), STANDARD_POOLS, JOKERS, 2),
    "runs_only": (MeldRules(sets=False, ace_high=True, wild_faces=JOKER_FACE, value=pip), STANDARD_POOLS, JOKERS, 2),
    "canasta": (MeldRules(runs=False, max_set_size=None, wild_faces=TWOS | JOKER_FACE, min_naturals_per_meld=2,
                          unmeldable=THREES, value=canasta_count), [DOUBLE], JOKERS, 2),
    "hand_and_foot": (MeldRules(runs=False, max_set_size=None, wild_faces=TWOS | JOKER_FACE,
                                wilds_at_most_naturals=True, all_wild_melds=True, value=canasta_count),
                      [TRIPLE], JOKERS, 4),
    "ten_dime_one_natural_each": (MeldRules(runs=False, max_set_size=None, wild_faces=TWOS | JOKER_FACE,
                                            value=canasta_count), [TRIPLE], JOKERS, 3),
    "double_deck": (MeldRules(max_set_size=None, wild_faces=JOKER_FACE, value=pip), [DOUBLE], JOKERS, 1),
    "sticks": (MeldRules(ace_high=True, max_set_size=None, wild_faces=TWOS | JOKER_FACE, value=pip),
               [TRIPLE], JOKERS, 2),
    "desert": (MeldRules(ace_high=True, max_set_size=None, wild_faces=TWOS | JOKER_FACE, wilds_at_most_naturals=True,
                         value=pip), [DOUBLE], JOKERS, 2),
    "push_one_of_each_suit": (MeldRules(ace_high=True, max_set_size=None, wild_faces=TWOS | JOKER_FACE,
                                        set_suits_distinct=True, value=pip), [DOUBLE], JOKERS, 2),
    "vazhushal": (MeldRules(ace_high=True, set_suits_distinct=True, wild_faces=JOKER_FACE | RED_ACES,
                            wilds_may_be_natural=True, value=pip), [DOUBLE], JOKERS, 2),
    "rumski_like": (MeldRules(max_set_size=None, wild_faces=frozenset({int(RUMSKI_WILD)}), max_wilds_per_meld=1,
                              value=rumski_value), [RUMSKI], RUMSKI_WILDS, 2),
}


@st.composite
def hands(draw: st.DrawFn, variant: str, min_size: int = 3, max_size: int = 11) -> list[Card]:
    """A shuffled hand from one of the variant's (often dense) pools, plus some wild cards.

    Sizes are drawn uniformly: hypothesis's own integers lean to the small end.
    """
    _, pools, wilds, max_wilds = VARIANTS[variant]
    rng = draw(st.randoms(use_true_random=False))
    pool = rng.choice(pools)
    n_wild = rng.randint(0, max_wilds)
    size = rng.randint(max(min_size - n_wild, 0), max_size - n_wild)
    hand = rng.sample(pool, size) + wilds[:n_wild]
    rng.shuffle(hand)
    return hand


def check_arrangement(hand: Sequence[Card], rules: MeldRules) -> None:
    arr = best_arrangement(hand, rules)
    for meld in arr.melds:
        assert ref_is_meld(meld, rules), (hand, arr)
        assert is_meld(meld, rules)
    placed = [c for m in arr.melds for c in m] + list(arr.deadwood)
    assert Counter(map(id, placed)) == Counter(map(id, hand)), (hand, arr)
    assert arr.deadwood_value == sum(rules.value(c) for c in arr.deadwood)
    assert arr.deadwood_value == min_deadwood(hand, rules)


GIN_RULES = VARIANTS["gin"][0]

# ---------------------------------------------------------------------------
# Property tests against the brute force


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_solver_matches_brute_force(variant: str) -> None:
    rules = VARIANTS[variant][0]

    @settings(max_examples=40, deadline=None)
    @given(hands(variant))
    def run(hand: list[Card]) -> None:
        assert min_deadwood(hand, rules) == ref_min_deadwood(hand, rules), hand
        check_arrangement(hand, rules)

    run()


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_solver_matches_brute_force_full_hands(variant: str) -> None:
    """Seeded full-size hands (9-11 cards), which hypothesis reaches less often."""
    rules, pools, wilds, max_wilds = VARIANTS[variant]
    rng = random.Random(variant)
    for _ in range(30):
        n_wild = rng.randint(0, max_wilds)
        hand = rng.sample(rng.choice(pools), rng.randint(9, 11) - n_wild) + wilds[:n_wild]
        rng.shuffle(hand)
        assert min_deadwood(hand, rules) == ref_min_deadwood(hand, rules), hand
        check_arrangement(hand, rules)


@pytest.mark.parametrize("variant", ["gin", "aces_both", "jokers", "twos", "rumski_like"])
def test_is_meld_matches_reference(variant: str) -> None:
    rules = VARIANTS[variant][0]

    @settings(max_examples=150, deadline=None)
    @given(hands(variant, min_size=1, max_size=6))
    def run(hand: list[Card]) -> None:
        assert is_meld(hand, rules) == ref_is_meld(hand, rules), hand
        assert (meld_kind(hand, rules) is not None) == is_meld(hand, rules)

    run()


@pytest.mark.parametrize("variant", ["gin", "aces_both", "jokers"])
def test_best_discard_matches_brute_force(variant: str) -> None:
    rules = VARIANTS[variant][0]

    @settings(max_examples=15, deadline=None)
    @given(hands(variant, min_size=4, max_size=11))
    def run(hand: list[Card]) -> None:
        card, dw = best_discard(hand, rules)
        assert any(c is card for c in hand)
        options = [ref_min_deadwood(hand[:i] + hand[i + 1:], rules) for i in range(len(hand))]
        assert dw == min(options)
        assert options[next(i for i, c in enumerate(hand) if c is card)] == dw

    run()


@pytest.mark.parametrize("variant", ["gin", "aces_both", "jokers"])
def test_deadwood_after_each_discard_matches_brute_force(variant: str) -> None:
    rules = VARIANTS[variant][0]

    @settings(max_examples=15, deadline=None)
    @given(hands(variant, min_size=1, max_size=11))
    def run(hand: list[Card]) -> None:
        expected = [ref_min_deadwood(hand[:i] + hand[i + 1:], rules) for i in range(len(hand))]
        assert deadwood_after_discards(hand, rules) == expected, hand

    run()


def knocker_melds(draw: st.DrawFn, rules: MeldRules) -> list[list[Card]]:
    """One or two melds from a standard deck: runs of 3-5 or sets of 3."""
    melds: list[list[Card]] = []
    used: set[int] = set()
    for _ in range(draw(st.integers(1, 2))):
        if draw(st.booleans()):
            suit = draw(st.integers(0, 3))
            length = draw(st.integers(3, 5))
            start = draw(st.integers(2 if not rules.ace_low else 1, 14 - length + (1 if rules.ace_high else 0)))
            ranks = [14 if r == 1 else r for r in range(start, start + length)]
            meld = [Card(suit * 16 + r) for r in ranks]
        else:
            rank = draw(st.integers(2, 14))
            suits = draw(st.permutations([0, 1, 2, 3]))[:3]
            meld = [Card(s * 16 + rank) for s in suits]
        if used.isdisjoint(map(int, meld)) and ref_is_meld(meld, rules):
            melds.append(meld)
            used.update(map(int, meld))
    return melds


@st.composite
def layoff_cases(draw: st.DrawFn, rules: MeldRules, max_hand: int) -> tuple[list[Card], list[list[Card]]]:
    melds = knocker_melds(draw, rules)
    taken = {int(c) for m in melds for c in m}
    # Draw the hand near the knocker's melds so lay-offs actually happen.
    near = [c for c in DECK if int(c) not in taken and any(
        c.suit == m.suit and abs(c.rank - m.rank) <= 3 or c.rank == m.rank for ms in melds for m in ms)]
    pool = near if len(near) >= max_hand else [c for c in DECK if int(c) not in taken]
    idx = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=1, max_size=max_hand))
    hand = [pool[i] for i in idx]
    if int(JOKER) in rules.wild_faces and len(hand) < max_hand and draw(st.booleans()):
        hand.append(JOKERS[0])
    return hand, melds


@pytest.mark.parametrize("variant", ["gin", "aces_both", "jokers"])
def test_lay_off_matches_brute_force(variant: str) -> None:
    rules = VARIANTS[variant][0]

    @settings(max_examples=60, deadline=None)
    @given(layoff_cases(rules, 6))
    def run(case: tuple[list[Card], list[list[Card]]]) -> None:
        dead, melds = case
        result = lay_off(dead, melds, rules)
        assert result.laid_value == ref_layoff_value(dead, melds, rules)
        assert len(result.placements) == len(melds)
        for meld, laid in zip(melds, result.placements):
            assert ref_is_meld(meld + list(laid), rules) or not laid
        placed = [c for p in result.placements for c in p] + list(result.remaining)
        assert Counter(map(id, placed)) == Counter(map(id, dead))
        assert result.remaining_value == sum(rules.value(c) for c in result.remaining)

    run()


@pytest.mark.parametrize("variant", ["double_deck", "sticks", "push_one_of_each_suit", "canasta", "vazhushal",
                                     "rumski_like"])
def test_lay_off_on_any_decks_melds_matches_brute_force(variant: str) -> None:
    """The knocker's melds are a dealt hand's best arrangement (wild cards and all); the loose
    cards come from what is left of the pools."""
    rules, pools, wilds, max_wilds = VARIANTS[variant]

    @settings(max_examples=40, deadline=None)
    @given(st.randoms(use_true_random=False))
    def run(rng: random.Random) -> None:
        pool = list(rng.choice(pools)) + wilds[:max_wilds]
        rng.shuffle(pool)
        melds = [list(m) for m in best_arrangement(pool[:9], rules).melds]
        dead = pool[9:9 + rng.randint(1, 6)]
        result = lay_off(dead, melds, rules)
        assert result.laid_value == ref_layoff_value(dead, melds, rules), (dead, melds)
        for meld, laid in zip(melds, result.placements):
            assert not laid or ref_is_meld(meld + list(laid), rules)

    run()


def test_best_discard_matches_every_discard_tried() -> None:
    """Eleven-card hands: the least deadwood after a discard, and the discard the ties go to
    (the more valuable card, then the higher face)."""
    rng = random.Random(11)
    for rules in (GIN_RULES, VARIANTS["aces_both"][0], VARIANTS["melds_of_four"][0]):
        for _ in range(400):
            hand = rng.sample(DECK, 11)
            card, dw = best_discard(hand, rules)
            options = [(min_deadwood(hand[:i] + hand[i + 1:], rules), -rules.value(c), -int(c))
                       for i, c in enumerate(hand)]
            assert (dw, -rules.value(card), -int(card)) == min(options), hand


@pytest.mark.parametrize("variant", ["gin", "aces_both", "jokers"])
def test_min_deadwood_after_layoff_matches_brute_force(variant: str) -> None:
    rules = VARIANTS[variant][0]

    @settings(max_examples=40, deadline=None)
    @given(layoff_cases(rules, 8))
    def run(case: tuple[list[Card], list[list[Card]]]) -> None:
        hand, melds = case
        arr, lay = min_deadwood_after_layoff(hand, melds, rules)
        expected = min(
            sum(rules.value(hand[i]) for i in range(len(hand)) if dead >> i & 1)
            - ref_layoff_value([hand[i] for i in range(len(hand)) if dead >> i & 1], melds, rules)
            for _, dead in ref_arrangements(hand, rules))
        assert lay.remaining_value == expected
        for meld in arr.melds:
            assert ref_is_meld(meld, rules)
        placed = [c for m in arr.melds for c in m] + list(arr.deadwood)
        assert Counter(map(id, placed)) == Counter(map(id, hand))
        laid = [c for p in lay.placements for c in p]
        assert Counter(map(id, laid + list(lay.remaining))) == Counter(map(id, arr.deadwood))
        for knocked, cs in zip(melds, lay.placements):
            assert not cs or ref_is_meld(knocked + list(cs), rules)
        # No better lay-off exists from the arrangement's own deadwood.
        assert lay_off(arr.deadwood, melds, rules).remaining_value == lay.remaining_value

    run()


# ---------------------------------------------------------------------------
# Hand-written scenarios

GIN = VARIANTS["gin"][0]
BOTH = VARIANTS["aces_both"][0]


def text(cs: Sequence[Card]) -> str:
    return " ".join(map(str, cs))


def test_known_hand() -> None:
    hand = cards("AS 2S 3S 7H 7D 7C KH KD QC 5C")
    assert min_deadwood(hand, GIN) == 35
    arr = best_arrangement(hand, GIN)
    assert [text(m) for m in arr.melds] == ["7C 7D 7H", "AS 2S 3S"]
    assert text(arr.deadwood) == "5C QC KD KH"


def test_four_of_a_kind_split_to_free_a_run_card() -> None:
    hand = cards("7S 7H 7D 7C 5S 6S")
    assert min_deadwood(hand, GIN) == 0
    arr = best_arrangement(hand, GIN)
    assert sorted(text(m) for m in arr.melds) == ["5S 6S 7S", "7C 7D 7H"]


def test_gin_and_empty_hands() -> None:
    assert min_deadwood([], GIN) == 0
    assert min_deadwood(cards("2H 3H 4H 5H 9C 9D 9S KD KH KS"), GIN) == 0
    assert best_arrangement([], GIN).melds == ()


def test_aces() -> None:
    assert min_deadwood(cards("QS KS AS"), GIN) == 21
    assert min_deadwood(cards("QS KS AS"), BOTH) == 0
    assert min_deadwood(cards("AS 2S 3S"), BOTH) == 0
    assert not is_meld(cards("AS 2S 3S"), MeldRules(ace_low=False, ace_high=True))
    for rules in (GIN, BOTH):
        assert not is_meld(cards("KS AS 2S"), rules)
        assert min_deadwood(cards("KS AS 2S"), rules) == 13
    # Ace used once: A-2-3 and Q-K-A would need two aces of spades.
    arr = best_arrangement(cards("AS 2S 3S QS KS"), BOTH)
    assert [text(m) for m in arr.melds] == ["QS KS AS"] and arr.deadwood_value == 5
    assert not is_meld(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK"),
                       MeldRules(ace_high=True, wild_faces=JOKER_FACE))


def test_meld_kinds_and_limits() -> None:
    assert meld_kind(cards("7H 7S 7D"), GIN) == "set"
    assert meld_kind(cards("7H 8H 9H 10H"), GIN) == "run"
    assert meld_kind(cards("7H 8S 9H"), GIN) is None
    assert not is_meld(cards("7H 7S"), GIN)
    jokers = MeldRules(wild_faces=JOKER_FACE)
    assert is_meld(cards("5H JK 7H"), jokers)
    assert is_meld(cards("5H JK JK"), jokers)
    assert not is_meld(cards("JK JK JK"), jokers)
    assert is_meld(cards("JK JK JK"), MeldRules(wild_faces=JOKER_FACE, min_naturals_per_meld=0))
    one_wild = MeldRules(wild_faces=TWOS, max_wilds_per_meld=1)
    assert is_meld(cards("5H 2S 7H"), one_wild)
    assert not is_meld(cards("5H 2S 2C"), one_wild)
    canasta = MeldRules(runs=False, max_set_size=None, wild_faces=TWOS | JOKER_FACE, wilds_at_most_naturals=True)
    assert not is_meld(cards("7H 7S JK 2C 2D"), canasta)
    assert is_meld(cards("7H 7S 7D JK 2C 2D"), canasta)
    assert not is_meld(cards("7H 8H 9H"), canasta)


def test_wild_cards_in_hands() -> None:
    jokers = VARIANTS["jokers"][0]
    hand = cards("AS 2S 7H 7D KH KD QC 5C JK") + [Card(int(JOKER))]
    assert min_deadwood(hand, jokers) == 18  # jokers join the kings and the sevens
    assert min_deadwood(cards("JK"), jokers) == 15
    twos = VARIANTS["twos"][0]
    arr = best_arrangement(cards("2S 2H 5C 6C 9D 9H KS QS 3D"), twos)
    assert arr.deadwood_value == 14
    assert text(arr.deadwood) == "5C 6C 3D"  # by face code: suit, then rank


def test_duplicate_faces_from_two_decks() -> None:
    rules = MeldRules(max_set_size=None, value=pip)
    deck = standard_deck(copies=2)
    sevens = [c for c in deck if c.rank == 7]
    assert len(sevens) == 8 and sevens[0] == sevens[4] and sevens[0] is not sevens[4]
    assert min_deadwood(sevens, rules) == 0
    assert min_deadwood(sevens[:2] + cards("8C"), rules) == 22
    arr = best_arrangement(sevens + cards("8S 9S"), rules)
    assert arr.deadwood_value == 0


def test_lay_off_chain_and_sets() -> None:
    run, trio = cards("6H 7H 8H"), cards("4C 4D 4S")
    result = lay_off(cards("10H 9H 4H KC"), [run, trio], GIN)
    assert [text(p) for p in result.placements] == ["10H 9H", "4H"]
    assert text(result.remaining) == "KC"
    assert result.remaining_value == 10 and result.laid_value == 23
    # 10H alone cannot reach 8H.
    assert lay_off(cards("10H"), [run], GIN).laid_value == 0
    # Both ends of a run.
    assert lay_off(cards("5H 9H"), [run], GIN).laid_value == 14


def test_lay_off_beats_least_deadwood_arrangement() -> None:
    hand = cards("7H 8H 9H 7S 7D")
    knocker = [cards("9C 9S 9D")]
    assert min_deadwood(hand, GIN) == 14  # run 7-8-9H, sevens of spades and diamonds dead
    assert lay_off(best_arrangement(hand, GIN).deadwood, knocker, GIN).remaining_value == 14
    arr, lay = min_deadwood_after_layoff(hand, knocker, GIN)
    assert [text(m) for m in arr.melds] == ["7D 7H 7S"]
    assert arr.deadwood_value == 17
    assert [text(p) for p in lay.placements] == ["9H"]
    assert lay.remaining_value == 8


def test_best_discard_eleven_cards() -> None:
    hand = cards("AS 2S 3S 7H 7D 7C KH KD QC 5C 4S")
    card, dw = best_discard(hand, GIN)
    assert dw == 25 and str(card) in ("KH", "KD", "QC")
    assert str(card) == "KH"  # ties: higher value, then higher face code


def test_deterministic_and_order_independent() -> None:
    rng = random.Random(7)
    jokers = VARIANTS["jokers"][0]
    for _ in range(50):
        hand = rng.sample(DECK, 10) + JOKERS[:rng.randint(0, 2)]
        a = best_arrangement(hand, jokers)
        shuffled = hand[:]
        rng.shuffle(shuffled)
        b = best_arrangement(shuffled, jokers)
        assert a == best_arrangement(hand, jokers)
        assert [text(m) for m in a.melds] == [text(m) for m in b.melds]
        assert text(a.deadwood) == text(b.deadwood)


def test_cards_count_what_the_game_says() -> None:
    hand = cards("AS KD 7C 7D 7H 2C")
    assert min_deadwood(hand, MeldRules()) == 3  # no values given: each unmatched card counts one
    assert min_deadwood(hand, MeldRules(value=lambda c: 10 if 10 <= c.rank <= 13 else 1)) == 12
