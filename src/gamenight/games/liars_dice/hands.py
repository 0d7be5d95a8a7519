"""Poker-dice hands (DATA.md "Poker dice") and the claims that name them.

A hand is a category and the faces that rank it, most significant first:
``two-pair K J 10`` is two kings, two jacks and a ten. A claim is written the same
way; without kickers (a house option) it names only the faces that make the hand
(``two-pair K J``). Faces are numbered as on a ``Die``: 1 is the 9, 6 the ace.

Everything here is pure: ``hand_of`` ranks five dice, ``strength`` orders hands,
``is_honest`` settles a call, ``parse_claim`` reads a claim's words back.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from enum import IntEnum
from functools import cache, lru_cache
from math import factorial
from typing import NamedTuple

from gamenight.core.dice import POKER_FACES

NINE, TEN, JACK, QUEEN, KING, ACE = range(1, 7)
FACES = range(1, 7)
DICE = 5
PLURAL = ("nines", "tens", "jacks", "queens", "kings", "aces")


class Category(IntEnum):
    """The kinds of hand, in the book's order from low to high."""

    NOTHING = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE = 3
    STRAIGHT = 4
    FULL_HOUSE = 5
    FOUR = 6
    FIVE = 7

    @property
    def word(self) -> str:
        """The category as a claim writes it: ``two-pair``, ``full-house``."""
        return self.name.lower().replace("_", "-")


BY_WORD = {c.word: c for c in Category}
PRINCIPAL = {Category.NOTHING: 0, Category.PAIR: 1, Category.TWO_PAIR: 2, Category.THREE: 1,
             Category.STRAIGHT: 1, Category.FULL_HOUSE: 2, Category.FOUR: 1, Category.FIVE: 1}
"""How many faces name the hand itself; the rest of a full hand's faces are kickers."""
WHOLE = {Category.NOTHING: 5, Category.PAIR: 4, Category.TWO_PAIR: 3, Category.THREE: 3,
         Category.STRAIGHT: 1, Category.FULL_HOUSE: 2, Category.FOUR: 2, Category.FIVE: 1}
"""How many faces name every die of a hand."""


def face_text(face: int) -> str:
    return POKER_FACES[face - 1]


def _faces_text(faces: Iterable[int]) -> str:
    return " ".join(face_text(f) for f in faces)


def _a(face: int) -> str:
    return "an" if face == ACE else "a"


class Hand(NamedTuple):
    """A category and its ranking faces, most significant first."""

    category: Category
    ranks: tuple[int, ...]

    def __str__(self) -> str:
        return " ".join([self.category.word, *map(face_text, self.ranks)])

    @property
    def whole(self) -> bool:
        """Does this hand name every die (kickers included)?"""
        return len(self.ranks) == WHOLE[self.category]

    def principal(self) -> Hand:
        """The hand without its kickers."""
        return Hand(self.category, self.ranks[:PRINCIPAL[self.category]])

    def dice(self) -> tuple[int, ...]:
        """The faces of the dice this hand names (all five when it names every die)."""
        c, r = self.category, self.ranks
        if c is Category.STRAIGHT:
            return tuple(range(r[0], r[0] - 5, -1))
        counts = {Category.FIVE: (5,), Category.FOUR: (4, 1), Category.FULL_HOUSE: (3, 2),
                  Category.THREE: (3, 1, 1), Category.TWO_PAIR: (2, 2, 1), Category.PAIR: (2, 1, 1, 1),
                  Category.NOTHING: (1, 1, 1, 1, 1)}[c]
        return tuple(f for f, n in zip(r, counts) for _ in range(n))

    def words(self) -> str:
        """The hand as a player says it: "two pair, kings and jacks, with a 10"."""
        c, r = self.category, self.ranks
        main = PRINCIPAL[c]
        rest = r[main:]
        if c is Category.FIVE:
            return f"five {PLURAL[r[0] - 1]}"
        if c is Category.STRAIGHT:
            return "the high straight (A K Q J 10)" if r[0] == ACE else "the low straight (K Q J 10 9)"
        if c is Category.FULL_HOUSE:
            return f"a full house, {PLURAL[r[0] - 1]} over {PLURAL[r[1] - 1]}"
        if c is Category.NOTHING:
            return f"nothing ({_faces_text(r)})" if r else "nothing"
        if c is Category.FOUR:
            head = f"four {PLURAL[r[0] - 1]}"
        elif c is Category.THREE:
            head = f"three {PLURAL[r[0] - 1]}"
        elif c is Category.TWO_PAIR:
            head = f"two pair, {PLURAL[r[0] - 1]} and {PLURAL[r[1] - 1]},"
        else:
            head = f"a pair of {PLURAL[r[0] - 1]}"
        if not rest:
            return head.rstrip(",")
        if len(rest) == 1:
            return f"{head} with {_a(rest[0])} {face_text(rest[0])}"
        return f"{head} with {_faces_text(rest)}"


