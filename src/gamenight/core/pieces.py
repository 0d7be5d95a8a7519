"""Pieces of every kind, and the one notation that names each.

Every piece (card, tile, die, square, space, chips, money, token) prints in one
text notation that parses back to an equal piece: ``parse_piece(str(p)) == p``.
Actions, logs, views, tests and the rulebook all use that notation. Each kind of
piece registers here, in the order the action parser tries them, so a new kind
of equipment needs no change to the parser.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


class PieceSyntaxError(ValueError):
    """The text names no piece of any kind."""


@dataclass(frozen=True)
class PieceKind:
    """One kind of equipment: its name in views (``card``, ``tile``...), its Python type,
    and a parser that returns the piece or None when the text is not of this kind."""

    name: str
    type: type
    parse: Callable[[str], Any]
    example: str


_KINDS: list[PieceKind] = []
_BY_TYPE: dict[type, PieceKind] = {}


def register_kind(kind: PieceKind) -> PieceKind:
    """Add a kind of piece to the notation (core modules call this at import)."""
    if kind.type in _BY_TYPE:
        raise ValueError(f"piece type {kind.type.__name__} registered twice")
    _KINDS.append(kind)
    _BY_TYPE[kind.type] = kind
    return kind


def kinds() -> tuple[PieceKind, ...]:
    return tuple(_KINDS)


def kind_of(piece: object) -> str:
    """The kind name of a piece (``card``, ``tile``, ``die``...)."""
    kind = _BY_TYPE.get(type(piece))
    if kind is None:
        raise TypeError(f"{piece!r} is not a piece")
    return kind.name


def is_piece(value: object) -> bool:
    return type(value) in _BY_TYPE


def try_parse_piece(text: str) -> Any | None:
    """The piece ``text`` names, or None."""
    for kind in _KINDS:
        piece = kind.parse(text)
        if piece is not None:
            return piece
    return None


def parse_piece(text: str) -> Any:
    piece = try_parse_piece(text)
    if piece is None:
        examples = ", ".join(k.example for k in _KINDS)
        raise PieceSyntaxError(f"{text!r} is not a piece (pieces are written like {examples})")
    return piece
