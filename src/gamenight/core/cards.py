"""Playing cards and decks: faces, notation and the decks the rulebooks call for.

A card is an ``int`` subclass whose value is its face code, so comparisons,
hashing and table look-ups run at C speed. Physical duplicates in multi-deck
games are distinct objects that compare equal by face.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence

from gamenight.core.pieces import PieceKind, register_kind

SUITS = "CDHS"
"""Clubs, diamonds, hearts, spades: suit index 0..3."""
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
JOKER_SUIT = 4
RUMSKI_COLOURS = "RYGBP"
"""Rumski's five coloured suits (red, yellow, green, blue, purple): suit index 5..9."""
RUMSKI_WILD_SUIT = 10

RANK_TEXT = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
             11: "J", 12: "Q", 13: "K", 14: "A"}
TEXT_RANK = {v: k for k, v in RANK_TEXT.items()} | {"T": 10, "1": 14}
ACE, KING, QUEEN, JACK = 14, 13, 12, 11


class Card(int):
    """One playing card; its int value is ``suit * 16 + rank`` (ace = 14, joker = suit 4)."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        return self & 15

    @property
    def suit(self) -> int:
        return self >> 4

    @property
    def is_joker(self) -> bool:
        return self >> 4 == JOKER_SUIT

    @property
    def is_red(self) -> bool:
        return (self >> 4) in (1, 2)

    @property
    def face(self) -> int:
        return int(self)

    def __str__(self) -> str:
        return card_text(self)

    def __repr__(self) -> str:
        return card_text(self)

    def symbol(self) -> str:
        """Friendly form for screens: ``Q♠``."""
        suit = self >> 4
        if suit < 4:
            return RANK_TEXT[self & 15] + SUIT_SYMBOLS[suit]
        return card_text(self)


def code(rank: int, suit: int) -> int:
    return suit * 16 + rank


def card_text(c: int) -> str:
    suit, rank = c >> 4, c & 15
    if suit < 4:
        return RANK_TEXT[rank] + SUITS[suit]
    if suit == JOKER_SUIT:
        return "JK"
    if suit == RUMSKI_WILD_SUIT:
        return "W"
    return f"{rank}{RUMSKI_COLOURS[suit - 5]}"


FACES: dict[int, Card] = {}
"""The canonical (first physical copy) card of every face."""


def _face(rank: int, suit: int) -> Card:
    c = code(rank, suit)
    if c not in FACES:
        FACES[c] = Card(c)
    return FACES[c]


for _s in range(4):
    for _r in range(2, 15):
        _face(_r, _s)
JOKER = _face(1, JOKER_SUIT)
for _s in range(5, 10):
    for _r in range(1, 14):
        _face(_r, _s)
RUMSKI_WILD = _face(1, RUMSKI_WILD_SUIT)

_CARD_RE = re.compile(r"^(10|[2-9TJQKA])([CDHS])$")
_RUMSKI_RE = re.compile(r"^(1[0-3]|[1-9])([RYGBP])$")


class CardSyntaxError(ValueError):
    """A card's text is not in gamenight's notation."""


def parse_card(text: str) -> Card:
    """Parse ``AS``, ``10H``, ``TD``, ``JK``; Rumski: ``7R``, ``W``."""
    t = text.strip().upper()
    if t == "JK":
        return JOKER
    if t == "W":
        return RUMSKI_WILD
    m = _CARD_RE.match(t)
    if m:
        return FACES[code(TEXT_RANK[m.group(1)], SUITS.index(m.group(2)))]
    m = _RUMSKI_RE.match(t)
    if m:
        return FACES[code(int(m.group(1)), 5 + RUMSKI_COLOURS.index(m.group(2)))]
    raise CardSyntaxError(f"{text!r} is not a card (write it like AS, 10H, QC or JK)")


def is_card_text(text: str) -> bool:
    return text in ("JK", "W") or bool(_CARD_RE.match(text) or _RUMSKI_RE.match(text))


def cards(text: str) -> list[Card]:
    """``cards("AS 10H JK")`` → a list of canonical cards (handy in tests and notation)."""
    return [parse_card(t) for t in text.split()]


def cards_text(cs: Iterable[int]) -> str:
    return " ".join(card_text(c) for c in cs)


def _copy(face: Card, copy_index: int) -> Card:
    return face if copy_index == 0 else Card(int(face))


def standard_deck(copies: int = 1, jokers: int = 0, ranks: Sequence[int] = range(2, 15)) -> list[Card]:
    """``copies`` standard decks shuffled together, optionally stripped to ``ranks``,
    with ``jokers`` jokers per deck. Each physical card is its own object."""
    deck: list[Card] = []
    for k in range(copies):
        for s in range(4):
            for r in ranks:
                deck.append(_copy(FACES[code(r, s)], k))
        deck.extend(_copy(JOKER, k * jokers + j) for j in range(jokers))
    return deck


def euchre_deck() -> list[Card]:
    """24 cards, 9 to ace."""
    return standard_deck(ranks=range(9, 15))


def piquet_deck() -> list[Card]:
    """32 cards, 7 to ace (Toepen, Polignac)."""
    return standard_deck(ranks=range(7, 15))


def pinochle_deck() -> list[Card]:
    """80 cards: A 10 K Q J, four copies of each."""
    return standard_deck(copies=4, ranks=(10, 11, 12, 13, 14))


def rumski_deck() -> list[Card]:
    """70 cards: five colours numbered 1 to 13, plus five wilds."""
    deck = [FACES[code(r, s)] for s in range(5, 10) for r in range(1, 14)]
    deck += [_copy(RUMSKI_WILD, k) for k in range(5)]
    return deck


def shuffled(deck: Sequence[Card], rng: random.Random) -> list[Card]:
    out = list(deck)
    rng.shuffle(out)
    return out


def _card_or_none(text: str) -> Card | None:
    return parse_card(text) if is_card_text(text) else None


register_kind(PieceKind("card", Card, _card_or_none, "QS"))