def hand_of(faces: Iterable[int]) -> Hand:
    """The hand five dice make (faces 1 to 6: 9 10 J Q K A)."""
    counts = Counter(faces)
    if sum(counts.values()) != DICE:
        raise ValueError("a poker-dice hand is five dice")
    groups = sorted(counts.items(), key=lambda fc: (fc[1], fc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    ranks = tuple(f for f, _ in groups)
    if shape == (1, 1, 1, 1, 1):
        if NINE not in counts:
            return Hand(Category.STRAIGHT, (ACE,))
        if ACE not in counts:
            return Hand(Category.STRAIGHT, (KING,))
        return Hand(Category.NOTHING, ranks)
    category = {(5,): Category.FIVE, (4, 1): Category.FOUR, (3, 2): Category.FULL_HOUSE,
                (3, 1, 1): Category.THREE, (2, 2, 1): Category.TWO_PAIR, (2, 1, 1, 1): Category.PAIR}[shape]
    return Hand(category, ranks)


def category_order(category: Category, straight_over_full_house: bool) -> int:
    """Where a category ranks (higher is better), with the straight moved above the
    full house when the house plays it so."""
    if not straight_over_full_house:
        return int(category)
    if category is Category.STRAIGHT:
        return int(Category.FULL_HOUSE)
    if category is Category.FULL_HOUSE:
        return int(Category.STRAIGHT)
    return int(category)


def strength(hand: Hand, straight_over_full_house: bool = False) -> tuple[int, tuple[int, ...]]:
    """A key that orders hands: category first, then the ranking faces in turn."""
    return category_order(hand.category, straight_over_full_house), hand.ranks


def beats(claim: Hand, other: Hand, straight_over_full_house: bool = False) -> bool:
    """Is ``claim`` strictly higher than ``other``?"""
    return strength(claim, straight_over_full_house) > strength(other, straight_over_full_house)


def is_honest(faces: Iterable[int], claim: Hand, straight_over_full_house: bool = False) -> bool:
    """Are the dice at least as good as the claim? (Compared on as many faces as the claim names.)"""
    hand = hand_of(faces)
    shown = Hand(hand.category, hand.ranks[:len(claim.ranks)])
    return strength(shown, straight_over_full_house) >= strength(claim, straight_over_full_house)


# --- every hand and every claim ------------------------------------------------------------------
ALL_ROLLS: tuple[tuple[int, ...], ...] = tuple(itertools.combinations_with_replacement(FACES, DICE))
"""Every set of five poker dice (252), faces ascending."""
ALL_HANDS: tuple[Hand, ...] = tuple(hand_of(r) for r in ALL_ROLLS)
"""The hand of each of ``ALL_ROLLS``; with kickers every set of dice is a hand of its own."""


@lru_cache(maxsize=4)
def claims(kickers: bool, straight_over_full_house: bool) -> tuple[Hand, ...]:
    """Every claim that can be made, lowest first."""
    hands = set(ALL_HANDS) if kickers else {h.principal() for h in ALL_HANDS}
    return tuple(sorted(hands, key=lambda h: strength(h, straight_over_full_house)))


@lru_cache(maxsize=1)
def _by_words() -> dict[str, Hand]:
    return {h.words(): h for kick in (True, False) for h in claims(kick, False)}


def claim_named(words: str) -> Hand:
    """The claim whose words (``Hand.words``) these are; how bots read the claim in a view."""
    return _by_words()[words]


class ClaimSyntaxError(ValueError):
    """Words that name no poker-dice hand."""


def parse_face(text: str) -> int:
    t = text.strip().upper()
    t = "10" if t == "T" else t
    if t not in POKER_FACES:
        raise ClaimSyntaxError(f"{text!r} is not a face of a poker die ({' '.join(POKER_FACES)})")
    return POKER_FACES.index(t) + 1


def parse_claim(words: Sequence[str]) -> Hand:
    """``["two-pair", "K", "J", "10"]`` → the hand it names, checked to be a real hand:
    the faces must make exactly that category (``pair A K K Q`` is two pair, not a pair).
    A claim names every die or only the faces that make the hand (``two-pair K J``);
    which of the two the house plays is a rule, not syntax."""
    if not words:
        raise ClaimSyntaxError("a claim names a hand, like 'claim full-house K 9' or 'claim pair A K Q J'")
    category = BY_WORD.get(words[0].lower())
    if category is None:
        raise ClaimSyntaxError(f"{words[0]!r} is not a hand (hands: {', '.join(BY_WORD)})")
    hand = Hand(category, tuple(parse_face(w) for w in words[1:]))
    if hand in _VALID:
        return hand
    if category is Category.STRAIGHT:
        raise ClaimSyntaxError("a straight is A K Q J 10 ('straight A') or K Q J 10 9 ('straight K')")
    if hand.whole:
        actual = hand_of(hand.dice())
        raise ClaimSyntaxError(f"{_faces_text(sorted(hand.dice(), reverse=True))} is {actual.words()}: "
                               f"claim it as '{actual}'")
    main, whole = PRINCIPAL[category], WHOLE[category]
    if len(hand.ranks) not in (main, whole):
        shapes = [s for s in (main, whole) if s]
        named = " or ".join(f"{n} face{'s' if n > 1 else ''}" for n in shapes)
        raise ClaimSyntaxError(f"a {category.word} claim names {named}, not {len(hand.ranks)}")
    example = max((h for h in _VALID if h.category is category and len(h.ranks) == len(hand.ranks)),
                  key=lambda h: h.ranks)
    raise ClaimSyntaxError(f"'{hand}' is not a {category.word} (faces go highest group first, "
                           f"like '{example}')")


_VALID = frozenset(ALL_HANDS) | {h.principal() for h in ALL_HANDS}


# --- chances ----------------------------------------------------------------------------------------
@cache
def roll_outcomes(count: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Each set of faces ``count`` rolled dice can show (ascending), with its probability."""
    out = []
    total = 6 ** count
    for faces in itertools.combinations_with_replacement(FACES, count):
        ways = factorial(count)
        for n in Counter(faces).values():
            ways //= factorial(n)
        out.append((faces, ways / total))
    return tuple(out)


def chance_at_least(kept: Sequence[int], claim: Hand, straight_over_full_house: bool = False) -> float:
    """The chance that ``kept`` plus the rest of the five dice, rolled, make at least ``claim``."""
    return _chance(tuple(sorted(kept)), claim, straight_over_full_house, False)


def chance_above(kept: Sequence[int], claim: Hand, straight_over_full_house: bool = False) -> float:
    """The chance that ``kept`` plus the rest of the five dice, rolled, make a hand that beats ``claim``."""
    return _chance(tuple(sorted(kept)), claim, straight_over_full_house, True)


@lru_cache(maxsize=4096)
def outcome_hands(kept: tuple[int, ...]) -> tuple[tuple[Hand, float], ...]:
    """The hands ``kept`` (ascending faces) and the rest of the five dice, rolled, can make, with their chances."""
    return tuple((hand_of(kept + faces), q) for faces, q in roll_outcomes(DICE - len(kept)))


@lru_cache(maxsize=65536)
def _chance(kept: tuple[int, ...], claim: Hand, straight: bool, strictly: bool) -> float:
    target = strength(claim, straight)
    n = len(claim.ranks)
    p = 0.0
    for hand, q in outcome_hands(kept):
        key = strength(Hand(hand.category, hand.ranks[:n]), straight)
        if key > target or (not strictly and key == target):
            p += q
    return p
