"""Dominoes: double-6, double-9 and double-12 sets.

A tile is an ``int`` subclass (``high * 16 + low``) so sets, look-ups and
comparisons stay cheap. Its notation is ``12-5`` (high end first); ``5-12``
parses to the same tile. Which end faces where on a train is a matter of the
train, not of the tile.
"""

from __future__ import annotations

import re

from gamenight.core.pieces import PieceKind, register_kind

_TILE_RE = re.compile(r"^(\d{1,2})-(\d{1,2})$")
MAX_PIPS = 18


class Tile(int):
    """One domino; ``Tile.of(5, 12)`` is the 12-5."""

    __slots__ = ()

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        if not (0 <= a <= MAX_PIPS and 0 <= b <= MAX_PIPS):
            raise ValueError(f"a tile's ends have 0 to {MAX_PIPS} pips, not {a}-{b}")
        hi, lo = (a, b) if a >= b else (b, a)
        return cls(hi * 32 + lo)

    @property
    def high(self) -> int:
        return self >> 5

    @property
    def low(self) -> int:
        return self & 31

    @property
    def ends(self) -> tuple[int, int]:
        return (self >> 5, self & 31)

    @property
    def is_double(self) -> bool:
        return self >> 5 == self & 31

    @property
    def pips(self) -> int:
        """The tile's count: both ends added."""
        return (self >> 5) + (self & 31)

    def has(self, end: int) -> bool:
        return self >> 5 == end or self & 31 == end

    def other_end(self, end: int) -> int:
        """The end left open when this tile is matched to ``end``."""
        hi, lo = self >> 5, self & 31
        if hi == end:
            return lo
        if lo == end:
            return hi
        raise ValueError(f"{self} has no {end}")

    def __str__(self) -> str:
        return f"{self >> 5}-{self & 31}"

    def __repr__(self) -> str:
        return str(self)


def parse_tile(text: str) -> Tile:
    m = _TILE_RE.match(text.strip())
    if not m:
        raise ValueError(f"{text!r} is not a tile (write it like 12-5 or 0-0)")
    return Tile.of(int(m.group(1)), int(m.group(2)))


def _tile_or_none(text: str) -> Tile | None:
    m = _TILE_RE.match(text)
    if not m or int(m.group(1)) > MAX_PIPS or int(m.group(2)) > MAX_PIPS:
        return None
    return Tile.of(int(m.group(1)), int(m.group(2)))


def double_set(top: int) -> list[Tile]:
    """Every tile from 0-0 to top-top once: 28 tiles for double-6, 55 for 9, 91 for 12."""
    return [Tile.of(a, b) for a in range(top + 1) for b in range(a + 1)]


register_kind(PieceKind("tile", Tile, _tile_or_none, "12-5"))
