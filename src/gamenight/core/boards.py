"""Boards: grids of squares (``r3c7``) and tracks of named spaces (``@L0.2``).

A square is an ``int`` subclass (``row * 32 + col``), row 0 at the top. A track
is a loop (or line) of named spaces; games build theirs from the layouts in the
rulebooks and DATA.md. The 10×10 card board of 5 in a Row is equipment: each
non-jack card twice and four free corners.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from gamenight.core.cards import Card, parse_card
from gamenight.core.pieces import PieceKind, register_kind

_SQUARE_RE = re.compile(r"^r(\d{1,2})c(\d{1,2})$", re.IGNORECASE)
_SPACE_RE = re.compile(r"^@([A-Za-z0-9][A-Za-z0-9.]*)$")


class Square(int):
    """A square of a grid: ``Square.at(3, 7)`` prints ``r3c7``."""

    __slots__ = ()

    @classmethod
    def at(cls, row: int, col: int) -> Square:
        if not (0 <= row < 32 and 0 <= col < 32):
            raise ValueError(f"no square at row {row}, column {col}")
        return cls(row * 32 + col)

    @property
    def row(self) -> int:
        return self >> 5

    @property
    def col(self) -> int:
        return self & 31

    def __str__(self) -> str:
        return f"r{self >> 5}c{self & 31}"

    def __repr__(self) -> str:
        return str(self)


def _square_or_none(text: str) -> Square | None:
    m = _SQUARE_RE.match(text)
    if not m or int(m.group(1)) >= 32 or int(m.group(2)) >= 32:
        return None
    return Square.at(int(m.group(1)), int(m.group(2)))


class Space(str):
    """A named space of a track: ``Space("L0.2")`` prints ``@L0.2``."""

    __slots__ = ()

    def __new__(cls, name: str) -> Space:
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9.]*", name):
            raise ValueError(f"{name!r} is not a space name (letters, digits and dots)")
        return super().__new__(cls, name)

    @property
    def name(self) -> str:
        return str.__str__(self)

    def __str__(self) -> str:
        return "@" + str.__str__(self)

    def __repr__(self) -> str:
        return str(self)


def _space_or_none(text: str) -> Space | None:
    m = _SPACE_RE.match(text)
    return Space(m.group(1)) if m else None


@dataclass(frozen=True)
class Track:
    """Spaces in the order pieces move along them; ``loop`` joins the last to the first."""

    spaces: tuple[Space, ...]
    loop: bool = True

    def index(self, space: Space) -> int:
        return self.spaces.index(space)

    def ahead(self, space: Space, steps: int) -> Space | None:
        """The space ``steps`` ahead (negative: back), or None off the end of a line."""
        i = self.spaces.index(space) + steps
        if self.loop:
            return self.spaces[i % len(self.spaces)]
        return self.spaces[i] if 0 <= i < len(self.spaces) else None


FREE = "**"
"""A free corner of the card board: counts for every side."""


@dataclass(frozen=True)
class CardGrid:
    """A grid whose squares show cards (or free corners): the 5 in a Row board."""

    cells: tuple[tuple[Card | None, ...], ...]
    """Row-major; None is a free corner."""

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0])

    def card_at(self, square: Square) -> Card | None:
        return self.cells[square.row][square.col]

    def squares(self) -> Iterator[Square]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield Square.at(r, c)

    def squares_of(self, card: int) -> list[Square]:
        return [sq for sq in self.squares() if self.card_at(sq) == card]

    def is_free(self, square: Square) -> bool:
        return self.card_at(square) is None


def card_grid(rows: Sequence[str]) -> CardGrid:
    """A card grid from rows of card texts (``T`` for 10, ``**`` for a free corner)."""
    return CardGrid(tuple(tuple(None if t == FREE else parse_card(t) for t in row.split()) for row in rows))


FIVE_IN_A_ROW_LAYOUT = (
    "** 2S 3S 4S 5S 6S 7S 8S 9S **",
    "6C 5C 4C 3C 2C AH KH QH TH TS",
    "7C AS 2D 3D 4D 5D 6D 7D 9H QS",
    "8C KS 6C 5C 4C 3C 2C 8D 8H KS",
    "9C QS 7C 6H 5H 4H AH 9D 7H AS",
    "TC TS 8C 7H 2H 3H KH TD 6H 2D",
    "QC 9S 9C 8H 9H TH QH QD 5H 3D",
    "KC 8S TC QC KC AC AD KD 4H 4D",
    "AC 7S 6S 5S 4S 3S 2S 2H 3H 5D",
    "** AD KD QD TD 9D 8D 7D 6D **",
)
"""The 10×10 board sold as "Sequence" (DATA.md): each non-jack card twice, four free corners."""

FIVE_IN_A_ROW_BOARD = card_grid(FIVE_IN_A_ROW_LAYOUT)

register_kind(PieceKind("square", Square, _square_or_none, "r3c7"))
register_kind(PieceKind("space", Space, _space_or_none, "@L0.2"))
