"""Chips, money and tokens: counted amounts owned by a seat or a pot, and marbles
or pegs owned by a seat and placed on a board.

Notation: ``5ch`` (five chips), ``$1.25`` (money, kept in cents), ``red#1`` (a
seat's token: colour and number)."""

from __future__ import annotations

import re

from gamenight.core.pieces import PieceKind, register_kind

_CHIPS_RE = re.compile(r"^(\d{1,9})ch$", re.IGNORECASE)
_MONEY_RE = re.compile(r"^\$(\d{1,9})(?:\.(\d\d))?$")
_TOKEN_RE = re.compile(r"^([a-z]{2,12})#(\d{1,2})$")
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "black", "white")


class Chips(int):
    """A number of chips: ``Chips(5)`` prints ``5ch``."""

    __slots__ = ()

    def __new__(cls, count: int) -> Chips:
        if count < 0:
            raise ValueError("a number of chips is never negative")
        return super().__new__(cls, count)

    def __str__(self) -> str:
        return f"{int(self)}ch"

    def __repr__(self) -> str:
        return str(self)


class Money(int):
    """An amount of money in cents: ``Money(125)`` prints ``$1.25``."""

    __slots__ = ()

    def __str__(self) -> str:
        sign = "-" if self < 0 else ""
        cents = abs(int(self))
        return f"{sign}${cents // 100}" + (f".{cents % 100:02d}" if cents % 100 else "")

    def __repr__(self) -> str:
        return str(self)


class Token(int):
    """A seat's marble or peg: ``Token.of("red", 1)`` prints ``red#1``."""

    __slots__ = ()

    @classmethod
    def of(cls, colour: str, number: int) -> Token:
        if colour not in COLOURS:
            raise ValueError(f"{colour!r} is not a token colour ({', '.join(COLOURS)})")
        if not 1 <= number <= 99:
            raise ValueError("tokens are numbered 1 to 99")
        return cls(COLOURS.index(colour) * 128 + number)

    @property
    def colour(self) -> str:
        return COLOURS[self >> 7]

    @property
    def number(self) -> int:
        return self & 127

    def __str__(self) -> str:
        return f"{self.colour}#{self.number}"

    def __repr__(self) -> str:
        return str(self)


def _chips_or_none(text: str) -> Chips | None:
    m = _CHIPS_RE.match(text)
    return Chips(int(m.group(1))) if m else None


def _money_or_none(text: str) -> Money | None:
    m = _MONEY_RE.match(text)
    return Money(int(m.group(1)) * 100 + int(m.group(2) or 0)) if m else None


def _token_or_none(text: str) -> Token | None:
    m = _TOKEN_RE.match(text)
    if not m or m.group(1) not in COLOURS or not 1 <= int(m.group(2)) <= 99:
        return None
    return Token.of(m.group(1), int(m.group(2)))


register_kind(PieceKind("chips", Chips, _chips_or_none, "5ch"))
register_kind(PieceKind("money", Money, _money_or_none, "$1.25"))
register_kind(PieceKind("token", Token, _token_or_none, "red#1"))
