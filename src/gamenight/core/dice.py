"""Dice: six-sided dice and poker dice, rolled from the match's seeded RNG.

A die is an ``int`` subclass (``kind * 16 + face``). Six-sided dice print as
``d6:4``; poker dice, whose faces are 9 10 J Q K A, as ``pk:K``. Faces are
numbered 1 to 6 on both kinds (a poker die's 1 is its 9, its 6 the ace), so
counting and comparing dice is the same code for both.
"""

from __future__ import annotations

import random
import re
from enum import IntEnum

from gamenight.core.pieces import PieceKind, register_kind


class DieKind(IntEnum):
    SIX = 0
    POKER = 1


_PREFIX = {DieKind.SIX: "d6", DieKind.POKER: "pk"}
POKER_FACES = ("9", "10", "J", "Q", "K", "A")
SIX_GLYPHS = "⚀⚁⚂⚃⚄⚅"
_DIE_RE = re.compile(r"^(d6|pk):(10|[1-9JQKAT])$", re.IGNORECASE)


class Die(int):
    """One die showing a face: ``Die.of(DieKind.POKER, 6)`` is a poker die showing its ace."""

    __slots__ = ()

    @classmethod
    def of(cls, kind: DieKind, face: int) -> Die:
        if not 1 <= face <= 6:
            raise ValueError(f"a die's face is 1 to 6, not {face}")
        return cls(int(kind) * 16 + face)

    @property
    def kind(self) -> DieKind:
        return DieKind(self >> 4)

    @property
    def face(self) -> int:
        return self & 15

    def face_text(self) -> str:
        """The face as a player names it: ``4`` or ``K``."""
        return POKER_FACES[(self & 15) - 1] if self >> 4 == DieKind.POKER else str(self & 15)

    def symbol(self) -> str:
        return SIX_GLYPHS[(self & 15) - 1] if self >> 4 == DieKind.SIX else self.face_text()

    def __str__(self) -> str:
        return f"{_PREFIX[DieKind(self >> 4)]}:{self.face_text()}"

    def __repr__(self) -> str:
        return str(self)


def _die_or_none(text: str) -> Die | None:
    m = _DIE_RE.match(text)
    if not m:
        return None
    kind = DieKind.SIX if m.group(1).lower() == "d6" else DieKind.POKER
    face = m.group(2).upper()
    if kind is DieKind.SIX:
        return Die.of(kind, int(face)) if face.isdigit() and 1 <= int(face) <= 6 else None
    face = "10" if face == "T" else face
    return Die.of(kind, POKER_FACES.index(face) + 1) if face in POKER_FACES else None


def parse_die(text: str) -> Die:
    die = _die_or_none(text.strip())
    if die is None:
        raise ValueError(f"{text!r} is not a die (write it like d6:4 or pk:K)")
    return die


def roll(rng: random.Random, count: int, sides: int = 6) -> list[int]:
    """Faces of ``count`` dice (plain numbers, for games that only count pips)."""
    return [rng.randint(1, sides) for _ in range(count)]


def roll_dice(rng: random.Random, count: int, kind: DieKind = DieKind.SIX) -> list[Die]:
    return [Die.of(kind, rng.randint(1, 6)) for _ in range(count)]


register_kind(PieceKind("die", Die, _die_or_none, "d6:4"))
